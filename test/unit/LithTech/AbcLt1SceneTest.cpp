// The v6 scene, built from writer-made files, against values worked out by
// hand (see the fixtures in test/writers/LithTech/AbcLt1Fixtures.cpp):
//
// SkinnedFixture in LithTech space: Root turns 180 deg about Y, Body sits at
// (0,10,0) under it, Arm at (5,0,0) under Body turned 90 deg about Z. So a
// Body vertex p lands at (-px, py+10, -pz) and an Arm vertex at
// (py-5, px+10, -pz); mirroring X gives the scene's (px, py+10, -pz) and
// (5-py, px+10, -pz).
#include "AbcTestHelpers.h"

#include "AssetLib/LithTech/AbcLt1Reader.h"
#include "AssetLib/LithTech/AbcLt1SceneBuilder.h"
#include "writers/LithTech/AbcLt1Fixtures.h"
#include "support/LogCapture.h"
#include "support/TestSupport.h"

#include "AssetLib/LithTech/AbcImporter.h"

#include <assimp/DefaultIOSystem.h>
#include <assimp/Importer.hpp>
#include <assimp/postprocess.h>

#include <gtest/gtest.h>

#include <cmath>

using namespace retro_test::abcv6;
using namespace abc_test;

namespace {

const float kS = std::sqrt(0.5f);

#define EXPECT_VEC(actual, X, Y, Z)                  \
    do {                                             \
        const aiVector3D v_ = (actual);              \
        EXPECT_NEAR(v_.x, (X), 1e-5f) << #actual;    \
        EXPECT_NEAR(v_.y, (Y), 1e-5f) << #actual;    \
        EXPECT_NEAR(v_.z, (Z), 1e-5f) << #actual;    \
    } while (0)

#define EXPECT_QUAT(actual, W, X, Y, Z)              \
    do {                                             \
        const aiQuaternion q_ = (actual);            \
        EXPECT_NEAR(q_.w, (W), 1e-5f) << #actual;    \
        EXPECT_NEAR(q_.x, (X), 1e-5f) << #actual;    \
        EXPECT_NEAR(q_.y, (Y), 1e-5f) << #actual;    \
        EXPECT_NEAR(q_.z, (Z), 1e-5f) << #actual;    \
    } while (0)

const aiScene *Import(Assimp::Importer &importer, const File &file, unsigned flags = 0, int lods = 0, bool vertexAnimation = true) {
    const aiScene *scene = ImportAbc(importer, Write(file).bytes, flags, lods, vertexAnimation);
    EXPECT_NE(scene, nullptr) << importer.GetErrorString();
    return scene;
}

const aiNodeAnim *Channel(const aiAnimation *anim, const std::string &node) {
    for (unsigned i = 0; i < anim->mNumChannels; ++i)
        if (node == anim->mChannels[i]->mNodeName.C_Str()) return anim->mChannels[i];
    return nullptr;
}

const aiBone *Bone(const aiMesh *mesh, const std::string &name) {
    for (unsigned i = 0; i < mesh->mNumBones; ++i)
        if (name == mesh->mBones[i]->mName.C_Str()) return mesh->mBones[i];
    return nullptr;
}

std::string MetaString(const aiScene *scene, const std::string &key) {
    aiString value;
    EXPECT_TRUE(scene->mMetaData && scene->mMetaData->Get(key, value)) << key;
    return value.C_Str();
}

int32_t MetaInt(const aiMetadata *meta, const std::string &key) {
    int32_t value = -12345;
    EXPECT_TRUE(meta && meta->Get(key, value)) << key;
    return value;
}

void ExpectFace(const aiMesh *mesh, unsigned face, unsigned a, unsigned b, unsigned c) {
    ASSERT_EQ(mesh->mFaces[face].mNumIndices, 3u);
    EXPECT_EQ(mesh->mFaces[face].mIndices[0], a);
    EXPECT_EQ(mesh->mFaces[face].mIndices[1], b);
    EXPECT_EQ(mesh->mFaces[face].mIndices[2], c);
}

} // namespace

