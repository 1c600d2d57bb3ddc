// Zero and NaN normals in ODOL and MLOD files (the project's writers) are
// recomputed from the faces, with a warning (Common/NormalRepair).
#include "support/LogCapture.h"
#include "support/TestSupport.h"
#include "writers/Poseidon/P3dWriter.h"

#include <assimp_retro/config.h>

#include <assimp/Importer.hpp>
#include <assimp/scene.h>

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

namespace wp = retro_test::p3d;
using assimp_retro::p3d::Model;

namespace {

Model GridWithBrokenNormals() {
    Model model = wp::GridModel(2);
    const float nan = std::numeric_limits<float>::quiet_NaN();
    model.lods[0].normals[0] = {0.f, 0.f, 0.f};
    model.lods[0].normals[4] = {nan, nan, nan};
    return model;
}

/// Every normal finite and unit, and on the front side of its faces (the
/// grid's stored normals lean up to 17 degrees from its faces).
void ExpectRepaired(const aiScene &scene) {
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
                ASSERT_TRUE(std::isfinite(n.x) && std::isfinite(n.y) && std::isfinite(n.z));
                EXPECT_NEAR(n.Length(), 1.f, 1e-5f);
                EXPECT_GT(n * faceNormal, 0.9f) << "mesh " << m << " face " << f;
                ++checked;
            }
        }
    }
    EXPECT_GT(checked, 0u);
}

void ImportAndCheck(const std::vector<uint8_t> &bytes) {
    retro_test::LogCapture log;
    Assimp::Importer importer;
    importer.SetPropertyInteger(AI_CONFIG_IMPORT_P3D_LODS, 0);
    const aiScene *scene = retro_test::ImportMemory(importer, bytes, "p3d");
    ASSERT_NE(scene, nullptr) << importer.GetErrorString();
    ExpectRepaired(*scene);
    // One warning per mesh with repairs (the grid's two textures: two meshes).
    const auto warnings = log.Containing("zero or non-finite normals recomputed from the faces");
    ASSERT_FALSE(warnings.empty());
    for (const std::string &warning : warnings) {
        EXPECT_NE(warning.find("P3D: "), std::string::npos) << warning;
    }
}

} // namespace

TEST(P3dNormalRepair, OdolZeroAndNanNormalsAreRecomputedWithAWarning) {
    ImportAndCheck(wp::WriteOdol(GridWithBrokenNormals()));
}

TEST(P3dNormalRepair, MlodZeroAndNanNormalsAreRecomputedWithAWarning) {
    ImportAndCheck(wp::WriteMlod(GridWithBrokenNormals()));
}

TEST(P3dNormalRepair, GoodNormalsGiveNoWarning) {
    retro_test::LogCapture log;
    Assimp::Importer importer;
    ASSERT_NE(retro_test::ImportMemory(importer, wp::WriteOdol(wp::GridModel(2)), "p3d"), nullptr);
    EXPECT_TRUE(log.Containing("normals").empty());
}
