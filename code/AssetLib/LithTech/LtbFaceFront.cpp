// LTB's half turn about +Y below the root node (see LtbFaceFront.h).
#include "LtbFaceFront.h"

#include "Common/SceneHelpers.h"

#include <assimp/scene.h>

#include <map>
#include <set>
#include <string>

namespace assimp_retro {
namespace ltb {
namespace {

// Half a turn about +Y: x and z negated (no rounding of pi).
const aiMatrix4x4 kHalfTurn(-1.f, 0.f, 0.f, 0.f, 0.f, 1.f, 0.f, 0.f, 0.f, 0.f, -1.f, 0.f, 0.f, 0.f, 0.f, 1.f);

void Turn(aiVector3D *vectors, unsigned count) {
    for (unsigned i = 0; vectors && i < count; ++i) {
        vectors[i].x = -vectors[i].x;
        vectors[i].z = -vectors[i].z;
    }
}

void TurnGeometry(aiMesh &mesh) {
    Turn(mesh.mVertices, mesh.mNumVertices);
    Turn(mesh.mNormals, mesh.mNumVertices);
    Turn(mesh.mTangents, mesh.mNumVertices);
    Turn(mesh.mBitangents, mesh.mNumVertices);
    for (unsigned a = 0; a < mesh.mNumAnimMeshes && mesh.mAnimMeshes; ++a) {
        aiAnimMesh *target = mesh.mAnimMeshes[a];
        if (target) {
            Turn(target->mVertices, target->mNumVertices);
            Turn(target->mNormals, target->mNumVertices);
            Turn(target->mTangents, target->mNumVertices);
            Turn(target->mBitangents, target->mNumVertices);
        }
    }
    // Offset: mesh space to bone space; the mesh space turned, the bone's did too.
    for (unsigned b = 0; b < mesh.mNumBones && mesh.mBones; ++b) {
        mesh.mBones[b]->mOffsetMatrix = mesh.mBones[b]->mOffsetMatrix * kHalfTurn;
    }
}

void TurnKeys(aiNodeAnim &channel) {
    for (unsigned k = 0; k < channel.mNumPositionKeys && channel.mPositionKeys; ++k) {
        aiVector3D &p = channel.mPositionKeys[k].mValue;
        p.x = -p.x;
        p.z = -p.z;
    }
    // (0, 1, 0, 0) * q, written out: a permutation with signs, exact.
    for (unsigned k = 0; k < channel.mNumRotationKeys && channel.mRotationKeys; ++k) {
        const aiQuaternion q = channel.mRotationKeys[k].mValue;
        channel.mRotationKeys[k].mValue = aiQuaternion(-q.y, q.z, q.w, -q.x);
    }
}

/// The channels of the root's children, by node name: only those are turned
/// (a motion library has tens of thousands of channels, most below them).
std::multimap<std::string, aiNodeAnim *> ChannelsOfRootChildren(const aiScene &scene) {
    std::set<std::string, std::less<>> children; // looked up by the channels' C strings
    for (unsigned i = 0; i < scene.mRootNode->mNumChildren && scene.mRootNode->mChildren; ++i) {
        children.insert(scene.mRootNode->mChildren[i]->mName.C_Str());
    }
    std::multimap<std::string, aiNodeAnim *> found;
    for (unsigned a = 0; a < scene.mNumAnimations && scene.mAnimations; ++a) {
        const aiAnimation *animation = scene.mAnimations[a];
        for (unsigned c = 0; c < animation->mNumChannels && animation->mChannels; ++c) {
            aiNodeAnim *channel = animation->mChannels[c];
            const auto child = children.find(channel->mNodeName.C_Str());
            if (child != children.end()) {
                found.emplace(*child, channel);
            }
        }
    }
    return found;
}

void CountMeshUses(const aiNode &node, std::map<unsigned, unsigned> &uses, unsigned depth = 0) {
    for (unsigned i = 0; i < node.mNumMeshes && node.mMeshes; ++i) {
        ++uses[node.mMeshes[i]];
    }
    for (unsigned i = 0; i < node.mNumChildren && node.mChildren && depth < 1024; ++i) {
        CountMeshUses(*node.mChildren[i], uses, depth + 1);
    }
}

} // namespace

void TurnHalfAboutY(aiScene &scene) {
    aiNode *root = scene.mRootNode;
    if (!root) {
        return;
    }
    const std::multimap<std::string, aiNodeAnim *> channels = ChannelsOfRootChildren(scene);
    const std::set<std::string> bones = BoneNames(scene);
    std::map<unsigned, unsigned> uses;
    CountMeshUses(*root, uses);
    // The root's own meshes (none in an ABC v9+ scene) are turned like a plain holder's.
    for (unsigned i = 0; i < root->mNumMeshes && root->mMeshes; ++i) {
        TurnGeometry(*scene.mMeshes[root->mMeshes[i]]);
    }
    for (unsigned i = 0; i < root->mNumChildren && root->mChildren; ++i) {
        aiNode &child = *root->mChildren[i];
        const std::string name = child.mName.C_Str();
        bool plain = child.mTransformation.IsIdentity() && child.mNumChildren == 0 && !channels.count(name) &&
                !bones.count(name);
        for (unsigned m = 0; plain && m < child.mNumMeshes; ++m) {
            plain = uses[child.mMeshes[m]] == 1;
        }
        if (plain) {
            for (unsigned m = 0; m < child.mNumMeshes; ++m) {
                TurnGeometry(*scene.mMeshes[child.mMeshes[m]]);
            }
            continue;
        }
        child.mTransformation = kHalfTurn * child.mTransformation;
        const auto range = channels.equal_range(name);
        for (auto it = range.first; it != range.second; ++it) {
            TurnKeys(*it->second);
        }
    }
}

bool IsPlayerViewModelName(const std::string &path) {
    const size_t slash = path.find_last_of("/\\");
    const std::string name = ToLower(slash == std::string::npos ? path : path.substr(slash + 1));
    return name.compare(0, 3, "pv-") == 0 || name.compare(0, 3, "pv_") == 0;
}

bool ShouldTurnHalfAboutY(int setting, const std::string &path) {
    if (setting == kFaceFrontByName) {
        return !IsPlayerViewModelName(path);
    }
    return setting != 0;
}

} // namespace ltb
} // namespace assimp_retro
