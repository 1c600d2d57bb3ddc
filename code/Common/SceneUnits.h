// assimp-retro: the length unit of a scene, recorded and optionally
// converted to metres.
//
// The unit is recorded the way Assimp's FBX importer does it, in
// aiScene::mMetaData as doubles in centimetres per unit:
//   "UnitScaleFactor"          the unit of the scene as imported,
//   "OriginalUnitScaleFactor"  the unit of the file.
// Converting scales the data: vertex and morph-target positions, the
// translations of node transforms, bone offset matrices and position keys,
// camera and light positions and clip planes (each matrix M becomes
// S M S^-1: rotations and scales stay, translations scale). The node tree and
// every transform's rotation stay as they are, so skinning stays exact, and
// every exporter writes metres (Assimp's FBX exporter drops the root node's
// transform, glTF readers frame a skinned mesh by its POSITION bounds).
// Metadata values (e.g. ABC animation extents) stay in the file's unit.
#pragma once

struct aiScene;

namespace assimp_retro {

constexpr double kCentimetresPerMetre = 100.0;

/// Records `centimetresPerUnit` and, with `toMetres`, scales the scene to
/// metres (nothing to do when the unit already is the metre). Afterwards
/// "UnitScaleFactor" is 100 if converted, else `centimetresPerUnit`.
void ApplySceneUnits(aiScene &scene, double centimetresPerUnit, bool toMetres);

} // namespace assimp_retro
