// assimp-retro: keeping game texture paths out of glTF image references.
//
// Importers put the game's own texture path (e.g. "data\west_01.paa", a DTX
// skin) into the aiMaterial verbatim: that is the library's contract and what
// engines using it want. Assimp's glTF2 exporter, however, turns every
// material texture path into an image URI; a .paa/.pac/.dtx path with
// backslashes is neither a valid URI nor an image glTF can use. Before a
// glTF/GLB export, call MoveNonGltfTextures on the scene to be exported (a
// copy, if the caller still needs the paths in the texture slots).
#pragma once

struct aiScene;

namespace assimp_retro {

/// Material property (aiString, one per texture type and index) that receives
/// a texture path moved out of its texture slot: key "$mat.retro.texture",
/// semantic = the aiTextureType, index = the texture index.
#define AI_MATKEY_RETRO_SOURCE_TEXTURE "$mat.retro.texture"

/// True for paths glTF 2.0 can reference as images (".png", ".jpg", ".jpeg",
/// case-insensitive) and for Assimp's embedded-texture references ("*0").
bool IsGltfImagePath(const char *path);

/// Moves every texture path that is not IsGltfImagePath() out of the
/// materials' texture slots (all types) into AI_MATKEY_RETRO_SOURCE_TEXTURE,
/// so the exporter writes no broken image. The material name is kept (P3D
/// materials are named after their texture path). Returns how many moved.
unsigned MoveNonGltfTextures(aiScene *scene);

} // namespace assimp_retro
