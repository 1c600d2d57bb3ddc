// assimp-retro: Assimp's own validator (aiProcess_ValidateDataStructure) run on
// a finished scene before it is handed to an exporter. Assimp 5.2.5's
// exporters trust their input: an invalid scene (an aiString whose length runs
// past a NUL, an out-of-range index, ...) can crash them, so every export path
// refuses a scene that fails here, with the validator's message.
#pragma once

#include <string>

struct aiScene;

namespace assimp_retro {

/// Runs Assimp's ValidateDataStructure step on a copy of `scene` made through
/// ExportSceneView (node metadata, and scene metadata that is not flat, left
/// out: Assimp 5.2.5 cannot copy every aiMetadata, and the validator does not
/// look at it). Returns false, with the validator's message
/// in `*error`, when the scene is invalid or cannot be copied. `scene` is not
/// modified. Costs one deep copy of the scene.
bool CheckSceneForExport(const aiScene &scene, std::string *error = nullptr);

} // namespace assimp_retro
