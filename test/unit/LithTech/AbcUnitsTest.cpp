// True sizes (docs/formats/ABC.md "Units"): with default settings the
// player characters of both LithTech generations come out the height of a
// person, each version family has its own unit, and
// IMPORT_RETRO_METRES_PER_UNIT overrides it (recorded in
// "OriginalUnitScaleFactor" whether or not the scene is converted).
#include "AbcTestHelpers.h"
#include "support/TestSupport.h"

#include <assimp_retro/config.h>

#include <assimp/Importer.hpp>
#include <assimp/scene.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <functional>
#include <limits>
#include <string>

namespace {

/// The Y extent of every mesh's vertices placed by the nodes that show it
/// (the bind pose), in the scene's unit.
double SceneHeight(const aiScene &scene) {
    double low = std::numeric_limits<double>::max();
    double high = std::numeric_limits<double>::lowest();
    const std::function<void(const aiNode *)> visit = [&](const aiNode *node) {
        const aiMatrix4x4 global = abc_test::GlobalTransform(node);
        for (unsigned m = 0; m < node->mNumMeshes; ++m) {
            const aiMesh *mesh = scene.mMeshes[node->mMeshes[m]];
            for (unsigned v = 0; v < mesh->mNumVertices; ++v) {
                const double y = (global * mesh->mVertices[v]).y;
                low = std::min(low, y);
                high = std::max(high, y);
            }
        }
        for (unsigned c = 0; c < node->mNumChildren; ++c) {
            visit(node->mChildren[c]);
        }
    };
    visit(scene.mRootNode);
    return high - low;
}

double Metadata(const aiScene &scene, const char *key) {
    double value = -1;
    EXPECT_TRUE(scene.mMetaData && scene.mMetaData->Get(key, value)) << key;
    return value;
}

/// Imports `corpusFile` with the default unit settings (the test helper's
/// file-unit default switched back on).
const aiScene *ImportDefault(Assimp::Importer &importer, const std::string &corpusFile) {
    importer.SetPropertyBool(AI_CONFIG_IMPORT_RETRO_UNITS_TO_METRES, true);
    return retro_test::Import(importer, retro_test::CorpusPath(corpusFile));
}

struct TrueSize {
    const char *file;
    double centimetresPerUnit; ///< the version family's default
    double metres;             ///< height with default settings
};

class AbcTrueSize : public ::testing::TestWithParam<TrueSize> {};

} // namespace

TEST_P(AbcTrueSize, DefaultSettingsGiveTheFamilysUnitAndHeight) {
    Assimp::Importer importer;
    const aiScene *scene = ImportDefault(importer, GetParam().file);
    ASSERT_NE(scene, nullptr) << importer.GetErrorString();
    EXPECT_DOUBLE_EQ(Metadata(*scene, "OriginalUnitScaleFactor"), GetParam().centimetresPerUnit);
    EXPECT_DOUBLE_EQ(Metadata(*scene, "UnitScaleFactor"), 100.0);
    EXPECT_NEAR(SceneHeight(*scene), GetParam().metres, 0.0005);

    // Unconverted: file units, and the factor that would apply is still recorded.
    Assimp::Importer raw;
    raw.SetPropertyBool(AI_CONFIG_IMPORT_RETRO_UNITS_TO_METRES, false);
    const aiScene *fileUnits = retro_test::Import(raw, retro_test::CorpusPath(GetParam().file));
    ASSERT_NE(fileUnits, nullptr) << raw.GetErrorString();
    EXPECT_DOUBLE_EQ(Metadata(*fileUnits, "OriginalUnitScaleFactor"), GetParam().centimetresPerUnit);
    EXPECT_DOUBLE_EQ(Metadata(*fileUnits, "UnitScaleFactor"), GetParam().centimetresPerUnit);
    EXPECT_NEAR(SceneHeight(*fileUnits) * GetParam().centimetresPerUnit / 100.0, GetParam().metres, 0.0005);
}

