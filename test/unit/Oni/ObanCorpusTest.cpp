// The OBAN importer on real files made by OniSplit and a level file
// (../shared/corpus/oban), checked against the engine's own per-frame matrices.
#include "ObanTestHelpers.h"
#include "support/TestSupport.h"

#include <assimp_retro/assimp_retro.h>
#include <assimp_retro/gltf_completion.h>

#include <assimp/Exporter.hpp>
#include <assimp/Importer.hpp>
#include <assimp/postprocess.h>
#include <assimp/scene.h>

#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include <nlohmann/json.hpp>

using namespace retro_test;

namespace {

struct ExpectedFrame {
    int frame;
    std::array<float, 12> m; // m00..m32: X axis, Y axis, Z axis images, then translation
};

std::map<std::string, std::vector<ExpectedFrame>> LoadExpectedFrames() {
    std::map<std::string, std::vector<ExpectedFrame>> frames;
    const std::string path = CorpusPath("oban/expected_frames.tsv");
    std::ifstream in(path);
    std::string line;
    std::getline(in, line); // header
    while (std::getline(in, line)) {
        std::istringstream fields(line);
        std::string name, flags;
        ExpectedFrame f;
        fields >> name >> f.frame >> flags;
        for (float &v : f.m) fields >> v;
        frames[name].push_back(f);
    }
    return frames;
}

// Compares an Assimp world matrix with the engine's 4x3 m[column][row] layout.
void ExpectMatrixNear(const aiMatrix4x4 &world, const std::array<float, 12> &m, const std::string &where) {
    for (int c = 0; c < 4; ++c) {
        for (int r = 0; r < 3; ++r) {
            const float expected = m[c * 3 + r];
            const float tolerance = 1e-4f * std::max(1.f, std::fabs(expected));
            EXPECT_NEAR(world[r][c], expected, tolerance) << where << " element row " << r << " column " << c;
        }
    }
}

const aiNode *FindNode(const aiScene *scene, const std::string &name) {
    return scene->mRootNode->FindNode(name.c_str());
}

// Checks every expected frame of `obanName` on the `<name>_base` node of `scene`.
void CheckFrames(const aiScene *scene, const std::string &obanName, const std::vector<ExpectedFrame> &frames, const std::string &label) {
    const std::string display = obanName.substr(4);
    const aiNode *base = FindNode(scene, display + "_base");
    ASSERT_NE(base, nullptr) << label;
    const aiAnimation *animation = nullptr;
    for (unsigned i = 0; i < scene->mNumAnimations; ++i) {
        if (FindChannel(*scene->mAnimations[i], display)) animation = scene->mAnimations[i];
    }
    ASSERT_NE(animation, nullptr) << label;
    ASSERT_GT(animation->mTicksPerSecond, 0);
    for (const ExpectedFrame &f : frames) {
        const double time = f.frame * animation->mTicksPerSecond / 60.0;
        ExpectMatrixNear(WorldAt(*base, animation, time), f.m, label + " frame " + std::to_string(f.frame));
    }
}

} // namespace

TEST(ObanCorpus, OniFilesMatchTheEnginesMatricesAtEveryFrame) {
    const auto expected = LoadExpectedFrames();
    ASSERT_EQ(expected.size(), 2u);
    for (const auto &[name, frames] : expected) {
        for (const bool resample : {false, true}) {
            Assimp::Importer importer;
            importer.SetPropertyBool(AI_CONFIG_IMPORT_OBAN_RESAMPLE, resample);
            const aiScene *scene = Import(importer, CorpusPath("oban/" + name + ".oni"));
            ASSERT_NE(scene, nullptr) << importer.GetErrorString();
            EXPECT_EQ(scene->mNumAnimations, 1u);
            EXPECT_EQ(scene->mAnimations[0]->mTicksPerSecond, 60.0);
            CheckFrames(scene, name, frames, name + (resample ? " resampled" : " stored keys"));
        }
    }
}

