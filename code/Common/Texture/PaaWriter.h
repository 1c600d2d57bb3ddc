// assimp-retro: Bohemia PAA/PAC texture writer (Operation Flashpoint era),
// the inverse of Paa.cpp; docs/formats/TEXTURES.md §1 and §1.14.
#pragma once

#include "Texture.h" // PaaType, PaaTypeName, ChoosePaaType: <assimp_retro/texture.h>

#include <cstdint>
#include <string>
#include <vector>

namespace assimp_retro {

/// A whole PAA/PAC file of `image`: the type tag (none for P8), the TAGGs
/// OFP's tools write (AVGC average colour, MAXC, FLAG alpha kind, OFFS level
/// offsets), the palette (P8), then the top level and, with `mipmaps`, each
/// half-size level down to 4 texels a side for DXT (2 for the others);
/// 16-bit levels LZSS-compressed with the signed checksum, P8 run-length
/// encoded, DXT raw. Throws ExportError when the image cannot be such a
/// texture: sides not powers of two in 2..4096 (4..4096 for DXT), or, for
/// P8, more than 255 opaque colours or alpha other than 0 and 255.
std::vector<uint8_t> EncodePaa(const RgbaImage &image, PaaType type, bool mipmaps = true);

} // namespace assimp_retro
