#include "LtbExportLod.h"

#include "Common/FiniteValues.h"

#include <assimp/mesh.h>
#include <assimp/scene.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <map>
#include <set>

namespace assimp_retro {
namespace ltb {

namespace {

using abc::ExportInput;
using abc::ExportMesh;

/// Blend weights per vertex the engine's Direct3D vertex formats hold (one
/// bone per matrix; lta2ltb_d3d.h MAX_BONES_PER_VERTEX_SUPPORTED_BY_D3D), and
/// the bones a bone set holds (4 bytes, 255 = none).
constexpr size_t kMaxBones = 4;
/// Vertices a render object indexes: u16 indices and bone-set fields.
constexpr size_t kMaxVertices = 65535;
/// A mesh's nodes are stored in bytes (bone sets, the used-node list), 255
/// meaning none in a bone set.
constexpr uint32_t kMaxMeshNode = 254;
/// Weights below this are dropped (the rest renormalised): an imported LTB's
/// last bone of a set gets 1 minus the stored weights, a few 1e-8 where the
/// vertex had none, which would count as a bone against the limits.
constexpr float kMinWeight = 1e-5f;
/// Position, normal and one UV set in stream 0, as every CrossFire mesh.
constexpr uint32_t kStreamFlags = kStreamPosition | kStreamNormal | kStreamUvSets1;

/// A welded vertex and its weights (node, weight), strongest first.
struct WeldedVertex {
    Vertex vertex;
    std::vector<std::pair<uint32_t, float>> weights;
    unsigned meshVertex = 0;
};

template <typename T>
void AppendBytes(std::string &key, const T &value) {
    key.append(reinterpret_cast<const char *>(&value), sizeof(value));
}

class LodBuilder {
public:
    LodBuilder(ExportInput &scene, const ExportMesh &mesh, bool vertexAnimated) :
            mScene(scene), mMesh(mesh), mName(mesh.mesh->mName.C_Str()), mVertexAnimated(vertexAnimated) {}

    ExportLod Build();

private:
    void Weld();
    WeldedVertex Corner(unsigned v, const aiMatrix3x3 &normalMatrix) const;
    std::set<uint32_t> CheckWeights() const;
    void BuildOnOneNode(uint32_t node);
    void BuildSkeletal(const std::set<uint32_t> &bones);
    std::vector<uint8_t> UsedNodes(const std::set<uint32_t> &nodes) const;
    [[noreturn]] void Fail(const std::string &message) const { mScene.Fail("mesh '" + mName + "': " + message); }

