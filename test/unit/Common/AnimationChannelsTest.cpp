// The one channel builder (Common/AnimationChannels.h): a key whose value is
// bitwise equal to both its neighbours' is left out, no other key.
#include "Common/AnimationChannels.h"

#include <gtest/gtest.h>

#include <stdexcept>
#include <vector>

using assimp_retro::KeyReduction;
using assimp_retro::NodeAnimBuilder;

namespace {

/// The times of a channel's position keys after adding `xs` (x only) at 0, 10, 20, ...
std::vector<double> KeptTimes(const std::vector<float> &xs, KeyReduction reduction = KeyReduction::DropRepeated) {
    NodeAnimBuilder builder(reduction);
    for (size_t i = 0; i < xs.size(); ++i) {
        builder.AddKey(10.0 * double(i), aiVector3D(xs[i], 0, 0), aiQuaternion());
    }
    const std::unique_ptr<aiNodeAnim> channel = builder.Build(aiString("node"));
    std::vector<double> times;
    for (unsigned k = 0; k < channel->mNumPositionKeys; ++k) {
        times.push_back(channel->mPositionKeys[k].mTime);
    }
    return times;
}

} // namespace

TEST(AnimationChannels, AKeyBetweenTwoOfItsValueIsLeftOut) {
    EXPECT_EQ(KeptTimes({1, 1, 1}), (std::vector<double>{0, 20}));
    EXPECT_EQ(KeptTimes({1, 1, 1, 1, 1}), (std::vector<double>{0, 40})); // a constant track: its first and last
    EXPECT_EQ(KeptTimes({1, 1, 2}), (std::vector<double>{0, 10, 20}));  // equal to one neighbour only
    EXPECT_EQ(KeptTimes({2, 1, 1}), (std::vector<double>{0, 10, 20}));
    EXPECT_EQ(KeptTimes({0, 1, 1, 1, 2, 2, 2, 2, 3}), (std::vector<double>{0, 10, 30, 40, 70, 80}));
    EXPECT_EQ(KeptTimes({0, 1, 2, 3}), (std::vector<double>{0, 10, 20, 30})); // on a line: every key stays
    EXPECT_EQ(KeptTimes({5}), (std::vector<double>{0}));                      // one key stays one
    EXPECT_EQ(KeptTimes({5, 5}), (std::vector<double>{0, 10}));
}

TEST(AnimationChannels, ValuesAreComparedBitForBit) {
    EXPECT_EQ(KeptTimes({0.f, -0.f, 0.f}), (std::vector<double>{0, 10, 20}));
    EXPECT_EQ(KeptTimes({1.f, 1.f + 1e-7f, 1.f}), (std::vector<double>{0, 10, 20}));
}

TEST(AnimationChannels, KeepAllKeepsEveryKey) {
    EXPECT_EQ(KeptTimes({1, 1, 1, 1}, KeyReduction::KeepAll), (std::vector<double>{0, 10, 20, 30}));
}

TEST(AnimationChannels, TracksAreReducedEachOnItsOwn) {
    NodeAnimBuilder builder;
    const aiQuaternion turned(0.f, 0.f, 1.f, 0.f);
    for (int i = 0; i < 4; ++i) {
        builder.AddKey(double(i), aiVector3D(1, 2, 3), i == 2 ? turned : aiQuaternion());
        builder.AddScaling(double(i), aiVector3D(1, 1, 1));
    }
    const std::unique_ptr<aiNodeAnim> channel = builder.Build(aiString("bone"));
    EXPECT_STREQ(channel->mNodeName.C_Str(), "bone");
    ASSERT_EQ(channel->mNumPositionKeys, 2u);
    EXPECT_EQ(channel->mPositionKeys[1].mTime, 3.0);
    EXPECT_EQ(channel->mPositionKeys[1].mValue, aiVector3D(1, 2, 3));
    ASSERT_EQ(channel->mNumRotationKeys, 4u);
    EXPECT_EQ(channel->mRotationKeys[2].mValue, turned);
    EXPECT_EQ(channel->mNumScalingKeys, 2u);
}

TEST(AnimationChannels, ScalingWithoutKeysGetsTheUnitScaleAtTheFirstKey) {
    NodeAnimBuilder builder;
    builder.AddKey(5.0, aiVector3D(), aiQuaternion());
    builder.AddKey(9.0, aiVector3D(), aiQuaternion());
    const std::unique_ptr<aiNodeAnim> channel = builder.Build(aiString("n"));
    ASSERT_EQ(channel->mNumScalingKeys, 1u);
    EXPECT_EQ(channel->mScalingKeys[0].mTime, 5.0);
    EXPECT_EQ(channel->mScalingKeys[0].mValue, aiVector3D(1, 1, 1));
}

TEST(AnimationChannels, OneBuilderServesManyChannels) {
    NodeAnimBuilder builder;
    builder.AddKey(0.0, aiVector3D(1, 0, 0), aiQuaternion());
    builder.AddKey(1.0, aiVector3D(2, 0, 0), aiQuaternion());
    const std::unique_ptr<aiNodeAnim> first = builder.Build(aiString("a"));
    builder.AddKey(0.0, aiVector3D(3, 0, 0), aiQuaternion()); // time 0 again: a new channel
    const std::unique_ptr<aiNodeAnim> second = builder.Build(aiString("b"));
    EXPECT_EQ(first->mNumPositionKeys, 2u);
    ASSERT_EQ(second->mNumPositionKeys, 1u);
    EXPECT_EQ(second->mPositionKeys[0].mValue, aiVector3D(3, 0, 0));
}

TEST(AnimationChannels, MisuseIsALogicError) {
    NodeAnimBuilder builder;
    builder.AddPosition(1.0, aiVector3D());
    EXPECT_THROW(builder.AddPosition(1.0, aiVector3D()), std::logic_error); // times must increase
    EXPECT_THROW(builder.Build(aiString("n")), std::logic_error);            // no rotation key
    builder.AddKey(0.0, aiVector3D(), aiQuaternion()); // the failed Build emptied the builder
    EXPECT_EQ(builder.Build(aiString("n"))->mNumRotationKeys, 1u);
}
