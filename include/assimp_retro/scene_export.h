// assimp-retro: Assimp's own exporters (OBJ, COLLADA, STL, ...) made safe for
// the scenes the assimp-retro importers make. Assimp 5.2.5's exporters trust
// their input (an invalid scene can crash them), abort on a nested
// aiMetadata while copying the scene (ai_assert in SceneCombiner::Copy) and
// free the caller's empty aiMetadata; they write no node metadata anyway.
//
//   std::string error;
//   if (!assimp_retro::CheckSceneForExport(*scene, &error)) { ... }
//   if (!assimp_retro::ExportWithAssimp(exporter, *scene, "obj", "out.obj")) {
//       ... exporter.GetErrorString() ...
//   }
//
// glTF, FBX and COLLADA have their own entries that also write what Assimp's
// exporters drop (gltf_completion.h, fbx_export.h, collada_export.h); the
// game formats ExportGameModel (assimp_retro.h).
#pragma once

#include <string>

struct aiScene;
namespace Assimp {
class Exporter;
class ExportProperties;
} // namespace Assimp

namespace assimp_retro {

/// Runs Assimp's ValidateDataStructure step on a copy of `scene` (node
/// metadata, and scene metadata that is not flat, left out: Assimp 5.2.5
/// cannot copy every aiMetadata, and the validator does not look at it).
/// Returns false, with the validator's message in `*error`, when the scene is
/// invalid or cannot be copied. `scene` is not modified. Costs one deep copy
/// of the scene, made in parts: the animations are copied and validated a
/// batch of about 8 MB of keys at a time.
bool CheckSceneForExport(const aiScene &scene, std::string *error = nullptr);

/// exporter.Export(scene, formatId, path, preprocessing, properties) on a
/// view of `scene` that shares its meshes, materials, animations, ... with a
/// node tree of its own without aiMetadata. False when the exporter fails
/// (its message in exporter.GetErrorString()). `scene` is not modified.
bool ExportWithAssimp(Assimp::Exporter &exporter, const aiScene &scene, const std::string &formatId,
        const std::string &path, unsigned preprocessing = 0, const Assimp::ExportProperties *properties = nullptr);

} // namespace assimp_retro