TEST(ObanCorpus, ExportedGlbMatchesTheEnginesMatricesAtEveryFrame) {
    const auto expected = LoadExpectedFrames();
    for (const auto &[name, frames] : expected) {
        for (const bool resample : {false, true}) {
            Assimp::Importer importer;
            importer.SetPropertyBool(AI_CONFIG_IMPORT_OBAN_RESAMPLE, resample);
            const aiScene *scene = Import(importer, CorpusPath("oban/" + name + ".oni"));
            ASSERT_NE(scene, nullptr) << importer.GetErrorString();
            const std::string glb = OutputPath("oban/" + name + (resample ? "_resampled" : "") + ".glb");
            Assimp::Exporter exporter;
            ASSERT_EQ(exporter.Export(scene, "glb2", glb), AI_SUCCESS) << exporter.GetErrorString();
            ExpectValidGltf(glb);

            Assimp::Importer reader; // Assimp's own glTF importer reads it back
            const aiScene *back = reader.ReadFile(glb, aiProcess_ValidateDataStructure);
            ASSERT_NE(back, nullptr) << reader.GetErrorString();
            // glTF plays rotations with slerp; the engine uses nlerp. With
            // every frame resampled both agree exactly; the stored keys of the
            // two files (1 key, or keys 45 degrees apart) agree to 1e-4 only
            // under nlerp, which CheckFrames uses.
            CheckFrames(back, name, frames, name + (resample ? " resampled" : "") + " (GLB)");
        }
    }
}

TEST(ObanCorpus, LevelFileGivesFourAnimationsNamedFromTheNameTable) {
    Assimp::Importer importer;
    const aiScene *scene = Import(importer, CorpusPath("oban/level_pc/level1_Final.dat"));
    ASSERT_NE(scene, nullptr) << importer.GetErrorString();
    ASSERT_EQ(scene->mNumAnimations, 4u);
    const char *names[] = {"syn_camera", "syn_door_local", "syn_pingpong", "syn_scaled_loop"};
    for (unsigned i = 0; i < 4; ++i) {
        EXPECT_EQ(std::string(scene->mAnimations[i]->mName.C_Str()), std::string("OBAN") + names[i]);
        EXPECT_STREQ(scene->mAnimations[i]->mChannels[0]->mNodeName.C_Str(), names[i]);
        EXPECT_EQ(scene->mAnimations[i]->mTicksPerSecond, 60.0);
        ASSERT_NE(scene->mRootNode->FindNode(names[i]), nullptr);
    }
    EXPECT_TRUE(scene->mFlags & AI_SCENE_FLAGS_INCOMPLETE);
    EXPECT_STREQ(scene->mRootNode->mName.C_Str(), "level1_Final.dat");
    // The local door sits under its RotX(+90) parent.
    const aiNode *door = scene->mRootNode->FindNode("syn_door_local");
    ASSERT_NE(door->mParent, nullptr);
    EXPECT_STREQ(door->mParent->mName.C_Str(), "syn_door_local_local");
    EXPECT_NEAR(door->mParent->mTransformation.b3, -1.f, 1e-6f);
    EXPECT_NEAR(door->mParent->mTransformation.c2, 1.f, 1e-6f);
    // The level's scaled loop is the same instance as the .oni file's.
    const aiNodeAnim *loop = scene->mAnimations[3]->mChannels[0];
    EXPECT_EQ(loop->mNumPositionKeys, 3u);
    EXPECT_EQ(loop->mPositionKeys[2].mTime, 100.0);
    EXPECT_NEAR(loop->mPositionKeys[2].mValue.x, 1100.f, 1e-3f);
}