TEST(AbcV6Scene, MeshIsConvertedToRightHandedYUp) {
    Assimp::Importer importer;
    const aiScene *scene = Import(importer, SkinnedFixture());
    ASSERT_NE(scene, nullptr);
    ASSERT_EQ(scene->mNumMeshes, 1u);
    const aiMesh *mesh = scene->mMeshes[0];
    EXPECT_STREQ(mesh->mName.C_Str(), "Piece");
    ASSERT_EQ(mesh->mNumVertices, 6u); // one per corner here: no two corners share vertex and UV
    EXPECT_VEC(mesh->mVertices[0], 0, 10, 0);
    EXPECT_VEC(mesh->mVertices[1], 1, 10, 0);
    EXPECT_VEC(mesh->mVertices[2], 0, 10, -1);
    EXPECT_VEC(mesh->mVertices[3], 5, 10, 0);
    EXPECT_VEC(mesh->mVertices[4], 5, 12, 0);
    EXPECT_VEC(mesh->mVertices[5], 4, 10, 0);
    // Vertex normals: Body's (1,0,0) turned by Root, mirrored; Arm's (0,0,1) turned by Root and Arm, mirrored.
    for (unsigned i = 0; i < 3; ++i) EXPECT_VEC(mesh->mNormals[i], 1, 0, 0);
    for (unsigned i = 3; i < 6; ++i) EXPECT_VEC(mesh->mNormals[i], 0, 0, -1);
    // UVs per corner, v flipped.
    EXPECT_VEC(mesh->mTextureCoords[0][0], 0, 1, 0);
    EXPECT_VEC(mesh->mTextureCoords[0][1], 1, 1, 0);
    EXPECT_VEC(mesh->mTextureCoords[0][2], 0, 0, 0);
    EXPECT_VEC(mesh->mTextureCoords[0][4], 1, 0.5f, 0);
    EXPECT_VEC(mesh->mTextureCoords[0][5], 0.5f, 0, 0);
    // Winding reversed (FlipGeom 0): counter-clockwise around the stored face normal.
    ASSERT_EQ(mesh->mNumFaces, 2u);
    ExpectFace(mesh, 0, 0, 2, 1);
    ExpectFace(mesh, 1, 3, 5, 4);
    aiVector3D n = (mesh->mVertices[2] - mesh->mVertices[0]) ^ (mesh->mVertices[1] - mesh->mVertices[0]);
    EXPECT_VEC(n.Normalize(), 0, -1, 0); // the file's face normal (0,-1,0), turned and mirrored
}

TEST(AbcV6Scene, SkeletonIsTheFirstFrameWithMatchingBones) {
    Assimp::Importer importer;
    const aiScene *scene = Import(importer, SkinnedFixture());
    ASSERT_NE(scene, nullptr);
    const aiNode *root = scene->mRootNode;
    EXPECT_STREQ(root->mName.C_Str(), "<ABC_Root>");
    EXPECT_TRUE(root->mTransformation.IsIdentity());
    ASSERT_EQ(root->mNumChildren, 2u);
    EXPECT_STREQ(root->mChildren[0]->mName.C_Str(), "Root");
    EXPECT_STREQ(root->mChildren[1]->mName.C_Str(), "Piece");
    ASSERT_EQ(root->mChildren[1]->mNumMeshes, 1u);
    const aiNode *body = FindNode(root, "Body");
    const aiNode *arm = FindNode(root, "Arm");
    ASSERT_TRUE(body && arm);
    EXPECT_EQ(body->mParent, root->mChildren[0]);
    EXPECT_EQ(arm->mParent, body);

    aiVector3D scaling, position;
    aiQuaternion rotation;
    const aiMatrix4x4 &turn = root->mChildren[0]->mTransformation; // 180 deg about Y
    EXPECT_TRUE(turn.Equal(aiMatrix4x4(-1, 0, 0, 0, 0, 1, 0, 0, 0, 0, -1, 0, 0, 0, 0, 1), 1e-6f));
    body->mTransformation.Decompose(scaling, rotation, position);
    EXPECT_VEC(position, 0, 10, 0);
    arm->mTransformation.Decompose(scaling, rotation, position);
    EXPECT_VEC(position, -5, 0, 0);
    EXPECT_QUAT(rotation, kS, 0, 0, -kS);

    const aiMesh *mesh = scene->mMeshes[0];
    ASSERT_EQ(mesh->mNumBones, 3u);
    const aiBone *bodyBone = Bone(mesh, "Body");
    const aiBone *armBone = Bone(mesh, "Arm");
    const aiBone *rootBone = Bone(mesh, "Root");
    ASSERT_TRUE(bodyBone && armBone && rootBone);
    EXPECT_EQ(rootBone->mNumWeights, 0u);
    ASSERT_EQ(armBone->mNumWeights, 3u);
    for (unsigned w = 0; w < 3; ++w) {
        EXPECT_EQ(armBone->mWeights[w].mVertexId, 3 + w);
        EXPECT_EQ(armBone->mWeights[w].mWeight, 1.f);
    }
    // Offset = inverse of the node's global transform, so the pose leaves the mesh as it is.
    for (const aiBone *bone : {bodyBone, armBone, rootBone}) {
        const aiMatrix4x4 product = GlobalTransform(FindNode(root, bone->mName.C_Str())) * bone->mOffsetMatrix;
        for (unsigned r = 0; r < 4; ++r)
            for (unsigned c = 0; c < 4; ++c) EXPECT_NEAR(product[r][c], r == c ? 1.f : 0.f, 1e-5f) << bone->mName.C_Str();
    }
    // An Arm vertex back in Arm's space is the file's (2,0,0) mirrored.
    EXPECT_VEC(armBone->mOffsetMatrix * mesh->mVertices[4], -2, 0, 0);
}

