// ABC v6 LOD levels on a file with many collapse steps (STARGRAVE: 728):
// IMPORT_ABC_LOD_LEVELS is capped at 32, and level i of n uses round(i*728/n) steps.
#include "AbcTestHelpers.h"
#include "support/TestSupport.h"

#include <assimp/Importer.hpp>
#include <assimp/scene.h>

#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <string>

namespace {

const unsigned kStargraveSteps = 728;

std::vector<uint8_t> Stargrave() {
    const std::string path = retro_test::CorpusPath("abc/CREATURES__STARGRAVE.ABC");
    return path.empty() ? std::vector<uint8_t>() : retro_test::ReadFile(path);
}

// LOD level -> collapse steps, from the LOD nodes' metadata.
std::map<int, int> LodSteps(const aiScene &scene) {
    std::map<int, int> steps;
    for (unsigned c = 0; c < scene.mRootNode->mNumChildren; ++c) {
        const aiNode *node = scene.mRootNode->mChildren[c];
        int32_t level = 0;
        int32_t collapse = 0;
        if (node->mMetaData && node->mMetaData->Get("abc:lod", level) &&
                node->mMetaData->Get("abc:lodCollapseSteps", collapse)) {
            steps[level] = collapse;
        }
    }
    return steps;
}

} // namespace

TEST(AbcV6LodLevels, CappedAt32OnAFileWith728Steps) {
    const std::vector<uint8_t> bytes = Stargrave();
    ASSERT_FALSE(bytes.empty());
    Assimp::Importer importer;
    const aiScene *scene = abc_test::ImportAbc(importer, bytes, 0, 100, false);
    ASSERT_NE(scene, nullptr) << importer.GetErrorString();
    int32_t fileSteps = 0;
    ASSERT_TRUE(scene->mMetaData && scene->mMetaData->Get("abc:lodSteps", fileSteps));
    EXPECT_EQ(fileSteps, int32_t(kStargraveSteps));

    const std::map<int, int> steps = LodSteps(*scene);
    ASSERT_FALSE(steps.empty());
    EXPECT_EQ(steps.begin()->first, 1);
    EXPECT_LE(steps.rbegin()->first, 32); // never level 33..100
    EXPECT_GE(steps.size(), 30u);
    // round(i * 728 / 32) = 22.75 -> 23, 45.5 -> 46, 68.25 -> 68 (truncation would give 22, 45, 68).
    EXPECT_EQ(steps.at(1), 23);
    EXPECT_EQ(steps.at(2), 46);
    EXPECT_EQ(steps.at(3), 68);
    for (const auto &[level, collapse] : steps) {
        EXPECT_EQ(collapse, int(std::lround(double(level) * kStargraveSteps / 32))) << "LOD " << level;
    }
}

TEST(AbcV6LodLevels, RoundsStepsForOtherLevelCounts) {
    const std::vector<uint8_t> bytes = Stargrave();
    ASSERT_FALSE(bytes.empty());
    Assimp::Importer importer;
    const aiScene *scene = abc_test::ImportAbc(importer, bytes, 0, 3, false);
    ASSERT_NE(scene, nullptr) << importer.GetErrorString();
    const std::map<int, int> steps = LodSteps(*scene);
    // 728/3 = 242.67 -> 243, 485.33 -> 485, 728.
    ASSERT_TRUE(steps.count(1) && steps.count(2)) << steps.size();
    EXPECT_EQ(steps.at(1), 243);
    EXPECT_EQ(steps.at(2), 485);
    if (steps.count(3)) { // left out only if every triangle collapses
        EXPECT_EQ(steps.at(3), 728);
    }
    EXPECT_EQ(steps.size() <= 3, true);
}
