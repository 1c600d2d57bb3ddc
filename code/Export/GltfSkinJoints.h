// assimp-retro: which nodes a glTF skin holds beyond its meshes' bones, in one
// header-only file with no dependency beyond Assimp's public headers. Two
// users compile it, so they cannot drift (as GltfRules.h):
// - the glTF completion (code/Export/GltfAnimatedJoints.cpp), which
//   extends the skin Assimp 5.2.5 writes;
// - the glTF2 exporter patch for Assimp itself (port/patches/, 0015), into
//   whose tree port/apply_to_assimp.py copies this file as
//   code/AssetLib/glTF2/glTF2RetroSkinJoints.h.
//
// Why: Assimp's glTF2 exporter makes the skin's joints of the meshes' bones
// (aiBone) only. A node that an animation moves but that weights no vertex
// (a LithTech skeleton's root, its fingers) is then no joint, and importers
// that build an armature from the skin's joints (Blender) make each such
// node an object of its own, with an action of its own per animation: a
// CrossFire body with its motion library became 8 actions per animation.
// With every animated node a joint, one armature holds the whole skeleton
// and an animation is one action.
#pragma once

#include <assimp/anim.h>
#include <assimp/matrix4x4.h>
#include <assimp/mesh.h>
#include <assimp/scene.h>