TEST(ObanCorpus, EveryFileExportsToAValidGlbWithAndWithoutCameras) {
    const char *files[] = {"oban/OBANshpadoinkle.oni", "oban/OBANsyn_scaled_loop.oni", "oban/level_pc/level1_Final.dat"};
    for (const char *file : files) {
        for (const bool cameras : {false, true}) {
            Assimp::Importer importer;
            importer.SetPropertyBool(AI_CONFIG_IMPORT_OBAN_CAMERA, cameras);
            const aiScene *scene = Import(importer, CorpusPath(file));
            ASSERT_NE(scene, nullptr) << file << ": " << importer.GetErrorString();
            EXPECT_EQ(scene->mNumCameras, cameras ? scene->mNumAnimations : 0u);
            std::string stem = file;
            stem = stem.substr(stem.find_last_of('/') + 1);
            const std::string glb = OutputPath(std::string("oban/export/") + stem + (cameras ? ".camera" : "") + ".glb");
            Assimp::Exporter exporter;
            ASSERT_EQ(exporter.Export(scene, "glb2", glb), AI_SUCCESS) << exporter.GetErrorString();
            std::string error;
            EXPECT_TRUE(assimp_retro::CompleteGltf(*scene, glb, &error)) << error;
            ExpectValidGltf(glb);
        }
    }
}

TEST(ObanCorpus, ToolExportsEveryCorpusFileToAValidGlb) {
    const std::string tool = ToolPath();
    ASSERT_FALSE(tool.empty()) << "the assimp-retro tool was not built";
    const char *files[] = {"oban/OBANshpadoinkle.oni", "oban/OBANsyn_scaled_loop.oni", "oban/level_pc/level1_Final.dat"};
    for (const char *file : files) {
        std::string stem = file;
        stem = stem.substr(stem.find_last_of('/') + 1);
        const std::string glb = OutputPath("oban/tool/" + stem + ".glb");
        std::string output;
        EXPECT_EQ(RunCommand("'" + tool + "' export '" + CorpusPath(file) + "' '" + glb + "' -vds", &output), 0) << output;
        ExpectValidGltf(glb);
    }
}

namespace {

// The JSON chunk of a GLB file (12-byte header, then chunk length, type, data).
nlohmann::json GlbJson(const std::string &path) {
    const std::vector<uint8_t> bytes = ReadFile(path);
    if (bytes.size() < 20) return {};
    const uint32_t length = bytes[12] | (bytes[13] << 8) | (bytes[14] << 16) | (uint32_t(bytes[15]) << 24);
    if (20 + size_t(length) > bytes.size()) return {};
    return nlohmann::json::parse(bytes.begin() + 20, bytes.begin() + 20 + length);
}

} // namespace

TEST(ObanCorpus, ToolWithTheCameraPropertyGivesACameraThatMovesWithTheAnimation) {
    const std::string tool = ToolPath();
    ASSERT_FALSE(tool.empty()) << "the assimp-retro tool was not built";
    const std::string glb = OutputPath("oban/tool/camera_loop.glb");
    std::string output;
    ASSERT_EQ(RunCommand("'" + tool + "' export '" + CorpusPath("oban/OBANsyn_scaled_loop.oni") + "' '" + glb +
                                 "' -vds --set IMPORT_OBAN_CAMERA=1",
                      &output),
            0)
            << output;
    ExpectValidGltf(glb);
    const nlohmann::json gltf = GlbJson(glb);
    ASSERT_EQ(gltf["cameras"].size(), 1u);
    EXPECT_EQ(gltf["cameras"][0]["type"], "perspective");
    // The node carrying the camera is the one the animation's channels drive.
    int cameraNode = -1;
    for (size_t n = 0; n < gltf["nodes"].size(); ++n) {
        if (gltf["nodes"][n].contains("camera")) cameraNode = static_cast<int>(n);
    }
    ASSERT_GE(cameraNode, 0);
    EXPECT_EQ(gltf["nodes"][cameraNode]["name"], "syn_scaled_loop");
    ASSERT_EQ(gltf["animations"].size(), 1u);
    std::set<std::string> paths;
    for (const auto &channel : gltf["animations"][0]["channels"]) {
        EXPECT_EQ(channel["target"]["node"], cameraNode);
        paths.insert(channel["target"]["path"].get<std::string>());
    }
    EXPECT_TRUE(paths.count("translation") && paths.count("rotation"));
    // The OBAN metadata reaches the glTF as the node's extras.
    EXPECT_EQ(gltf["nodes"][cameraNode]["extras"]["OBAN:Flags"], "NormalLoop Autostart");
    EXPECT_EQ(gltf["nodes"][cameraNode]["extras"]["OBAN:FrameCount"], 101);
}
