#include "AbcLt2SceneBuilder.h"

#include "AbcMetadataKeys.h"

#include "Common/AnimationChannels.h"
#include "Common/AnimationFilter.h"
#include "Common/Handedness.h"
#include "Common/ImportError.h"
#include "Common/MaterialProperty.h"
#include "Common/MetadataLists.h"
#include "Common/SceneHelpers.h"
#include "Common/UniqueNames.h"

#include <assimp/DefaultLogger.hpp>
#include <assimp/material.h>
#include <assimp/scene.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <map>
#include <memory>
#include <set>
#include <unordered_map>
#include <variant>

namespace assimp_retro {
namespace abc {
namespace lt2 {

using keys::kRootNodeName;

namespace {

const MirrorAxis kMirror = MirrorAxis::X;

// ---- conversions into the project's right-handed space (mirror X) ------------

aiVector3D Convert(const Vec3 &v) {
    return Mirror(aiVector3D(v.x, v.y, v.z), kMirror);
}

aiQuaternion Convert(const Quat &q) {
    // stored x, y, z, w; aiQuaternion takes w first
    return Mirror(aiQuaternion(q.w, q.x, q.y, q.z), kMirror);
}

aiMatrix4x4 Convert(const Mat4 &m) {
    // The bottom row is (0,0,0,1) by definition (affine transforms); it is set
    // exactly so that inverses stay affine (glTF rejects inverse bind matrices
    // whose last row is off by a rounding error).
    const aiMatrix4x4 raw(m[0], m[1], m[2], m[3], m[4], m[5], m[6], m[7], m[8], m[9], m[10], m[11], 0.f, 0.f, 0.f, 1.f);
    return Mirror(raw, kMirror);
}

/// The order a face's corners become mesh vertices: the winding reversed, as
/// the mirror turns LithTech's clockwise fronts counter-clockwise.
const int kCornerOrder[3] = {0, 2, 1};

/// A Direct3D colour (0xAARRGGBB) as four channels of 0-1.
aiColor4D ConvertColour(uint32_t argb) {
    const auto channel = [argb](int shift) { return float((argb >> shift) & 0xFFu) / 255.f; };
    return aiColor4D(channel(16), channel(8), channel(0), channel(24));
}

/// The keyframes an animation keeps: glTF needs strictly increasing key
/// times, so the first of equal or backward times.
std::vector<size_t> KeptKeyframes(const Animation &anim) {
    std::vector<size_t> keep;
    keep.reserve(anim.keyframes.size());
    for (size_t k = 0; k < anim.keyframes.size(); ++k) {
        if (keep.empty() || anim.keyframes[k].timeMs > anim.keyframes[keep.back()].timeMs) {
            keep.push_back(k);
        }
    }
    return keep;
}

aiMatrix4x4 ExactAffine(aiMatrix4x4 m) {
    m.d1 = m.d2 = m.d3 = 0.f;
    m.d4 = 1.f;
    return m;
}

struct Builder {
    const Model &model;
    const std::vector<ChildAnimationSource> &children;
    const Lt2ImportSettings &settings;
    std::string prefix;
    aiScene *scene;
    /// The same model and children, when the builder may free each
    /// animation's keys once its channels are built (null: the caller's).
    Model *ownModel = nullptr;
    std::vector<ChildAnimationSource> *ownChildren = nullptr;

    Builder(const Model &m, const std::vector<ChildAnimationSource> &c, const Lt2ImportSettings &s, std::string p,
            aiScene *out) :
            model(m),
            children(c), settings(s), prefix(std::move(p)), scene(out) {}

    UniqueNames names;
    std::vector<std::string> nodeNames; // unique aiNode name per file node
    std::vector<aiMatrix4x4> globalBind; // converted global bind per file node
    std::vector<aiMatrix4x4> localBind; // converted parent-relative bind per file node
    // Everything is owned here until it is handed to the aiScene (or to its
    // parent node), so nothing leaks whichever step throws.
    std::vector<std::unique_ptr<aiNode>> aiNodes; // per file node, until adopted by its parent
    std::vector<std::vector<std::unique_ptr<aiNode>>> extraChildren; // sockets per file node
    std::vector<std::unique_ptr<aiMesh>> meshes;
    std::map<uint16_t, unsigned> materialOfIndex;
    std::vector<std::unique_ptr<aiMaterial>> materials;
    std::vector<std::unique_ptr<aiAnimation>> animations;
    MetaBuilder sceneMeta;
    MetaBuilder nodeMeta; // reused for each node's metadata
    NodeAnimBuilder channelBuilder{settings.animations.keys}; // reused for each channel
    AnimationSelection selection{settings.animations.filter}; // AI_CONFIG_IMPORT_RETRO_ANIMATIONS

    /// nodeMeta, emptied for the next node.
    MetaBuilder &FreshNodeMeta() {
        nodeMeta.Clear();
        return nodeMeta;
    }

