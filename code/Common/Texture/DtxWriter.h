// assimp-retro: LithTech DTX writer, the inverse of Dtx.cpp
// (docs/formats/TEXTURES.md §2): the variants each game reads.
//
//   Lt1Palette  v-3, 8-bit palette (+ 4-bit alpha masks when the image has
//               alpha): KISS Psycho Circus (LithTech 1.5)
//   Lt10Palette v-2, the same body with the 36-byte header: Shogo, Blood 2
//   Lt2Bgra32   v-5, 32-bit BGRA: NOLF, AVP2
//   Lt2Dxt1/3/5 v-5, S3TC (Common/Texture/DxtEncode)
//
// Mip levels are made by 2x2 box filtering, 4 at most (LithTech 1 files
// have 4), fewer when a side gets below 1 (or, for DXT, below whole 4x4
// blocks: the engine does not round DXT mip sizes up). A palette holds the
// image's colours exactly when there are at most 256; more are reduced by
// median cut, and every mip texel takes the nearest entry.
#pragma once

#include "Texture.h" // DtxFormat, ParseDtxFormat: <assimp_retro/texture.h>

#include <cstdint>
#include <string>
#include <vector>

namespace assimp_retro {

/// The DTX file of `image` (1..4096 per side). Throws ImportError with a
/// "DTX writer: ..." message for an image it cannot write.
std::vector<uint8_t> EncodeDtx(const RgbaImage &image, DtxFormat format);

} // namespace assimp_retro
