// assimp-retro test fixtures: an ODOL v7 and MLOD (SP3X / P3DM) writer, with
// the LZSS encoder ODOL's compressed arrays need. Written from
// docs/formats/P3D.md, independently of the readers' code; it takes the
// same plain model the readers produce, in the AUTHOR's coordinates (MLOD's:
// the ODOL writer subtracts Model::boundingCenter itself, as the binariser
// does) with polygons in ODOL vertex order.
#pragma once

#include "AssetLib/Poseidon/P3dModel.h"

#include <cstdint>
#include <vector>

namespace retro_test {
namespace p3d {

using assimp_retro::p3d::Model;

enum class LzssSum { None, Unsigned, Signed };

/// The library's LZSS encoder (assimp_retro::LzssEncode, code/Common/Lzss.h:
/// Bohemia's stream, 4096 window, lengths 3..18, the initial spaces used),
/// with the u32 checksum unless None.
std::vector<uint8_t> LzssEncode(const uint8_t *data, size_t size, LzssSum sum = LzssSum::Unsigned);
inline std::vector<uint8_t> LzssEncode(const std::vector<uint8_t> &data, LzssSum sum = LzssSum::Unsigned) {
    return LzssEncode(data.data(), data.size(), sum);
}

/// ODOL v7; every array of >= 1024 bytes LZSS-compressed, as the engine does.
std::vector<uint8_t> WriteOdol(const Model &model);

/// MLOD 0x101 with SP3X LODs (or P3DM LODs if `p3dm`), through the
/// exporter's writer (AssetLib/Poseidon/MlodModel.h) without its checks.
/// Vertices with equal positions share one MLOD point; normals are
/// deduplicated; UVs and normals go per face corner; Polygon::mlodFlags are
/// the face flags. Proxies are written as their "proxy:" selection (the
/// triangle must be in the model's faces), morph frames as #Animation#.
std::vector<uint8_t> WriteMlod(const Model &model, bool p3dm = false);

/// A small deterministic model using every feature: LOD 1.000 (a 17x17 grid
/// of quads, big enough for compressed arrays, two textures, alpha/clamp
/// flags, a hidden face, a proxy triangle, selections, properties, two morph
/// frames), LOD 2.000, View Gunner, Geometry, Memory (named points). Author
/// coordinates with a non-zero bounding centre.
Model SampleModel();

/// A single-LOD model with `quadsPerSide`^2 quads (benchmarks).
Model GridModel(unsigned quadsPerSide);

} // namespace p3d
} // namespace retro_test