// Heights measured with default settings (bind pose, Y extent of the meshes).
// The two player characters lie in a person's 1.6-1.9 m; the creatures are a
// boss (TIBERIUS, KPC) and the same model converted to v12 by
// io_scene_lithtech, which keeps KPC's numbers but is read with LithTech 2's
// unit, so it comes out smaller (docs/formats/ABC.md "Units").
INSTANTIATE_TEST_SUITE_P(Corpus, AbcTrueSize,
        ::testing::Values(TrueSize{"humans/NOLF1__INTHERO_ACTION.ABC", 1.7, 1.745},
                TrueSize{"humans/KPC__PLAYER__BEASTKING__BEASTKING.ABC", 2.2, 1.897},
                TrueSize{"abc/CREATURES__TIBERIUS.ABC", 2.2, 5.076},
                TrueSize{"abc-v12/CREATURES__TIBERIUS_v12.abc", 1.7, 3.923}),
        [](const ::testing::TestParamInfo<TrueSize> &info) {
            std::string name = info.param.file;
            name = name.substr(name.find('/') + 1);
            std::replace_if(name.begin(), name.end(), [](char c) { return !std::isalnum(static_cast<unsigned char>(c)); }, '_');
            return name;
        });

TEST(AbcUnits, PlayerCharactersAreTheHeightOfAPerson) {
    for (const char *file : {"humans/NOLF1__INTHERO_ACTION.ABC", "humans/KPC__PLAYER__BEASTKING__BEASTKING.ABC"}) {
        Assimp::Importer importer;
        const aiScene *scene = ImportDefault(importer, file);
        ASSERT_NE(scene, nullptr) << file << ": " << importer.GetErrorString();
        const double metres = SceneHeight(*scene);
        EXPECT_GE(metres, 1.6) << file;
        EXPECT_LE(metres, 1.9) << file;
    }
}

TEST(AbcUnits, MetresPerUnitOverridesTheDefault) {
    // NOLF1's character read as if a unit were a centimetre (the old default).
    Assimp::Importer importer;
    importer.SetPropertyFloat(AI_CONFIG_IMPORT_RETRO_METRES_PER_UNIT, 0.01f);
    const aiScene *scene = ImportDefault(importer, "humans/NOLF1__INTHERO_ACTION.ABC");
    ASSERT_NE(scene, nullptr) << importer.GetErrorString();
    EXPECT_DOUBLE_EQ(Metadata(*scene, "OriginalUnitScaleFactor"), 1.0);
    EXPECT_NEAR(SceneHeight(*scene), 1.027, 0.005);

    // A v6 file with another game's value: the recorded factor is the value
    // given (0.0165 m, not its nearest float).
    Assimp::Importer other;
    other.SetPropertyFloat(AI_CONFIG_IMPORT_RETRO_METRES_PER_UNIT, 0.0165f);
    other.SetPropertyBool(AI_CONFIG_IMPORT_RETRO_UNITS_TO_METRES, false);
    const aiScene *raw = retro_test::Import(other, retro_test::CorpusPath("humans/KPC__PLAYER__BEASTKING__BEASTKING.ABC"));
    ASSERT_NE(raw, nullptr) << other.GetErrorString();
    EXPECT_DOUBLE_EQ(Metadata(*raw, "OriginalUnitScaleFactor"), 1.65);
    EXPECT_DOUBLE_EQ(Metadata(*raw, "UnitScaleFactor"), 1.65);
    EXPECT_NEAR(SceneHeight(*raw), 86.2, 0.05); // nothing scaled
}

TEST(AbcUnits, MetresPerUnitOutOfRangeIsAClearError) {
    for (const float value : {-0.01f, 1e-7f, 2000.0f, std::numeric_limits<float>::quiet_NaN()}) {
        Assimp::Importer importer;
        importer.SetPropertyFloat(AI_CONFIG_IMPORT_RETRO_METRES_PER_UNIT, value);
        EXPECT_EQ(retro_test::Import(importer, retro_test::CorpusPath("abc/DECOS__BEERCAN.ABC")), nullptr) << value;
        EXPECT_NE(std::string(importer.GetErrorString()).find("ABC: IMPORT_RETRO_METRES_PER_UNIT is "), std::string::npos)
                << importer.GetErrorString();
        EXPECT_NE(std::string(importer.GetErrorString()).find("expected 0 (the format's default) or a length in metres"),
                std::string::npos)
                << importer.GetErrorString();
    }
}
