// assimp-retro test helper: the smallest scene an exporter takes, one
// triangle mesh held by a child of the root, with one default material, for
// the tests that build it and then add what they test. Header-only: the fuzz
// targets' replay programs use it without the test support library.
#pragma once

#include <assimp/material.h>
#include <assimp/scene.h>

#include <memory>
#include <string>

namespace retro_test {

/// A mesh named `name` holding one triangle, (0, 0, 0), (x, 0, 0), (0, 1, 0):
/// counter-clockwise seen from +Z, material 0, positions only.
inline aiMesh *NewTriangle(const std::string &name, float x = 1.f) {
    aiMesh *mesh = new aiMesh();
    mesh->mName = aiString(name);
    mesh->mPrimitiveTypes = aiPrimitiveType_TRIANGLE;
    mesh->mNumVertices = 3;
    mesh->mVertices = new aiVector3D[3]{{0.f, 0.f, 0.f}, {x, 0.f, 0.f}, {0.f, 1.f, 0.f}};
    mesh->mNumFaces = 1;
    mesh->mFaces = new aiFace[1];
    mesh->mFaces[0].mNumIndices = 3;
    mesh->mFaces[0].mIndices = new unsigned[3]{0, 1, 2};
    return mesh;
}

/// NewTriangle with normals +Z and texture coordinates (2 components) in set
/// 0: (0, 0), (1, 0), (0, 1).
inline aiMesh *NewTexturedTriangle(const std::string &name, float x = 1.f) {
    aiMesh *mesh = NewTriangle(name, x);
    mesh->mNormals = new aiVector3D[3]{{0.f, 0.f, 1.f}, {0.f, 0.f, 1.f}, {0.f, 0.f, 1.f}};
    mesh->mTextureCoords[0] = new aiVector3D[3]{{0.f, 0.f, 0.f}, {1.f, 0.f, 0.f}, {0.f, 1.f, 0.f}};
    mesh->mNumUVComponents[0] = 2;
    return mesh;
}

/// A scene: a root node named `root` -> a node named `holder` holding
/// `mesh` (mesh 0, owned by the scene); one default material.
inline std::unique_ptr<aiScene> NewTriangleScene(const std::string &root, const std::string &holder, aiMesh *mesh) {
    auto scene = std::make_unique<aiScene>();
    scene->mRootNode = new aiNode(root);
    aiNode *node = new aiNode(holder);
    node->mNumMeshes = 1;
    node->mMeshes = new unsigned[1]{0};
    scene->mRootNode->addChildren(1, &node);
    scene->mNumMeshes = 1;
    scene->mMeshes = new aiMesh *[1]{mesh};
    scene->mNumMaterials = 1;
    scene->mMaterials = new aiMaterial *[1]{new aiMaterial()};
    return scene;
}

} // namespace retro_test