    aiMatrix4x4 Invert(const aiMatrix4x4 &m, size_t node) const {
        const float det = m.Determinant();
        if (!std::isfinite(det) || std::fabs(det) < 1e-12f) { // NaN/inf from huge entries too
            throw ImportError(prefix + "node " + std::to_string(node) + " ('" + model.nodes[node].name +
                    "') has a singular or non-finite bind matrix (section 'Nodes')");
        }
        aiMatrix4x4 inv = m;
        return ExactAffine(inv.Inverse());
    }

    void BuildNodes() {
        const size_t count = model.nodes.size();
        names.Reserve(kRootNodeName);
        nodeNames.resize(count);
        globalBind.resize(count);
        localBind.resize(count);
        aiNodes.resize(count);
        extraChildren.resize(count);
        // Matrices first (this may throw on a singular bind matrix), nodes after,
        // so nothing leaks on a bad file.
        for (size_t i = 0; i < count; ++i) {
            const Node &n = model.nodes[i];
            globalBind[i] = Convert(n.bind);
            Invert(globalBind[i], i);
            localBind[i] =
                    n.parent < 0 ? globalBind[i] : ExactAffine(Invert(globalBind[n.parent], n.parent) * globalBind[i]);
        }
        // Weight sets are per-node animation blend masks: each node carries its own weight.
        std::vector<std::string> setKeys;
        UniqueNames setKeyNames; // two weight sets may share a name
        for (const WeightSet &ws : model.weightSets) {
            setKeys.push_back(setKeyNames.Make(keys::WeightSetWeight(ws.name).name));
        }
        for (size_t i = 0; i < count; ++i) {
            const Node &n = model.nodes[i];
            nodeNames[i] = names.Make(n.name, "node" + std::to_string(i));
            std::unique_ptr<aiNode> node(new aiNode(nodeNames[i]));
            node->mTransformation = localBind[i];
            MetaBuilder &meta = FreshNodeMeta();
            Put(meta, keys::kNodeIndex, int32_t(n.index));
            Put(meta, keys::kNodeFlags, int32_t(n.flags));
            Put(meta, keys::kRemovable, bool(n.flags & kNodeRemovable));
            Put(meta, keys::kRotationOnly, bool(n.flags & kNodeRotationOnly));
            for (size_t w = 0; w < model.weightSets.size(); ++w) {
                if (i < model.weightSets[w].weights.size()) {
                    meta.Add(setKeys[w], model.weightSets[w].weights[i]);
                }
            }
            node->mMetaData = meta.Build();
            aiNodes[i] = std::move(node);
        }
        // Sockets: child nodes of their node, T(pos)·R(rot) relative to it.
        for (const Socket &s : model.sockets) {
            std::unique_ptr<aiNode> node(new aiNode(names.Make(s.name, "socket")));
            node->mTransformation = aiMatrix4x4(aiVector3D(1.f, 1.f, 1.f), Convert(s.rot), Convert(s.pos));
            MetaBuilder &meta = FreshNodeMeta();
            Put(meta, keys::kSocket, true);
            node->mMetaData = meta.Build();
            extraChildren[s.node].push_back(std::move(node));
        }
    }

    /// Gives every node its children (file nodes, then sockets); afterwards
    /// aiNodes[0] owns the whole file hierarchy and the other entries are empty.
    void LinkNodes() {
        std::vector<aiNode *> parents(aiNodes.size()); // still valid once the unique_ptrs moved on
        for (size_t i = 0; i < aiNodes.size(); ++i) {
            parents[i] = aiNodes[i].get();
        }
        std::vector<std::vector<size_t>> kids(model.nodes.size());
        for (size_t i = 1; i < model.nodes.size(); ++i) {
            kids[model.nodes[i].parent].push_back(i);
        }
        for (size_t i = 0; i < model.nodes.size(); ++i) {
            std::vector<std::unique_ptr<aiNode>> all;
            all.reserve(kids[i].size() + extraChildren[i].size());
            for (size_t child : kids[i]) {
                all.push_back(std::move(aiNodes[child]));
            }
            for (std::unique_ptr<aiNode> &socket : extraChildren[i]) {
                all.push_back(std::move(socket));
            }
            AdoptChildren(parents[i], all);
        }
    }

    unsigned MaterialFor(const Piece &piece) {
        auto found = materialOfIndex.find(piece.materialIndex);
        if (found != materialOfIndex.end()) {
            return found->second;
        }
        std::unique_ptr<aiMaterial> mat(new aiMaterial());
        const aiString name = MakeAiString("material" + std::to_string(piece.materialIndex));
        AddMaterialProperty(*mat, &name, AI_MATKEY_NAME);
        const aiColor3D white(1.f, 1.f, 1.f);
        AddMaterialProperty(*mat, &white, 1, AI_MATKEY_COLOR_DIFFUSE);
        float power = piece.specularPower, scale = piece.specularScale;
        AddMaterialProperty(*mat, &power, 1, AI_MATKEY_SHININESS);
        AddMaterialProperty(*mat, &scale, 1, AI_MATKEY_SHININESS_STRENGTH);
        int index = piece.materialIndex;
        AddMaterialProperty(*mat, &index, 1, "$abc.materialIndex", 0, 0);
        const unsigned slot = static_cast<unsigned>(materials.size());
        materials.push_back(std::move(mat));
        materialOfIndex[piece.materialIndex] = slot;
        return slot;
    }

