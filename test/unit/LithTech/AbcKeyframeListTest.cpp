// Every LithTech keyframe survives, even one at which no node moves, whose
// keys the channels leave out (NodeAnimBuilder): the scene keeps the
// keyframe list apart (abc:anim<i>.keyframes) with its command strings, and
// the abc6 and abc12 exporters write it back, so a round trip through either
// gives the same keyframes with the same commands.
#include "AbcTestHelpers.h"

#include "AssetLib/LithTech/AbcMetadataKeys.h"
#include "support/ExportSupport.h"
#include "support/TestSupport.h"
#include "writers/LithTech/AbcLt1Fixtures.h"
#include "writers/LithTech/AbcLt2Fixtures.h"

#include <assimp/Importer.hpp>
#include <assimp/scene.h>

#include <gtest/gtest.h>

namespace {

namespace keys = assimp_retro::abc::keys;

const char *const kCommand = "sound_key step.wav";

std::string MetaString(const aiScene &scene, const std::string &key) {
    aiString value;
    EXPECT_TRUE(scene.mMetaData && scene.mMetaData->Get(key, value)) << key;
    return value.C_Str();
}

/// The scene's animation `name`: its index.
unsigned AnimationIndex(const aiScene &scene, const std::string &name) {
    for (unsigned a = 0; a < scene.mNumAnimations; ++a) {
        if (name == scene.mAnimations[a]->mName.C_Str()) {
            return a;
        }
    }
    ADD_FAILURE() << "no animation '" << name << "'";
    return 0;
}

/// The still animation of the fixtures: keyframes at 0, 50 (with kCommand)
/// and 100 ms, at each of which every node has the same key. Its channels
/// keep the first and last key only; the list keeps all three.
void ExpectStillKeyframes(const aiScene &scene, const std::string &what) {
    SCOPED_TRACE(what);
    const unsigned a = AnimationIndex(scene, "still");
    const aiAnimation &still = *scene.mAnimations[a];
    for (unsigned c = 0; c < still.mNumChannels; ++c) {
        EXPECT_LE(still.mChannels[c]->mNumRotationKeys, 2u) << still.mChannels[c]->mNodeName.C_Str();
    }
    EXPECT_EQ(abc_test::SceneKeyframes(scene, a), (std::vector<uint32_t>{0, 50, 100}));
    EXPECT_EQ(MetaString(scene, keys::Anim(a).KeyCommand(1).name), kCommand);
    int32_t time = -1;
    EXPECT_TRUE(scene.mMetaData->Get(keys::Anim(a).KeyTimeMs(1).name, time));
    EXPECT_EQ(time, 50);
    EXPECT_DOUBLE_EQ(still.mDuration, 100.0);
}

/// `scene` through `format` and back: the same keyframes and command.
void ExpectRoundTripKeepsTheKeyframes(const aiScene &scene, const std::string &format) {
    std::string error;
    const std::vector<uint8_t> bytes = retro_test::ExportToMemory(scene, format, &error);
    ASSERT_FALSE(bytes.empty()) << error;
    Assimp::Importer importer;
    const aiScene *again = retro_test::ImportMemory(importer, bytes, "abc");
    ASSERT_NE(again, nullptr) << importer.GetErrorString();
    ExpectStillKeyframes(*again, "through " + format);
}

} // namespace

TEST(AbcKeyframeList, V6KeyframeWhereNothingMovesSurvivesBothExporters) {
    retro_test::abcv6::File file = retro_test::abcv6::SkinnedFixture();
    retro_test::abcv6::Animation still = file.animations[0];
    still.name = "still";
    still.length = 100;
    still.keyframes = {{0, ""}, {50, kCommand}, {100, ""}};
    for (auto &node : still.nodes) {
        node.keys = {node.keys[0], node.keys[0], node.keys[0]};
    }
    file.animations.push_back(still);
    Assimp::Importer importer;
    const aiScene *scene = abc_test::ImportAbc(importer, retro_test::abcv6::Write(file).bytes);
    ASSERT_NE(scene, nullptr) << importer.GetErrorString();
    ExpectStillKeyframes(*scene, "the import");
    ExpectRoundTripKeepsTheKeyframes(*scene, "abc6");
    ExpectRoundTripKeepsTheKeyframes(*scene, "abc12");
}

TEST(AbcKeyframeList, V12KeyframeWhereNothingMovesSurvivesBothExporters) {
    abcv9_writer::Model model = abcv9_writer::MakeTestModel(12, 1);
    abcv9_writer::Animation still = model.animations[0];
    still.name = "still";
    still.times = {0, 50, 100};
    still.commands = {"", kCommand, ""};
    for (auto &track : still.tracks) {
        track = {track[0], track[0], track[0]};
    }
    model.animations.push_back(still);
    Assimp::Importer importer;
    const aiScene *scene = retro_test::ImportMemory(importer, abcv9_writer::Write(model), "abc");
    ASSERT_NE(scene, nullptr) << importer.GetErrorString();
    ExpectStillKeyframes(*scene, "the import");
    ExpectRoundTripKeepsTheKeyframes(*scene, "abc12");
    ExpectRoundTripKeepsTheKeyframes(*scene, "abc6");
}
