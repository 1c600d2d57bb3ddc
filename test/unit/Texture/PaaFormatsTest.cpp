// PAA/PAC decoding of every format, written by the project's own writer
// (test/writers/Texture): exact pixels, values worked out by hand from
// docs/formats/TEXTURES.md §1.10 (not by the decoder's own formulas).
#include "TextureTestHelpers.h"
#include "writers/Texture/TextureWriters.h"

#include <gtest/gtest.h>

using namespace assimp_retro;
using namespace retro_test;
using namespace retro_test::tex;

namespace {

struct TexelCase {
    std::vector<uint8_t> stored; // the texel's bytes in the file
    Rgba rgba;                   // what it decodes to
};

// A two-level 16/32-bit PAA whose levels repeat `cases`; LZSS or raw levels.
std::vector<uint8_t> TexelPaa(std::optional<uint16_t> tag, const std::vector<TexelCase> &cases, bool lzss,
        std::vector<PaaTagg> taggs = {}) {
    std::vector<std::vector<uint8_t>> texels;
    for (const auto &c : cases) texels.push_back(c.stored);
    Paa paa;
    paa.typeTag = tag;
    paa.taggs = std::move(taggs);
    for (uint16_t w = 8, h = 4; w >= 4; w /= 2, h /= 2) {
        const std::vector<uint8_t> raw = Tile(texels, size_t(w) * h);
        paa.levels.push_back({w, h, false, lzss ? LzssEncodeSigned(raw) : raw, std::nullopt});
    }
    return WritePaa(paa);
}

void ExpectTiled(const DecodedTexture &t, const std::vector<TexelCase> &cases) {
    ASSERT_EQ(t.image.width, 8u);
    ASSERT_EQ(t.image.height, 4u);
    for (uint32_t i = 0; i < 32; ++i) {
        EXPECT_EQ(PixelAt(t.image, i % 8, i / 8), cases[i % cases.size()].rgba) << "texel " << i;
    }
}

const std::vector<TexelCase> kArgb4444 = {
    {{0x0F, 0xF0}, {0, 0, 255, 255}},
    {{0x50, 0x8A}, {170, 85, 0, 136}},
    {{0x23, 0x01}, {17, 34, 51, 0}},
    {{0xFF, 0xFF}, {255, 255, 255, 255}},
    {{0x0F, 0xF0}, {0, 0, 255, 255}},
};
const std::vector<TexelCase> kArgb1555 = {
    {{0x00, 0xFC}, {255, 0, 0, 255}},
    {{0xE0, 0x03}, {0, 255, 0, 0}},
    {{0x1F, 0x80}, {0, 0, 255, 255}},
    {{0x01, 0x41}, {132, 66, 8, 0}},
};
const std::vector<TexelCase> kAi88 = {
    {{0x40, 0xFF}, {64, 64, 64, 255}},
    {{0xC8, 0x80}, {200, 200, 200, 128}},
    {{0x00, 0x00}, {0, 0, 0, 0}},
};
const std::vector<TexelCase> kArgb8888 = {
    {{1, 2, 3, 4}, {3, 2, 1, 4}},
    {{0xFF, 0x00, 0x80, 0xFF}, {0x80, 0x00, 0xFF, 0xFF}},
    {{9, 9, 9, 0}, {9, 9, 9, 0}},
};

TEST(PaaFormats, Argb4444Lzss) {
    const DecodedTexture t = Decode(TexelPaa(0x4444, kArgb4444, true, {U32Tagg("AVGC", 0x80FFFFFF)}), "a.paa");
    EXPECT_EQ(t.format, "PAA ARGB4444");
    EXPECT_EQ(t.alpha, TextureAlpha::Blend);
    ExpectTiled(t, kArgb4444);
}

TEST(PaaFormats, UntaggedPaaIsArgb4444) {
    const DecodedTexture t = Decode(TexelPaa(std::nullopt, kArgb4444, true), "legacy.PAA");
    EXPECT_EQ(t.format, "PAA ARGB4444");
    ExpectTiled(t, kArgb4444);
}

TEST(PaaFormats, RawLevelWhenLzssDoesNotFitAndSizesMatch) {
    const DecodedTexture t = Decode(TexelPaa(0x4444, kArgb4444, false), "cwr.paa");
    ExpectTiled(t, kArgb4444);
}

TEST(PaaFormats, Argb1555Lzss) {
    const DecodedTexture t = Decode(TexelPaa(0x1555, kArgb1555, true), "b.paa");
    EXPECT_EQ(t.format, "PAA ARGB1555");
    EXPECT_EQ(t.alpha, TextureAlpha::Mask);
    ExpectTiled(t, kArgb1555);
}

TEST(PaaFormats, Ai88LzssWithOffsOnly) {
    PaaTagg offs{"OFFS", std::vector<uint8_t>(64, 0)};
    const DecodedTexture t = Decode(TexelPaa(0x8080, kAi88, true, {offs}), "c.paa");
    EXPECT_EQ(t.format, "PAA AI88");
    EXPECT_EQ(t.alpha, TextureAlpha::Blend);
    ExpectTiled(t, kAi88);
}

TEST(PaaFormats, Argb8888RawAndLzss) {
    for (bool lzss : {false, true}) {
        const DecodedTexture t = Decode(TexelPaa(0x8888, kArgb8888, lzss), "d.paa");
        EXPECT_EQ(t.format, "PAA ARGB8888");
        ExpectTiled(t, kArgb8888);
    }
}

TEST(PaaFormats, FlagDecidesTheAlphaClassOfATransparentImage) {
    EXPECT_EQ(Decode(TexelPaa(0x4444, kArgb4444, true, {U32Tagg("FLAG", 2)}), "e.paa").alpha, TextureAlpha::Mask);
    EXPECT_EQ(Decode(TexelPaa(0x1555, kArgb1555, true, {U32Tagg("FLAG", 1)}), "e.paa").alpha, TextureAlpha::Blend);
    // An image with no transparent texel is opaque whatever FLAG says.
    const std::vector<TexelCase> opaque = {{{0x0F, 0xF0}, {0, 0, 255, 255}}, {{0xFF, 0xFF}, {255, 255, 255, 255}}};
    EXPECT_EQ(Decode(TexelPaa(0x4444, opaque, true, {U32Tagg("FLAG", 1)}), "e.paa").alpha, TextureAlpha::Opaque);
}

TEST(PaaFormats, UnknownTaggsAreSkippedByLength) {
    PaaTagg odd{"ZZZZ", {1, 2, 3, 4, 5, 6, 7}};
    PaaTagg maxc = U32Tagg("MAXC", 0xFFFFFFFF);
    const DecodedTexture t = Decode(TexelPaa(0x4444, kArgb4444, true, {maxc, odd, U32Tagg("FLAG", 1)}), "f.paa");
    ExpectTiled(t, kArgb4444);
}

// ---- P8 .pac -------------------------------------------------------------------

// Index 1 is magenta and 3 cyan: only the last key colour (3) is transparent
// and takes AVGC's RGB; 1 stays an opaque magenta.
const std::vector<uint32_t> kPalette = {0x112233, 0xFF00FF, 0xA0B0C0, 0x00FFFF};
const std::vector<uint8_t> kIndexPattern = {0, 0, 0, 0, 1, 2, 3, 3, 2, 0, 1, 2, 2, 2, 2, 3};
const Rgba kByIndex[4] = {{0x11, 0x22, 0x33, 255}, {255, 0, 255, 255}, {0xA0, 0xB0, 0xC0, 255}, {0x40, 0x50, 0x60, 0}};

std::vector<uint8_t> P8Pac(bool lzss, bool avgc = true) {
    Paa paa;
    if (avgc) paa.taggs = {U32Tagg("AVGC", 0x80405060)};
    paa.palette = kPalette;
    for (uint16_t w = 8, h = 4; w >= 4; w /= 2, h /= 2) {
        std::vector<uint8_t> indices;
        for (size_t i = 0; i < size_t(w) * h; ++i) indices.push_back(kIndexPattern[i % kIndexPattern.size()]);
        paa.levels.push_back({w, h, lzss, lzss ? LzssEncodeSigned(indices) : RleEncode(indices), std::nullopt});
    }
    return WritePaa(paa);
}

void ExpectP8(const DecodedTexture &t, Rgba transparent) {
    EXPECT_EQ(t.format, "PAC P8 palette");
    EXPECT_EQ(t.alpha, TextureAlpha::Mask);
    ASSERT_EQ(t.image.width, 8u);
    ASSERT_EQ(t.image.height, 4u);
    for (uint32_t i = 0; i < 32; ++i) {
        const uint8_t index = kIndexPattern[i % kIndexPattern.size()];
        EXPECT_EQ(PixelAt(t.image, i % 8, i / 8), index == 3 ? transparent : kByIndex[index]) << "texel " << i;
    }
}

TEST(PacFormats, P8Rle) {
    ExpectP8(Decode(P8Pac(false), "g.pac"), kByIndex[3]);
}

TEST(PacFormats, P8LzssMarker) {
    ExpectP8(Decode(P8Pac(true), "h.PAC"), kByIndex[3]);
}

TEST(PacFormats, TransparentIndexWithoutAvgcIsTransparentBlack) {
    ExpectP8(Decode(P8Pac(false, false), "i.pac"), Rgba{0, 0, 0, 0});
}

TEST(PacFormats, TypeTagWinsOverExtension) {
    const DecodedTexture t = Decode(TexelPaa(0x4444, kArgb4444, true), "tagged.pac");
    EXPECT_EQ(t.format, "PAC ARGB4444");
    ExpectTiled(t, kArgb4444);
}

// ---- DXT ---------------------------------------------------------------------------

// Block A: c0 red > c1 blue, 4 colours. Block B: c0 blue < c1 red, 3 colours
// + transparent black. Texel x of every row uses index x.
const std::vector<uint8_t> kDxt1BlockA = {0x00, 0xF8, 0x1F, 0x00, 0xE4, 0xE4, 0xE4, 0xE4};
const std::vector<uint8_t> kDxt1BlockB = {0x1F, 0x00, 0x00, 0xF8, 0xE4, 0xE4, 0xE4, 0xE4};
const Rgba kDxt1A[4] = {{255, 0, 0, 255}, {0, 0, 255, 255}, {170, 0, 85, 255}, {85, 0, 170, 255}};
const Rgba kDxt1B[4] = {{0, 0, 255, 255}, {255, 0, 0, 255}, {127, 0, 127, 255}, {0, 0, 0, 0}};

std::vector<uint8_t> Concat(std::initializer_list<std::vector<uint8_t>> parts) {
    std::vector<uint8_t> out;
    for (const auto &p : parts) out.insert(out.end(), p.begin(), p.end());
    return out;
}

std::vector<uint8_t> DxtPaa(uint16_t tag, uint16_t w, uint16_t h, const std::vector<uint8_t> &blocks,
        const std::vector<uint8_t> &level1Block) {
    Paa paa;
    paa.typeTag = tag;
    paa.levels.push_back({w, h, false, blocks, std::nullopt});
    paa.levels.push_back({uint16_t(w / 2 < 2 ? 2 : w / 2), 2, false, level1Block, std::nullopt});
    return WritePaa(paa);
}

TEST(PaaFormats, Dxt1BothColourModes) {
    const DecodedTexture t = Decode(DxtPaa(0xFF01, 8, 4, Concat({kDxt1BlockA, kDxt1BlockB}), kDxt1BlockA), "j.paa");
    EXPECT_EQ(t.format, "PAA DXT1");
    EXPECT_EQ(t.alpha, TextureAlpha::Mask);
    for (uint32_t y = 0; y < 4; ++y) {
        for (uint32_t x = 0; x < 4; ++x) {
            EXPECT_EQ(PixelAt(t.image, x, y), kDxt1A[x]) << x << "," << y;
            EXPECT_EQ(PixelAt(t.image, x + 4, y), kDxt1B[x]) << x + 4 << "," << y;
        }
    }
}

TEST(PaaFormats, Dxt1ClipsEdgeBlocks) {
    const DecodedTexture t = Decode(DxtPaa(0xFF01, 6, 2, Concat({kDxt1BlockA, kDxt1BlockB}), kDxt1BlockA), "k.paa");
    ASSERT_EQ(t.image.width, 6u);
    ASSERT_EQ(t.image.height, 2u);
    EXPECT_EQ(PixelAt(t.image, 3, 1), kDxt1A[3]);
    EXPECT_EQ(PixelAt(t.image, 5, 1), kDxt1B[1]);
}

// DXT3: texel i has alpha i (A = 17 i); colours green..white in 4-colour mode
// although c0 < c1.
const std::vector<uint8_t> kDxt3Block = {0x10, 0x32, 0x54, 0x76, 0x98, 0xBA, 0xDC, 0xFE,
                                         0xE0, 0x07, 0xFF, 0xFF, 0xE4, 0xE4, 0xE4, 0xE4};
const Rgba kDxt3Colours[4] = {{0, 255, 0, 0}, {255, 255, 255, 0}, {85, 255, 85, 0}, {170, 255, 170, 0}};

TEST(PaaFormats, Dxt3) {
    const DecodedTexture t = Decode(DxtPaa(0xFF03, 4, 4, kDxt3Block, kDxt3Block), "l.paa");
    EXPECT_EQ(t.format, "PAA DXT3");
    EXPECT_EQ(t.alpha, TextureAlpha::Blend);
    for (uint32_t i = 0; i < 16; ++i) {
        Rgba expected = kDxt3Colours[i % 4];
        expected[3] = uint8_t(17 * i);
        EXPECT_EQ(PixelAt(t.image, i % 4, i / 4), expected) << "texel " << i;
    }
}

// DXT5 block 1: a0 255 > a1 0 (8 steps); block 2: a0 0 <= a1 255 (6 steps,
// then 0 and 255). Texel i uses alpha index i % 8. Colour: white.
const std::vector<uint8_t> kDxt5BlockA = {255, 0, 0x88, 0xC6, 0xFA, 0x88, 0xC6, 0xFA,
                                          0xFF, 0xFF, 0x00, 0x00, 0, 0, 0, 0};
const std::vector<uint8_t> kDxt5BlockB = {0, 255, 0x88, 0xC6, 0xFA, 0x88, 0xC6, 0xFA,
                                          0xFF, 0xFF, 0x00, 0x00, 0, 0, 0, 0};
const uint8_t kDxt5AlphaA[8] = {255, 0, 218, 182, 145, 109, 72, 36};
const uint8_t kDxt5AlphaB[8] = {0, 255, 51, 102, 153, 204, 0, 255};

TEST(PaaFormats, Dxt5BothAlphaModes) {
    const DecodedTexture t = Decode(DxtPaa(0xFF05, 8, 4, Concat({kDxt5BlockA, kDxt5BlockB}), kDxt5BlockA), "m.pac");
    EXPECT_EQ(t.format, "PAC DXT5");
    EXPECT_EQ(t.alpha, TextureAlpha::Blend);
    for (uint32_t i = 0; i < 16; ++i) {
        EXPECT_EQ(PixelAt(t.image, i % 4, i / 4), (Rgba{255, 255, 255, kDxt5AlphaA[i % 8]})) << "texel " << i;
        EXPECT_EQ(PixelAt(t.image, 4 + i % 4, i / 4), (Rgba{255, 255, 255, kDxt5AlphaB[i % 8]})) << "texel " << i;
    }
}

TEST(PaaFormats, Dxt2And4DecodeAsDxt3And5) {
    EXPECT_EQ(PixelAt(Decode(DxtPaa(0xFF02, 4, 4, kDxt3Block, kDxt3Block), "n.paa").image, 1, 0), (Rgba{255, 255, 255, 17}));
    EXPECT_EQ(PixelAt(Decode(DxtPaa(0xFF04, 4, 4, kDxt5BlockA, kDxt5BlockA), "n.paa").image, 2, 0), (Rgba{255, 255, 255, 218}));
}

} // namespace
