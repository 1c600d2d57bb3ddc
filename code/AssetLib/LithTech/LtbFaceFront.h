#pragma once
// LTB's half turn about +Y (AI_CONFIG_IMPORT_LTB_FACE_FRONT), applied below
// the root node so that the root keeps the identity transform of an ABC
// scene: COLLADA and FBX exporters, and Blender's importers of those, treat a
// transformed root differently from a glTF viewer (docs/formats/LTB.md 7).

struct aiScene;

namespace assimp_retro {
namespace ltb {

/// Turns everything below the root node half a turn about +Y (x and z
/// negated, exactly). A mesh held only by a plain child of the root (identity
/// transform, no children, no animation channel, no bone) is turned in its
/// vertices, its bones' offset matrices following; every other child of the
/// root gets the turn in its transform and its animation channels' keys.
/// World-space geometry equals that of the half turn at the root.
void TurnHalfAboutY(aiScene &scene);

} // namespace ltb
} // namespace assimp_retro
