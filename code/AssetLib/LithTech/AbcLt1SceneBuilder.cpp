#include "AbcLt1SceneBuilder.h"

#include "AbcMetadataKeys.h"

#include "Common/AnimationChannels.h"
#include "Common/AnimationFilter.h"
#include "Common/Handedness.h"
#include "Common/ImportError.h"
#include "Common/MaterialProperty.h"
#include "Common/MetadataLists.h"
#include "Common/SceneHelpers.h"
#include "Common/UniqueNames.h"

#include <assimp/material.h>
#include <assimp/scene.h>

#include <cmath>
#include <algorithm>
#include <cstring>
#include <memory>
#include <utility>

namespace assimp_retro {
namespace abc {

namespace {

constexpr MirrorAxis kMirror = MirrorAxis::X; // docs/formats/ABC.md 2.7
using keys::kRootNodeName; // the same as the v9+ import
/// What one morph target's aiAnimMesh (about 1 KiB) counts as against
/// Lt1BuildSettings::maxMorphVertices, besides its vertices.
constexpr size_t kTargetCostInVertices = 100;

void Warn(const std::string &message) {
    LogWarning("ABC: " + message);
}

aiVector3D ToScene(const Vec3 &v) {
    return Mirror(aiVector3D(v.x, v.y, v.z), kMirror);
}

/// A stored rotation in the scene: normalised (files store non-unit
/// quaternions; a zero or non-finite one becomes the identity), conjugated
/// when `conjugate` (FlipAnim), mirrored.
inline aiQuaternion SceneRotation(const Quat &stored, bool conjugate) {
    const float length =
            std::sqrt(stored.w * stored.w + stored.x * stored.x + stored.y * stored.y + stored.z * stored.z);
    if (!(length > 1e-6f) || !std::isfinite(length)) {
        return aiQuaternion();
    }
    const aiQuaternion q = conjugate
            ? aiQuaternion(stored.w / length, -stored.x / length, -stored.y / length, -stored.z / length)
            : aiQuaternion(stored.w / length, stored.x / length, stored.y / length, stored.z / length);
    return Mirror(q, kMirror);
}

aiVector3D Direction(const ByteNormal &n) {
    return Mirror(aiVector3D(n.x / 127.f, n.y / 127.f, n.z / 127.f), kMirror);
}

/// Inverse of a rotation + translation matrix: R^T and -R^T t, with an exact
/// (0,0,0,1) last row (glTF validators reject inverse bind matrices without one).
aiMatrix4x4 RigidInverse(const aiMatrix4x4 &m) {
    aiMatrix4x4 r;
    r.a1 = m.a1;
    r.a2 = m.b1;
    r.a3 = m.c1;
    r.b1 = m.a2;
    r.b2 = m.b2;
    r.b3 = m.c2;
    r.c1 = m.a3;
    r.c2 = m.b3;
    r.c3 = m.c3;
    r.a4 = -(r.a1 * m.a4 + r.a2 * m.b4 + r.a3 * m.c4);
    r.b4 = -(r.b1 * m.a4 + r.b2 * m.b4 + r.b3 * m.c4);
    r.c4 = -(r.c1 * m.a4 + r.c2 * m.b4 + r.c3 * m.c4);
    return r;
}

template <typename T>
T *CopyArray(const std::vector<T> &values) {
    if (values.empty()) {
        return nullptr;
    }
    T *array = new T[values.size()];
    for (size_t i = 0; i < values.size(); ++i) {
        array[i] = values[i];
    }
    return array;
}

/// One mesh of the scene being built, before it becomes an aiMesh.
struct MeshPlan {
    std::string name; ///< the aiMesh's
    std::string nodeName; ///< the node holding it
    std::vector<Lt1Triangle> triangles;
    int lodLevel = 0;
    uint32_t collapseSteps = 0;
};

class Builder {
public:
    Builder(const Lt1Model &model, const Lt1BuildSettings &settings, aiScene *scene) :
            mModel(model), mSettings(settings), mScene(scene) {}

