// The built tool's --animations and --split-animations (docs/tool.md) on ABC
// v12 files: the committed unsorted_animations.abc (walk, idle, death,
// attack) and, for file names, one the ABC writer makes here with names no
// file system takes as they are. Filtered and split, the files go back to
// abc12, and the reader finds in each the kept animations with the
// original's keyframe times and commands: the metadata keyed by animation
// index followed them.
#include "support/ExportSupport.h"
#include "support/TestSupport.h"
#include "writers/LithTech/AbcLt2Fixtures.h"

#include "AssetLib/LithTech/AbcLt2Reader.h"

#include <assimp/Importer.hpp>
#include <assimp/scene.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <set>

namespace {

namespace fs = std::filesystem;
namespace lt2 = assimp_retro::abc::lt2;
using retro_test::ShellQuote;

std::string Fixture() {
    return std::string(ASSIMP_RETRO_SOURCE_DIR) + "/test/models/roundtrip/unsorted_animations.abc";
}

lt2::Model ReadAbc(const std::string &path) {
    const std::vector<uint8_t> bytes = retro_test::ReadFile(path);
    return lt2::ReadModel(bytes.data(), bytes.size(), path);
}

/// The animation's keyframes as "time:command" strings.
std::vector<std::string> Keyframes(const lt2::Animation &animation) {
    std::vector<std::string> keyframes;
    for (const lt2::Keyframe &k : animation.keyframes) keyframes.push_back(std::to_string(k.timeMs) + ":" + k.command);
    return keyframes;
}

/// `written`'s animations are `names`, each with the keyframes and commands
/// of the original's animation of that name.
void ExpectAnimationsOf(const lt2::Model &original, const lt2::Model &written, const std::vector<std::string> &names) {
    ASSERT_EQ(written.animations.size(), names.size());
    for (size_t i = 0; i < names.size(); ++i) {
        EXPECT_EQ(written.animations[i].name, names[i]);
        const auto source = std::find_if(original.animations.begin(), original.animations.end(),
                [&](const lt2::Animation &a) { return a.name == names[i]; });
        ASSERT_NE(source, original.animations.end()) << names[i];
        EXPECT_EQ(Keyframes(written.animations[i]), Keyframes(*source)) << names[i];
    }
}

/// The animations the model's own binding list names, in order (the
/// engine binds them by name and place).
std::vector<std::string> OwnBindings(const lt2::Model &model) {
    std::vector<std::string> names;
    if (!model.animBindings.empty()) {
        for (const lt2::AnimBinding &b : model.animBindings[0]) names.push_back(b.animName);
    }
    return names;
}

/// A fresh, empty folder under the test output.
std::string EmptyFolder(const std::string &name) {
    const std::string folder = retro_test::OutputPath("AnimationFilterTool/" + name);
    fs::remove_all(folder);
    fs::create_directories(folder);
    return folder;
}

std::set<std::string> FilesIn(const std::string &folder) {
    std::set<std::string> files;
    for (const auto &entry : fs::directory_iterator(folder)) files.insert(entry.path().filename().u8string());
    return files;
}

unsigned AnimationCount(const std::string &assbin) {
    Assimp::Importer importer; // Assimp's own assbin reader
    const aiScene *scene = importer.ReadFile(assbin, 0);
    EXPECT_NE(scene, nullptr) << assbin << ": " << importer.GetErrorString();
    return scene ? scene->mNumAnimations : 0u;
}

} // namespace

TEST(AnimationFilterTool, ExportKeepsTheMatchedAnimationsWithTheirKeyframes) {
    const lt2::Model original = ReadAbc(Fixture());
    const std::string out = EmptyFolder("filtered") + "/model.abc";
    std::string log;
    ASSERT_EQ(retro_test::RunToolExport(Fixture(), out, "-f abc12 --animations " + ShellQuote("ATTACK, w*"), &log), 0) << log;
    ExpectAnimationsOf(original, ReadAbc(out), {"walk", "attack"}); // file order, not the list's
    EXPECT_EQ(OwnBindings(original), std::vector<std::string>{"idle"});
    EXPECT_EQ(OwnBindings(ReadAbc(out)), (std::vector<std::string>{"walk", "attack"})); // idle's left with it
    // --set spells the same property.
    const std::string viaSet = EmptyFolder("filtered_set") + "/model.abc";
    ASSERT_EQ(retro_test::RunToolExport(Fixture(), viaSet, "-f abc12 --set IMPORT_RETRO_ANIMATIONS=d?ath", &log), 0)
            << log;
    ExpectAnimationsOf(original, ReadAbc(viaSet), {"death"});
}

TEST(AnimationFilterTool, NoMatchFailsNamingTheAnimations) {
    const std::string out = EmptyFolder("nomatch") + "/model.glb";
    std::string log;
    EXPECT_EQ(retro_test::RunToolExport(Fixture(), out, "--animations " + ShellQuote("run*"), &log), 3) << log;
    EXPECT_NE(log.find("no animation matches the animation filter \"run*\" (IMPORT_RETRO_ANIMATIONS); the file has 4 "
                       "animations: 'walk', 'idle', 'death', 'attack'"),
            std::string::npos)
            << log;
    EXPECT_FALSE(fs::exists(out));
}

