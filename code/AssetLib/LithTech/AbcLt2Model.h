// assimp-retro: LithTech ABC v9-v13 / v108 as plain structs, in the file's own
// (left-handed, Y-up) coordinates. Filled by AbcLt2Reader, consumed by
// AbcLt2SceneBuilder. Layout reference: docs/formats/ABC.md section 2.4.
#pragma once

#include "AbcPrimitives.h"

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace assimp_retro {
namespace abc {
namespace lt2 {

using abc::Quat;
using abc::Vec3;

/// Row-major m[row][col], column-vector convention (translation in m[r][3]).
using Mat4 = std::array<float, 16>;

struct Header {
    uint32_t version = 0;
    // The 13 totals, in file order (only nodeCount, lodCount and childModelCount
    // are needed for parsing; the rest are kept as metadata).
    uint32_t keyframeCount = 0, animationCount = 0, nodeCount = 0, pieceCount = 0, childModelCount = 0, faceCount = 0,
             vertexCount = 0, weightCount = 0, lodCount = 0, socketCount = 0, weightSetCount = 0, stringCount = 0,
             stringLengthTotal = 0;
    std::vector<uint32_t> extra; ///< v13: 1 unknown u32; v108: 3 (unknown, hitGroupCount, unknown)
    std::string commandString;
    float internalRadius = 0.f;
    uint32_t lodDistanceCount = 0;
    std::vector<float> lodDistances;
};

struct Weight {
    uint32_t node = 0;
    Vec3 location; ///< in that node's local (bind) space
    float bias = 0.f;
};

struct Vertex {
    size_t firstWeight = 0; ///< its weights are the LOD's weights [firstWeight, firstWeight + weightCount)
    uint32_t weightCount = 0;
    uint16_t replacement = 0; ///< vertex it collapses into in the next LOD
    Vec3 position; ///< model space, bind pose
    Vec3 normal; ///< model space
};

struct FaceCorner {
    float u = 0.f, v = 0.f;
    uint16_t vertex = 0;
};

struct Face {
    std::array<FaceCorner, 3> corners;
};

/// One animation's vertex frames of a LOD: LTB's vertex-animated meshes
/// (ABC v9+ files store none).
struct VertexAnimation {
    size_t animation = 0; ///< index into Model::animations
    std::vector<std::vector<Vec3>> frames; ///< per keyframe, one position per LOD vertex (as Vertex::position)
};

struct Lod {
    std::vector<Face> faces;
    std::vector<Vertex> vertices;
    std::vector<Weight> weights; ///< every vertex's, in vertex order (one array, not one per vertex)
    // What LTB's vertex streams hold beyond ABC's (ABC v9+ files store none):
    // each is empty or holds one entry per vertex.
    std::vector<uint32_t> colours; ///< Direct3D colours, 0xAARRGGBB
    std::vector<std::array<std::array<float, 2>, 3>> extraUvs; ///< UV sets 1-3 (u, v); `extraUvSets` of them set
    uint32_t extraUvSets = 0;
    /// Basis vectors, unit length, in the vertices' space: along increasing u
    /// (tangent) and decreasing stored v (bitangent, increasing flipped v).
    std::vector<Vec3> tangents, bitangents;
    std::vector<VertexAnimation> vertexAnimations;
};

struct Piece {
    uint16_t materialIndex = 0;
    std::array<uint8_t, 6> v108Extra{}; ///< v108: i16, i32 after the material index
    float specularPower = 0.f;
    float specularScale = 0.f;
    float lodWeight = 1.f; ///< v10+ only (1 when absent)
    uint16_t unknown = 0;
    std::string name;
    std::vector<Lod> lods; ///< header LODCount entries; 0 = full detail
};

enum NodeFlags : uint8_t {
    kNodeRemovable = 1, ///< MNODE_REMOVABLE: null/helper node
    kNodeRotationOnly = 2, ///< MNODE_ROTATIONONLY: use only the rotation of animation keys
};

struct Node {
    std::string name;
    uint16_t index = 0;
    uint8_t flags = 0;
    uint32_t v108Extra = 0; ///< v108: two i16 after the flags
    Mat4 bind{}; ///< global bind transform
    uint32_t numChildren = 0;
    int parent = -1; ///< rebuilt from the depth-first order; -1 for the root
};

struct WeightSet {
    std::string name;
    std::vector<float> weights; ///< one per node (normally NodeCount)
};

struct ChildModel {
    std::string name; ///< empty for entry 0 (the model itself)
    uint32_t buildNumber = 0;
    struct Relation {
        Vec3 pos;
        Quat rot;
        std::array<float, 2> v13Extra{}; ///< only in the 36-byte v13 layout
    };
    std::vector<Relation> relations; ///< one per node
};

struct Keyframe {
    uint32_t timeMs = 0;
    std::string command;
};

struct NodeKey {
    Vec3 pos;
    Quat rot;
    std::array<float, 2> extra{}; ///< v13/v108: 8 unknown bytes per key
};

/// One node's block of keys; the keys themselves are the animation's `keys`.
struct NodeTrack {
    int32_t lead = -1; ///< v13/v108: leading i32 (-1 in v13)
};

struct Animation {
    Vec3 extents;
    std::string name;
    uint32_t compressionType = 0;
    bool hasCompressionType = true;
    uint32_t interpolationMs = 200; ///< 200 ms when the version has no field
    bool hasInterpolationTime = true;
    std::vector<Keyframe> keyframes;
    std::vector<NodeTrack> tracks; ///< one per node, depth-first order
    /// Every track's keys in one array, track after track, one per keyframe.
    std::vector<NodeKey> keys;

    /// Key `keyframe` of track `track`.
    const NodeKey &Key(size_t track, size_t keyframe) const { return keys[track * keyframes.size() + keyframe]; }
};

struct Socket {
    uint32_t node = 0;
    std::string name;
    Quat rot; ///< stored before the position, relative to the node
    Vec3 pos;
};

struct AnimBinding {
    std::string animName;
    Vec3 dims;
    Vec3 translation;
};

/// Which of the UNSURE layouts (docs/formats/ABC.md 2.4) the section-end check chose.
struct LayoutChoices {
    std::string lodDistances; ///< "LODDistanceCount" or "LODCount"
    std::string pieceLodWeight; ///< "yes"/"no"
    std::string childModelRelation; ///< "28 bytes" or "36 bytes"
    std::string animationHeader; ///< "compression+interpolation", "compression", "none"
    std::string animBindings; ///< "one list per child model" or "one list"
};

struct Model {
    Header header;
    std::vector<Piece> pieces;
    std::vector<Node> nodes;
    std::vector<WeightSet> weightSets;
    std::vector<ChildModel> childModels;
    std::vector<Animation> animations;
    std::vector<Socket> sockets;
    std::vector<std::vector<AnimBinding>> animBindings; ///< one list per child model
    std::vector<std::string> skippedSections; ///< unknown or undocumented (HitGroups)
    std::vector<std::string> warnings; ///< non-fatal oddities, logged by the builder
    LayoutChoices layout;
    bool hasNodes = false;
};

} // namespace lt2
} // namespace abc
} // namespace assimp_retro
