// The fuzz target's seed files (test/fuzz/corpus/fuzz_oban) are made by the
// project's writer. This test checks the committed seeds are exactly the
// writer's output; ASSIMP_RETRO_UPDATE_FUZZ_SEEDS=1 rewrites them.
#include "writers/Oni/ObanWriter.h"
#include "support/TestSupport.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <map>

using namespace retro_test;

TEST(ObanFuzzSeeds, CommittedSeedsAreTheWritersOutput) {
    oban::Animation a;
    a.flags = 0x1f;
    a.frameCount = 31;
    a.halfStopFrame = 10;
    a.keys = {{{0, 0, 0, 1}, {1, 2, 3}, 0}, {{0, 0.38268343f, 0, 0.92387953f}, {4, 5, 6}, 10}, {{0.5f, 0.5f, 0.5f, 0.5f}, {7, 8, 9}, 30}};
    std::vector<oban::LevelEntry> level(4);
    level[0].name = "OBANa";
    level[0].animation = a;
    level[1].kind = oban::LevelEntry::Unnamed;
    level[1].animation = a;
    level[2].kind = oban::LevelEntry::DuplicateOfPrevious;
    level[2].name = "OBANdup";
    level[3].kind = oban::LevelEntry::Placeholder;
    level[3].name = "OBANglobal";
    const std::map<std::string, std::vector<uint8_t>> seeds = {
            {"door.oni", oban::WriteOni(a, "OBANdoor")},
            {"level.dat", oban::WriteLevel(level)},
    };
    const bool update = std::getenv("ASSIMP_RETRO_UPDATE_FUZZ_SEEDS") != nullptr;
    for (const auto &[name, bytes] : seeds) {
        const std::string path = std::string(ASSIMP_RETRO_SOURCE_DIR) + "/test/fuzz/corpus/fuzz_oban/" + name;
        if (update) WriteFile(path, bytes);
        EXPECT_EQ(ReadFile(path), bytes) << path << " differs from the writer's output; rerun with ASSIMP_RETRO_UPDATE_FUZZ_SEEDS=1";
    }
}
