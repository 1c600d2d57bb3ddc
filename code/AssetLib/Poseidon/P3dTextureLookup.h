// assimp-retro: where a P3D model's textures are, the way Operation
// Flashpoint finds them (docs/formats/TEXTURES.md, docs/textures.md
// "Textures in models"), on the common case-insensitive lookup
// (Common/Texture/TextureLookup.h).
#pragma once

#include "Common/Texture/TextureEmbedding.h"

#include <string>
#include <vector>

struct aiScene;
namespace Assimp {
class IOSystem;
}

namespace assimp_retro {

class DirectoryCache;

/// P3D: the file a game path ("tzk_objects\\tomahawk.paa") names, searched in
/// the user's data `roots`, then in each folder above `modelFile` (A/<path>,
/// A/AddOns/<path>, A/<path without its first component> when A is named
/// like that component), then the same with .paa and .pac swapped, then the
/// file name (either extension) in the model's folder. "" if none.
std::string FindP3dTexture(Assimp::IOSystem *io, const std::string &modelFile, const std::string &gamePath,
        const std::vector<std::string> &roots);
std::string FindP3dTexture(Assimp::IOSystem *io, const std::string &modelFile, const std::string &gamePath,
        const std::vector<std::string> &roots, DirectoryCache &dirs);

/// P3D: each material's diffuse path looked up (FindP3dTexture); paths that
/// are not .paa/.pac (IsDecodableTextureName) are left alone.
std::vector<MaterialTexture> LocateP3dTextures(const aiScene &scene, Assimp::IOSystem *io, const std::string &modelFile,
        const TextureOptions &options);

} // namespace assimp_retro
