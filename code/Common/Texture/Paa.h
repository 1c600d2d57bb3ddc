// assimp-retro: Bohemia PAA/PAC texture decoder (Operation Flashpoint era),
// docs/formats/TEXTURES.md §1. Use DecodeTexture (Texture.h); this is its PAA/PAC half.
#pragma once

#include "Texture.h"

namespace assimp_retro {

/// Decodes the top level of a PAA/PAC file. `pacExtension` decides the format
/// of an untagged file (.pac: palettised P8, .paa: ARGB4444), the engine's
/// BasicFormat rule. Throws ImportError ("PAA: <file>: ...") on corrupt input.
DecodedTexture DecodePaa(const uint8_t *data, size_t size, const std::string &fileName, bool pacExtension);

} // namespace assimp_retro
