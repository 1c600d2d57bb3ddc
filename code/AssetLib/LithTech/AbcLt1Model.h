// assimp-retro: LithTech ABC v6 ("MonolithExport Model File v6": Shogo, Blood 2,
// KISS Psycho Circus) as plain structs, in the file's own coordinates
// (left-handed, +Y up, models face +Z). See docs/formats/ABC.md 2.3.
//
// Nothing here knows about Assimp: AbcLt1Reader fills it, AbcLt1SceneBuilder
// turns it into an aiScene. Node keys and vertex animation frames stay in the
// file's bytes (long animations are most of a file, and the builder converts
// each value once): a model is only valid while the bytes it was read from are.
#pragma once

#include "AbcPrimitives.h"
#include "Common/LittleEndian.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace assimp_retro {
namespace abc {

/// Three signed bytes; divide by 127 for the direction.
struct ByteNormal {
    int8_t x = 0, y = 0, z = 0;
};

struct Lt1Triangle {
    float u[3] = {0.f, 0.f, 0.f}; ///< per corner, as stored (v not flipped)
    float v[3] = {0.f, 0.f, 0.f};
    uint32_t vertex[3] = {0, 0, 0}; ///< stored as u16; wider after CollapseTriangles
    ByteNormal normal; ///< face normal, node-local like the vertices
};

struct Lt1Vertex {
    Vec3 position; ///< in the local space of node `node`
    ByteNormal normal;
    uint8_t node = 0; ///< the node's depth-first index (= TransformationIndex)
    uint16_t replacements[2] = {0, 0}; ///< collapse vertices: the two vertices they merge
};

struct Lt1Geometry {
    bool present = false;
    Vec3 boundsMin, boundsMax;
    /// Progressive-mesh collapse steps ("NumLODs"). Step j merges the two
    /// vertices named by vertex normalVerts + j into that vertex.
    uint32_t lodSteps = 0;
    std::vector<uint16_t> vertexStartNum; ///< lodSteps + 1 entries
    std::vector<Lt1Triangle> triangles; ///< full detail; every index < normalVerts
    uint32_t normalVerts = 0; ///< vertices [0, normalVerts) are the base mesh
    std::vector<Lt1Vertex> vertices; ///< base mesh, then one collapse vertex per step
    /// Collapse steps whose data is consistent (vertex normalVerts + j exists
    /// and merges two earlier vertices); LODs can use this many steps.
    uint32_t usableLodSteps = 0;
};

/// Node flags (v6 meaning).
enum Lt1NodeFlags : uint8_t {
    kV6NodeNull = 1, ///< no geometry
    kV6NodeTriangles = 2, ///< has triangles
    kV6NodeDeformation = 4, ///< vertex-animated
};

struct Lt1Node {
    Vec3 boundsMin, boundsMax;
    std::string name;
    uint16_t transformIndex = 0;
    uint8_t flags = 0;
    std::vector<uint16_t> mdVertices; ///< vertex indices driven by vertex animation
    uint32_t numChildren = 0;
    int parent = -1; ///< depth-first index of the parent, -1 for the root
};

struct Lt1KeyframeInfo {
    uint32_t time = 0; ///< milliseconds
    Vec3 boundsMin, boundsMax;
    std::string command; ///< engine event, e.g. "fire_key", "sound_key x.wav"
};

struct Lt1NodeKey {
    Vec3 position; ///< parent-relative
    Quat rotation; ///< parent-relative
};

/// Bytes of one stored node key: translation x, y, z, then rotation x, y, z,
/// w, as little-endian floats.
constexpr size_t kV6NodeKeyBytes = 28;

/// One node's keys in one animation, where the file stores them. The reader
/// checked that all of them are there and every value is finite.
struct Lt1NodeKeys {
    const uint8_t *bytes = nullptr; ///< kV6NodeKeyBytes per key, in the file
    size_t count = 0;

    size_t size() const { return count; }
    /// Stored float `value` (0-6: translation x, y, z, rotation x, y, z, w) of key `k`.
    float Value(size_t k, size_t value) const { return LoadF32LE(bytes + k * kV6NodeKeyBytes + 4 * value); }
    Lt1NodeKey operator[](size_t k) const {
        return Lt1NodeKey{Vec3{Value(k, 0), Value(k, 1), Value(k, 2)},
                Quat{Value(k, 3), Value(k, 4), Value(k, 5), Value(k, 6)}};
    }
};

/// Bytes of the file that the reader checked are there.
struct Lt1FileBytes {
    const uint8_t *data = nullptr;
    size_t count = 0;

    size_t size() const { return count; }
    bool empty() const { return count == 0; }
    const uint8_t &operator[](size_t i) const { return data[i]; }
};

/// One node's data in one animation.
struct Lt1NodeTrack {
    Lt1NodeKeys keys; ///< one per keyframe
    /// Compressed vertex frames, 3 bytes each, keyframe-major:
    /// frame k, MD vertex j at byte 3 * (k * mdCount + j).
    Lt1FileBytes mdFrames;
    Vec3 mdScale, mdTranslate; ///< present for every node

    /// Node-local position of MD vertex j at keyframe k: byte * scale + translate.
    Vec3 MdPosition(size_t key, size_t j, size_t mdCount) const {
        const uint8_t *b = &mdFrames[3 * (key * mdCount + j)];
        return Vec3{b[0] * mdScale.x + mdTranslate.x, b[1] * mdScale.y + mdTranslate.y,
                b[2] * mdScale.z + mdTranslate.z};
    }
};

struct Lt1Animation {
    std::string name;
    uint32_t length = 0; ///< milliseconds (= time of the last keyframe in real files)
    Vec3 boundsMin, boundsMax;
    std::vector<Lt1KeyframeInfo> keyframes;
    std::vector<Lt1NodeTrack> nodes; ///< one per node, depth-first order
    bool hasDims = false;
    Vec3 dims; ///< from the AnimDims section
};

struct Lt1Model {
    std::string commandString;
    Lt1Geometry geometry;
    std::vector<Lt1Node> nodes; ///< depth-first preorder; nodes[0] is the root
    std::vector<Lt1Animation> animations;
    bool hasAnimDims = false;
    bool hasTransformInfo = false;
    int32_t flipGeom = 0; ///< as stored (only meaningful when hasTransformInfo)
    int32_t flipAnim = 0;
    std::vector<std::string> warnings; ///< recoverable oddities, for the log

    /// LithTech 1.5 engines assume FlipGeom = FlipAnim = 1 for files without
    /// a TransformInfo section (LithTech 1.0: Shogo, Blood 2).
    bool EffectiveFlipGeom() const { return hasTransformInfo ? flipGeom != 0 : true; }
    bool EffectiveFlipAnim() const { return hasTransformInfo ? flipAnim != 0 : true; }
};

/// The full-detail triangles with the first `steps` collapse steps applied
/// (steps <= geometry.usableLodSteps): every corner follows its vertex's
/// collapse chain, triangles whose corners merge are dropped. Corners keep
/// their own UVs. Indices may then point at collapse vertices (>= normalVerts).
std::vector<Lt1Triangle> CollapseTriangles(const Lt1Geometry &geometry, uint32_t steps);

} // namespace abc
} // namespace assimp_retro
