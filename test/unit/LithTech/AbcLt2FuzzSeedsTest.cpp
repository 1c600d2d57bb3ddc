// The fuzz seeds in test/fuzz/corpus/fuzz_abc_lt2 are the writer's output.
// Regenerate them with ABC_LT2_WRITE_SEEDS=1 ./test_LithTech --gtest_filter=AbcLt2FuzzSeeds.*
#include "AbcLt2TestHelpers.h"

#include <cstdlib>
#include <filesystem>

namespace w = abcv9_writer;

namespace {

std::vector<std::pair<std::string, std::vector<uint8_t>>> Seeds() {
    std::vector<std::pair<std::string, std::vector<uint8_t>>> seeds;
    for (uint32_t v : {9u, 10u, 11u, 12u, 13u, 108u}) {
        seeds.emplace_back("model_v" + std::to_string(v) + ".abc", w::Write(w::MakeTestModel(v, v == 12 ? 2 : 1, {"Child"})));
    }
    seeds.emplace_back("animonly_v13.abc", w::Write(w::MakeAnimationModel(13, "run")));
    w::Layout layout;
    layout.distancesFromLodCount = true;
    layout.animationHeader = 0;
    seeds.emplace_back("altlayout_v10.abc", w::Write(w::MakeTestModel(10, 2), layout));
    return seeds;
}

TEST(AbcLt2FuzzSeeds, CommittedSeedsAreTheWritersOutput) {
#if defined(_WIN32)
    // The writer animates with std::sin, which the Windows C runtime rounds
    // differently from glibc: the committed seeds are the Linux writer's
    // output and are checked on Linux (docs/windows.md).
    GTEST_SKIP() << "seeds are the Linux writer's output (std::sin rounds differently on Windows)";
#endif
    const std::filesystem::path dir = std::filesystem::path(ASSIMP_RETRO_SOURCE_DIR) / "test" / "fuzz" / "corpus" / "fuzz_abc_lt2";
    const bool write = std::getenv("ABC_LT2_WRITE_SEEDS") != nullptr;
    for (const auto &seed : Seeds()) {
        const std::string path = (dir / seed.first).string();
        if (write) {
            retro_test::WriteFile(path, seed.second);
        }
        EXPECT_EQ(retro_test::ReadFile(path), seed.second) << path << " differs from the writer's output";
    }
}

} // namespace