    /// The normalised, merged weights of every stored vertex of a LOD, all in
    /// one array: vertex v's are entries [first[v], first[v + 1]), by
    /// ascending node.
    struct VertexWeights {
        std::vector<std::pair<uint32_t, float>> entries;
        std::vector<size_t> first;
        size_t Count(size_t v) const { return first[v + 1] - first[v]; }
    };

    /// A vertex's weights to the same node are summed, negative biases count
    /// as 0, and the sums are divided by their total; a vertex whose biases
    /// are all 0 weighs each of its nodes equally, and one with no weight at
    /// all is pinned to the root node (the engine could not place it).
    static VertexWeights MergedWeights(const Lod &lod, size_t &unweighted) {
        VertexWeights result;
        result.first.reserve(lod.vertices.size() + 1);
        result.entries.reserve(lod.weights.size()); // one more per vertex without weights

        std::vector<std::pair<uint32_t, float>> merged; // (node, summed bias), reused
        for (const Vertex &vertex : lod.vertices) {
            result.first.push_back(result.entries.size());
            merged.clear();
            float sum = 0.f;
            for (size_t k = vertex.firstWeight; k < vertex.firstWeight + vertex.weightCount; ++k) {
                const Weight &w = lod.weights[k];
                const float bias = std::max(w.bias, 0.f);
                auto same =
                        std::find_if(merged.begin(), merged.end(), [&](const auto &m) { return m.first == w.node; });
                if (same == merged.end()) {
                    merged.emplace_back(w.node, bias);
                } else {
                    same->second += bias;
                }
                sum += bias;
            }
            std::sort(merged.begin(), merged.end());
            if (merged.empty()) {
                result.entries.emplace_back(0u, 1.f);
                ++unweighted;
            } else if (!(sum > 0.f)) {
                for (const auto &m : merged) {
                    result.entries.emplace_back(m.first, 1.f / float(merged.size()));
                }
            } else {
                for (const auto &m : merged) {
                    if (m.second > 0.f) {
                        result.entries.emplace_back(m.first, m.second / sum);
                    }
                }
            }
        }
        result.first.push_back(result.entries.size());
        return result;
    }

    /// One aiBone per weighted node, by ascending node, each weight array
    /// counted first and allocated once. The mesh's vertices are the face
    /// corners in order, three per face, in the order BuildMesh writes them.
    void AddBones(aiMesh &mesh, const Lod &lod, const VertexWeights &weights) const {
        std::vector<unsigned> counts(nodeNames.size(), 0);
        for (const auto &face : lod.faces) {
            for (const FaceCorner &c : face.corners) {
                for (size_t i = weights.first[c.vertex]; i < weights.first[c.vertex + 1]; ++i) {
                    const uint32_t node = weights.entries[i].first;
                    if (node >= counts.size()) { // the reader checks weight nodes; a model without nodes pins to none
                        throw ImportError("ABC: mesh '" + std::string(mesh.mName.C_Str()) + "': weight to node " +
                                std::to_string(node) + " of " + std::to_string(counts.size()));
                    }
                    ++counts[node];
                }
            }
        }
        std::vector<aiBone *> boneOfNode(nodeNames.size(), nullptr);
        mesh.mNumBones =
                static_cast<unsigned>(std::count_if(counts.begin(), counts.end(), [](unsigned n) { return n > 0; }));
        mesh.mBones = new aiBone *[mesh.mNumBones](); // null until filled: safe to delete if an allocation throws
        unsigned b = 0;
        for (size_t node = 0; node < counts.size(); ++node) {
            if (counts[node] == 0) {
                continue;
            }
            std::unique_ptr<aiBone> bone(new aiBone());
            bone->mName = MakeAiString(nodeNames[node]);
            bone->mOffsetMatrix = Invert(globalBind[node], node);
            bone->mWeights = new aiVertexWeight[counts[node]];
            boneOfNode[node] = mesh.mBones[b++] = bone.release();
        }
        unsigned out = 0;
        for (const auto &face : lod.faces) {
            for (int k = 0; k < 3; ++k, ++out) {
                const uint32_t v = face.corners[kCornerOrder[k]].vertex;
                for (size_t i = weights.first[v]; i < weights.first[v + 1]; ++i) {
                    aiBone &bone = *boneOfNode[weights.entries[i].first];
                    bone.mWeights[bone.mNumWeights++] = aiVertexWeight(out, weights.entries[i].second);
                }
            }
        }
    }