TEST(AbcV6Scene, AnimationsAreMillisecondKeysPerNode) {
    Assimp::Importer importer;
    const aiScene *scene = Import(importer, SkinnedFixture());
    ASSERT_NE(scene, nullptr);
    ASSERT_EQ(scene->mNumAnimations, 2u);
    const aiAnimation *idle = scene->mAnimations[0];
    EXPECT_STREQ(idle->mName.C_Str(), "idle");
    EXPECT_EQ(idle->mTicksPerSecond, 1000.0);
    EXPECT_EQ(idle->mDuration, 100.0);
    ASSERT_EQ(idle->mNumChannels, 3u);
    EXPECT_EQ(idle->mNumMorphMeshChannels, 0u);
    const aiNodeAnim *body = Channel(idle, "Body");
    const aiNodeAnim *arm = Channel(idle, "Arm");
    ASSERT_TRUE(body && arm && Channel(idle, "Root"));
    ASSERT_EQ(body->mNumPositionKeys, 2u);
    EXPECT_EQ(body->mPositionKeys[1].mTime, 100.0);
    EXPECT_VEC(body->mPositionKeys[1].mValue, 0, 12, 0);
    ASSERT_EQ(arm->mNumRotationKeys, 2u);
    EXPECT_QUAT(arm->mRotationKeys[0].mValue, kS, 0, 0, -kS);
    EXPECT_QUAT(arm->mRotationKeys[1].mValue, 1, 0, 0, 0);
    EXPECT_VEC(arm->mPositionKeys[0].mValue, -5, 0, 0);
    ASSERT_EQ(arm->mNumScalingKeys, 1u);
    EXPECT_VEC(arm->mScalingKeys[0].mValue, 1, 1, 1);

    const aiAnimation *walk = scene->mAnimations[1];
    EXPECT_STREQ(walk->mName.C_Str(), "walk");
    EXPECT_EQ(walk->mDuration, 150.0);
    const aiNodeAnim *walkBody = Channel(walk, "Body");
    ASSERT_EQ(walkBody->mNumPositionKeys, 3u);
    EXPECT_EQ(walkBody->mPositionKeys[1].mTime, 50.0);
    EXPECT_VEC(walkBody->mPositionKeys[2].mValue, -2, 10, 0);
}

TEST(AbcV6Scene, MetadataKeepsCommandsKeyframeStringsAndDims) {
    Assimp::Importer importer;
    const aiScene *scene = Import(importer, SkinnedFixture());
    ASSERT_NE(scene, nullptr);
    EXPECT_EQ(MetaInt(scene->mMetaData, "abc:version"), 6);
    EXPECT_EQ(MetaString(scene, "abc:commandString"), "DrawIndexedDist 1000");
    EXPECT_EQ(MetaInt(scene->mMetaData, "abc:flipGeom"), 0);
    EXPECT_EQ(MetaInt(scene->mMetaData, "abc:flipAnim"), 0);
    EXPECT_EQ(MetaInt(scene->mMetaData, "abc:lodSteps"), 0);
    bool transformInfo = false;
    EXPECT_TRUE(scene->mMetaData->Get("abc:transformInfo", transformInfo));
    EXPECT_TRUE(transformInfo);
    EXPECT_EQ(MetaString(scene, "abc:anim0.name"), "idle");
    EXPECT_EQ(MetaInt(scene->mMetaData, "abc:anim0.lengthMs"), 100);
    aiVector3D dims;
    ASSERT_TRUE(scene->mMetaData->Get("abc:anim0.extents", dims));
    EXPECT_VEC(dims, 10, 20, 30);
    EXPECT_EQ(MetaString(scene, "abc:anim0.key1.command"), "fire_key");
    EXPECT_EQ(MetaInt(scene->mMetaData, "abc:anim0.key1.timeMs"), 100);
    EXPECT_FALSE(scene->mMetaData->HasKey("abc:anim0.key0.command")); // empty strings are left out
    EXPECT_EQ(MetaString(scene, "abc:anim1.key1.command"), "sound_key step.wav");
    EXPECT_EQ(MetaInt(scene->mMetaData, "abc:anim1.key1.timeMs"), 50);
    // Every keyframe's time, apart from the channels' keys: key<i> indexes it.
    EXPECT_EQ(MetaString(scene, "abc:anim0.keyframes"), "0 100");
    EXPECT_EQ(MetaString(scene, "abc:anim1.keyframes"), "0 50 150");
}

