// assimp-retro: turns an abc::Lt1Model into an aiScene.
//
// Conventions (docs/formats/ABC.md 2.6, 2.7):
// - LithTech is left-handed, +Y up, models face +Z. The scene mirrors X
//   (x -> -x, quaternion (x,y,z,w) -> (x,-y,-z,w), winding swapped, v -> 1-v),
//   so it is right-handed, +Y up, still facing +Z, with counter-clockwise
//   front faces. FlipGeom = 1 files store the other winding, so for them the
//   mirror alone gives counter-clockwise faces.
// - Scene graph (as the v9+ import): a synthetic root "<ABC_Root>" (never
//   animated) holding the file's node tree (one aiNode per LithTech node, the
//   file's names made unique) and the mesh nodes: "Piece" (v6 has one
//   implicit piece), then on request "LOD1", "LOD2"... holding the meshes
//   "Piece_LOD1"... with metadata abc:lod and abc:lodCollapseSteps.
// - v6 stores no bind pose: every node's transform is animation 0, keyframe 0
//   (T * R), the mesh is built in that pose, every vertex is bound with
//   weight 1 to its node, and aiBone::mOffsetMatrix = inverse(global pose).
//   Every node is a bone (joints without weights keep the skeleton whole).
// - Animations: keys in milliseconds (mTicksPerSecond = 1000), one channel
//   per node. FlipAnim conjugates the stored quaternions.
// - Vertex animation: one morph target (aiAnimMesh, named "<anim>@<ms>") per
//   keyframe of every animation the filter (AI_CONFIG_IMPORT_RETRO_ANIMATIONS)
//   keeps; the bind pose is animation 0's whether it is kept or not; each animation gets an aiMeshMorphAnim per
//   mesh node (mName = the node's name) with one key per keyframe naming that
//   keyframe's target with weight 1 (targets a key does not name weigh 0).
// - Scene metadata (flat keys, named like the v9+ import's): abc:version (6),
//   abc:commandString, abc:transformInfo (section present), abc:flipGeom,
//   abc:flipAnim (the values used), abc:lodSteps, and per scene animation j:
//   abc:anim<j>.name, .lengthMs, .extents (AnimDims), .keyframes (every kept
//   keyframe's time in ms, MetadataLists.h), and for each keyframe i of that
//   list with an engine string .key<i>.command and .key<i>.timeMs.
#pragma once

#include "AbcSettings.h"
#include "AbcLt1Model.h"

#include <cstddef>
#include <string>

struct aiScene;

namespace assimp_retro {
namespace abc {

/// Fills an empty `scene`. Logs the model's warnings and its own through
/// Assimp's DefaultLogger. Throws ImportError only for data it cannot use.
void BuildLt1Scene(const Lt1Model &model, const Lt1BuildSettings &settings, aiScene *scene);

} // namespace abc
} // namespace assimp_retro
