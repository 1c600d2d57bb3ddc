// The fuzz target's seed files (test/fuzz/corpus/fuzz_oban) and the bundled
// sample (test/models/oban) are made by the project's writer. This test
// checks the committed files are exactly the writer's output;
// ASSIMP_RETRO_UPDATE_FUZZ_SEEDS=1 rewrites them.
#include "writers/Oni/ObanWriter.h"
#include "support/TestSupport.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <map>

using namespace retro_test;

TEST(ObanCommittedFiles, AreTheWritersOutput) {
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
    // The README's demo: a camera dolly circling the origin once in 4 seconds,
    // looking at it, 2 metres (20 Oni units) up.
    oban::Animation dolly;
    dolly.flags = 0x01 | 0x08; // NormalLoop Autostart
    dolly.frameCount = 241;
    for (int k = 0; k <= 8; ++k) {
        const float angle = k * 3.14159265f / 4; // 45 degrees per key, 30 frames apart
        // The engine uses the conjugate of the stored quaternion: store the
        // inverse of "turn by `angle` about Y" so the camera's -Z faces the origin.
        dolly.keys.push_back({{0, -std::sin(angle / 2), 0, std::cos(angle / 2)},
                {100 * std::sin(angle), 20, 100 * std::cos(angle)}, k * 30});
    }
    const std::map<std::string, std::vector<uint8_t>> seeds = {
            {"test/fuzz/corpus/fuzz_oban/door.oni", oban::WriteOni(a, "OBANdoor")},
            {"test/fuzz/corpus/fuzz_oban/level.dat", oban::WriteLevel(level)},
            {"test/models/oban/OBANcamera_dolly.oni", oban::WriteOni(dolly, "OBANcamera_dolly")},
    };
    const bool update = std::getenv("ASSIMP_RETRO_UPDATE_FUZZ_SEEDS") != nullptr;
    for (const auto &[name, bytes] : seeds) {
        const std::string path = std::string(ASSIMP_RETRO_SOURCE_DIR) + "/" + name;
        if (update) WriteFile(path, bytes);
        EXPECT_EQ(ReadFile(path), bytes) << path << " differs from the writer's output; rerun with ASSIMP_RETRO_UPDATE_FUZZ_SEEDS=1";
    }
}