TEST(AbcV6Scene, FlipAnimConjugatesRotations) {
    File f = SkinnedFixture();
    f.flipAnim = 1;
    Assimp::Importer importer;
    const aiScene *scene = Import(importer, f);
    ASSERT_NE(scene, nullptr);
    // Arm turns -90 deg about Z in LithTech space now: p -> (5+py, 10-px, -pz) in the scene.
    const aiMesh *mesh = scene->mMeshes[0];
    EXPECT_VEC(mesh->mVertices[4], 5, 8, 0);
    EXPECT_VEC(mesh->mVertices[5], 6, 10, 0);
    EXPECT_VEC(mesh->mVertices[1], 1, 10, 0); // Root's 180 deg turn is its own conjugate
    EXPECT_QUAT(Channel(scene->mAnimations[0], "Arm")->mRotationKeys[0].mValue, kS, 0, 0, kS);
    EXPECT_EQ(MetaInt(scene->mMetaData, "abc:flipAnim"), 1);
}

TEST(AbcV6Scene, FlipGeomKeepsTheStoredWinding) {
    File f = SkinnedFixture();
    f.flipGeom = 1;
    Assimp::Importer importer;
    const aiScene *scene = Import(importer, f);
    ASSERT_NE(scene, nullptr);
    ExpectFace(scene->mMeshes[0], 0, 0, 1, 2);
    ExpectFace(scene->mMeshes[0], 1, 3, 4, 5);
    EXPECT_VEC(scene->mMeshes[0]->mVertices[4], 5, 12, 0); // positions do not change
    EXPECT_EQ(MetaInt(scene->mMetaData, "abc:flipGeom"), 1);
}

TEST(AbcV6Scene, MissingTransformInfoMeansFlipGeomAndFlipAnim) {
    File f = SkinnedFixture();
    f.transformInfo = false;
    Assimp::Importer importer;
    const aiScene *scene = Import(importer, f);
    ASSERT_NE(scene, nullptr);
    ExpectFace(scene->mMeshes[0], 0, 0, 1, 2);
    EXPECT_VEC(scene->mMeshes[0]->mVertices[4], 5, 8, 0);
    bool transformInfo = true;
    EXPECT_TRUE(scene->mMetaData->Get("abc:transformInfo", transformInfo));
    EXPECT_FALSE(transformInfo);
    EXPECT_EQ(MetaInt(scene->mMetaData, "abc:flipGeom"), 1);
    EXPECT_EQ(MetaInt(scene->mMetaData, "abc:flipAnim"), 1);
}

TEST(AbcV6Scene, VertexAnimationBecomesMorphTargetsAndWeights) {
    Assimp::Importer importer;
    const aiScene *scene = Import(importer, VertexAnimationFixture());
    ASSERT_NE(scene, nullptr);
    const aiMesh *mesh = scene->mMeshes[0];
    // Flag sits at (0,0,2): a local p lands at (-px, py, pz+2). Vertices 1 and 3
    // take animation 0's first frame: (1,0,0) and (1,1,0).
    ASSERT_EQ(mesh->mNumVertices, 4u); // both triangles give v1 and v2 the same UVs
    EXPECT_VEC(mesh->mVertices[0], 0, 0, 2);
    EXPECT_VEC(mesh->mVertices[1], -1, 0, 2);
    EXPECT_VEC(mesh->mVertices[2], 0, 1, 2);
    EXPECT_VEC(mesh->mVertices[3], -1, 1, 2);
    EXPECT_EQ(mesh->mMethod, unsigned(aiMorphingMethod_MORPH_RELATIVE));
    ASSERT_EQ(mesh->mNumAnimMeshes, 4u); // wave@0, wave@50, wave@120, still@0
    EXPECT_STREQ(mesh->mAnimMeshes[1]->mName.C_Str(), "wave@50");
    EXPECT_STREQ(mesh->mAnimMeshes[3]->mName.C_Str(), "still@0");
    for (unsigned t = 0; t < 4; ++t) {
        ASSERT_EQ(mesh->mAnimMeshes[t]->mNumVertices, mesh->mNumVertices);
        EXPECT_VEC(mesh->mAnimMeshes[t]->mVertices[0], 0, 0, 2); // not vertex-animated
        EXPECT_VEC(mesh->mAnimMeshes[t]->mVertices[2], 0, 1, 2);
    }
    EXPECT_VEC(mesh->mAnimMeshes[0]->mVertices[1], -1, 0, 2);
    EXPECT_VEC(mesh->mAnimMeshes[1]->mVertices[1], -1, 0, 3); // (4,0,2)*0.5 + (-1,0,0) = (1,0,1)
    EXPECT_VEC(mesh->mAnimMeshes[1]->mVertices[3], -1, 1, 4); // (1,1,2)
    EXPECT_VEC(mesh->mAnimMeshes[2]->mVertices[1], -2, 0, 2); // (2,0,0)
    EXPECT_VEC(mesh->mAnimMeshes[3]->mVertices[3], -1, 1, 2.5f); // (1,1,0.5)

    ASSERT_EQ(scene->mNumAnimations, 2u);
    const aiAnimation *wave = scene->mAnimations[0];
    ASSERT_EQ(wave->mNumMorphMeshChannels, 1u);
    const aiMeshMorphAnim *channel = wave->mMorphMeshChannels[0];
    EXPECT_STREQ(channel->mName.C_Str(), "Piece"); // the node holding the mesh
    ASSERT_EQ(channel->mNumKeys, 3u);
    for (unsigned k = 0; k < 3; ++k) {
        const double times[] = {0, 50, 120};
        EXPECT_EQ(channel->mKeys[k].mTime, times[k]);
        // Only the keyframe's own target, weight 1 (the others weigh 0).
        ASSERT_EQ(channel->mKeys[k].mNumValuesAndWeights, 1u);
        EXPECT_EQ(channel->mKeys[k].mValues[0], k);
        EXPECT_EQ(channel->mKeys[k].mWeights[0], 1.0);
    }
    const aiMeshMorphAnim *still = scene->mAnimations[1]->mMorphMeshChannels[0];
    ASSERT_EQ(still->mNumKeys, 1u);
    ASSERT_EQ(still->mKeys[0].mNumValuesAndWeights, 1u);
    EXPECT_EQ(still->mKeys[0].mValues[0], 3u);
    EXPECT_EQ(still->mKeys[0].mWeights[0], 1.0);
}

