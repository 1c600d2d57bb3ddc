// assimp-retro: aiScene -> Lt1OutModel, the ABC v6 exporter's model
// (LithTech 1/1.5: Shogo, Blood 2, KISS Psycho Circus). The rules it applies
// and where they come from are in docs/formats/ABC.md "Writing ABC":
// - one node per vertex (skinned input keeps each vertex's strongest bone;
//   the number of vertices that lost weights is reported as a warning);
// - at least one animation (the static pose as "static" when there is none);
//   every node keyed at every keyframe time (the union of the animation's key
//   times, in ms from 0); per-keyframe bounding boxes and per-animation dims;
// - morph targets driven by a weights animation -> vertex animation
//   (deformation nodes, 3-byte frames quantised per node and animation);
// - what the importer kept as metadata written back (command string,
//   TransformInfo, animation lengths and dims, keyframe command strings).
// Refuses (ExportError) what cannot be written: no triangles, more than 256
// nodes or 65535 vertices, non-finite data, duplicate node names.
#pragma once

#include "AbcLt1Writer.h"

#include <string>
#include <vector>

struct aiScene;

namespace assimp_retro {
namespace abc {

/// The v6 model of `scene`; `warnings` (when given) receives what was dropped or changed.
Lt1OutModel BuildLt1Model(const aiScene &scene, std::vector<std::string> *warnings = nullptr);

} // namespace abc
} // namespace assimp_retro
