// Zero normals in an ABC v12 file (the project's v9+ writer) are recomputed
// from the faces, with a warning (Common/NormalRepair); real KPC v12 files
// written by another tool store all-zero normals. A NaN normal is refused by
// the v9+ reader with the field and byte offset.
#include "support/LogCapture.h"
#include "support/TestSupport.h"
#include "writers/LithTechV9/AbcV9Writer.h"

#include <assimp/Importer.hpp>
#include <assimp/scene.h>

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

namespace w = abcv9_writer;

TEST(AbcV9NormalRepair, ZeroNormalsAreRecomputedWithAWarning) {
    w::Model model = w::MakeTestModel(12, 1);
    ASSERT_FALSE(model.pieces.empty());
    auto &vertices = model.pieces[0].lods[0].vertices;
    ASSERT_GE(vertices.size(), 2u);
    vertices[0].normal = w::V3{0.f, 0.f, 0.f};
    vertices[1].normal = w::V3{0.f, 0.f, 0.f};

    retro_test::LogCapture log;
    Assimp::Importer importer;
    const aiScene *scene = retro_test::ImportMemory(importer, w::Write(model), "abc");
    ASSERT_NE(scene, nullptr) << importer.GetErrorString();
    unsigned normals = 0;
    for (unsigned m = 0; m < scene->mNumMeshes; ++m) {
        const aiMesh &mesh = *scene->mMeshes[m];
        ASSERT_NE(mesh.mNormals, nullptr);
        for (unsigned v = 0; v < mesh.mNumVertices; ++v) {
            const aiVector3D &n = mesh.mNormals[v];
            ASSERT_TRUE(std::isfinite(n.x) && std::isfinite(n.y) && std::isfinite(n.z)) << m << " " << v;
            EXPECT_NEAR(n.Length(), 1.f, 1e-5f) << m << " " << v;
            ++normals;
        }
    }
    EXPECT_GT(normals, 2u);
    const auto warnings = log.Containing("zero or non-finite normals recomputed from the faces");
    ASSERT_EQ(warnings.size(), 1u);
    EXPECT_NE(warnings[0].find("ABC: "), std::string::npos) << warnings[0];
}

TEST(AbcV9NormalRepair, GoodNormalsGiveNoWarning) {
    retro_test::LogCapture log;
    Assimp::Importer importer;
    ASSERT_NE(retro_test::ImportMemory(importer, w::Write(w::MakeTestModel(12, 1)), "abc"), nullptr);
    EXPECT_TRUE(log.Containing("normals recomputed").empty());
}

TEST(AbcV9NormalRepair, NanNormalIsAClearError) {
    w::Model model = w::MakeTestModel(12, 1);
    model.pieces[0].lods[0].vertices[1].normal = w::V3{std::numeric_limits<float>::quiet_NaN(), 0.f, 0.f};
    Assimp::Importer importer;
    EXPECT_EQ(retro_test::ImportMemory(importer, w::Write(model), "abc"), nullptr);
    const std::string error = importer.GetErrorString();
    EXPECT_NE(error.find("field 'vertex normal' at byte 0x"), std::string::npos) << error;
    EXPECT_NE(error.find("value is not a finite number"), std::string::npos) << error;
}
