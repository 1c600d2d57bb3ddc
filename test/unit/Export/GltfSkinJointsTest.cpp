// Every node an animation moves is a joint of the glTF's skin
// (code/Export/GltfSkinJoints.h, GltfAnimatedJoints.h): Assimp's exporter
// makes the joints of the meshes' bones only, and Blender then made each
// other animated node an object with an action of its own per animation.
// The added joints come after the bones, parents first, each with an inverse
// bind matrix that undoes its global rest transform; the inverse bind
// matrices Assimp wrote last grow in place, as the port's patched exporter
// writes them (its own test: utglTF2ExportSkinJoints, port/patches).
#include "Export/ExportSceneView.h"

#include "support/GltfFileReader.h"
#include "support/GltfTestScenes.h"
#include "support/LinkedAssimp.h"
#include "support/TestSupport.h"

#include <assimp_retro/gltf_completion.h>

#include <assimp/Exporter.hpp>
#include <assimp/Importer.hpp>
#include <assimp/scene.h>

#include <gtest/gtest.h>

#include <set>
#include <string>
#include <vector>

namespace {

aiMatrix4x4 Global(const aiNode *node) {
    aiMatrix4x4 global = node->mTransformation;
    for (const aiNode *parent = node->mParent; parent; parent = parent->mParent) {
        global = parent->mTransformation * global;
    }
    return global;
}

/// MakeAnimatedSkinnedScene (Armature, above the bone, animated) with an
/// animated Tip under Bone and a still Prop under Root, neither weighting a
/// vertex; the bone bound in the rest pose (its offset matrix the inverse of
/// its global transform).
std::unique_ptr<aiScene> MakeScene() {
    std::unique_ptr<aiScene> scene = gltf_test::MakeAnimatedSkinnedScene();
    scene->mMeshes[0]->mBones[0]->mOffsetMatrix = Global(scene->mRootNode->FindNode("Bone")).Inverse();
    aiNode *tip = new aiNode("Tip");
    tip->mTransformation.b4 = 2.0f;
    tip->mTransformation.a1 = tip->mTransformation.b2 = tip->mTransformation.c3 = 0.5f;
    scene->mRootNode->FindNode("Bone")->addChildren(1, &tip);
    aiNode *prop = new aiNode("Prop");
    prop->mTransformation.a4 = 3.0f;
    scene->mRootNode->addChildren(1, &prop);
    aiAnimation *walk = scene->mAnimations[0];
    aiNodeAnim **channels = new aiNodeAnim *[walk->mNumChannels + 1];
    std::copy(walk->mChannels, walk->mChannels + walk->mNumChannels, channels);
    aiNodeAnim *wave = channels[walk->mNumChannels] = new aiNodeAnim();
    wave->mNodeName = "Tip";
    wave->mNumRotationKeys = 2;
    wave->mRotationKeys = new aiQuatKey[2]{{0.0, aiQuaternion()}, {12.0, aiQuaternion(aiVector3D(0, 0, 1), 0.5f)}};
    delete[] walk->mChannels;
    walk->mChannels = channels;
    ++walk->mNumChannels;
    return scene;
}

std::vector<std::string> JointNames(const nlohmann::json &json) {
    std::vector<std::string> names;
    for (const nlohmann::json &joint : json.at("skins").at(0).at("joints")) {
        names.push_back(json.at("nodes").at(joint.get<size_t>()).at("name").get<std::string>());
    }
    return names;
}

/// EXPECTs each joint's inverse bind matrix times its node's global rest
/// transform (from `scene`) to be the identity.
void ExpectInverseBindsUndoTheRest(const gltf_test::GltfFile &file, const aiScene &scene) {
    const nlohmann::json &skin = file.json.at("skins").at(0);
    const std::vector<float> matrices = gltf_test::AccessorFloats(file, skin.at("inverseBindMatrices").get<size_t>());
    const std::vector<std::string> names = JointNames(file.json);
    ASSERT_EQ(matrices.size(), 16 * names.size());
    for (size_t j = 0; j < names.size(); ++j) {
        aiMatrix4x4 inverseBind;
        for (unsigned i = 0; i < 16; ++i) {
            inverseBind[i % 4][i / 4] = matrices[16 * j + i]; // column-major
        }
        const aiNode *node = scene.mRootNode->FindNode(names[j].c_str());
        ASSERT_NE(node, nullptr) << names[j];
        const aiMatrix4x4 product = inverseBind * Global(node);
        for (unsigned r = 0; r < 4; ++r) {
            for (unsigned c = 0; c < 4; ++c) {
                EXPECT_NEAR(product[r][c], r == c ? 1.0f : 0.0f, 1e-5f) << names[j] << " [" << r << "][" << c << "]";
            }
        }
    }
}

class GltfSkinJointsFormat : public ::testing::TestWithParam<std::string> {};

} // namespace

