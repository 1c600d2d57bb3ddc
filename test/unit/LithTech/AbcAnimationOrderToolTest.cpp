// LithTech games address animations by index, so their order in the file is
// part of the model (issue 43): an ABC v12 whose animations are not in name
// order, committed under test/models/roundtrip/ (the Blender add-on check
// reads it too; checked byte for byte here), keeps that order through the
// built tool's abc12 export, counted by the reader from both files. So do
// names that Blender changes (awkward_animation_names.abc: one ending in "_"
// and the model's name, which Blender gives actions as a suffix; two longer
// than Blender's 63 bytes and alike in their first 63), which the add-on must
// write back as the file has them (docs/blender.md, "Animation names").
#include "support/ExportSupport.h"
#include "support/TestSupport.h"
#include "writers/LithTech/AbcLt2Fixtures.h"

#include "AssetLib/LithTech/AbcLt2Reader.h"

#include <gtest/gtest.h>

#include <cstdlib>

namespace {

namespace w = abcv9_writer;

/// Four animations, in no name order: walk, idle, death, attack.
std::vector<uint8_t> UnsortedAnimations() {
    w::Model model = w::MakeTestModel(12, 1);
    const w::Animation walk = model.animations[1], idle = model.animations[0];
    w::Animation death = idle, attack = walk;
    death.name = "death";
    death.times = {0, 400};
    for (auto &track : death.tracks) track.resize(2);
    death.commands.resize(2);
    attack.name = "attack";
    model.animations = {walk, idle, death, attack};
    return w::Write(model);
}

/// The animations of UnsortedAnimations under names that Blender changes.
const std::vector<std::string> kAwkwardNames = {
        "walk_awkward_animation_names", "idle",
        "fire_from_the_hip_while_running_backwards_down_a_hill_in_the_rain_at_night",
        "fire_from_the_hip_while_running_backwards_down_a_hill_in_the_rain_at_noon"};

std::vector<uint8_t> AwkwardAnimationNames() {
    w::Model model = w::MakeTestModel(12, 1);
    const w::Animation walk = model.animations[1], idle = model.animations[0];
    model.animations = {walk, idle, walk, idle};
    for (size_t i = 0; i < model.animations.size(); ++i) model.animations[i].name = kAwkwardNames[i];
    return w::Write(model);
}

std::string FixturePath(const std::string &name = "unsorted_animations.abc") {
    return std::string(ASSIMP_RETRO_SOURCE_DIR) + "/test/models/roundtrip/" + name;
}

std::vector<std::string> AnimationNames(const std::vector<uint8_t> &bytes, const std::string &name) {
    std::vector<std::string> names;
    for (const auto &animation : assimp_retro::abc::lt2::ReadModel(bytes.data(), bytes.size(), name).animations) {
        names.push_back(animation.name);
    }
    return names;
}

TEST(AbcAnimationOrderTool, CommittedFixturesAreTheWritersOutput) {
    const std::pair<std::string, std::vector<uint8_t>> fixtures[] = {
            {FixturePath(), UnsortedAnimations()},
            {FixturePath("awkward_animation_names.abc"), AwkwardAnimationNames()}};
    for (const auto &[path, bytes] : fixtures) {
        if (std::getenv("ASSIMP_RETRO_UPDATE_FUZZ_SEEDS")) retro_test::WriteFile(path, bytes);
#if defined(_WIN32)
        // The writer animates with std::sin, which mingw-w64's C runtime rounds
        // differently from glibc (docs/windows.md): the bytes are compared on
        // Linux; here the file's size and what these tests read from it.
        EXPECT_EQ(retro_test::ReadFile(path).size(), bytes.size()) << path;
        EXPECT_EQ(AnimationNames(retro_test::ReadFile(path), path), AnimationNames(bytes, path)) << path;
#else
        EXPECT_EQ(retro_test::ReadFile(path), bytes)
                << path << " differs from the writer's output; rerun with ASSIMP_RETRO_UPDATE_FUZZ_SEEDS=1";
#endif
    }
}

TEST(AbcAnimationOrderTool, Abc12KeepsTheFilesOrder) {
    const std::vector<std::string> order = {"walk", "idle", "death", "attack"};
    ASSERT_EQ(AnimationNames(retro_test::ReadFile(FixturePath()), FixturePath()), order);
    const std::string out = retro_test::OutputPath("AbcAnimationOrderTool/unsorted_animations.abc");
    std::string output;
    ASSERT_EQ(retro_test::RunToolExport(FixturePath(), out, "-f abc12", &output), 0) << output;
    EXPECT_EQ(AnimationNames(retro_test::ReadFile(out), out), order);
}

TEST(AbcAnimationOrderTool, Abc12KeepsNamesBlenderChanges) {
    const std::string fixture = FixturePath("awkward_animation_names.abc");
    ASSERT_EQ(kAwkwardNames[2].compare(0, 64, kAwkwardNames[3], 0, 64), 0);
    ASSERT_EQ(AnimationNames(retro_test::ReadFile(fixture), fixture), kAwkwardNames);
    const std::string out = retro_test::OutputPath("AbcAnimationOrderTool/awkward_animation_names.abc");
    std::string output;
    ASSERT_EQ(retro_test::RunToolExport(fixture, out, "-f abc12", &output), 0) << output;
    EXPECT_EQ(AnimationNames(retro_test::ReadFile(out), out), kAwkwardNames);
}

} // namespace