    /// One aiMesh for one LOD of a piece, or nullptr when the LOD has no faces.
    std::unique_ptr<aiMesh> BuildMesh(const Piece &piece, const Lod &lod, const std::string &meshName,
            size_t &unweighted) {
        if (lod.faces.empty()) {
            return nullptr;
        }
        std::unique_ptr<aiMesh> mesh(new aiMesh());
        mesh->mName = MakeAiString(meshName);
        mesh->mPrimitiveTypes = aiPrimitiveType_TRIANGLE;
        mesh->mMaterialIndex = MaterialFor(piece);
        const unsigned vertexCount = static_cast<unsigned>(lod.faces.size() * 3);
        mesh->mNumVertices = vertexCount;
        mesh->mVertices = new aiVector3D[vertexCount];
        mesh->mNormals = new aiVector3D[vertexCount];
        mesh->mTextureCoords[0] = new aiVector3D[vertexCount];
        mesh->mNumUVComponents[0] = 2;
        if (!lod.colours.empty()) {
            mesh->mColors[0] = new aiColor4D[vertexCount];
        }
        for (uint32_t set = 0; set < lod.extraUvSets; ++set) {
            mesh->mTextureCoords[set + 1] = new aiVector3D[vertexCount];
            mesh->mNumUVComponents[set + 1] = 2;
        }
        if (!lod.tangents.empty()) {
            mesh->mTangents = new aiVector3D[vertexCount];
            mesh->mBitangents = new aiVector3D[vertexCount];
        }
        mesh->mNumFaces = static_cast<unsigned>(lod.faces.size());
        mesh->mFaces = new aiFace[mesh->mNumFaces];

        const VertexWeights weights = MergedWeights(lod, unweighted);
        // Corners are not shared, so every corner copies its vertex's weights:
        // bound the total (a hostile file can weight one vertex to every node
        // and use it in every face).
        uint64_t weightEntries = 0;
        for (const auto &face : lod.faces) {
            for (const FaceCorner &c : face.corners) {
                weightEntries += weights.Count(c.vertex);
            }
        }
        if (weightEntries > (uint64_t(1) << 24)) {
            throw ImportError("ABC: piece '" + piece.name + "': " + std::to_string(weightEntries) +
                    " vertex weights over all face corners exceed the limit of 16M (corrupt file?)");
        }
        unsigned out = 0;
        for (size_t f = 0; f < lod.faces.size(); ++f) {
            aiFace &face = mesh->mFaces[f];
            face.mNumIndices = 3;
            face.mIndices = new unsigned[3];
            for (int k = 0; k < 3; ++k) {
                const FaceCorner &c = lod.faces[f].corners[kCornerOrder[k]];
                const Vertex &v = lod.vertices[c.vertex];
                mesh->mVertices[out] = Convert(v.position);
                mesh->mNormals[out] = Convert(v.normal);
                mesh->mTextureCoords[0][out] = aiVector3D(c.u, 1.f - c.v, 0.f);
                if (mesh->mColors[0]) {
                    mesh->mColors[0][out] = ConvertColour(lod.colours[c.vertex]);
                }
                for (uint32_t set = 0; set < lod.extraUvSets; ++set) {
                    const std::array<float, 2> &uv = lod.extraUvs[c.vertex][set];
                    mesh->mTextureCoords[set + 1][out] = aiVector3D(uv[0], 1.f - uv[1], 0.f);
                }
                if (mesh->mTangents) {
                    // Directions mirror as positions do; the bitangent already
                    // points along the flipped v.
                    mesh->mTangents[out] = Convert(lod.tangents[c.vertex]);
                    mesh->mBitangents[out] = Convert(lod.bitangents[c.vertex]);
                }
                face.mIndices[k] = out++;
            }
        }
        AddBones(*mesh, lod, weights);
        return mesh;
    }

    /// A mesh with morph targets: the node the animations' morph channels
    /// name, and each animation's first target (its kept keyframes' targets
    /// follow in order).
    struct MorphMesh {
        std::string node;
        std::vector<std::pair<size_t, unsigned>> firstTarget; // (model animation, target)
    };
    std::vector<MorphMesh> morphMeshes;

    /// The vertex animation of `lod` (LTB) as morph targets of `mesh`: one
    /// absolute target ("<animation>@<ms>") per kept keyframe of each animation.
    void AddMorphTargets(aiMesh &mesh, const Lod &lod, const std::string &nodeName) {
        MorphMesh morph{nodeName, {}};
        std::vector<std::unique_ptr<aiAnimMesh>> targets;
        for (const VertexAnimation &va : lod.vertexAnimations) {
            const Animation &anim = model.animations[va.animation];
            const std::vector<size_t> keep = KeptKeyframes(anim);
            if (keep.empty() || !settings.animations.filter.Keeps(anim.name)) {
                continue; // the animation is left out
            }
            morph.firstTarget.emplace_back(va.animation, static_cast<unsigned>(targets.size()));
            for (size_t k : keep) {
                std::unique_ptr<aiAnimMesh> target(new aiAnimMesh());
                target->mName = MakeAiString(anim.name + "@" + std::to_string(anim.keyframes[k].timeMs));
                target->mNumVertices = mesh.mNumVertices;
                target->mVertices = new aiVector3D[mesh.mNumVertices];
                target->mWeight = 0.f;
                unsigned out = 0;
                for (const Face &face : lod.faces) {
                    for (int corner : kCornerOrder) {
                        target->mVertices[out++] = Convert(va.frames[k][face.corners[corner].vertex]);
                    }
                }
                targets.push_back(std::move(target));
            }
        }
        if (targets.empty()) {
            return;
        }
        mesh.mMethod = aiMorphingMethod_MORPH_RELATIVE; // absolute targets, as Assimp's glTF importer gives them
        const unsigned count = static_cast<unsigned>(targets.size());
        mesh.mAnimMeshes = ReleaseToArray(targets);
        mesh.mNumAnimMeshes = count;
        morphMeshes.push_back(std::move(morph));
    }

