// Bones without weights for the nodes that join a scene's skeletons (see
// BridgeBones.h).
#include "Export/BridgeBones.h"

#include "Common/SceneHelpers.h"

#include <assimp/scene.h>

#include <algorithm>
#include <set>
#include <string>

namespace assimp_retro {
namespace {

/// The nodes from the root down to `node`, both included.
std::vector<const aiNode *> PathFromRoot(const aiNode *node) {
    std::vector<const aiNode *> path;
    for (unsigned depth = 0; node && depth < 4096; node = node->mParent, ++depth) {
        path.insert(path.begin(), node);
    }
    return path;
}

const aiNode *HolderOf(const aiNode &node, unsigned mesh, unsigned depth = 0) {
    for (unsigned i = 0; i < node.mNumMeshes && node.mMeshes; ++i) {
        if (node.mMeshes[i] == mesh) {
            return &node;
        }
    }
    for (unsigned i = 0; i < node.mNumChildren && node.mChildren && depth < 1024; ++i) {
        if (const aiNode *found = HolderOf(*node.mChildren[i], mesh, depth + 1)) {
            return found;
        }
    }
    return nullptr;
}

/// The nodes that are no bone, lie below the bones' lowest common ancestor
/// (From::CommonAncestor) or the root node (From::TopNode: only when that
/// ancestor is no bone and not the root) and above a bone, in the order first
/// met walking down to each bone.
std::vector<const aiNode *> BridgeNodes(
        const aiNode &root, const std::set<std::string> &bones, BridgeBones::From from) {
    std::vector<std::vector<const aiNode *>> paths;
    for (const std::string &name : bones) {
        if (const aiNode *node = root.FindNode(name.c_str())) {
            paths.push_back(PathFromRoot(node));
        }
    }
    if (paths.empty()) {
        return {};
    }
    size_t common = paths[0].size();
    for (const auto &path : paths) {
        size_t i = 0;
        while (i < common && i < path.size() && path[i] == paths[0][i]) {
            ++i;
        }
        common = i;
    }
    size_t first = common;
    if (from == BridgeBones::From::TopNode) {
        if (common < 2 || bones.count(paths[0][common - 1]->mName.C_Str())) {
            return {};
        }
        first = 1;
    }
    std::vector<const aiNode *> bridge;
    std::set<const aiNode *> seen;
    for (const auto &path : paths) {
        for (size_t i = first; i < path.size(); ++i) {
            if (!bones.count(path[i]->mName.C_Str()) && seen.insert(path[i]).second) {
                bridge.push_back(path[i]);
            }
        }
    }
    return bridge;
}

} // namespace

BridgeBones::BridgeBones(const aiScene &scene, From from) {
    if (!scene.mMeshes || !scene.mRootNode) {
        return;
    }
    unsigned skinned = 0; // the first skinned mesh
    while (skinned < scene.mNumMeshes && !(scene.mMeshes[skinned] && scene.mMeshes[skinned]->mNumBones)) {
        ++skinned;
    }
    if (skinned == scene.mNumMeshes) {
        return;
    }
    const aiNode *holder = HolderOf(*scene.mRootNode, skinned);
    const std::vector<const aiNode *> bridge =
            holder ? BridgeNodes(*scene.mRootNode, BoneNames(scene), from) : std::vector<const aiNode *>{};
    if (bridge.empty()) {
        return;
    }
    mesh_ = scene.mMeshes[skinned];
    const aiMatrix4x4 meshGlobal = GlobalTransform(holder);
    savedBones_ = mesh_->mBones;
    savedCount_ = mesh_->mNumBones;
    aiBone **grown = new aiBone *[savedCount_ + bridge.size()];
    std::copy(savedBones_, savedBones_ + savedCount_, grown);
    for (size_t i = 0; i < bridge.size(); ++i) {
        aiBone *bone = new aiBone;
        bone->mName = bridge[i]->mName;
        bone->mOffsetMatrix = GlobalTransform(bridge[i]).Inverse() * meshGlobal;
        grown[savedCount_ + i] = bone;
        names.push_back(bone->mName.C_Str());
    }
    mesh_->mBones = grown;
    mesh_->mNumBones = savedCount_ + static_cast<unsigned>(bridge.size());
    count = static_cast<unsigned>(bridge.size());
}

void BridgeBones::Keep() {
    if (mesh_) {
        delete[] savedBones_; // the array only: its bones are in the grown one
        mesh_ = nullptr;
    }
}

BridgeBones::~BridgeBones() {
    if (!mesh_) {
        return;
    }
    for (unsigned i = savedCount_; i < mesh_->mNumBones; ++i) {
        delete mesh_->mBones[i];
    }
    delete[] mesh_->mBones;
    mesh_->mBones = savedBones_;
    mesh_->mNumBones = savedCount_;
}

} // namespace assimp_retro
