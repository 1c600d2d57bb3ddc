#include "AbcLt2ExportModel.h"

#include "AbcExportInput.h"
#include "Common/FiniteValues.h"

#include <assimp/anim.h>
#include <assimp/material.h>
#include <assimp/scene.h>
#include <assimp_retro/config.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <map>
#include <set>

namespace assimp_retro {
namespace abc {

namespace {

using namespace lt2;

constexpr size_t kMaxWeights = 4; // weights per vertex the engine blends (ABC-EXPORT.md)
constexpr size_t kMaxLt2PieceVertices = 65535; // faces index vertices with u16
constexpr size_t kMaxLt2Nodes = 65535; // node index is a u16

Quat ToQuat(const aiQuaternion &q) {
    return Quat{q.x, q.y, q.z, q.w};
}

/// A node's metadata value stored with exactly type T (aiMetadata::Get: no
/// conversion; AbcExportInput's NodeMetaInt takes any integral number).
template <typename T>
bool NodeMeta(const aiNode &node, const std::string &key, T &value) {
    return node.mMetaData && node.mMetaData->Get(key, value);
}

class V12Builder {
public:
    V12Builder(const aiScene &scene, const V12ExportSettings &settings, std::vector<std::string> *warnings) :
            mScene(scene, "ABC v12", false, kLt2CentimetresPerUnit), mSettings(settings), mWarnings(warnings) {}
    Model Build();

private:
    void BuildHeaderAndLayout();
    void BuildNodes();
    void BuildPieces();
    Lod BuildLod(const ExportMesh &em);
    void BuildSockets();
    void BuildAnimations();
    void BuildAnimation(const aiAnimation *animation, unsigned sceneIndex, Animation &out);
    bool FromChildModel(unsigned sceneIndex) const;
    void BuildChildModelsAndBindings();
    void BakeBindings();
    void WarnMorphTargetsLeftOut(const aiMesh &mesh, int level);
    void Warn(const std::string &message) { mScene.Warn(message); }