#include <cmath>
#include <cstddef>
#include <cstring>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace assimp_retro {
namespace gltf_rules {

/// A node that joins the skin, with its inverse bind matrix (row-major, as
/// aiBone::mOffsetMatrix; the last row exactly 0 0 0 1).
struct AddedJoint {
    const aiNode *node = nullptr;
    aiMatrix4x4 inverseBind;
};

namespace skin_joints_detail {

/// An affine transform in doubles: rows of a 3x3 matrix and a translation.
struct Affine {
    double m[3][4] = {{1.0, 0.0, 0.0, 0.0}, {0.0, 1.0, 0.0, 0.0}, {0.0, 0.0, 1.0, 0.0}};
    bool valid = true;
};

inline Affine FromMatrix(const aiMatrix4x4 &matrix) {
    Affine out;
    for (unsigned r = 0; r < 3; ++r) {
        for (unsigned c = 0; c < 4; ++c) {
            out.m[r][c] = static_cast<double>(matrix[r][c]);
        }
    }
    return out;
}

/// The inverse of `a`; not valid when `a` is singular or not finite.
inline Affine Inverse(const Affine &a) {
    const double (*m)[4] = a.m;
    Affine out;
    const double c00 = m[1][1] * m[2][2] - m[1][2] * m[2][1];
    const double c01 = m[1][2] * m[2][0] - m[1][0] * m[2][2];
    const double c02 = m[1][0] * m[2][1] - m[1][1] * m[2][0];
    const double det = m[0][0] * c00 + m[0][1] * c01 + m[0][2] * c02;
    if (!a.valid || !std::isfinite(det) || det == 0.0) {
        out.valid = false;
        return out;
    }
    const double inv[3][3] = {
            {c00 / det, (m[0][2] * m[2][1] - m[0][1] * m[2][2]) / det, (m[0][1] * m[1][2] - m[0][2] * m[1][1]) / det},
            {c01 / det, (m[0][0] * m[2][2] - m[0][2] * m[2][0]) / det, (m[0][2] * m[1][0] - m[0][0] * m[1][2]) / det},
            {c02 / det, (m[0][1] * m[2][0] - m[0][0] * m[2][1]) / det, (m[0][0] * m[1][1] - m[0][1] * m[1][0]) / det}};
    for (unsigned r = 0; r < 3; ++r) {
        for (unsigned c = 0; c < 3; ++c) {
            out.m[r][c] = inv[r][c];
        }
        out.m[r][3] = -(inv[r][0] * m[0][3] + inv[r][1] * m[1][3] + inv[r][2] * m[2][3]);
    }
    return out;
}

/// a * b (b applied first).
inline Affine Multiply(const Affine &a, const Affine &b) {
    Affine out;
    out.valid = a.valid && b.valid;
    for (unsigned r = 0; r < 3; ++r) {
        for (unsigned c = 0; c < 4; ++c) {
            out.m[r][c] = a.m[r][0] * b.m[0][c] + a.m[r][1] * b.m[1][c] + a.m[r][2] * b.m[2][c] + (c == 3 ? a.m[r][3] : 0.0);
        }
    }
    return out;
}

/// `a` as floats; false when a value is not finite as a float.
inline bool ToMatrix(const Affine &a, aiMatrix4x4 &out) {
    out = aiMatrix4x4();
    for (unsigned r = 0; r < 3; ++r) {
        for (unsigned c = 0; c < 4; ++c) {
            out[r][c] = static_cast<ai_real>(a.m[r][c]);
            if (!std::isfinite(out[r][c])) {
                return false;
            }
        }
    }
    return a.valid;
}

/// What the walk over the node tree needs to know of the scene.
struct SceneFacts {
    std::unordered_set<std::string> animated; ///< names an aiNodeAnim targets
    std::unordered_map<std::string, unsigned> nodesNamed; ///< nodes of each name in the tree
    std::unordered_set<unsigned> skinnedMeshes; ///< indices of meshes with bones
};

inline void CountNames(const aiNode &node, SceneFacts &facts, unsigned depth) {
    ++facts.nodesNamed[node.mName.C_Str()];
    for (unsigned i = 0; node.mChildren && i < node.mNumChildren && depth < 100000; ++i) {
        if (node.mChildren[i]) {
            CountNames(*node.mChildren[i], facts, depth + 1);
        }
    }
}

inline bool HoldsSkinnedMesh(const aiNode &node, const SceneFacts &facts) {
    for (unsigned i = 0; node.mMeshes && i < node.mNumMeshes; ++i) {
        if (facts.skinnedMeshes.count(node.mMeshes[i])) {
            return true;
        }
    }
    return false;
}

/// Depth first, parents before children. `parentInverse` is the inverse of
/// the parent's global transform in the skin's bind pose: a joint's inverse
/// bind matrix where the skin has one, else the inverse of the rest
/// transforms above.
template <typename InverseBindOf>
void Walk(const aiNode &node, const Affine &parentInverse, const SceneFacts &facts, InverseBindOf inverseBindOf,
        std::vector<AddedJoint> &added, unsigned depth) {
    const aiMatrix4x4 *joint = inverseBindOf(node);
    const Affine inverse = joint ? FromMatrix(*joint) : Multiply(Inverse(FromMatrix(node.mTransformation)), parentInverse);
    const std::string name = node.mName.C_Str();
    if (!joint && facts.animated.count(name) && facts.nodesNamed.at(name) == 1 && !HoldsSkinnedMesh(node, facts)) {
        AddedJoint entry;
        entry.node = &node;
        if (ToMatrix(inverse, entry.inverseBind)) {
            added.push_back(entry);
        }
    }
    for (unsigned i = 0; node.mChildren && i < node.mNumChildren && depth < 100000; ++i) {
        if (node.mChildren[i]) {
            Walk(*node.mChildren[i], inverse, facts, inverseBindOf, added, depth + 1);
        }
    }
}

} // namespace skin_joints_detail

/// The nodes that join a scene's skin besides its joints: every node that an
/// aiNodeAnim of the scene targets, that is no joint yet, holds no mesh with
/// bones (the skinned meshes themselves) and is the only node of its name (a
/// channel finds its node by name), in the order of the node tree (depth
/// first, parents before children). Nothing when no mesh has bones.
///
/// `inverseBindOf(node)` gives the inverse bind matrix of a node that is a
/// joint of the skin already (row-major, aiBone::mOffsetMatrix as Assimp
/// writes it), nullptr for any other node. An added joint's inverse bind
/// matrix is its nearest joint ancestor's with the rest transforms (the
/// nodes' mTransformation) between them undone, or, without a joint above
/// it, the inverse of its global rest transform: so its bind pose is its
/// rest pose relative to the skin's. Computed in doubles, in one order, the
/// same bits in every build. A node whose matrix cannot be inverted or
/// overflows a float is left out.
template <typename InverseBindOf>
std::vector<AddedJoint> AnimatedNodesToJoin(const aiScene &scene, InverseBindOf inverseBindOf) {
    using namespace skin_joints_detail;
    std::vector<AddedJoint> added;
    SceneFacts facts;
    for (unsigned m = 0; scene.mMeshes && m < scene.mNumMeshes; ++m) {
        if (scene.mMeshes[m] && scene.mMeshes[m]->mNumBones > 0) {
            facts.skinnedMeshes.insert(m);
        }
    }
    if (facts.skinnedMeshes.empty() || !scene.mRootNode) {
        return added;
    }
    // Per channel index, the name last added there: the animations of a
    // file mostly list the same nodes in the same order (a motion library's
    // 2,282 animations, 29 channels each), and each name is added once.
    std::vector<const char *> lastAt;
    for (unsigned a = 0; scene.mAnimations && a < scene.mNumAnimations; ++a) {
        const aiAnimation *animation = scene.mAnimations[a];
        for (unsigned c = 0; animation && animation->mChannels && c < animation->mNumChannels; ++c) {
            if (!animation->mChannels[c]) {
                continue;
            }
            const char *name = animation->mChannels[c]->mNodeName.C_Str();
            if (c >= lastAt.size()) {
                lastAt.resize(c + 1, nullptr);
            }
            if (!lastAt[c] || std::strcmp(lastAt[c], name) != 0) {
                facts.animated.insert(name);
                lastAt[c] = name;
            }
        }
    }
    if (facts.animated.empty()) {
        return added;
    }
    CountNames(*scene.mRootNode, facts, 0);
    Walk(*scene.mRootNode, Affine(), facts, inverseBindOf, added, 0);
    return added;
}

} // namespace gltf_rules
} // namespace assimp_retro
