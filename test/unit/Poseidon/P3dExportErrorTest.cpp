// The p3d exporter refuses what cannot be a valid MLOD, with a message that
// says what and where, and leaves no file behind; other formats' scenes
// (named LOD nodes, node names, bones, empty nodes) become LODs, selections
// and points.
#include "P3dTestScenes.h"
#include "AssetLib/Poseidon/P3dMetadataKeys.h"
#include "support/TestSupport.h"

#include <assimp_retro/assimp_retro.h>
#include <assimp_retro/config.h>

#include <assimp/Exporter.hpp>
#include <assimp/Importer.hpp>
#include <assimp/material.h>
#include <assimp/scene.h>

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <limits>
#include <memory>

namespace {

namespace keys = assimp_retro::p3d::keys;

using p3d_test::TriangleScene;

struct ExportResult {
    bool ok = false;
    std::string error;
    std::string path;
};

ExportResult Export(const aiScene *scene, const std::string &name, const Assimp::ExportProperties *properties = nullptr) {
    Assimp::Exporter exporter;
    assimp_retro::RegisterExporters(exporter);
    ExportResult result;
    result.path = retro_test::OutputPath("P3dExportError/" + name + ".p3d");
    std::filesystem::remove(result.path);
    result.ok = exporter.Export(scene, "p3d", result.path, 0u, properties) == AI_SUCCESS;
    result.error = exporter.GetErrorString();
    return result;
}

const aiScene *ImportP3d(Assimp::Importer &importer, const std::string &path) {
    importer.SetPropertyInteger(AI_CONFIG_IMPORT_P3D_LODS, 2);
    importer.SetPropertyBool(AI_CONFIG_IMPORT_RETRO_TEXTURES, false);
    return retro_test::Import(importer, path);
}

} // namespace

TEST(P3dExportErrors, TooLongTexturePathIsRefusedAndNoFileIsLeft) {
    const auto scene = TriangleScene({"LOD 1.000"}, "data\\a_texture_path_far_too_long_for_sp3x.paa");
    const ExportResult result = Export(scene.get(), "long_texture");
    EXPECT_FALSE(result.ok);
    EXPECT_EQ(result.error, "P3D export: LOD 0: face 0 texture path 'data\\a_texture_path_far_too_long_for_sp3x.paa' "
                            "has 45 characters; MLOD holds 31");
    EXPECT_FALSE(std::filesystem::exists(result.path));
}

TEST(P3dExportErrors, NonFinitePositionIsRefused) {
    const auto scene = TriangleScene({"LOD 1.000"}, "", std::numeric_limits<float>::quiet_NaN());
    const ExportResult result = Export(scene.get(), "nan");
    EXPECT_FALSE(result.ok);
    EXPECT_EQ(result.error, "P3D export: LOD 0: a point has a non-finite position");
    EXPECT_FALSE(std::filesystem::exists(result.path));
}

// Real game files have LODs that share a resolution (the C-130's three at
// 40.263): both are written, in their order, and read back at that resolution.
TEST(P3dExportErrors, TwoLodsOfOneResolutionAreBothWritten) {
    const auto scene = TriangleScene({"LOD 1", "lod 1.000"}, "");
    const ExportResult result = Export(scene.get(), "same_lod");
    ASSERT_TRUE(result.ok) << result.error;
    Assimp::Importer importer;
    const aiScene *back = ImportP3d(importer, result.path);
    ASSERT_NE(back, nullptr) << importer.GetErrorString();
    ASSERT_EQ(back->mRootNode->mNumChildren, 2u);
    for (unsigned i = 0; i < 2; ++i) {
        float resolution = 0.f;
        ASSERT_TRUE(assimp_retro::Get(back->mRootNode->mChildren[i]->mMetaData, keys::kResolution, resolution));
        EXPECT_EQ(resolution, 1.f);
    }
}

