// Zero (and NaN) normals, in every format with stored normals: they are
// recomputed from the faces, with a warning naming the format
// (Common/NormalRepair); a file whose normals are good gives no warning. Real
// KPC v12 files written by another tool store all-zero normals. One case per
// format and layout: the project's writers, with and without broken normals.
#include "support/LogCapture.h"
#include "support/TestSupport.h"
#include "writers/LithTech/AbcLt1Fixtures.h"
#include "writers/LithTech/AbcLt2Fixtures.h"
#include "writers/Poseidon/P3dWriter.h"

#include <assimp_retro/config.h>

#include <assimp/Importer.hpp>
#include <assimp/scene.h>

#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <limits>
#include <ostream>
#include <string>
#include <vector>

namespace {

struct NormalRepairCase {
    std::string name;                             ///< format and layout, for the test name
    std::string hint;                             ///< the extension ImportMemory is given
    std::function<std::vector<uint8_t>()> broken; ///< a file with zero or NaN normals
    std::function<std::vector<uint8_t>()> good;   ///< the same model with its stored normals
    std::function<void(Assimp::Importer &)> configureBroken;
    std::function<void(const aiScene &)> expectNormals; ///< the repaired normals
    std::string warningPrefix;    ///< every repair warning names the format
    bool oneWarning = false;      ///< exactly one warning (one mesh repaired)
    std::string absentWhenGood;   ///< no message holds this for the good file
};

void PrintTo(const NormalRepairCase &c, std::ostream *os) {
    *os << c.name;
}

bool Finite(const aiVector3D &n) {
    return std::isfinite(n.x) && std::isfinite(n.y) && std::isfinite(n.z);
}

/// Every vertex normal finite and unit, more than `atLeast` of them; with
/// `minCosine` > -1 also each on the front side of every face that uses it
/// (more than `minCosine` of the face normal).
void ExpectRepairedNormals(const aiScene &scene, float minCosine, unsigned atLeast) {
    unsigned normals = 0;
    unsigned corners = 0;
    for (unsigned m = 0; m < scene.mNumMeshes; ++m) {
        const aiMesh &mesh = *scene.mMeshes[m];
        ASSERT_NE(mesh.mNormals, nullptr);
        for (unsigned v = 0; v < mesh.mNumVertices; ++v) {
            const aiVector3D &n = mesh.mNormals[v];
            ASSERT_TRUE(Finite(n)) << m << " " << v;
            EXPECT_NEAR(n.Length(), 1.f, 1e-5f) << m << " " << v;
            ++normals;
        }
        for (unsigned f = 0; minCosine > -1.f && f < mesh.mNumFaces; ++f) {
            const aiFace &face = mesh.mFaces[f];
            const aiVector3D &a = mesh.mVertices[face.mIndices[0]];
            aiVector3D faceNormal = (mesh.mVertices[face.mIndices[1]] - a) ^ (mesh.mVertices[face.mIndices[2]] - a);
            faceNormal.Normalize();
            for (unsigned i = 0; i < face.mNumIndices; ++i) {
                EXPECT_GT(mesh.mNormals[face.mIndices[i]] * faceNormal, minCosine) << "mesh " << m << " face " << f;
                ++corners;
            }
        }
    }
    EXPECT_GT(normals, atLeast);
    if (minCosine > -1.f) {
        EXPECT_GT(corners, 0u);
    }
}

// ABC v6: every vertex normal and face normal zero.
NormalRepairCase AbcV6() {
    namespace w = retro_test::abcv6;
    NormalRepairCase c;
    c.name = "AbcV6";
    c.hint = "abc";
    c.broken = [] {
        w::File file = w::SkinnedFixture();
        for (auto &vertex : file.vertices) {
            vertex.normal = {0, 0, 0};
        }
        for (auto &triangle : file.triangles) {
            triangle.normal = {0, 0, 0};
        }
        return w::Write(file).bytes;
    };
    c.good = [] { return w::Write(w::SkinnedFixture()).bytes; };
    c.expectNormals = [](const aiScene &scene) { ExpectRepairedNormals(scene, 0.99f, 0); };
    c.warningPrefix = "ABC: ";
    c.absentWhenGood = "normals recomputed";
    return c;
}

// ABC v12 (the v9+ writer): two vertex normals zero.
NormalRepairCase AbcV12() {
    namespace w = abcv9_writer;
    NormalRepairCase c;
    c.name = "AbcV12";
    c.hint = "abc";
    c.broken = [] {
        w::Model model = w::MakeTestModel(12, 1);
        EXPECT_FALSE(model.pieces.empty());
        auto &vertices = model.pieces.at(0).lods.at(0).vertices;
        EXPECT_GE(vertices.size(), 2u);
        vertices.at(0).normal = w::V3{0.f, 0.f, 0.f};
        vertices.at(1).normal = w::V3{0.f, 0.f, 0.f};
        return w::Write(model);
    };
    c.good = [] { return w::Write(w::MakeTestModel(12, 1)); };
    c.expectNormals = [](const aiScene &scene) { ExpectRepairedNormals(scene, -1.f, 2); };
    c.warningPrefix = "ABC: ";
    c.oneWarning = true;
    c.absentWhenGood = "normals recomputed";
    return c;
}

// P3D: the grid with one zero and one NaN normal, as ODOL or MLOD. The grid's
// stored normals lean up to 17 degrees from its faces.
NormalRepairCase P3d(bool odol) {
    namespace wp = retro_test::p3d;
    NormalRepairCase c;
    c.name = odol ? "P3dOdol" : "P3dMlod";
    c.hint = "p3d";
    c.broken = [odol] {
        assimp_retro::p3d::Model model = wp::GridModel(2);
        const float nan = std::numeric_limits<float>::quiet_NaN();
        model.lods[0].normals[0] = {0.f, 0.f, 0.f};
        model.lods[0].normals[4] = {nan, nan, nan};
        return odol ? wp::WriteOdol(model) : wp::WriteMlod(model);
    };
    c.good = [odol] { return odol ? wp::WriteOdol(wp::GridModel(2)) : wp::WriteMlod(wp::GridModel(2)); };
    c.configureBroken = [](Assimp::Importer &importer) {
        importer.SetPropertyInteger(AI_CONFIG_IMPORT_P3D_LODS, 0);
    };
    c.expectNormals = [](const aiScene &scene) { ExpectRepairedNormals(scene, 0.9f, 0); };
    c.warningPrefix = "P3D: "; // one warning per mesh with repairs (the grid's two textures: two meshes)
    c.absentWhenGood = "normals";
    return c;
}

class NormalRepair : public testing::TestWithParam<NormalRepairCase> {};

} // namespace

