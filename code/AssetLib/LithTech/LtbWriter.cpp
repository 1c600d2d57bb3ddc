#include "LtbWriter.h"

#include "AbcByteWriter.h"

#include <algorithm>
#include <cmath>
#include <set>
#include <string>

namespace assimp_retro {
namespace ltb {

namespace {

using Out = abc::AbcByteWriter;

constexpr uint16_t kContainerVersion = 9; // the engine's CD3D_LTB_LOAD_VERSION

/// Blend weights after each position: bones per triangle minus one drawn
/// directly, bones per vertex minus one with a matrix palette.
uint32_t BlendCount(const Lod &lod) {
    if (lod.meshType != kSkeletalMesh) {
        return 0;
    }
    const uint32_t bones = lod.matrixPalette ? lod.maxBonesPerVertex : lod.maxBonesPerTriangle;
    return bones > 0 ? bones - 1 : 0;
}

void WriteStreams(Out &out, const Lod &lod) {
    for (uint32_t flags : lod.streamFlags) {
        for (const Vertex &v : lod.vertices) {
            if (flags & kStreamPosition) {
                out.Vector(v.position);
                for (uint32_t i = 0; i < BlendCount(lod) && i < v.blend.size(); ++i) {
                    out.F32(v.blend[i]);
                }
                if (lod.meshType == kSkeletalMesh && lod.matrixPalette) {
                    out.Raw(v.paletteIndex.data(), v.paletteIndex.size());
                }
            }
            if (flags & kStreamNormal) {
                out.Vector(v.normal);
            }
            if (flags & kStreamColour) {
                out.U32(v.colour);
            }
            for (uint32_t k = 0; k < UvSetsOf(flags); ++k) {
                out.F32(v.uv[k][0]);
                out.F32(v.uv[k][1]);
            }
            if (flags & kStreamBasisVectors) {
                out.Vector(v.basisS);
                out.Vector(v.basisT);
            }
        }
    }
}

/// A render object after its size field: the counts, the type's own fields,
/// the streams, the indices and (skeletal drawn directly) the bone sets or
/// (vertex-animated) the duplicate map.
std::vector<uint8_t> RenderObject(const Lod &lod) {
    Out out;
    out.U32(static_cast<uint32_t>(lod.vertices.size()));
    if (lod.meshType == kVertexAnimatedMesh) {
        out.U32(lod.undupVertexCount);
    }
    out.U32(static_cast<uint32_t>(lod.indices.size() / 3));
    out.U32(lod.maxBonesPerTriangle);
    out.U32(lod.maxBonesPerVertex);
    if (lod.meshType == kSkeletalMesh) {
        out.U8(lod.reindexedBones ? 1 : 0);
    }
    for (uint32_t flags : lod.streamFlags) {
        out.U32(flags);
    }
    if (lod.meshType == kSkeletalMesh) {
        out.U8(lod.matrixPalette ? 1 : 0);
        if (lod.matrixPalette) {
            out.U32(lod.minBone);
            out.U32(lod.maxBone);
            if (lod.reindexedBones) {
                out.U32(static_cast<uint32_t>(lod.reindexedBoneList.size()));
                for (uint32_t bone : lod.reindexedBoneList) {
                    out.U32(bone);
                }
            }
        }
    } else if (lod.meshType == kVertexAnimatedMesh) {
        out.U32(lod.animNode);
        out.U32(lod.boneEffector);
    } else {
        out.U32(lod.boneEffector);
    }
    WriteStreams(out, lod);
    for (uint16_t index : lod.indices) {
        out.U16(index);
    }
    if (lod.meshType == kSkeletalMesh && !lod.matrixPalette) {
        out.U32(static_cast<uint32_t>(lod.boneSets.size()));
        for (const BoneSet &set : lod.boneSets) {
            out.U16(set.firstVertex);
            out.U16(set.vertexCount);
            out.Raw(set.bones.data(), set.bones.size());
            out.U32(set.indexBufferIndex);
        }
    } else if (lod.meshType == kVertexAnimatedMesh) {
        out.U32(static_cast<uint32_t>(lod.dupMap.size()));
        for (const DupMap &d : lod.dupMap) {
            out.U16(d.source);
            out.U16(d.destination);
        }
    }
    return std::move(out.bytes);
}

void WriteLod(Out &out, const Lod &lod) {
    out.U32(lod.textureCount);
    for (uint32_t texture : lod.textures) {
        out.U32(texture);
    }
    out.U32(lod.renderStyle);
    out.U8(static_cast<uint8_t>(lod.renderPriority));
    out.U32(lod.meshType);
    if (lod.meshType == kNullMesh) {
        out.U32(0); // the null mesh's filler
    } else {
        const std::vector<uint8_t> object = RenderObject(lod);
        out.U32(static_cast<uint32_t>(object.size()));
        out.Raw(object);
    }
    out.U8(static_cast<uint8_t>(lod.usedNodes.size()));
    out.Raw(lod.usedNodes.data(), lod.usedNodes.size());
}

int16_t Round16(double value, double scale) {
    const double scaled = std::round(value * scale);
    return static_cast<int16_t>(std::max(-32768.0, std::min(32767.0, scaled)));
}

/// Bytes of one stored position and rotation (AnimNode's channel data sizes).
size_t PositionBytes(uint32_t compression) {
    return compression == kCompressRelevant16 ? 6 : 12;
}
size_t RotationBytes(uint32_t compression) {
    return compression == kCompressRelevant16 || compression == kCompressRelevantRot16 ? 8 : 16;
}

void WriteTrack(Out &out, const Animation &anim, size_t t) {
    const Track &track = anim.tracks[t];
    const abc::lt2::NodeKey *keys = anim.TrackKeys(t);
    const size_t keyframes = anim.keyframes.size();
    if (anim.compression == kCompressNone) {
        out.U8(track.vertexAnimated ? 1 : 0);
        if (track.vertexAnimated) {
            for (const std::vector<Vec3> &frame : track.vertexFrames) {
                out.U32(static_cast<uint32_t>(frame.size()));
                for (const Vec3 &p : frame) {
                    out.Vector(p);
                }
            }
            return;
        }
        for (size_t k = 0; k < keyframes; ++k) {
            out.Vector(keys[k].pos);
        }
        for (size_t k = 0; k < keyframes; ++k) {
            out.Rotation(keys[k].rot);
        }
        return;
    }
    const bool position16 = anim.compression == kCompressRelevant16;
    const bool rotation16 = RotationBytes(anim.compression) == 8;
    out.U32(track.positionCount);
    for (uint32_t k = 0; k < track.positionCount; ++k) {
        const Vec3 &p = keys[k].pos;
        if (position16) {
            out.I16(Round16(p.x, 16.0));
            out.I16(Round16(p.y, 16.0));
            out.I16(Round16(p.z, 16.0));
        } else {
            out.Vector(p);
        }
    }
    out.U32(track.rotationCount);
    for (uint32_t k = 0; k < track.rotationCount; ++k) {
        const Quat &q = keys[k].rot;
        if (rotation16) {
            for (float c : {q.x, q.y, q.z, q.w}) {
                out.I16(Round16(c, 32767.0));
            }
        } else {
            out.Rotation(q);
        }
    }
}

void WriteAnimations(Out &out, const Model &m) {
    out.U32(static_cast<uint32_t>(m.animations.size()));
    for (const Animation &a : m.animations) {
        out.Vector(a.extents);
        out.String(a.name);
        out.U32(a.compression);
        out.U32(a.interpolationMs);
        out.U32(static_cast<uint32_t>(a.keyframes.size()));
        for (const abc::lt2::Keyframe &k : a.keyframes) {
            out.U32(k.timeMs);
            out.String(k.command);
        }
        for (size_t t = 0; t < a.tracks.size(); ++t) {
            WriteTrack(out, a, t);
        }
    }
}

void WriteNodes(Out &out, const Model &m) {
    for (const abc::lt2::Node &n : m.nodes) {
        out.String(n.name);
        out.U16(n.index);
        out.U8(n.flags);
        for (float f : n.bind) {
            out.F32(f);
        }
        out.U32(n.numChildren);
    }
    out.U32(static_cast<uint32_t>(m.weightSets.size()));
    for (const abc::lt2::WeightSet &set : m.weightSets) {
        out.String(set.name);
        out.U32(static_cast<uint32_t>(set.weights.size()));
        for (float w : set.weights) {
            out.F32(w);
        }
    }
    out.U32(static_cast<uint32_t>(m.childModels.size() + 1));
    for (const std::string &child : m.childModels) {
        out.String(child);
    }
}

void WriteSocketsAndBindings(Out &out, const Model &m) {
    out.U32(static_cast<uint32_t>(m.sockets.size()));
    for (const Socket &s : m.sockets) {
        out.U32(s.node);
        out.String(s.name);
        out.Rotation(s.rot);
        out.Vector(s.pos);
        out.Vector(s.scale);
    }
    // One list per child model, the model itself first.
    for (size_t l = 0; l < m.childModels.size() + 1; ++l) {
        static const std::vector<abc::lt2::AnimBinding> kNone;
        const auto &list = l < m.animBindings.size() ? m.animBindings[l] : kNone;
        out.U32(static_cast<uint32_t>(list.size()));
        for (const abc::lt2::AnimBinding &b : list) {
            out.String(b.animName);
            out.Vector(b.dims);
            out.Vector(b.translation);
        }
    }
}

/// The strings the engine keeps in its string list (Model::AddString, which
/// skips empty ones and shares equal ones).
std::set<std::string> EngineStrings(const Model &m) {
    std::set<std::string> strings{m.header.commandString};
    for (const Piece &p : m.pieces) strings.insert(p.name);
    for (const abc::lt2::Node &n : m.nodes) strings.insert(n.name);
    for (const abc::lt2::WeightSet &w : m.weightSets) strings.insert(w.name);
    for (const std::string &c : m.childModels) strings.insert(c);
    for (const Animation &a : m.animations) {
        strings.insert(a.name);
        for (const abc::lt2::Keyframe &k : a.keyframes) strings.insert(k.command);
    }
    for (const Socket &s : m.sockets) strings.insert(s.name);
    strings.erase(std::string());
    return strings;
}

void CountAnimationData(const Model &m, Header &h) {
    for (const Animation &a : m.animations) {
        h.keyframeCount += static_cast<uint32_t>(a.keyframes.size());
        for (const Track &t : a.tracks) {
            if (a.compression == kCompressNone) {
                for (const std::vector<Vec3> &frame : t.vertexFrames) {
                    h.vertexAnimationDataSize += static_cast<uint32_t>(frame.size() * 12);
                }
                if (!t.vertexAnimated) {
                    h.animationDataSize += static_cast<uint32_t>(a.keyframes.size() * (12 + 16));
                }
            } else {
                h.animationDataSize += static_cast<uint32_t>(t.positionCount * PositionBytes(a.compression) +
                        t.rotationCount * RotationBytes(a.compression));
            }
        }
    }
}

} // namespace

Header AllocationTotals(const Model &m) {
    Header h;
    h.animationCount = static_cast<uint32_t>(m.animations.size());
    h.nodeCount = static_cast<uint32_t>(m.nodes.size());
    h.pieceCount = static_cast<uint32_t>(m.pieces.size());
    h.childModelCount = static_cast<uint32_t>(m.childModels.size() + 1);
    for (const Piece &p : m.pieces) {
        h.lodCount += static_cast<uint32_t>(p.lods.size());
        for (const Lod &l : p.lods) {
            h.faceCount += static_cast<uint32_t>(l.indices.size() / 3);
            h.vertexCount += static_cast<uint32_t>(l.vertices.size());
            h.weightCount += static_cast<uint32_t>(l.vertices.size() * std::max<uint32_t>(l.maxBonesPerVertex, 1));
        }
    }
    h.socketCount = static_cast<uint32_t>(m.sockets.size());
    h.weightSetCount = static_cast<uint32_t>(m.weightSets.size());
    for (const std::string &s : EngineStrings(m)) {
        ++h.stringCount;
        h.stringLengthTotal += static_cast<uint32_t>(s.size());
    }
    CountAnimationData(m, h);
    return h;
}

std::vector<uint8_t> Write(const Model &m) {
    const Header totals = AllocationTotals(m);
    Out out;
    out.U8(kFileD3D);
    out.U8(0); // the engine's struct pads the file type byte
    out.U16(kContainerVersion);
    out.Zeros(16);
    out.U32(m.header.modelVersion);
    for (uint32_t total : {totals.keyframeCount, totals.animationCount, totals.nodeCount, totals.pieceCount,
                 totals.childModelCount, totals.faceCount, totals.vertexCount, totals.weightCount, totals.lodCount,
                 totals.socketCount, totals.weightSetCount, totals.stringCount, totals.stringLengthTotal,
                 totals.vertexAnimationDataSize, totals.animationDataSize}) {
        out.U32(total);
    }
    out.String(m.header.commandString);
    out.F32(m.header.internalRadius);
    out.U32(0); // no oriented boxes
    out.U32(static_cast<uint32_t>(m.pieces.size()));
    for (const Piece &p : m.pieces) {
        out.String(p.name);
        out.U32(static_cast<uint32_t>(p.lods.size()));
        for (size_t l = 0; l < p.lods.size(); ++l) {
            out.F32(l < p.lodDistances.size() ? p.lodDistances[l] : 0.f);
        }
        out.U32(p.lodMin);
        out.U32(p.lodMax);
        for (const Lod &lod : p.lods) {
            WriteLod(out, lod);
        }
    }
    WriteNodes(out, m);
    WriteAnimations(out, m);
    WriteSocketsAndBindings(out, m);
    return std::move(out.bytes);
}

} // namespace ltb
} // namespace assimp_retro
