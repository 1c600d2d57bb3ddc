// AddColladaAnimations: every node animation of the scene in the COLLADA
// file, on one timeline with a clip each, read back by Assimp's own COLLADA
// importer (Debian's 5.2.5) with as many animations and channels as the
// scene had, and keys where the scene has them.
#include "support/TestSupport.h"

#include "Export/ColladaAnimations.h"
#include "Export/ExportSceneView.h"

#include <assimp/Exporter.hpp>
#include <assimp/Importer.hpp>
#include <assimp/config.h>
#include <assimp/postprocess.h>
#include <assimp/scene.h>

#include <gtest/gtest.h>

#include <cctype>
#include <cmath>
#include <fstream>
#include <iterator>
#include <memory>
#include <regex>
#include <string>
#include <vector>

namespace {

/// Assimp's exporter on the scene without its animations, then the pass;
/// fails the test on errors. Returns the report.
assimp_retro::ColladaAnimationReport ExportDae(const aiScene &scene, const std::string &path) {
    assimp_retro::ColladaAnimationReport report;
    {
        assimp_retro::ExportSceneView view(scene, false);
        Assimp::Exporter exporter;
        EXPECT_EQ(exporter.Export(view.scene, "collada", path), AI_SUCCESS) << exporter.GetErrorString();
    }
    std::string error;
    EXPECT_TRUE(assimp_retro::AddColladaAnimations(scene, path, &error, &report)) << error;
    return report;
}

std::string ReadText(const std::string &path) {
    std::ifstream file(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>());
}

size_t Count(const std::string &text, const std::string &what) {
    size_t count = 0;
    for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) {
        ++count;
    }
    return count;
}

/// Assimp's COLLADA importer names an animation "<first name>_<name>":
/// the part after the scene's first animation's name.
bool NamedAfter(const aiAnimation &back, const std::string &name) {
    const std::string read = back.mName.C_Str();
    return read == name || (read.size() > name.size() && read.compare(read.size() - name.size(), name.size(), name) == 0);
}

class ColladaRealModel : public ::testing::TestWithParam<const char *> {};

} // namespace

TEST_P(ColladaRealModel, AssimpReadsBackEveryAnimationWithItsChannels) {
    Assimp::Importer importer;
    const aiScene *scene = retro_test::Import(importer, retro_test::CorpusPath(GetParam()));
    ASSERT_NE(scene, nullptr) << importer.GetErrorString();
    ASSERT_GT(scene->mNumAnimations, 1u);
    std::string name = GetParam();
    name = name.substr(name.find('/') + 1);
    const std::string path = retro_test::OutputPath("Export/collada_animations/" + name + ".dae");
    const assimp_retro::ColladaAnimationReport report = ExportDae(*scene, path);
    EXPECT_EQ(report.animationsWritten, scene->mNumAnimations);
    unsigned channels = 0;
    for (unsigned a = 0; a < scene->mNumAnimations; ++a) {
        channels += scene->mAnimations[a]->mNumChannels;
    }
    EXPECT_EQ(report.channelsWritten, channels);
    EXPECT_TRUE(report.notes.empty()) << report.notes.front();

    const std::string text = ReadText(path);
    EXPECT_EQ(Count(text, "<library_animations>"), 1u);
    EXPECT_EQ(Count(text, "<animation id="), scene->mNumAnimations);
    EXPECT_EQ(Count(text, "<animation_clip "), scene->mNumAnimations);
    EXPECT_EQ(Count(text, "<instance_animation url=\"#retro-animation-"), scene->mNumAnimations);
    // The first clip starts at 0 s: Blender plays the first animation from frame 0.
    EXPECT_NE(text.find("<animation_clip id=\"retro-clip-0\" name=\"" + std::string(scene->mAnimations[0]->mName.C_Str()) +
                        "\" start=\"0\""),
            std::string::npos);

    Assimp::Importer reader; // Assimp's own importers only
    const aiScene *back = reader.ReadFile(path, aiProcess_ValidateDataStructure);
    ASSERT_NE(back, nullptr) << reader.GetErrorString();
    ASSERT_EQ(back->mNumAnimations, scene->mNumAnimations);
    double start = 0; // of each animation on the file's timeline
    for (unsigned a = 0; a < scene->mNumAnimations; ++a) {
        const aiAnimation &original = *scene->mAnimations[a];
        const aiAnimation &read = *back->mAnimations[a];
        EXPECT_TRUE(NamedAfter(read, original.mName.C_Str())) << read.mName.C_Str() << " for " << original.mName.C_Str();
        EXPECT_EQ(read.mNumChannels, original.mNumChannels) << original.mName.C_Str();
        // Assimp's importer keeps the file's times, in milliseconds: each
        // animation ends where its clip does, its length after its start.
        const double end = start + original.mDuration / original.mTicksPerSecond;
        EXPECT_NEAR(read.mDuration / read.mTicksPerSecond, end, 1e-3) << original.mName.C_Str();
        start = end + assimp_retro::kColladaClipGapSeconds;
    }
    EXPECT_NEAR(report.timelineSeconds, start - assimp_retro::kColladaClipGapSeconds, 1e-9);
}

