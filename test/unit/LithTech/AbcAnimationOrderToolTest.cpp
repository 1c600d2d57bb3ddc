// LithTech games address animations by index, so their order in the file is
// part of the model (issue 43): an ABC v12 whose animations are not in name
// order, committed under test/models/roundtrip/ (the Blender add-on check
// reads it too; checked byte for byte here), keeps that order through the
// built tool's abc12 export, counted by the reader from both files.
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

std::string FixturePath() {
    return std::string(ASSIMP_RETRO_SOURCE_DIR) + "/test/models/roundtrip/unsorted_animations.abc";
}

std::vector<std::string> AnimationNames(const std::vector<uint8_t> &bytes, const std::string &name) {
    std::vector<std::string> names;
    for (const auto &animation : assimp_retro::abc::lt2::ReadModel(bytes.data(), bytes.size(), name).animations) {
        names.push_back(animation.name);
    }
    return names;
}

TEST(AbcAnimationOrderTool, CommittedFixtureIsTheWritersOutput) {
    if (std::getenv("ASSIMP_RETRO_UPDATE_FUZZ_SEEDS")) retro_test::WriteFile(FixturePath(), UnsortedAnimations());
    EXPECT_EQ(retro_test::ReadFile(FixturePath()), UnsortedAnimations())
            << FixturePath() << " differs from the writer's output; rerun with ASSIMP_RETRO_UPDATE_FUZZ_SEEDS=1";
}

TEST(AbcAnimationOrderTool, Abc12KeepsTheFilesOrder) {
    const std::vector<std::string> order = {"walk", "idle", "death", "attack"};
    ASSERT_EQ(AnimationNames(retro_test::ReadFile(FixturePath()), FixturePath()), order);
    const std::string out = retro_test::OutputPath("AbcAnimationOrderTool/unsorted_animations.abc");
    std::string output;
    ASSERT_EQ(retro_test::RunToolExport(FixturePath(), out, "-f abc12", &output), 0) << output;
    EXPECT_EQ(AnimationNames(retro_test::ReadFile(out), out), order);
}

} // namespace