TEST(AbcV6Scene, VertexAnimationPropertyOff) {
    Assimp::Importer importer;
    const aiScene *scene = Import(importer, VertexAnimationFixture(), 0, 0, false);
    ASSERT_NE(scene, nullptr);
    const aiMesh *mesh = scene->mMeshes[0];
    EXPECT_EQ(mesh->mNumAnimMeshes, 0u);
    EXPECT_VEC(mesh->mVertices[1], -1, 0, 2); // still animation 0's first frame
    for (unsigned a = 0; a < scene->mNumAnimations; ++a) EXPECT_EQ(scene->mAnimations[a]->mNumMorphMeshChannels, 0u);
}

TEST(AbcV6Scene, LodLevelsOnRequest) {
    {
        Assimp::Importer importer;
        const aiScene *scene = Import(importer, LodFixture());
        ASSERT_NE(scene, nullptr);
        EXPECT_EQ(scene->mNumMeshes, 1u); // none by default
        EXPECT_EQ(MetaInt(scene->mMetaData, "abc:lodSteps"), 2);
    }
    Assimp::Importer importer;
    const aiScene *scene = Import(importer, LodFixture(), 0, 2);
    ASSERT_NE(scene, nullptr);
    ASSERT_EQ(scene->mNumMeshes, 3u);
    EXPECT_EQ(scene->mMeshes[0]->mNumFaces, 3u);
    EXPECT_STREQ(scene->mMeshes[1]->mName.C_Str(), "Piece_LOD1");
    EXPECT_EQ(scene->mMeshes[1]->mNumFaces, 2u);
    const aiMesh *lod2 = scene->mMeshes[2];
    EXPECT_STREQ(lod2->mName.C_Str(), "Piece_LOD2");
    ASSERT_EQ(lod2->mNumFaces, 1u);
    // (6,4,3) with the winding reversed: collapse vertex 6 (0.75,0.5,0), vertex 3 (0,1,0), vertex 4 (0,2,0)
    const unsigned *f = lod2->mFaces[0].mIndices;
    EXPECT_VEC(lod2->mVertices[f[0]], -0.75f, 0.5f, 0);
    EXPECT_VEC(lod2->mVertices[f[1]], 0, 1, 0);
    EXPECT_VEC(lod2->mVertices[f[2]], 0, 2, 0);
    EXPECT_VEC(lod2->mTextureCoords[0][f[1]], 0, 0, 0); // corner UV (0,1) of the original triangle
    EXPECT_EQ(lod2->mNumBones, 2u);
    const aiNode *node = FindNode(scene->mRootNode, "LOD2");
    ASSERT_NE(node, nullptr);
    ASSERT_EQ(node->mNumMeshes, 1u);
    EXPECT_EQ(node->mMeshes[0], 2u);
    EXPECT_EQ(MetaInt(node->mMetaData, "abc:lod"), 2);
    EXPECT_EQ(MetaInt(node->mMetaData, "abc:lodCollapseSteps"), 2);
    EXPECT_EQ(MetaInt(FindNode(scene->mRootNode, "LOD1")->mMetaData, "abc:lodCollapseSteps"), 1);

    Assimp::Importer capped;
    const aiScene *many = Import(capped, LodFixture(), 0, 9);
    ASSERT_NE(many, nullptr);
    EXPECT_EQ(many->mNumMeshes, 3u); // two collapse steps: at most two levels
    Assimp::Importer single;
    const aiScene *one = Import(single, LodFixture(), 0, 1);
    ASSERT_NE(one, nullptr);
    ASSERT_EQ(one->mNumMeshes, 2u);
    EXPECT_EQ(one->mMeshes[1]->mNumFaces, 1u); // the last level applies every step
}

