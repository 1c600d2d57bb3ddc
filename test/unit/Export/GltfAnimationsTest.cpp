// ExportGltf hands Assimp's glTF2 exporter the scene without its animations
// and the completion writes them (code/Export/GltfAnimations.h), because
// Assimp 5.2.5 copies its whole buffer for every accessor it appends. The
// file must be byte for byte what Assimp's exporter, given the animations,
// and the completion write: JSON layout and numbers (rapidjson's), the
// nodes' TRS form, accessor and bufferView order, the binary buffer.
#include "Export/ExportSceneView.h"

#include "support/GltfFileReader.h"
#include "support/GltfTestScenes.h"
#include "support/TestSupport.h"

#include <assimp_retro/gltf_completion.h>

#include <assimp/Exporter.hpp>
#include <assimp/Importer.hpp>
#include <assimp/postprocess.h>
#include <assimp/scene.h>

#include <gtest/gtest.h>

#include <filesystem>

namespace {

/// The file Assimp's exporter writes with the animations, then completed:
/// how ExportGltf wrote glTF before the completion wrote the animations.
std::string ExportThroughAssimp(const aiScene &scene, const std::string &formatId, const std::string &path) {
    {
        assimp_retro::ExportSceneView view(scene);
        Assimp::Exporter exporter;
        if (exporter.Export(view.scene, formatId.c_str(), path.c_str()) != AI_SUCCESS) {
            return exporter.GetErrorString();
        }
    }
    std::string error;
    return assimp_retro::CompleteGltf(scene, path, &error) ? "" : error;
}

/// Writes `scene` both ways into two folders (the same file name, which a
/// .gltf's buffer URI repeats) and expects the same bytes, .bin included.
void ExpectSameFiles(const aiScene &scene, const std::string &formatId, const std::string &name,
        unsigned expectedChannels) {
    const std::string extension = formatId == "glb2" ? ".glb" : ".gltf";
    const std::string ours = retro_test::OutputPath("Export/gltf_animations/completion/" + name + extension);
    const std::string assimps = retro_test::OutputPath("Export/gltf_animations/assimp/" + name + extension);
    std::string error;
    assimp_retro::GltfCompletionReport report;
    ASSERT_TRUE(assimp_retro::ExportGltf(scene, formatId, ours, &error, &report)) << error;
    EXPECT_EQ(report.nodeChannelsWritten, expectedChannels);
    ASSERT_EQ(ExportThroughAssimp(scene, formatId, assimps), "");
    const std::vector<uint8_t> oursBytes = retro_test::ReadFile(ours);
    ASSERT_FALSE(oursBytes.empty());
    EXPECT_TRUE(oursBytes == retro_test::ReadFile(assimps)) << ours << " differs from " << assimps;
    if (formatId == "gltf2") {
        const std::string bin = std::filesystem::path(ours).replace_extension(".bin").string();
        const std::string assimpBin = std::filesystem::path(assimps).replace_extension(".bin").string();
        ASSERT_TRUE(std::filesystem::exists(bin)) << bin;
        EXPECT_TRUE(retro_test::ReadFile(bin) == retro_test::ReadFile(assimpBin)) << bin << " differs";
    }
    retro_test::ExpectValidGltf(ours);
}

class GltfAnimationsFormat : public ::testing::TestWithParam<std::string> {};

} // namespace

TEST_P(GltfAnimationsFormat, WrittenAsAssimpWritesThem) {
    const std::unique_ptr<aiScene> scene = gltf_test::MakeAnimatedSkinnedScene();
    ExpectSameFiles(*scene, GetParam(), "animated_skinned", 3);
}

INSTANTIATE_TEST_SUITE_P(Formats, GltfAnimationsFormat, ::testing::Values("glb2", "gltf2"),
        [](const ::testing::TestParamInfo<std::string> &info) { return info.param == "glb2" ? "glb" : "gltf"; });

