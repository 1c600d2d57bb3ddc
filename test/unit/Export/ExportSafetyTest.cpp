// What the export path refuses or limits: scenes Assimp's validator rejects
// (CheckSceneForExport, used by ExportGltf and the tool), scenes whose bones
// or channels name no node (the 5.2.5 glTF2 exporter would crash), and the
// dense morph-weights table of the glTF completion (keys x targets, capped).
#include "support/GltfFileReader.h"
#include "support/GltfTestScenes.h"
#include "support/LinkedAssimp.h"

#include <assimp_retro/scene_export.h>
#include "support/TestSupport.h"
#include "support/TriangleScene.h"

#include <assimp_retro/gltf_completion.h>

#include <assimp/Exporter.hpp>
#include <assimp/scene.h>

#include <gtest/gtest.h>

#include <chrono>
#include <cstring>
#include <memory>
#include <string>

namespace {

std::string ExportError(const aiScene &scene, const std::string &name, const std::string &format = "glb2") {
    std::string error;
    assimp_retro::GltfCompletionReport report;
    const std::string path = retro_test::OutputPath("Export/" + name + ".glb");
    EXPECT_FALSE(assimp_retro::ExportGltf(scene, format, path, &error, &report));
    EXPECT_FALSE(report.exported);
    return error;
}

/// A name whose length runs past an embedded NUL, as importers once made.
void SetNameWithNul(aiString &name, const char *text, size_t length) {
    std::memcpy(name.data, text, length);
    name.data[length] = '\0';
    name.length = static_cast<ai_uint32>(length);
}

} // namespace

TEST(SceneCheck, AValidScenePasses) {
    auto scene = gltf_test::MakeFullScene();
    std::string error;
    EXPECT_TRUE(assimp_retro::CheckSceneForExport(*scene, &error)) << error;
    // The check copies the scene: the original is untouched and still exports.
    EXPECT_EQ(scene->mRootNode->mParent, nullptr);
    std::string exportError;
    EXPECT_TRUE(assimp_retro::ExportGltf(*scene, "glb2", retro_test::OutputPath("Export/scene-check-ok.glb"), &exportError))
            << exportError;
}

TEST(SceneCheck, NameWithEmbeddedNulIsRefusedWithTheValidatorsMessage) {
    auto scene = gltf_test::MakeMorphScene();
    SetNameWithNul(scene->mRootNode->mChildren[0]->mName, "Blob\0junk", 9);
    std::string error;
    EXPECT_FALSE(assimp_retro::CheckSceneForExport(*scene, &error));
    EXPECT_NE(error.find("the terminal zero is at a wrong offset"), std::string::npos) << error;
    const std::string exportError = ExportError(*scene, "nul-name");
    EXPECT_EQ(exportError.rfind("cannot export to glTF: the scene fails Assimp's validation: ", 0), 0u) << exportError;
}

TEST(SceneCheck, MeshIndexOutOfRangeIsRefused) {
    auto scene = gltf_test::MakeMorphScene();
    aiNode *node = scene->mRootNode->mChildren[0];
    ASSERT_GT(node->mNumMeshes, 0u);
    node->mMeshes[0] = scene->mNumMeshes + 5;
    std::string error;
    EXPECT_FALSE(assimp_retro::CheckSceneForExport(*scene, &error));
    EXPECT_NE(error.find("mMeshes"), std::string::npos) << error;
}

TEST(SceneCheck, AnimationsAreCheckedInBatches) {
    // The animations are copied and validated about 4 MB of channels and
    // keys at a time (a motion library's are most of its scene): 12
    // animations of 40,000 position keys (961 kB each) take three batches,
    // and a key after the end of the last animation or of the first is still
    // found.
    auto scene = gltf_test::MakeAnimatedSkinnedScene();
    const unsigned count = 12;
    aiAnimation **animations = new aiAnimation *[count];
    for (unsigned a = 0; a < count; ++a) {
        aiNodeAnim *channel = new aiNodeAnim();
        channel->mNodeName = "Bone";
        channel->mNumPositionKeys = 40000;
        channel->mPositionKeys = new aiVectorKey[channel->mNumPositionKeys];
        for (unsigned k = 0; k < channel->mNumPositionKeys; ++k) {
            channel->mPositionKeys[k] = aiVectorKey(double(k), aiVector3D(float(k % 7), 0, 0));
        }
        animations[a] = new aiAnimation();
        animations[a]->mName = "Clip" + std::to_string(a);
        animations[a]->mDuration = channel->mNumPositionKeys - 1;
        animations[a]->mTicksPerSecond = 30;
        animations[a]->mNumChannels = 1;
        animations[a]->mChannels = new aiNodeAnim *[1]{channel};
    }
    for (unsigned a = 0; a < scene->mNumAnimations; ++a) {
        delete scene->mAnimations[a];
    }
    delete[] scene->mAnimations;
    scene->mAnimations = animations;
    scene->mNumAnimations = count;
    std::string error;
    EXPECT_TRUE(assimp_retro::CheckSceneForExport(*scene, &error)) << error;
    for (const unsigned wrong : {count - 1, 0u}) {
        SCOPED_TRACE(wrong);
        aiVectorKey &key = animations[wrong]->mChannels[0]->mPositionKeys[39999];
        key.mTime = animations[wrong]->mDuration + 10;
        EXPECT_FALSE(assimp_retro::CheckSceneForExport(*scene, &error));
        EXPECT_NE(error.find("mPositionKeys[39999].mTime (40009.00000) is larger than aiAnimation::mDuration"),
                std::string::npos)
                << error;
        key.mTime = animations[wrong]->mDuration;
    }
}

