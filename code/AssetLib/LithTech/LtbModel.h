// assimp-retro: LithTech LTB (PC D3D, model versions 23-25) as plain structs,
// in the file's own (left-handed, Y-up) coordinates. Filled by LtbReader,
// converted by LtbToAbcLt2 into the model the ABC v9+ scene builder takes.
// Layout reference: docs/formats/LTB.md.
#pragma once

#include "AbcLt2Model.h"

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace assimp_retro {
namespace ltb {

using abc::Quat;
using abc::Vec3;

/// The file types of the LTB header (the engine's ltb.h).
enum FileType : uint16_t { kFileD3D = 1, kFilePS2 = 2, kFileXbox = 3, kFileAbc = 4 };

/// The render object ("mesh") type of each piece LOD.
enum MeshType : uint32_t { kRigidMesh = 4, kSkeletalMesh = 5, kVertexAnimatedMesh = 6, kNullMesh = 7 };

/// What one vertex stream holds, in this order per vertex.
enum StreamFlags : uint32_t {
    kStreamPosition = 0x1,
    kStreamNormal = 0x2,
    kStreamColour = 0x4,
    kStreamUvSets1 = 0x10, ///< the UV set flags give the number of sets (1-4)
    kStreamUvSets2 = 0x20,
    kStreamUvSets3 = 0x40,
    kStreamUvSets4 = 0x80,
    kStreamBasisVectors = 0x100,
};

/// UV sets a stream with `flags` holds: the engine takes the first UV flag
/// set as the count (GetVertexFlags_and_Size; docs/formats/LTB.md 3).
inline uint32_t UvSetsOf(uint32_t flags) {
    if (flags & kStreamUvSets1) return 1;
    if (flags & kStreamUvSets2) return 2;
    if (flags & kStreamUvSets3) return 3;
    if (flags & kStreamUvSets4) return 4;
    return 0;
}

/// Animation compression types.
enum Compression : uint32_t {
    kCompressNone = 0,
    kCompressRelevant = 1,
    kCompressRelevant16 = 2,
    kCompressRelevantRot16 = 3
};

constexpr uint8_t kNoBone = 0xFF;

struct Header {
    uint16_t fileType = 0;
    uint16_t fileVersion = 0;
    uint32_t modelVersion = 0;
    // The allocation totals, in file order (the engine sizes its blocks with
    // them; kept as metadata, nothing is allocated from them).
    uint32_t keyframeCount = 0, animationCount = 0, nodeCount = 0, pieceCount = 0, childModelCount = 0, faceCount = 0,
             vertexCount = 0, weightCount = 0, lodCount = 0, socketCount = 0, weightSetCount = 0, stringCount = 0,
             stringLengthTotal = 0, vertexAnimationDataSize = 0, animationDataSize = 0;
    std::string commandString;
    float internalRadius = 0.f;
    uint32_t obbCount = 0;
};

/// A skeletal mesh drawn directly: a run of vertices and the (up to four) bones
/// its blend weights refer to, in weight order.
struct BoneSet {
    uint16_t firstVertex = 0;
    uint16_t vertexCount = 0;
    std::array<uint8_t, 4> bones{};
    uint32_t indexBufferIndex = 0;
};

/// A vertex-animated mesh's copy of one vertex position onto a duplicate.
struct DupMap {
    uint16_t source = 0;
    uint16_t destination = 0;
};

struct Vertex {
    Vec3 position;
    Vec3 normal;
    uint32_t colour = 0;
    std::array<std::array<float, 2>, 4> uv{}; ///< the first `Lod::uvSets` are set
    Vec3 basisS, basisT;
    std::array<float, 3> blend{}; ///< skeletal: the first maxBones-1 blend weights
    std::array<uint8_t, 4> paletteIndex{kNoBone, kNoBone, kNoBone, kNoBone}; ///< matrix palette meshes
};

struct Lod {
    uint32_t textureCount = 0;
    std::array<uint32_t, 4> textures{};
    uint32_t renderStyle = 0;
    int8_t renderPriority = 0;
    uint32_t meshType = kNullMesh;
    uint32_t maxBonesPerTriangle = 0;
    uint32_t maxBonesPerVertex = 0;
    std::array<uint32_t, 4> streamFlags{};
    uint32_t uvSets = 0; ///< the most UV sets any stream holds
    bool hasNormals = false;
    // rigid and vertex-animated
    uint32_t boneEffector = 0;
    // skeletal
    bool reindexedBones = false;
    bool matrixPalette = false;
    uint32_t minBone = 0, maxBone = 0;
    std::vector<uint32_t> reindexedBoneList;
    std::vector<BoneSet> boneSets;
    // vertex-animated
    uint32_t undupVertexCount = 0;
    uint32_t animNode = 0;
    std::vector<DupMap> dupMap;

    std::vector<Vertex> vertices;
    std::vector<uint16_t> indices; ///< three per triangle
    std::vector<uint8_t> usedNodes;
};

struct Piece {
    std::string name;
    std::vector<float> lodDistances;
    uint32_t lodMin = 0, lodMax = 0;
    std::vector<Lod> lods;
};

struct Socket {
    uint32_t node = 0;
    std::string name;
    Quat rot;
    Vec3 pos;
    Vec3 scale;
};

/// One node's channel in one animation; its keys are the animation's `keys`.
struct Track {
    uint32_t positionCount = 0, rotationCount = 0; ///< as stored (relevant compression)
    bool vertexAnimated = false;
    std::vector<std::vector<Vec3>> vertexFrames; ///< per keyframe, when vertexAnimated
};

struct Animation {
    Vec3 extents;
    std::string name;
    uint32_t compression = kCompressNone;
    uint32_t interpolationMs = 0;
    std::vector<abc::lt2::Keyframe> keyframes;
    std::vector<Track> tracks; ///< one per node, in node order
    /// Every track's keys, decompressed to one per keyframe, track after
    /// track: the layout of abc::lt2::Animation::keys, which takes this
    /// array over (LtbToAbcLt2) rather than copying a motion library's keys.
    /// A vertex-animated track's keys are left default.
    std::vector<abc::lt2::NodeKey> keys;

    /// The keys of track `track`, one per keyframe.
    abc::lt2::NodeKey *TrackKeys(size_t track) { return keys.data() + track * keyframes.size(); }
    const abc::lt2::NodeKey *TrackKeys(size_t track) const { return keys.data() + track * keyframes.size(); }
};

struct Model {
    Header header;
    std::vector<Piece> pieces;
    std::vector<abc::lt2::Node> nodes;
    std::vector<abc::lt2::WeightSet> weightSets;
    std::vector<std::string> childModels; ///< the other models (entry 0, the model itself, is not stored)
    std::vector<Animation> animations;
    std::vector<Socket> sockets;
    std::vector<std::vector<abc::lt2::AnimBinding>> animBindings;
    std::vector<std::string> warnings;
};

} // namespace ltb
} // namespace assimp_retro