INSTANTIATE_TEST_SUITE_P(Corpus, ColladaRealModel,
        ::testing::Values("abc/CREATURES__TIBERIUS.ABC", "abc/CREATURES__ARACHNICLOWN.ABC",
                "abc-v12/CREATURES__TIBERIUS_v12.abc"),
        [](const ::testing::TestParamInfo<const char *> &info) {
            std::string name = info.param;
            name = name.substr(name.find('/') + 1);
            for (char &c : name) {
                c = std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
            }
            return name;
        });

// Tracks with different key counts (the case Assimp's exporter writes as a
// dangling sampler): the union of their times, each track interpolated there,
// times in seconds; the second animation starts after the first plus the gap.
TEST(ColladaAnimations, TracksOfDifferentLengthsAreSampledAtEveryKeyTime) {
    auto scene = std::make_unique<aiScene>();
    scene->mRootNode = new aiNode("Root");
    aiNode *arm = new aiNode("Arm");
    aiNode *children[] = {arm};
    scene->mRootNode->addChildren(1, children);
    const auto makeAnimation = [](const char *name) {
        auto *animation = new aiAnimation();
        animation->mName = name;
        animation->mTicksPerSecond = 2; // key times 0, 1, 2 ticks: 0, 0.5, 1 s
        animation->mDuration = 2;
        animation->mNumChannels = 1;
        animation->mChannels = new aiNodeAnim *[1];
        aiNodeAnim *channel = animation->mChannels[0] = new aiNodeAnim();
        channel->mNodeName = "Arm";
        channel->mNumPositionKeys = 3;
        channel->mPositionKeys = new aiVectorKey[3];
        for (unsigned k = 0; k < 3; ++k) {
            channel->mPositionKeys[k] = aiVectorKey(k, aiVector3D(ai_real(k), 0, 0));
        }
        channel->mNumRotationKeys = 2; // at 0 and 2 ticks: 0 and 90 degrees about Y
        channel->mRotationKeys = new aiQuatKey[2];
        channel->mRotationKeys[0] = aiQuatKey(0, aiQuaternion());
        channel->mRotationKeys[1] = aiQuatKey(2, aiQuaternion(aiVector3D(0, 1, 0), ai_real(AI_MATH_PI / 2)));
        return animation;
    };
    scene->mNumAnimations = 2;
    scene->mAnimations = new aiAnimation *[2]{makeAnimation("Swing"), makeAnimation("Again")};

    const std::string path = retro_test::OutputPath("Export/collada_animations/tracks.dae");
    const assimp_retro::ColladaAnimationReport report = ExportDae(*scene, path);
    EXPECT_EQ(report.animationsWritten, 2u);
    EXPECT_EQ(report.channelsWritten, 2u);
    EXPECT_DOUBLE_EQ(report.timelineSeconds, 1.0 + assimp_retro::kColladaClipGapSeconds + 1.0);
    const std::string text = ReadText(path);
    EXPECT_NE(text.find("<animation_clip id=\"retro-clip-1\" name=\"Again\" start=\"2\" end=\"3\">"), std::string::npos)
            << text;
    EXPECT_NE(text.find("count=\"3\">2 2.5 3</float_array>"), std::string::npos) << text;

    Assimp::Importer reader;
    const aiScene *back = reader.ReadFile(path, aiProcess_ValidateDataStructure);
    ASSERT_NE(back, nullptr) << reader.GetErrorString();
    // Assimp 5.2.5 merges animations of one channel each that target
    // different nodes; these target the same node, so both stay.
    ASSERT_EQ(back->mNumAnimations, 2u);
    const aiNodeAnim *channel = back->mAnimations[0]->mChannels[0];
    ASSERT_EQ(channel->mNumPositionKeys, 3u);
    EXPECT_NEAR(channel->mPositionKeys[1].mTime, 500.0, 1e-3); // 0.5 s in milliseconds
    EXPECT_NEAR(channel->mPositionKeys[1].mValue.x, 1.0, 1e-5);
    // Halfway between 0 and 90 degrees: 45 degrees about Y.
    const aiQuaternion half = channel->mRotationKeys[1].mValue;
    EXPECT_NEAR(std::abs(half.w), std::cos(AI_MATH_PI / 8), 1e-5);
    EXPECT_NEAR(std::abs(half.y), std::sin(AI_MATH_PI / 8), 1e-5);
    const aiNodeAnim *second = back->mAnimations[1]->mChannels[0];
    ASSERT_EQ(second->mNumPositionKeys, 3u);
    EXPECT_NEAR(second->mPositionKeys[0].mTime, 2000.0, 1e-3); // after the first and the gap
}

TEST(ColladaAnimations, FileWithoutSceneIsAnError) {
    auto scene = std::make_unique<aiScene>();
    scene->mRootNode = new aiNode("Root");
    scene->mNumAnimations = 1;
    scene->mAnimations = new aiAnimation *[1]{new aiAnimation()};
    const std::string path = retro_test::OutputPath("Export/collada_animations/broken.dae");
    {
        std::ofstream file(path, std::ios::binary | std::ios::trunc);
        file << "<COLLADA><library_visual_scenes/></COLLADA>";
    }
    std::string error;
    EXPECT_FALSE(assimp_retro::AddColladaAnimations(*scene, path, &error));
    EXPECT_EQ(error, "COLLADA animations: no <scene> in '" + path + "'");
    EXPECT_FALSE(assimp_retro::AddColladaAnimations(*scene, path + ".missing", &error));
    EXPECT_EQ(error, "cannot open '" + path + ".missing'");
}
