// assimp-retro: aiScene -> MLOD format model, the inverse of P3dSceneBuilder.
#pragma once

#include "MlodModel.h"

#include <string>
#include <vector>

struct aiScene;

namespace assimp_retro {
namespace p3d {

struct ExportOptions {
    std::string textureRoot; ///< folder (game-relative) for textures without a game path
    float mass = -1.f; ///< total mass for the Geometry LOD; < 0: the scene's, if any
};

/// A texture path the MLOD's faces name, and the scene material it came from.
struct TextureUse {
    std::string path; ///< game path, as written in the faces
    unsigned material = 0; ///< index into aiScene::mMaterials
};

/// The MLOD of `scene` (docs/formats/P3D.md §9): LODs from the P3D importer's
/// LOD nodes or from nodes named like them, else the whole scene as LOD 1.
/// Warnings (what was left out) go to `warnings`. Throws ExportError when the
/// scene cannot become a valid MLOD. With `textures`, each (path, material)
/// the faces use is added to it (once per LOD).
MlodFile SceneToMlod(const aiScene &scene, const ExportOptions &options, std::vector<std::string> &warnings,
        std::vector<TextureUse> *textures = nullptr);

} // namespace p3d
} // namespace assimp_retro
