// assimp-retro: decoded game textures, the one interface between the texture
// decoders (PAA/PAC, DTX), the PNG writer and the importers that embed them.
//
// Decoders turn a whole texture file into RGBA8 pixels of its top mip level;
// importers find the file (TextureLookup), decode it, encode it as PNG and
// embed it as a compressed aiTexture. Nothing here knows an importer.
#pragma once

#include <assimp_retro/texture.h> // RgbaImage, TextureAlpha, DecodedTexture: public types

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace assimp_retro {

/// The largest texture side the games load (PAA and DTX alike): the decoders
/// refuse larger files, the writers larger images.
constexpr uint32_t kMaxTextureSide = 4096;

/// Decodes a whole texture file held in memory. `fileName` supplies the
/// extension (an untagged PAA is ARGB4444 as .paa and palettised as .pac) and
/// the name used in error messages. Throws ImportError naming the format, the
/// file, the field and the byte offset when the file is corrupt, truncated,
/// unsupported or larger than its size can justify.
DecodedTexture DecodeTexture(const uint8_t *data, size_t size, const std::string &fileName);

/// Classifies decoded alpha: every texel 255 -> Opaque, only 0 and 255 ->
/// Mask, any other value -> Blend. The decoders start from this (PAA's FLAG
/// TAGG can then turn a non-opaque image into Mask or Blend).
TextureAlpha ClassifyAlpha(const RgbaImage &image);

/// PNG (8-bit RGBA, zlib-compressed) of `image`. Throws ImportError if zlib fails.
std::vector<uint8_t> EncodePng(const RgbaImage &image);

} // namespace assimp_retro
