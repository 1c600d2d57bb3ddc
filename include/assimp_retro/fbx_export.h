// assimp-retro: binary FBX that Blender and Assimp's own FBX importer open.
//
// Debian's Assimp 5.2.5 binary FBX exporter writes no 25-byte null record
// after a node's children (FBX::NULL_RECORD is a char[25] handed to
// StreamWriter::PutString(const std::string&), i.e. an empty string), so
// Blender 3.4 ("failed to read nested block sentinel") and Assimp itself
// ("block offset is out of range") refuse the file. Assimp's main branch
// writes them. CompleteFbx rewrites the file's node records with their null
// records and corrected end offsets; a file that already has them is left
// byte for byte as it is. It also gives morph-target shape geometries the
// FBX class "Geometry" (Assimp writes "Blendshape", which Blender refuses).
// Assimp's FBX exporter drops the root node's transform: ExportFbx folds a
// uniform root scale (the unit conversion) into UnitScaleFactor and puts an
// identity node above any other root transform. It hides the morph targets
// from Assimp 5.2.5 (whose blend shapes do not open in Blender 3.4) and the
// pass writes them and their weight animation from the scene. It writes the
// node animation itself too (Assimp's writer takes ticks for seconds and
// costs about 2 KB per track): key times in seconds, no curves for a path no
// animation moves, no records the readers do not need. It writes the scene's
// and nodes' metadata as user properties (docs/outputs.md "FBX output",
// "Metadata in FBX and COLLADA").
//
// It also sets GlobalSettings' UnitScaleFactor (centimetres per unit, FBX's
// convention; Assimp writes 1.0 = centimetres) so that the model opens at the
// size of the GLB of the same scene: 100 (1 unit = 1 metre, glTF's unit)
// unless the scene's metadata says otherwise (aiScene::mMetaData
// "UnitScaleFactor", double or float, as Assimp's FBX importer stores it and
// as the assimp-retro importers record the unit of their file).
//
//   std::string error;
//   if (!assimp_retro::ExportFbx(*scene, "fbx", "out.fbx", &error)) { ... }
//
// ASCII FBX ("fbxa") is exported as Assimp writes it (no null records exist
// in ASCII FBX; its UnitScaleFactor is left at 1 = centimetres).
#pragma once

#include <string>
#include <vector>

struct aiScene;
namespace Assimp {
class ExportProperties;
}

namespace assimp_retro {

struct FbxCompletionReport {
    unsigned nullRecordsAdded = 0; ///< node records given the null record they lacked (including the top level's)
    double unitScaleFactor = 0; ///< UnitScaleFactor written (0: not changed)
    unsigned morphTargetsWritten = 0; ///< ExportFbx: aiAnimMeshes written as Shape geometry + BlendShapeChannel
    unsigned morphWeightCurves =
            0; ///< ExportFbx: DeformPercent curves written (one per morph channel, target and animation)
    unsigned morphTargetsLeftOut = 0; ///< ExportFbx: aiAnimMeshes not written (ASCII FBX, or see notes)
    unsigned animationLayerScopesAdded =
            0; ///< AnimationLayers given the (empty) child list Assimp's importer needs (counted in nullRecordsAdded too)
    unsigned scalingConnectionsFixed =
            0; ///< scaling curve nodes connected to "Lcl Scaling" instead of Assimp 5.2.5's "Lcl Scale"
    unsigned nodeCurveNodesWritten = 0; ///< ExportFbx: node animation AnimationCurveNodes (one per animated path and channel)
    unsigned nodeCurvesWritten = 0; ///< ExportFbx: their AnimationCurves (three each)
    unsigned stillPathsLeftOut =
            0; ///< ExportFbx: node paths (translation, rotation, scale) no animation moves: no curve node for them
    unsigned geometryClassesFixed =
            0; ///< morph-target shape geometries renamed "<name>\0\1Geometry" (Assimp writes class "Blendshape"; Blender refuses it)
    unsigned metadataPropertiesWritten =
            0; ///< ExportFbx: scene and node metadata entries written as user properties (docs/outputs.md "Metadata in FBX and COLLADA")
    unsigned objectsWithMetadata = 0; ///< ExportFbx: Models and Documents that received them
    bool fileChanged = false; ///< false: the file was left as it was
    bool exported = false; ///< ExportFbx: Assimp's exporter wrote the file (a failure after this is the completion's)
    std::vector<std::string> notes; ///< what was left out or dropped, and why
};

/// The UnitScaleFactor an FBX of `scene` should carry: the scene's
/// "UnitScaleFactor" metadata when it is a finite positive number, else 100.
double FbxUnitScaleFactor(const aiScene &scene);

/// Rewrites the binary FBX file `path` in place: null records after every
/// node's children and after the top-level node list, end offsets to match,
/// the footer's alignment recomputed, and GlobalSettings' UnitScaleFactor and
/// OriginalUnitScaleFactor set to `unitScaleFactor` (when > 0). Returns false
/// and sets `error` (with the byte offset) if the file cannot be read, is not
/// binary FBX, or is malformed.
bool CompleteFbx(const std::string &path, double unitScaleFactor, std::string *error = nullptr,
        FbxCompletionReport *report = nullptr);

/// Assimp::Exporter::Export(scene, formatId ("fbx" or "fbxa"), path,
/// preprocessing, properties) on the same metadata-free view of the scene as
/// ExportGltf (Assimp 5.2.5 crashes copying nested node metadata), without
/// morph targets and, for "fbx", without animations, then, for "fbx",
/// CompleteFbx(path, FbxUnitScaleFactor(scene) times a uniform root scale)
/// with the scene's node animation, morph targets, their weight animation and
/// the scene and node metadata as user properties (Document, Models). An
/// animated root node gets an identity node above it, as a transformed one
/// (Assimp writes no Model for the root). `scene` is not modified
/// (its meshes' mNumAnimMeshes are zero during the export only).
bool ExportFbx(const aiScene &scene, const std::string &formatId, const std::string &path, std::string *error = nullptr,
        FbxCompletionReport *report = nullptr, unsigned preprocessing = 0,
        const Assimp::ExportProperties *properties = nullptr);

} // namespace assimp_retro