TEST(SceneCheck, NullChannelsAndKeyArraysReachTheValidator) {
    // The animations are copied for the validator by the check's own copy:
    // what the validator refuses must reach it as it is.
    struct Case {
        const char *what;
        void (*breakIt)(aiAnimation &);
        const char *message;
    };
    const Case cases[] = {
            {"a null channel", [](aiAnimation &a) { delete a.mChannels[0]; a.mChannels[0] = nullptr; },
                    "aiAnimation::mChannels[0] is nullptr"},
            {"position keys without their array",
                    [](aiAnimation &a) {
                        delete[] a.mChannels[0]->mPositionKeys;
                        a.mChannels[0]->mPositionKeys = nullptr;
                    },
                    "aiNodeAnim::mPositionKeys is nullptr"},
            {"channels without their array",
                    [](aiAnimation &a) {
                        for (unsigned c = 0; c < a.mNumChannels; ++c) {
                            delete a.mChannels[c];
                        }
                        delete[] a.mChannels;
                        a.mChannels = nullptr;
                    },
                    "aiAnimation::mChannels is nullptr"},
    };
    for (const Case &broken : cases) {
        SCOPED_TRACE(broken.what);
        auto scene = gltf_test::MakeAnimatedSkinnedScene();
        ASSERT_GT(scene->mNumAnimations, 0u);
        ASSERT_GT(scene->mAnimations[0]->mNumChannels, 0u);
        ASSERT_GT(scene->mAnimations[0]->mChannels[0]->mNumPositionKeys, 0u);
        broken.breakIt(*scene->mAnimations[0]);
        std::string error;
        EXPECT_FALSE(assimp_retro::CheckSceneForExport(*scene, &error));
        EXPECT_NE(error.find(broken.message), std::string::npos) << error;
        if (!scene->mAnimations[0]->mChannels) {
            scene->mAnimations[0]->mNumChannels = 0; // (aiAnimation frees only an array it has)
        }
    }
}

TEST(SceneCheck, CostOfOneCheckOnAFullScene) {
    auto scene = gltf_test::MakeFullScene();
    const auto start = std::chrono::steady_clock::now();
    for (int i = 0; i < 20; ++i) {
        ASSERT_TRUE(assimp_retro::CheckSceneForExport(*scene));
    }
    const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count() / 20;
    ::testing::Test::RecordProperty("milliseconds_per_check", std::to_string(ms));
    EXPECT_LT(ms, 50.0);
}

TEST(ExportGltfRefusals, BoneNamingNoNode) {
    auto scene = gltf_test::MakeMorphScene();
    aiMesh *mesh = scene->mMeshes[0];
    mesh->mNumBones = 1;
    mesh->mBones = new aiBone *[1];
    mesh->mBones[0] = new aiBone();
    mesh->mBones[0]->mName = "NoSuchNode";
    mesh->mBones[0]->mNumWeights = 1;
    mesh->mBones[0]->mWeights = new aiVertexWeight[1];
    mesh->mBones[0]->mWeights[0] = aiVertexWeight(0, 1.f);
    EXPECT_EQ(ExportError(*scene, "bone-no-node"),
            "cannot export to glTF: bone 'NoSuchNode' of mesh 0 names no node (Assimp's glTF2 exporter would crash)");
}

