// assimp-retro: any image the project reads as texels: game textures through
// their decoders (Texture.h), other image files (PNG, JPEG, TGA, BMP) through
// stb_image from Debian's libstb-dev, and the embedded textures of a scene.
// Used by the texture verb's encoders and by the exporters that write a
// scene's textures as game files.
#pragma once

#include "Texture.h"

#include <cstddef>
#include <cstdint>
#include <string>

struct aiTexture;

namespace assimp_retro {

/// The texels of a whole image file held in memory: `fileName`'s extension
/// picks a game texture decoder (.paa, .pac, .dtx), anything else is read by
/// stb_image. Throws ImportError naming `fileName` when it cannot be read or
/// a side exceeds 4096 texels (the games' limit).
RgbaImage DecodeImageFile(const uint8_t *data, size_t size, const std::string &fileName);

/// The texels of an embedded texture: a compressed one (mHeight 0) decoded
/// as the file its format hint names, else its BGRA texels. Throws
/// ImportError naming the texture when it cannot be read.
RgbaImage DecodeEmbeddedTexture(const aiTexture &texture);

} // namespace assimp_retro
