// assimp-retro: the format model of an Operation Flashpoint P3D file (ODOL v7
// or MLOD), as the readers produce it and the scene builder consumes it.
//
// Plain data in the file's own coordinates (left-handed, Y up, models facing
// -Z). Both readers fill the same shape, ODOL's: per-vertex arrays (MLOD's
// per-face-vertex UVs and normals are split into vertices by the MLOD reader)
// and polygons in ODOL's vertex order (the MLOD reader reverses MLOD polygons
// the way the engine does at load). See docs/formats/P3D.md.
#pragma once

#include "Common/Vec3.h"

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace assimp_retro {
namespace p3d {

using assimp_retro::Vec3;

struct Uv {
    float u = 0.f, v = 0.f;
};

/// ODOL face / section "special" flags (docs/formats/P3D.md §2.7.2; MLOD face flags differ).
enum FaceFlags : uint32_t {
    kIsAlpha = 0x100, ///< alpha blend
    kIsTransparent = 0x200, ///< alpha test
    kNoClamp = 0x2000, ///< repeat in both directions
    kClampU = 0x4000,
    kClampV = 0x8000,
    kIsHidden = 0x400000,
    kIsHiddenProxy = 0x10000000,
    kSkipMask = kIsHidden | kIsHiddenProxy, ///< faces not to draw
};

/// A polygon of 3 or 4 vertices, in ODOL order.
struct Polygon {
    uint32_t special = 0; ///< ODOL face flags (§2.7.2); for MLOD only the proxy bit the reader sets
    uint32_t mlodFlags = 0; ///< MLOD face flags (Data3D.h FACE_*); 0 for ODOL
    int32_t texIndex = -1; ///< into Lod::textures; -1 = untextured
    uint8_t count = 0; ///< 3 or 4
    uint16_t index[4] = {0, 0, 0, 0};
};

/// An ODOL section: a run of faces with one texture and one set of flags.
/// The reader checks and skips them (each face carries its own texture and
/// flags), so a Lod holds none; the test writers write them.
struct Section {
    uint32_t beginFace = 0; ///< face index (ODOL stores byte offsets)
    uint32_t endFace = 0; ///< one past the last face
    int32_t material = 0;
    int32_t texIndex = -1;
    uint32_t special = 0;
};

struct NamedSelection {
    std::string name;
    std::vector<uint32_t> faces; ///< face indices into Lod::faces
    std::vector<uint32_t> vertices; ///< vertex indices
    std::vector<uint8_t> vertexWeights; ///< empty = all 255 (1.0)
};

struct Proxy {
    std::string name; ///< model path, e.g. "data\proxies\driver"
    /// aside.xyz, up.xyz, dir.xyz, position.xyz: a 3x4 matrix with column vectors
    float matrix[12] = {1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0};
    int32_t id = 0; ///< the ".01" sequence number
    int32_t selection = -1; ///< index of the named selection "proxy:<name>.<id>"
};

/// One morph frame: a full set of vertex positions.
struct Frame {
    float time = 0.f;
    std::vector<Vec3> positions; ///< one per vertex
};

struct Lod {
    float resolution = 0.f;
    bool skipped = false; ///< walked but not decoded (not wanted): no data but the resolution
    std::vector<Vec3> positions;
    std::vector<Vec3> normals; ///< stored pointing away from the visible side (docs/formats/P3D.md §3.3)
    std::vector<Uv> uvs; ///< D3D convention: (0,0) = top-left
    std::vector<uint32_t> clipFlags; ///< ODOL per-vertex flags; MLOD point flags
    std::vector<std::string> textures; ///< "" = untextured
    std::vector<Polygon> faces;
    std::vector<NamedSelection> selections;
    std::vector<std::pair<std::string, std::string>> properties;
    std::vector<Frame> frames;
    std::vector<Proxy> proxies;
    uint32_t colorTop = 0, color = 0, special = 0;
    uint32_t pointCount = 0; ///< MLOD points (ODOL: the length of pointToVertex)
    float mass = 0.f; ///< MLOD: the sum of the #Mass# tag (Geometry LOD); 0 without one
    bool hasMass = false; ///< MLOD: the LOD has a #Mass# tag
};

struct Model {
    enum class Kind { Odol, Mlod };
    Kind kind = Kind::Odol;
    uint32_t version = 0; ///< ODOL 7; MLOD 0x101 (file) with SP3X 0x99 / P3DM 0x100 LODs
    std::vector<Lod> lods;
    /// Added back to every ODOL position (ODOL stores positions minus it);
    /// zero for MLOD, which keeps the author's coordinates.
    Vec3 boundingCenter;
    // ModelInfo (ODOL only), kept as metadata.
    float boundingSphere = 0.f;
    float mass = 0.f;
    float armor = 0.f;
    int32_t mapType = -1;
};

/// "LOD 1.000", "View Gunner", "Geometry", "Memory", ... (docs/formats/P3D.md §2.5).
std::string LodName(float resolution);
/// The inverse of LodName (case-insensitive): "LOD 1.000" -> 1, "Geometry" -> 1e13, ...; false for other names.
bool ResolutionFromName(const std::string &name, float &resolution);
/// True for the visual LODs (0 <= resolution < 1000) and the View-* interior LODs.
bool IsVisualLod(float resolution);
/// True only for the exterior visual LODs (0 <= resolution < 1000).
bool IsResolutionLod(float resolution);

} // namespace p3d
} // namespace assimp_retro
