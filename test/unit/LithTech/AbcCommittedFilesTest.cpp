// The fuzz target's seed files (test/fuzz/corpus/fuzz_abc) and the bundled
// sample (test/models/abc, the README's demo input) are made by the project's
// v6 writer. This test checks the committed files are exactly the
// writer's output; ASSIMP_RETRO_UPDATE_FUZZ_SEEDS=1 rewrites them.
#include "writers/LithTech/AbcLt1Fixtures.h"
#include "support/TestSupport.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <map>

using namespace retro_test;

TEST(AbcCommittedFiles, FuzzSeedsAreTheWritersOutput) {
    abcv6::File lithtech10 = abcv6::SkinnedFixture(); // Shogo / Blood 2 style: no TransformInfo
    lithtech10.transformInfo = false;
    lithtech10.extraSections = {{"TriStrips", {0, 0, 0, 0}}};
    lithtech10.nodes[2].name = "Body"; // a repeated name
    abcv6::File animationOnly = abcv6::SkinnedFixture();
    animationOnly.geometry = false;
    const std::map<std::string, std::vector<uint8_t>> seeds = {
            {"test/fuzz/corpus/fuzz_abc/skinned.abc", abcv6::Write(abcv6::SkinnedFixture()).bytes},
            {"test/fuzz/corpus/fuzz_abc/vertex_animation.abc", abcv6::Write(abcv6::VertexAnimationFixture()).bytes},
            {"test/fuzz/corpus/fuzz_abc/lod.abc", abcv6::Write(abcv6::LodFixture()).bytes},
            {"test/fuzz/corpus/fuzz_abc/lithtech10.abc", abcv6::Write(lithtech10).bytes},
            {"test/fuzz/corpus/fuzz_abc/animation_only.abc", abcv6::Write(animationOnly).bytes},
            {"test/models/abc/skinned_v6.abc", abcv6::Write(abcv6::SkinnedFixture()).bytes},
    };
    const bool update = std::getenv("ASSIMP_RETRO_UPDATE_FUZZ_SEEDS") != nullptr;
    for (const auto &[name, bytes] : seeds) {
        const std::string path = std::string(ASSIMP_RETRO_SOURCE_DIR) + "/" + name;
        if (update) WriteFile(path, bytes);
        EXPECT_EQ(ReadFile(path), bytes) << path << " differs from the writer's output; rerun with ASSIMP_RETRO_UPDATE_FUZZ_SEEDS=1";
    }
}