TEST(GltfAnimations, ValuesTimesAndTargets) {
    const std::unique_ptr<aiScene> scene = gltf_test::MakeAnimatedSkinnedScene();
    const std::string path = retro_test::OutputPath("Export/gltf_animations/values.glb");
    std::string error;
    ASSERT_TRUE(assimp_retro::ExportGltf(*scene, "glb2", path, &error)) << error;
    gltf_test::GltfFile file;
    ASSERT_TRUE(gltf_test::ReadGltfFile(path, file));
    const nlohmann::json &animations = file.json.at("animations");
    ASSERT_EQ(animations.size(), 2u);
    EXPECT_EQ(animations[0].at("name"), "Walk");
    EXPECT_EQ(animations[1].at("name"), "anim"); // Assimp's name for an unnamed animation
    // Walk: Bone's translation, rotation, scale, then Armature's rotation.
    const nlohmann::json &channels = animations[0].at("channels");
    ASSERT_EQ(channels.size(), 4u);
    const long long bone = gltf_test::NodeIndex(file.json, "Bone");
    const long long armature = gltf_test::NodeIndex(file.json, "Armature");
    const char *paths[] = {"translation", "rotation", "scale", "rotation"};
    for (size_t c = 0; c < 4; ++c) {
        EXPECT_EQ(channels[c].at("sampler"), c);
        EXPECT_EQ(channels[c].at("target").at("node"), c < 3 ? bone : armature);
        EXPECT_EQ(channels[c].at("target").at("path"), paths[c]);
    }
    const nlohmann::json &translation = animations[0].at("samplers").at(0);
    EXPECT_EQ(translation.at("interpolation"), "LINEAR");
    const std::vector<float> times = gltf_test::AccessorFloats(file, translation.at("input").get<size_t>());
    EXPECT_EQ(times, (std::vector<float>{0.0f, 7.0f / 24.0f, 0.5f})); // ticks / 24 ticks per second
    const nlohmann::json &input = file.json.at("accessors").at(translation.at("input").get<size_t>());
    EXPECT_EQ(input.at("min").at(0).get<double>(), 0.0);
    EXPECT_EQ(input.at("max").at(0).get<double>(), 0.5);
    const std::vector<float> positions = gltf_test::AccessorFloats(file, translation.at("output").get<size_t>());
    ASSERT_EQ(positions.size(), 9u);
    EXPECT_EQ(positions[4], 1.25f);
    EXPECT_EQ(positions[8], 1.0e-8f);
    // The rotation output is x, y, z, w (glTF's order), aiQuaternion is w, x, y, z.
    const std::vector<float> rotations =
            gltf_test::AccessorFloats(file, animations[0].at("samplers").at(1).at("output").get<size_t>());
    ASSERT_EQ(rotations.size(), 8u);
    EXPECT_EQ(rotations[3], 1.0f);
    EXPECT_FLOAT_EQ(rotations[4], static_cast<float>(std::sin(gltf_test::kPi / 8.0)));
    // Animated nodes are written as translation/rotation/scale, as Assimp does.
    EXPECT_FALSE(file.json.at("nodes").at(static_cast<size_t>(armature)).contains("matrix"));
    EXPECT_TRUE(file.json.at("nodes").at(static_cast<size_t>(bone)).contains("rotation"));
}

TEST(GltfAnimations, ZeroTicksPerSecondTimedAtTheDefault) {
    // Assimp divides by mTicksPerSecond as it is (infinite times, invalid glTF);
    // the completion times the keys at 25 ticks per second and says so.
    const std::unique_ptr<aiScene> scene = gltf_test::MakeAnimatedSkinnedScene(0.0);
    const std::string path = retro_test::OutputPath("Export/gltf_animations/zero_tps.glb");
    std::string error;
    assimp_retro::GltfCompletionReport report;
    ASSERT_TRUE(assimp_retro::ExportGltf(*scene, "glb2", path, &error, &report)) << error;
    ASSERT_FALSE(report.notes.empty());
    EXPECT_EQ(report.notes[0], "animation \"Walk\": mTicksPerSecond is 0.000000, node keys timed at 25.000000 ticks "
                               "per second");
    gltf_test::GltfFile file;
    ASSERT_TRUE(gltf_test::ReadGltfFile(path, file));
    const size_t input = file.json.at("animations").at(0).at("samplers").at(0).at("input").get<size_t>();
    EXPECT_EQ(gltf_test::AccessorFloats(file, input), (std::vector<float>{0.0f, 0.28f, 0.48f}));
    retro_test::ExpectValidGltf(path);
}

TEST(GltfAnimations, CorpusModelsWrittenAsAssimpWritesThem) {
    // Skinned, with node animations only (a morph animation is Assimp's
    // patch 0002's or the completion's, which differ in layout).
    const struct {
        const char *file;
        unsigned channels;
    } models[] = {{"kpc-tree/MODELS/CREATURES/TIBERIUS.ABC", 480}, {"humans/NOLF1__INTHERO_ACTION.ABC", 25}};
    for (const auto &model : models) {
        const std::string path = retro_test::CorpusPath(model.file);
        if (!std::filesystem::exists(path)) {
            GTEST_SKIP() << "no corpus at " << path;
        }
        SCOPED_TRACE(model.file);
        Assimp::Importer importer;
        const aiScene *imported = retro_test::Import(importer, path, aiProcess_LimitBoneWeights);
        ASSERT_NE(imported, nullptr) << importer.GetErrorString();
        ExpectSameFiles(*imported, "glb2", std::filesystem::path(path).stem().string(), model.channels);
    }
}
