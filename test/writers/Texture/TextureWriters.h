// assimp-retro tests: the project's own writers of Bohemia PAA/PAC and
// LithTech DTX textures (docs/formats/TEXTURES.md §1 and §2), independent from the
// decoders. They write what they are given (texel bytes, stored level data,
// sections), so tests can make every format, including those with no public
// sample, and every kind of corruption.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace retro_test::tex {

// ---- level payload encoders ----------------------------------------------
/// BI-LZSS (4096 ring, matches of 3..18 bytes) followed by the u32 checksum of
/// the raw bytes summed as signed chars (PAA/PAC): the library's encoder
/// (assimp_retro::LzssEncode, code/Common/Lzss.h).
std::vector<uint8_t> LzssEncodeSigned(const std::vector<uint8_t> &raw);

/// PAC P8 RLE: runs of 2..128 equal bytes as (0x80 | n-1, v), the rest as
/// literal packets of 1..128 bytes (n-1, bytes).
std::vector<uint8_t> RleEncode(const std::vector<uint8_t> &indices);

// ---- PAA / PAC -------------------------------------------------------------
struct PaaTagg {
    std::string name;             ///< as the format names it ("AVGC", "FLAG", "OFFS"): written reversed
    std::vector<uint8_t> payload;
};

struct PaaLevel {
    uint16_t width = 0;
    uint16_t height = 0;
    bool lzssMarker = false;      ///< P8: write the 1234, 8765 marker before the size
    std::vector<uint8_t> stored;  ///< the level data exactly as stored
    std::optional<uint32_t> storedSizeOverride; ///< write this u24 size instead of stored.size()
};

struct Paa {
    std::optional<uint16_t> typeTag; ///< 0xFF01..05, 0x4444, 0x1555, 0x8080, 0x8888; none for legacy files
    std::vector<PaaTagg> taggs;
    std::vector<uint32_t> palette;   ///< 0xRRGGBB, written B,G,R
    std::vector<PaaLevel> levels;
    bool terminator = true;          ///< the closing 6 zero bytes
};

std::vector<uint8_t> WritePaa(const Paa &paa);

/// A u32 TAGG payload (AVGC 0xAARRGGBB, FLAG bits).
PaaTagg U32Tagg(const std::string &name, uint32_t value);

// ---- DTX --------------------------------------------------------------------
struct DtxSection {
    std::string type;             ///< up to 14 characters ("PALLETE32", "LIGHTDEFS")
    std::string name;
    std::vector<uint8_t> data;
};

struct Dtx {
    uint32_t resType = 0;
    int32_t version = -3;            ///< -2 (no command string), -3, -5
    uint16_t width = 0;
    uint16_t height = 0;
    uint32_t flags = 0x8;            ///< 0x2 (LT1): alpha masks follow the indices
    uint8_t bppIdent = 0;            ///< extra[2] for v-5
    std::optional<uint16_t> sectionCountOverride;
    std::string command;             ///< v-3/-5: written into the 128-byte command field
    std::vector<uint8_t> palette;    ///< LT1: 256 x {a,r,g,b}
    std::vector<std::vector<uint8_t>> mips;        ///< per mip: indices (LT1) or pixel data (LT2)
    std::vector<std::vector<uint8_t>> alphaMasks;  ///< LT1 with flags & 2: per mip, 4 bits per texel
    std::vector<DtxSection> sections;
};

std::vector<uint8_t> WriteDtx(const Dtx &dtx);

/// 4-bit alpha values (0..15) packed two per byte, low nibble first.
std::vector<uint8_t> PackNibbles(const std::vector<uint8_t> &alpha4);

} // namespace retro_test::tex
