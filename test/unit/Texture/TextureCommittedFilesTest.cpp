// The fuzz seeds of fuzz_paa and fuzz_dtx (test/fuzz/corpus) are the texture
// writers' output, and each decodes. ASSIMP_RETRO_UPDATE_FUZZ_SEEDS=1
// rewrites them.
#include "TextureTestHelpers.h"
#include "support/TestSupport.h"
#include "writers/Texture/TextureSeeds.h"

#include <gtest/gtest.h>

#include <cstdlib>

using namespace retro_test;

TEST(TextureCommittedFiles, FuzzSeedsAreTheWritersOutputAndDecode) {
    const bool update = std::getenv("ASSIMP_RETRO_UPDATE_FUZZ_SEEDS") != nullptr;
    for (const auto &[name, bytes] : tex::TextureSeedFiles()) {
        const std::string path = std::string(ASSIMP_RETRO_SOURCE_DIR) + "/" + name;
        if (update) WriteFile(path, bytes);
        EXPECT_EQ(ReadFile(path), bytes) << path << " differs from the writer's output; rerun with ASSIMP_RETRO_UPDATE_FUZZ_SEEDS=1";
        EXPECT_EQ(DecodeError(bytes, name), "no error") << name;
    }
}