    void Build();

private:
    void NameNodes();
    void ComputeKeptKeys();
    void ComputeBindPose();
    void ComputeMdSlots();
    aiVector3D BindPosition(size_t vertex) const;
    std::vector<MeshPlan> PlanMeshes();
    void PlanMorphTargets();
    std::unique_ptr<aiMesh> BuildMesh(const MeshPlan &plan, std::vector<uint32_t> &sourceVertex) const;
    void AddBones(aiMesh *mesh, const std::vector<uint32_t> &sourceVertex) const;
    bool HasVertexAnimation(const std::vector<uint32_t> &sourceVertex) const;
    void AddMorphTargets(aiMesh *mesh, const std::vector<uint32_t> &sourceVertex) const;
    std::vector<std::unique_ptr<aiMesh>> BuildMeshes(const std::vector<MeshPlan> &plans,
            std::vector<std::string> &morphNodes);
    std::unique_ptr<aiNode> BuildNodeTree(const std::vector<MeshPlan> &plans) const;
    /// A channel's keys, one per kept keyframe (NodeAnimBuilder leaves out
    /// those that add nothing): positions times settings.positionKeyScale,
    /// each rotation in the hemisphere of the one before, the unit scale.
    void AddNodeKeys(const Lt1NodeKeys &keys, const std::vector<size_t> &kept, const std::vector<double> &times,
            NodeAnimBuilder &channel) const;
    std::unique_ptr<aiAnimation> BuildAnimation(size_t anim, const std::vector<std::string> &morphNodes) const;
    std::vector<std::unique_ptr<aiAnimation>> BuildAnimations(const std::vector<std::string> &morphNodes,
            std::vector<std::string> &animationNames);
    aiMetadata *BuildMetadata(const std::vector<std::string> &animationNames) const;
    void HandOver(std::unique_ptr<aiNode> root, std::vector<std::unique_ptr<aiMesh>> meshes,
            std::vector<std::unique_ptr<aiAnimation>> animations, aiMetadata *metadata);

