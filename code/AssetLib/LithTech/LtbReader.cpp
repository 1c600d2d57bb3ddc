#include "LtbReader.h"

#include "AbcLt2Reader.h"

#include "Common/BinaryReader.h"
#include "Common/FileBuffer.h"
#include "Common/ImportError.h"
#include "Common/LzmaAlone.h"

#include <algorithm>

namespace assimp_retro {
namespace ltb {

namespace {

const char *const kFormat = "LTB";
constexpr uint16_t kContainerVersion = 9;
constexpr size_t kHeaderBytes = 20 + 4; // the LTB header, then the model version
/// "Relevant" compression stores a channel's first keys only, so a few bytes
/// can stand for a key per node and keyframe: the keys all animations expand
/// to are bounded (real files: a 2,282-animation library about 2M).
constexpr uint64_t kMaxExpandedKeys = uint64_t(8) << 20;

bool KnownModelVersion(uint32_t version) {
    return version >= 23 && version <= 25;
}

uint32_t U32At(const uint8_t *p) {
    return uint32_t(p[0]) | (uint32_t(p[1]) << 8) | (uint32_t(p[2]) << 16) | (uint32_t(p[3]) << 24);
}

/// The plain header: file type byte (1-3: D3D, PS2, Xbox; the engine's
/// struct pads it to 2 bytes), container version 9, reserved fields, and a
/// model version small enough to be one.
bool LooksLikePlainLtb(const uint8_t *data, size_t size) {
    if (size < kHeaderBytes) {
        return false;
    }
    const bool modelFileType = data[0] >= kFileD3D && data[0] <= kFileXbox && data[1] == 0;
    const bool container = (data[2] | (data[3] << 8)) == kContainerVersion;
    const uint32_t modelVersion = U32At(data + 20);
    return modelFileType && container && modelVersion > 0 && modelVersion < 256;
}

// ---- header ----------------------------------------------------------------------

void ReadHeader(BinaryReader &r, Header &h) {
    r.SetSection("header");
    h.fileType = r.U16("file type");
    h.fileVersion = r.U16("container version");
    if (h.fileType == kFilePS2 || h.fileType == kFileXbox) {
        r.FailAt(0,
                std::string(h.fileType == kFilePS2 ? "a PlayStation 2" : "an Xbox") + " LTB (file type " +
                        std::to_string(h.fileType) + "); only PC (Direct3D, type 1) files are read",
                "file type");
    }
    if (h.fileType != kFileD3D) {
        r.FailAt(0, "file type " + std::to_string(h.fileType) + " is not a PC (Direct3D) model (1)", "file type");
    }
    if (h.fileVersion != kContainerVersion) {
        r.FailAt(2, "container version " + std::to_string(h.fileVersion) + " is not 9", "container version");
    }
    r.Skip(16, "reserved");
    h.modelVersion = r.U32("model version");
    if (!KnownModelVersion(h.modelVersion)) {
        r.FailAt(20, "model version " + std::to_string(h.modelVersion) + " is not one this reader knows (23-25)",
                "model version");
    }
    uint32_t *const totals[] = {&h.keyframeCount, &h.animationCount, &h.nodeCount, &h.pieceCount, &h.childModelCount,
            &h.faceCount, &h.vertexCount, &h.weightCount, &h.lodCount, &h.socketCount, &h.weightSetCount,
            &h.stringCount, &h.stringLengthTotal, &h.vertexAnimationDataSize, &h.animationDataSize};
    for (uint32_t *total : totals) {
        *total = r.U32("allocation totals");
    }
    h.commandString = r.String16("command string");
    h.internalRadius = r.FiniteF32("internal radius");
    h.obbCount = r.U32("OBB count");
    // One oriented box per node, unused here: 64 bytes, 68 from version 24 on.
    const size_t obbBytes = h.modelVersion > 23 ? 68 : 64;
    r.Skip(r.CheckCount(uint64_t(h.obbCount), obbBytes, "OBB count") * obbBytes, "OBBs");
}

// ---- render objects --------------------------------------------------------------

/// Bytes of the blend data after a stream's position: the blend weights and,
/// for matrix palettes, the four index bytes.
void ReadBlend(BinaryReader &r, const Lod &lod, Vertex &v) {
    if (lod.meshType != kSkeletalMesh) {
        return;
    }
    const uint32_t bones = lod.matrixPalette ? lod.maxBonesPerVertex : lod.maxBonesPerTriangle;
    for (uint32_t i = 0; i + 1 < bones; ++i) {
        v.blend[i] = r.FiniteF32("blend weight");
    }
    if (lod.matrixPalette) {
        for (uint8_t &index : v.paletteIndex) {
            index = r.U8("palette index");
        }
    }
}

constexpr uint32_t kKnownStreamFlags = kStreamPosition | kStreamNormal | kStreamColour | kStreamUvSets1 |
        kStreamUvSets2 | kStreamUvSets3 | kStreamUvSets4 | kStreamBasisVectors;

/// The bytes of one vertex in a stream with `flags`.
size_t StreamVertexBytes(const Lod &lod, uint32_t flags) {
    size_t bytes = 0;
    if (flags & kStreamPosition) {
        bytes += 12;
        if (lod.meshType == kSkeletalMesh) {
            const uint32_t bones = lod.matrixPalette ? lod.maxBonesPerVertex : lod.maxBonesPerTriangle;
            bytes += 4 * (bones - 1) + (lod.matrixPalette ? 4 : 0);
        }
    }
    bytes += (flags & kStreamNormal) ? 12 : 0;
    bytes += (flags & kStreamColour) ? 4 : 0;
    bytes += 8 * UvSetsOf(flags);
    bytes += (flags & kStreamBasisVectors) ? 24 : 0;
    return bytes;
}

/// The four vertex streams: each stream holds every vertex, with the
/// attributes its flags name, in flag order.
void ReadStreams(BinaryReader &r, Lod &lod, uint32_t vertexCount) {
    size_t perVertex = 0;
    for (uint32_t flags : lod.streamFlags) {
        if (flags & ~kKnownStreamFlags) {
            r.Fail("vertex stream flags " + HexOffset(flags) + " name unknown data", "vertex stream flags");
        }
        perVertex += StreamVertexBytes(lod, flags);
    }
    const bool positions = std::any_of(lod.streamFlags.begin(), lod.streamFlags.end(),
            [](uint32_t flags) { return (flags & kStreamPosition) != 0; });
    if (vertexCount > 0 && !positions) {
        r.Fail(std::to_string(vertexCount) + " vertices but no stream holds positions", "vertex stream flags");
    }
    lod.vertices.resize(r.CheckCount(uint64_t(vertexCount), std::max<size_t>(perVertex, 1), "vertex count"));
    for (size_t s = 0; s < lod.streamFlags.size(); ++s) {
        const uint32_t flags = lod.streamFlags[s];
        r.SetSection("vertex stream", s);
        const uint32_t uvSets = UvSetsOf(flags);
        lod.uvSets = std::max(lod.uvSets, uvSets);
        lod.hasNormals |= (flags & kStreamNormal) != 0;
        for (Vertex &v : lod.vertices) {
            if (flags & kStreamPosition) {
                v.position = ReadVec3(r, "position");
                ReadBlend(r, lod, v);
            }
            if (flags & kStreamNormal) {
                v.normal = ReadVec3(r, "normal");
            }
            if (flags & kStreamColour) {
                v.colour = r.U32("colour");
            }
            for (uint32_t k = 0; k < uvSets; ++k) {
                v.uv[k][0] = r.FiniteF32("uv");
                v.uv[k][1] = r.FiniteF32("uv");
            }
            if (flags & kStreamBasisVectors) {
                v.basisS = ReadVec3(r, "basis vector S");
                v.basisT = ReadVec3(r, "basis vector T");
            }
        }
    }
}

void ReadIndices(BinaryReader &r, Lod &lod, uint32_t faceCount) {
    r.SetSection("index list");
    const size_t count = r.CheckCount(uint64_t(faceCount) * 3, 2, "triangle count");
    lod.indices.resize(count);
    for (uint16_t &index : lod.indices) {
        const size_t at = r.Offset();
        index = r.U16("vertex index");
        if (index >= lod.vertices.size()) {
            r.FailAt(at,
                    "vertex index " + std::to_string(index) + " is not below the vertex count " +
                            std::to_string(lod.vertices.size()),
                    "vertex index");
        }
    }
}

/// The fields every render object but the null mesh starts with.
struct Counts {
    uint32_t vertices = 0, faces = 0;
};

Counts ReadCommon(BinaryReader &r, Lod &lod, bool undupCount) {
    Counts c;
    r.U32("object size");
    c.vertices = r.U32("vertex count");
    if (undupCount) {
        lod.undupVertexCount = r.U32("undup vertex count");
    }
    c.faces = r.U32("triangle count");
    lod.maxBonesPerTriangle = r.U32("max bones per triangle");
    lod.maxBonesPerVertex = r.U32("max bones per vertex");
    return c;
}

void ReadFlags(BinaryReader &r, Lod &lod) {
    for (uint32_t &flags : lod.streamFlags) {
        flags = r.U32("vertex stream flags");
    }
}

/// A node index read at `at` must be below the header's node count.
void CheckNode(BinaryReader &r, size_t at, uint32_t node, uint32_t nodeCount, const char *field) {
    if (node >= nodeCount) {
        r.FailAt(at, "node " + std::to_string(node) + " is not below the node count " + std::to_string(nodeCount),
                field);
    }
}

/// A u32 node index, checked.
uint32_t ReadNodeIndex(BinaryReader &r, uint32_t nodeCount, const char *field) {
    const size_t at = r.Offset();
    const uint32_t node = r.U32(field);
    CheckNode(r, at, node, nodeCount, field);
    return node;
}

void ReadRigid(BinaryReader &r, Lod &lod, uint32_t nodeCount) {
    const Counts c = ReadCommon(r, lod, false);
    ReadFlags(r, lod);
    lod.boneEffector = ReadNodeIndex(r, nodeCount, "bone");
    ReadStreams(r, lod, c.vertices);
    ReadIndices(r, lod, c.faces);
}

/// Each palette index names a re-indexed bone (or a node) or is 255 (none).
void CheckPaletteIndices(BinaryReader &r, const Lod &lod, uint32_t nodeCount) {
    const size_t palette = lod.reindexedBones ? lod.reindexedBoneList.size() : nodeCount;
    for (size_t v = 0; v < lod.vertices.size(); ++v) {
        for (uint8_t index : lod.vertices[v].paletteIndex) {
            if (index != kNoBone && index >= palette) {
                r.Fail("vertex " + std::to_string(v) + ": palette index " + std::to_string(index) + " is not below " +
                                std::to_string(palette),
                        "palette index");
            }
        }
    }
}

void ReadSkeletal(BinaryReader &r, Lod &lod, uint32_t nodeCount) {
    const Counts c = ReadCommon(r, lod, false);
    lod.reindexedBones = r.U8("re-indexed bones") != 0;
    ReadFlags(r, lod);
    lod.matrixPalette = r.U8("matrix palettes") != 0;
    if (lod.matrixPalette) {
        lod.minBone = r.U32("min bone");
        lod.maxBone = r.U32("max bone");
        if (lod.maxBonesPerVertex < 2 || lod.maxBonesPerVertex > 4) {
            r.Fail("matrix palette mesh with " + std::to_string(lod.maxBonesPerVertex) + " bones per vertex (2-4)",
                    "max bones per vertex");
        }
        if (lod.reindexedBones) {
            const size_t n = r.CheckCount(uint64_t(r.U32("re-indexed bone count")), 4, "re-indexed bone count");
            lod.reindexedBoneList.resize(n);
            for (uint32_t &bone : lod.reindexedBoneList) {
                bone = ReadNodeIndex(r, nodeCount, "re-indexed bone");
            }
        }
        ReadStreams(r, lod, c.vertices);
        CheckPaletteIndices(r, lod, nodeCount);
        ReadIndices(r, lod, c.faces);
        return;
    }
    if (lod.maxBonesPerTriangle < 1 || lod.maxBonesPerTriangle > 4) {
        r.Fail("skeletal mesh with " + std::to_string(lod.maxBonesPerTriangle) + " bones per triangle (1-4)",
                "max bones per triangle");
    }
    ReadStreams(r, lod, c.vertices);
    ReadIndices(r, lod, c.faces);
    r.SetSection("bone sets");
    lod.boneSets.resize(r.CheckCount(uint64_t(r.U32("bone set count")), 12, "bone set count"));
    for (BoneSet &set : lod.boneSets) {
        const size_t at = r.Offset();
        set.firstVertex = r.U16("first vertex");
        set.vertexCount = r.U16("vertex count");
        for (uint8_t &bone : set.bones) {
            const size_t boneAt = r.Offset();
            bone = r.U8("bone");
            if (bone != kNoBone) {
                CheckNode(r, boneAt, bone, nodeCount, "bone");
            }
        }
        set.indexBufferIndex = r.U32("index buffer index");
        if (size_t(set.firstVertex) + set.vertexCount > lod.vertices.size()) {
            r.FailAt(at,
                    "vertices " + std::to_string(set.firstVertex) + "+" + std::to_string(set.vertexCount) +
                            " run past the vertex count " + std::to_string(lod.vertices.size()),
                    "first vertex");
        }
    }
}

void ReadVertexAnimated(BinaryReader &r, Lod &lod, uint32_t nodeCount) {
    const Counts c = ReadCommon(r, lod, true);
    ReadFlags(r, lod);
    lod.animNode = ReadNodeIndex(r, nodeCount, "animation node");
    lod.boneEffector = ReadNodeIndex(r, nodeCount, "bone");
    ReadStreams(r, lod, c.vertices);
    if (lod.undupVertexCount > lod.vertices.size()) {
        r.Fail("undup vertex count " + std::to_string(lod.undupVertexCount) + " exceeds the vertex count",
                "undup vertex count");
    }
    ReadIndices(r, lod, c.faces);
    r.SetSection("duplicate map");
    lod.dupMap.resize(r.CheckCount(uint64_t(r.U32("duplicate count")), 4, "duplicate count"));
    for (DupMap &d : lod.dupMap) {
        const size_t at = r.Offset();
        d.source = r.U16("source vertex");
        d.destination = r.U16("destination vertex");
        if (d.source >= lod.vertices.size() || d.destination >= lod.vertices.size()) {
            r.FailAt(at, "vertex index past the vertex count " + std::to_string(lod.vertices.size()), "duplicate map");
        }
    }
}

void ReadLod(BinaryReader &r, Lod &lod, uint32_t nodeCount) {
    lod.textureCount = r.U32("texture count");
    for (uint32_t &texture : lod.textures) {
        texture = r.U32("texture index");
    }
    lod.renderStyle = r.U32("render style");
    lod.renderPriority = static_cast<int8_t>(r.U8("render priority"));
    const size_t typeAt = r.Offset();
    lod.meshType = r.U32("mesh type");
    switch (lod.meshType) {
    case kRigidMesh:
        ReadRigid(r, lod, nodeCount);
        break;
    case kSkeletalMesh:
        ReadSkeletal(r, lod, nodeCount);
        break;
    case kVertexAnimatedMesh:
        ReadVertexAnimated(r, lod, nodeCount);
        break;
    case kNullMesh:
        r.U32("null mesh filler");
        break;
    default:
        r.FailAt(typeAt,
                "unknown mesh type " + std::to_string(lod.meshType) +
                        " (4 rigid, 5 skeletal, 6 vertex-animated, 7 null)",
                "mesh type");
    }
    r.SetSection("used nodes");
    lod.usedNodes.resize(r.U8("used node count"));
    for (uint8_t &node : lod.usedNodes) {
        node = r.U8("used node");
    }
}

void ReadPieces(BinaryReader &r, Model &m) {
    r.SetSection("pieces");
    const size_t count = r.CheckCount(uint64_t(r.U32("piece count")), 14, "piece count");
    m.pieces.resize(count);
    for (size_t p = 0; p < count; ++p) {
        Piece &piece = m.pieces[p];
        r.SetSection("piece", p);
        piece.name = r.String16("piece name");
        const size_t lods = r.CheckCount(uint64_t(r.U32("LOD count")), 4 + 30, "LOD count");
        piece.lodDistances.resize(lods);
        for (float &d : piece.lodDistances) {
            d = r.FiniteF32("LOD distance");
        }
        piece.lodMin = r.U32("LOD min");
        piece.lodMax = r.U32("LOD max");
        piece.lods.resize(lods);
        for (size_t l = 0; l < lods; ++l) {
            r.SetSection("piece " + std::to_string(p) + " LOD " + std::to_string(l));
            ReadLod(r, piece.lods[l], m.header.nodeCount);
        }
    }
}

// ---- animations ------------------------------------------------------------------

abc::Quat Quat16(BinaryReader &r) {
    abc::Quat q;
    q.x = float(static_cast<int16_t>(r.U16("rotation"))) / 0x7fff;
    q.y = float(static_cast<int16_t>(r.U16("rotation"))) / 0x7fff;
    q.z = float(static_cast<int16_t>(r.U16("rotation"))) / 0x7fff;
    q.w = float(static_cast<int16_t>(r.U16("rotation"))) / 0x7fff;
    return q;
}

Vec3 Position16(BinaryReader &r) {
    Vec3 v;
    v.x = float(static_cast<int16_t>(r.U16("position"))) / 16.f;
    v.y = float(static_cast<int16_t>(r.U16("position"))) / 16.f;
    v.z = float(static_cast<int16_t>(r.U16("position"))) / 16.f;
    return v;
}

void ReadUncompressedTrack(BinaryReader &r, Track &track, abc::lt2::NodeKey *keys, size_t keyframes) {
    track.vertexAnimated = r.U8("vertex animation flag") != 0;
    if (track.vertexAnimated) {
        track.vertexFrames.resize(keyframes);
        for (std::vector<Vec3> &frame : track.vertexFrames) {
            frame.resize(r.CheckCount(uint64_t(r.U32("vertex frame count")), 12, "vertex frame count"));
            for (Vec3 &v : frame) {
                v = ReadVec3(r, "vertex frame position");
            }
        }
        return;
    }
    r.CheckCount(uint64_t(keyframes), 12 + 16, "keyframe count");
    track.positionCount = track.rotationCount = static_cast<uint32_t>(keyframes);
    for (size_t k = 0; k < keyframes; ++k) {
        keys[k].pos = ReadVec3(r, "key position");
    }
    for (size_t k = 0; k < keyframes; ++k) {
        keys[k].rot = abc::ReadQuat(r, "key rotation");
    }
}

/// "Relevant" compression: each channel stores its first keys only; later
/// keyframes hold the last stored value (one key: constant).
void ReadCompressedTrack(BinaryReader &r, Track &track, abc::lt2::NodeKey *keys, size_t keyframes,
        uint32_t compression) {
    const bool pos16 = compression == kCompressRelevant16;
    const bool rot16 = compression != kCompressRelevant;
    track.positionCount = r.U32("position key count");
    r.CheckCount(uint64_t(track.positionCount), pos16 ? 6 : 12, "position key count");
    Vec3 last;
    for (uint32_t i = 0; i < track.positionCount; ++i) {
        last = pos16 ? Position16(r) : ReadVec3(r, "position");
        if (i < keyframes) {
            keys[i].pos = last;
        }
    }
    for (size_t i = track.positionCount; i < keyframes; ++i) {
        keys[i].pos = last;
    }
    track.rotationCount = r.U32("rotation key count");
    r.CheckCount(uint64_t(track.rotationCount), rot16 ? 8 : 16, "rotation key count");
    abc::Quat lastRot;
    for (uint32_t i = 0; i < track.rotationCount; ++i) {
        lastRot = rot16 ? Quat16(r) : abc::ReadQuat(r, "rotation");
        if (i < keyframes) {
            keys[i].rot = lastRot;
        }
    }
    for (size_t i = track.rotationCount; i < keyframes; ++i) {
        keys[i].rot = lastRot;
    }
}

void ReadAnimations(BinaryReader &r, Model &m) {
    r.SetSection("animations");
    const size_t count = r.CheckCount(uint64_t(r.U32("animation count")), 12 + 2 + 12, "animation count");
    m.animations.resize(count);
    uint64_t expandedKeys = 0;
    for (size_t a = 0; a < count; ++a) {
        Animation &anim = m.animations[a];
        r.SetSection("animation", a);
        anim.extents = ReadVec3(r, "extents");
        anim.name = r.String16("animation name");
        const size_t compressionAt = r.Offset();
        anim.compression = r.U32("compression type");
        if (anim.compression > kCompressRelevantRot16) {
            r.FailAt(compressionAt, "unknown animation compression type " + std::to_string(anim.compression) + " (0-3)",
                    "compression type");
        }
        anim.interpolationMs = r.U32("interpolation time");
        anim.keyframes.resize(r.CheckCount(uint64_t(r.U32("keyframe count")), 6, "keyframe count"));
        for (abc::lt2::Keyframe &k : anim.keyframes) {
            k.timeMs = r.U32("keyframe time");
            k.command = r.String16("keyframe command");
        }
        expandedKeys += uint64_t(anim.keyframes.size()) * m.nodes.size();
        if (expandedKeys > kMaxExpandedKeys) {
            r.Fail("the animations so far expand to " + std::to_string(expandedKeys) +
                            " node keys, more than the limit of " + std::to_string(kMaxExpandedKeys) +
                            " (corrupt file?)",
                    "keyframe count");
        }
        // The keys are made for every track at once: first the file must
        // hold the least each track takes (its two key counts; uncompressed,
        // its flag and a vertex count or more per keyframe).
        const size_t trackBytes = anim.compression == kCompressNone ? 1 + 4 * anim.keyframes.size() : 8;
        anim.tracks.resize(r.CheckCount(uint64_t(m.nodes.size()), trackBytes, "animation tracks"));
        anim.keys.resize(anim.tracks.size() * anim.keyframes.size()); // bounded by kMaxExpandedKeys
        for (size_t t = 0; t < anim.tracks.size(); ++t) {
            if (anim.compression == kCompressNone) {
                ReadUncompressedTrack(r, anim.tracks[t], anim.TrackKeys(t), anim.keyframes.size());
            } else {
                ReadCompressedTrack(r, anim.tracks[t], anim.TrackKeys(t), anim.keyframes.size(), anim.compression);
            }
        }
    }
}

void ReadSockets(BinaryReader &r, Model &m) {
    r.SetSection("sockets");
    m.sockets.resize(r.CheckCount(uint64_t(r.U32("socket count")), 4 + 2 + 40, "socket count"));
    for (Socket &s : m.sockets) {
        const size_t at = r.Offset();
        s.node = r.U32("socket node");
        if (s.node >= m.nodes.size()) {
            r.FailAt(at,
                    "node " + std::to_string(s.node) + " is not below the node count " + std::to_string(m.nodes.size()),
                    "socket node");
        }
        s.name = r.String16("socket name");
        s.rot = abc::ReadQuat(r, "socket rotation");
        s.pos = ReadVec3(r, "socket position");
        s.scale = ReadVec3(r, "socket scale");
    }
}

} // namespace

bool LooksLikeLtb(const uint8_t *data, size_t size) {
    if (LooksLikePlainLtb(data, size)) {
        return true;
    }
    if (!LooksLikeLzmaAlone(data, size)) {
        return false;
    }
    const std::vector<uint8_t> head = DecodeLzmaAlonePrefix(data, size, kHeaderBytes);
    return LooksLikePlainLtb(head.data(), head.size());
}

Model ParseModel(const uint8_t *data, size_t size, const std::string &fileName) {
    BinaryReader r(data, size, kFormat, fileName);
    Model m;
    ReadHeader(r, m.header);
    ReadPieces(r, m);
    r.SetSection("nodes");
    abc::lt2::Header nodeHeader;
    nodeHeader.version = m.header.modelVersion;
    nodeHeader.nodeCount = m.header.nodeCount;
    abc::lt2::ReadNodeTree(r, nodeHeader, m.nodes, m.weightSets);
    r.SetSection("child models");
    const uint32_t childModels = r.U32("child model count");
    if (childModels == 0) {
        r.Fail("child model count is 0 (the model itself is entry 0)", "child model count");
    }
    r.CheckCount(uint64_t(childModels - 1), 2, "child model count");
    for (size_t i = 1; i < childModels; ++i) {
        m.childModels.push_back(r.String16("child model name"));
    }
    ReadAnimations(r, m);
    ReadSockets(r, m);
    // One binding list per child model. The add-on's reader notes files whose
    // bindings are cut short: the model is complete without them.
    r.SetSection("animation bindings");
    try {
        abc::lt2::ReadAnimBindingLists(r, m.animBindings, childModels);
    } catch (const ImportError &e) {
        m.animBindings.clear();
        m.warnings.push_back(std::string("animation bindings unreadable, ignored (") + e.what() + ")");
        return m;
    }
    if (!r.AtEnd()) {
        m.warnings.push_back(std::to_string(r.Remaining()) + " bytes after the animation bindings ignored");
    }
    return m;
}

Model ReadModel(const uint8_t *data, size_t size, const std::string &fileName) {
    if (!LooksLikePlainLtb(data, size) && LooksLikeLzmaAlone(data, size)) {
        const std::vector<uint8_t> unpacked = DecodeLzmaAlone(data, size, kFormat, fileName, kMaxInputFileBytes);
        return ParseModel(unpacked.data(), unpacked.size(), fileName + " (unpacked)");
    }
    return ParseModel(data, size, fileName);
}

} // namespace ltb
} // namespace assimp_retro