TEST(AbcV6Scene, RepeatedNodeNamesBecomeUnique) {
    File f = SkinnedFixture();
    f.nodes[1].name = "Bone";
    f.nodes[2].name = "Bone";
    Assimp::Importer importer;
    const aiScene *scene = Import(importer, f);
    ASSERT_NE(scene, nullptr);
    const aiNode *first = FindNode(scene->mRootNode, "Bone");
    const aiNode *second = FindNode(scene->mRootNode, "Bone.1");
    ASSERT_TRUE(first && second);
    EXPECT_EQ(second->mParent, first);
    EXPECT_NE(Bone(scene->mMeshes[0], "Bone.1"), nullptr);
    EXPECT_NE(Channel(scene->mAnimations[0], "Bone.1"), nullptr);
}

// glTF ids are shared by nodes, meshes, animations, the skin and the scene:
// an animation named like one of them makes Assimp 5.2.5's glTF2 exporter fail
// (it takes animation names as ids unchecked), so it is renamed.
TEST(AbcV6Scene, AnimationNamesDifferFromNodeNames) {
    File f = SkinnedFixture();
    f.animations[0].name = "Arm";
    f.animations[1].name = "Piece";
    f.animations.push_back(f.animations[1]);
    f.animations.back().name = "skin"; // the exporter's id for the skin
    f.animations.push_back(f.animations[1]);
    f.animations.back().name = "defaultScene"; // ... and for the scene
    Assimp::Importer importer;
    const aiScene *scene = Import(importer, f, aiProcess_LimitBoneWeights);
    ASSERT_NE(scene, nullptr);
    ASSERT_EQ(scene->mNumAnimations, 4u);
    EXPECT_STREQ(scene->mAnimations[0]->mName.C_Str(), "Arm.1");
    EXPECT_STREQ(scene->mAnimations[1]->mName.C_Str(), "Piece.1");
    EXPECT_STREQ(scene->mAnimations[2]->mName.C_Str(), "skin.1");
    EXPECT_STREQ(scene->mAnimations[3]->mName.C_Str(), "defaultScene.1");
    EXPECT_EQ(MetaString(scene, "abc:anim0.name"), "Arm.1");
    retro_test::ExpectValidGltf(ExportGlb(scene, "fixture_animation_names"));
}

TEST(AbcV6Scene, AnimationOnlyAndMeshlessFilesKeepTheSkeleton) {
    File animationOnly = SkinnedFixture();
    animationOnly.geometry = false;
    File meshless = SkinnedFixture();
    meshless.triangles.clear();
    meshless.vertices.clear();
    meshless.normalVerts = 0;
    for (const File &f : {animationOnly, meshless}) {
        Assimp::Importer importer;
        const aiScene *scene = Import(importer, f);
        ASSERT_NE(scene, nullptr);
        EXPECT_TRUE(scene->mFlags & AI_SCENE_FLAGS_INCOMPLETE);
        EXPECT_EQ(scene->mNumMeshes, 0u);
        ASSERT_EQ(scene->mRootNode->mNumChildren, 1u);
        EXPECT_EQ(CountNodes(scene->mRootNode->mChildren[0]), 3u);
        EXPECT_EQ(scene->mNumAnimations, 2u);
        const std::string glb = ExportGlb(scene, std::string("fixture_meshless") + (f.geometry ? "1" : "0"));
        retro_test::ExpectValidGltf(glb);
    }
}

TEST(AbcV6Scene, FilesWithoutAnimationsUseTheIdentityPose) {
    File f = SkinnedFixture();
    f.animation = false;
    f.animDims = false;
    Assimp::Importer importer;
    const aiScene *scene = Import(importer, f);
    ASSERT_NE(scene, nullptr);
    EXPECT_EQ(scene->mNumAnimations, 0u);
    EXPECT_VEC(scene->mMeshes[0]->mVertices[4], -2, 0, 0); // Arm's (2,0,0), mirrored
    EXPECT_TRUE(FindNode(scene->mRootNode, "Arm")->mTransformation.IsIdentity());
}

