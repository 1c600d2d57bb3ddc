// ExportGltf hands Assimp's glTF2 exporter the scene without its animations
// and the completion writes them (code/Export/GltfAnimations.h) in the shared
// layout of GltfAnimationLayout.h: one accessor per distinct list of key times
// or values, two bufferViews for all of them, no channel for a path no
// animation moves. Nothing a player shows may change: every pose at every key
// time is bit for bit what Assimp's own exporter writes, or the scene holds.
#include "Export/ExportSceneView.h"

#include "support/GltfFileReader.h"
#include "support/GltfTestScenes.h"
#include "support/PoseSampling.h"
#include "support/TestSupport.h"

#include <assimp_retro/config.h>
#include <assimp_retro/gltf_completion.h>

#include <assimp/Exporter.hpp>
#include <assimp/Importer.hpp>
#include <assimp/postprocess.h>
#include <assimp/scene.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <set>

namespace {

using gltf_test::MakeChannel;

/// The file Assimp's exporter writes with the animations (one accessor pair
/// and bufferView per track), then completed: how ExportGltf wrote glTF
/// before the completion wrote the animations.
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

gltf_test::GltfFile Read(const std::string &path) {
    gltf_test::GltfFile file;
    EXPECT_TRUE(gltf_test::ReadGltfFile(path, file)) << path;
    return file;
}

/// "node/path" of each channel of animation `a`, in order.
std::vector<std::string> Targets(const nlohmann::json &json, size_t a) {
    std::vector<std::string> targets;
    for (const nlohmann::json &channel : json.at("animations").at(a).at("channels")) {
        const nlohmann::json &target = channel.at("target");
        targets.push_back(json.at("nodes").at(target.at("node").get<size_t>()).at("name").get<std::string>() + "/" +
                target.at("path").get<std::string>());
    }
    return targets;
}

/// The fixture of port/patches' utglTF2ExportSharedAnimations: Root > Floor
/// (a triangle), Root > Bone0 (at 1, 2, 3) > Bone1 (at the origin); keys at
/// 0, 1 and 2 s. Scale keys are always 1; Bone1 never leaves the origin;
/// Bone0 stands still in Walk and Idle and turns in Run (as Bone1 always
/// does); Idle repeats Walk's keys; Pose only holds Bone1 still.
std::unique_ptr<aiScene> MakeLibraryScene() {
    std::unique_ptr<aiScene> scene = gltf_test::MakeSkinnedScene();
    aiNode *bone0 = new aiNode("Bone0");
    aiNode *bone1 = new aiNode("Bone1");
    bone0->mTransformation.a4 = 1.0f;
    bone0->mTransformation.b4 = 2.0f;
    bone0->mTransformation.c4 = 3.0f;
    scene->mRootNode->addChildren(1, &bone0);
    bone0->addChildren(1, &bone1);
    const aiVector3D one(1, 1, 1), origin(0, 0, 0);
    const aiQuaternion still(1, 0, 0, 0), turned(aiVector3D(0, 1, 0), 0.5f);
    const std::vector<aiVector3D> walk = {{1, 2, 3}, {1, 2.5f, 3}, {1, 2, 3}}, run = {{1, 2, 3}, {1, 3, 3}, {1, 2, 3}};
    auto animation = [](const char *name, std::vector<aiNodeAnim *> channels) {
        aiAnimation *made = new aiAnimation();
        made->mName = name;
        made->mTicksPerSecond = 10.0;
        made->mDuration = 20.0;
        made->mNumChannels = static_cast<unsigned>(channels.size());
        made->mChannels = new aiNodeAnim *[channels.size()];
        std::copy(channels.begin(), channels.end(), made->mChannels);
        return made;
    };
    auto bone1Channel = [&] { return MakeChannel("Bone1", {origin, origin, origin}, {still, turned, still}, {one, one, one}); };
    scene->mNumAnimations = 4;
    scene->mAnimations = new aiAnimation *[4]{
            animation("Walk", {MakeChannel("Bone0", walk, {still, still, still}, {one, one, one}), bone1Channel()}),
            animation("Run", {MakeChannel("Bone0", run, {still, turned, still}, {one, one, one}), bone1Channel()}),
            animation("Idle", {MakeChannel("Bone0", walk, {still, still, still}, {one, one, one}), bone1Channel()}),
            animation("Pose", {MakeChannel("Bone1", {origin, origin, origin}, {}, {})})};
    return scene;
}

/// Writes `scene` both ways and expects the same poses, bit for bit.
void ExpectSamePoses(const aiScene &scene, const std::string &formatId, const std::string &name,
        unsigned expectedChannels) {
    const std::string extension = formatId == "glb2" ? ".glb" : ".gltf";
    const std::string ours = retro_test::OutputPath("Export/gltf_animations/completion/" + name + extension);
    const std::string assimps = retro_test::OutputPath("Export/gltf_animations/assimp/" + name + extension);
    std::string error;
    assimp_retro::GltfCompletionReport report;
    ASSERT_TRUE(assimp_retro::ExportGltf(scene, formatId, ours, &error, &report)) << error;
    EXPECT_EQ(report.nodeChannelsWritten, expectedChannels);
    ASSERT_EQ(ExportThroughAssimp(scene, formatId, assimps), "");
    const retro_test::PoseSource before = retro_test::PosesFromGltf(Read(assimps));
    const retro_test::PoseSource after = retro_test::PosesFromGltf(Read(ours));
    ASSERT_EQ(after.animations.size(), scene.mNumAnimations);
    EXPECT_EQ(retro_test::ComparePoses(before, after, 0.0), std::vector<std::string>());
    retro_test::ExpectValidGltf(ours);
}

class GltfAnimationsFormat : public ::testing::TestWithParam<std::string> {};

} // namespace

