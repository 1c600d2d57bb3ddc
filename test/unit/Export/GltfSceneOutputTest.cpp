// ExportGltf on real files: scene metadata reaches the glTF scene's `extras`,
// skinned meshes sit on scene roots (no NODE_SKINNED_MESH_NON_ROOT), and the
// unit conversion gives metre-sized positions with the unit recorded.
#include "support/GltfFileReader.h"

#include "support/TestSupport.h"

#include <assimp_retro/config.h>
#include <assimp_retro/gltf_completion.h>

#include <assimp/Importer.hpp>
#include <assimp/metadata.h>
#include <assimp/scene.h>

#include <gtest/gtest.h>

using gltf_test::GltfFile;

namespace {

/// Y extent of accessor `index` from its min/max.
double HeightOf(const nlohmann::json &accessor) {
    return accessor.at("max").at(1).get<double>() - accessor.at("min").at(1).get<double>();
}

} // namespace

TEST(GltfSceneOutput, AbcSceneMetadataSkinnedRootAndMetres) {
    Assimp::Importer importer;
    importer.SetPropertyBool(AI_CONFIG_IMPORT_RETRO_UNITS_TO_METRES, true); // the default (tests' helper turns it off)
    const aiScene *scene = retro_test::Import(importer, retro_test::CorpusPath("abc/CREATURES__STARGRAVE.ABC"));
    ASSERT_NE(scene, nullptr) << importer.GetErrorString();
    double unit = 0, original = 0;
    ASSERT_NE(scene->mMetaData, nullptr);
    ASSERT_TRUE(scene->mMetaData->Get("UnitScaleFactor", unit));
    ASSERT_TRUE(scene->mMetaData->Get("OriginalUnitScaleFactor", original));
    EXPECT_DOUBLE_EQ(unit, 100.0);
    EXPECT_DOUBLE_EQ(original, 1.0);

    const std::string path = retro_test::OutputPath("Export/scene_output/stargrave.glb");
    std::string error;
    assimp_retro::GltfCompletionReport report;
    ASSERT_TRUE(assimp_retro::ExportGltf(*scene, "glb2", path, &error, &report)) << error;
    EXPECT_EQ(report.skinnedMeshesMovedToRoot, 1u);
    EXPECT_GE(report.sceneExtrasKeysAdded, 5u);
    const retro_test::GltfValidation validation = retro_test::ValidateGltf(path);
    ASSERT_TRUE(validation.ran) << validation.report;
    EXPECT_EQ(validation.errors, 0) << validation.report;
    EXPECT_EQ(validation.warnings, 0) << validation.report;

    GltfFile file;
    ASSERT_TRUE(gltf_test::ReadGltfFile(path, file));
    const nlohmann::json &gltfScene = file.json.at("scenes").at(0);
    const nlohmann::json &extras = gltfScene.at("extras");
    EXPECT_EQ(extras.at("UnitScaleFactor").get<double>(), 100.0);
    EXPECT_EQ(extras.at("OriginalUnitScaleFactor").get<double>(), 1.0);
    EXPECT_TRUE(extras.contains("abc:version")) << extras.dump();
    EXPECT_TRUE(extras.contains("abc:anim0.name")) << extras.dump();
    // The skinned mesh's node is a root of the scene.
    bool skinnedRoot = false;
    for (const auto &root : gltfScene.at("nodes")) {
        skinnedRoot = skinnedRoot || file.json.at("nodes").at(root.get<size_t>()).contains("skin");
    }
    EXPECT_TRUE(skinnedRoot);
    // Stargrave is 236 units (cm) tall: 2.36 m in the GLB.
    const size_t position = file.json.at("meshes").at(0).at("primitives").at(0).at("attributes").at("POSITION");
    EXPECT_NEAR(HeightOf(file.json.at("accessors").at(position)), 2.3584, 1e-3);
}

TEST(GltfSceneOutput, UnitConversionCanBeSwitchedOff) {
    Assimp::Importer importer;
    importer.SetPropertyBool(AI_CONFIG_IMPORT_RETRO_UNITS_TO_METRES, false);
    const aiScene *scene = retro_test::Import(importer, retro_test::CorpusPath("abc/CREATURES__STARGRAVE.ABC"));
    ASSERT_NE(scene, nullptr) << importer.GetErrorString();
    double unit = 0;
    ASSERT_TRUE(scene->mMetaData->Get("UnitScaleFactor", unit));
    EXPECT_DOUBLE_EQ(unit, 1.0);
    const std::string path = retro_test::OutputPath("Export/scene_output/stargrave_cm.glb");
    std::string error;
    ASSERT_TRUE(assimp_retro::ExportGltf(*scene, "glb2", path, &error)) << error;
    GltfFile file;
    ASSERT_TRUE(gltf_test::ReadGltfFile(path, file));
    const size_t position = file.json.at("meshes").at(0).at("primitives").at(0).at("attributes").at("POSITION");
    EXPECT_NEAR(HeightOf(file.json.at("accessors").at(position)), 235.84, 0.1);
}
