// SummariseScene (<assimp_retro/scene_summary.h>): the gallery card's counts,
// on committed fixtures and on the corpus (STATS.tsv values).
#include "PreviewScenes.h"

#include "support/TestSupport.h"

#include <assimp_retro/assimp_retro.h>
#include <assimp_retro/scene_summary.h>

#include <assimp/Importer.hpp>
#include <assimp/scene.h>

#include <gtest/gtest.h>

#include <algorithm>

using namespace retro_test;

namespace {

bool Has(const std::vector<std::string> &list, const std::string &item) {
    return std::find(list.begin(), list.end(), item) != list.end();
}

TEST(SceneSummary, CountsOfABuiltScene) {
    const auto box = preview_test::ColouredBox();
    const assimp_retro::SceneSummary summary = assimp_retro::SummariseScene(*box);
    EXPECT_EQ(summary.meshes, 6u);
    EXPECT_EQ(summary.triangles, 12u);
    EXPECT_EQ(summary.vertices, 24u);
    EXPECT_EQ(summary.nodes, 2u);
    EXPECT_EQ(summary.lods, 1u);
    EXPECT_TRUE(summary.version.empty());
    const auto textured = preview_test::TexturedSquare();
    const assimp_retro::SceneSummary withTexture = assimp_retro::SummariseScene(*textured);
    ASSERT_EQ(withTexture.textures.size(), 1u);
    EXPECT_EQ(withTexture.textures[0].path, "*0");
    EXPECT_TRUE(withTexture.textures[0].found);
}

TEST(SceneSummary, CommittedAbcV6Fixture) {
    Assimp::Importer importer;
    const aiScene *scene =
            Import(importer, std::string(ASSIMP_RETRO_SOURCE_DIR) + "/test/models/abc/skinned_v6.abc");
    ASSERT_NE(scene, nullptr);
    const assimp_retro::SceneSummary summary = assimp_retro::SummariseScene(*scene);
    EXPECT_EQ(summary.version, "ABC v6");
    EXPECT_NE(summary.format.find("LithTech ABC"), std::string::npos) << summary.format;
    EXPECT_EQ(summary.animations.size(), scene->mNumAnimations);
    EXPECT_GT(summary.triangles, 0u);
    EXPECT_GT(summary.bones, 0u);
}

TEST(SceneSummary, CorpusSocketsAnimationsSelectionsTextures) {
    Assimp::Importer gun, car, kpc;
    const aiScene *weapon = Import(gun, CorpusPath("ltb/PV-M4A1.LTB"));
    ASSERT_NE(weapon, nullptr);
    const assimp_retro::SceneSummary m4 = assimp_retro::SummariseScene(*weapon);
    EXPECT_EQ(m4.version, "LTB v25");
    EXPECT_EQ(m4.animations.size(), 10u); // STATS.tsv
    EXPECT_TRUE(Has(m4.sockets, "gunfire"));
    EXPECT_EQ(m4.lods, 1u);

    car.SetPropertyInteger("IMPORT_P3D_LODS", 1);
    const aiScene *hmmwv = Import(car, CorpusPath("p3d/tzk210_mcar_hmmwv_xj200.p3d"));
    ASSERT_NE(hmmwv, nullptr);
    const assimp_retro::SceneSummary humvee = assimp_retro::SummariseScene(*hmmwv);
    EXPECT_EQ(humvee.version, "P3D ODOL v7");
    EXPECT_EQ(humvee.lods, 10u); // MANIFEST.tsv
    EXPECT_FALSE(humvee.lodNodes.empty()); // the visual LODs after the first
    EXPECT_TRUE(Has(humvee.selections, "otocvez"));
    ASSERT_FALSE(humvee.textures.empty());
    EXPECT_FALSE(humvee.textures[0].found); // the corpus has no HMMWV textures
    EXPECT_NE(humvee.textures[0].path.find(".pa"), std::string::npos) << humvee.textures[0].path;

    const aiScene *tiberius = Import(kpc, CorpusPath("kpc-tree/MODELS/CREATURES/TIBERIUS.ABC"));
    ASSERT_NE(tiberius, nullptr);
    const assimp_retro::SceneSummary creature = assimp_retro::SummariseScene(*tiberius);
    ASSERT_EQ(creature.textures.size(), 1u);
    EXPECT_TRUE(creature.textures[0].found);
    EXPECT_NE(creature.textures[0].path.find("TIBERIUS.DTX"), std::string::npos) << creature.textures[0].path;
}

} // namespace
