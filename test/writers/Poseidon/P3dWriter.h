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

/// The patterns a round trip through MLOD must keep (docs/formats/P3D.md
/// §9.5), one model each: LOD 1.000 is a textured box with the pattern added,
/// authored with a non-zero bounding centre.
/// - the box's top quad not flat (one corner raised): the split diagonal matters;
Model NonFlatQuadModel();
/// - two quads with three corners on a line: one whose first engine half
///   (0, 1, 2) has zero area, one whose second (0, 2, 3) has;
Model CollinearQuadModel();
/// - zero-area faces in a selection: a triangle on one line, a triangle on
///   one point, a quad on one line; their vertices in no other face;
Model ZeroAreaFaceModel();
/// - a selection "proxy:cargo.06" (3 vertices, one weighted, one face) that
///   the proxy table does not list, beside a listed proxy;
Model UnlistedProxySelectionModel();
/// - a selection of points no face uses ("otocvelitele"), in LOD 1.000 and
///   LOD 2.000, beside a selection of face vertices;
Model LoosePointSelectionModel();
/// - LODs not in resolution order: LOD 1.000, Memory, LOD 2.000, Geometry
///   (write it as MLOD: ODOL stores LODs sorted).
Model UnsortedLodsModel();

} // namespace p3d
} // namespace retro_test