TEST(P3dExportErrors, TooManyVerticesInOneLodAreRefused) {
    // 65537 separate triangles' corners: more than ODOL's 16-bit indices reach.
    std::unique_ptr<aiScene> scene = TriangleScene({"LOD 1.000"}, "");
    aiMesh *mesh = scene->mMeshes[0];
    const unsigned triangles = 65537 / 3 + 1;
    delete[] mesh->mVertices;
    delete[] mesh->mNormals;
    delete[] mesh->mTextureCoords[0];
    delete[] mesh->mFaces;
    mesh->mNumVertices = 3 * triangles;
    mesh->mVertices = new aiVector3D[mesh->mNumVertices];
    mesh->mNormals = new aiVector3D[mesh->mNumVertices];
    mesh->mTextureCoords[0] = new aiVector3D[mesh->mNumVertices];
    mesh->mNumFaces = triangles;
    mesh->mFaces = new aiFace[triangles];
    for (unsigned t = 0; t < triangles; ++t) {
        for (unsigned k = 0; k < 3; ++k) {
            mesh->mVertices[3 * t + k] = aiVector3D(float(t), float(k), 0.f);
            mesh->mNormals[3 * t + k] = aiVector3D(0.f, 0.f, 1.f);
        }
        mesh->mFaces[t].mNumIndices = 3;
        mesh->mFaces[t].mIndices = new unsigned[3]{3 * t, 3 * t + 1, 3 * t + 2};
    }
    const ExportResult result = Export(scene.get(), "too_many");
    EXPECT_FALSE(result.ok);
    EXPECT_EQ(result.error, "P3D export: LOD 0: 65538 points exceed the 65536 a LOD may hold");
    EXPECT_FALSE(std::filesystem::exists(result.path));
}

// Another format's scene: LODs from node names, a texture path from the
// texture root and the image's name, the mass property on the Geometry LOD,
// named child nodes as selections, an empty node as a memory point.
TEST(P3dExportErrors, OtherFormatsSceneBecomesLodsSelectionsAndPoints) {
    std::unique_ptr<aiScene> scene = TriangleScene({"LOD 1.000", "Geometry", "Memory"}, "textures/Hull.png");
    // A wheel node with the LOD's mesh under "LOD 1.000"; an empty point under "Memory".
    aiNode *lod = scene->mRootNode->mChildren[0];
    aiNode *wheel = new aiNode("kolo");
    wheel->mParent = lod;
    wheel->mNumMeshes = 1;
    wheel->mMeshes = new unsigned[1]{0};
    lod->mNumMeshes = 0;
    lod->mNumChildren = 1;
    lod->mChildren = new aiNode *[1]{wheel};
    aiNode *memory = scene->mRootNode->mChildren[2];
    aiNode *muzzle = new aiNode("usti hlavne");
    muzzle->mParent = memory;
    muzzle->mTransformation.a4 = 0.5f;
    muzzle->mTransformation.c4 = 3.f; // glTF front (+Z): OFP's -Z
    memory->mNumMeshes = 0;
    memory->mNumChildren = 1;
    memory->mChildren = new aiNode *[1]{muzzle};
    Assimp::ExportProperties properties;
    properties.SetPropertyString(AI_CONFIG_EXPORT_P3D_TEXTURE_ROOT, "myaddon/data/");
    properties.SetPropertyFloat(AI_CONFIG_EXPORT_P3D_MASS, 1200.f);
    const ExportResult result = Export(scene.get(), "other_format", &properties);
    ASSERT_TRUE(result.ok) << result.error;

    Assimp::Importer importer;
    const aiScene *back = ImportP3d(importer, result.path);
    ASSERT_NE(back, nullptr) << importer.GetErrorString();
    ASSERT_EQ(back->mRootNode->mNumChildren, 3u);
    const aiNode *lod1 = back->mRootNode->mChildren[0];
    EXPECT_STREQ(lod1->mName.C_Str(), "LOD 1.000");
    ASSERT_EQ(lod1->mNumMeshes, 1u);
    const aiMesh *mesh = back->mMeshes[lod1->mMeshes[0]];
    aiString texture;
    ASSERT_EQ(back->mMaterials[mesh->mMaterialIndex]->Get(AI_MATKEY_TEXTURE_DIFFUSE(0), texture), AI_SUCCESS);
    EXPECT_STREQ(texture.C_Str(), "myaddon\\data\\Hull.paa");
    // The triangle comes back where it was, counter-clockwise, with its UVs.
    ASSERT_EQ(mesh->mNumFaces, 1u);
    const aiFace &face = mesh->mFaces[0];
    const aiVector3D a = mesh->mVertices[face.mIndices[0]], b = mesh->mVertices[face.mIndices[1]],
                     c = mesh->mVertices[face.mIndices[2]];
    EXPECT_GT(((b - a) ^ (c - a)).z, 0.f); // faces +Z as before
    for (unsigned k = 0; k < 3; ++k) {
        const aiVector3D p = mesh->mVertices[face.mIndices[k]];
        const aiVector3D uv = mesh->mTextureCoords[0][face.mIndices[k]];
        EXPECT_NEAR(uv.x, p.x, 1e-6f);
        EXPECT_NEAR(uv.y, p.y, 1e-6f);
        EXPECT_NEAR(mesh->mNormals[face.mIndices[k]].z, 1.f, 1e-6f);
    }
    aiString summary;
    ASSERT_TRUE(lod1->mMetaData->Get("selection:kolo", summary));
    EXPECT_STREQ(summary.C_Str(), "3 vertices, 1 faces");
    float mass = 0.f;
    ASSERT_TRUE(assimp_retro::Get(back->mRootNode->mMetaData, keys::kMass, mass));
    EXPECT_NEAR(mass, 1200.f, 1e-3f);
    const aiNode *point = back->mRootNode->mChildren[2]->FindNode("usti hlavne");
    ASSERT_NE(point, nullptr);
    EXPECT_NEAR(point->mTransformation.a4, 0.5f, 1e-6f);
    EXPECT_NEAR(point->mTransformation.c4, 3.f, 1e-6f);
}

