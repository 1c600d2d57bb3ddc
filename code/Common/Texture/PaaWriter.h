// assimp-retro: Bohemia PAA/PAC texture writer (Operation Flashpoint era),
// the inverse of Paa.cpp; docs/formats/TEXTURES.md §1 and §1.14.
#pragma once

#include "Texture.h"

#include <cstdint>
#include <string>
#include <vector>

namespace assimp_retro {

/// The texel types OFP reads (TEXTURES.md §1.3). P8 is the palettised PAC:
/// written untagged, so the file must be named .pac.
enum class PaaType { Dxt1, Dxt5, Argb4444, Argb1555, Ai88, P8 };

/// "DXT1", "DXT5", "ARGB4444", "ARGB1555", "AI88", "P8".
const char *PaaTypeName(PaaType type);
/// The inverse of PaaTypeName (case-insensitive; "4444", "1555", "88", "pac" too); false if unknown.
bool PaaTypeFromName(const std::string &name, PaaType &type);

/// The type a texture of `image` gets when nobody names one, as OFP's own
/// files have it (TEXTURES.md §1.14): opaque and alpha-tested images DXT1
/// (the TexView-made aiOrder1_board_co.paa is DXT1 with FLAG 2), blended
/// alpha ARGB4444. `pac`: P8 when the image fits a PAC palette (at most 255
/// opaque colours, none magenta or cyan, alpha only 0 and 255); else the
/// same tagged types, which the engine reads in a .pac too (the tag wins).
PaaType ChoosePaaType(const RgbaImage &image, bool pac);

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