    /// One morph channel per mesh with targets of model animation `a`: at each
    /// kept keyframe its own target weighs 1 (the others 0).
    std::vector<std::unique_ptr<aiMeshMorphAnim>> MorphChannels(int a, const Animation &anim,
            const std::vector<size_t> &keep) const {
        std::vector<std::unique_ptr<aiMeshMorphAnim>> channels;
        for (const MorphMesh &m : morphMeshes) {
            for (const auto &first : m.firstTarget) {
                if (int(first.first) != a) {
                    continue;
                }
                std::unique_ptr<aiMeshMorphAnim> ch(new aiMeshMorphAnim());
                ch->mName = MakeAiString(m.node);
                ch->mKeys = new aiMeshMorphKey[keep.size()];
                ch->mNumKeys = static_cast<unsigned>(keep.size());
                for (size_t i = 0; i < keep.size(); ++i) {
                    ch->mKeys[i].mTime = anim.keyframes[keep[i]].timeMs;
                    SetSingleTargetKey(ch->mKeys[i], first.second + static_cast<unsigned>(i));
                }
                channels.push_back(std::move(ch));
            }
        }
        return channels;
    }

    std::vector<std::unique_ptr<aiNode>> BuildMeshes() {
        std::vector<std::unique_ptr<aiNode>> meshNodes;
        size_t unweighted = 0;
        // LODs exist only as the pieces' LOD arrays, which the reader checked
        // against the file's size. Without pieces LODCount bounds nothing (a
        // 1.4 KB file said 2^31, found by fuzz_abc_lt2): nothing to build.
        if (model.pieces.empty() && model.header.lodCount > 1) {
            LogWarning(prefix + "LODCount " + std::to_string(model.header.lodCount) +
                    " in a file without pieces: no LOD to build");
        }
        const size_t lodCount = model.pieces.empty() ? 0 : model.header.lodCount;
        const size_t lods = settings.allLods ? lodCount : std::min<size_t>(1, lodCount);
        for (size_t lod = 0; lod < lods; ++lod) {
            std::vector<unsigned> lodMeshes;
            std::vector<std::unique_ptr<aiNode>> morphLodNodes;
            for (size_t p = 0; p < model.pieces.size(); ++p) {
                const Piece &piece = model.pieces[p];
                const std::string pieceName = piece.name.empty() ? "piece" + std::to_string(p) : piece.name;
                const std::string meshName = lod == 0 ? pieceName : pieceName + "_LOD" + std::to_string(lod);
                std::unique_ptr<aiMesh> mesh = BuildMesh(piece, piece.lods[lod], meshName, unweighted);
                if (!mesh) {
                    if (lod == 0) {
                        LogWarning(prefix + "piece " + std::to_string(p) + " ('" + piece.name +
                                "') has no faces in LOD 0; skipped");
                    }
                    continue;
                }
                const unsigned meshIndex = static_cast<unsigned>(meshes.size());
                meshes.push_back(std::move(mesh));
                if (lod == 0) {
                    // LOD 0: one node per piece.
                    std::unique_ptr<aiNode> node(new aiNode(names.Make(pieceName, "piece")));
                    AddMorphTargets(*meshes.back(), piece.lods[lod], node->mName.C_Str());
                    node->mNumMeshes = 1;
                    node->mMeshes = new unsigned[1]{meshIndex};
                    MetaBuilder &meta = FreshNodeMeta();
                    Put(meta, keys::kPiece, int32_t(p));
                    Put(meta, keys::kMaterialIndex, int32_t(piece.materialIndex));
                    Put(meta, keys::kSpecularPower, piece.specularPower);
                    Put(meta, keys::kSpecularScale, piece.specularScale);
                    Put(meta, keys::kLodWeight, piece.lodWeight);
                    node->mMetaData = meta.Build();
                    meshNodes.push_back(std::move(node));
                } else if (!piece.lods[lod].vertexAnimations.empty()) {
                    // A morph channel drives a node (in glTF, every primitive
                    // of the node's mesh alike): a vertex-animated LOD holds
                    // its own node, a LOD holder of one mesh.
                    std::unique_ptr<aiNode> node = LodHolder(meshName, lod, {meshIndex});
                    AddMorphTargets(*meshes.back(), piece.lods[lod], node->mName.C_Str());
                    morphLodNodes.push_back(std::move(node));
                } else {
                    lodMeshes.push_back(meshIndex);
                }
            }
            if (lod > 0 && !lodMeshes.empty()) {
                // Other LODs: one node per LOD holding every piece's mesh, named
                // by LOD and switch distance.
                char label[64];
                std::snprintf(label, sizeof(label), "LOD%zu_dist_%g", lod, double(LodDistance(lod)));
                meshNodes.push_back(LodHolder(label, lod, lodMeshes));
            }
            for (std::unique_ptr<aiNode> &node : morphLodNodes) {
                meshNodes.push_back(std::move(node));
            }
        }
        if (unweighted) {
            LogWarning(prefix + std::to_string(unweighted) + " vertices have no weights; bound to the root node");
        }
        return meshNodes;
    }