TEST(AbcV6Scene, KeysThatDoNotAdvanceAreSkipped) {
    File f = SkinnedFixture();
    f.animations[1].keyframes[2].time = 50; // repeats keyframe 1's time
    f.animations[1].keyframes[1].command = "";
    f.animations[1].keyframes[2].command = "late";
    Animation empty = f.animations[0];
    empty.name = "empty";
    empty.keyframes.clear();
    for (auto &n : empty.nodes) n.keys.clear();
    f.animations.insert(f.animations.begin() + 1, empty);
    Assimp::Importer importer;
    const aiScene *scene = Import(importer, f);
    ASSERT_NE(scene, nullptr);
    ASSERT_EQ(scene->mNumAnimations, 2u); // "empty" has no keyframes: left out
    const aiAnimation *walk = scene->mAnimations[1];
    EXPECT_STREQ(walk->mName.C_Str(), "walk");
    EXPECT_EQ(Channel(walk, "Body")->mNumPositionKeys, 2u);
    EXPECT_EQ(walk->mDuration, 50.0); // the last key kept
    EXPECT_EQ(MetaInt(scene->mMetaData, "abc:anim1.lengthMs"), 150); // the stored length
    EXPECT_EQ(MetaString(scene, "abc:anim1.name"), "walk");
    EXPECT_FALSE(scene->mMetaData->HasKey("abc:anim1.key2.command")); // its keyframe was skipped
    EXPECT_EQ(MetaString(scene, "abc:anim1.keyframes"), "0 50"); // the kept keyframes
    retro_test::ExpectValidGltf(ExportGlb(scene, "fixture_skipped_keys"));
}

TEST(AbcV6Scene, FixturesExportToValidGlb) {
    File flipped = SkinnedFixture();
    flipped.flipGeom = 1;
    flipped.flipAnim = 1;
    const std::vector<std::pair<std::string, File>> fixtures = {
        {"skinned", SkinnedFixture()}, {"flipped", flipped}, {"vertex_animation", VertexAnimationFixture()}, {"lod", LodFixture()}};
    for (const auto &fixture : fixtures) {
        Assimp::Importer importer;
        const aiScene *scene = Import(importer, fixture.second, aiProcess_LimitBoneWeights, 2);
        ASSERT_NE(scene, nullptr);
        retro_test::ExpectValidGltf(ExportGlb(scene, "fixture_" + fixture.first));
    }
}

// The GLB of the vertex-animation fixture plays the frames: at 50 ms the
// `weights` channel selects wave@50 and the morphed positions are its frame.
TEST(AbcV6Scene, GlbWeightsChannelPlaysTheFrames) {
    Assimp::Importer importer;
    const aiScene *scene = Import(importer, VertexAnimationFixture(), aiProcess_LimitBoneWeights);
    ASSERT_NE(scene, nullptr);
    Glb glb;
    ASSERT_TRUE(glb.Load(ExportGlb(scene, "fixture_weights")));
    const int mesh = glb.NodeNamed("Piece");
    const int wave = glb.AnimationNamed("wave");
    ASSERT_GE(mesh, 0);
    ASSERT_GE(wave, 0);
    EXPECT_EQ(glb.ChannelTimes(wave, mesh, "weights"), (std::vector<float>{0.f, 0.05f, 0.12f}));
    const std::vector<float> weights = glb.SampleAt(wave, mesh, "weights", 0.05f);
    EXPECT_EQ(weights, (std::vector<float>{0, 1, 0, 0}));
    const std::vector<Vec3> morphed = glb.Positions(mesh, glb.GlobalPose(wave, 0.05f), weights, true);
    // Expected: every frame-1 position of the file, in scene space.
    const std::vector<Vec3> expected = {{0, 0, 2}, {-1, 0, 3}, {0, 1, 2}, {-1, 1, 4}};
    for (const Vec3 &p : morphed) {
        bool found = false;
        for (const Vec3 &e : expected)
            found |= std::fabs(p[0] - e[0]) < 1e-5f && std::fabs(p[1] - e[1]) < 1e-5f && std::fabs(p[2] - e[2]) < 1e-5f;
        EXPECT_TRUE(found) << p[0] << " " << p[1] << " " << p[2];
    }
    // Halfway between the keys, positions are halfway between the frames (linear weights).
    EXPECT_TRUE(glb.SampleAt(wave, mesh, "weights", 0.025f).empty()); // no key there: the viewer interpolates
}

