#include "LtbToAbcLt2.h"

#include <assimp/matrix4x4.inl>
#include <assimp/quaternion.inl>
#include <assimp/vector3.inl>

#include <algorithm>
#include <cmath>
#include <string>
#include <utility>

namespace assimp_retro {
namespace ltb {

namespace {

using abc::lt2::Weight;

/// What one morph target's aiAnimMesh (about 1 KiB) counts as against
/// the morph vertex limit, besides its vertices.
constexpr size_t kTargetCostInVertices = 100;

/// Blend weights of one skeletal vertex over `bones` bones: the stored
/// weights first, the last bone gets what they leave (Direct3D vertex
/// blending: the final weight is 1 minus the others).
void AddBlendWeights(const Vertex &v, const uint32_t *bones, size_t boneCount, abc::lt2::Lod &out) {
    float rest = 1.f;
    for (size_t i = 0; i + 1 < boneCount; ++i) {
        out.weights.push_back(Weight{bones[i], Vec3(), v.blend[i]});
        rest -= v.blend[i];
    }
    out.weights.push_back(Weight{bones[boneCount - 1], Vec3(), rest});
}

/// The weights of vertex `index` of a skeletal LOD; `setOf` gives each vertex's bone set.
void SkeletalWeights(const Lod &lod, size_t index, const std::vector<int> &setOf, abc::lt2::Lod &out) {
    const Vertex &v = lod.vertices[index];
    uint32_t bones[4];
    size_t count = 0;
    if (lod.matrixPalette) {
        // The reader checked every index (255: none, ending the vertex's bones).
        for (size_t k = 0; k < lod.maxBonesPerVertex && v.paletteIndex[k] != kNoBone; ++k) {
            const uint8_t index = v.paletteIndex[k];
            bones[count++] = lod.reindexedBones ? lod.reindexedBoneList[index] : index;
        }
    } else if (setOf[index] >= 0) {
        for (uint8_t bone : lod.boneSets[setOf[index]].bones) {
            if (bone == kNoBone || count == lod.maxBonesPerTriangle) {
                break;
            }
            bones[count++] = bone;
        }
    }
    if (count > 0) {
        AddBlendWeights(v, bones, count, out);
    }
}

/// The colours and the UV sets after the first, when the streams hold them.
void AddStreamAttributes(const Lod &lod, abc::lt2::Lod &out) {
    const bool colours = std::any_of(lod.streamFlags.begin(), lod.streamFlags.end(),
            [](uint32_t flags) { return (flags & kStreamColour) != 0; });
    if (colours) {
        out.colours.reserve(lod.vertices.size());
        for (const Vertex &v : lod.vertices) {
            out.colours.push_back(v.colour);
        }
    }
    if (lod.uvSets > 1) {
        out.extraUvSets = lod.uvSets - 1;
        out.extraUvs.resize(lod.vertices.size());
        for (size_t i = 0; i < lod.vertices.size(); ++i) {
            std::copy(lod.vertices[i].uv.begin() + 1, lod.vertices[i].uv.end(), out.extraUvs[i].begin());
        }
    }
}

/// `v` scaled to unit length; false when it has none (zero, or not finite).
bool Normalised(const Vec3 &v, Vec3 &unit) {
    const double length = std::sqrt(double(v.x) * v.x + double(v.y) * v.y + double(v.z) * v.z);
    if (!std::isfinite(length) || length == 0.) {
        return false;
    }
    unit = Vec3{float(v.x / length), float(v.y / length), float(v.z / length)};
    return true;
}

/// The basis vectors S and T as the LOD's tangents and bitangents. The packer
/// (lta2ltb_d3d's CreateBasisVectors) stores S along increasing u and T along
/// decreasing v, both unit length; a vertex without a usable pair (zero or
/// not finite: degenerate UVs, or a corrupt file) leaves the LOD without
/// tangents, as a mesh has them for every vertex or none.
void AddBasisVectors(const Lod &lod, const std::string &where, abc::lt2::Lod &out, std::vector<std::string> &warnings) {
    const bool stored = std::any_of(lod.streamFlags.begin(), lod.streamFlags.end(),
            [](uint32_t flags) { return (flags & kStreamBasisVectors) != 0; });
    if (!stored || lod.vertices.empty()) {
        return;
    }
    std::vector<Vec3> tangents(lod.vertices.size()), bitangents(lod.vertices.size());
    size_t unusable = 0;
    for (size_t i = 0; i < lod.vertices.size(); ++i) {
        const bool s = Normalised(lod.vertices[i].basisS, tangents[i]);
        const bool t = Normalised(lod.vertices[i].basisT, bitangents[i]);
        unusable += (s && t) ? 0 : 1;
    }
    if (unusable > 0) {
        warnings.push_back(where + ": " + std::to_string(unusable) + " of " + std::to_string(lod.vertices.size()) +
                " vertices have a basis vector of zero length or not finite; the mesh's tangents are left out");
        return;
    }
    out.tangents = std::move(tangents);
    out.bitangents = std::move(bitangents);
}

/// What the morph targets made so far cost, against `limit`.
struct MorphBudget {
    size_t limit = kMaxMorphVertices;
    size_t used = 0;
};

/// A vertex-animated LOD's frames in each animation that stores them for its
/// animation node: per keyframe, the first `undupVertexCount` vertices take
/// the frame's positions, the duplicate map copies them on (as the engine's
/// CD3DVAMesh::UpdateVA does), the other vertices keep their own.
void AddVertexAnimations(const Lod &lod, const std::vector<Animation> &animations, const std::string &where,
        MorphBudget &budget, abc::lt2::Lod &out, std::vector<std::string> &warnings) {
    // The builder makes one target per keyframe of the face corners (three per
    // face); each target also costs an aiAnimMesh (about 1 KiB): counted as
    // kTargetCostInVertices vertices, so tiny meshes cannot carry millions of targets.
    const size_t perTarget = std::max(lod.vertices.size(), lod.indices.size()) + kTargetCostInVertices;
    for (size_t a = 0; a < animations.size(); ++a) {
        const Animation &anim = animations[a];
        const Track &track = anim.tracks[lod.animNode]; // one track per node; the reader checked the node
        if (!track.vertexAnimated) {
            continue;
        }
        const std::string what = where + ", animation '" + anim.name + "': ";
        const auto shortFrame = std::find_if(track.vertexFrames.begin(), track.vertexFrames.end(),
                [&](const std::vector<Vec3> &frame) { return frame.size() < lod.undupVertexCount; });
        if (shortFrame != track.vertexFrames.end()) {
            warnings.push_back(what + "keyframe " + std::to_string(shortFrame - track.vertexFrames.begin()) +
                    " holds " + std::to_string(shortFrame->size()) + " vertex positions, the mesh animates " +
                    std::to_string(lod.undupVertexCount) + "; its vertex animation is left out");
            continue;
        }
        const size_t needed = track.vertexFrames.size() * perTarget;
        if (needed > budget.limit - std::min(budget.used, budget.limit)) {
            warnings.push_back(what + std::to_string(track.vertexFrames.size()) + " morph targets of " +
                    std::to_string(perTarget - kTargetCostInVertices) + " vertices exceed the limit of " +
                    std::to_string(budget.limit) + " target vertices; its vertex animation is left out");
            continue;
        }
        budget.used += needed;
        abc::lt2::VertexAnimation va;
        va.animation = a;
        for (const std::vector<Vec3> &frame : track.vertexFrames) {
            std::vector<Vec3> positions(out.vertices.size());
            for (size_t i = 0; i < positions.size(); ++i) {
                positions[i] = i < lod.undupVertexCount ? frame[i] : lod.vertices[i].position;
            }
            for (const DupMap &d : lod.dupMap) { // in order: a copy may copy a copy
                positions[d.destination] = positions[d.source];
            }
            va.frames.push_back(std::move(positions));
        }
        out.vertexAnimations.push_back(std::move(va));
    }
}

/// The reader checked every bone against the node count.
abc::lt2::Lod ConvertLod(const Lod &lod) {
    abc::lt2::Lod out;
    if (lod.meshType == kNullMesh) {
        return out;
    }
    std::vector<int> setOf(lod.vertices.size(), -1);
    for (size_t s = 0; s < lod.boneSets.size(); ++s) {
        const BoneSet &set = lod.boneSets[s];
        std::fill(setOf.begin() + set.firstVertex, setOf.begin() + set.firstVertex + set.vertexCount, int(s));
    }
    out.vertices.resize(lod.vertices.size());
    for (size_t i = 0; i < lod.vertices.size(); ++i) {
        abc::lt2::Vertex &v = out.vertices[i];
        v.position = lod.vertices[i].position;
        v.normal = lod.vertices[i].normal;
        v.firstWeight = out.weights.size();
        if (lod.meshType == kSkeletalMesh) {
            SkeletalWeights(lod, i, setOf, out);
        } else {
            out.weights.push_back(Weight{lod.boneEffector, Vec3(), 1.f});
        }
        v.weightCount = static_cast<uint32_t>(out.weights.size() - v.firstWeight);
    }
    AddStreamAttributes(lod, out);
    out.faces.resize(lod.indices.size() / 3);
    for (size_t f = 0; f < out.faces.size(); ++f) {
        for (size_t k = 0; k < 3; ++k) {
            abc::lt2::FaceCorner &c = out.faces[f].corners[k];
            c.vertex = lod.indices[f * 3 + k];
            c.u = lod.vertices[c.vertex].uv[0][0];
            c.v = lod.vertices[c.vertex].uv[0][1];
        }
    }
    return out;
}

/// Each node's bind pose relative to its parent, in file space (for
/// channels that store no key).
std::vector<abc::lt2::NodeKey> LocalBindKeys(const std::vector<abc::lt2::Node> &nodes) {
    std::vector<aiMatrix4x4> global(nodes.size());
    std::vector<abc::lt2::NodeKey> keys(nodes.size());
    for (size_t i = 0; i < nodes.size(); ++i) {
        const abc::lt2::Mat4 &m = nodes[i].bind;
        global[i] = aiMatrix4x4(m[0], m[1], m[2], m[3], m[4], m[5], m[6], m[7], m[8], m[9], m[10], m[11], 0.f, 0.f, 0.f,
                1.f);
        aiMatrix4x4 local = global[i];
        if (nodes[i].parent >= 0) {
            aiMatrix4x4 parentInverse = global[nodes[i].parent];
            parentInverse.Inverse();
            local = parentInverse * global[i];
        }
        aiVector3D scale, position;
        aiQuaternion rotation;
        local.Decompose(scale, rotation, position);
        keys[i].pos = Vec3{position.x, position.y, position.z};
        keys[i].rot = abc::Quat{rotation.x, rotation.y, rotation.z, rotation.w};
    }
    return keys;
}

/// The animation with its keys taken over (both models lay them out track
/// after track); a track that stores no key holds the node's bind pose.
abc::lt2::Animation ConvertAnimation(Animation &&anim, const std::vector<abc::lt2::NodeKey> &bind) {
    abc::lt2::Animation out;
    out.extents = anim.extents;
    out.name = std::move(anim.name);
    out.compressionType = anim.compression;
    out.interpolationMs = anim.interpolationMs;
    out.tracks.resize(anim.tracks.size());
    const size_t frames = anim.keyframes.size();
    for (size_t t = 0; t < anim.tracks.size(); ++t) {
        const Track &track = anim.tracks[t];
        abc::lt2::NodeKey *keys = anim.TrackKeys(t); // (TrackKeys needs the keyframes: they move below)
        for (size_t k = 0; k < frames; ++k) {
            if (track.vertexAnimated) {
                keys[k] = bind[t];
                continue;
            }
            if (track.positionCount == 0) {
                keys[k].pos = bind[t].pos;
            }
            if (track.rotationCount == 0) {
                keys[k].rot = bind[t].rot;
            }
        }
    }
    out.keyframes = std::move(anim.keyframes);
    out.keys = std::move(anim.keys);
    return out;
}

} // namespace

abc::lt2::Model ToAbcLt2(Model &&source, size_t maxMorphVertices, bool allLods) {
    Model ltb = std::move(source); // freed on return, before the scene is built
    abc::lt2::Model out;
    const Header &h = ltb.header;
    out.header.version = h.modelVersion;
    out.header.keyframeCount = h.keyframeCount;
    out.header.animationCount = h.animationCount;
    out.header.nodeCount = h.nodeCount;
    out.header.pieceCount = h.pieceCount;
    out.header.childModelCount = h.childModelCount;
    out.header.faceCount = h.faceCount;
    out.header.vertexCount = h.vertexCount;
    out.header.weightCount = h.weightCount;
    out.header.socketCount = h.socketCount;
    out.header.weightSetCount = h.weightSetCount;
    out.header.stringCount = h.stringCount;
    out.header.stringLengthTotal = h.stringLengthTotal;
    out.header.commandString = h.commandString;
    out.header.internalRadius = h.internalRadius;
    size_t lodCount = 0;
    for (const Piece &piece : ltb.pieces) {
        lodCount = std::max(lodCount, piece.lods.size());
    }
    out.header.lodCount = static_cast<uint32_t>(lodCount);
    if (!ltb.pieces.empty()) {
        out.header.lodDistances = ltb.pieces[0].lodDistances; // per piece in LTB; the first piece's as the model's
        out.header.lodDistanceCount = static_cast<uint32_t>(out.header.lodDistances.size());
    }
    MorphBudget budget;
    budget.limit = maxMorphVertices;
    for (size_t pi = 0; pi < ltb.pieces.size(); ++pi) {
        const Piece &piece = ltb.pieces[pi];
        abc::lt2::Piece p;
        p.name = piece.name;
        p.materialIndex = piece.lods.empty() ? 0 : static_cast<uint16_t>(piece.lods[0].textures[0]);
        for (size_t l = 0; l < piece.lods.size(); ++l) {
            const std::string where =
                    "piece " + std::to_string(pi) + " ('" + piece.name + "') LOD " + std::to_string(l);
            p.lods.push_back(ConvertLod(piece.lods[l]));
            AddBasisVectors(piece.lods[l], where, p.lods.back(), out.warnings);
            // The engine animates whichever LOD it draws, each through its
            // own animation node, undup count and duplicate map (LODs above 0
            // only when the builder makes them).
            if (piece.lods[l].meshType == kVertexAnimatedMesh && (l == 0 || allLods)) {
                AddVertexAnimations(piece.lods[l], ltb.animations, where, budget, p.lods.back(), out.warnings);
            }
        }
        p.lods.resize(lodCount);
        out.pieces.push_back(std::move(p));
    }
    out.nodes = ltb.nodes;
    out.hasNodes = true;
    out.weightSets = ltb.weightSets;
    out.childModels.resize(1 + ltb.childModels.size());
    for (size_t i = 0; i < ltb.childModels.size(); ++i) {
        out.childModels[i + 1].name = ltb.childModels[i];
    }
    const std::vector<abc::lt2::NodeKey> bind = LocalBindKeys(ltb.nodes);
    out.animations.reserve(ltb.animations.size());
    for (Animation &anim : ltb.animations) {
        out.animations.push_back(ConvertAnimation(std::move(anim), bind));
    }
    for (const Socket &s : ltb.sockets) {
        out.sockets.push_back(abc::lt2::Socket{s.node, s.name, s.rot, s.pos});
    }
    out.animBindings = ltb.animBindings;
    out.warnings.insert(out.warnings.begin(), ltb.warnings.begin(), ltb.warnings.end());
    out.layout.lodDistances = "per piece (LTB): the first piece's";
    return out;
}

abc::lt2::Model ToAbcLt2(const Model &ltb, size_t maxMorphVertices, bool allLods) {
    return ToAbcLt2(Model(ltb), maxMorphVertices, allLods);
}

} // namespace ltb
} // namespace assimp_retro