    /// A node holding `meshIndices` of LOD `lod` (>= 1), marked with the LOD
    /// and its switch distance.
    std::unique_ptr<aiNode> LodHolder(const std::string &name, size_t lod, const std::vector<unsigned> &meshIndices) {
        std::unique_ptr<aiNode> node(new aiNode(names.Make(name, "LOD")));
        node->mNumMeshes = static_cast<unsigned>(meshIndices.size());
        node->mMeshes = new unsigned[meshIndices.size()];
        std::copy(meshIndices.begin(), meshIndices.end(), node->mMeshes);
        MetaBuilder &meta = FreshNodeMeta();
        Put(meta, keys::kLod, int32_t(lod));
        Put(meta, keys::kNodeLodDistance, LodDistance(lod));
        node->mMetaData = meta.Build();
        return node;
    }

    /// Switch distance of LOD `lod` (>= 1). With LODCount-1 distances they
    /// belong to LODs 1..; with LODCount distances the first is LOD 0's.
    float LodDistance(size_t lod) const {
        const auto &d = model.header.lodDistances;
        if (d.size() == model.header.lodCount && lod < d.size()) {
            return d[lod];
        }
        return lod - 1 < d.size() ? d[lod - 1] : 0.f;
    }

    /// Whether the tracks of `anim` move any node of this model (`target`
    /// maps each source node to a node of this model, or -1).
    static bool AnimatesAnyNode(const Animation &anim, const std::vector<int> &target) {
        for (size_t s = 0; s < anim.tracks.size() && s < target.size(); ++s) {
            if (target[s] >= 0) {
                return true;
            }
        }
        return false;
    }

    /// Converts one animation whose tracks belong to `sourceNodes`; `target`
    /// maps each source node to a node of this model (or -1). `index` is its
    /// index in this model's animations (-1: a child model's). An animation
    /// the filter leaves out is named all the same, so that the names of
    /// those it keeps are as without a filter.
    void BuildAnimation(const Animation &anim, int index, const std::vector<int> &target, const std::string &source,
            UniqueNames &animNames, std::set<std::string> &seenNames) {
        if (anim.keyframes.empty()) {
            LogWarning(prefix + "animation '" + anim.name + "' has no keyframes; skipped");
            return;
        }
        if (!source.empty() && seenNames.count(ToLower(anim.name))) {
            Assimp::DefaultLogger::get()->info((prefix + "child model " + source + ": animation '" + anim.name +
                    "' already exists; the first one is kept")
                                                       .c_str());
            return;
        }
        if (!children.empty()) { // the names only serve to skip a child's animation of the same name
            seenNames.insert(ToLower(anim.name));
        }
        if (!AnimatesAnyNode(anim, target)) {
            LogWarning(prefix + (source.empty() ? "" : "child model " + source + ": ") + "animation '" + anim.name +
                    "' animates no node of this model; skipped");
            return;
        }
        const aiString name = MakeAiString(animNames.Make(anim.name, "anim"));
        if (!selection.Offer(anim.name)) {
            return;
        }
        const std::vector<size_t> keep = KeptKeyframes(anim);
        if (keep.size() != anim.keyframes.size()) {
            LogWarning(prefix + "animation '" + anim.name +
                    "': " + std::to_string(anim.keyframes.size() - keep.size()) +
                    " keyframes with non-increasing times dropped");
        }
        std::vector<std::unique_ptr<aiNodeAnim>> channels = BuildChannels(anim, target, keep);
        std::unique_ptr<aiAnimation> a(new aiAnimation());
        a->mName = name;
        a->mTicksPerSecond = 1000.0;
        a->mDuration = anim.keyframes[keep.back()].timeMs;
        const unsigned channelCount = static_cast<unsigned>(channels.size());
        a->mChannels = ReleaseToArray(channels);
        a->mNumChannels = channelCount;
        std::vector<std::unique_ptr<aiMeshMorphAnim>> morphChannels = MorphChannels(index, anim, keep);
        const unsigned morphCount = static_cast<unsigned>(morphChannels.size());
        a->mMorphMeshChannels = ReleaseToArray(morphChannels);
        a->mNumMorphMeshChannels = morphCount;
        AddAnimationMetadata(anim, a->mName, keep, source);
        animations.push_back(std::move(a));
    }

