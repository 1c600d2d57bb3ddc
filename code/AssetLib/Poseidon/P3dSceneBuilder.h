// assimp-retro: P3D format model -> aiScene (Assimp's conventions).
#pragma once

#include "P3dModel.h"

#include "Common/AnimationOptions.h"

#include <string>
#include <vector>

struct aiScene;

namespace assimp_retro {
namespace p3d {

enum class LodSelection {
    FirstVisual = 0, ///< the first (most detailed) visual LOD only
    AllVisual = 1, ///< every visual LOD (resolution LODs and View-* interiors)
    All = 2, ///< every LOD, including Geometry, Memory, Fire Geometry, ...
};

/// The LODs BuildScene shows for `selection` (indices into model.lods); reads
/// only their resolutions.
std::vector<size_t> ChooseLods(const Model &model, LodSelection selection);

struct SceneOptions {
    LodSelection lods = LodSelection::FirstVisual;
    std::string rootName = "P3D"; ///< name of the static root node
    std::string fileName; ///< for error messages (as BinaryReader::Prefix gives)
    AnimationOptions animations; ///< the animation properties every format reads
};

/// Builds the scene into `scene` (an empty aiScene owned by the caller):
///   root (static)
///   +- "LOD 1.000" (one node per chosen LOD; metadata: resolution, named
///   |   properties, named selections)   meshes: one per texture/flag set
///   |   +- "proxy:<path>.<id>" (proxy transform)
///   +- "Memory"
///       +- "<selection>" (point nodes at the selections' positions)
/// Morph frames become aiAnimMesh targets on every mesh of their LOD, driven
/// by one aiAnimation whose morph channels name the LOD nodes.
void BuildScene(const Model &model, const SceneOptions &options, aiScene *scene);

} // namespace p3d
} // namespace assimp_retro
