// DTX decoding of every version and pixel format, written by the project's
// own writer: exact pixels, values worked out by hand from docs/formats/TEXTURES.md §2.
#include "TextureTestHelpers.h"
#include "writers/Texture/TextureWriters.h"

#include <gtest/gtest.h>

using namespace assimp_retro;
using namespace retro_test;
using namespace retro_test::tex;

namespace {

// Entry k = {a, r, g, b} = {alphaByte, k, 255 - k, k / 2}.
std::vector<uint8_t> Lt1Palette(uint8_t alphaByte) {
    std::vector<uint8_t> p;
    for (int k = 0; k < 256; ++k) {
        p.insert(p.end(), {alphaByte, uint8_t(k), uint8_t(255 - k), uint8_t(k / 2)});
    }
    return p;
}

uint8_t IndexOf(size_t i) {
    return uint8_t(i * 37 % 256);
}

// An 8x8 LT1 texture of 4 mips (8, 4, 2, 1); texel i has index IndexOf(i)
// and, with masks, alpha nibble alpha(i).
Dtx Lt1Dtx(int32_t version, bool masks, uint8_t (*alpha)(size_t)) {
    Dtx dtx;
    dtx.version = version;
    dtx.width = 8;
    dtx.height = 8;
    dtx.flags = masks ? 0xA : 0x8;
    dtx.command = "DTX_COMMAND";
    dtx.palette = Lt1Palette(version == -2 ? 0 : 0xFF);
    for (uint32_t side = 8; side >= 1; side /= 2) {
        std::vector<uint8_t> indices, alpha4;
        for (size_t i = 0; i < size_t(side) * side; ++i) {
            indices.push_back(IndexOf(i));
            alpha4.push_back(alpha ? alpha(i) : 0);
        }
        dtx.mips.push_back(indices);
        if (masks) dtx.alphaMasks.push_back(PackNibbles(alpha4));
    }
    return dtx;
}

uint8_t AlphaRamp(size_t i) {
    return uint8_t(i % 16);
}
uint8_t AlphaZero(size_t) {
    return 0;
}
uint8_t AlphaBinary(size_t i) {
    return i % 3 ? 15 : 0;
}

void ExpectLt1(const DecodedTexture &t, uint8_t (*alpha)(size_t)) {
    ASSERT_EQ(t.image.width, 8u);
    ASSERT_EQ(t.image.height, 8u);
    for (size_t i = 0; i < 64; ++i) {
        const uint8_t k = IndexOf(i);
        const uint8_t a = alpha ? uint8_t(alpha(i) * 17) : 255;
        EXPECT_EQ(PixelAt(t.image, uint32_t(i % 8), uint32_t(i / 8)), (Rgba{k, uint8_t(255 - k), uint8_t(k / 2), a}))
                << "texel " << i;
    }
}

TEST(DtxFormats, V3PaletteWithAlphaMasksLowNibbleFirst) {
    const DecodedTexture t = Decode(WriteDtx(Lt1Dtx(-3, true, AlphaRamp)), "a.dtx");
    EXPECT_EQ(t.format, "DTX v-3 8-bit palette with alpha masks");
    EXPECT_EQ(t.alpha, TextureAlpha::Blend);
    ExpectLt1(t, AlphaRamp);
}

TEST(DtxFormats, V3MaskOfOnlyZeroAndFifteenIsAMask) {
    const DecodedTexture t = Decode(WriteDtx(Lt1Dtx(-3, true, AlphaBinary)), "a.dtx");
    EXPECT_EQ(t.alpha, TextureAlpha::Mask);
    ExpectLt1(t, AlphaBinary);
}

TEST(DtxFormats, V3MasksThatAreZeroEverywhereMeanOpaque) {
    const DecodedTexture t = Decode(WriteDtx(Lt1Dtx(-3, true, AlphaZero)), "b.DTX");
    EXPECT_EQ(t.alpha, TextureAlpha::Opaque);
    ExpectLt1(t, nullptr);
}

TEST(DtxFormats, V2PaletteHasNoCommandStringAndIgnoresThePaletteAlphaByte) {
    const std::vector<uint8_t> bytes = WriteDtx(Lt1Dtx(-2, false, nullptr));
    ASSERT_EQ(bytes.size(), 36u + 8 + 1024 + 64 + 16 + 4 + 1);
    const DecodedTexture t = Decode(bytes, "shogo.dtx");
    EXPECT_EQ(t.format, "DTX v-2 8-bit palette");
    EXPECT_EQ(t.alpha, TextureAlpha::Opaque);
    ExpectLt1(t, nullptr);
}

TEST(DtxFormats, V2WithMasksAndLightdefsSection) {
    Dtx dtx = Lt1Dtx(-2, true, AlphaRamp);
    dtx.sections = {{"LIGHTDEFS", "", {'a', 'b', 'c'}}};
    ExpectLt1(Decode(WriteDtx(dtx), "blood2.dtx"), AlphaRamp);
}

// ---- LT2 (v-5) -------------------------------------------------------------------------

Dtx Lt2Dtx(uint8_t bpp, uint16_t side, std::vector<std::vector<uint8_t>> mips) {
    Dtx dtx;
    dtx.version = -5;
    dtx.width = side;
    dtx.height = side;
    dtx.bppIdent = bpp;
    dtx.mips = std::move(mips);
    return dtx;
}

TEST(DtxFormats, V5Bgra32KeepsAlpha) {
    std::vector<uint8_t> mip0, mip1(4 * 4, 7);
    for (int i = 0; i < 16; ++i) mip0.insert(mip0.end(), {uint8_t(i), uint8_t(2 * i), uint8_t(3 * i), uint8_t(16 * i)});
    const DecodedTexture t = Decode(WriteDtx(Lt2Dtx(3, 4, {mip0, mip1})), "c.dtx");
    EXPECT_EQ(t.format, "DTX v-5 32-bit BGRA");
    EXPECT_EQ(t.alpha, TextureAlpha::Blend);
    for (uint32_t i = 0; i < 16; ++i) {
        EXPECT_EQ(PixelAt(t.image, i % 4, i / 4), (Rgba{uint8_t(3 * i), uint8_t(2 * i), uint8_t(i), uint8_t(16 * i)}));
    }
}

TEST(DtxFormats, V5Bgra32AlphaZeroEverywhereIsOpaqueAndIdentZeroIsBgra32) {
    std::vector<uint8_t> mip0;
    for (int i = 0; i < 16; ++i) mip0.insert(mip0.end(), {10, 20, 30, 0});
    const DecodedTexture t = Decode(WriteDtx(Lt2Dtx(0, 4, {mip0})), "d.dtx");
    EXPECT_EQ(t.format, "DTX v-5 32-bit BGRA");
    EXPECT_EQ(t.alpha, TextureAlpha::Opaque);
    EXPECT_EQ(PixelAt(t.image, 3, 3), (Rgba{30, 20, 10, 255}));
}

// The same blocks as PaaFormatsTest, with the engine's unrounded mip sizes
// (a 2x2 DXT1 mip is 2 bytes, 1x1 is 0).
const std::vector<uint8_t> kDxt1Block = {0x00, 0xF8, 0x1F, 0x00, 0xE4, 0xE4, 0xE4, 0xE4};
const std::vector<uint8_t> kDxt3Block = {0x10, 0x32, 0x54, 0x76, 0x98, 0xBA, 0xDC, 0xFE,
                                         0xE0, 0x07, 0xFF, 0xFF, 0xE4, 0xE4, 0xE4, 0xE4};
const std::vector<uint8_t> kDxt5Block = {255, 0, 0x88, 0xC6, 0xFA, 0x88, 0xC6, 0xFA,
                                         0xFF, 0xFF, 0x00, 0x00, 0, 0, 0, 0};

TEST(DtxFormats, V5Dxt1WithEngineMipSizes) {
    const DecodedTexture t = Decode(WriteDtx(Lt2Dtx(4, 4, {kDxt1Block, {1, 2}, {}})), "e.dtx");
    EXPECT_EQ(t.format, "DTX v-5 DXT1");
    EXPECT_EQ(t.alpha, TextureAlpha::Opaque);
    const Rgba colours[4] = {{255, 0, 0, 255}, {0, 0, 255, 255}, {170, 0, 85, 255}, {85, 0, 170, 255}};
    for (uint32_t i = 0; i < 16; ++i) EXPECT_EQ(PixelAt(t.image, i % 4, i / 4), colours[i % 4]);
}

TEST(DtxFormats, V5Dxt3) {
    const DecodedTexture t = Decode(WriteDtx(Lt2Dtx(5, 4, {kDxt3Block, {1, 2, 3, 4}, {9}})), "f.dtx");
    EXPECT_EQ(t.format, "DTX v-5 DXT3");
    EXPECT_EQ(PixelAt(t.image, 1, 0), (Rgba{255, 255, 255, 17}));
    EXPECT_EQ(PixelAt(t.image, 2, 3), (Rgba{85, 255, 85, 14 * 17}));
}

TEST(DtxFormats, V5Dxt5) {
    const DecodedTexture t = Decode(WriteDtx(Lt2Dtx(6, 4, {kDxt5Block})), "g.dtx");
    EXPECT_EQ(t.format, "DTX v-5 DXT5");
    const uint8_t alpha[8] = {255, 0, 218, 182, 145, 109, 72, 36};
    for (uint32_t i = 0; i < 16; ++i) EXPECT_EQ(PixelAt(t.image, i % 4, i / 4), (Rgba{255, 255, 255, alpha[i % 8]}));
}

TEST(DtxFormats, V5Palette32FromItsSectionAfterAnUnknownOne) {
    std::vector<uint8_t> palette;
    for (int k = 0; k < 256; ++k) palette.insert(palette.end(), {uint8_t(255 - k), uint8_t(k), 40, 50}); // a,r,g,b
    std::vector<uint8_t> indices(16);
    for (int i = 0; i < 16; ++i) indices[size_t(i)] = uint8_t(i * 16);
    Dtx dtx = Lt2Dtx(7, 4, {indices});
    dtx.sections = {{"SOMETHINGELSE", "x", {1, 2, 3}}, {"PALLETE32", "", palette}};
    const DecodedTexture t = Decode(WriteDtx(dtx), "h.dtx");
    EXPECT_EQ(t.format, "DTX v-5 32-bit palette");
    for (uint32_t i = 0; i < 16; ++i) {
        EXPECT_EQ(PixelAt(t.image, i % 4, i / 4), (Rgba{uint8_t(16 * i), 40, 50, uint8_t(255 - 16 * i)}));
    }
}

TEST(DtxFormats, V5IgnoresSectionCountWithoutSectionsFixed) {
    std::vector<uint8_t> mip0(16 * 4, 0x80);
    Dtx dtx = Lt2Dtx(3, 4, {mip0});
    dtx.flags = 0;
    dtx.sectionCountOverride = 5;
    EXPECT_EQ(PixelAt(Decode(WriteDtx(dtx), "i.dtx").image, 0, 0), (Rgba{0x80, 0x80, 0x80, 0x80}));
}

} // namespace
