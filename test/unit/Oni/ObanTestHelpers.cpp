#include "ObanTestHelpers.h"

#include <cmath>

namespace retro_test {

namespace {

template <typename Key>
void Bracket(const Key *keys, unsigned count, double time, unsigned &a, unsigned &b, float &t) {
    a = b = 0;
    t = 0;
    if (count == 0 || time <= keys[0].mTime) return;
    if (time >= keys[count - 1].mTime) {
        a = b = count - 1;
        return;
    }
    for (unsigned i = 0; i + 1 < count; ++i) {
        if (time >= keys[i].mTime && time <= keys[i + 1].mTime) {
            a = i;
            b = i + 1;
            t = static_cast<float>((time - keys[i].mTime) / (keys[i + 1].mTime - keys[i].mTime));
            return;
        }
    }
}

} // namespace

aiMatrix4x4 SampleChannelNlerp(const aiNodeAnim &channel, double time) {
    aiVector3D position(0, 0, 0), scaling(1, 1, 1);
    aiQuaternion rotation;
    unsigned a, b;
    float t;
    if (channel.mNumPositionKeys) {
        Bracket(channel.mPositionKeys, channel.mNumPositionKeys, time, a, b, t);
        position = channel.mPositionKeys[a].mValue * (1 - t) + channel.mPositionKeys[b].mValue * t;
    }
    if (channel.mNumRotationKeys) {
        Bracket(channel.mRotationKeys, channel.mNumRotationKeys, time, a, b, t);
        const aiQuaternion qa = channel.mRotationKeys[a].mValue;
        aiQuaternion qb = channel.mRotationKeys[b].mValue;
        if (qa.w * qb.w + qa.x * qb.x + qa.y * qb.y + qa.z * qb.z < 0) qb = aiQuaternion(-qb.w, -qb.x, -qb.y, -qb.z);
        rotation = aiQuaternion(qa.w * (1 - t) + qb.w * t, qa.x * (1 - t) + qb.x * t, qa.y * (1 - t) + qb.y * t, qa.z * (1 - t) + qb.z * t);
        rotation.Normalize();
    }
    if (channel.mNumScalingKeys) {
        Bracket(channel.mScalingKeys, channel.mNumScalingKeys, time, a, b, t);
        scaling = channel.mScalingKeys[a].mValue * (1 - t) + channel.mScalingKeys[b].mValue * t;
    }
    return aiMatrix4x4(scaling, rotation, position);
}

const aiNodeAnim *FindChannel(const aiAnimation &animation, const std::string &nodeName) {
    for (unsigned i = 0; i < animation.mNumChannels; ++i) {
        if (nodeName == animation.mChannels[i]->mNodeName.C_Str()) return animation.mChannels[i];
    }
    return nullptr;
}

aiMatrix4x4 WorldAt(const aiNode &node, const aiAnimation *animation, double time) {
    aiMatrix4x4 world;
    for (const aiNode *n = &node; n; n = n->mParent) {
        const aiNodeAnim *channel = animation ? FindChannel(*animation, n->mName.C_Str()) : nullptr;
        world = (channel ? SampleChannelNlerp(*channel, time) : n->mTransformation) * world;
    }
    return world;
}

} // namespace retro_test
