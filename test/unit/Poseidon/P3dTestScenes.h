// assimp-retro tests: small scenes the p3d exporter's tests export.
#pragma once

#include "support/TriangleScene.h"

#include <assimp/material.h>
#include <assimp/scene.h>

#include <memory>
#include <string>
#include <vector>

namespace p3d_test {

/// A scene: root -> one child per name, each with one textured triangle mesh.
inline std::unique_ptr<aiScene> TriangleScene(const std::vector<std::string> &lodNames, const std::string &texture,
        float x = 1.f) {
    std::unique_ptr<aiScene> scene(new aiScene());
    scene->mRootNode = new aiNode("root");
    scene->mNumMaterials = 1;
    scene->mMaterials = new aiMaterial *[1];
    scene->mMaterials[0] = new aiMaterial();
    const aiString path(texture);
    if (!texture.empty()) {
        scene->mMaterials[0]->AddProperty(&path, AI_MATKEY_TEXTURE_DIFFUSE(0));
    }
    scene->mNumMeshes = static_cast<unsigned>(lodNames.size());
    scene->mMeshes = new aiMesh *[lodNames.size()];
    scene->mRootNode->mNumChildren = static_cast<unsigned>(lodNames.size());
    scene->mRootNode->mChildren = new aiNode *[lodNames.size()];
    for (unsigned i = 0; i < lodNames.size(); ++i) {
        scene->mMeshes[i] = retro_test::NewTexturedTriangle("", x);
        aiNode *node = scene->mRootNode->mChildren[i] = new aiNode(lodNames[i]);
        node->mParent = scene->mRootNode;
        node->mNumMeshes = 1;
        node->mMeshes = new unsigned[1]{i};
    }
    return scene;
}

} // namespace p3d_test
