// Scenes the thumbnail tests draw: a box whose faces have one colour each,
// a textured square, and what goes wrong in hostile scenes.
#pragma once

#include <assimp/material.h>
#include <assimp/scene.h>
#include <assimp/texture.h>

#include <memory>
#include <vector>

namespace preview_test {

/// A material of one diffuse colour.
inline aiMaterial *ColourMaterial(float r, float g, float b) {
    auto *material = new aiMaterial();
    const aiColor4D colour(r, g, b, 1.0f);
    material->AddProperty(&colour, 1, AI_MATKEY_COLOR_DIFFUSE);
    return material;
}

/// A square of side 2 centred on `centre`, facing `normal` (one of the six
/// axes), counter-clockwise seen from outside, with normals and UVs 0..1.
inline aiMesh *Square(const aiVector3D &centre, const aiVector3D &normal, unsigned material) {
    // Two axes across the face, chosen so that (u x v) = normal.
    aiVector3D u, v;
    if (normal.z != 0.0f) {
        u = aiVector3D(normal.z, 0, 0), v = aiVector3D(0, 1, 0);
    } else if (normal.x != 0.0f) {
        u = aiVector3D(0, 0, -normal.x), v = aiVector3D(0, 1, 0);
    } else {
        u = aiVector3D(1, 0, 0), v = aiVector3D(0, 0, -normal.y);
    }
    auto *mesh = new aiMesh();
    mesh->mPrimitiveTypes = aiPrimitiveType_TRIANGLE;
    mesh->mMaterialIndex = material;
    mesh->mNumVertices = 4;
    mesh->mVertices = new aiVector3D[4]{centre - u - v, centre + u - v, centre + u + v, centre - u + v};
    mesh->mNormals = new aiVector3D[4]{normal, normal, normal, normal};
    mesh->mTextureCoords[0] = new aiVector3D[4]{{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {0, 1, 0}};
    mesh->mNumUVComponents[0] = 2;
    mesh->mNumFaces = 2;
    mesh->mFaces = new aiFace[2];
    const unsigned corners[2][3] = {{0, 1, 2}, {0, 2, 3}};
    for (int f = 0; f < 2; ++f) {
        mesh->mFaces[f].mNumIndices = 3;
        mesh->mFaces[f].mIndices = new unsigned[3]{corners[f][0], corners[f][1], corners[f][2]};
    }
    return mesh;
}

/// Meshes and materials, one node holding every mesh below the root.
inline std::unique_ptr<aiScene> SceneOf(std::vector<aiMesh *> meshes, std::vector<aiMaterial *> materials) {
    auto scene = std::make_unique<aiScene>();
    scene->mRootNode = new aiNode("root");
    aiNode *node = new aiNode("model");
    node->mNumMeshes = unsigned(meshes.size());
    node->mMeshes = new unsigned[meshes.size()];
    for (unsigned i = 0; i < meshes.size(); ++i) {
        node->mMeshes[i] = i;
    }
    scene->mRootNode->addChildren(1, &node);
    scene->mNumMeshes = unsigned(meshes.size());
    scene->mMeshes = new aiMesh *[meshes.size()];
    std::copy(meshes.begin(), meshes.end(), scene->mMeshes);
    scene->mNumMaterials = unsigned(materials.size());
    scene->mMaterials = new aiMaterial *[materials.size()];
    std::copy(materials.begin(), materials.end(), scene->mMaterials);
    return scene;
}

/// A unit box: front (+Z) red, back (-Z) blue, the other four grey.
inline std::unique_ptr<aiScene> ColouredBox() {
    return SceneOf({Square({0, 0, 1}, {0, 0, 1}, 0), Square({0, 0, -1}, {0, 0, -1}, 1),
                           Square({1, 0, 0}, {1, 0, 0}, 2), Square({-1, 0, 0}, {-1, 0, 0}, 2),
                           Square({0, 1, 0}, {0, 1, 0}, 2), Square({0, -1, 0}, {0, -1, 0}, 2)},
            {ColourMaterial(1, 0, 0), ColourMaterial(0, 0, 1), ColourMaterial(0.6f, 0.6f, 0.6f)});
}

/// A square facing +Z showing an embedded 2 x 2 texture: red and green on
/// top, green and red below (aiTexel: BGRA).
inline std::unique_ptr<aiScene> TexturedSquare() {
    auto *material = new aiMaterial();
    const aiString path("*0");
    material->AddProperty(&path, AI_MATKEY_TEXTURE_DIFFUSE(0));
    auto scene = SceneOf({Square({0, 0, 0}, {0, 0, 1}, 0)}, {material});
    auto *texture = new aiTexture();
    texture->mWidth = 2;
    texture->mHeight = 2;
    texture->pcData = new aiTexel[4]{{0, 0, 255, 255}, {0, 255, 0, 255}, {0, 255, 0, 255}, {0, 0, 255, 255}};
    scene->mNumTextures = 1;
    scene->mTextures = new aiTexture *[1]{texture};
    return scene;
}

} // namespace preview_test
