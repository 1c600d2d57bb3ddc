#include "LtbWriter.h"

#include "writers/LittleEndianWriter.h"

#include <lzma.h>

#include <cmath>
#include <stdexcept>
#include <string>

namespace retro_test {
namespace ltb_writer {

namespace {

using namespace assimp_retro::ltb;
using assimp_retro::Vec3;

void String16(LittleEndianWriter &w, const std::string &s) {
    w.U16(static_cast<uint16_t>(s.size()));
    w.Text(s);
}

void WriteVec3(LittleEndianWriter &w, const Vec3 &v) {
    w.F32(v.x);
    w.F32(v.y);
    w.F32(v.z);
}

void WriteQuat(LittleEndianWriter &w, const assimp_retro::abc::Quat &q) {
    w.F32(q.x);
    w.F32(q.y);
    w.F32(q.z);
    w.F32(q.w);
}

uint32_t UvSets(uint32_t flags) {
    for (uint32_t k = 0; k < 4; ++k) {
        if (flags & (kStreamUvSets1 << k)) {
            return k + 1;
        }
    }
    return 0;
}

void WriteStreams(LittleEndianWriter &w, const Lod &lod) {
    const uint32_t bones = lod.matrixPalette ? lod.maxBonesPerVertex : lod.maxBonesPerTriangle;
    for (uint32_t flags : lod.streamFlags) {
        for (const Vertex &v : lod.vertices) {
            if (flags & kStreamPosition) {
                WriteVec3(w, v.position);
                if (lod.meshType == kSkeletalMesh) {
                    for (uint32_t i = 0; i + 1 < bones; ++i) {
                        w.F32(v.blend[i]);
                    }
                    if (lod.matrixPalette) {
                        w.Raw(v.paletteIndex.data(), 4);
                    }
                }
            }
            if (flags & kStreamNormal) {
                WriteVec3(w, v.normal);
            }
            if (flags & kStreamColour) {
                w.U32(v.colour);
            }
            for (uint32_t k = 0; k < UvSets(flags); ++k) {
                w.F32(v.uv[k][0]);
                w.F32(v.uv[k][1]);
            }
            if (flags & kStreamBasisVectors) {
                WriteVec3(w, v.basisS);
                WriteVec3(w, v.basisT);
            }
        }
    }
}

void WriteLod(LittleEndianWriter &w, const Lod &lod) {
    w.U32(lod.textureCount);
    for (uint32_t t : lod.textures) {
        w.U32(t);
    }
    w.U32(lod.renderStyle);
    w.U8(static_cast<uint8_t>(lod.renderPriority));
    w.U32(lod.meshType);
    const uint32_t vertices = static_cast<uint32_t>(lod.vertices.size());
    const uint32_t faces = static_cast<uint32_t>(lod.indices.size() / 3);
    if (lod.meshType == kNullMesh) {
        w.U32(0);
    } else {
        w.U32(0); // object size: the engine reads and ignores it
        w.U32(vertices);
        if (lod.meshType == kVertexAnimatedMesh) {
            w.U32(lod.undupVertexCount);
        }
        w.U32(faces);
        w.U32(lod.maxBonesPerTriangle);
        w.U32(lod.maxBonesPerVertex);
        if (lod.meshType == kSkeletalMesh) {
            w.U8(lod.reindexedBones ? 1 : 0);
        }
        for (uint32_t flags : lod.streamFlags) {
            w.U32(flags);
        }
        if (lod.meshType == kSkeletalMesh) {
            w.U8(lod.matrixPalette ? 1 : 0);
            if (lod.matrixPalette) {
                w.U32(lod.minBone);
                w.U32(lod.maxBone);
                if (lod.reindexedBones) {
                    w.U32(static_cast<uint32_t>(lod.reindexedBoneList.size()));
                    for (uint32_t b : lod.reindexedBoneList) {
                        w.U32(b);
                    }
                }
            }
        } else if (lod.meshType == kVertexAnimatedMesh) {
            w.U32(lod.animNode);
            w.U32(lod.boneEffector);
        } else {
            w.U32(lod.boneEffector);
        }
        WriteStreams(w, lod);
        for (uint16_t index : lod.indices) {
            w.U16(index);
        }
        if (lod.meshType == kSkeletalMesh && !lod.matrixPalette) {
            w.U32(static_cast<uint32_t>(lod.boneSets.size()));
            for (const BoneSet &set : lod.boneSets) {
                w.U16(set.firstVertex);
                w.U16(set.vertexCount);
                w.Raw(set.bones.data(), 4);
                w.U32(set.indexBufferIndex);
            }
        }
        if (lod.meshType == kVertexAnimatedMesh) {
            w.U32(static_cast<uint32_t>(lod.dupMap.size()));
            for (const DupMap &d : lod.dupMap) {
                w.U16(d.source);
                w.U16(d.destination);
            }
        }
    }
    w.U8(static_cast<uint8_t>(lod.usedNodes.size()));
    w.Raw(lod.usedNodes.data(), lod.usedNodes.size());
}

int16_t Pack16(float value, float scale) {
    return static_cast<int16_t>(std::lround(value * scale));
}

void WriteTrack(LittleEndianWriter &w, const Animation &anim, size_t t) {
    const Track &track = anim.tracks[t];
    const assimp_retro::abc::lt2::NodeKey *keys = anim.TrackKeys(t);
    const size_t keyframes = anim.keyframes.size();
    const uint32_t compression = anim.compression;
    if (compression == kCompressNone) {
        w.U8(track.vertexAnimated ? 1 : 0);
        if (track.vertexAnimated) {
            for (const std::vector<Vec3> &frame : track.vertexFrames) {
                w.U32(static_cast<uint32_t>(frame.size()));
                for (const Vec3 &v : frame) {
                    WriteVec3(w, v);
                }
            }
            return;
        }
        for (size_t k = 0; k < keyframes; ++k) {
            WriteVec3(w, keys[k].pos);
        }
        for (size_t k = 0; k < keyframes; ++k) {
            WriteQuat(w, keys[k].rot);
        }
        return;
    }
    w.U32(track.positionCount);
    for (uint32_t i = 0; i < track.positionCount; ++i) {
        const Vec3 &p = keys[i].pos;
        if (compression == kCompressRelevant16) {
            w.I16(Pack16(p.x, 16.f));
            w.I16(Pack16(p.y, 16.f));
            w.I16(Pack16(p.z, 16.f));
        } else {
            WriteVec3(w, p);
        }
    }
    w.U32(track.rotationCount);
    for (uint32_t i = 0; i < track.rotationCount; ++i) {
        const auto &q = keys[i].rot;
        if (compression == kCompressRelevant) {
            WriteQuat(w, q);
        } else {
            for (float c : {q.x, q.y, q.z, q.w}) {
                w.I16(Pack16(c, 32767.f));
            }
        }
    }
}

/// Column-vector matrix with translation `t` (row-major, as the file stores it).
assimp_retro::abc::lt2::Mat4 Translation(float x, float y, float z) {
    return {1, 0, 0, x, 0, 1, 0, y, 0, 0, 1, z, 0, 0, 0, 1};
}

/// The colours of SampleModel's vertices (0xAARRGGBB), all channels different.
const uint32_t kSampleColours[4] = {0xFF102030u, 0xFF405060u, 0xFF708090u, 0x80A0B0C0u};

} // namespace

std::vector<uint8_t> WriteLtb(const Model &m) {
    LittleEndianWriter w;
    const Header &h = m.header;
    w.U16(kFileD3D);
    w.U16(9);
    w.Zeros(16);
    w.U32(h.modelVersion);
    for (uint32_t total : {h.keyframeCount, h.animationCount, uint32_t(m.nodes.size()), uint32_t(m.pieces.size()),
                 uint32_t(m.childModels.size() + 1), h.faceCount, h.vertexCount, h.weightCount, h.lodCount,
                 uint32_t(m.sockets.size()), uint32_t(m.weightSets.size()), h.stringCount, h.stringLengthTotal,
                 h.vertexAnimationDataSize, h.animationDataSize}) {
        w.U32(total);
    }
    String16(w, h.commandString);
    w.F32(h.internalRadius);
    w.U32(0); // no OBBs
    w.U32(static_cast<uint32_t>(m.pieces.size()));
    for (const Piece &piece : m.pieces) {
        String16(w, piece.name);
        w.U32(static_cast<uint32_t>(piece.lods.size()));
        for (float d : piece.lodDistances) {
            w.F32(d);
        }
        w.U32(piece.lodMin);
        w.U32(piece.lodMax);
        for (const Lod &lod : piece.lods) {
            WriteLod(w, lod);
        }
    }
    for (const auto &node : m.nodes) {
        String16(w, node.name);
        w.U16(node.index);
        w.U8(node.flags);
        for (float f : node.bind) {
            w.F32(f);
        }
        w.U32(node.numChildren);
    }
    w.U32(static_cast<uint32_t>(m.weightSets.size()));
    for (const auto &set : m.weightSets) {
        String16(w, set.name);
        w.U32(static_cast<uint32_t>(set.weights.size()));
        for (float f : set.weights) {
            w.F32(f);
        }
    }
    w.U32(static_cast<uint32_t>(m.childModels.size() + 1));
    for (const std::string &child : m.childModels) {
        String16(w, child);
    }
    w.U32(static_cast<uint32_t>(m.animations.size()));
    for (const Animation &anim : m.animations) {
        WriteVec3(w, anim.extents);
        String16(w, anim.name);
        w.U32(anim.compression);
        w.U32(anim.interpolationMs);
        w.U32(static_cast<uint32_t>(anim.keyframes.size()));
        for (const auto &k : anim.keyframes) {
            w.U32(k.timeMs);
            String16(w, k.command);
        }
        for (size_t t = 0; t < anim.tracks.size(); ++t) {
            WriteTrack(w, anim, t);
        }
    }
    w.U32(static_cast<uint32_t>(m.sockets.size()));
    for (const Socket &s : m.sockets) {
        w.U32(s.node);
        String16(w, s.name);
        WriteQuat(w, s.rot);
        WriteVec3(w, s.pos);
        WriteVec3(w, s.scale);
    }
    for (size_t list = 0; list < m.childModels.size() + 1; ++list) {
        const auto *bindings = list < m.animBindings.size() ? &m.animBindings[list] : nullptr;
        w.U32(bindings ? static_cast<uint32_t>(bindings->size()) : 0);
        if (bindings) {
            for (const auto &b : *bindings) {
                String16(w, b.animName);
                WriteVec3(w, b.dims);
                WriteVec3(w, b.translation);
            }
        }
    }
    return w.bytes;
}

std::vector<uint8_t> PackLzmaAlone(const std::vector<uint8_t> &plain) {
    lzma_options_lzma options;
    if (lzma_lzma_preset(&options, 6)) {
        throw std::runtime_error("lzma_lzma_preset failed");
    }
    options.dict_size = 16u << 20;
    lzma_stream s = LZMA_STREAM_INIT;
    if (lzma_alone_encoder(&s, &options) != LZMA_OK) {
        throw std::runtime_error("lzma_alone_encoder failed");
    }
    std::vector<uint8_t> out(plain.size() + plain.size() / 2 + 1024);
    s.next_in = plain.data();
    s.avail_in = plain.size();
    s.next_out = out.data();
    s.avail_out = out.size();
    const lzma_ret ret = lzma_code(&s, LZMA_FINISH);
    const size_t written = s.total_out;
    lzma_end(&s);
    if (ret != LZMA_STREAM_END) {
        throw std::runtime_error("lzma_code failed");
    }
    out.resize(written);
    // liblzma writes "size unknown" and an end marker; CrossFire's files
    // declare the size, which the decoder then also accepts with the marker.
    for (int i = 0; i < 8; ++i) {
        out[5 + i] = static_cast<uint8_t>(uint64_t(plain.size()) >> (8 * i));
    }
    return out;
}

Model SampleModel(uint32_t meshType, uint32_t compression, uint32_t streamFlags, bool matrixPalette, uint32_t modelVersion) {
    Model m;
    m.header.modelVersion = modelVersion;
    m.header.commandString = "sample";
    m.header.internalRadius = 20.f;
    // Skeleton: root at the origin, spine 10 up, arm 5 to +X of the spine.
    const char *names[3] = {"root", "spine", "arm"};
    const assimp_retro::abc::lt2::Mat4 binds[3] = {Translation(0, 0, 0), Translation(0, 10, 0), Translation(5, 10, 0)};
    const uint32_t children[3] = {1, 1, 0};
    for (int i = 0; i < 3; ++i) {
        assimp_retro::abc::lt2::Node node;
        node.name = names[i];
        node.index = static_cast<uint16_t>(i);
        node.bind = binds[i];
        node.numChildren = children[i];
        node.parent = i - 1;
        m.nodes.push_back(node);
    }
    m.weightSets.push_back({"upper", {0.f, 1.f, 1.f}});

    Piece piece;
    piece.name = "body";
    piece.lodDistances = {0.f};
    Lod lod;
    lod.textureCount = 1;
    lod.meshType = meshType;
    if (meshType != kNullMesh) {
        lod.streamFlags = {streamFlags & (kStreamPosition | kStreamNormal), streamFlags & ~(kStreamPosition | kStreamNormal), 0, 0};
        // A quad (two triangles) facing +Z (a LithTech model's front), 10 wide, 10 high.
        const float corners[4][2] = {{-5, 0}, {5, 0}, {5, 10}, {-5, 10}};
        for (int i = 0; i < 4; ++i) {
            Vertex v;
            v.position = Vec3{corners[i][0], corners[i][1], 0.f};
            v.normal = Vec3{0.f, 0.f, 1.f};
            v.colour = kSampleColours[i];
            // UV set k: set 0's u times k + 1, its v plus k.
            for (int k = 0; k < 4; ++k) {
                v.uv[k] = {(corners[i][0] / 10.f + 0.5f) * float(k + 1), 1.f - corners[i][1] / 10.f + float(k)};
            }
            v.basisS = Vec3{1.f, 0.f, 0.f};
            v.basisT = Vec3{0.f, 1.f, 0.f};
            v.blend[0] = i < 2 ? 1.f : 0.25f; // bottom on the first bone, top mostly on the second
            v.paletteIndex = {0, 1, kNoBone, kNoBone};
            lod.vertices.push_back(v);
        }
        // Front faces: clockwise in LithTech's left-handed view from +Z (where
        // +X points left), so counter-clockwise in x-right, y-up coordinates.
        lod.indices = {0, 1, 2, 0, 2, 3};
        lod.maxBonesPerTriangle = meshType == kSkeletalMesh ? 2 : 1;
        lod.maxBonesPerVertex = meshType == kSkeletalMesh ? 2 : 1;
        lod.boneEffector = 1;
        if (meshType == kSkeletalMesh && matrixPalette) {
            lod.matrixPalette = true;
            lod.reindexedBones = true;
            lod.minBone = 0;
            lod.maxBone = 1;
            lod.reindexedBoneList = {1, 2}; // palette 0 = spine, 1 = arm
        } else if (meshType == kSkeletalMesh) {
            lod.boneSets.push_back(BoneSet{0, 4, {1, 2, kNoBone, kNoBone}, 6});
        }
        if (meshType == kVertexAnimatedMesh) {
            lod.undupVertexCount = 4;
            lod.animNode = 1;
            lod.dupMap.push_back(DupMap{0, 0});
        }
        lod.usedNodes = {1, 2};
    }
    piece.lods.push_back(lod);
    m.pieces.push_back(piece);

    Socket socket;
    socket.node = 2;
    socket.name = "gunfire";
    socket.pos = Vec3{1.f, 2.f, 3.f};
    socket.scale = Vec3{1.f, 1.f, 1.f};
    m.sockets.push_back(socket);

    Animation anim;
    anim.name = "wave";
    anim.extents = Vec3{10.f, 10.f, 1.f};
    anim.compression = compression;
    anim.interpolationMs = 200;
    anim.keyframes = {{0, ""}, {500, "sound"}, {1000, ""}};
    const float halfAngle[3] = {0.f, 0.3f, 0.f};
    for (int node = 0; node < 3; ++node) {
        Track track;
        const Vec3 local = node == 0 ? Vec3{0, 0, 0} : node == 1 ? Vec3{0, 10, 0} : Vec3{5, 0, 0};
        for (int k = 0; k < 3; ++k) {
            assimp_retro::abc::lt2::NodeKey key;
            key.pos = local;
            if (node == 2) { // the arm turns about Z and back
                key.rot = assimp_retro::abc::Quat{0.f, 0.f, std::sin(halfAngle[k]), std::cos(halfAngle[k])};
            }
            anim.keys.push_back(key); // track after track
        }
        // Relevant compression: constant channels keep one key.
        track.positionCount = compression == kCompressNone ? 3 : 1;
        track.rotationCount = compression == kCompressNone || node == 2 ? 3 : 1;
        if (meshType == kVertexAnimatedMesh && node == 1 && compression == kCompressNone) {
            track.vertexAnimated = true;
            for (int k = 0; k < 3; ++k) {
                std::vector<Vec3> frame;
                for (const Vertex &v : lod.vertices) {
                    frame.push_back(Vec3{v.position.x, v.position.y + float(k), v.position.z});
                }
                track.vertexFrames.push_back(frame);
            }
        }
        anim.tracks.push_back(track);
    }
    m.animations.push_back(anim);
    m.animBindings = {{{"wave", Vec3{10.f, 10.f, 1.f}, Vec3{}}}};
    return m;
}

Model VertexAnimationModel() {
    Model m = SampleModel(kVertexAnimatedMesh, kCompressNone);
    Lod &lod = m.pieces[0].lods[0];
    // Vertex 4 duplicates vertex 0 (as a UV seam does) for the second triangle:
    // it has no frames of its own, the duplicate map moves it.
    lod.vertices.push_back(lod.vertices[0]);
    lod.indices = {0, 1, 2, 4, 2, 3};
    lod.undupVertexCount = 4;
    lod.dupMap = {DupMap{0, 4}};
    // "wave": vertex i of keyframe k at (x + i k, y + k, z - 2k).
    Animation &wave = m.animations[0];
    Track &animated = wave.tracks[lod.animNode];
    animated.vertexFrames.clear();
    for (size_t k = 0; k < wave.keyframes.size(); ++k) {
        std::vector<Vec3> frame;
        for (size_t i = 0; i < lod.undupVertexCount; ++i) {
            const Vec3 &p = lod.vertices[i].position;
            frame.push_back(Vec3{p.x + float(i * k), p.y + float(k), p.z - 2.f * float(k)});
        }
        animated.vertexFrames.push_back(frame);
    }
    // "flap": two keyframes, a second time 0 (dropped: keys strictly
    // increase), the quad lifted 3 in every frame.
    Animation flap = wave;
    flap.name = "flap";
    flap.keyframes = {{0, ""}, {0, ""}, {250, ""}};
    for (size_t k = 0; k < 3; ++k) {
        for (size_t i = 0; i < lod.undupVertexCount; ++i) {
            const Vec3 &p = lod.vertices[i].position;
            flap.tracks[lod.animNode].vertexFrames[k][i] = Vec3{p.x, p.y + 3.f, p.z};
        }
    }
    m.animations.push_back(flap);
    return m;
}

Model MultiLodVertexAnimationModel() {
    Model m = VertexAnimationModel();
    Piece &body = m.pieces[0];
    body.lodDistances = {0.f, 50.f};
    Lod lod1 = body.lods[0];
    lod1.vertices = {lod1.vertices[0], lod1.vertices[1], lod1.vertices[2], lod1.vertices[2]};
    lod1.indices = {0, 1, 3};
    lod1.undupVertexCount = 3;
    lod1.dupMap = {DupMap{2, 3}};
    body.lods.push_back(lod1);

    Piece base = SampleModel(kRigidMesh, kCompressNone).pieces[0];
    base.name = "base";
    base.lodDistances = body.lodDistances;
    base.lods[0].indices = {0, 1, 2};
    base.lods.push_back(base.lods[0]);
    base.lods[1].vertices.pop_back(); // vertex 3 is unused
    m.pieces.push_back(base);
    return m;
}

} // namespace ltb_writer
} // namespace retro_test
