// assimp-retro: the one builder of node channels (AnimationChannels.h).
#include "AnimationChannels.h"

#include <algorithm>
#include <cstring>
#include <stdexcept>

namespace assimp_retro {

namespace {

/// Bitwise equality: -0 and 0 differ, which a player may show differently
/// (a sign flips in a division), and equal NaNs stay one value.
template <class Value>
bool SameBits(const Value &a, const Value &b) {
    return std::memcmp(&a, &b, sizeof(Value)) == 0;
}

template <class Key, class Value>
void Append(std::vector<Key> &track, double time, const Value &value, KeyReduction reduction) {
    const size_t n = track.size();
    if (n > 0 && !(time > track[n - 1].mTime)) {
        throw std::logic_error("assimp-retro: channel keys must strictly increase in time");
    }
    if (reduction == KeyReduction::DropRepeated && n >= 2 && SameBits(track[n - 1].mValue, value) &&
            SameBits(track[n - 2].mValue, value)) {
        // The last key sits between two of its value: it adds nothing, and
        // the new key takes its place.
        track[n - 1].mTime = time;
        return;
    }
    Key key;
    key.mTime = time;
    key.mValue = value;
    track.push_back(key);
}

/// A new array of the track's keys (nullptr when empty); the track is emptied.
template <class Key>
Key *Release(std::vector<Key> &track, unsigned &count) {
    count = static_cast<unsigned>(track.size());
    Key *keys = track.empty() ? nullptr : new Key[track.size()];
    std::copy(track.begin(), track.end(), keys);
    track.clear();
    return keys;
}

} // namespace

void NodeAnimBuilder::AddPosition(double time, const aiVector3D &value) {
    Append(mPositions, time, value, mReduction);
}

void NodeAnimBuilder::AddRotation(double time, const aiQuaternion &value) {
    Append(mRotations, time, value, mReduction);
}

void NodeAnimBuilder::AddScaling(double time, const aiVector3D &value) {
    Append(mScalings, time, value, mReduction);
}

std::unique_ptr<aiNodeAnim> NodeAnimBuilder::Build(const aiString &nodeName) {
    if (mPositions.empty() || mRotations.empty()) {
        mPositions.clear();
        mRotations.clear();
        mScalings.clear();
        throw std::logic_error("assimp-retro: a channel without position or rotation keys");
    }
    if (mScalings.empty()) {
        mScalings.push_back(aiVectorKey(std::min(mPositions[0].mTime, mRotations[0].mTime), aiVector3D(1, 1, 1)));
    }
    std::unique_ptr<aiNodeAnim> channel(new aiNodeAnim());
    channel->mNodeName = nodeName;
    // Each array belongs to the channel as soon as it exists (its destructor
    // frees them), so a failed allocation leaks nothing.
    channel->mPositionKeys = Release(mPositions, channel->mNumPositionKeys);
    channel->mRotationKeys = Release(mRotations, channel->mNumRotationKeys);
    channel->mScalingKeys = Release(mScalings, channel->mNumScalingKeys);
    return channel;
}

} // namespace assimp_retro