// Bones of a skinned mesh become weighted selections.
TEST(P3dExportErrors, BonesBecomeWeightedSelections) {
    std::unique_ptr<aiScene> scene = TriangleScene({"LOD 1.000"}, "data\\x.paa");
    aiMesh *mesh = scene->mMeshes[0];
    mesh->mNumBones = 1;
    mesh->mBones = new aiBone *[1];
    aiBone *bone = mesh->mBones[0] = new aiBone();
    bone->mName = aiString("turret");
    bone->mNumWeights = 2;
    bone->mWeights = new aiVertexWeight[2]{{0, 1.f}, {1, 0.5f}};
    const ExportResult result = Export(scene.get(), "bones");
    ASSERT_TRUE(result.ok) << result.error;
    Assimp::Importer importer;
    const aiScene *back = ImportP3d(importer, result.path);
    ASSERT_NE(back, nullptr) << importer.GetErrorString();
    const aiNode *lod = back->mRootNode->mChildren[0];
    aiString weights;
    ASSERT_TRUE(lod->mMetaData->Get("p3d:selection:turret:weights", weights));
    EXPECT_STREQ(weights.C_Str(), "255 128"); // full, then 0.5 as 128/255
}

// Selection lists on a mesh node of another format's scene (the Blender
// add-on writes a mesh's vertex groups so), counted from that node's first
// vertex and triangle: the second LOD's list names its own second and third
// corners, with their weights, and its triangle.
TEST(P3dExportErrors, SelectionListsOnMeshNodesBecomeSelections) {
    std::unique_ptr<aiScene> scene = TriangleScene({"LOD 1.000", "LOD 2.000"}, "data\\x.paa");
    aiNode *second = scene->mRootNode->mChildren[1];
    second->mMetaData = aiMetadata::Alloc(3);
    second->mMetaData->Set(0, "p3d:selection:decal:vertices", aiString("1-2"));
    second->mMetaData->Set(1, "p3d:selection:decal:weights", aiString("128 255"));
    second->mMetaData->Set(2, "p3d:selection:decal:triangles", aiString("0"));
    const ExportResult result = Export(scene.get(), "mesh_node_selection");
    ASSERT_TRUE(result.ok) << result.error;
    Assimp::Importer importer;
    const aiScene *back = ImportP3d(importer, result.path);
    ASSERT_NE(back, nullptr) << importer.GetErrorString();
    ASSERT_EQ(back->mRootNode->mNumChildren, 2u);
    aiString text;
    EXPECT_FALSE(back->mRootNode->mChildren[0]->mMetaData->Get("p3d:selection:decal:vertices", text));
    const aiMetadata *lod = back->mRootNode->mChildren[1]->mMetaData;
    ASSERT_TRUE(lod->Get("selection:decal", text));
    EXPECT_STREQ(text.C_Str(), "2 vertices, 1 faces");
    ASSERT_TRUE(lod->Get("p3d:selection:decal:weights", text));
    EXPECT_STREQ(text.C_Str(), "128 255");
}
