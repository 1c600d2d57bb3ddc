// assimp-retro: the length unit of a scene, recorded and optionally
// converted to metres, and the importer's name, recorded with it.
//
// The unit is recorded the way Assimp's FBX importer does it, in
// aiScene::mMetaData as doubles in centimetres per unit:
//   "UnitScaleFactor"          the unit of the scene as imported,
//   "OriginalUnitScaleFactor"  the unit of the file.
// Precisely: a length L in the file is L * OriginalUnitScaleFactor / 100
// metres, and a length S in the scene is S * UnitScaleFactor / 100 metres. So
// a converted scene (UnitScaleFactor 100) is in metres, an unconverted one is
// in file units (UnitScaleFactor == OriginalUnitScaleFactor), and an exporter
// that writes the file format back divides each scene length by
// UnitScaleFactor / OriginalUnitScaleFactor. OriginalUnitScaleFactor is the
// factor chosen for the import (the format's default or
// AI_CONFIG_IMPORT_RETRO_METRES_PER_UNIT), recorded whether or not the scene
// was converted.
// Converting scales the data: vertex and morph-target positions, the
// translations of node transforms, bone offset matrices and position keys,
// camera and light positions and clip planes (each matrix M becomes
// S M S^-1: rotations and scales stay, translations scale). The node tree and
// every transform's rotation stay as they are, so skinning stays exact, and
// every exporter writes metres (Assimp's FBX exporter drops the root node's
// transform, glTF readers frame a skinned mesh by its POSITION bounds).
// Metadata values (e.g. ABC animation extents) stay in the file's unit.
//
// Scene builders that write many position keys may scale them while writing
// (each value times SceneUnitScale(), the same product as the conversion's)
// and tell ApplyUnitsAndSourceFormat so, instead of a second pass over every key.
#pragma once

#include <assimp/defs.h> // ai_real

struct aiScene;

namespace assimp_retro {

constexpr double kCentimetresPerMetre = 100.0;

/// Whether the scene's position keys are still in the file's unit or were
/// already multiplied by SceneUnitScale() when they were written.
enum class PositionKeys { InFileUnits, AlreadyScaled };

/// The file's unit in centimetres: `metresPerUnit` (the value of
/// AI_CONFIG_IMPORT_RETRO_METRES_PER_UNIT) times 100, or
/// `defaultCentimetresPerUnit` when it is 0. Throws ImportError, naming
/// `format` and the property, for a value outside [1e-6, 1000] metres (or not
/// a number).
double CentimetresPerUnit(float metresPerUnit, double defaultCentimetresPerUnit, const char *format);

/// The factor ApplyUnitsAndSourceFormat multiplies positions by: the file's unit in
/// metres when `toMetres` and the unit is not the metre, else 1 (for a scene
/// with a root node; without one nothing is converted).
ai_real SceneUnitScale(double centimetresPerUnit, bool toMetres);

/// The last step of every importer. Records `centimetresPerUnit` and, with
/// `toMetres`, scales the scene to metres (nothing to do when the unit
/// already is the metre). Afterwards "UnitScaleFactor" is 100 if converted,
/// else `centimetresPerUnit`. With PositionKeys::AlreadyScaled the animation
/// channels' position keys are left as they are (everything else is
/// converted as usual).
/// Then names the importer in "SourceAsset_Format" (the importer
/// description's mName) if the scene has no such entry, as Assimp's
/// Importer::ReadFile does after the import: its own aiMetadata::Add there
/// leaks after an allocation failure. The entries the scene's metadata lacks
/// are appended in one reallocation.
void ApplyUnitsAndSourceFormat(aiScene &scene, double centimetresPerUnit, bool toMetres, PositionKeys positionKeys,
        const char *importerName);

/// ApplyUnitsAndSourceFormat for a builder that wrote every position
/// (node translations, vertices, bones, keys, cameras and lights) already
/// times SceneUnitScale(centimetresPerUnit, toMetres): the same metadata,
/// no second pass over the scene.
void RecordUnitsAndSourceFormat(aiScene &scene, double centimetresPerUnit, bool toMetres, const char *importerName);

} // namespace assimp_retro
