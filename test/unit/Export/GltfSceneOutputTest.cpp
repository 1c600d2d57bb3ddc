// ExportGltf on real files: scene metadata reaches the glTF scene's `extras`,
// skinned meshes sit on scene roots (no NODE_SKINNED_MESH_NON_ROOT), and the
// unit conversion gives metre-sized positions with the unit recorded.
#include "support/GltfFileReader.h"
#include "support/LinkedAssimp.h"
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
    EXPECT_DOUBLE_EQ(original, 2.2); // ABC v6: 2.2 cm per unit (docs/formats/ABC.md "Units")

    const std::string path = retro_test::OutputPath("Export/scene_output/stargrave.glb");
    std::string error;
    assimp_retro::GltfCompletionReport report;
    ASSERT_TRUE(assimp_retro::ExportGltf(*scene, "glb2", path, &error, &report)) << error;
    // The validator's 0 warnings below are the result; moving the mesh is the
    // completion's part only where the linked Assimp leaves it under the armature.
    EXPECT_EQ(report.skinnedMeshesMovedToRoot, retro_test::LinkedAssimp().gltfSkinsMeshesBelowRoot ? 1u : 0u);
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
    EXPECT_EQ(extras.at("OriginalUnitScaleFactor").get<double>(), 2.2);
    EXPECT_TRUE(extras.contains("abc:version")) << extras.dump();
    EXPECT_TRUE(extras.contains("abc:anim0.name")) << extras.dump();
    // The skinned mesh's node is a root of the scene.
    bool skinnedRoot = false;
    for (const auto &root : gltfScene.at("nodes")) {
        skinnedRoot = skinnedRoot || file.json.at("nodes").at(root.get<size_t>()).contains("skin");
    }
    EXPECT_TRUE(skinnedRoot);
    // Stargrave is 235.84 units tall, 2.2 cm each: 5.19 m in the GLB.
    const size_t position = file.json.at("meshes").at(0).at("primitives").at(0).at("attributes").at("POSITION");
    EXPECT_NEAR(HeightOf(file.json.at("accessors").at(position)), 5.1885, 1e-3);
}

TEST(GltfSceneOutput, UnitConversionCanBeSwitchedOff) {
    Assimp::Importer importer;
    importer.SetPropertyBool(AI_CONFIG_IMPORT_RETRO_UNITS_TO_METRES, false);
    const aiScene *scene = retro_test::Import(importer, retro_test::CorpusPath("abc/CREATURES__STARGRAVE.ABC"));
    ASSERT_NE(scene, nullptr) << importer.GetErrorString();
    double unit = 0;
    ASSERT_TRUE(scene->mMetaData->Get("UnitScaleFactor", unit));
    EXPECT_DOUBLE_EQ(unit, 2.2); // the file's unit, in centimetres
    const std::string path = retro_test::OutputPath("Export/scene_output/stargrave_cm.glb");
    std::string error;
    ASSERT_TRUE(assimp_retro::ExportGltf(*scene, "glb2", path, &error)) << error;
    GltfFile file;
    ASSERT_TRUE(gltf_test::ReadGltfFile(path, file));
    const size_t position = file.json.at("meshes").at(0).at("primitives").at(0).at("attributes").at("POSITION");
    EXPECT_NEAR(HeightOf(file.json.at("accessors").at(position)), 235.84, 0.1);
}

// Assimp's exporter (5.2.5 and main) writes JOINTS_0 as floats, converts them
// in place to half the size and leaves the other half, uninitialised heap
// memory, in the buffer with no bufferView on it. The completion removes
// those bytes and moves the later views down: the data every view holds is
// what Assimp wrote, and the buffer is covered apart from alignment padding.
TEST(GltfSceneOutput, SkinnedMeshLeavesNoUnreferencedBytes) {
    Assimp::Importer importer;
    const aiScene *scene = retro_test::Import(importer, retro_test::CorpusPath("abc/CREATURES__STARGRAVE.ABC"));
    ASSERT_NE(scene, nullptr) << importer.GetErrorString();
    bool skinned = false;
    for (unsigned m = 0; m < scene->mNumMeshes; ++m) {
        skinned = skinned || scene->mMeshes[m]->HasBones();
    }
    ASSERT_TRUE(skinned);
    for (const char *format : {"glb2", "gltf2"}) {
        SCOPED_TRACE(format);
        const std::string path = retro_test::OutputPath(std::string("Export/scene_output/stargrave_joints.") +
                                                        (std::string(format) == "glb2" ? "glb" : "gltf"));
        std::string error;
        assimp_retro::GltfCompletionReport report;
        ASSERT_TRUE(assimp_retro::ExportGltf(*scene, format, path, &error, &report)) << error;
        if (std::string(format) == "glb2") {
            EXPECT_EQ(retro_test::GlbUnreferencedBytes(path), "");
        }
        GltfFile file;
        ASSERT_TRUE(gltf_test::ReadGltfFile(path, file));
        EXPECT_EQ(file.buffer0.size(), file.json.at("buffers").at(0).at("byteLength").get<size_t>());
        size_t referenced = 0;
        for (const auto &view : file.json.at("bufferViews")) {
            referenced += view.at("byteLength").get<size_t>();
            EXPECT_EQ(view.value("byteOffset", size_t(0)) % 4, 0u);
        }
        EXPECT_GE(referenced + 3 * file.json.at("bufferViews").size(), file.buffer0.size());
        // The joints still name joints of the skin, and the weights read back.
        const auto &primitive = file.json.at("meshes").at(0).at("primitives").at(0);
        const auto &joints = file.json.at("accessors").at(primitive.at("attributes").at("JOINTS_0").get<size_t>());
        ASSERT_EQ(joints.at("componentType").get<int>(), 5123); // UNSIGNED_SHORT
        const auto &view = file.json.at("bufferViews").at(joints.at("bufferView").get<size_t>());
        const size_t jointCount = file.json.at("skins").at(0).at("joints").size();
        const size_t at = view.value("byteOffset", size_t(0)) + joints.value("byteOffset", size_t(0));
        size_t checked = 0;
        for (size_t i = 0; i < joints.at("count").get<size_t>() * 4; ++i, ++checked) {
            const unsigned joint = file.buffer0.at(at + 2 * i) | file.buffer0.at(at + 2 * i + 1) << 8;
            ASSERT_LT(joint, jointCount) << "element " << i;
        }
        EXPECT_GT(checked, 0u);
        // Four 16-bit joint indices per vertex written where four 32-bit floats
        // took room, by an Assimp that leaves the gap (patch 0010/0011 does not).
        EXPECT_EQ(report.unreferencedBytesRemoved,
                retro_test::LinkedAssimp().gltfLeavesJointGaps ? 8 * joints.at("count").get<unsigned long long>() : 0u);
        const std::vector<float> weights =
                gltf_test::AccessorFloats(file, primitive.at("attributes").at("WEIGHTS_0").get<size_t>());
        ASSERT_EQ(weights.size() % 4, 0u);
        for (size_t v = 0; v < weights.size(); v += 4) {
            ASSERT_NEAR(weights[v] + weights[v + 1] + weights[v + 2] + weights[v + 3], 1.0f, 1e-3f) << "vertex " << v / 4;
        }
        const retro_test::GltfValidation validation = retro_test::ValidateGltf(path);
        ASSERT_TRUE(validation.ran) << validation.report;
        EXPECT_EQ(validation.errors, 0) << validation.report;
        EXPECT_EQ(validation.warnings, 0) << validation.report;
    }
}
