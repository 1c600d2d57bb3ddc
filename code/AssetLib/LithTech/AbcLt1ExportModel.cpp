#include "AbcLt1ExportModel.h"

#include "AbcExportInput.h"
#include "Common/FiniteValues.h"

#include <assimp/anim.h>
#include <assimp/scene.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <map>
#include <tuple>

namespace assimp_retro {
namespace abc {

namespace {

constexpr size_t kMaxLt1Nodes = 256; // a vertex names its node in a u8 (ABC.md 2.3)
constexpr size_t kMaxLt1Vertices = 65535; // triangles and MD lists index vertices with u16

int8_t NormalByte(float c) {
    return static_cast<int8_t>(std::lround(std::max(-1.f, std::min(1.f, c)) * 127.f));
}

ByteNormal ToBytes(const aiVector3D &n) {
    return ByteNormal{NormalByte(n.x), NormalByte(n.y), NormalByte(n.z)};
}

/// Morph target weights of one mesh at a time: `weights[t]` for target t.
std::vector<float> MorphWeights(const aiMeshMorphAnim *channel, unsigned targets, double ticks) {
    std::vector<float> weights(targets, 0.f);
    if (!channel || channel->mNumKeys == 0) {
        return weights;
    }
    auto keyWeights = [&](unsigned k) {
        std::vector<float> w(targets, 0.f);
        const aiMeshMorphKey &key = channel->mKeys[k];
        for (unsigned i = 0; i < key.mNumValuesAndWeights; ++i) {
            if (key.mValues[i] < targets) {
                w[key.mValues[i]] = static_cast<float>(key.mWeights[i]);
            }
        }
        return w;
    };
    unsigned k = 0;
    while (k + 1 < channel->mNumKeys && channel->mKeys[k + 1].mTime <= ticks) {
        ++k;
    }
    weights = keyWeights(k);
    if (k + 1 < channel->mNumKeys && ticks > channel->mKeys[k].mTime) {
        const std::vector<float> next = keyWeights(k + 1);
        const double f = (ticks - channel->mKeys[k].mTime) / (channel->mKeys[k + 1].mTime - channel->mKeys[k].mTime);
        for (unsigned t = 0; t < targets; ++t) {
            weights[t] += static_cast<float>(f) * (next[t] - weights[t]);
        }
    }
    return weights;
}

/// One file vertex being built.
struct OutVertex {
    int node = 0;
    aiVector3D sceneLocal; ///< node-local, scene space (posing it needs no conversion)
    aiVector3D local; ///< file space
    aiVector3D normal; ///< file space
    size_t mesh = 0; ///< ExportInput::meshes index of its first mesh vertex
    unsigned meshVertex = 0;
    bool animated = false;
};

class Lt1Builder {
public:
    Lt1Builder(const aiScene &scene, std::vector<std::string> *warnings) :
            mScene(scene, "ABC v6", true, kLt1CentimetresPerUnit), mWarnings(warnings) {}
    Lt1OutModel Build();

private:
    void ReadFileSettings();
    void CheckNodes();
    void BuildGeometry();
    void AddMesh(size_t meshIndex);
    void BuildNodes();
    void BuildAnimations();
    void BuildAnimation(const aiAnimation *animation, unsigned sceneIndex, Lt1OutAnimation &out);
    aiVector3D MorphedPosition(const OutVertex &v, const aiAnimation *animation, double ms) const;
    void Warn(const std::string &message) { mScene.Warn(message); }

