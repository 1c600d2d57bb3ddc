// A skinned ABC model posed by an animation in the exported GLB (evaluated by
// GlbPose) equals the pose computed directly from the file's keys with the
// engine's formulas (docs/formats/ABC.md 2.6): Global = Global(parent) * T(pos) * R(rot),
// rotation-only nodes keep their bind offset, v = sum M_i * loc_i * bias_i / sum bias.
#include "AbcLt2TestHelpers.h"
#include "GlbPose.h"

#include <algorithm>
#include <cmath>

using namespace abcv9_test;
namespace w = abcv9_writer;

namespace {

/// The pose of every LOD-0 vertex of `piece`, in file (LithTech) space, at `ms`.
std::vector<aiVector3D> EnginePose(const w::Model &model, const w::Animation &anim, double ms, const w::Piece &piece) {
    // key segment
    size_t k0 = 0, k1 = 0;
    float f = 0.f;
    if (ms >= anim.times.back()) {
        k0 = k1 = anim.times.size() - 1;
    } else {
        while (k1 < anim.times.size() && anim.times[k1] <= ms) ++k1;
        k0 = k1 == 0 ? 0 : k1 - 1;
        f = k1 == k0 ? 0.f : float((ms - anim.times[k0]) / double(anim.times[k1] - anim.times[k0]));
    }
    std::vector<aiMatrix4x4> global(model.nodes.size());
    for (size_t n = 0; n < model.nodes.size(); ++n) {
        const w::Node &node = model.nodes[n];
        const w::Key &a = anim.tracks[n][k0], &b = anim.tracks[n][k1];
        aiVector3D pos = aiVector3D(a.pos.x, a.pos.y, a.pos.z) * (1.f - f) + aiVector3D(b.pos.x, b.pos.y, b.pos.z) * f;
        if (node.flags & 2) {
            // MNODE_ROTATIONONLY: translation of inverse(parentBind) * bind
            aiMatrix4x4 parentInv = FromRowMajor(model.nodes[node.parent].bind);
            parentInv.Inverse();
            const aiMatrix4x4 offset = parentInv * FromRowMajor(node.bind);
            pos = aiVector3D(offset.a4, offset.b4, offset.c4);
        }
        aiQuaternion rot;
        aiQuaternion::Interpolate(rot, aiQuaternion(a.rot.w, a.rot.x, a.rot.y, a.rot.z), aiQuaternion(b.rot.w, b.rot.x, b.rot.y, b.rot.z), f);
        rot.Normalize();
        const aiMatrix4x4 local(aiVector3D(1.f, 1.f, 1.f), rot, pos);
        global[n] = node.parent < 0 ? local : global[node.parent] * local;
    }
    std::vector<aiVector3D> out;
    const w::Lod &lod = piece.lods[0];
    static const int order[3] = {0, 2, 1}; // the importer's corner order (winding reversed)
    for (const auto &face : lod.faces) {
        for (int k = 0; k < 3; ++k) {
            const w::Vertex &v = lod.vertices[face[order[k]].vertex];
            aiVector3D sum(0.f, 0.f, 0.f);
            float biasSum = 0.f;
            for (const w::Weight &wt : v.weights) {
                sum += (global[wt.node] * aiVector3D(wt.location.x, wt.location.y, wt.location.z)) * wt.bias;
                biasSum += wt.bias;
            }
            out.push_back(MirrorX(sum / biasSum));
        }
    }
    return out;
}

class AbcLt2Pose : public ::testing::TestWithParam<uint32_t> {};

TEST_P(AbcLt2Pose, GlbPoseEqualsEnginePose) {
    const uint32_t version = GetParam();
    const w::Model model = w::MakeTestModel(version, 1);
    Assimp::Importer importer;
    const aiScene *scene = ImportV9Bytes(importer, w::Write(model), "pose_v" + std::to_string(version) + ".abc", aiProcess_LimitBoneWeights);
    ASSERT_NE(scene, nullptr) << importer.GetErrorString();
    const std::string glb = ExportGlb(scene, "pose_v" + std::to_string(version) + ".glb");
    retro_test::ExpectValidGltf(glb);

    size_t compared = 0;
    float maxMove = 0.f;
    for (const w::Animation &anim : model.animations) {
        std::vector<double> times;
        for (size_t k = 0; k < anim.times.size(); ++k) {
            times.push_back(anim.times[k]);
            if (k + 1 < anim.times.size()) times.push_back(0.5 * (anim.times[k] + anim.times[k + 1]));
            if (k + 1 < anim.times.size()) times.push_back(anim.times[k] + 0.3 * (anim.times[k + 1] - anim.times[k]));
        }
        for (double ms : times) {
            SCOPED_TRACE(anim.name + " at " + std::to_string(ms) + " ms");
            const GlbPose pose = EvaluateGlb(glb, anim.name, ms / 1000.0);
            for (const w::Piece &piece : model.pieces) {
                const auto found = pose.meshes.find(piece.name);
                ASSERT_NE(found, pose.meshes.end()) << "mesh " << piece.name << " not in the GLB";
                const std::vector<aiVector3D> expected = EnginePose(model, anim, ms, piece);
                ASSERT_EQ(found->second.size(), expected.size());
                // the pose must really move the mesh away from the bind pose
                const aiMesh *bindMesh = nullptr;
                for (unsigned m = 0; m < scene->mNumMeshes; ++m) {
                    if (piece.name == scene->mMeshes[m]->mName.C_Str()) bindMesh = scene->mMeshes[m];
                }
                ASSERT_NE(bindMesh, nullptr);
                for (unsigned f = 0; f < bindMesh->mNumFaces; ++f) {
                    for (unsigned k = 0; k < 3; ++k) {
                        maxMove = std::max(maxMove, (bindMesh->mVertices[bindMesh->mFaces[f].mIndices[k]] - expected[f * 3 + k]).Length());
                    }
                }
                for (size_t v = 0; v < expected.size(); ++v) {
                    EXPECT_NEAR(found->second[v].x, expected[v].x, 2e-4f) << piece.name << " vertex " << v;
                    EXPECT_NEAR(found->second[v].y, expected[v].y, 2e-4f) << piece.name << " vertex " << v;
                    EXPECT_NEAR(found->second[v].z, expected[v].z, 2e-4f) << piece.name << " vertex " << v;
                    ++compared;
                }
            }
        }
    }
    EXPECT_GT(compared, 100u);
    EXPECT_GT(maxMove, 0.1f);
}

INSTANTIATE_TEST_SUITE_P(Versions, AbcLt2Pose, ::testing::Values(9u, 12u, 13u, 108u),
        [](const ::testing::TestParamInfo<uint32_t> &info) { return "v" + std::to_string(info.param); });

} // namespace
