// assimp-retro tests: writer-made texture seeds (see TextureSeeds.h).
#include "TextureSeeds.h"

#include "TextureWriters.h"

namespace retro_test::tex {

namespace {

// w x h texels of `texelBytes` bytes: a gradient with some repeats.
std::vector<uint8_t> Texels(uint16_t w, uint16_t h, size_t texelBytes) {
    std::vector<uint8_t> out;
    for (size_t i = 0; i < size_t(w) * h * texelBytes; ++i) out.push_back(uint8_t((i / texelBytes / 3) * 29 + i % texelBytes * 64));
    return out;
}

// A 16x8 PAA of two levels; `lzss` stores them compressed.
std::vector<uint8_t> TexelPaa(uint16_t tag, size_t texelBytes, bool lzss) {
    Paa paa;
    paa.typeTag = tag;
    paa.taggs = {U32Tagg("AVGC", 0xC0808080), U32Tagg("FLAG", 1), {"OFFS", std::vector<uint8_t>(64, 0)}};
    for (uint16_t w = 16, h = 8; w >= 8; w /= 2, h /= 2) {
        const std::vector<uint8_t> raw = Texels(w, h, texelBytes);
        paa.levels.push_back({w, h, false, lzss ? LzssEncodeSigned(raw) : raw, std::nullopt});
    }
    return WritePaa(paa);
}

std::vector<uint8_t> P8Pac(bool lzss) {
    Paa paa;
    paa.taggs = {U32Tagg("AVGC", 0xFF204060)};
    paa.palette = {0x000000, 0xFF0000, 0x00FF00, 0x0000FF, 0xFF00FF, 0x808080};
    for (uint16_t w = 16, h = 8; w >= 8; w /= 2, h /= 2) {
        std::vector<uint8_t> indices;
        for (size_t i = 0; i < size_t(w) * h; ++i) indices.push_back(uint8_t((i / 5) % 6));
        paa.levels.push_back({w, h, lzss, lzss ? LzssEncodeSigned(indices) : RleEncode(indices), std::nullopt});
    }
    return WritePaa(paa);
}

std::vector<uint8_t> DxtPaa(uint16_t tag, size_t blockBytes) {
    Paa paa;
    paa.typeTag = tag;
    paa.levels.push_back({8, 8, false, Texels(2, 2, blockBytes), std::nullopt});
    paa.levels.push_back({4, 4, false, Texels(1, 1, blockBytes), std::nullopt});
    return WritePaa(paa);
}

std::vector<uint8_t> Lt1Dtx(int32_t version) {
    Dtx dtx;
    dtx.version = version;
    dtx.width = 16;
    dtx.height = 8;
    dtx.flags = 0xA;
    dtx.command = "seed";
    dtx.palette = Texels(256, 1, 4);
    for (unsigned i = 0; i < 4; ++i) {
        const uint16_t w = uint16_t(16 >> i), h = uint16_t(8 >> i);
        dtx.mips.push_back(Texels(w, h, 1));
        dtx.alphaMasks.push_back(std::vector<uint8_t>((size_t(w) * h + 1) / 2, 0x5F));
    }
    return WriteDtx(dtx);
}

std::vector<uint8_t> Lt2Dtx(uint8_t bpp, size_t bytesPerTexelTimes2) {
    Dtx dtx;
    dtx.version = -5;
    dtx.width = 8;
    dtx.height = 8;
    dtx.bppIdent = bpp;
    for (unsigned i = 0; i < 4; ++i) {
        const uint16_t side = uint16_t(8 >> i);
        dtx.mips.push_back(Texels(side, side, 1));
        dtx.mips.back().resize(size_t(side) * side * bytesPerTexelTimes2 / 2);
    }
    if (bpp == 7) dtx.sections = {{"PALLETE32", "", Texels(256, 1, 4)}};
    return WriteDtx(dtx);
}

} // namespace

std::map<std::string, std::vector<uint8_t>> TextureSeedFiles() {
    const std::string paa = "test/fuzz/corpus/fuzz_paa/";
    const std::string dtx = "test/fuzz/corpus/fuzz_dtx/";
    return {
        {paa + "argb4444_lzss.paa", TexelPaa(0x4444, 2, true)},
        {paa + "argb1555_raw.paa", TexelPaa(0x1555, 2, false)},
        {paa + "ai88_lzss.paa", TexelPaa(0x8080, 2, true)},
        {paa + "argb8888_raw.paa", TexelPaa(0x8888, 4, false)},
        {paa + "p8_rle.pac", P8Pac(false)},
        {paa + "p8_lzss.pac", P8Pac(true)},
        {paa + "dxt1.paa", DxtPaa(0xFF01, 8)},
        {paa + "dxt5.paa", DxtPaa(0xFF05, 16)},
        {dtx + "v3_palette_masks.dtx", Lt1Dtx(-3)},
        {dtx + "v2_palette_masks.dtx", Lt1Dtx(-2)},
        {dtx + "v5_bgra32.dtx", Lt2Dtx(3, 8)},
        {dtx + "v5_dxt1.dtx", Lt2Dtx(4, 1)},
        {dtx + "v5_dxt5.dtx", Lt2Dtx(6, 2)},
        {dtx + "v5_palette32.dtx", Lt2Dtx(7, 2)},
    };
}

} // namespace retro_test::tex
