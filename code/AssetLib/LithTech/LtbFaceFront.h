#pragma once
// LTB's half turn about +Y (AI_CONFIG_IMPORT_LTB_FACE_FRONT), applied below
// the root node so that the root keeps the identity transform of an ABC
// scene: COLLADA and FBX exporters, and Blender's importers of those, treat a
// transformed root differently from a glTF viewer (docs/formats/LTB.md 7).

#include <string>

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

/// AI_CONFIG_IMPORT_LTB_FACE_FRONT when it is not set: decide by the name.
constexpr int kFaceFrontByName = -1;

/// True if `path` names a first-person (player-view) model by the games'
/// naming: its file name, without folders, starts with "PV-" or "PV_" in any
/// case. The game draws those in the camera's space, whose forward is
/// LithTech's +Z, so they need no turn (docs/formats/LTB.md 8).
bool IsPlayerViewModelName(const std::string &path);

/// Whether a file is turned for a value of AI_CONFIG_IMPORT_LTB_FACE_FRONT:
/// kFaceFrontByName turns every model but a player-view one; 0 turns none;
/// any other value (a bool's true is 1) turns every model.
bool ShouldTurnHalfAboutY(int setting, const std::string &path);

} // namespace ltb
} // namespace assimp_retro
