// assimp-retro tests: small helpers shared by the texture tests.
#pragma once

#include "Common/ImportError.h"
#include "Common/Texture/Texture.h"

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace retro_test {

using Rgba = std::array<uint8_t, 4>;

inline assimp_retro::DecodedTexture Decode(const std::vector<uint8_t> &bytes, const std::string &name) {
    return assimp_retro::DecodeTexture(bytes.data(), bytes.size(), name);
}

/// The ImportError message decoding `bytes` gives, or "no error".
inline std::string DecodeError(const std::vector<uint8_t> &bytes, const std::string &name) {
    try {
        Decode(bytes, name);
    } catch (const assimp_retro::ImportError &e) {
        return e.what();
    }
    return "no error";
}

inline Rgba PixelAt(const assimp_retro::RgbaImage &image, uint32_t x, uint32_t y) {
    const uint8_t *p = &image.pixels[(size_t(y) * image.width + x) * 4];
    return {p[0], p[1], p[2], p[3]};
}

/// Repeats `texel` (each `texelBytes` long) over width * height texels, texel
/// i taking entry i % count.
inline std::vector<uint8_t> Tile(const std::vector<std::vector<uint8_t>> &texels, size_t count) {
    std::vector<uint8_t> out;
    for (size_t i = 0; i < count; ++i) out.insert(out.end(), texels[i % texels.size()].begin(), texels[i % texels.size()].end());
    return out;
}

} // namespace retro_test
