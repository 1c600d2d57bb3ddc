#include "support/AnimationSampling.h"

#include <assimp/scene.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <map>
#include <sstream>

namespace retro_test {

namespace {

std::string Str(const aiString &s) {
    return std::string(s.data, s.length);
}

/// The keys around `time`: index k with keys[k] at or before it (0 before the
/// first), and the factor towards k + 1 (0 at or after the last key).
template <class Key>
size_t Locate(const Key *keys, unsigned count, double time, double &factor) {
    factor = 0;
    const Key *next = std::upper_bound(keys, keys + count, time, [](double t, const Key &key) { return t < key.mTime; });
    if (next == keys) {
        return 0;
    }
    const size_t k = size_t(next - keys) - 1;
    if (next != keys + count && keys[k].mTime != time) {
        factor = (time - keys[k].mTime) / (next->mTime - keys[k].mTime);
    }
    return k;
}

template <class Value>
bool SameBits(const Value &a, const Value &b) {
    return std::memcmp(&a, &b, sizeof(Value)) == 0;
}

double TicksPerSecond(const aiAnimation &animation) {
    return animation.mTicksPerSecond > 0 ? animation.mTicksPerSecond : 25.0; // Assimp's default
}

bool Within(const aiMatrix4x4 &a, const aiMatrix4x4 &b, const PoseTolerance &tolerance) {
    if (tolerance.absolute == 0.f) {
        return SameBits(a, b);
    }
    for (unsigned r = 0; r < 4; ++r) {
        for (unsigned c = 0; c < 4; ++c) {
            if (!(std::fabs(a[r][c] - b[r][c]) <= tolerance.absolute)) {
                return false;
            }
        }
    }
    return true;
}

std::string Text(const aiMatrix4x4 &m) {
    std::ostringstream out;
    out.precision(9);
    for (unsigned r = 0; r < 3; ++r) {
        out << (r ? "; " : "[") << m[r][0] << " " << m[r][1] << " " << m[r][2] << " " << m[r][3];
    }
    out << "]";
    return out.str();
}

} // namespace

aiVector3D SampleTrack(const aiVectorKey *keys, unsigned count, double time) {
    if (count == 0) {
        return aiVector3D();
    }
    double factor = 0;
    const size_t k = Locate(keys, count, time, factor);
    if (factor == 0 || SameBits(keys[k].mValue, keys[k + 1].mValue)) {
        return keys[k].mValue;
    }
    const aiVector3D &a = keys[k].mValue, &b = keys[k + 1].mValue;
    return a + (b - a) * static_cast<ai_real>(factor);
}

aiQuaternion SampleTrack(const aiQuatKey *keys, unsigned count, double time) {
    if (count == 0) {
        return aiQuaternion();
    }
    double factor = 0;
    const size_t k = Locate(keys, count, time, factor);
    if (factor == 0 || SameBits(keys[k].mValue, keys[k + 1].mValue)) {
        return keys[k].mValue;
    }
    aiQuaternion out;
    aiQuaternion::Interpolate(out, keys[k].mValue, keys[k + 1].mValue, static_cast<ai_real>(factor));
    return out;
}

aiMatrix4x4 SampleLocal(const aiNodeAnim &channel, double time) {
    const aiVector3D scaling = channel.mNumScalingKeys
            ? SampleTrack(channel.mScalingKeys, channel.mNumScalingKeys, time)
            : aiVector3D(1, 1, 1);
    return aiMatrix4x4(scaling, SampleTrack(channel.mRotationKeys, channel.mNumRotationKeys, time),
            SampleTrack(channel.mPositionKeys, channel.mNumPositionKeys, time));
}

std::vector<double> AnimationKeyTimes(const aiAnimation &animation) {
    std::vector<double> times;
    for (unsigned c = 0; c < animation.mNumChannels; ++c) {
        const aiNodeAnim &ch = *animation.mChannels[c];
        for (unsigned k = 0; k < ch.mNumPositionKeys; ++k) {
            times.push_back(ch.mPositionKeys[k].mTime);
        }
        for (unsigned k = 0; k < ch.mNumRotationKeys; ++k) {
            times.push_back(ch.mRotationKeys[k].mTime);
        }
        for (unsigned k = 0; k < ch.mNumScalingKeys; ++k) {
            times.push_back(ch.mScalingKeys[k].mTime);
        }
    }
    std::sort(times.begin(), times.end());
    times.erase(std::unique(times.begin(), times.end()), times.end());
    return times;
}

size_t ExpectSamePoses(const aiAnimation &expected, const aiAnimation &actual, const std::vector<double> &times,
        const PoseTolerance &tolerance, const std::string &what) {
    const std::string where = what + ", animation '" + Str(expected.mName) + "'";
    std::map<std::string, const aiNodeAnim *> channels;
    for (unsigned c = 0; c < actual.mNumChannels; ++c) {
        channels.emplace(Str(actual.mChannels[c]->mNodeName), actual.mChannels[c]);
    }
    EXPECT_EQ(expected.mNumChannels, actual.mNumChannels) << where << ": channels";
    const double toActual = TicksPerSecond(actual) / TicksPerSecond(expected);
    size_t compared = 0, failures = 0;
    for (unsigned c = 0; c < expected.mNumChannels; ++c) {
        const aiNodeAnim &e = *expected.mChannels[c];
        const auto found = channels.find(Str(e.mNodeName));
        if (found == channels.end()) {
            ADD_FAILURE() << where << ": no channel for node '" << Str(e.mNodeName) << "'";
            continue;
        }
        for (const double time : times) {
            const aiMatrix4x4 a = SampleLocal(e, time), b = SampleLocal(*found->second, time * toActual);
            ++compared;
            if (!Within(a, b, tolerance) && ++failures <= 3) {
                ADD_FAILURE() << where << ", node '" << Str(e.mNodeName) << "' at " << time << " ticks: " << Text(a)
                              << " is " << Text(b);
            }
        }
    }
    if (failures > 3) {
        ADD_FAILURE() << where << ": " << failures << " poses differ in all";
    }
    return compared;
}

size_t ExpectSameAnimations(const aiScene &expected, const aiScene &actual, const PoseTolerance &tolerance,
        const std::string &what) {
    EXPECT_EQ(expected.mNumAnimations, actual.mNumAnimations) << what << ": animations";
    size_t compared = 0;
    for (unsigned a = 0; a < std::min(expected.mNumAnimations, actual.mNumAnimations); ++a) {
        const aiAnimation &e = *expected.mAnimations[a], &b = *actual.mAnimations[a];
        EXPECT_EQ(Str(e.mName), Str(b.mName)) << what << ": animation " << a;
        EXPECT_EQ(e.mDuration / TicksPerSecond(e), b.mDuration / TicksPerSecond(b)) << what << ": animation " << a;
        compared += ExpectSamePoses(e, b, AnimationKeyTimes(e), tolerance, what);
    }
    return compared;
}

} // namespace retro_test