TEST_P(GltfSkinJointsFormat, AnimatedNodesJoinTheSkinAfterTheBones) {
    const std::unique_ptr<aiScene> scene = MakeScene();
    const std::string path =
            retro_test::OutputPath(std::string("Export/gltf_skin_joints/scene") + (GetParam() == "glb2" ? ".glb" : ".gltf"));
    std::string error;
    assimp_retro::GltfCompletionReport report;
    ASSERT_TRUE(assimp_retro::ExportGltf(*scene, GetParam(), path, &error, &report)) << error;
    EXPECT_EQ(report.skinJointsAdded, 2u);
    gltf_test::GltfFile file;
    ASSERT_TRUE(gltf_test::ReadGltfFile(path, file));
    EXPECT_EQ(JointNames(file.json), (std::vector<std::string>{"Bone", "Armature", "Tip"}));
    ExpectInverseBindsUndoTheRest(file, *scene);

    // Grown in place: the matrices' view ends where the key times' begins.
    const nlohmann::json &accessor =
            file.json.at("accessors").at(file.json.at("skins").at(0).at("inverseBindMatrices").get<size_t>());
    EXPECT_EQ(accessor.at("count").get<unsigned>(), 3u);
    const nlohmann::json &views = file.json.at("bufferViews");
    const size_t view = accessor.at("bufferView").get<size_t>();
    ASSERT_LT(view + 1, views.size());
    EXPECT_EQ(views.at(view).at("byteOffset").get<size_t>() + views.at(view).at("byteLength").get<size_t>(),
            views.at(view + 1).at("byteOffset").get<size_t>());
    EXPECT_EQ(views.at(view).at("byteLength").get<size_t>(), 3u * 64u);
    if (GetParam() == "glb2") {
        EXPECT_EQ(retro_test::GlbUnreferencedBytes(path), "");
    }
    retro_test::ExpectValidGltf(path);

    // A second completion finds every animated node a joint already.
    assimp_retro::GltfCompletionReport again;
    ASSERT_TRUE(assimp_retro::CompleteGltf(*scene, path, &error, &again)) << error;
    EXPECT_EQ(again.skinJointsAdded, 0u);
    EXPECT_FALSE(again.fileChanged);
}

INSTANTIATE_TEST_SUITE_P(Formats, GltfSkinJointsFormat, ::testing::Values("glb2", "gltf2"),
        [](const ::testing::TestParamInfo<std::string> &info) { return info.param == "glb2" ? "glb" : "gltf"; });

TEST(GltfSkinJoints, WithoutAnimationsTheSkinHoldsTheBones) {
    const std::unique_ptr<aiScene> scene = gltf_test::MakeSkinnedScene();
    const std::string path = retro_test::OutputPath("Export/gltf_skin_joints/still.glb");
    std::string error;
    assimp_retro::GltfCompletionReport report;
    ASSERT_TRUE(assimp_retro::ExportGltf(*scene, "glb2", path, &error, &report)) << error;
    EXPECT_EQ(report.skinJointsAdded, 0u);
    gltf_test::GltfFile file;
    ASSERT_TRUE(gltf_test::ReadGltfFile(path, file));
    EXPECT_EQ(JointNames(file.json), std::vector<std::string>{"Bone"});
}

