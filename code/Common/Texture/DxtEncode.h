// assimp-retro: the one S3TC (DXT1/3/5) block encoder, shared by the texture
// writers of every format (DTX for LithTech, PAA for Operation Flashpoint).
//
// The colour end points and indices come from stb_dxt (Debian's libstb-dev,
// header-only, so it builds wherever the project does, the mingw cross-build
// included; libsquish has no mingw build). stb_dxt writes DXT1 colour blocks
// and DXT5 blocks only; this file adds what it lacks:
//   - DXT1 with 1-bit alpha: a block with any texel of alpha < 128 is written
//     in the 3-colour mode (c0 <= c1), those texels as index 3 (transparent
//     black), the others as the nearest of c0, c1 and their midpoint;
//   - DXT3: 4-bit explicit alpha, rounded to the nearest of the 16 levels
//     the decoder expands by a * 17, followed by a colour block.
// Edge blocks of images whose sides are not multiples of 4 are padded by
// repeating the last column and row, which the decoder clips away.
#pragma once

#include "S3tc.h"
#include "Texture.h"

#include <cstdint>
#include <vector>

namespace assimp_retro {

/// Encodes `image` as S3tcImageBytes(format, width, height) bytes of blocks
/// (left to right, then top to bottom), the layout DecodeS3tc reads. DXT1
/// keeps alpha as 1 bit (texels below 128 become transparent black); DXT3
/// and DXT5 keep 4 and interpolated 8 bits. An empty image gives no bytes.
std::vector<uint8_t> EncodeS3tc(const RgbaImage &image, S3tcFormat format);

} // namespace assimp_retro