    ExportInput mScene;
    const V12ExportSettings &mSettings;
    std::vector<std::string> *mWarnings;
    Model mModel;
    std::vector<aiMatrix4x4> mBind; ///< per node, scene space, rigid
    size_t mDroppedWeights = 0;
    float mRadius = 0;
    bool mChildModelsBaked = false; ///< every animation written, no child model named
};

void V12Builder::BuildHeaderAndLayout() {
    Header &h = mModel.header;
    h.version = 12;
    std::string text;
    if (mScene.MetaString(keys::kCommandString.name, text)) {
        h.commandString = text;
    }
    // The layout the importer found, for a round trip of a v12 file.
    const bool fromV12 = mScene.fromAbc && mScene.abcVersion == 12;
    LayoutChoices &layout = mModel.layout;
    layout.pieceLodWeight = "yes"; // NOLF1's
    if (fromV12 && mScene.MetaString(keys::kLayoutPieceLodWeight.name, text)) {
        layout.pieceLodWeight = text;
    }
    if (!mSettings.pieceLodWeight.empty()) {
        layout.pieceLodWeight = mSettings.pieceLodWeight;
    }
    layout.lodDistances = "LODDistanceCount";
    layout.childModelRelation = "28 bytes";
    layout.animationHeader = "compression+interpolation";
    layout.animBindings = "one list per child model";
    if (fromV12) {
        if (mScene.MetaString(keys::kLayoutLodDistances.name, text)) layout.lodDistances = text;
        if (mScene.MetaString(keys::kLayoutAnimBindings.name, text)) layout.animBindings = text;
    }
}

void V12Builder::BuildNodes() {
    const size_t count = mScene.nodes.size();
    if (count > kMaxLt2Nodes) {
        mScene.Fail("the scene has " + std::to_string(count) + " nodes; ABC v12 allows at most " +
                std::to_string(kMaxLt2Nodes));
    }
    mBind.resize(count);
    for (size_t i = 0; i < count; ++i) {
        const auto bone = mScene.boneBind.find(int(i));
        mBind[i] = bone != mScene.boneBind.end() ? bone->second : mScene.nodes[i].bindGlobal;
    }
    // Weight sets the importer kept: names in the scene, weights on the nodes.
    for (int w = 0;; ++w) {
        std::string name;
        if (!mScene.MetaString(keys::WeightSetName(w).name, name)) {
            break;
        }
        WeightSet set;
        set.name = name;
        const std::string key = keys::WeightSetWeight(name).name;
        for (const ExportNode &n : mScene.nodes) {
            float weight = 0;
            NodeMeta(*n.node, key.c_str(), weight);
            set.weights.push_back(weight);
        }
        mModel.weightSets.push_back(std::move(set));
    }
    for (size_t i = 0; i < count; ++i) {
        const ExportNode &en = mScene.nodes[i];
        if (en.name.size() > kMaxLtStringLength) {
            mScene.Fail("node '" + en.name.substr(0, 64) + "...' has a name longer than " +
                    std::to_string(kMaxLtStringLength) + " bytes");
        }
        Node n;
        n.name = en.name;
        n.index = static_cast<uint16_t>(i);
        int32_t flags = 0;
        if (NodeMeta(*en.node, keys::kNodeFlags.name, flags)) {
            n.flags = static_cast<uint8_t>(flags);
        }
        const aiMatrix4x4 m = mScene.FileMatrix(mBind[i]);
        for (unsigned r = 0; r < 4; ++r) {
            for (unsigned c = 0; c < 4; ++c) {
                n.bind[4 * r + c] = m[r][c];
            }
        }
        n.numChildren = static_cast<uint32_t>(en.children.size());
        n.parent = en.parent;
        mModel.nodes.push_back(n);
    }
    mModel.hasNodes = true;
}

Lod V12Builder::BuildLod(const ExportMesh &em) {
    const aiMesh &mesh = *em.mesh;
    const std::string meshName = mesh.mName.C_Str();
    if (mesh.mNumVertices > kMaxLt2PieceVertices) {
        mScene.Fail("mesh '" + meshName + "' has " + std::to_string(mesh.mNumVertices) + " vertices; ABC v12 allows " +
                std::to_string(kMaxLt2PieceVertices) + " per piece");
    }
    Lod lod;
    aiMatrix3x3 normalMatrix(em.meshToWorld);
    normalMatrix.Inverse().Transpose();
    for (unsigned v = 0; v < mesh.mNumVertices; ++v) {
        if (!Finite(mesh.mVertices[v])) {
            mScene.Fail("mesh '" + meshName + "': vertex " + std::to_string(v) + " is not finite");
        }
        const auto &weights = em.weights[v];
        const size_t kept = std::min(weights.size(), kMaxWeights);
        if (weights.size() > kMaxWeights && weights[kMaxWeights].second > 1e-4f) {
            ++mDroppedWeights;
        }
        float sum = 0;
        for (size_t w = 0; w < kept; ++w)
            sum += weights[w].second;
        Vertex out;
        out.firstWeight = lod.weights.size();
        out.weightCount = static_cast<uint32_t>(kept);
        for (size_t w = 0; w < kept; ++w) {
            Weight weight;
            weight.node = static_cast<uint32_t>(weights[w].first);
            weight.location = ToVec3(mScene.LocalPosition(em, weights[w].first, mesh.mVertices[v]));
            weight.bias = weights[w].second / sum;
            lod.weights.push_back(weight);
        }
        const aiVector3D model = mScene.FilePoint(em.meshToWorld * mesh.mVertices[v]);
        if (!Finite(model)) {
            mScene.Fail("mesh '" + meshName + "': vertex " + std::to_string(v) + " is not finite in model space");
        }
        mRadius = std::max(mRadius, model.Length());
        out.position = ToVec3(model);
        if (mesh.mNormals && Finite(mesh.mNormals[v])) {
            aiVector3D n = normalMatrix * mesh.mNormals[v];
            if (n.SquareLength() > 1e-12f) n.Normalize();
            out.normal = ToVec3(ExportInput::FileDirection(n));
        }
        lod.vertices.push_back(out);
    }
    size_t skipped = 0;
    for (unsigned f = 0; f < mesh.mNumFaces; ++f) {
        const aiFace &face = mesh.mFaces[f];
        if (face.mNumIndices != 3) {
            ++skipped;
            continue;
        }
        // Counter-clockwise in the scene, clockwise in LithTech's mirrored space.
        const unsigned order[3] = {face.mIndices[0], face.mIndices[2], face.mIndices[1]};
        Face out;
        for (int c = 0; c < 3; ++c) {
            out.corners[c].vertex = static_cast<uint16_t>(order[c]);
            if (mesh.mTextureCoords[0]) {
                const aiVector3D &uv = mesh.mTextureCoords[0][order[c]];
                if (!std::isfinite(uv.x) || !std::isfinite(uv.y)) {
                    mScene.Fail("mesh '" + meshName + "': texture coordinate " + std::to_string(order[c]) +
                            " is not finite");
                }
                out.corners[c].u = uv.x;
                out.corners[c].v = 1.f - uv.y;
            }
        }
        lod.faces.push_back(out);
    }
    if (skipped > 0) {
        Warn("mesh '" + meshName + "': " + std::to_string(skipped) +
                " faces that are not triangles (points, lines) left out");
    }
    return lod;
}

/// ABC v9-v13 have no vertex animation (docs/formats/ABC.md 4.3): a mesh's
/// morph targets, LOD 0's or a LOD's (an LTB's vertex-animated piece imported
/// with every LOD), and the morph channels playing them are left out.
void V12Builder::WarnMorphTargetsLeftOut(const aiMesh &mesh, int level) {
    if (mesh.mNumAnimMeshes == 0) {
        return;
    }
    const std::string lod = level > 0 ? " (LOD " + std::to_string(level) + ")" : std::string();
    Warn("mesh '" + std::string(mesh.mName.C_Str()) + "'" + lod + ": " + std::to_string(mesh.mNumAnimMeshes) +
            " morph targets and their animation left out (ABC v12 has no vertex animation" +
            (level > 0 ? "; the LOD is written in its stored shape)" : "; abc6 writes them)"));
}

void V12Builder::BuildPieces() {
    // LOD holders (imported with all LODs): level -> meshes by name.
    std::map<int, std::map<std::string, const aiMesh *>> lodMeshes;
    int lodCount = 1;
    for (const auto &lod : mScene.lodNodes) {
        for (unsigned i = 0; i < lod.second->mNumMeshes; ++i) {
            const aiMesh *mesh = mScene.scene.mMeshes[lod.second->mMeshes[i]];
            lodMeshes[lod.first][mesh->mName.C_Str()] = mesh;
        }
        lodCount = std::max(lodCount, lod.first + 1);
    }
    for (size_t m = 0; m < mScene.meshes.size(); ++m) {
        const ExportMesh &em = mScene.meshes[m];
        const aiMesh &mesh = *em.mesh;
        if (mesh.mNumFaces == 0) {
            Warn("mesh '" + std::string(mesh.mName.C_Str()) + "' has no faces; left out");
            continue;
        }
        if (!mesh.mTextureCoords[0]) {
            Warn("mesh '" + std::string(mesh.mName.C_Str()) + "' has no texture coordinates; written as (0, 0)");
        }
        WarnMorphTargetsLeftOut(mesh, 0);
        Piece piece;
        piece.name = mesh.mName.length ? mesh.mName.C_Str() : em.nodeName;
        int32_t material = static_cast<int32_t>(mesh.mMaterialIndex);
        NodeMeta(*em.holder, keys::kMaterialIndex.name, material);
        piece.materialIndex = static_cast<uint16_t>(material);
        piece.specularScale = 1.f;
        NodeMeta(*em.holder, keys::kSpecularPower.name, piece.specularPower);
        NodeMeta(*em.holder, keys::kSpecularScale.name, piece.specularScale);
        NodeMeta(*em.holder, keys::kLodWeight.name, piece.lodWeight);
        piece.lods.push_back(BuildLod(em));
        for (int level = 1; level < lodCount; ++level) {
            const auto &byName = lodMeshes[level];
            const auto found = byName.find(piece.name + "_LOD" + std::to_string(level));
            if (found == byName.end()) {
                piece.lods.emplace_back(); // the importer leaves out empty LODs
                continue;
            }
            const int owner = mScene.NodeIndex(em.nodeName);
            WarnMorphTargetsLeftOut(*found->second, level);
            piece.lods.push_back(BuildLod(mScene.BindMesh(*found->second, *em.holder, owner)));
        }
        mModel.pieces.push_back(std::move(piece));
    }
    if (mModel.pieces.empty()) {
        Warn("the scene has no triangles: an animation-only file is written");
    }
    Header &h = mModel.header;
    h.lodCount = mModel.pieces.empty() ? 1 : static_cast<uint32_t>(lodCount);
    // Switch distances: the importer's, else the LOD holders'.
    for (uint32_t i = 0;; ++i) {
        float distance = 0;
        if (!mScene.MetaFloat(keys::LodDistance(i).name, distance)) break;
        h.lodDistances.push_back(distance);
    }
    if (h.lodDistances.empty() && lodCount > 1) {
        h.lodDistances.assign(size_t(lodCount - 1), 0.f);
        for (const auto &lod : mScene.lodNodes) {
            float distance = 0;
            if (NodeMeta(*lod.second, keys::kNodeLodDistance.name, distance) && lod.first >= 1) {
                h.lodDistances[size_t(lod.first - 1)] = distance;
            }
        }
    }
    float radius = 0;
    h.internalRadius = mScene.MetaFloat(keys::kInternalRadius.name, radius) ? radius : mRadius;
    if (mDroppedWeights > 0) {
        Warn(std::to_string(mDroppedWeights) +
                " vertices were weighted to more than 4 bones; each keeps its 4 strongest, renormalised");
    }
}

void V12Builder::BuildSockets() {
    // Socket nodes: children of a LithTech node, marked by the importer.
    for (size_t i = 0; i < mScene.nodes.size(); ++i) {
        const aiNode &parent = *mScene.nodes[i].node;
        for (unsigned c = 0; c < parent.mNumChildren; ++c) {
            const aiNode &child = *parent.mChildren[c];
            bool socket = false;
            if (!(child.mMetaData && child.mMetaData->Get(keys::kSocket.name, socket) && socket)) {
                continue;
            }
            aiVector3D translation;
            aiQuaternion rotation;
            TranslationRotation(RigidPart(child.mTransformation), translation, rotation);
            Socket s;
            s.node = static_cast<uint32_t>(i);
            s.name.assign(child.mName.data, child.mName.length);
            s.rot = ToQuat(ExportInput::FileRotation(rotation));
            s.pos = ToVec3(mScene.FilePoint(translation));
            mModel.sockets.push_back(s);
        }
    }
}

void V12Builder::BuildAnimation(const aiAnimation *animation, unsigned sceneIndex, Animation &out) {
    const std::vector<uint32_t> times = animation ? mScene.KeyTimes(*animation, sceneIndex) : std::vector<uint32_t>{0};
    const std::vector<const aiNodeAnim *> channels = mScene.Channels(animation);
    const keys::AnimKeys meta = keys::Anim(sceneIndex);
    const std::map<uint32_t, std::string> commands =
            animation ? mScene.KeyframeCommands(meta.prefix) : std::map<uint32_t, std::string>();
    const size_t nodeCount = mScene.nodes.size();
    out.tracks.assign(nodeCount, NodeTrack());
    out.keys.assign(nodeCount * times.size(), NodeKey());
    aiVector3D lo(1e30f, 1e30f, 1e30f), hi(-1e30f, -1e30f, -1e30f);
    std::vector<aiQuaternion> previous; // the keys' rotations at the keyframe before
    for (size_t k = 0; k < times.size(); ++k) {
        const std::vector<aiMatrix4x4> global = mScene.GlobalPose(mScene.LocalPose(animation, channels, times[k]));
        const std::vector<ExportInput::FileKey> keys = mScene.FileKeys(global, previous, out.name);
        for (size_t n = 0; n < nodeCount; ++n) {
            NodeKey &key = out.keys[n * times.size() + k];
            key.pos = ToVec3(keys[n].position);
            key.rot = ToQuat(keys[n].rotation);
            // The joints' box, for dims when the scene has none.
            const aiVector3D at = mScene.FilePoint(aiVector3D(global[n].a4, global[n].b4, global[n].c4));
            lo = aiVector3D(std::min(lo.x, at.x), std::min(lo.y, at.y), std::min(lo.z, at.z));
            hi = aiVector3D(std::max(hi.x, at.x), std::max(hi.y, at.y), std::max(hi.z, at.z));
        }
        Keyframe info;
        info.timeMs = times[k];
        const auto command = commands.find(times[k]);
        if (command != commands.end()) {
            info.command = command->second;
        }
        out.keyframes.push_back(info);
    }
    int32_t value = 0;
    out.interpolationMs =
            animation && mScene.MetaInt(meta.interpolationMs.name, value) && value >= 0 ? uint32_t(value) : 200;
    out.compressionType = animation && mScene.MetaInt(meta.compressionType.name, value) ? uint32_t(value) : 0;
    aiVector3D dims;
    if (animation && mScene.MetaVector(meta.extents.name, dims) && Finite(dims)) {
        out.extents = ToVec3(dims);
    } else {
        const float r = mRadius;
        out.extents = Vec3{std::max({std::fabs(lo.x), std::fabs(hi.x), r}),
                std::max({std::fabs(lo.y), std::fabs(hi.y), r}), std::max({std::fabs(lo.z), std::fabs(hi.z), r})};
    }
}

bool V12Builder::FromChildModel(unsigned sceneIndex) const {
    std::string source;
    return mScene.MetaString(keys::Anim(sceneIndex).source.name, source);
}

void V12Builder::BuildAnimations() {
    const auto animations = mScene.AnimationsToWrite();
    // By default the child models' animations stay in their files, which the
    // model names: written here too, the game would find them twice.
    std::vector<unsigned> write;
    for (unsigned a = 0; a < animations.size(); ++a) {
        if (mSettings.bakeChildModels || !FromChildModel(a)) {
            write.push_back(a);
        }
    }
    if (write.empty()) {
        Warn("every animation came from a child model; all are written (a model needs one of its own)");
        for (unsigned a = 0; a < animations.size(); ++a) {
            write.push_back(a);
        }
    } else if (write.size() < animations.size()) {
        Warn(std::to_string(animations.size() - write.size()) +
                " animation(s) of child models left to the child models' files, "
                "which the model names (" +
                std::string(AI_CONFIG_EXPORT_ABC_V12_BAKE_CHILD_MODELS) + " writes them in)");
    }
    mChildModelsBaked = write.size() == animations.size() && mSettings.bakeChildModels;
    for (const unsigned a : write) {
        Animation out;
        out.name = animations[a].first;
        BuildAnimation(animations[a].second, a, out);
        mModel.animations.push_back(std::move(out));
    }
}

void V12Builder::BuildChildModelsAndBindings() {
    // Entry 0 is the model itself, with each node's bind transform relative
    // to its parent (the LTA node relations); others as the importer kept them.
    ChildModel self;
    for (size_t i = 0; i < mScene.nodes.size(); ++i) {
        const int p = mScene.nodes[i].parent;
        const aiMatrix4x4 local = p >= 0 ? aiMatrix4x4(mBind[size_t(p)]).Inverse() * mBind[i] : mBind[i];
        aiVector3D translation;
        aiQuaternion rotation;
        TranslationRotation(local, translation, rotation);
        self.relations.push_back(ChildModel::Relation{ToVec3(mScene.FilePoint(translation)),
                ToQuat(ExportInput::FileRotation(rotation)), {}});
    }
    mModel.childModels.push_back(self);
    int32_t build = 0;
    if (mScene.MetaInt(keys::ChildModelBuildNumber(0).name, build)) {
        mModel.childModels[0].buildNumber = uint32_t(build);
    }
    for (int c = 1; !mChildModelsBaked; ++c) {
        std::string name;
        if (!mScene.MetaString(keys::ChildModelName(c).name, name)) break;
        ChildModel child = self; // their own relations are not kept by the importer
        child.name = name;
        child.buildNumber = mScene.MetaInt(keys::ChildModelBuildNumber(c).name, build) ? uint32_t(build) : 0;
        mModel.childModels.push_back(child);
    }
    // Animation bindings: the importer's lists, else one per animation on the model itself.
    mModel.animBindings.resize(mModel.childModels.size());
    bool any = false;
    for (size_t l = 0; l < mModel.childModels.size(); ++l) {
        for (int j = 0;; ++j) {
            const keys::AnimBindingKeys key = keys::AnimBinding(l, size_t(j));
            AnimBinding b;
            aiVector3D dims, translation;
            if (!mScene.MetaString(key.name.name, b.animName)) break;
            if (mScene.MetaVector(key.dims.name, dims)) b.dims = ToVec3(dims);
            if (mScene.MetaVector(key.translation.name, translation))
                b.translation = ToVec3(ExportInput::FileDirection(translation));
            mModel.animBindings[l].push_back(b);
            any = true;
        }
    }
    if (!any || mChildModelsBaked) {
        BakeBindings();
    }
}

void V12Builder::BakeBindings() {
    // The model's own list, then one binding for each animation it lacks.
    std::vector<AnimBinding> &own = mModel.animBindings[0];
    for (const Animation &a : mModel.animations) {
        const bool listed =
                std::any_of(own.begin(), own.end(), [&](const AnimBinding &b) { return b.animName == a.name; });
        if (!listed) {
            own.push_back(AnimBinding{a.name, a.extents, Vec3{}});
        }
    }
}

Model V12Builder::Build() {
    BuildHeaderAndLayout();
    BuildNodes();
    BuildPieces();
    BuildSockets();
    BuildAnimations();
    BuildChildModelsAndBindings();
    if (mWarnings) {
        mWarnings->insert(mWarnings->end(), mScene.warnings.begin(), mScene.warnings.end());
    }
    return std::move(mModel);
}

} // namespace

lt2::Model BuildV12Model(const aiScene &scene, const V12ExportSettings &settings, std::vector<std::string> *warnings) {
    return V12Builder(scene, settings, warnings).Build();
}

} // namespace abc
} // namespace assimp_retro