    ExportInput &mScene;
    const ExportMesh &mMesh;
    std::string mName;
    bool mVertexAnimated;
    std::vector<WeldedVertex> mVertices;
    std::vector<std::array<uint32_t, 3>> mTriangles; ///< welded vertex indices, LithTech's (clockwise) order
    ExportLod mOut;
};

WeldedVertex LodBuilder::Corner(unsigned v, const aiMatrix3x3 &normalMatrix) const {
    const aiMesh &mesh = *mMesh.mesh;
    WeldedVertex out;
    out.meshVertex = v;
    const aiVector3D position = mScene.FilePoint(mMesh.meshToWorld * mesh.mVertices[v]);
    if (!Finite(mesh.mVertices[v]) || !Finite(position)) {
        Fail("vertex " + std::to_string(v) + " is not finite");
    }
    out.vertex.position = abc::ToVec3(position);
    if (mesh.mNormals && Finite(mesh.mNormals[v])) {
        aiVector3D n = normalMatrix * mesh.mNormals[v];
        if (n.SquareLength() > 1e-12f) {
            n.Normalize();
            out.vertex.normal = abc::ToVec3(ExportInput::FileDirection(n));
        }
    }
    if (mesh.mTextureCoords[0]) {
        const aiVector3D &uv = mesh.mTextureCoords[0][v];
        if (!std::isfinite(uv.x) || !std::isfinite(uv.y)) {
            Fail("texture coordinate " + std::to_string(v) + " is not finite");
        }
        out.vertex.uv[0] = {uv.x, 1.f - uv.y};
    }
    float kept = 0.f;
    for (const auto &w : mMesh.weights[v]) { // strongest first: the first is always kept
        if (out.weights.empty() || w.second >= kMinWeight) {
            out.weights.emplace_back(static_cast<uint32_t>(w.first), w.second);
            kept += w.second;
        }
    }
    for (auto &w : out.weights) {
        w.second /= kept;
    }
    return out;
}

/// One LTB vertex per distinct corner: equal position, normal, UV, weights
/// and (vertex-animated) morph target positions.
void LodBuilder::Weld() {
    const aiMesh &mesh = *mMesh.mesh;
    aiMatrix3x3 normalMatrix(mMesh.meshToWorld);
    normalMatrix.Inverse().Transpose();
    std::map<std::string, uint32_t> index;
    std::vector<uint32_t> welded(mesh.mNumVertices, UINT32_MAX);
    size_t skipped = 0;
    for (unsigned f = 0; f < mesh.mNumFaces; ++f) {
        const aiFace &face = mesh.mFaces[f];
        if (face.mNumIndices != 3) {
            ++skipped;
            continue;
        }
        std::array<uint32_t, 3> triangle{};
        const unsigned order[3] = {face.mIndices[0], face.mIndices[2], face.mIndices[1]}; // clockwise in LithTech
        for (int c = 0; c < 3; ++c) {
            const unsigned v = order[c];
            if (welded[v] == UINT32_MAX) {
                WeldedVertex corner = Corner(v, normalMatrix);
                std::string key;
                AppendBytes(key, corner.vertex.position);
                AppendBytes(key, corner.vertex.normal);
                AppendBytes(key, corner.vertex.uv[0]);
                for (const auto &w : corner.weights) {
                    AppendBytes(key, w);
                }
                for (unsigned t = 0; mVertexAnimated && t < mesh.mNumAnimMeshes; ++t) {
                    const aiAnimMesh *target = mesh.mAnimMeshes[t];
                    if (target && target->mVertices && target->mNumVertices == mesh.mNumVertices) {
                        AppendBytes(key, target->mVertices[v]);
                    }
                }
                const auto found = index.emplace(key, static_cast<uint32_t>(mVertices.size()));
                if (found.second) {
                    mVertices.push_back(std::move(corner));
                }
                welded[v] = found.first->second;
            }
            triangle[size_t(c)] = welded[v];
        }
        mTriangles.push_back(triangle);
    }
    if (skipped > 0) {
        mScene.Warn("mesh '" + mName + "': " + std::to_string(skipped) +
                " faces that are not triangles (points, lines) left out");
    }
}

/// The weight rules (docs/formats/LTB.md 10); the nodes the vertices use.
std::set<uint32_t> LodBuilder::CheckWeights() const {
    std::set<uint32_t> all;
    for (size_t v = 0; v < mVertices.size(); ++v) {
        const auto &weights = mVertices[v].weights;
        if (weights.size() > kMaxBones) {
            Fail("vertex " + std::to_string(mVertices[v].meshVertex) + " is weighted to " +
                    std::to_string(weights.size()) + " bones; the game blends at most " + std::to_string(kMaxBones) +
                    " per vertex (Direct3D vertex blending; lta2ltb_d3d.cpp). Limit the bone weights to 4 "
                    "(Assimp's aiProcess_LimitBoneWeights, the tool's -lbw)");
        }
        for (const auto &w : weights) {
            if (w.first > kMaxMeshNode) {
                Fail("node '" + mScene.nodes[w.first].name + "' (index " + std::to_string(w.first) +
                        ") moves it; a mesh's nodes are stored in bytes, so they must be among the first 255 nodes");
            }
            all.insert(w.first);
        }
    }
    for (size_t t = 0; t < mTriangles.size(); ++t) {
        std::set<uint32_t> bones;
        for (uint32_t v : mTriangles[t]) {
            for (const auto &w : mVertices[v].weights) {
                bones.insert(w.first);
            }
        }
        if (bones.size() > kMaxBones) {
            Fail("triangle " + std::to_string(t) + "'s vertices are weighted to " + std::to_string(bones.size()) +
                    " bones; drawn directly, a triangle's bones must fit one bone set of " +
                    std::to_string(kMaxBones) + " (Direct3D's blend matrices; lta2ltb_d3d.cpp "
                    "SaveSkelMesh_RenderDirect refuses more). Limit the weights so that no triangle spans more");
        }
    }
    return all;
}

std::vector<uint8_t> LodBuilder::UsedNodes(const std::set<uint32_t> &nodes) const {
    std::vector<uint8_t> used;
    for (uint32_t node : nodes) {
        const std::vector<int> &children = mScene.nodes[node].children;
        const bool leaf = std::none_of(children.begin(), children.end(),
                [&](int child) { return nodes.count(static_cast<uint32_t>(child)) != 0; });
        if (leaf) {
            used.push_back(static_cast<uint8_t>(node));
        }
    }
    return used;
}

/// Rigid and vertex-animated: the welded vertices as they are, on `node`.
void LodBuilder::BuildOnOneNode(uint32_t node) {
    Lod &lod = mOut.lod;
    lod.meshType = mVertexAnimated ? kVertexAnimatedMesh : kRigidMesh;
    // The packer: rigid meshes have one bone per triangle; vertex-animated ones none.
    lod.maxBonesPerTriangle = lod.maxBonesPerVertex = mVertexAnimated ? 0 : 1;
    lod.boneEffector = node;
    if (mVertexAnimated) {
        lod.animNode = node;
        lod.undupVertexCount = static_cast<uint32_t>(mVertices.size()); // every vertex takes its frame position
    }
    for (const WeldedVertex &v : mVertices) {
        lod.vertices.push_back(v.vertex);
        mOut.meshVertex.push_back(v.meshVertex);
    }
    for (const auto &triangle : mTriangles) {
        lod.indices.insert(lod.indices.end(), triangle.begin(), triangle.end());
    }
    lod.usedNodes = {static_cast<uint8_t>(node)};
}

/// A bone set under construction: its bones (ascending) and triangles.
struct SetWork {
    std::vector<uint32_t> bones;
    std::vector<size_t> triangles;
};

std::vector<SetWork> GroupTriangles(const std::vector<std::vector<uint32_t>> &triangleBones, size_t cap) {
    std::vector<SetWork> sets;
    for (size_t t = 0; t < triangleBones.size(); ++t) {
        const std::vector<uint32_t> &bones = triangleBones[t];
        SetWork *best = nullptr;
        size_t bestGrowth = SIZE_MAX;
        for (SetWork &set : sets) {
            std::vector<uint32_t> joined;
            std::set_union(set.bones.begin(), set.bones.end(), bones.begin(), bones.end(), std::back_inserter(joined));
            if (joined.size() <= cap && joined.size() - set.bones.size() < bestGrowth) {
                best = &set;
                bestGrowth = joined.size() - set.bones.size();
            }
        }
        if (!best) {
            sets.push_back(SetWork{bones, {}});
            best = &sets.back();
        } else if (bestGrowth > 0) {
            std::vector<uint32_t> joined;
            std::set_union(best->bones.begin(), best->bones.end(), bones.begin(), bones.end(), std::back_inserter(joined));
            best->bones = std::move(joined);
        }
        best->triangles.push_back(t);
    }
    return sets;
}

void LodBuilder::BuildSkeletal(const std::set<uint32_t> &allBones) {
    Lod &lod = mOut.lod;
    lod.meshType = kSkeletalMesh;
    std::vector<std::vector<uint32_t>> triangleBones(mTriangles.size());
    size_t cap = 1;
    for (size_t t = 0; t < mTriangles.size(); ++t) {
        std::set<uint32_t> bones;
        for (uint32_t v : mTriangles[t]) {
            for (const auto &w : mVertices[v].weights) bones.insert(w.first);
        }
        triangleBones[t].assign(bones.begin(), bones.end());
        cap = std::max(cap, bones.size());
    }
    lod.maxBonesPerTriangle = static_cast<uint32_t>(cap);
    for (const WeldedVertex &v : mVertices) {
        lod.maxBonesPerVertex = std::max(lod.maxBonesPerVertex, static_cast<uint32_t>(v.weights.size()));
    }
    for (const SetWork &work : GroupTriangles(triangleBones, cap)) {
        BoneSet set;
        set.firstVertex = static_cast<uint16_t>(std::min(lod.vertices.size(), kMaxVertices));
        std::map<uint32_t, uint16_t> local; // welded vertex -> LOD vertex, within this set
        for (size_t t : work.triangles) {
            for (uint32_t v : mTriangles[t]) {
                auto found = local.find(v);
                if (found == local.end()) {
                    if (lod.vertices.size() >= kMaxVertices) {
                        Fail("needs more than " + std::to_string(kMaxVertices) + " vertices once its bone sets "
                                "have their own copies (u16 indices); split the mesh");
                    }
                    Vertex out = mVertices[v].vertex;
                    for (size_t i = 0; i + 1 < cap; ++i) {
                        float weight = 0.f;
                        for (const auto &w : mVertices[v].weights) {
                            if (i < work.bones.size() && w.first == work.bones[i]) weight = w.second;
                        }
                        out.blend[i] = weight;
                    }
                    found = local.emplace(v, static_cast<uint16_t>(lod.vertices.size())).first;
                    lod.vertices.push_back(out);
                    mOut.meshVertex.push_back(mVertices[v].meshVertex);
                }
                lod.indices.push_back(found->second);
            }
        }
        set.vertexCount = static_cast<uint16_t>(lod.vertices.size() - set.firstVertex);
        set.bones.fill(kNoBone);
        // At most `cap` (4) bones: CheckWeights refused more in a triangle.
        std::copy_n(work.bones.begin(), std::min(work.bones.size(), set.bones.size()), set.bones.begin());
        set.indexBufferIndex = static_cast<uint32_t>(lod.indices.size()); // where the set's triangles end
        lod.boneSets.push_back(set);
    }
    lod.usedNodes = UsedNodes(allBones);
}

ExportLod LodBuilder::Build() {
    Weld();
    if (mVertices.size() > kMaxVertices) {
        Fail("has " + std::to_string(mVertices.size()) + " distinct vertices; an LTB render object holds at most " +
                std::to_string(kMaxVertices) + " (u16 indices); split the mesh");
    }
    const std::set<uint32_t> bones = CheckWeights();
    Lod &lod = mOut.lod;
    lod.streamFlags = {kStreamFlags, 0, 0, 0};
    lod.uvSets = 1;
    lod.hasNormals = true;
    if (bones.size() == 1) {
        BuildOnOneNode(*bones.begin());
    } else if (mVertexAnimated) {
        Fail("has morph targets that an animation plays, and its vertices follow " + std::to_string(bones.size()) +
                " nodes; a vertex-animated LTB mesh follows one node (CD3DVAMesh has one bone)");
    } else {
        BuildSkeletal(bones);
    }
    return std::move(mOut);
}

} // namespace

ExportLod BuildLod(ExportInput &scene, const ExportMesh &mesh, bool vertexAnimated) {
    return LodBuilder(scene, mesh, vertexAnimated).Build();
}

} // namespace ltb
} // namespace assimp_retro
