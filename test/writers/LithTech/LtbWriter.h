// assimp-retro tests: writes LithTech LTB files (PC D3D) from the format model
// (code/AssetLib/LithTech/LtbModel.h), plain or LZMA-packed, and builds the
// small fixtures the tests use: one per mesh type and compression type.
//
// Written from the layout in docs/formats/LTB.md, which the importer reads
// too: what this writer confirms is the reader's consistency, not the layout
// (docs/formats/LTB.md says which independent source confirms each part).
#pragma once

#include "AssetLib/LithTech/LtbModel.h"

#include <cstdint>
#include <vector>

namespace retro_test {
namespace ltb_writer {

/// The LTB bytes of `model` (header.modelVersion, the counts in the model;
/// the allocation totals as the header holds them).
std::vector<uint8_t> WriteLtb(const assimp_retro::ltb::Model &model);

/// `plain` packed as an LZMA-alone stream (liblzma, preset 6, 16 MiB
/// dictionary as CrossFire's files), the unpacked size in the header.
std::vector<uint8_t> PackLzmaAlone(const std::vector<uint8_t> &plain);

/// A three-node skeleton (root, "spine" child of root, "arm" child of spine)
/// with one piece of one LOD of `meshType`, whose vertex streams hold
/// `streamFlags` (the positions and normals in stream 0, the rest in stream
/// 1; each vertex its own colour, UV set k holding set 0's u times k + 1 and
/// its v plus k), a socket on "arm", and one animation of three keyframes stored with
/// `compression`. Skeletal meshes: two bones per triangle, drawn directly
/// (bone sets) or, with `matrixPalette`, through a re-indexed palette.
assimp_retro::ltb::Model SampleModel(uint32_t meshType, uint32_t compression, uint32_t streamFlags = 0x13,
        bool matrixPalette = false, uint32_t modelVersion = 25);

/// SampleModel's vertex-animated mesh (uncompressed animations) with a fifth
/// vertex duplicating vertex 0 through the duplicate map, "wave" moving
/// vertex i of keyframe k to (x + i k, y + k, z - 2k), and a second animation
/// "flap" (keyframes at 0, 0 and 250 ms) lifting the quad 3 in every frame.
assimp_retro::ltb::Model VertexAnimationModel();

/// VertexAnimationModel with a second LOD (distance 50) and a rigid piece
/// "base" of two LODs (a triangle each, on "spine"). Body's LOD 1 animates
/// as the packer writes it: the same animation node as LOD 0, so its undup
/// vertices 0-2 (quad vertices 0-2) take the first three positions of each
/// frame, and vertex 3, a duplicate of vertex 2, follows through its own
/// duplicate map; one triangle (0, 1, 3).
assimp_retro::ltb::Model MultiLodVertexAnimationModel();

} // namespace ltb_writer
} // namespace retro_test
