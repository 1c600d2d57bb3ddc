// assimp-retro: puts every skinned mesh of a glTF document on a scene root
// node (validator warning NODE_SKINNED_MESH_NON_ROOT otherwise). glTF ignores
// the transform of a node holding a skinned mesh, and its parents' (the
// joints place the vertices), so this changes nothing a viewer draws.
#pragma once

#include "Export/GltfDocument.h"

namespace assimp_retro {

/// For each node with "skin" and "mesh" that is not a root of the scene it
/// belongs to: a node without children is moved to the scene's roots; a node
/// with children keeps its name, transform and children, and its mesh and
/// skin move to a new root node "<name>.SkinnedMesh" (morph `weights`
/// animation channels and the node's "weights" follow the mesh). Returns the
/// number of skinned meshes moved.
unsigned MoveSkinnedMeshesToRoots(GltfDocument &document);

} // namespace assimp_retro