    ExportInput mScene;
    std::vector<std::string> *mWarnings;
    Lt1OutModel mModel;
    std::vector<OutVertex> mVertices;
    std::vector<std::vector<uint16_t>> mMdVertices; ///< per node
    size_t mDroppedWeights = 0;
};

void Lt1Builder::ReadFileSettings() {
    std::string command;
    if (mScene.MetaString(keys::kCommandString.name, command)) {
        mModel.commandString = command;
    }
    if (mScene.fromAbc && mScene.abcVersion == 6) {
        // Keep the source's TransformInfo: its presence and the flags the importer used.
        bool present = true;
        int32_t flip = 0;
        if (mScene.MetaBool(keys::kTransformInfo.name, present)) {
            mModel.hasTransformInfo = present;
        }
        if (mScene.MetaInt(keys::kFlipGeom.name, flip)) {
            mModel.flipGeom = flip != 0;
        }
        if (mScene.MetaInt(keys::kFlipAnim.name, flip)) {
            mModel.flipAnim = flip != 0;
        }
        if (!mModel.hasTransformInfo && !(mModel.flipGeom && mModel.flipAnim)) {
            mModel.hasTransformInfo = true; // files without the section mean 1, 1
        }
        int32_t lodSteps = 0;
        if (mScene.MetaInt(keys::kLodSteps.name, lodSteps) && lodSteps > 0) {
            Warn(std::to_string(lodSteps) +
                    " LOD collapse steps of the source are not written (the importer keeps only their count)");
        }
    }
}

void Lt1Builder::CheckNodes() {
    if (mScene.nodes.size() > kMaxLt1Nodes) {
        mScene.Fail("the scene has " + std::to_string(mScene.nodes.size()) + " nodes; ABC v6 allows at most " +
                std::to_string(kMaxLt1Nodes) + " (a vertex names its node in one byte)");
    }
    for (const ExportNode &n : mScene.nodes) {
        if (n.name.size() > kMaxLtStringLength) {
            mScene.Fail("node '" + n.name.substr(0, 64) + "...' has a name longer than " +
                    std::to_string(kMaxLtStringLength) + " bytes");
        }
    }
}

void Lt1Builder::AddMesh(size_t meshIndex) {
    const ExportMesh &em = mScene.meshes[meshIndex];
    const aiMesh &mesh = *em.mesh;
    const std::string meshName = mesh.mName.length ? mesh.mName.C_Str() : "#" + std::to_string(meshIndex);
    if (mesh.mNumFaces == 0) {
        Warn("mesh '" + meshName + "' has no faces; left out");
        return;
    }
    if (!mesh.mTextureCoords[0]) {
        Warn("mesh '" + meshName + "' has no texture coordinates; written as (0, 0)");
    }
    // Which vertices the morph targets move.
    std::vector<bool> animated(mesh.mNumVertices, false);
    for (unsigned t = 0; t < mesh.mNumAnimMeshes; ++t) {
        const aiAnimMesh *target = mesh.mAnimMeshes[t];
        if (!target->mVertices || target->mNumVertices != mesh.mNumVertices) {
            continue;
        }
        for (unsigned v = 0; v < mesh.mNumVertices; ++v) {
            if (!Finite(target->mVertices[v])) {
                mScene.Fail("mesh '" + meshName + "', morph target " + std::to_string(t) + ": vertex " +
                        std::to_string(v) + " is not finite");
            }
            if ((target->mVertices[v] - mesh.mVertices[v]).SquareLength() > 1e-12f) {
                animated[v] = true;
            }
        }
    }
    // Mesh vertices with the same node, position, normal and no vertex
    // animation share a file vertex (the importer splits file vertices by UV).
    using Key = std::tuple<int, float, float, float, int, int, int>;
    std::map<Key, uint32_t> shared;
    std::vector<int64_t> fileVertex(mesh.mNumVertices, -1);
    auto vertexOf = [&](unsigned v) -> uint32_t {
        if (fileVertex[v] >= 0) {
            return static_cast<uint32_t>(fileVertex[v]);
        }
        const auto &weights = em.weights[v];
        const int node = weights[0].first;
        if (weights.size() > 1 && weights[1].second > 1e-4f) {
            ++mDroppedWeights;
        }
        if (!Finite(mesh.mVertices[v])) {
            mScene.Fail("mesh '" + meshName + "': vertex " + std::to_string(v) + " is not finite");
        }
        OutVertex out;
        out.node = node;
        out.sceneLocal = em.toLocal.at(node) * mesh.mVertices[v];
        out.local = mScene.LocalPosition(em, node, mesh.mVertices[v]);
        if (mesh.mNormals && Finite(mesh.mNormals[v])) {
            out.normal = mScene.LocalNormal(em, node, mesh.mNormals[v]);
        }
        out.mesh = meshIndex;
        out.meshVertex = v;
        out.animated = animated[v];
        const ByteNormal nb = ToBytes(out.normal);
        const Key key{node, out.local.x, out.local.y, out.local.z, nb.x, nb.y, nb.z};
        if (!out.animated) {
            const auto found = shared.find(key);
            if (found != shared.end()) {
                fileVertex[v] = found->second;
                return found->second;
            }
        }
        if (mVertices.size() >= kMaxLt1Vertices) {
            mScene.Fail("the meshes have more than " + std::to_string(kMaxLt1Vertices) +
                    " distinct vertices; ABC v6 indexes vertices with 16 bits (mesh '" + meshName + "')");
        }
        const uint32_t index = static_cast<uint32_t>(mVertices.size());
        mVertices.push_back(out);
        if (!out.animated) {
            shared.emplace(key, index);
        }
        fileVertex[v] = index;
        return index;
    };
    size_t skippedFaces = 0;
    const bool flipGeom = mModel.flipGeom != 0 || !mModel.hasTransformInfo;
    for (unsigned f = 0; f < mesh.mNumFaces; ++f) {
        const aiFace &face = mesh.mFaces[f];
        if (face.mNumIndices != 3) {
            ++skippedFaces;
            continue;
        }
        // Scene faces are counter-clockwise; LithTech's front faces are
        // clockwise in its mirrored space, i.e. the same corner order after
        // the mirror, swapped once more unless FlipGeom stores them reversed.
        const unsigned order[3] = {face.mIndices[0], flipGeom ? face.mIndices[1] : face.mIndices[2],
                flipGeom ? face.mIndices[2] : face.mIndices[1]};
        Lt1Triangle t;
        for (int c = 0; c < 3; ++c) {
            const unsigned v = order[c];
            t.vertex[c] = vertexOf(v);
            if (mesh.mTextureCoords[0]) {
                const aiVector3D &uv = mesh.mTextureCoords[0][v];
                if (!std::isfinite(uv.x) || !std::isfinite(uv.y)) {
                    mScene.Fail("mesh '" + meshName + "': texture coordinate " + std::to_string(v) + " is not finite");
                }
                t.u[c] = uv.x;
                t.v[c] = 1.f - uv.y;
            }
        }
        // The outward face normal, node-local to the first corner's node.
        const aiVector3D &a = mesh.mVertices[face.mIndices[0]];
        const aiVector3D n = (mesh.mVertices[face.mIndices[1]] - a) ^ (mesh.mVertices[face.mIndices[2]] - a);
        t.normal = ToBytes(mScene.LocalNormal(em, mVertices[t.vertex[0]].node, n));
        mModel.geometry.triangles.push_back(t);
    }
    if (skippedFaces > 0) {
        Warn("mesh '" + meshName + "': " + std::to_string(skippedFaces) +
                " faces that are not triangles (points, lines) left out");
    }
}

void Lt1Builder::BuildGeometry() {
    for (const auto &lod : mScene.lodNodes) {
        Warn("LOD mesh node '" + std::string(lod.second->mName.C_Str()) +
                "' left out: ABC v6 LODs are collapse steps, which the scene does not hold");
    }
    for (size_t m = 0; m < mScene.meshes.size(); ++m) {
        AddMesh(m);
    }
    if (mModel.geometry.triangles.empty()) {
        mScene.Fail("the scene has no triangles to write (ABC v6 needs geometry)");
    }
    if (mDroppedWeights > 0) {
        Warn(std::to_string(mDroppedWeights) +
                " vertices were weighted to more than one bone; each keeps only its strongest "
                "(ABC v6 binds a vertex to one node)");
    }
    Lt1Geometry &g = mModel.geometry;
    g.present = true;
    g.lodSteps = 0;
    g.vertexStartNum = {0};
    g.normalVerts = static_cast<uint32_t>(mVertices.size());
    mMdVertices.assign(mScene.nodes.size(), {});
    for (size_t i = 0; i < mVertices.size(); ++i) {
        const OutVertex &v = mVertices[i];
        Lt1Vertex out;
        out.position = ToVec3(v.local);
        out.normal = ToBytes(v.normal);
        out.node = static_cast<uint8_t>(v.node);
        g.vertices.push_back(out);
        if (v.animated) {
            mMdVertices[size_t(v.node)].push_back(static_cast<uint16_t>(i));
        }
    }
}

void Lt1Builder::BuildNodes() {
    std::vector<bool> hasVertices(mScene.nodes.size(), false);
    for (const OutVertex &v : mVertices) {
        hasVertices[size_t(v.node)] = true;
    }
    for (size_t i = 0; i < mScene.nodes.size(); ++i) {
        const ExportNode &en = mScene.nodes[i];
        Lt1Node n;
        n.name = en.name;
        n.transformIndex = static_cast<uint16_t>(i);
        n.flags = hasVertices[i] ? kV6NodeTriangles : kV6NodeNull;
        if (!mMdVertices[i].empty()) {
            n.flags |= kV6NodeDeformation;
        }
        n.mdVertices = mMdVertices[i];
        n.numChildren = static_cast<uint32_t>(en.children.size());
        n.parent = en.parent;
        mModel.nodes.push_back(n);
    }
}

aiVector3D Lt1Builder::MorphedPosition(const OutVertex &v, const aiAnimation *animation, double ms) const {
    const ExportMesh &em = mScene.meshes[v.mesh];
    const aiMesh &mesh = *em.mesh;
    const aiMeshMorphAnim *channel = nullptr;
    for (unsigned c = 0; animation && c < animation->mNumMorphMeshChannels; ++c) {
        if (em.nodeName == animation->mMorphMeshChannels[c]->mName.C_Str()) {
            channel = animation->mMorphMeshChannels[c];
        }
    }
    const double tps = animation && animation->mTicksPerSecond > 0 ? animation->mTicksPerSecond : 25.0;
    const std::vector<float> weights = MorphWeights(channel, mesh.mNumAnimMeshes, ms * tps / 1000.0);
    const aiVector3D &base = mesh.mVertices[v.meshVertex];
    aiVector3D p = base;
    for (unsigned t = 0; t < mesh.mNumAnimMeshes; ++t) {
        const aiAnimMesh *target = mesh.mAnimMeshes[t];
        if (weights[t] != 0.f && target->mVertices && target->mNumVertices == mesh.mNumVertices) {
            p += (target->mVertices[v.meshVertex] - base) * weights[t];
        }
    }
    return em.toLocal.at(v.node) * p;
}

void Lt1Builder::BuildAnimation(const aiAnimation *animation, unsigned sceneIndex, Lt1OutAnimation &out) {
    const std::vector<uint32_t> times = animation ? mScene.KeyTimes(*animation, sceneIndex) : std::vector<uint32_t>{0};
    const std::vector<const aiNodeAnim *> channels = mScene.Channels(animation);
    const keys::AnimKeys meta = keys::Anim(sceneIndex);
    // Keyframe command strings the importer kept, by time.
    std::map<uint32_t, std::string> commands;
    if (animation) {
        commands = mScene.KeyframeCommands(meta.prefix);
    }
    const size_t nodeCount = mScene.nodes.size();
    out.nodes.assign(nodeCount, Lt1OutTrack());
    std::vector<std::vector<aiVector3D>> mdPositions(nodeCount); // per node: keyframe-major, scene-local
    const bool conjugate = mModel.flipAnim != 0 || !mModel.hasTransformInfo;
    aiVector3D animMin(1e30f, 1e30f, 1e30f), animMax(-1e30f, -1e30f, -1e30f);
    std::vector<aiQuaternion> previous; // the keys' rotations at the keyframe before
    for (size_t k = 0; k < times.size(); ++k) {
        const double ms = times[k];
        const std::vector<aiMatrix4x4> global = mScene.GlobalPose(mScene.LocalPose(animation, channels, ms));
        const std::vector<ExportInput::FileKey> keys = mScene.FileKeys(global, previous, out.name);
        for (size_t n = 0; n < nodeCount; ++n) {
            aiQuaternion rotation = keys[n].rotation;
            if (conjugate) {
                rotation.Conjugate();
            }
            out.nodes[n].keys.push_back(
                    Lt1NodeKey{ToVec3(keys[n].position), Quat{rotation.x, rotation.y, rotation.z, rotation.w}});
        }
        // The posed model at this keyframe: its box.
        aiVector3D boxMin(1e30f, 1e30f, 1e30f), boxMax(-1e30f, -1e30f, -1e30f);
        for (size_t i = 0; i < mVertices.size(); ++i) {
            const OutVertex &v = mVertices[i];
            aiVector3D local = v.sceneLocal;
            if (v.animated) {
                local = MorphedPosition(v, animation, ms);
                mdPositions[size_t(v.node)].push_back(local);
            }
            const aiVector3D posed = mScene.FilePoint(global[size_t(v.node)] * local);
            if (!Finite(posed)) {
                mScene.Fail("animation '" + out.name + "': a posed vertex of node '" +
                        mScene.nodes[size_t(v.node)].name + "' is not finite");
            }
            boxMin = aiVector3D(std::min(boxMin.x, posed.x), std::min(boxMin.y, posed.y), std::min(boxMin.z, posed.z));
            boxMax = aiVector3D(std::max(boxMax.x, posed.x), std::max(boxMax.y, posed.y), std::max(boxMax.z, posed.z));
        }
        Lt1KeyframeInfo info;
        info.time = times[k];
        info.boundsMin = ToVec3(boxMin);
        info.boundsMax = ToVec3(boxMax);
        const auto command = commands.find(times[k]);
        if (command != commands.end()) {
            info.command = command->second;
        }
        out.keyframes.push_back(info);
        animMin =
                aiVector3D(std::min(animMin.x, boxMin.x), std::min(animMin.y, boxMin.y), std::min(animMin.z, boxMin.z));
        animMax =
                aiVector3D(std::max(animMax.x, boxMax.x), std::max(animMax.y, boxMax.y), std::max(animMax.z, boxMax.z));
        if (k == 0 && sceneIndex == 0) {
            mModel.geometry.boundsMin = ToVec3(boxMin);
            mModel.geometry.boundsMax = ToVec3(boxMax);
        }
    }
    // Vertex animation frames: per node, quantised between the frames' box.
    for (size_t n = 0; n < nodeCount; ++n) {
        const std::vector<aiVector3D> &positions = mdPositions[n];
        if (positions.empty()) {
            continue;
        }
        aiVector3D lo(1e30f, 1e30f, 1e30f), hi(-1e30f, -1e30f, -1e30f);
        std::vector<aiVector3D> file(positions.size());
        for (size_t i = 0; i < positions.size(); ++i) {
            file[i] = mScene.FilePoint(positions[i]);
            if (!Finite(file[i])) {
                mScene.Fail("animation '" + out.name + "', node '" + mScene.nodes[n].name +
                        "': the morph targets give a vertex position that is not finite");
            }
            lo = aiVector3D(std::min(lo.x, file[i].x), std::min(lo.y, file[i].y), std::min(lo.z, file[i].z));
            hi = aiVector3D(std::max(hi.x, file[i].x), std::max(hi.y, file[i].y), std::max(hi.z, file[i].z));
        }
        const aiVector3D scale((hi.x - lo.x) / 255.f, (hi.y - lo.y) / 255.f, (hi.z - lo.z) / 255.f);
        auto quantise = [](float value, float low, float step) {
            return static_cast<uint8_t>(
                    step > 0 ? std::lround(std::min(255.f, std::max(0.f, (value - low) / step))) : 0);
        };
        Lt1OutTrack &track = out.nodes[n];
        track.mdScale = ToVec3(scale);
        track.mdTranslate = ToVec3(lo);
        track.mdFrames.reserve(3 * file.size());
        for (const aiVector3D &p : file) {
            track.mdFrames.push_back(quantise(p.x, lo.x, scale.x));
            track.mdFrames.push_back(quantise(p.y, lo.y, scale.y));
            track.mdFrames.push_back(quantise(p.z, lo.z, scale.z));
        }
    }
    out.boundsMin = ToVec3(animMin);
    out.boundsMax = ToVec3(animMax);
    int32_t length = 0;
    out.length =
            mScene.MetaInt(meta.lengthMs.name, length) && length >= 0 && animation ? uint32_t(length) : times.back();
    aiVector3D dims;
    if (animation && mScene.MetaVector(meta.extents.name, dims) && Finite(dims)) {
        out.dims = ToVec3(dims);
    } else {
        // The box around the model's origin that holds every keyframe.
        out.dims = Vec3{std::max(std::fabs(animMin.x), std::fabs(animMax.x)),
                std::max(std::fabs(animMin.y), std::fabs(animMax.y)),
                std::max(std::fabs(animMin.z), std::fabs(animMax.z))};
    }
}

void Lt1Builder::BuildAnimations() {
    const auto animations = mScene.AnimationsToWrite();
    for (size_t a = 0; a < animations.size(); ++a) {
        Lt1OutAnimation out;
        out.name = animations[a].first;
        BuildAnimation(animations[a].second, unsigned(a), out);
        mModel.animations.push_back(std::move(out));
    }
}

Lt1OutModel Lt1Builder::Build() {
    ReadFileSettings();
    CheckNodes();
    BuildGeometry();
    BuildNodes();
    BuildAnimations();
    if (mWarnings) {
        mWarnings->insert(mWarnings->end(), mScene.warnings.begin(), mScene.warnings.end());
    }
    return std::move(mModel);
}

} // namespace

Lt1OutModel BuildLt1Model(const aiScene &scene, std::vector<std::string> *warnings) {
    return Lt1Builder(scene, warnings).Build();
}

} // namespace abc
} // namespace assimp_retro