TEST(ExportGltfRefusals, ChannelNamingNoNode) {
    auto scene = gltf_test::MakeCameraScene();
    ASSERT_GT(scene->mNumAnimations, 0u);
    ASSERT_GT(scene->mAnimations[0]->mNumChannels, 0u);
    scene->mAnimations[0]->mChannels[0]->mNodeName = "Ghost";
    EXPECT_EQ(ExportError(*scene, "channel-no-node"),
            "cannot export to glTF: animation 0 channel 'Ghost' names no node (Assimp's glTF2 exporter would crash)");
}

TEST(ExportGltfRefusals, UnknownFormatId) {
    auto scene = gltf_test::MakeMorphScene();
    EXPECT_EQ(ExportError(*scene, "bad-format", "obj"), "ExportGltf: format id must be \"gltf2\" or \"glb2\", not \"obj\"");
}

namespace {

/// Root -> Tiny (a triangle with `targets` morph targets), animation "Morph"
/// with one morph channel of `keys` keys, each weighting one target.
std::unique_ptr<aiScene> MakeManyTargetsScene(unsigned targets, unsigned keys) {
    aiMesh *mesh = retro_test::NewTriangle("TinyMesh");
    auto scene = retro_test::NewTriangleScene("Root", "Tiny", mesh);
    mesh->mMethod = aiMorphingMethod_MORPH_RELATIVE;
    mesh->mNumAnimMeshes = targets;
    mesh->mAnimMeshes = new aiAnimMesh *[targets];
    for (unsigned t = 0; t < targets; ++t) {
        aiAnimMesh *target = new aiAnimMesh();
        target->mNumVertices = 3;
        target->mVertices = new aiVector3D[3]{{0, 0, float(t)}, {1, 0, 0}, {0, 1, 0}};
        mesh->mAnimMeshes[t] = target;
    }
    aiAnimation *animation = new aiAnimation();
    animation->mName = "Morph";
    animation->mTicksPerSecond = 10.0;
    animation->mDuration = keys - 1;
    aiMeshMorphAnim *channel = new aiMeshMorphAnim();
    channel->mName = "Tiny";
    channel->mNumKeys = keys;
    channel->mKeys = new aiMeshMorphKey[keys];
    for (unsigned k = 0; k < keys; ++k) {
        channel->mKeys[k].mTime = k;
        channel->mKeys[k].mNumValuesAndWeights = 1;
        channel->mKeys[k].mValues = new unsigned[1]{k % targets};
        channel->mKeys[k].mWeights = new double[1]{1.0};
    }
    animation->mNumMorphMeshChannels = 1;
    animation->mMorphMeshChannels = new aiMeshMorphAnim *[1]{channel};
    scene->mNumAnimations = 1;
    scene->mAnimations = new aiAnimation *[1]{animation};
    return scene;
}

} // namespace

TEST(GltfCompletionLimits, DenseMorphWeightsAreCapped) {
    // 256 targets x 65537 keys = 16,777,472 weights > 2^24: skipped with a note
    // instead of a 64 MB table (an ABC v6 file can reach 160K x 160K).
    auto scene = MakeManyTargetsScene(256, 65537);
    std::string error;
    assimp_retro::GltfCompletionReport report;
    const std::string path = retro_test::OutputPath("Export/many-targets.glb");
    ASSERT_TRUE(assimp_retro::ExportGltf(*scene, "glb2", path, &error, &report)) << error;
    EXPECT_EQ(report.weightChannelsAdded, 0u);
    bool noted = false;
    for (const std::string &note : report.notes) {
        noted = noted || note.find("65537 keys x 256 targets exceed the limit of 16777216 weights, skipped") != std::string::npos;
    }
    EXPECT_TRUE(noted);
}

TEST(GltfCompletionLimits, MorphWeightsBelowTheCapAreWritten) {
    auto scene = MakeManyTargetsScene(64, 100);
    std::string error;
    assimp_retro::GltfCompletionReport report;
    const std::string path = retro_test::OutputPath("Export/some-targets.glb");
    ASSERT_TRUE(assimp_retro::ExportGltf(*scene, "glb2", path, &error, &report)) << error;
    // ExportGltf hands Assimp's exporter no animations (GltfAnimations.h): the
    // completion writes the channel with either library, patched or not.
    EXPECT_EQ(report.weightChannelsAdded, 1u);
    gltf_test::GltfFile file;
    ASSERT_TRUE(gltf_test::ReadGltfFile(path, file));
    unsigned weights = 0;
    for (const auto &animation : file.json.value("animations", nlohmann::json::array())) {
        for (const auto &channel : animation.at("channels")) {
            weights += channel.at("target").at("path") == "weights" ? 1u : 0u;
        }
    }
    EXPECT_EQ(weights, 1u);
}
