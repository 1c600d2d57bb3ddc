// assimp-retro: aiScene -> lt2::Model for version 12, the ABC v12 exporter's
// model (LithTech 2: NOLF, AVP2). Rules and sources: docs/formats/ABC.md
// "Writing ABC":
// - pieces (one per mesh) with their LODs (the importer's LOD holders, when
//   the scene was imported with all LODs), up to 4 weights per vertex,
//   renormalised (the number of vertices that lost weights is reported);
// - node bind matrices (a bone's from its offset matrix, other nodes' from
//   their static transforms), sockets (nodes marked abc:socket), weight sets,
//   child models and animation bindings from the importer's metadata;
// - animations with every node keyed at every keyframe time, keyframe
//   command strings, dims; the static pose as "static" when there is none;
// - the piece-header layout: V12ExportSettings::pieceLodWeight, else the
//   source's (abc:layout.pieceLodWeight), else NOLF1's (with the LOD weight).
#pragma once

#include "AbcLt2Model.h"

#include <string>
#include <vector>

struct aiScene;

namespace assimp_retro {
namespace abc {

struct V12ExportSettings {
    /// "yes" (NOLF1: a float LOD weight after the specular scale), "no", or
    /// "" for the source's layout, else NOLF1's.
    std::string pieceLodWeight;
    /// AI_CONFIG_EXPORT_ABC_V12_BAKE_CHILD_MODELS: the child models'
    /// animations written in, and no child model named.
    bool bakeChildModels = false;
};

lt2::Model BuildV12Model(const aiScene &scene, const V12ExportSettings &settings,
        std::vector<std::string> *warnings = nullptr);

} // namespace abc
} // namespace assimp_retro