    const Lt1Model &mModel;
    const Lt1BuildSettings &mSettings;
    aiScene *mScene;
    UniqueNames mNames;
    std::vector<std::string> mNodeNames;
    std::vector<std::vector<size_t>> mKeptKeys; ///< per animation: keyframes with increasing times
    /// Per animation: whether the animation filter keeps it (the bind pose
    /// comes from the file's animation 0 either way).
    std::vector<bool> mSelected;
    std::vector<aiMatrix4x4> mLocal, mGlobal; ///< scene space, animation 0 keyframe 0
    std::vector<int> mMdSlot; ///< per vertex: index in its node's MD list, or -1
    /// Morph targets in order: (animation, keyframe) of each.
    std::vector<std::pair<size_t, size_t>> mTargets;
    std::vector<size_t> mFirstTarget; ///< per animation: its first keyframe's target
    size_t mMorphVertices = 0; ///< target vertices so far, against settings.maxMorphVertices
};

void Builder::NameNodes() {
    mNames.Reserve(kRootNodeName);
    mNodeNames.reserve(mModel.nodes.size());
    for (size_t i = 0; i < mModel.nodes.size(); ++i) {
        mNodeNames.push_back(mNames.Make(mModel.nodes[i].name, "node" + std::to_string(i)));
    }
}

void Builder::ComputeKeptKeys() {
    mKeptKeys.resize(mModel.animations.size());
    mSelected.resize(mModel.animations.size());
    for (size_t a = 0; a < mModel.animations.size(); ++a) {
        const Lt1Animation &anim = mModel.animations[a];
        mSelected[a] = mSettings.animations.filter.Keeps(anim.name);
        std::vector<size_t> &kept = mKeptKeys[a];
        kept.reserve(anim.keyframes.size());
        uint32_t lastTime = 0; // of the last kept keyframe
        for (size_t k = 0; k < anim.keyframes.size(); ++k) {
            const uint32_t time = anim.keyframes[k].time;
            if (!kept.empty() && time <= lastTime) {
                Warn("animation '" + anim.name + "': keyframe " + std::to_string(k) + " at " + std::to_string(time) +
                        " ms does not come after the previous one; skipped");
                continue;
            }
            kept.push_back(k);
            lastTime = time;
        }
    }
}

void Builder::ComputeBindPose() {
    const size_t count = mModel.nodes.size();
    mLocal.assign(count, aiMatrix4x4());
    mGlobal.assign(count, aiMatrix4x4());
    const Lt1Animation *anim = mModel.animations.empty() ? nullptr : &mModel.animations[0];
    if (!anim || anim->keyframes.empty()) {
        Warn("no animation 0 keyframe 0 to take the bind pose from; every node keeps the identity transform");
    }
    for (size_t n = 0; n < count; ++n) {
        if (anim && !anim->keyframes.empty()) {
            const Lt1NodeKey key = anim->nodes[n].keys[0];
            mLocal[n] = aiMatrix4x4(aiVector3D(1.f, 1.f, 1.f), SceneRotation(key.rotation, mModel.EffectiveFlipAnim()),
                    ToScene(key.position));
        }
        const int parent = mModel.nodes[n].parent;
        mGlobal[n] = parent >= 0 ? mGlobal[size_t(parent)] * mLocal[n] : mLocal[n];
    }
}

void Builder::ComputeMdSlots() {
    const std::vector<Lt1Vertex> &vertices = mModel.geometry.vertices;
    mMdSlot.assign(vertices.size(), -1);
    for (size_t n = 0; n < mModel.nodes.size(); ++n) {
        const Lt1Node &node = mModel.nodes[n];
        for (size_t j = 0; j < node.mdVertices.size(); ++j) {
            const uint16_t v = node.mdVertices[j];
            if (vertices[v].node != n) {
                Warn("node '" + node.name + "' animates vertex " + std::to_string(v) + ", which belongs to node " +
                        std::to_string(vertices[v].node) + "; that vertex keeps its stored position");
                continue;
            }
            mMdSlot[v] = static_cast<int>(j);
        }
    }
}

aiVector3D Builder::BindPosition(size_t vertex) const {
    const Lt1Vertex &v = mModel.geometry.vertices[vertex];
    Vec3 local = v.position;
    if (mMdSlot[vertex] >= 0 && !mModel.animations.empty() && !mModel.animations[0].keyframes.empty()) {
        local = mModel.animations[0].nodes[v.node].MdPosition(0, size_t(mMdSlot[vertex]),
                mModel.nodes[v.node].mdVertices.size());
    }
    return mGlobal[v.node] * ToScene(local);
}

std::unique_ptr<aiMesh> Builder::BuildMesh(const MeshPlan &plan, std::vector<uint32_t> &sourceVertex) const {
    const std::vector<Lt1Vertex> &vertices = mModel.geometry.vertices;
    // LithTech's front faces are clockwise in its left-handed space; the
    // mirror makes them counter-clockwise unless FlipGeom stored them reversed.
    const bool swapWinding = !mModel.EffectiveFlipGeom();

    // Corners share a mesh vertex when they use the same file vertex with the
    // same stored (u, v). Mesh vertices of one file vertex form a chain:
    // firstOf[file vertex] -> nextOf[mesh vertex] -> ... (-1 ends it).
    std::vector<aiVector3D> positions, normals, uvs;
    std::vector<std::pair<float, float>> storedUv; // per mesh vertex, as stored (uvs holds 1 - v)
    std::vector<int> firstOf(vertices.size(), -1), nextOf;
    sourceVertex.clear();
    std::unique_ptr<aiMesh> mesh(new aiMesh());
    mesh->mFaces = new aiFace[plan.triangles.size()];
    mesh->mNumFaces = static_cast<unsigned>(plan.triangles.size());
    for (size_t f = 0; f < plan.triangles.size(); ++f) {
        const Lt1Triangle &t = plan.triangles[f];
        unsigned corner[3];
        for (int c = 0; c < 3; ++c) {
            const uint32_t v = t.vertex[c];
            int shared = firstOf[v];
            while (shared >= 0 && storedUv[size_t(shared)] != std::make_pair(t.u[c], t.v[c])) {
                shared = nextOf[size_t(shared)];
            }
            if (shared >= 0) {
                corner[c] = unsigned(shared);
                continue;
            }
            corner[c] = unsigned(positions.size());
            nextOf.push_back(firstOf[v]);
            firstOf[v] = int(corner[c]);
            storedUv.emplace_back(t.u[c], t.v[c]);
            const aiMatrix3x3 rotation(mGlobal[vertices[v].node]);
            aiVector3D normal = Direction(vertices[v].normal);
            if (normal.SquareLength() < 1e-6f) {
                normal = Direction(t.normal); // a vertex without a normal takes its first face's
            }
            normal = rotation * normal;
            positions.push_back(BindPosition(v));
            normals.push_back(normal);
            uvs.emplace_back(t.u[c], 1.f - t.v[c], 0.f);
            sourceVertex.push_back(v);
        }
        aiFace &face = mesh->mFaces[f];
        face.mIndices =
                new unsigned[3]{corner[0], swapWinding ? corner[2] : corner[1], swapWinding ? corner[1] : corner[2]};
        face.mNumIndices = 3;
    }
    // Normals must be unit vectors (glTF). Zero ones (no vertex nor face
    // normal) stay zero here: RepairSceneNormals (AbcImporter) recomputes
    // them from the faces, with a warning.
    for (size_t i = 0; i < normals.size(); ++i) {
        if (normals[i].SquareLength() >= 1e-6f) {
            normals[i].Normalize();
        }
    }

    mesh->mName = MakeAiString(plan.name);
    mesh->mPrimitiveTypes = aiPrimitiveType_TRIANGLE;
    mesh->mMaterialIndex = 0;
    mesh->mNumVertices = static_cast<unsigned>(positions.size());
    mesh->mVertices = CopyArray(positions);
    mesh->mNormals = CopyArray(normals);
    mesh->mTextureCoords[0] = CopyArray(uvs);
    mesh->mNumUVComponents[0] = 2;
    AddBones(mesh.get(), sourceVertex);
    return mesh;
}

void Builder::AddBones(aiMesh *mesh, const std::vector<uint32_t> &sourceVertex) const {
    // One bone per node; each vertex weighs 1 on its own node.
    const std::vector<Lt1Vertex> &vertices = mModel.geometry.vertices;
    std::vector<unsigned> weightCount(mModel.nodes.size(), 0);
    for (uint32_t v : sourceVertex) {
        ++weightCount[vertices[v].node];
    }
    mesh->mBones = new aiBone *[mModel.nodes.size()](); // null until filled: the mesh can free it at any point
    mesh->mNumBones = static_cast<unsigned>(mModel.nodes.size());
    for (size_t n = 0; n < mModel.nodes.size(); ++n) {
        aiBone *bone = mesh->mBones[n] = new aiBone();
        bone->mName = MakeAiString(mNodeNames[n]);
        bone->mOffsetMatrix = RigidInverse(mGlobal[n]);
        bone->mWeights = weightCount[n] ? new aiVertexWeight[weightCount[n]] : nullptr;
    }
    for (size_t i = 0; i < sourceVertex.size(); ++i) { // in vertex order, as the bone's weights list them
        aiBone *bone = mesh->mBones[vertices[sourceVertex[i]].node];
        bone->mWeights[bone->mNumWeights++] = aiVertexWeight(unsigned(i), 1.f);
    }
}

bool Builder::HasVertexAnimation(const std::vector<uint32_t> &sourceVertex) const {
    for (uint32_t v : sourceVertex) {
        if (mMdSlot[v] >= 0) {
            return true;
        }
    }
    return false;
}

/// One vertex-animated vertex of a mesh: where it goes in the mesh and its
/// index in its node's MD list.
struct MdVertex {
    unsigned meshVertex;
    unsigned slot;
};

/// Writes the scene positions of `vertices` (all of one node) at one
/// keyframe, `frame` being that keyframe's first stored byte, into `out`:
/// global * Mirror(b * mdScale + mdTranslate), as BindPosition gives them,
/// folded into one 3x4 matrix (nine multiply-adds per vertex; the morph
/// targets are most of a vertex-animated file's import). The matrix is held
/// in locals, which stores through `out` cannot alias.
void WriteMdPositions(const aiMatrix4x4 &global, const Lt1NodeTrack &track, const uint8_t *frame,
        const std::vector<MdVertex> &vertices, aiVector3D *out) {
    const aiVector3D scale = Mirror(aiVector3D(track.mdScale.x, track.mdScale.y, track.mdScale.z), kMirror);
    const aiVector3D origin = global * ToScene(track.mdTranslate);
    const float m00 = global.a1 * scale.x, m01 = global.a2 * scale.y, m02 = global.a3 * scale.z, m03 = origin.x;
    const float m10 = global.b1 * scale.x, m11 = global.b2 * scale.y, m12 = global.b3 * scale.z, m13 = origin.y;
    const float m20 = global.c1 * scale.x, m21 = global.c2 * scale.y, m22 = global.c3 * scale.z, m23 = origin.z;
    for (const MdVertex &v : vertices) {
        const uint8_t *b = frame + 3 * size_t(v.slot);
        const float x = b[0], y = b[1], z = b[2];
        out[v.meshVertex] = aiVector3D(m00 * x + m01 * y + m02 * z + m03, m10 * x + m11 * y + m12 * z + m13,
                m20 * x + m21 * y + m22 * z + m23);
    }
}

void Builder::AddMorphTargets(aiMesh *mesh, const std::vector<uint32_t> &sourceVertex) const {
    mesh->mMethod = aiMorphingMethod_MORPH_RELATIVE;
    mesh->mAnimMeshes = new aiAnimMesh *[mTargets.size()]();
    mesh->mNumAnimMeshes = static_cast<unsigned>(mTargets.size());
    // Vertices without vertex animation keep their bind position (the mesh's
    // own) in every target; the others are computed per target, node by node,
    // from what is looked up once here.
    std::vector<std::pair<unsigned, std::vector<MdVertex>>> byNode; // (node, its animated vertices)
    for (size_t i = 0; i < sourceVertex.size(); ++i) {
        const int slot = mMdSlot[sourceVertex[i]];
        if (slot < 0) {
            continue;
        }
        const unsigned node = mModel.geometry.vertices[sourceVertex[i]].node;
        auto group = std::find_if(byNode.begin(), byNode.end(), [&](const auto &g) { return g.first == node; });
        if (group == byNode.end()) {
            group = byNode.insert(byNode.end(), {node, {}});
        }
        group->second.push_back({unsigned(i), unsigned(slot)});
    }
    for (size_t t = 0; t < mTargets.size(); ++t) {
        const size_t anim = mTargets[t].first, key = mTargets[t].second;
        const Lt1Animation &animation = mModel.animations[anim];
        aiAnimMesh *target = mesh->mAnimMeshes[t] = new aiAnimMesh();
        target->mName = MakeAiString(animation.name + "@" + std::to_string(animation.keyframes[key].time));
        target->mNumVertices = mesh->mNumVertices;
        target->mVertices = new aiVector3D[mesh->mNumVertices];
        std::copy(mesh->mVertices, mesh->mVertices + mesh->mNumVertices, target->mVertices);
        for (const auto &group : byNode) {
            const Lt1NodeTrack &track = animation.nodes[group.first];
            const uint8_t *frame = &track.mdFrames[3 * key * mModel.nodes[group.first].mdVertices.size()];
            WriteMdPositions(mGlobal[group.first], track, frame, group.second, target->mVertices);
        }
        target->mWeight = 0.f;
    }
}

void Builder::AddNodeKeys(const Lt1NodeKeys &keys, const std::vector<size_t> &kept, const std::vector<double> &times,
        NodeAnimBuilder &channel) const {
    const bool conjugate = mModel.EffectiveFlipAnim();
    const ai_real s = mSettings.positionKeyScale;
    aiQuaternion previous;
    for (size_t i = 0; i < kept.size(); ++i) {
        const Lt1NodeKey key = keys[kept[i]];
        const aiVector3D position = ToScene(key.position);
        aiQuaternion rotation = SceneRotation(key.rotation, conjugate);
        if (i > 0) {
            rotation = SameHemisphere(previous, rotation);
        }
        previous = rotation;
        channel.AddKey(times[i], aiVector3D(position.x * s, position.y * s, position.z * s), rotation);
    }
    channel.AddScaling(times[0], aiVector3D(1.f, 1.f, 1.f));
}

std::unique_ptr<aiAnimation> Builder::BuildAnimation(size_t a, const std::vector<std::string> &morphNodes) const {
    const Lt1Animation &anim = mModel.animations[a];
    const std::vector<size_t> &kept = mKeptKeys[a];
    std::unique_ptr<aiAnimation> out(new aiAnimation());
    out->mTicksPerSecond = 1000.0;
    // The last key's time (the project's rule; real files store the same as
    // Length, which the metadata keeps).
    out->mDuration = anim.keyframes[kept.back()].time;
    std::vector<double> times(kept.size()); // of the kept keys, shared by every channel
    for (size_t i = 0; i < kept.size(); ++i) {
        times[i] = anim.keyframes[kept[i]].time;
    }

    // Counted at once, the slots empty: aiAnimation frees the array (and
    // each slot, null or built) only when it counts channels, so a Build
    // that throws (out of memory) leaks nothing.
    out->mChannels = new aiNodeAnim *[mModel.nodes.size()]();
    out->mNumChannels = static_cast<unsigned>(mModel.nodes.size());
    NodeAnimBuilder channel(mSettings.animations.keys);
    for (size_t n = 0; n < mModel.nodes.size(); ++n) {
        AddNodeKeys(anim.nodes[n].keys, kept, times, channel);
        out->mChannels[n] = channel.Build(MakeAiString(mNodeNames[n])).release();
    }

    // Morph weights: at keyframe k of this animation, its target weighs 1 and
    // every other target 0. A key names only its own target (glTF's weights
    // output, and CompleteGltf, give unnamed targets 0), which keeps this
    // linear in the number of keyframes.
    if (!morphNodes.empty()) {
        out->mMorphMeshChannels = new aiMeshMorphAnim *[morphNodes.size()]();
        out->mNumMorphMeshChannels = static_cast<unsigned>(morphNodes.size());
        for (size_t m = 0; m < morphNodes.size(); ++m) {
            aiMeshMorphAnim *channel = out->mMorphMeshChannels[m] = new aiMeshMorphAnim();
            channel->mName = MakeAiString(morphNodes[m]);
            channel->mKeys = new aiMeshMorphKey[kept.size()];
            channel->mNumKeys = static_cast<unsigned>(kept.size());
            for (size_t i = 0; i < kept.size(); ++i) {
                aiMeshMorphKey &key = channel->mKeys[i];
                key.mTime = anim.keyframes[kept[i]].time;
                SetSingleTargetKey(key, static_cast<unsigned>(mFirstTarget[a] + i));
            }
        }
    }
    return out;
}

aiMetadata *Builder::BuildMetadata(const std::vector<std::string> &animationNames) const {
    // Flat keys only: Assimp 5.2.5's scene copy (Exporter) aborts on nested metadata.
    MetaBuilder meta;
    Put(meta, keys::kVersion, int32_t(6));
    Put(meta, keys::kCommandString, mModel.commandString);
    Put(meta, keys::kTransformInfo, bool(mModel.hasTransformInfo));
    Put(meta, keys::kFlipGeom, int32_t(mModel.EffectiveFlipGeom() ? 1 : 0));
    Put(meta, keys::kFlipAnim, int32_t(mModel.EffectiveFlipAnim() ? 1 : 0));
    Put(meta, keys::kLodSteps, int32_t(mModel.geometry.lodSteps));
    unsigned sceneIndex = 0;
    for (size_t a = 0; a < mModel.animations.size(); ++a) {
        if (animationNames[a].empty()) {
            continue; // left out of the scene
        }
        const Lt1Animation &anim = mModel.animations[a];
        const keys::AnimKeys key = keys::Anim(sceneIndex++);
        Put(meta, key.name, animationNames[a]);
        Put(meta, key.lengthMs, int32_t(anim.length));
        if (anim.hasDims) {
            Put(meta, key.extents, aiVector3D(anim.dims.x, anim.dims.y, anim.dims.z)); // sizes: not mirrored
        }
        const std::vector<size_t> &kept = mKeptKeys[a];
        std::vector<uint32_t> times(kept.size());
        for (size_t i = 0; i < kept.size(); ++i) {
            times[i] = anim.keyframes[kept[i]].time;
        }
        AddLongString(meta, key.keyframes.name, FormatIndexRanges(times));
        for (size_t i = 0; i < kept.size(); ++i) {
            const Lt1KeyframeInfo &info = anim.keyframes[kept[i]];
            if (!info.command.empty()) {
                Put(meta, key.KeyCommand(i), info.command);
                Put(meta, key.KeyTimeMs(i), int32_t(info.time));
            }
        }
    }
    return meta.Build();
}

std::vector<MeshPlan> Builder::PlanMeshes() {
    // The full-detail mesh, then the requested LODs.
    std::vector<MeshPlan> plans;
    const Lt1Geometry &g = mModel.geometry;
    if (g.triangles.empty()) {
        return plans;
    }
    MeshPlan base;
    base.name = mNames.Make("Piece"); // v6 has one implicit piece; v9+ names it (io_scene: "Piece")
    base.triangles = g.triangles;
    base.nodeName = base.name;
    plans.push_back(std::move(base));
    const unsigned levels = std::min<unsigned>(mSettings.lodLevels, g.usableLodSteps);
    if (mSettings.lodLevels > levels) {
        Warn(std::to_string(mSettings.lodLevels) + " LOD levels requested, the file has " +
                std::to_string(g.usableLodSteps) + " collapse steps");
    }
    for (unsigned level = 1; level <= levels; ++level) {
        MeshPlan lod;
        lod.lodLevel = int(level);
        lod.collapseSteps = static_cast<uint32_t>(std::lround(double(level) * g.usableLodSteps / levels));
        lod.triangles = CollapseTriangles(g, lod.collapseSteps);
        if (lod.triangles.empty()) {
            Warn("LOD " + std::to_string(level) + " collapses every triangle; left out");
            continue;
        }
        lod.name = mNames.Make("Piece_LOD" + std::to_string(level));
        lod.nodeName = mNames.Make("LOD" + std::to_string(level));
        plans.push_back(std::move(lod));
    }
    return plans;
}

void Builder::PlanMorphTargets() {
    // One target per kept keyframe of every animation.
    mFirstTarget.assign(mModel.animations.size(), 0);
    const bool anyVertexAnimated = std::any_of(mMdSlot.begin(), mMdSlot.end(), [](int slot) { return slot >= 0; });
    if (!mSettings.vertexAnimation || !anyVertexAnimated) {
        return; // no mesh can have targets
    }
    for (size_t a = 0; a < mModel.animations.size(); ++a) {
        if (!mSelected[a]) {
            continue; // only the animations the scene holds play targets
        }
        mFirstTarget[a] = mTargets.size();
        for (size_t k : mKeptKeys[a]) {
            mTargets.emplace_back(a, k);
        }
    }
}

std::vector<std::unique_ptr<aiMesh>> Builder::BuildMeshes(const std::vector<MeshPlan> &plans,
        std::vector<std::string> &morphNodes) {
    std::vector<std::unique_ptr<aiMesh>> meshes;
    for (const MeshPlan &plan : plans) {
        std::vector<uint32_t> sourceVertex;
        std::unique_ptr<aiMesh> mesh = BuildMesh(plan, sourceVertex);
        if (!mTargets.empty() && HasVertexAnimation(sourceVertex)) {
            // Each target also costs an aiAnimMesh (about 1 KiB): count it as
            // kTargetCostInVertices vertices, so tiny meshes cannot carry millions of targets.
            const size_t needed = mTargets.size() * (size_t(mesh->mNumVertices) + kTargetCostInVertices);
            if (needed > mSettings.maxMorphVertices - std::min(mMorphVertices, mSettings.maxMorphVertices)) {
                Warn("mesh '" + plan.name + "': " + std::to_string(mTargets.size()) + " morph targets of " +
                        std::to_string(mesh->mNumVertices) + " vertices exceed the limit of " +
                        std::to_string(mSettings.maxMorphVertices) +
                        " target vertices; its vertex animation is left out (animation 0, frame 0 only)");
            } else {
                mMorphVertices += needed;
                AddMorphTargets(mesh.get(), sourceVertex);
                morphNodes.push_back(plan.nodeName);
            }
        }
        meshes.push_back(std::move(mesh));
    }
    return meshes;
}

std::unique_ptr<aiNode> Builder::BuildNodeTree(const std::vector<MeshPlan> &plans) const {
    // The file's nodes, built leaves first (every parent comes before its
    // children in the file), each owning its children as soon as it exists.
    const size_t count = mModel.nodes.size();
    std::vector<std::vector<std::unique_ptr<aiNode>>> children(count);
    std::unique_ptr<aiNode> fileRoot;
    for (size_t n = count; n-- > 0;) {
        std::unique_ptr<aiNode> node(new aiNode(mNodeNames[n]));
        node->mTransformation = mLocal[n];
        std::reverse(children[n].begin(), children[n].end()); // collected last first
        AdoptChildren(node.get(), children[n]);
        const int parent = mModel.nodes[n].parent;
        if (parent >= 0) {
            children[size_t(parent)].push_back(std::move(node));
        } else if (n == 0) {
            fileRoot = std::move(node);
        }
    }
    std::vector<std::unique_ptr<aiNode>> rootChildren;
    rootChildren.push_back(std::move(fileRoot));
    for (size_t m = 0; m < plans.size(); ++m) {
        std::unique_ptr<aiNode> meshNode(new aiNode(plans[m].nodeName));
        meshNode->mMeshes = new unsigned[1]{unsigned(m)};
        meshNode->mNumMeshes = 1;
        if (plans[m].lodLevel > 0) {
            MetaBuilder meta;
            Put(meta, keys::kLod, int32_t(plans[m].lodLevel));
            Put(meta, keys::kLodCollapseSteps, int32_t(plans[m].collapseSteps));
            meshNode->mMetaData = meta.Build();
        }
        rootChildren.push_back(std::move(meshNode));
    }
    std::unique_ptr<aiNode> root(new aiNode(kRootNodeName));
    AdoptChildren(root.get(), rootChildren);
    return root;
}

std::vector<std::unique_ptr<aiAnimation>> Builder::BuildAnimations(const std::vector<std::string> &morphNodes,
        std::vector<std::string> &animationNames) {
    // Animation names come from the nodes' name set: Assimp 5.2.5's glTF2
    // exporter fails when an animation has the id of another glTF object (a
    // node's name, or the fixed ids it gives the skin and the scene).
    mNames.Reserve("skin");
    mNames.Reserve("defaultScene");
    animationNames.assign(mModel.animations.size(), std::string());
    std::vector<std::unique_ptr<aiAnimation>> animations;
    AnimationSelection selection(mSettings.animations.filter);
    for (size_t a = 0; a < mModel.animations.size(); ++a) {
        if (mKeptKeys[a].empty()) {
            Warn("animation '" + mModel.animations[a].name + "' has no keyframes; left out"); // cannot be represented
            continue;
        }
        // Named whether kept or not, so that every kept name is as without the filter.
        const std::string name = mNames.Make(mModel.animations[a].name, "anim" + std::to_string(a));
        if (!selection.Offer(mModel.animations[a].name)) {
            continue;
        }
        animationNames[a] = name;
        std::unique_ptr<aiAnimation> anim = BuildAnimation(a, morphNodes);
        anim->mName = MakeAiString(animationNames[a]);
        animations.push_back(std::move(anim));
    }
    selection.RequireAnyKept(MessagePrefix("ABC", mSettings.fileName));
    return animations;
}

void Builder::HandOver(std::unique_ptr<aiNode> root, std::vector<std::unique_ptr<aiMesh>> meshes,
        std::vector<std::unique_ptr<aiAnimation>> animations, aiMetadata *metadata) {
    // The scene owns each part as soon as it holds it (the importer deletes
    // the scene after an error), so nothing is ever owned twice or not at all.
    mScene->mMetaData = metadata;
    mScene->mRootNode = root.release();
    if (!meshes.empty()) {
        std::vector<std::unique_ptr<aiMaterial>> materials;
        materials.push_back(std::unique_ptr<aiMaterial>(new aiMaterial()));
        const aiString materialName("Skin");
        AddMaterialProperty(*materials[0], &materialName, AI_MATKEY_NAME);
        const aiColor3D white(1.f, 1.f, 1.f);
        AddMaterialProperty(*materials[0], &white, 1, AI_MATKEY_COLOR_DIFFUSE);
        const unsigned meshCount = static_cast<unsigned>(meshes.size());
        mScene->mMeshes = ReleaseToArray(meshes);
        mScene->mNumMeshes = meshCount;
        mScene->mMaterials = ReleaseToArray(materials);
        mScene->mNumMaterials = 1;
    } else {
        mScene->mFlags |= AI_SCENE_FLAGS_INCOMPLETE;
    }
    const unsigned animationCount = static_cast<unsigned>(animations.size());
    mScene->mAnimations = ReleaseToArray(animations);
    mScene->mNumAnimations = animationCount;
}

void Builder::Build() {
    for (const std::string &warning : mModel.warnings) {
        Warn(warning);
    }
    if (mModel.nodes.empty()) {
        throw ImportError(MessagePrefix("ABC", mSettings.fileName) + "the model has no nodes");
    }
    NameNodes();
    ComputeKeptKeys();
    ComputeBindPose();
    ComputeMdSlots();
    const std::vector<MeshPlan> plans = PlanMeshes();
    PlanMorphTargets();
    std::vector<std::string> morphNodes; // nodes holding a mesh with targets
    std::vector<std::unique_ptr<aiMesh>> meshes = BuildMeshes(plans, morphNodes);
    std::unique_ptr<aiNode> root = BuildNodeTree(plans);
    std::vector<std::string> animationNames; // per file animation; empty if left out
    std::vector<std::unique_ptr<aiAnimation>> animations = BuildAnimations(morphNodes, animationNames);
    std::unique_ptr<aiMetadata> metadata(BuildMetadata(animationNames));
    HandOver(std::move(root), std::move(meshes), std::move(animations), metadata.release());
}

} // namespace

void BuildLt1Scene(const Lt1Model &model, const Lt1BuildSettings &settings, aiScene *scene) {
    Builder(model, settings, scene).Build();
}

} // namespace abc
} // namespace assimp_retro
