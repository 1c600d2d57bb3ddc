// assimp-retro: the one S3TC (DXT1/3/5, a.k.a. BC1/2/3) block decoder, shared
// by the PAA/PAC and DTX readers.
//
// Standard S3TC (docs/formats/TEXTURES.md §1.10): 565 end points expanded by bit
// replication; DXT1 uses the 3-colour mode with transparent black when
// c0 <= c1; DXT3/5 colour blocks always use 4 colours; DXT3 alpha is 4 bits
// per texel (a * 17); DXT5 alpha interpolates a0/a1 in 8 (a0 > a1) or 6 steps
// plus 0 and 255. Blocks run left to right, then top to bottom; blocks at the
// right and bottom edges are clipped. DXT2/4 (premultiplied) decode as 3/5.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

namespace assimp_retro {

enum class S3tcFormat { Dxt1, Dxt3, Dxt5 };

/// A 565 colour as 8-bit r, g, b by bit replication: the decoder's end
/// points, and what the encoder (DxtEncode.cpp) measures texels against.
inline std::array<int, 3> Expand565(uint16_t v) {
    const int r = (v >> 11) & 31, g = (v >> 5) & 63, b = v & 31;
    return {(r << 3) | (r >> 2), (g << 2) | (g >> 4), (b << 3) | (b >> 2)};
}

/// 8 for DXT1, 16 for DXT3/5.
size_t S3tcBlockBytes(S3tcFormat format);

/// Bytes of whole blocks covering a width x height image.
size_t S3tcImageBytes(S3tcFormat format, uint32_t width, uint32_t height);

/// Decodes S3tcImageBytes(format, width, height) bytes at `blocks` into
/// `rgba` (width * height * 4 bytes, rows top first). The caller checks sizes.
void DecodeS3tc(const uint8_t *blocks, uint32_t width, uint32_t height, S3tcFormat format, uint8_t *rgba);

} // namespace assimp_retro