TEST_P(GltfAnimationsFormat, EveryPoseAsAssimpWritesIt) {
    const std::unique_ptr<aiScene> scene = gltf_test::MakeAnimatedSkinnedScene();
    // Walk: Bone's translation, rotation, scale and Armature's rotation;
    // "anim": Armature's translation, still but its only track.
    ExpectSamePoses(*scene, GetParam(), "animated_skinned", 5);
    const std::unique_ptr<aiScene> library = MakeLibraryScene();
    ExpectSamePoses(*library, GetParam(), "library", 10);
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
    EXPECT_EQ(Targets(file.json, 0),
            (std::vector<std::string>{"Bone/translation", "Bone/rotation", "Bone/scale", "Armature/rotation"}));
    const nlohmann::json &translation = animations[0].at("samplers").at(0);
    EXPECT_FALSE(translation.contains("interpolation")); // LINEAR, glTF's default
    const std::vector<float> times = gltf_test::AccessorFloats(file, translation.at("input").get<size_t>());
    EXPECT_EQ(times, (std::vector<float>{0.0f, 7.0f / 24.0f, 0.5f})); // ticks / 24 ticks per second
    const nlohmann::json &input = file.json.at("accessors").at(translation.at("input").get<size_t>());
    EXPECT_EQ(input.at("min").at(0).get<double>(), 0.0);
    EXPECT_EQ(input.at("max").at(0).get<double>(), 0.5);
    const nlohmann::json &output = file.json.at("accessors").at(translation.at("output").get<size_t>());
    EXPECT_FALSE(output.contains("min")); // optional for sampler outputs
    EXPECT_FALSE(output.contains("max"));
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
    const long long armature = gltf_test::NodeIndex(file.json, "Armature");
    const long long bone = gltf_test::NodeIndex(file.json, "Bone");
    EXPECT_FALSE(file.json.at("nodes").at(static_cast<size_t>(armature)).contains("matrix"));
    EXPECT_TRUE(file.json.at("nodes").at(static_cast<size_t>(bone)).contains("rotation"));
}

