// Zero and NaN normals in an ABC v12 file (the project's v9+ writer) are
// recomputed from the faces, with a warning (Common/NormalRepair); real KPC
// v12 files written by another tool store all-zero normals.
#include "support/LogCapture.h"
#include "support/TestSupport.h"
#include "writers/LithTechV9/AbcV9Writer.h"

#include <assimp/Importer.hpp>
#include <assimp/scene.h>

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

namespace w = abcv9_writer;

TEST(AbcV9NormalRepair, ZeroAndNanNormalsAreRecomputedWithAWarning) {
    w::Model model = w::MakeTestModel(12, 1);
    ASSERT_FALSE(model.pieces.empty());
    auto &vertices = model.pieces[0].lods[0].vertices;
    ASSERT_GE(vertices.size(), 2u);
    const float nan = std::numeric_limits<float>::quiet_NaN();
    vertices[0].normal = w::V3{0.f, 0.f, 0.f};
    vertices[1].normal = w::V3{nan, 0.f, nan};

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