    /// One channel per node of this model that `anim` moves, with a key at
    /// each of its kept keyframes `keep`.
    std::vector<std::unique_ptr<aiNodeAnim>> BuildChannels(const Animation &anim, const std::vector<int> &target,
            const std::vector<size_t> &keep) {
        std::vector<std::unique_ptr<aiNodeAnim>> channels;
        channels.reserve(anim.tracks.size());
        for (size_t s = 0; s < anim.tracks.size(); ++s) {
            const int t = s < target.size() ? target[s] : -1;
            if (t < 0) {
                continue;
            }
            const bool rotationOnly = model.nodes[t].flags & kNodeRotationOnly;
            const aiVector3D bindOffset(localBind[t].a4, localBind[t].b4, localBind[t].c4);
            aiQuaternion previous;
            for (size_t i = 0; i < keep.size(); ++i) {
                const NodeKey &key = anim.Key(s, keep[i]);
                aiQuaternion q = Convert(key.rot);
                q.Normalize();
                if (i > 0) {
                    q = SameHemisphere(previous, q);
                }
                previous = q;
                // MNODE_ROTATIONONLY: the translation is the bind offset from the parent.
                channelBuilder.AddKey(anim.keyframes[keep[i]].timeMs, rotationOnly ? bindOffset : Convert(key.pos), q);
            }
            channelBuilder.AddScaling(anim.keyframes[keep[0]].timeMs, aiVector3D(1.f, 1.f, 1.f));
            channels.push_back(channelBuilder.Build(MakeAiString(nodeNames[t])));
        }
        return channels;
    }

    /// The scene metadata of the next animation ("abc:animN.*"), its kept
    /// keyframes `keep` named by their new index.
    void AddAnimationMetadata(const Animation &anim, const aiString &name, const std::vector<size_t> &keep,
            const std::string &source) {
        const keys::AnimKeys key = keys::Anim(animations.size());
        Put(sceneMeta, key.name, name.C_Str());
        Put(sceneMeta, key.interpolationMs, int32_t(anim.interpolationMs));
        if (anim.hasCompressionType) {
            Put(sceneMeta, key.compressionType, int32_t(anim.compressionType));
        }
        Put(sceneMeta, key.extents, aiVector3D(anim.extents.x, anim.extents.y, anim.extents.z)); // sizes: no mirror
        if (!source.empty()) {
            Put(sceneMeta, key.source, source);
        }
        std::vector<uint32_t> times(keep.size());
        for (size_t i = 0; i < keep.size(); ++i) {
            times[i] = anim.keyframes[keep[i]].timeMs;
        }
        AddLongString(sceneMeta, key.keyframes.name, FormatIndexRanges(times));
        for (size_t i = 0; i < keep.size(); ++i) {
            const Keyframe &k = anim.keyframes[keep[i]];
            if (!k.command.empty()) {
                Put(sceneMeta, key.KeyCommand(i), k.command);
                Put(sceneMeta, key.KeyTimeMs(i), int32_t(k.timeMs));
            }
        }
    }

    /// Frees a built animation's keys (a motion library's are tens of MB):
    /// the next animations' channels then take their place in memory.
    static void FreeKeys(Animation &built) { std::vector<NodeKey>().swap(built.keys); }

    void BuildAnimations() {
        UniqueNames animNames;
        std::set<std::string> seen;
        std::vector<int> identity(model.nodes.size());
        for (size_t i = 0; i < identity.size(); ++i) {
            identity[i] = static_cast<int>(i);
        }
        for (size_t a = 0; a < model.animations.size(); ++a) {
            BuildAnimation(model.animations[a], static_cast<int>(a), identity, "", animNames, seen);
            if (ownModel) {
                FreeKeys(ownModel->animations[a]);
            }
        }
        if (children.empty()) {
            return;
        }
        // Child models share animations by node name (LithTech names are case-insensitive).
        std::unordered_map<std::string, int> byName;
        for (size_t i = 0; i < model.nodes.size(); ++i) {
            byName.emplace(ToLower(model.nodes[i].name), static_cast<int>(i));
        }
        for (size_t c = 0; c < children.size(); ++c) {
            const ChildAnimationSource &child = children[c];
            std::vector<int> target(child.model.nodes.size(), -1);
            std::vector<bool> taken(model.nodes.size(), false);
            for (size_t i = 0; i < target.size(); ++i) {
                auto found = byName.find(ToLower(child.model.nodes[i].name));
                // First match only: "Bone" and "bone" in one child would
                // otherwise give one animation two channels for one node.
                if (found != byName.end() && !taken[found->second]) {
                    target[i] = found->second;
                    taken[found->second] = true;
                }
            }
            for (size_t a = 0; a < child.model.animations.size(); ++a) {
                BuildAnimation(child.model.animations[a], -1, target, child.name, animNames, seen);
                if (ownChildren) {
                    FreeKeys((*ownChildren)[c].model.animations[a]);
                }
            }
        }
    }

