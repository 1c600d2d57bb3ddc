// assimp-retro: LithTech DTX texture decoder (v-2, v-3, v-5), docs/formats/TEXTURES.md §2.
// Use DecodeTexture (Texture.h); this is its DTX half.
#pragma once

#include "Texture.h"

namespace assimp_retro {

/// Header flags the decoder and the writer (DtxWriter.cpp) both know.
constexpr uint32_t kDtxFlagAlphaMasks = 0x2; ///< LT1.x: 4-bit alpha masks follow the indices
constexpr uint32_t kDtxFlagSectionsFixed = 0x8; ///< LT2: nSections is meaningful

/// Decodes mip 0 of a DTX file. Throws ImportError ("DTX: <file>: ...").
DecodedTexture DecodeDtx(const uint8_t *data, size_t size, const std::string &fileName);

} // namespace assimp_retro
