// assimp-retro: keeping game texture paths out of glTF image references.
//
// Importers put the game's own texture path (e.g. "data\west_01.paa", a DTX
// skin) into the aiMaterial verbatim: that is the library's contract and what
// engines using it want. Assimp's glTF2 exporter, however, turns every
// material texture path into an image URI; a .paa/.pac/.dtx path with
// backslashes is neither a valid URI nor an image glTF can use (the Khronos
// validator reports an error). Before a glTF/GLB export, call
// MoveNonGltfTextures on the scene to be exported (a copy, if the caller
// still needs the paths in the texture slots).
#pragma once

#include <assimp_retro/config.h> // AI_MATKEY_RETRO_SOURCE_TEXTURE

#include <string>
#include <vector>

struct aiScene;

namespace assimp_retro {

/// True for paths glTF 2.0 can reference as images (".png", ".jpg", ".jpeg",
/// case-insensitive) and for Assimp's embedded-texture references ("*0").
bool IsGltfImagePath(const char *path);

/// Prepares the materials of `scene` for glTF:
///   - a texture path that is not IsGltfImagePath() leaves its texture slot
///     (all types) for AI_MATKEY_RETRO_SOURCE_TEXTURE, and is appended to the
///     material name in brackets ("hull [data\hull.paa]") unless the name
///     already shows it (P3D materials are named after their texture), so the
///     path stays visible in the glTF;
///   - a PNG/JPEG path with backslashes gets forward slashes (a URI).
/// Appends one human-readable note per change to `notes` when given.
/// Returns how many texture references were moved out.
unsigned MoveNonGltfTextures(aiScene *scene, std::vector<std::string> *notes = nullptr);

} // namespace assimp_retro
