// Texture decoders against the real files: every texture of
// ../shared/corpus/tex, kpc-tree/SKINS and ofp-tree decodes to the image a
// reference decoder made (tex/expected/<name>.png). Palettised and 16/32-bit
// formats must match exactly; DXT within 2 per channel (rounding of the
// interpolated colours differs between decoders).
#include "Common/Texture/Texture.h"
#include "support/PngDecoder.h"
#include "support/TestSupport.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <ostream>

using namespace assimp_retro;
using namespace retro_test;

namespace {

struct CorpusTexture {
    const char *path;      // under ../shared/corpus
    const char *expected;  // under tex/expected
    int tolerance;         // per channel
    const char *format;
    TextureAlpha alpha;
};

const CorpusTexture kCorpus[] = {
    {"tex/cwr_synthetic_argb4444.paa", "cwr_synthetic_argb4444.paa.png", 0, "PAA ARGB4444", TextureAlpha::Blend},
    {"tex/cwr_synthetic_dark.pac", "cwr_synthetic_dark.pac.png", 2, "PAC DXT5", TextureAlpha::Opaque},
    {"tex/tzk212_aiOrder1_board_co.paa", "tzk212_aiOrder1_board_co.paa.png", 2, "PAA DXT1", TextureAlpha::Mask},
    {"ofp-tree/TZK_Objects/tomahawk.paa", "tomahawk.paa.png", 2, "PAA DXT1", TextureAlpha::Opaque},
    {"tex/kpc_BLOOD1.DTX", "kpc_BLOOD1.DTX.png", 0, "DTX v-3 8-bit palette with alpha masks", TextureAlpha::Blend},
    {"tex/lt_Terrain.dtx", "lt_Terrain.dtx.png", 0, "DTX v-5 32-bit BGRA", TextureAlpha::Opaque},
    {"kpc-tree/SKINS/CREATURES/BATWING.DTX", "BATWING.DTX.png", 0, "DTX v-3 8-bit palette with alpha masks", TextureAlpha::Opaque},
    {"kpc-tree/SKINS/CREATURES/TIBERIUS.DTX", "TIBERIUS.DTX.png", 0, "DTX v-3 8-bit palette", TextureAlpha::Opaque},
    {"kpc-tree/SKINS/CREATURES/ARACHNICLOWN.DTX", "ARACHNICLOWN.DTX.png", 0, "DTX v-3 8-bit palette", TextureAlpha::Opaque},
    {"kpc-tree/SKINS/DECOS/FLAG.DTX", "FLAG.DTX.png", 0, "DTX v-3 8-bit palette", TextureAlpha::Opaque},
};

void PrintTo(const CorpusTexture &c, std::ostream *os) {
    *os << c.path;
}

class TextureCorpus : public ::testing::TestWithParam<CorpusTexture> {};

TEST_P(TextureCorpus, DecodesToTheExpectedImage) {
    const CorpusTexture &c = GetParam();
    const std::string path = CorpusPath(c.path);
    const std::string expectedPath = CorpusPath(std::string("tex/expected/") + c.expected);
    ASSERT_FALSE(path.empty());
    ASSERT_FALSE(expectedPath.empty());
    const std::vector<uint8_t> bytes = ReadFile(path);
    const DecodedTexture texture = DecodeTexture(bytes.data(), bytes.size(), path);
    PngImage expected;
    std::string error;
    ASSERT_TRUE(ReadPngFile(expectedPath, expected, error)) << error;
    EXPECT_EQ(texture.format, c.format);
    EXPECT_EQ(texture.alpha, c.alpha) << TextureAlphaName(texture.alpha);
    ASSERT_EQ(texture.image.width, expected.width);
    ASSERT_EQ(texture.image.height, expected.height);
    ASSERT_EQ(texture.image.pixels.size(), expected.rgba.size());
    int worst = 0;
    size_t worstAt = 0;
    for (size_t i = 0; i < expected.rgba.size(); ++i) {
        const int d = std::abs(int(texture.image.pixels[i]) - int(expected.rgba[i]));
        if (d > worst) worst = d, worstAt = i;
    }
    EXPECT_LE(worst, c.tolerance) << "texel " << worstAt / 4 << " channel " << worstAt % 4 << ": decoded "
                                  << int(texture.image.pixels[worstAt]) << ", expected " << int(expected.rgba[worstAt]);
}

std::string CorpusTestName(const ::testing::TestParamInfo<CorpusTexture> &info) {
    std::string name = info.param.expected;
    for (char &ch : name) {
        if (!std::isalnum(static_cast<unsigned char>(ch))) ch = '_';
    }
    return name;
}

INSTANTIATE_TEST_SUITE_P(Files, TextureCorpus, ::testing::ValuesIn(kCorpus), CorpusTestName);

} // namespace
