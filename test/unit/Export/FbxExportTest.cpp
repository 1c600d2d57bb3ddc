// ExportFbx / CompleteFbx: real models (ABC v6, ABC v12, ODOL, MLOD) written
// as binary FBX, then read back by Debian's Assimp 5.2.5 FBX importer (which
// refuses Assimp 5.2.5's own FBX without the null records).
#include "Export/FbxRecords.h"
#include "support/AssimpLeaks.h"
#include "support/LinkedAssimp.h"
#include "support/TestSupport.h"

#include <assimp_retro/config.h>
#include <assimp_retro/fbx_export.h>

#include <assimp/Importer.hpp>
#include <assimp/metadata.h>
#include <assimp/postprocess.h>
#include <assimp/scene.h>

#include <gtest/gtest.h>

#include <cctype>
#include <cstring>

namespace {

struct Counts {
    unsigned meshes = 0;
    unsigned vertices = 0;
    unsigned faces = 0;
    unsigned bones = 0;
};

Counts CountScene(const aiScene &scene) {
    Counts counts;
    counts.meshes = scene.mNumMeshes;
    for (unsigned m = 0; m < scene.mNumMeshes; ++m) {
        counts.vertices += scene.mMeshes[m]->mNumVertices;
        counts.faces += scene.mMeshes[m]->mNumFaces;
        counts.bones += scene.mMeshes[m]->mNumBones;
    }
    return counts;
}

struct RealModel {
    const char *path;
    double unitScaleFactor; ///< centimetres per unit of the numbers in the FBX
    unsigned morphTargets;  ///< aiAnimMeshes written (all of the scene's)
    unsigned weightCurves;  ///< DeformPercent curves (targets x animations with a morph channel)
    unsigned animationsBack; ///< read back by Assimp's FBX importer (all: its dropping of rest-pose channels is off)
};

unsigned AnimMeshes(const aiScene &scene) {
    unsigned count = 0;
    for (unsigned m = 0; m < scene.mNumMeshes; ++m) {
        count += scene.mMeshes[m]->mNumAnimMeshes;
    }
    return count;
}

/// Every animation read back has the scene's animation of that name: node
/// channels (those of nodes some animation moves), one morph channel per mesh
/// it drives, and its length in seconds.
void ExpectSameAnimations(const aiScene &scene, const aiScene &back) {
    for (unsigned b = 0; b < back.mNumAnimations; ++b) {
        const aiAnimation &read = *back.mAnimations[b];
        const aiAnimation *source = nullptr;
        for (unsigned a = 0; a < scene.mNumAnimations; ++a) {
            if (scene.mAnimations[a]->mName == read.mName) {
                source = scene.mAnimations[a];
            }
        }
        ASSERT_NE(source, nullptr) << read.mName.C_Str();
        // A node no animation moves has no curves (FbxNodeAnimations.h).
        EXPECT_LE(read.mNumChannels, source->mNumChannels) << read.mName.C_Str();
        EXPECT_EQ(read.mNumChannels > 0, source->mNumChannels > 0) << read.mName.C_Str();
        EXPECT_EQ(read.mNumMorphMeshChannels, source->mNumMorphMeshChannels) << read.mName.C_Str();
        EXPECT_NEAR(read.mDuration / read.mTicksPerSecond, source->mDuration / source->mTicksPerSecond, 1e-3)
                << read.mName.C_Str();
    }
}

/// The top-level record `name` of a binary FBX ends with a null record.
bool TopRecordHasNullRecord(const std::string &path, const std::string &name) {
    const std::vector<uint8_t> data = retro_test::ReadFile(path);
    const std::vector<char> bytes(data.begin(), data.end());
    const assimp_retro::fbx::RecordReader reader(bytes, true);
    for (size_t at = 27; at < bytes.size() && !reader.IsNullRecord(at);) {
        const assimp_retro::fbx::Record top = reader.Read(at, bytes.size(), 0);
        at = static_cast<size_t>(reader.Field(at));
        if (top.name == name) {
            return top.hadNullRecord;
        }
    }
    return false;
}

class FbxRealModel : public ::testing::TestWithParam<RealModel> {};

TEST_P(FbxRealModel, OpensInAssimpsFbxImporterWithTheSameCounts) {
    const std::string input = retro_test::CorpusPath(GetParam().path);
    ASSERT_FALSE(input.empty());
    Assimp::Importer importer;
    importer.SetPropertyBool(AI_CONFIG_IMPORT_RETRO_UNITS_TO_METRES, true); // the default (tests' helper turns it off)
    // Assimp's FBX importer gives every face corner its own vertex: compare
    // both sides with identical vertices joined.
    const aiScene *scene = retro_test::Import(importer, input, aiProcess_JoinIdenticalVertices);
    ASSERT_NE(scene, nullptr) << importer.GetErrorString();
    const Counts expected = CountScene(*scene);

    std::string name = GetParam().path;
    name = name.substr(name.find_last_of('/') + 1);
    const std::string output = retro_test::OutputPath("Export/fbx/" + name + ".fbx");
    assimp_retro::FbxCompletionReport report;
    std::string error;
    ASSERT_TRUE(assimp_retro::ExportFbx(*scene, "fbx", output, &error, &report)) << error;
    EXPECT_TRUE(report.exported);
    // The null records Assimp 5.2.5 leaves out are added; a patched Assimp
    // (port/) writes them itself, and then none may be added. Either way the
    // file must open below, with the same counts.
    if (retro_test::LinkedAssimp().fbxLacksNullRecords) {
        EXPECT_TRUE(report.fileChanged);
        EXPECT_GT(report.nullRecordsAdded, 10u);
    } else {
        EXPECT_EQ(report.nullRecordsAdded, 0u);
    }
    // The empty References ends with a null record, as the patched writer
    // (Assimp main's rule) has it: the same file with either library.
    EXPECT_TRUE(TopRecordHasNullRecord(output, "References"));
    // Scenes are imported in metres (UnitScaleFactor 100).
    EXPECT_DOUBLE_EQ(assimp_retro::FbxUnitScaleFactor(*scene), 100.0);
    // Assimp 5.2.5's exporter writes the scene's "UnitScaleFactor" itself when
    // it gets the scene metadata; CompleteFbx sets it otherwise.
    if (report.unitScaleFactor != 0) {
        EXPECT_NEAR(report.unitScaleFactor, GetParam().unitScaleFactor, 1e-9);
    }

    Assimp::Importer reader; // Assimp's own importers only
    // Keep one-key channels that hold the rest pose (Assimp drops them by
    // default: "dropping redundant animation channel"), so every channel counts.
    reader.SetPropertyBool(AI_CONFIG_IMPORT_FBX_OPTIMIZE_EMPTY_ANIMATION_CURVES, false);
    const aiScene *back = nullptr;
    {
        retro_test::AssimpLeaks ignored; // Assimp 5.2.5 loses its morph animation data
        back = reader.ReadFile(output, aiProcess_JoinIdenticalVertices);
    }
    ASSERT_NE(back, nullptr) << reader.GetErrorString();
    const Counts actual = CountScene(*back);
    EXPECT_EQ(actual.meshes, expected.meshes);
    EXPECT_EQ(actual.vertices, expected.vertices);
    EXPECT_EQ(actual.faces, expected.faces);
    EXPECT_EQ(actual.bones, expected.bones);
    EXPECT_EQ(report.morphTargetsWritten, GetParam().morphTargets);
    EXPECT_EQ(AnimMeshes(*scene), GetParam().morphTargets);
    EXPECT_EQ(AnimMeshes(*back), GetParam().morphTargets);
    EXPECT_EQ(report.morphWeightCurves, GetParam().weightCurves);
    EXPECT_EQ(report.morphTargetsLeftOut, 0u);
    EXPECT_EQ(back->mNumAnimations, GetParam().animationsBack);
    ExpectSameAnimations(*scene, *back);
    // Assimp's FBX importer keeps GlobalSettings' UnitScaleFactor as metadata (a float).
    ASSERT_NE(back->mMetaData, nullptr);
    EXPECT_NEAR(assimp_retro::FbxUnitScaleFactor(*back), GetParam().unitScaleFactor, 1e-6);

    // A completed file is complete: a second pass changes nothing.
    assimp_retro::FbxCompletionReport again;
    ASSERT_TRUE(assimp_retro::CompleteFbx(output, GetParam().unitScaleFactor, &error, &again))
            << error;
    EXPECT_FALSE(again.fileChanged);
    EXPECT_EQ(again.nullRecordsAdded, 0u);
}

INSTANTIATE_TEST_SUITE_P(Corpus, FbxRealModel,
        ::testing::Values(RealModel{"abc/CREATURES__ACIDBALL.ABC", 100.0, 0, 0, 1}, // one rest-pose key
                RealModel{"abc/DECOS__FLAG.ABC", 100.0, 9, 9, 1},
                RealModel{"abc/TEST__ORB_PV.ABC", 100.0, 71, 4 * 71, 4},
                RealModel{"abc-v12/CREATURES__TIBERIUS_v12.abc", 100.0, 0, 0, 12},
                RealModel{"p3d/tzk210_mcar_hmmwv_xj200.p3d", 100.0, 0, 0, 0},
                RealModel{"p3d/cwr_complex_vehicle_mlod.p3d", 100.0, 0, 0, 0},
                RealModel{"p3d/cwr_animated_morph_odol.p3d", 100.0, 3, 3, 1},
                RealModel{"abc/CREATURES__ARACHNICLOWN.ABC", 100.0, 0, 0, 9},
                RealModel{"abc/CREATURES__BATWING.ABC", 100.0, 4, 8, 2},
                RealModel{"abc/CREATURES__STARGRAVE.ABC", 100.0, 0, 0, 12},
                RealModel{"abc/CREATURES__TIBERIUS.ABC", 100.0, 0, 0, 12},
                RealModel{"abc/DECOS__BEERCAN.ABC", 100.0, 0, 0, 1},
                RealModel{"abc-v12/CREATURES__ACIDBALL_v12.abc", 100.0, 0, 0, 1},
                RealModel{"p3d/tzk210_Tomahawk_gdtcti_xj200.p3d", 100.0, 0, 0, 0},
                RealModel{"p3d/tzk212_TZK_Target_New0.p3d", 100.0, 0, 0, 0}),
        [](const ::testing::TestParamInfo<RealModel> &info) { // stable names for ctest
            std::string name = info.param.path;
            for (char &c : name) {
                if (!std::isalnum(static_cast<unsigned char>(c))) {
                    c = '_';
                }
            }
            return name;
        });

TEST(FbxCompletion, RefusesTruncatedFileWithOffset) {
    Assimp::Importer importer;
    const aiScene *scene = retro_test::Import(importer, retro_test::CorpusPath("abc/DECOS__BEERCAN.ABC"));
    ASSERT_NE(scene, nullptr) << importer.GetErrorString();
    const std::string output = retro_test::OutputPath("Export/fbx/truncated.fbx");
    std::string error;
    ASSERT_TRUE(assimp_retro::ExportFbx(*scene, "fbx", output, &error)) << error;
    std::vector<uint8_t> bytes = retro_test::ReadFile(output);
    ASSERT_GT(bytes.size(), 400u);
    bytes.resize(300);
    retro_test::WriteFile(output, bytes);
    EXPECT_FALSE(assimp_retro::CompleteFbx(output, 100.0, &error));
    EXPECT_NE(error.find("FBX: "), std::string::npos) << error;
    EXPECT_NE(error.find("at byte offset "), std::string::npos) << error;
}

TEST(FbxCompletion, RefusesNonFbxAndWrongFormatIds) {
    const std::string output = retro_test::OutputPath("Export/fbx/not.fbx");
    retro_test::WriteFile(output, std::vector<uint8_t>(100, 'x'));
    std::string error;
    EXPECT_FALSE(assimp_retro::CompleteFbx(output, 100.0, &error));
    EXPECT_EQ(error, "'" + output + "' is not a binary FBX file");
    aiScene scene;
    EXPECT_FALSE(assimp_retro::ExportFbx(scene, "glb2", output, &error));
    EXPECT_EQ(error, "ExportFbx: format id must be \"fbx\" or \"fbxa\", not \"glb2\"");
}

TEST(FbxCompletion, UnitScaleFactorComesFromSceneMetadata) {
    aiScene scene;
    EXPECT_DOUBLE_EQ(assimp_retro::FbxUnitScaleFactor(scene), 100.0);
    scene.mMetaData = aiMetadata::Alloc(1);
    scene.mMetaData->Set(0, "UnitScaleFactor", 2.54);
    EXPECT_DOUBLE_EQ(assimp_retro::FbxUnitScaleFactor(scene), 2.54);
    scene.mMetaData->Set(0, "UnitScaleFactor", -1.0);
    EXPECT_DOUBLE_EQ(assimp_retro::FbxUnitScaleFactor(scene), 100.0);
}

} // namespace
