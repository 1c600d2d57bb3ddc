// A vertex of an ABC v6 file (the project's writer) whose normal and face
// normal are both zero gets the normal of its faces, with a warning
// (Common/NormalRepair).
#include "support/LogCapture.h"
#include "support/TestSupport.h"
#include "writers/LithTech/AbcV6Writer.h"

#include <assimp/Importer.hpp>
#include <assimp/scene.h>

#include <gtest/gtest.h>

#include <cmath>

namespace w = retro_test::abcv6;

namespace {

/// Every normal unit and on the front side of the faces that use it.
void ExpectFacingNormals(const aiScene &scene) {
    unsigned checked = 0;
    for (unsigned m = 0; m < scene.mNumMeshes; ++m) {
        const aiMesh &mesh = *scene.mMeshes[m];
        ASSERT_NE(mesh.mNormals, nullptr);
        for (unsigned f = 0; f < mesh.mNumFaces; ++f) {
            const aiFace &face = mesh.mFaces[f];
            const aiVector3D &a = mesh.mVertices[face.mIndices[0]];
            aiVector3D faceNormal = (mesh.mVertices[face.mIndices[1]] - a) ^ (mesh.mVertices[face.mIndices[2]] - a);
            faceNormal.Normalize();
            for (unsigned i = 0; i < face.mNumIndices; ++i) {
                const aiVector3D &n = mesh.mNormals[face.mIndices[i]];
                EXPECT_NEAR(n.Length(), 1.f, 1e-5f);
                EXPECT_GT(n * faceNormal, 0.99f) << "mesh " << m << " face " << f;
                ++checked;
            }
        }
    }
    EXPECT_GT(checked, 0u);
}

} // namespace

TEST(AbcV6NormalRepair, ZeroVertexAndFaceNormalsAreRecomputedWithAWarning) {
    w::File file = w::SkinnedFixture();
    for (auto &vertex : file.vertices) {
        vertex.normal = {0, 0, 0};
    }
    for (auto &triangle : file.triangles) {
        triangle.normal = {0, 0, 0};
    }
    retro_test::LogCapture log;
    Assimp::Importer importer;
    const aiScene *scene = retro_test::ImportMemory(importer, w::Write(file).bytes, "abc");
    ASSERT_NE(scene, nullptr) << importer.GetErrorString();
    ExpectFacingNormals(*scene);
    const auto warnings = log.Containing("zero or non-finite normals recomputed from the faces");
    ASSERT_FALSE(warnings.empty());
    EXPECT_NE(warnings[0].find("ABC: "), std::string::npos) << warnings[0];
}

TEST(AbcV6NormalRepair, StoredNormalsGiveNoWarning) {
    retro_test::LogCapture log;
    Assimp::Importer importer;
    ASSERT_NE(retro_test::ImportMemory(importer, w::Write(w::SkinnedFixture()).bytes, "abc"), nullptr);
    EXPECT_TRUE(log.Containing("normals recomputed").empty());
}
