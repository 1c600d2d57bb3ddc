// assimp-retro: writes a LithTech ABC v9-v13 / v108 file from the importer's
// own model (AbcLt2Model.h), following docs/formats/ABC.md 2.4: Header,
// Pieces, Nodes (with weight sets), ChildModels, Animation, Sockets,
// AnimBindings.
//
// Like the v6 writer it serialises what it is given and checks nothing:
// AbcLt2ExportModel makes a model the games accept, the test writers make the
// other versions and malformed files. What it takes from the model:
// - the version's layout (v10+ LOD weight, v12+ interpolation time, v13/v108
//   key blocks, v108's extra fields), overridden by model.layout where the
//   importer recorded a choice ("yes"/"no", "36 bytes", "LODCount", ...);
// - the header's totals are counted from the model (KeyframeCount,
//   FaceCount, ...), except `header.extra` (v13, v108), written as given.
#pragma once

#include "AbcLt1Writer.h" // AbcSection, ChainSections
#include "AbcLt2Model.h"

#include <vector>

namespace assimp_retro {
namespace abc {
namespace lt2 {

/// The model's sections in file order (HitGroups is not written).
std::vector<AbcSection> Sections(const Model &model);

/// The whole file.
std::vector<uint8_t> Write(const Model &model);

} // namespace lt2
} // namespace abc
} // namespace assimp_retro
