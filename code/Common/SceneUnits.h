// assimp-retro: the length unit of a scene, recorded and optionally
// converted to metres.
//
// The unit is recorded the way Assimp's FBX importer does it, in
// aiScene::mMetaData as doubles in centimetres per unit:
//   "UnitScaleFactor"          the unit of the scene as imported,
//   "OriginalUnitScaleFactor"  the unit of the file.
// Converting multiplies a uniform scale into the root node's transform (a new
// root "<root>.Metres" when an animation channel drives the root), so
// vertices, bind matrices, keys and morph targets stay as the file has them
// and skinning stays exact in every output (glTF's joints inherit the scale;
// a skinned mesh's own node transform is ignored there anyway).
#pragma once

struct aiScene;

namespace assimp_retro {

constexpr double kCentimetresPerMetre = 100.0;

/// Records `centimetresPerUnit` and, with `toMetres`, scales the scene to
/// metres (nothing to do when the unit already is the metre). Afterwards
/// "UnitScaleFactor" is 100 if converted, else `centimetresPerUnit`.
void ApplySceneUnits(aiScene &scene, double centimetresPerUnit, bool toMetres);

} // namespace assimp_retro
