// assimp-retro: a COLLADA file whose animated objects open upright in Blender.
//
// Assimp 5.2.5's COLLADA exporter writes the root node's children as the
// visual scene's top nodes (the root node itself is not written). Blender
// 3.4's COLLADA importer turns the file's Y-up into Z-up by rotating the
// top-level objects, and an object's animation (Assimp writes node animation
// as <matrix> channels) then replaces that rotation: an animated top node
// that is not a joint comes in lying on its back (e.g. the LOD node of an
// animated ODOL). Skeletons are not affected: Blender animates their nodes as
// pose bones under an armature object that keeps the rotation (and an extra
// node above a skeleton turns it on its side).
#pragma once

struct aiScene;

namespace assimp_retro {

/// When a child of the root node is animated (an aiNodeAnim names it) and
/// neither it nor a node below it is a bone of a mesh, puts one identity node, "<root name>.DaeRoot",
/// between the root node and all its children, so that the file's top node is
/// that unanimated node. Returns true if it did; the scene is left as it was
/// otherwise.
bool WrapAnimatedRootChildrenForCollada(aiScene &scene);

} // namespace assimp_retro
