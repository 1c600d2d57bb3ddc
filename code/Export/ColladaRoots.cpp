// An identity node above animated top nodes, skeletons lifted to the top and
// joined into one, for COLLADA (see include/assimp_retro/collada_export.h).
#include <assimp_retro/collada_export.h>

#include "Common/SceneHelpers.h"
#include "Export/BridgeBones.h"

#include <assimp/scene.h>

#include <algorithm>
#include <set>
#include <string>

namespace assimp_retro {
namespace {

std::set<std::string> AnimatedNodeNames(const aiScene &scene) {
    std::set<std::string> names;
    for (unsigned a = 0; a < scene.mNumAnimations && scene.mAnimations; ++a) {
        const aiAnimation *animation = scene.mAnimations[a];
        for (unsigned c = 0; animation && c < animation->mNumChannels && animation->mChannels; ++c) {
            if (animation->mChannels[c]) {
                names.insert(animation->mChannels[c]->mNodeName.C_Str());
            }
        }
    }
    return names;
}

bool HoldsBone(const aiNode &node, const std::set<std::string> &bones, unsigned depth = 0) {
    if (bones.count(node.mName.C_Str())) {
        return true;
    }
    for (unsigned i = 0; i < node.mNumChildren && node.mChildren && depth < 1024; ++i) {
        if (node.mChildren[i] && HoldsBone(*node.mChildren[i], bones, depth + 1)) {
            return true;
        }
    }
    return false;
}

bool IsBoneParent(const aiNode &node, const std::set<std::string> &bones) {
    for (unsigned i = 0; i < node.mNumChildren && node.mChildren; ++i) {
        if (node.mChildren[i] && bones.count(node.mChildren[i]->mName.C_Str())) {
            return true;
        }
    }
    return false;
}

/// A top node Blender would leave lying above its skeleton's armature: no
/// bone, no parent of a bone, but bones below; nothing of its own to keep in
/// the file but its name and metadata.
bool ShouldLift(const aiNode &node, const std::set<std::string> &animated, const std::set<std::string> &bones) {
    return node.mNumChildren > 0 && node.mNumMeshes == 0 && node.mTransformation.IsIdentity() &&
            !animated.count(node.mName.C_Str()) && !bones.count(node.mName.C_Str()) && !IsBoneParent(node, bones) &&
            HoldsBone(node, bones);
}

} // namespace

std::vector<std::string> LiftSkeletonsToTopForCollada(aiScene &scene) {
    std::vector<std::string> lifted;
    aiNode *root = scene.mRootNode;
    if (!root || !root->mChildren) {
        return lifted;
    }
    const std::set<std::string> animated = AnimatedNodeNames(scene);
    const std::set<std::string> bones = BoneNames(scene);
    std::vector<aiNode *> top;
    for (unsigned i = 0; i < root->mNumChildren; ++i) {
        aiNode *child = root->mChildren[i];
        // One level per node: a lifted node's children are not lifted again.
        if (!child || !ShouldLift(*child, animated, bones)) {
            top.push_back(child);
            continue;
        }
        lifted.push_back(child->mName.C_Str());
        for (unsigned c = 0; c < child->mNumChildren; ++c) {
            child->mChildren[c]->mParent = root;
            top.push_back(child->mChildren[c]);
        }
        child->mNumChildren = 0;
        delete[] child->mChildren;
        child->mChildren = nullptr;
        delete child;
    }
    if (lifted.empty()) {
        return lifted;
    }
    delete[] root->mChildren;
    root->mNumChildren = static_cast<unsigned>(top.size());
    root->mChildren = new aiNode *[top.size()];
    std::copy(top.begin(), top.end(), root->mChildren);
    return lifted;
}

std::vector<std::string> JoinSkeletonsForCollada(aiScene &scene) {
    // Assimp's exporter writes a node as a JOINT when a mesh has a bone of
    // its name. Blender makes an armature object of each node that is no
    // joint but has a joint child, and puts the bones of every skin that
    // shares no joint with an earlier one into the first of them; one joint
    // at the top is one armature object, made at the top and stood up.
    BridgeBones bridge(scene, BridgeBones::From::TopNode);
    bridge.Keep();
    return bridge.names;
}

bool WrapAnimatedRootChildrenForCollada(aiScene &scene) {
    aiNode *root = scene.mRootNode;
    if (!root || root->mNumChildren == 0 || !root->mChildren) {
        return false;
    }
    const std::set<std::string> animated = AnimatedNodeNames(scene);
    const std::set<std::string> bones = BoneNames(scene);
    bool needed = false;
    for (unsigned i = 0; i < root->mNumChildren; ++i) {
        const aiNode *child = root->mChildren[i];
        needed = needed || (child && animated.count(child->mName.C_Str()) && !HoldsBone(*child, bones));
    }
    if (!needed) {
        return false;
    }
    std::string name = std::string(root->mName.C_Str()) + ".DaeRoot";
    while (root->FindNode(name.c_str())) {
        name += "_";
    }
    aiNode *wrapper = new aiNode(name);
    wrapper->mParent = root;
    wrapper->mNumChildren = root->mNumChildren;
    wrapper->mChildren = root->mChildren;
    for (unsigned i = 0; i < wrapper->mNumChildren; ++i) {
        wrapper->mChildren[i]->mParent = wrapper;
    }
    root->mNumChildren = 1;
    root->mChildren = new aiNode *[1] { wrapper };
    return true;
}

} // namespace assimp_retro