TEST(AnimationFilterTool, SplitWritesTheModelAndOneFilePerAnimation) {
    const lt2::Model original = ReadAbc(Fixture());
    const std::string folder = EmptyFolder("split");
    std::string log;
    ASSERT_EQ(retro_test::RunToolExport(Fixture(), folder + "/model.abc", "-f abc12 --split-animations", &log), 0)
            << log;
    EXPECT_EQ(FilesIn(folder), (std::set<std::string>{"model.abc", "model.walk.abc", "model.idle.abc",
                                       "model.death.abc", "model.attack.abc"}));
    const lt2::Model model = ReadAbc(folder + "/model.abc");
    EXPECT_EQ(model.nodes.size(), original.nodes.size());
    EXPECT_EQ(model.pieces.size(), original.pieces.size());
    // abc12 writes a bind-pose animation when the scene has none (export-lithtech.md).
    for (const lt2::Animation &a : model.animations) EXPECT_EQ(a.name.find("walk"), std::string::npos) << a.name;
    for (const std::string name : {"walk", "idle", "death", "attack"}) {
        const lt2::Model one = ReadAbc(folder + "/model." + name + ".abc");
        EXPECT_EQ(one.nodes.size(), original.nodes.size()) << name;
        EXPECT_EQ(one.pieces.size(), original.pieces.size()) << name;
        ExpectAnimationsOf(original, one, {name});
        EXPECT_EQ(OwnBindings(one), std::vector<std::string>{name});
    }
}

TEST(AnimationFilterTool, SplitFileNamesAreSafeAndUnique) {
    abcv9_writer::Model model = abcv9_writer::MakeTestModel(12, 1);
    const abcv9_writer::Animation idle = model.animations[0];
    model.animations.clear();
    for (const char *name : {"a/b", "A?b", "con", "walk.", "x:y*|z", "tab\there"}) {
        model.animations.push_back(idle);
        model.animations.back().name = name;
    }
    const std::string folder = EmptyFolder("names");
    const std::string input = folder + "/in/names.abc";
    retro_test::WriteFile(input, abcv9_writer::Write(model));
    std::string log;
    ASSERT_EQ(retro_test::RunToolExport(input, folder + "/m.assbin", "--split-animations --animations " + ShellQuote("*"), &log), 0)
            << log;
    const std::set<std::string> expected = {"in", "m.assbin", "m.a_b.assbin", "m.A_b~2.assbin", "m._con.assbin",
            "m.walk_.assbin", "m.x_y__z.assbin", "m.tab_here.assbin"};
    EXPECT_EQ(FilesIn(folder), expected);
    EXPECT_EQ(AnimationCount(folder + "/m.assbin"), 0u);
    EXPECT_EQ(AnimationCount(folder + "/m.A_b~2.assbin"), 1u);
}

TEST(AnimationFilterTool, SplitRefusesToOverwriteAndWritesNothing) {
    const std::string folder = EmptyFolder("overwrite");
    const std::string existing = folder + "/model.death.assbin";
    retro_test::WriteFile(existing, {'k', 'e', 'e', 'p'});
    std::string log;
    EXPECT_EQ(retro_test::RunToolExport(Fixture(), folder + "/model.assbin", "--split-animations", &log), 1) << log;
    EXPECT_NE(log.find("--split-animations would overwrite " + existing +
                      "; nothing written (remove them, or choose another output name)"),
            std::string::npos)
            << log;
    EXPECT_EQ(FilesIn(folder), std::set<std::string>{"model.death.assbin"});
    EXPECT_EQ(retro_test::ReadFile(existing), (std::vector<uint8_t>{'k', 'e', 'e', 'p'}));
    // A second split over a complete first one refuses too.
    fs::remove(existing);
    ASSERT_EQ(retro_test::RunToolExport(Fixture(), folder + "/model.assbin", "--split-animations", &log), 0) << log;
    EXPECT_EQ(retro_test::RunToolExport(Fixture(), folder + "/model.assbin", "--split-animations", &log), 1) << log;
    EXPECT_NE(log.find("and 4 other file(s)"), std::string::npos) << log;
    // Not with a batch.
    EXPECT_EQ(retro_test::RunCommand(ShellQuote(retro_test::ToolPath()) + " export --recursive " +
                              ShellQuote(folder) + " " + ShellQuote(folder + "/batch") + " --split-animations",
                      &log),
            1)
            << log;
    EXPECT_NE(log.find("it does not go with --recursive"), std::string::npos) << log;
}

TEST(AnimationFilterTool, ABatchFailsTheFilesWithoutAMatch) {
    // unsorted_animations.abc has walk; only_idle.abc has idle alone.
    abcv9_writer::Model model = abcv9_writer::MakeTestModel(12, 1);
    model.animations.resize(1);
    ASSERT_EQ(model.animations[0].name, "idle");
    const std::string folder = EmptyFolder("batch");
    retro_test::WriteFile(folder + "/in/only_idle.abc", abcv9_writer::Write(model));
    retro_test::WriteFile(folder + "/in/unsorted_animations.abc", retro_test::ReadFile(Fixture()));
    std::string log;
    EXPECT_EQ(retro_test::RunCommand(ShellQuote(retro_test::ToolPath()) + " export --recursive " +
                              ShellQuote(folder + "/in") + " " + ShellQuote(folder + "/out") +
                              " -f abc12 -j 2 --animations=WALK",
                      &log),
            6)
            << log;
    EXPECT_NE(log.find("Summary: 1 converted, 1 failed"), std::string::npos) << log;
    EXPECT_NE(log.find("only_idle.abc: ABC: "), std::string::npos) << log;
    EXPECT_NE(log.find("no animation matches the animation filter \"WALK\" (IMPORT_RETRO_ANIMATIONS); the file has "
                       "1 animation: 'idle'"),
            std::string::npos)
            << log;
    ExpectAnimationsOf(ReadAbc(Fixture()), ReadAbc(folder + "/out/unsorted_animations.abc"), {"walk"});
}
