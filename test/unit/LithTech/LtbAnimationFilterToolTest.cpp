// LTB through the built tool's --animations and --split-animations, back to
// LTB: a model of three animations with keyframe commands (the LTB writer's
// sample, "wave" copied as "Fire_Left" and "fire_right" with commands and
// times of their own). Each file written reads back, by the LTB reader,
// with the kept animations' keyframe times and commands and the model's
// nodes and pieces.
#include "LtbTestHelpers.h"
#include "support/ExportSupport.h"

#include "AssetLib/LithTech/LtbModel.h"
#include "AssetLib/LithTech/LtbReader.h"

#include <gtest/gtest.h>

#include <filesystem>

namespace {

namespace fs = std::filesystem;
using namespace assimp_retro::ltb;
using retro_test::ShellQuote;

Model ThreeAnimations() {
    Model model = retro_test::ltb_writer::SampleModel(kRigidMesh, kCompressNone);
    Animation left = model.animations[0], right = model.animations[0];
    left.name = "Fire_Left";
    left.keyframes = {{0, "MUZZLE left"}, {400, ""}, {900, "SOUND fire.wav"}};
    right.name = "fire_right";
    right.keyframes = {{0, ""}, {250, "MUZZLE right"}, {600, ""}};
    model.animations.push_back(left);
    model.animations.push_back(right);
    model.animBindings[0].push_back({"Fire_Left", left.extents, {}});
    model.animBindings[0].push_back({"fire_right", right.extents, {}});
    return model;
}

Model ReadLtb(const std::string &path) {
    const std::vector<uint8_t> bytes = retro_test::ReadFile(path);
    return ReadModel(bytes.data(), bytes.size(), path);
}

std::vector<std::string> Keyframes(const Animation &animation) {
    std::vector<std::string> keyframes;
    for (const auto &k : animation.keyframes) keyframes.push_back(std::to_string(k.timeMs) + ":" + k.command);
    return keyframes;
}

void ExpectAnimations(const Model &original, const Model &written, const std::vector<size_t> &kept) {
    EXPECT_EQ(written.nodes.size(), original.nodes.size());
    EXPECT_EQ(written.pieces.size(), original.pieces.size());
    ASSERT_EQ(written.animations.size(), kept.size());
    for (size_t i = 0; i < kept.size(); ++i) {
        EXPECT_EQ(written.animations[i].name, original.animations[kept[i]].name);
        EXPECT_EQ(Keyframes(written.animations[i]), Keyframes(original.animations[kept[i]]));
    }
}

std::string Input(const std::string &folder) {
    fs::remove_all(retro_test::OutputPath("LtbAnimationFilterTool/" + folder));
    const std::string path = retro_test::OutputPath("LtbAnimationFilterTool/" + folder + "/in/three.ltb");
    retro_test::WriteFile(path, retro_test::ltb_writer::WriteLtb(ThreeAnimations()));
    return path;
}

} // namespace

TEST(LtbAnimationFilterTool, FilteredBackToLtb) {
    const std::string input = Input("filtered");
    const std::string out = retro_test::OutputPath("LtbAnimationFilterTool/filtered/out.ltb");
    std::string log;
    ASSERT_EQ(retro_test::RunToolExport(input, out, "--animations " + ShellQuote("FIRE_*"), &log), 0) << log;
    ExpectAnimations(ReadLtb(input), ReadLtb(out), {1, 2});
}

TEST(LtbAnimationFilterTool, SplitBackToLtb) {
    const std::string input = Input("split");
    const std::string folder = retro_test::OutputPath("LtbAnimationFilterTool/split/out");
    fs::create_directories(folder);
    std::string log;
    ASSERT_EQ(retro_test::RunToolExport(input, folder + "/three.ltb", "--split-animations", &log), 0) << log;
    const Model original = ReadLtb(input);
    const char *const names[] = {"wave", "Fire_Left", "fire_right"};
    for (size_t a = 0; a < 3; ++a) {
        ExpectAnimations(original, ReadLtb(folder + "/three." + names[a] + ".ltb"), {a});
    }
    const Model none = ReadLtb(folder + "/three.ltb");
    EXPECT_EQ(none.nodes.size(), original.nodes.size());
    for (const Animation &a : none.animations) EXPECT_EQ(a.name.find("ire"), std::string::npos) << a.name;
}

// The motion library's "M-wait*" animations split into GLB files: one per
// animation that the filter keeps, each read back by Assimp's glTF importer
// with its one animation; the model without animations beside them. Not
// under AddressSanitizer, where the library's import takes minutes.
#if !defined(__SANITIZE_ADDRESS__)
TEST(LtbAnimationFilterTool, MotionLibraryWaitAnimationsSplit) {
    const std::string library = retro_test::CorpusPath("ltb/M-MOTION_BLUE.LTB");
    ASSERT_FALSE(library.empty());
    const std::string folder = retro_test::OutputPath("LtbAnimationFilterTool/library");
    fs::remove_all(folder);
    fs::create_directories(folder);
    std::string log;
    ASSERT_EQ(retro_test::RunToolExport(library, folder + "/motion.glb",
                      "--split-animations --animations " + ShellQuote("M-WAIT*") +
                              " --set IMPORT_RETRO_TEXTURES=0",
                      &log),
            0)
            << log;
    size_t split = 0;
    for (const auto &entry : fs::directory_iterator(folder)) {
        const std::string name = entry.path().filename().u8string();
        if (name == "motion.glb") continue;
        ASSERT_EQ(name.rfind("motion.M-wait", 0), 0u) << name;
        ++split;
    }
    Assimp::Importer importer;
    const aiScene *none = importer.ReadFile(folder + "/motion.glb", 0);
    ASSERT_NE(none, nullptr) << importer.GetErrorString();
    EXPECT_EQ(none->mNumAnimations, 0u);
    const aiScene *one = importer.ReadFile(folder + "/motion.M-wait0.glb", 0);
    ASSERT_NE(one, nullptr) << importer.GetErrorString();
    ASSERT_EQ(one->mNumAnimations, 1u);
    EXPECT_STREQ(one->mAnimations[0]->mName.C_Str(), "M-wait0");
    std::printf("M-MOTION_BLUE.LTB: %zu animation files for M-WAIT*\n", split);
    EXPECT_GT(split, 1u);
    EXPECT_LT(split, 100u);
}
#endif
