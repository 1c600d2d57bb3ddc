#include "UnitTestPCH.h"

#include <assimp/mesh.h>
#include <assimp/scene.h>
#include <assimp/Exporter.hpp>
#include <assimp/Importer.hpp>

using namespace Assimp;

#ifndef ASSIMP_BUILD_NO_EXPORT

class utFBXExportNullRecord : public ::testing::Test {};

// A binary FBX node with children ends with a 25-byte null record. When it
// was written as an empty string, no reader (Assimp's own included) could
// read the file back.
TEST_F(utFBXExportNullRecord, binaryFbxReadsBack) {
    aiScene *scene = new aiScene();
    scene->mNumMaterials = 1;
    scene->mMaterials = new aiMaterial *[1];
    scene->mMaterials[0] = new aiMaterial();
    scene->mNumMeshes = 1;
    scene->mMeshes = new aiMesh *[1];
    aiMesh *mesh = scene->mMeshes[0] = new aiMesh();
    mesh->mPrimitiveTypes = aiPrimitiveType_TRIANGLE;
    mesh->mNumVertices = 3;
    mesh->mVertices = new aiVector3D[3]{ aiVector3D(0, 0, 0), aiVector3D(1, 0, 0), aiVector3D(0, 1, 0) };
    mesh->mNumFaces = 1;
    mesh->mFaces = new aiFace[1];
    mesh->mFaces[0].mNumIndices = 3;
    mesh->mFaces[0].mIndices = new unsigned int[3]{ 0, 1, 2 };
    scene->mRootNode = new aiNode("Root");
    scene->mRootNode->mNumChildren = 1;
    scene->mRootNode->mChildren = new aiNode *[1];
    aiNode *child = scene->mRootNode->mChildren[0] = new aiNode("Triangle");
    child->mParent = scene->mRootNode;
    child->mNumMeshes = 1;
    child->mMeshes = new unsigned int[1]{ 0 };

    Exporter exporter;
    const aiExportDataBlob *blob = exporter.ExportToBlob(scene, "fbx");
    ASSERT_NE(nullptr, blob);
    Importer importer;
    const aiScene *back = importer.ReadFileFromMemory(blob->data, blob->size, 0, "fbx");
    ASSERT_NE(nullptr, back) << importer.GetErrorString();
    EXPECT_EQ(1u, back->mNumMeshes);
    EXPECT_NE(nullptr, back->mRootNode->FindNode("Triangle"));
    delete scene;
}

#endif // ASSIMP_BUILD_NO_EXPORT