TEST(GltfAnimations, SharedAccessorsTwoViewsNoStillPaths) {
    const std::unique_ptr<aiScene> scene = MakeLibraryScene();
    const std::string path = retro_test::OutputPath("Export/gltf_animations/library.glb");
    std::string error;
    assimp_retro::GltfCompletionReport report;
    ASSERT_TRUE(assimp_retro::ExportGltf(*scene, "glb2", path, &error, &report)) << error;
    EXPECT_EQ(report.nodeChannelsWritten, 10u);
    EXPECT_EQ(report.nodeTracksLeftOut, 9u); // 6 scale, 3 of Bone1's translation
    const gltf_test::GltfFile file = Read(path);
    // Scale never leaves 1 and Bone1 never leaves the origin: no channel for
    // them. Bone0's rotation turns in Run, so it keeps its channel in Walk and
    // Idle too. Pose keeps its one (still) track: an animation needs a channel.
    const std::vector<std::string> bones = {"Bone0/translation", "Bone0/rotation", "Bone1/rotation"};
    EXPECT_EQ(Targets(file.json, 0), bones);
    EXPECT_EQ(Targets(file.json, 1), bones);
    EXPECT_EQ(Targets(file.json, 2), bones);
    EXPECT_EQ(Targets(file.json, 3), std::vector<std::string>{"Bone1/translation"});
    // One accessor per distinct list: the key times [0, 1, 2]; Walk's (=
    // Idle's) translation and rotation, Run's translation, the turn (Bone1's,
    // and Bone0's in Run), Pose's origin; all of them in two bufferViews.
    std::set<size_t> inputs, outputs, views;
    for (const nlohmann::json &animation : file.json.at("animations")) {
        for (const nlohmann::json &sampler : animation.at("samplers")) {
            inputs.insert(sampler.at("input").get<size_t>());
            outputs.insert(sampler.at("output").get<size_t>());
        }
    }
    EXPECT_EQ(inputs.size(), 1u);
    EXPECT_EQ(outputs.size(), 5u);
    for (const std::set<size_t> *accessors : {&inputs, &outputs}) {
        for (const size_t accessor : *accessors) {
            views.insert(file.json.at("accessors").at(accessor).at("bufferView").get<size_t>());
        }
    }
    EXPECT_EQ(views.size(), 2u);
    const size_t skin = file.json.at("accessors").size() - inputs.size() - outputs.size();
    EXPECT_EQ(file.json.at("bufferViews").size(), skin + 2); // Assimp's: one per accessor of the skinned mesh
    EXPECT_EQ(file.json.at("animations").at(0).at("samplers").at(0).at("output"),
            file.json.at("animations").at(2).at("samplers").at(0).at("output"));
    // Run turns Bone0 as Bone1 turns: both channels on one sampler.
    const nlohmann::json &run = file.json.at("animations").at(1);
    EXPECT_EQ(run.at("samplers").size(), 2u);
    EXPECT_EQ(run.at("channels").at(1).at("sampler"), run.at("channels").at(2).at("sampler"));
    retro_test::ExpectValidGltf(path);
#if !defined(_WIN32) // under wine ExpectValidGltf lists the file for the Linux side's validator
    const retro_test::GltfValidation validation = retro_test::ValidateGltf(path);
    EXPECT_EQ(validation.warnings, 0) << validation.report;
#endif
}

