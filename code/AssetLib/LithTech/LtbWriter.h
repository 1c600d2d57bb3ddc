// assimp-retro: writes a PC (Direct3D) LTB model from the format model
// (LtbModel.h), unpacked, following docs/formats/LTB.md sections 2-6.
//
// Like the ABC writers it serialises what it is given and checks nothing:
// LtbExportModel makes a model the game accepts (docs/formats/LTB.md 10). What
// it computes itself, as LithTech's packer (lta2ltb_d3d.cpp) does:
// - each render object's size field (the bytes from its vertex count to the
//   end of the mesh);
// - the header's allocation totals (AllocationTotals), which the engine sizes
//   its model's memory block with (ModelAllocations::CalcAllocationSize);
// - the 16-bit channels of "relevant 16" compression, rounded to the nearest
//   step (the packer truncates; the engine only decodes).
#pragma once

#include "LtbModel.h"

#include <cstdint>
#include <vector>

namespace assimp_retro {
namespace ltb {

/// The header's 15 allocation totals for `model`, in file order (Header's
/// fields): keyframes, animations, nodes, pieces, child models (the model
/// itself included), triangles, vertices, vertex weights and LODs as written;
/// sockets, weight sets; the distinct non-empty strings the engine keeps
/// (command string, piece, node, weight set, child model, animation, keyframe
/// and socket names: Model::AddString shares equal ones) and their bytes; the
/// vertex animation frames' bytes; the bytes of the animation channels the
/// engine copies into its block (AnimNode::SetupPosChannel/SetupQuatChannel).
Header AllocationTotals(const Model &model);

/// The file's bytes (unpacked): model.header's command string, internal
/// radius and model version; file type 1, container version 9, no OBBs.
std::vector<uint8_t> Write(const Model &model);

} // namespace ltb
} // namespace assimp_retro
