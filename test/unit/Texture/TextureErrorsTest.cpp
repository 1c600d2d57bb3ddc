// Corrupt textures give one clear ImportError (format, file, section, field,
// byte offset), never a crash or an allocation the file cannot justify.
#include "TextureTestHelpers.h"
#include "writers/Texture/TextureWriters.h"

#include <gtest/gtest.h>

#include <cstdio>

using namespace assimp_retro;
using namespace retro_test;
using namespace retro_test::tex;

namespace {

// An 8x4 ARGB4444 PAA (LZSS level 0 at byte 0xb, 4x2 level 1), no TAGGs.
Paa SmallPaa() {
    Paa paa;
    paa.typeTag = 0x4444;
    std::vector<uint8_t> raw(8 * 4 * 2);
    for (size_t i = 0; i < raw.size(); ++i) raw[i] = uint8_t(i * 7);
    paa.levels.push_back({8, 4, false, LzssEncodeSigned(raw), std::nullopt});
    paa.levels.push_back({4, 2, false, LzssEncodeSigned(std::vector<uint8_t>(16, 0xF0)), std::nullopt});
    return paa;
}

TEST(TextureErrors, UnknownExtension) {
    EXPECT_EQ(DecodeError({1, 2, 3}, "x.tga"), "texture: x.tga: unsupported texture type (known: .paa, .pac, .dtx)");
}

TEST(TextureErrors, PaaTooShort) {
    EXPECT_EQ(DecodeError({1}, "x.paa"), "PAA: x.paa: header, field 'type tag' at byte 0x0: file too short for a texture");
}

TEST(TextureErrors, PaaTruncatedLevel) {
    const Paa paa = SmallPaa();
    const size_t level1 = 4 + 7 + paa.levels[0].stored.size(); // type tag, palette count, level 0
    std::vector<uint8_t> bytes = WritePaa(paa);
    bytes.resize(level1 + 7 + 2); // 2 of level 1's 8 data bytes
    char offset[16];
    std::snprintf(offset, sizeof offset, "0x%zx", level1 + 4);
    EXPECT_EQ(DecodeError(bytes, "t.paa"), std::string("PAA: t.paa: level 1, field 'data size' at byte ") + offset +
            ": level data of 8 bytes exceeds the 2 bytes left");
}

TEST(TextureErrors, PaaMissingTerminator) {
    Paa paa = SmallPaa();
    paa.terminator = false;
    EXPECT_EQ(DecodeError(WritePaa(paa), "t.paa").find("level 2, field 'width'"), 12u);
    EXPECT_NE(DecodeError(WritePaa(paa), "t.paa").find("file ends before the terminating level record (w = 0, h = 0)"),
            std::string::npos);
}

TEST(TextureErrors, PaaBadChecksum) {
    Paa paa = SmallPaa();
    paa.levels[0].stored.back() ^= 0x01; // the checksum's top byte
    EXPECT_EQ(DecodeError(WritePaa(paa), "c.paa"),
            "PAA: c.paa: level 0, field 'data' at byte 0xb: LZSS: checksum mismatch (corrupt compressed data), "
            "and the " + std::to_string(paa.levels[0].stored.size()) + " stored bytes are not the raw size 64");
}

TEST(TextureErrors, PaaAbsurdDimensions) {
    Paa paa = SmallPaa();
    paa.levels[0].width = 8192;
    EXPECT_EQ(DecodeError(WritePaa(paa), "big.paa"), "PAA: big.paa: level 0, field 'width' at byte 0x4: level size 8192x4 outside 2..4096");
    paa.levels[0].width = 1;
    EXPECT_EQ(DecodeError(WritePaa(paa), "one.paa"), "PAA: one.paa: level 0, field 'width' at byte 0x4: level size 1x4 outside 2..4096");
}

TEST(TextureErrors, PaaLevelLargerThanItsDataCouldHold) {
    Paa paa = SmallPaa();
    paa.levels[0].width = 4096;
    paa.levels[0].height = 4096;
    EXPECT_EQ(DecodeError(WritePaa(paa), "huge.paa"),
            "PAA: huge.paa: level 0, field 'data' at byte 0xb: " + std::to_string(paa.levels[0].stored.size()) +
            " stored bytes cannot hold 33554432 bytes of pixels");
}

TEST(TextureErrors, PaaTooManyLevels) {
    Paa paa = SmallPaa();
    while (paa.levels.size() < 17) paa.levels.push_back(paa.levels[1]);
    EXPECT_NE(DecodeError(WritePaa(paa), "many.paa").find("level 16, field 'width'"), std::string::npos);
    EXPECT_NE(DecodeError(WritePaa(paa), "many.paa").find("more than 16 levels"), std::string::npos);
}

TEST(TextureErrors, PaaTaggLongerThanTheFile) {
    Paa paa = SmallPaa();
    paa.taggs = {{"AVGC", {1, 2, 3, 4}}};
    std::vector<uint8_t> bytes = WritePaa(paa);
    bytes[12] = 0xFF; // the length's third byte
    EXPECT_EQ(DecodeError(bytes, "g.paa"), "PAA: g.paa: TAGG 0, field 'length' at byte 0xa: length 16711684 exceeds the " +
            std::to_string(bytes.size() - 14) + " bytes left");
}

TEST(TextureErrors, PaaLzoLevelIsUnsupported) {
    Paa paa = SmallPaa();
    paa.levels[0].width |= 0x8000;
    EXPECT_EQ(DecodeError(WritePaa(paa), "arma.paa"),
            "PAA: arma.paa: level 0, field 'width' at byte 0x4: unsupported: LZO-compressed level (ArmA, width bit 0x8000)");
}

TEST(TextureErrors, PaaDxtLevelOfTheWrongSize) {
    Paa paa;
    paa.typeTag = 0xFF01;
    paa.levels.push_back({8, 4, false, std::vector<uint8_t>(8, 0), std::nullopt});
    EXPECT_EQ(DecodeError(WritePaa(paa), "d.paa"), "PAA: d.paa: level 0, field 'data' at byte 0xb: stored DXT level of 8 bytes; 16 raw bytes expected");
}

TEST(TextureErrors, PacPaletteTooLarge) {
    Paa paa;
    paa.palette.assign(300, 0);
    EXPECT_EQ(DecodeError(WritePaa(paa), "p.pac"), "PAC: p.pac: palette, field 'count' at byte 0x0: palette of 300 colours (at most 256)");
}

TEST(TextureErrors, PacRlePacketOverrunsTheLevel) {
    Paa paa;
    paa.palette = {0x000000};
    paa.levels.push_back({2, 2, false, {0x81, 0x00, 0x82, 0x00}, std::nullopt}); // 2 + 3 pixels for 4
    EXPECT_EQ(DecodeError(WritePaa(paa), "r.pac"),
            "PAC: r.pac: level 0, field 'RLE packet' at byte 0xe: RLE packet of 3 pixels overruns the level (2 left)");
}

TEST(TextureErrors, PacIndexBeyondThePalette) {
    Paa paa;
    paa.palette = {0x000000, 0xFFFFFF};
    paa.levels.push_back({2, 2, false, RleEncode({0, 1, 2, 1}), std::nullopt});
    EXPECT_EQ(DecodeError(WritePaa(paa), "i.pac"),
            "PAC: i.pac: level 0, field 'data' at byte 0xf: palette index 2 beyond the 2-colour palette");
}

TEST(TextureErrors, PacLzssMarkerLevelTruncated) {
    Paa paa;
    paa.palette = {0x000000};
    std::vector<uint8_t> stored = LzssEncodeSigned(std::vector<uint8_t>(64, 0));
    stored.resize(stored.size() - 5);
    paa.levels.push_back({8, 8, true, stored, std::nullopt});
    EXPECT_EQ(DecodeError(WritePaa(paa), "z.pac"),
            "PAC: z.pac: level 0, field 'data' at byte 0x10: LZSS: compressed stream ends before all data was decoded, and the " +
            std::to_string(stored.size()) + " stored bytes are not the raw size 64");
}

// ---- DTX -------------------------------------------------------------------------------

Dtx SmallDtx() {
    Dtx dtx;
    dtx.version = -3;
    dtx.width = 8;
    dtx.height = 8;
    dtx.flags = 0xA;
    dtx.palette.assign(1024, 0xFF);
    dtx.mips = {std::vector<uint8_t>(64, 1), std::vector<uint8_t>(16, 2)};
    dtx.alphaMasks = {std::vector<uint8_t>(32, 0xFF), std::vector<uint8_t>(8, 0xFF)};
    return dtx;
}

TEST(TextureErrors, DtxHeaderFields) {
    Dtx dtx = SmallDtx();
    dtx.resType = 2;
    EXPECT_EQ(DecodeError(WriteDtx(dtx), "s.dtx"), "DTX: s.dtx: header, field 'resType' at byte 0x0: resource type 2 is not a texture (0)");
    dtx = SmallDtx();
    dtx.version = -4;
    EXPECT_EQ(DecodeError(WriteDtx(dtx), "v.dtx"), "DTX: v.dtx: header, field 'version' at byte 0x4: unsupported version -4 (supported: -2, -3, -5)");
    dtx = SmallDtx();
    dtx.width = 5000;
    EXPECT_EQ(DecodeError(WriteDtx(dtx), "w.dtx"), "DTX: w.dtx: header, field 'width' at byte 0x8: size 5000x8 outside 1..4096");
    dtx = SmallDtx();
    dtx.mips.clear();
    EXPECT_EQ(DecodeError(WriteDtx(dtx), "m.dtx"), "DTX: m.dtx: header, field 'nMipmaps' at byte 0xc: 0 mipmaps for 8x8 (1..15, each at least 1x1)");
    dtx = SmallDtx();
    dtx.mips.resize(5); // 8x8 has only 4 mips
    EXPECT_EQ(DecodeError(WriteDtx(dtx), "m.dtx"), "DTX: m.dtx: header, field 'nMipmaps' at byte 0xc: 5 mipmaps for 8x8 (1..15, each at least 1x1)");
    std::vector<uint8_t> bytes = WriteDtx(SmallDtx());
    bytes.resize(20);
    EXPECT_EQ(DecodeError(bytes, "short.dtx"),
            "DTX: short.dtx: header, field 'userFlags' at byte 0x14: truncated: needs 4 bytes, 0 left");
}

TEST(TextureErrors, DtxTruncatedMipAndMask) {
    std::vector<uint8_t> bytes = WriteDtx(SmallDtx());
    bytes.resize(1196 + 64 + 10);
    EXPECT_EQ(DecodeError(bytes, "t.dtx"), "DTX: t.dtx: mip 1, field 'indices' at byte 0x4ec: truncated: needs 16 bytes, 10 left");
    bytes = WriteDtx(SmallDtx());
    bytes.pop_back();
    EXPECT_EQ(DecodeError(bytes, "t.dtx"), "DTX: t.dtx: alpha mask 1, field 'alpha' at byte 0x51c: truncated: needs 8 bytes, 7 left");
}

TEST(TextureErrors, DtxSectionOverrunsTheFile) {
    Dtx dtx = SmallDtx();
    dtx.sections = {{"LIGHTDEFS", "", {1, 2, 3}}};
    std::vector<uint8_t> bytes = WriteDtx(dtx);
    bytes.pop_back();
    EXPECT_EQ(DecodeError(bytes, "s.dtx"), "DTX: s.dtx: section 0, field 'dataLen' at byte 0x540: section data of 3 bytes exceeds the 2 bytes left");
}

TEST(TextureErrors, DtxUnsupportedAndIncompleteLt2) {
    Dtx dtx;
    dtx.version = -5;
    dtx.width = dtx.height = 4;
    dtx.bppIdent = 2;
    dtx.mips = {std::vector<uint8_t>(32, 0)};
    EXPECT_EQ(DecodeError(WriteDtx(dtx), "b.dtx"), "DTX: b.dtx: header, field 'extra[2]' at byte 0x1a: unsupported pixel format (BPP ident 2)");
    dtx.bppIdent = 7;
    dtx.mips = {std::vector<uint8_t>(16, 0)};
    EXPECT_EQ(DecodeError(WriteDtx(dtx), "p.dtx"), "DTX: p.dtx: mip 0, at byte 0xb4: 32-bit palette texture has no PALLETE32 section");
    dtx.sections = {{"PALLETE32", "", std::vector<uint8_t>(100, 0)}};
    EXPECT_EQ(DecodeError(WriteDtx(dtx), "p.dtx"), "DTX: p.dtx: section 0, field 'data' at byte 0xd4: PALLETE32 section of 100 bytes (1024 needed)");
    dtx = Dtx();
    dtx.version = -5;
    dtx.width = 6;
    dtx.height = 8;
    dtx.bppIdent = 4;
    dtx.mips = {std::vector<uint8_t>(24, 0)};
    EXPECT_EQ(DecodeError(WriteDtx(dtx), "x.dtx"), "DTX: x.dtx: header, field 'width' at byte 0x8: DXT texture of 6x8 is not made of whole 4x4 blocks");
}

} // namespace
