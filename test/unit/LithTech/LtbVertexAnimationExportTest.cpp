// An LTB's vertex-animated piece exported to ABC v12, which has no vertex
// animation (docs/formats/ABC.md 4.3): every LOD's morph targets are left out
// with a warning naming the mesh, LOD 0's and, with every LOD imported
// (AI_CONFIG_IMPORT_ABC_ALL_LODS), each LOD's own `<piece>_LOD<n>` mesh; the
// LODs' geometry is written in its stored shape. Through the library (its
// log) and the built tool (`-l`).
#include "LtbTestHelpers.h"
#include "support/ExportSupport.h"
#include "support/LogCapture.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace {

using ltb_test::FindMesh;
using retro_test::ltb_writer::MultiLodVertexAnimationModel;
using retro_test::ltb_writer::WriteLtb;

/// MultiLodVertexAnimationModel's "body" gets five targets on each LOD
/// ("wave"'s three, "flap"'s two; LtbVertexAnimationTest).
const char *const kLod0Warning =
        "ABC v12 export: mesh 'body': 5 morph targets and their animation left out (ABC v12 has no vertex animation";
const char *const kLod1Warning = "ABC v12 export: mesh 'body_LOD1' (LOD 1): 5 morph targets and their animation left "
                                 "out (ABC v12 has no vertex animation; the LOD is written in its stored shape)";

/// Every LOD, in file units (the export keeps the source's unit, 1 cm for
/// LTB, where ABC v12's default is 1.7 cm), not turned.
const aiScene *ImportAllLods(Assimp::Importer &importer, const std::vector<uint8_t> &bytes, const std::string &hint) {
    importer.SetPropertyBool(AI_CONFIG_IMPORT_ABC_ALL_LODS, true);
    importer.SetPropertyBool(AI_CONFIG_IMPORT_RETRO_UNITS_TO_METRES, false);
    importer.SetPropertyBool(AI_CONFIG_IMPORT_LTB_FACE_FRONT, false);
    return retro_test::ImportMemory(importer, bytes, hint);
}

TEST(LtbVertexAnimationAbcV12, EveryLodsMorphTargetsAreLeftOutWithAWarningNamingTheMesh) {
    Assimp::Importer importer;
    const aiScene *scene = ImportAllLods(importer, WriteLtb(MultiLodVertexAnimationModel()), "ltb");
    ASSERT_NE(scene, nullptr) << importer.GetErrorString();
    ASSERT_NE(FindMesh(*scene, "body_LOD1"), nullptr);
    ASSERT_EQ(FindMesh(*scene, "body_LOD1")->mNumAnimMeshes, 5u);

    std::vector<uint8_t> abc;
    std::string error;
    std::vector<std::string> morphWarnings;
    {
        retro_test::LogCapture log;
        abc = retro_test::ExportToMemory(*scene, "abc12", &error);
        morphWarnings = log.Containing("morph targets");
        EXPECT_TRUE(log.Contains(kLod0Warning)) << log.Text();
        EXPECT_TRUE(log.Contains(kLod1Warning)) << log.Text();
    }
    ASSERT_FALSE(abc.empty()) << error;
    EXPECT_EQ(morphWarnings.size(), 2u); // the rigid piece "base" has none

    // What the file keeps: each LOD of "body" in its stored shape.
    Assimp::Importer again;
    const aiScene *back = ImportAllLods(again, abc, "abc");
    ASSERT_NE(back, nullptr) << again.GetErrorString();
    for (const char *name : {"body", "body_LOD1"}) {
        const aiMesh *before = FindMesh(*scene, name);
        const aiMesh *after = FindMesh(*back, name);
        ASSERT_NE(after, nullptr) << name;
        EXPECT_EQ(after->mNumAnimMeshes, 0u) << name;
        ASSERT_EQ(after->mNumVertices, before->mNumVertices) << name;
        for (unsigned v = 0; v < after->mNumVertices; ++v) {
            EXPECT_NEAR((after->mVertices[v] - before->mVertices[v]).Length(), 0.f, 1e-4f) << name << " vertex " << v;
        }
    }
}

TEST(LtbVertexAnimationAbcV12, TheToolShowsTheLodWarning) {
    const std::string ltb = retro_test::OutputPath("LtbVertexAnimationAbcV12/va_lods.ltb");
    retro_test::WriteFile(ltb, WriteLtb(MultiLodVertexAnimationModel()));
    std::string output;
    ASSERT_EQ(retro_test::RunToolExport(ltb, retro_test::OutputPath("LtbVertexAnimationAbcV12/va_lods.abc"),
                      "-f abc12 -l --set IMPORT_ABC_ALL_LODS=1", &output),
            0)
            << output;
    EXPECT_NE(output.find(kLod1Warning), std::string::npos) << output;
    EXPECT_NE(output.find(kLod0Warning), std::string::npos) << output;
}

} // namespace