    void BuildSceneMetadata() {
        const Header &h = model.header;
        Put(sceneMeta, keys::kVersion, int32_t(h.version));
        Put(sceneMeta, keys::kCommandString, h.commandString);
        Put(sceneMeta, keys::kInternalRadius, h.internalRadius);
        Put(sceneMeta, keys::kLodCount, int32_t(h.lodCount));
        for (size_t i = 0; i < h.lodDistances.size(); ++i) {
            Put(sceneMeta, keys::LodDistance(i), h.lodDistances[i]);
        }
        for (size_t i = 0; i < model.weightSets.size(); ++i) {
            Put(sceneMeta, keys::WeightSetName(i), model.weightSets[i].name);
        }
        for (size_t i = 0; i < model.childModels.size(); ++i) {
            Put(sceneMeta, keys::ChildModelName(i), model.childModels[i].name);
            Put(sceneMeta, keys::ChildModelBuildNumber(i), int32_t(model.childModels[i].buildNumber));
        }
        for (size_t l = 0; l < model.animBindings.size(); ++l) {
            size_t written = 0;
            for (size_t j = 0; j < model.animBindings[l].size(); ++j) {
                const AnimBinding &b = model.animBindings[l][j];
                // List 0 binds the model's own animations, by name and place:
                // those the filter leaves out leave it too. The child models'
                // lists describe their files, which stay as they are.
                if (l == 0 && !settings.animations.filter.Keeps(b.animName)) {
                    continue;
                }
                const keys::AnimBindingKeys key = keys::AnimBinding(l, written++);
                Put(sceneMeta, key.name, b.animName);
                Put(sceneMeta, key.dims, aiVector3D(b.dims.x, b.dims.y, b.dims.z));
                Put(sceneMeta, key.translation, Convert(b.translation));
            }
        }
        const LayoutChoices &lc = model.layout;
        Put(sceneMeta, keys::kLayoutLodDistances, lc.lodDistances);
        if (!lc.pieceLodWeight.empty()) Put(sceneMeta, keys::kLayoutPieceLodWeight, lc.pieceLodWeight);
        if (!lc.childModelRelation.empty()) Put(sceneMeta, keys::kLayoutChildModelRelation, lc.childModelRelation);
        if (!lc.animationHeader.empty()) Put(sceneMeta, keys::kLayoutAnimationHeader, lc.animationHeader);
        if (!lc.animBindings.empty()) Put(sceneMeta, keys::kLayoutAnimBindings, lc.animBindings);
        for (size_t i = 0; i < model.skippedSections.size(); ++i) {
            Put(sceneMeta, keys::SkippedSection(i), model.skippedSections[i]);
        }
    }

    void Build() {
        for (const std::string &w : model.warnings) {
            LogWarning(prefix + w);
        }
        BuildNodes();
        LinkNodes();
        std::vector<std::unique_ptr<aiNode>> top;
        top.push_back(std::move(aiNodes[0]));
        for (std::unique_ptr<aiNode> &node : BuildMeshes()) {
            top.push_back(std::move(node));
        }
        BuildAnimations();
        selection.RequireAnyKept(prefix); // a filter that keeps none of them
        BuildSceneMetadata();

        // Hand everything over; the scene owns each array as soon as it is set.
        const unsigned meshCount = static_cast<unsigned>(meshes.size());
        scene->mMeshes = ReleaseToArray(meshes);
        scene->mNumMeshes = meshCount;
        const unsigned materialCount = static_cast<unsigned>(materials.size());
        scene->mMaterials = ReleaseToArray(materials);
        scene->mNumMaterials = materialCount;
        const unsigned animationCount = static_cast<unsigned>(animations.size());
        scene->mAnimations = ReleaseToArray(animations);
        scene->mNumAnimations = animationCount;
        scene->mMetaData = sceneMeta.Build();
        std::unique_ptr<aiNode> root(new aiNode(kRootNodeName));
        AdoptChildren(root.get(), top);
        scene->mRootNode = root.release();
        if (meshCount == 0) {
            // Animation-only files exist (docs/formats/ABC.md 2.9).
            scene->mFlags |= AI_SCENE_FLAGS_INCOMPLETE;
        }
    }
};

} // namespace

void BuildScene(const Model &model, const std::vector<ChildAnimationSource> &children,
        const Lt2ImportSettings &settings, const std::string &fileName, aiScene *scene, const char *format) {
    Builder builder(model, children, settings, std::string(format) + ": " + fileName + ": ", scene);
    builder.Build();
}

void BuildScene(Model &&model, std::vector<ChildAnimationSource> &&children, const Lt2ImportSettings &settings,
        const std::string &fileName, aiScene *scene, const char *format) {
    Builder builder(model, children, settings, std::string(format) + ": " + fileName + ": ", scene);
    builder.ownModel = &model;
    builder.ownChildren = &children;
    builder.Build();
}

} // namespace lt2
} // namespace abc
} // namespace assimp_retro