TEST_P(NormalRepair, BrokenNormalsAreRecomputedWithAWarning) {
    const NormalRepairCase &c = GetParam();
    const std::vector<uint8_t> bytes = c.broken();
    retro_test::LogCapture log;
    Assimp::Importer importer;
    if (c.configureBroken) {
        c.configureBroken(importer);
    }
    const aiScene *scene = retro_test::ImportMemory(importer, bytes, c.hint);
    ASSERT_NE(scene, nullptr) << importer.GetErrorString();
    c.expectNormals(*scene);
    const auto warnings = log.Containing("zero or non-finite normals recomputed from the faces");
    ASSERT_FALSE(warnings.empty());
    if (c.oneWarning) {
        ASSERT_EQ(warnings.size(), 1u);
    }
    for (const std::string &warning : warnings) {
        EXPECT_NE(warning.find(c.warningPrefix), std::string::npos) << warning;
    }
}

TEST_P(NormalRepair, StoredNormalsGiveNoWarning) {
    const NormalRepairCase &c = GetParam();
    const std::vector<uint8_t> bytes = c.good();
    retro_test::LogCapture log;
    Assimp::Importer importer;
    ASSERT_NE(retro_test::ImportMemory(importer, bytes, c.hint), nullptr) << importer.GetErrorString();
    EXPECT_TRUE(log.Containing(c.absentWhenGood).empty()) << log.Text();
}

INSTANTIATE_TEST_SUITE_P(EveryFormat, NormalRepair,
        testing::Values(AbcV6(), AbcV12(), P3d(true), P3d(false)),
        [](const testing::TestParamInfo<NormalRepairCase> &info) { return info.param.name; });

// Not a repair: the v9+ reader refuses a NaN normal with the field and byte
// offset (v6 and P3D files repair it, above).
TEST(NormalRepairAbcV12, NanNormalIsAClearError) {
    namespace w = abcv9_writer;
    w::Model model = w::MakeTestModel(12, 1);
    model.pieces[0].lods[0].vertices[1].normal = w::V3{std::numeric_limits<float>::quiet_NaN(), 0.f, 0.f};
    Assimp::Importer importer;
    EXPECT_EQ(retro_test::ImportMemory(importer, w::Write(model), "abc"), nullptr);
    const std::string error = importer.GetErrorString();
    EXPECT_NE(error.find("field 'vertex normal' at byte 0x"), std::string::npos) << error;
    EXPECT_NE(error.find("value is not a finite number"), std::string::npos) << error;
}
