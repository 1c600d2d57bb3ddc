// assimp-retro: the image a material shows, for the exporters that write
// textures beside their model (the ABC exporters' DTX skins): the diffuse (or
// base colour) texture, embedded in the scene or a file.
#pragma once

#include "Texture.h"

#include <string>

struct aiScene;
struct aiMaterial;
namespace Assimp {
class IOSystem;
}

namespace assimp_retro {

/// The texture of `material` to write.
struct MaterialImage {
    bool found = false; ///< false: the material names no texture
    std::string source; ///< what it came from, for messages: "embedded texture *0 (skin.png)", "a/b.png"
    RgbaImage image;
};

/// The first diffuse texture of `material`, else its first base-colour one:
/// an embedded texture ("*N", or an aiTexture named like the path), either
/// compressed (PNG, JPEG, ... as DecodeImageFile reads) or as aiTexels; else the
/// file the path names, opened through `io` as written (relative paths are
/// relative to the current folder: Assimp does not tell an exporter where
/// the scene was read from). Throws ImportError naming the material and the
/// texture when the texture is missing or cannot be decoded.
MaterialImage ReadMaterialImage(const aiScene &scene, const aiMaterial &material, Assimp::IOSystem *io);

} // namespace assimp_retro