TEST(GltfAnimations, CompletingTwiceChangesNothing) {
    const std::unique_ptr<aiScene> scene = MakeLibraryScene();
    for (const char *format : {"glb2", "gltf2"}) {
        const std::string path =
                retro_test::OutputPath(std::string("Export/gltf_animations/twice.") + (std::string(format) == "glb2" ? "glb" : "gltf"));
        std::string error;
        ASSERT_TRUE(assimp_retro::ExportGltf(*scene, format, path, &error)) << error;
        const std::vector<uint8_t> once = retro_test::ReadFile(path);
        assimp_retro::GltfCompletionReport report;
        ASSERT_TRUE(assimp_retro::CompleteGltf(*scene, path, &error, &report)) << error;
        EXPECT_FALSE(report.fileChanged) << format;
        EXPECT_EQ(report.weightChannelsAdded + report.camerasAdded + report.nodesWithExtras, 0u);
        EXPECT_TRUE(retro_test::ReadFile(path) == once) << format;
    }
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

TEST(GltfAnimations, CorpusModelsKeepEveryPoseAsAssimpWritesIt) {
    // Skinned, with node animations only (a morph animation is Assimp's
    // patch 0002's or the completion's, which differ in layout).
    const struct {
        const char *file;
        unsigned channels;
    } models[] = {{"kpc-tree/MODELS/CREATURES/TIBERIUS.ABC", 636}, {"humans/NOLF1__INTHERO_ACTION.ABC", 48}};
    for (const auto &model : models) {
        const std::string path = retro_test::CorpusPath(model.file);
        if (path.empty()) {
            return; // CorpusPath said why
        }
        SCOPED_TRACE(model.file);
        Assimp::Importer importer;
        const aiScene *imported = retro_test::Import(importer, path, aiProcess_LimitBoneWeights);
        ASSERT_NE(imported, nullptr) << importer.GetErrorString();
        ExpectSamePoses(*imported, "glb2", std::filesystem::path(path).stem().string(), model.channels);
    }
}

TEST(GltfAnimations, EveryAnimatedCorpusFileKeepsEveryPose) {
    // What a GLB of the file held before keys that add nothing were left out
    // (AI_CONFIG_IMPORT_RETRO_KEEP_ALL_KEYS) and before the shared layout:
    // Assimp's writer puts every key in as it is (EveryPoseAsAssimpWritesIt),
    // so those poses are the full scene's, timed as glTF times them. Every one
    // must come back bit for bit from today's GLB, at every key time of the
    // full scene. (Assimp's own exporter would take hours on the motion
    // library: it copies its buffer for every accessor.) The body that loads
    // M-MOTION_BLUE beside it is left out: its animations are the library's.
    namespace fs = std::filesystem;
    const fs::path corpus(retro_test::RequireCorpusFolder());
    std::vector<fs::path> files;
    for (const auto &entry : fs::recursive_directory_iterator(corpus)) {
        std::string ext = entry.path().extension().string();
        std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return char(std::tolower(c)); });
        const bool model = ext == ".abc" || ext == ".ltb" || ext == ".p3d" || ext == ".oni" || ext == ".dat";
        if (entry.is_regular_file() && model && entry.path().filename() != "FoxHowl_Teacher_BODY_GR.LTB") {
            files.push_back(entry.path());
        }
    }
    std::sort(files.begin(), files.end());
    unsigned animated = 0;
    for (const fs::path &file : files) {
        SCOPED_TRACE(file.string());
        Assimp::Importer importer;
        const aiScene *scene = retro_test::Import(importer, file.string());
        ASSERT_NE(scene, nullptr) << importer.GetErrorString();
        if (scene->mNumAnimations == 0) {
            continue;
        }
        ++animated;
        const std::string glb = retro_test::OutputPath("Export/gltf_animations/corpus/" + file.stem().string() + ".glb");
        std::string error;
        ASSERT_TRUE(assimp_retro::ExportGltf(*scene, "glb2", glb, &error)) << error;
        importer.FreeScene();
        const retro_test::PoseSource after = retro_test::PosesFromGltf(Read(glb));
        Assimp::Importer full;
        full.SetPropertyBool(AI_CONFIG_IMPORT_RETRO_KEEP_ALL_KEYS, true);
        const aiScene *every = retro_test::Import(full, file.string());
        ASSERT_NE(every, nullptr) << full.GetErrorString();
        const retro_test::PoseSource before = retro_test::PosesFromScene(*every, retro_test::SceneTimes::AsGltf);
        EXPECT_EQ(retro_test::ComparePoses(before, after, 0.0), std::vector<std::string>());
    }
    EXPECT_GE(animated, 15u);
}