// A file Assimp 5.2.5 wrote with its animations has the inverse bind
// matrices before them: all of them are written again after them, with a
// note. (A patched Assimp, port/ 0015, made the animated nodes joints itself:
// nothing is added.)
TEST(GltfSkinJoints, MatricesNotWrittenLastAreWrittenAgain) {
    const std::unique_ptr<aiScene> scene = MakeScene();
    const std::string path = retro_test::OutputPath("Export/gltf_skin_joints/assimp_animations.glb");
    {
        assimp_retro::ExportSceneView view(*scene);
        Assimp::Exporter exporter;
        ASSERT_EQ(exporter.Export(view.scene, "glb2", path.c_str()), AI_SUCCESS) << exporter.GetErrorString();
    }
    std::string error;
    assimp_retro::GltfCompletionReport report;
    ASSERT_TRUE(assimp_retro::CompleteGltf(*scene, path, &error, &report)) << error;
    const bool bonesOnly = retro_test::LinkedAssimp().gltfJointsAreBonesOnly;
    EXPECT_EQ(report.skinJointsAdded, bonesOnly ? 2u : 0u);
    bool noted = false;
    for (const std::string &note : report.notes) {
        noted = noted || note.find("written again") != std::string::npos;
    }
    EXPECT_EQ(noted, bonesOnly);
    gltf_test::GltfFile file;
    ASSERT_TRUE(gltf_test::ReadGltfFile(path, file));
    EXPECT_EQ(JointNames(file.json), (std::vector<std::string>{"Bone", "Armature", "Tip"}));
    ExpectInverseBindsUndoTheRest(file, *scene);
    retro_test::ExpectValidGltf(path);
}

#ifdef ASSIMP_RETRO_TEST_LTB
// The CrossFire body with its motion library, through the built tool: one
// skin holds all 29 animated nodes, so Blender makes one armature and one
// action per animation (18,256 actions, 8 per animation, before).
TEST(GltfSkinJoints, LibraryBodyIsOneSkeletonThroughTheTool) {
    const std::string body = retro_test::CorpusPath("ltb/FoxHowl_Teacher_BODY_GR.LTB");
    ASSERT_FALSE(body.empty());
    const std::string tool = retro_test::ToolPath();
    ASSERT_FALSE(tool.empty()) << "the assimp-retro tool was not built";
    const std::string glb = retro_test::OutputPath("Export/gltf_skin_joints/body.glb");
    std::string output;
    ASSERT_EQ(retro_test::RunCommand(retro_test::ShellQuote(tool) + " export " + retro_test::ShellQuote(body) + " " +
                      retro_test::ShellQuote(glb), &output), 0) << output;
    gltf_test::GltfFile file;
    ASSERT_TRUE(gltf_test::ReadGltfFile(glb, file));
    ASSERT_EQ(file.json.at("skins").size(), 1u);
    std::set<size_t> joints, animated;
    for (const nlohmann::json &joint : file.json.at("skins").at(0).at("joints")) {
        joints.insert(joint.get<size_t>());
    }
    for (const nlohmann::json &animation : file.json.at("animations")) {
        for (const nlohmann::json &channel : animation.at("channels")) {
            animated.insert(channel.at("target").at("node").get<size_t>());
        }
    }
    EXPECT_EQ(file.json.at("animations").size(), 2282u);
    EXPECT_EQ(animated.size(), 29u);
    EXPECT_EQ(joints, animated);
    retro_test::ExpectValidGltf(glb);
}
#endif // ASSIMP_RETRO_TEST_LTB