// CanRead looks at the bytes, whatever the name: .abc is Alembic's too.
// (Through Importer::ReadFile a LithTech file needs its .abc name: for unknown
// extensions Assimp asks its own importers first, and the DXF one claims any
// file containing the word "Header".)
TEST(AbcV6Scene, RecognisedByContentNotExtension) {
    Assimp::DefaultIOSystem io;
    Assimp::AbcImporter abc;
    const std::string lithtech = retro_test::OutputPath("LithTech/detect/model.bin");
    retro_test::WriteFile(lithtech, Write(SkinnedFixture()).bytes);
    EXPECT_TRUE(abc.CanRead(lithtech, &io, true));

    std::vector<uint8_t> v12 = Write(SkinnedFixture()).bytes;
    v12.resize(64);
    PutU32(v12, 12, 12); // version 12 where v6 has its token
    const std::string newer = retro_test::OutputPath("LithTech/detect/nolf.abc");
    retro_test::WriteFile(newer, v12);
    EXPECT_TRUE(abc.CanRead(newer, &io, true));
    PutU32(v12, 12, 14);
    retro_test::WriteFile(newer, v12);
    EXPECT_FALSE(abc.CanRead(newer, &io, true));

    const std::string ogawa = "Ogawa\xff\x00\x01 alembic data............................................";
    const std::string alembic = retro_test::OutputPath("LithTech/detect/alembic.abc");
    retro_test::WriteFile(alembic, std::vector<uint8_t>(ogawa.begin(), ogawa.end()));
    EXPECT_FALSE(abc.CanRead(alembic, &io, true));
    Assimp::Importer other;
    EXPECT_EQ(ImportAbc(other, std::vector<uint8_t>(ogawa.begin(), ogawa.end())), nullptr);
    EXPECT_NE(std::string(other.GetErrorString()).find("not a LithTech ABC model"), std::string::npos) << other.GetErrorString();
}

// Morph targets cost keyframes x vertices; past the limit (16M by default) a
// mesh keeps its first frame only instead of exhausting memory.
TEST(AbcV6Scene, MorphTargetsHaveAMemoryLimit) {
    const std::vector<uint8_t> bytes = Write(VertexAnimationFixture()).bytes;
    const assimp_retro::abc::Lt1Model model = assimp_retro::abc::ReadLt1(bytes.data(), bytes.size(), "limit.abc");
    // 4 targets x (4 vertices + 100 for each target's own aiAnimMesh) = 416
    for (size_t limit : {size_t(416), size_t(415)}) {
        assimp_retro::abc::Lt1BuildSettings settings;
        settings.maxMorphVertices = limit;
        aiScene scene;
        assimp_retro::abc::BuildLt1Scene(model, settings, &scene);
        ASSERT_EQ(scene.mNumMeshes, 1u);
        EXPECT_EQ(scene.mMeshes[0]->mNumAnimMeshes, limit == 416 ? 4u : 0u);
        EXPECT_EQ(scene.mAnimations[0]->mNumMorphMeshChannels, limit == 416 ? 1u : 0u);
        EXPECT_VEC(scene.mMeshes[0]->mVertices[1], -1, 0, 2);
    }
}

// Data the engine would tolerate but a scene cannot use as is.
TEST(AbcV6Scene, OddDataIsRepairedWithWarnings) {
    File f = VertexAnimationFixture();
    Node extra;
    extra.name = "Extra";
    extra.transformIndex = 2;
    extra.flags = 6;
    extra.mdVertices = {0}; // vertex 0 belongs to Flag, not to Extra
    f.nodes[0].children = 2;
    f.nodes.push_back(extra);
    for (Animation &a : f.animations) {
        a.nodes.push_back(a.nodes[0]);
        a.nodes.back().mdFrames.assign(a.keyframes.size(), {200, 200, 200});
    }
    f.animations[0].nodes[1].keys[0].rotation = {0, 0, 0, 0}; // a zero quaternion
    f.vertices[2].normal = {0, 0, 0};                          // no vertex normal: the face's is used
    Assimp::Importer importer;
    retro_test::LogCapture log;
    const aiScene *scene = Import(importer, f, aiProcess_LimitBoneWeights);
    ASSERT_NE(scene, nullptr);
    EXPECT_TRUE(log.Contains("ABC: node 'Extra' animates vertex 0, which belongs to node 1; that vertex keeps its stored position"))
            << log.Text();
    const aiMesh *mesh = scene->mMeshes[0];
    EXPECT_VEC(mesh->mVertices[0], 0, 0, 2);    // the foreign MD entry is ignored
    EXPECT_VEC(mesh->mAnimMeshes[1]->mVertices[0], 0, 0, 2);
    EXPECT_VEC(mesh->mNormals[2], 0, 0, 1);     // face normal (0,0,127): mirrored X leaves it
    EXPECT_QUAT(Channel(scene->mAnimations[0], "Flag")->mRotationKeys[0].mValue, 1, 0, 0, 0); // identity
    retro_test::ExpectValidGltf(ExportGlb(scene, "fixture_odd_data"));
}
