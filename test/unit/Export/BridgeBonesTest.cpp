// BridgeBones: bones without weights for the nodes that join two
// skeletons below one node, so that Blender's FBX importer makes one armature
// (an LTB first-person model: arms and weapon below "Scene Root").
#include "Export/BridgeBones.h"

#include <assimp/scene.h>

#include <gtest/gtest.h>

#include <memory>
#include <string>

namespace {

aiBone *NewBone(const char *name, const aiMatrix4x4 &offset) {
    aiBone *bone = new aiBone;
    bone->mName = name;
    bone->mOffsetMatrix = offset;
    return bone;
}

/// Root -> Top -> Rig (translated by 1 in x) -> Pelvis (bone), Top -> Weapon
/// (bone); Root -> Body (mesh skinned to Pelvis and Weapon).
std::unique_ptr<aiScene> MakeJoinedSkeletons() {
    std::unique_ptr<aiScene> scene(new aiScene);
    scene->mRootNode = new aiNode("Root");
    aiNode *top = new aiNode("Top");
    aiNode *rig = new aiNode("Rig");
    rig->mTransformation.a4 = 1.f;
    aiNode *pelvis = new aiNode("Pelvis");
    aiNode *weapon = new aiNode("Weapon");
    rig->addChildren(1, &pelvis);
    aiNode *topChildren[] = {rig, weapon};
    top->addChildren(2, topChildren);
    aiNode *body = new aiNode("Body");
    aiNode *rootChildren[] = {top, body};
    scene->mRootNode->addChildren(2, rootChildren);
    aiMesh *mesh = new aiMesh;
    mesh->mNumBones = 2;
    mesh->mBones = new aiBone *[2]{NewBone("Pelvis", aiMatrix4x4()), NewBone("Weapon", aiMatrix4x4())};
    scene->mNumMeshes = 1;
    scene->mMeshes = new aiMesh *[1]{mesh};
    body->mNumMeshes = 1;
    body->mMeshes = new unsigned[1]{0};
    return scene;
}

TEST(BridgeBones, TheNodeJoiningTwoSkeletonsIsABoneWhileTheExportRuns) {
    auto scene = MakeJoinedSkeletons();
    const aiMesh &mesh = *scene->mMeshes[0];
    {
        assimp_retro::BridgeBones bridge(*scene);
        EXPECT_EQ(bridge.count, 1u);
        ASSERT_EQ(mesh.mNumBones, 3u);
        // Rig, not Top (the bones' lowest common ancestor: Blender's armature).
        EXPECT_STREQ(mesh.mBones[2]->mName.C_Str(), "Rig");
        EXPECT_EQ(mesh.mBones[2]->mNumWeights, 0u);
        EXPECT_FLOAT_EQ(mesh.mBones[2]->mOffsetMatrix.a4, -1.f); // mesh space (Body) to Rig's space
        EXPECT_STREQ(mesh.mBones[1]->mName.C_Str(), "Weapon");
    }
    ASSERT_EQ(mesh.mNumBones, 2u);
    EXPECT_STREQ(mesh.mBones[0]->mName.C_Str(), "Pelvis");
    EXPECT_STREQ(mesh.mBones[1]->mName.C_Str(), "Weapon");
}

TEST(BridgeBones, OneSkeletonBelowPlainNodesIsLeftAlone) {
    // Only Pelvis is a bone: its ancestors are above the common ancestor.
    auto scene = MakeJoinedSkeletons();
    aiMesh &mesh = *scene->mMeshes[0];
    delete mesh.mBones[1];
    mesh.mNumBones = 1;
    assimp_retro::BridgeBones bridge(*scene);
    EXPECT_EQ(bridge.count, 0u);
    EXPECT_EQ(mesh.mNumBones, 1u);
}

} // namespace
