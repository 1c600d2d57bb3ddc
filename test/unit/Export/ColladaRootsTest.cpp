// WrapAnimatedRootChildrenForCollada: an identity node above animated top
// nodes that hold no skeleton, so that Blender's Y-up to Z-up rotation of the
// COLLADA file's top node is not replaced by their animation;
// LiftSkeletonsToTopForCollada and JoinSkeletonsForCollada: one armature,
// at the top, for Blender's COLLADA importer.
#include "support/TestSupport.h"
#include "support/TriangleScene.h"

#include <assimp_retro/collada_export.h>
#include "support/GltfTestScenes.h"

#include <assimp/Exporter.hpp>
#include <assimp/Importer.hpp>
#include <assimp/config.h>
#include <assimp/scene.h>

#include <gtest/gtest.h>

#include <cstdint>
#include <memory>
#include <regex>
#include <string>
#include <vector>

namespace {

TEST(ColladaRoots, AnimatedTopNodeWithoutBonesGetsAnIdentityParent) {
    // Root -> CameraRig (animated by "Fly"), Root -> Spectator, Root -> Floor (mesh).
    auto scene = gltf_test::MakeCameraScene();
    ASSERT_EQ(scene->mRootNode->mNumChildren, 3u);
    ASSERT_TRUE(assimp_retro::WrapAnimatedRootChildrenForCollada(*scene));
    ASSERT_EQ(scene->mRootNode->mNumChildren, 1u);
    const aiNode *wrapper = scene->mRootNode->mChildren[0];
    EXPECT_STREQ(wrapper->mName.C_Str(), "Root.DaeRoot");
    EXPECT_TRUE(wrapper->mTransformation.IsIdentity());
    EXPECT_EQ(wrapper->mParent, scene->mRootNode);
    ASSERT_EQ(wrapper->mNumChildren, 3u);
    EXPECT_STREQ(wrapper->mChildren[0]->mName.C_Str(), "CameraRig");
    for (unsigned i = 0; i < 3; ++i) {
        EXPECT_EQ(wrapper->mChildren[i]->mParent, wrapper);
    }
    // Once is enough: the new top node is not animated.
    EXPECT_FALSE(assimp_retro::WrapAnimatedRootChildrenForCollada(*scene));
}

TEST(ColladaRoots, SkeletonsAndStillScenesAreLeftAlone) {
    Assimp::Importer importer;
    // FLAG: the animated top node "Root" is the skeleton's root.
    const aiScene *flag = retro_test::Import(importer, retro_test::CorpusPath("abc/DECOS__FLAG.ABC"));
    ASSERT_NE(flag, nullptr) << importer.GetErrorString();
    const unsigned children = flag->mRootNode->mNumChildren;
    EXPECT_FALSE(assimp_retro::WrapAnimatedRootChildrenForCollada(*const_cast<aiScene *>(flag)));
    EXPECT_EQ(flag->mRootNode->mNumChildren, children);
    auto still = gltf_test::MakeMetadataScene(); // no animation
    EXPECT_FALSE(assimp_retro::WrapAnimatedRootChildrenForCollada(*still));
}

TEST(ColladaRoots, AnimatedOdolLodIsBelowTheTopNodeOfItsDae) {
    Assimp::Importer importer;
    const aiScene *odol = retro_test::Import(importer, retro_test::CorpusPath("p3d/cwr_animated_morph_odol.p3d"));
    ASSERT_NE(odol, nullptr) << importer.GetErrorString();
    aiScene *scene = const_cast<aiScene *>(odol); // the importer's scene, ours to change
    ASSERT_TRUE(assimp_retro::WrapAnimatedRootChildrenForCollada(*scene));
    const std::string path = retro_test::OutputPath("Export/collada/odol.dae");
    Assimp::Exporter exporter;
    ASSERT_EQ(exporter.Export(scene, "collada", path), AI_SUCCESS) << exporter.GetErrorString();
    Assimp::Importer reader; // Assimp's own COLLADA importer, with the nodes' names (not their ids)
    reader.SetPropertyBool(AI_CONFIG_IMPORT_COLLADA_USE_COLLADA_NAMES, true);
    const aiScene *back = reader.ReadFile(path, 0);
    ASSERT_NE(back, nullptr) << reader.GetErrorString();
    const aiNode *lod = back->mRootNode->FindNode("LOD 1.000");
    ASSERT_NE(lod, nullptr);
    ASSERT_NE(lod->mParent, nullptr);
    EXPECT_STREQ(lod->mParent->mName.C_Str(), "cwr_animated_morph_odol.DaeRoot");
    EXPECT_EQ(back->mNumAnimations, 1u);
}

/// Root -> Top (identity) -> Rig (no bone) -> Pelvis (bone of Body), and
/// Root -> Body (the skinned mesh): the shape of an LTB body whose skeleton's
/// root node holds no vertices.
std::unique_ptr<aiScene> MakeBuriedSkeletonScene(const aiMatrix4x4 &topTransform) {
    std::unique_ptr<aiScene> scene(new aiScene);
    scene->mRootNode = new aiNode("Root");
    aiNode *top = new aiNode("Top");
    top->mTransformation = topTransform;
    aiNode *rig = new aiNode("Rig");
    aiNode *pelvis = new aiNode("Pelvis");
    aiNode *body = new aiNode("Body");
    rig->addChildren(1, &pelvis);
    top->addChildren(1, &rig);
    aiNode *topLevel[] = {top, body};
    scene->mRootNode->addChildren(2, topLevel);
    aiMesh *mesh = new aiMesh;
    mesh->mName = "Body";
    mesh->mNumBones = 1;
    mesh->mBones = new aiBone *[1];
    mesh->mBones[0] = new aiBone;
    mesh->mBones[0]->mName = "Pelvis";
    scene->mNumMeshes = 1;
    scene->mMeshes = new aiMesh *[1]{mesh};
    body->mNumMeshes = 1;
    body->mMeshes = new unsigned[1]{0};
    return scene;
}

TEST(ColladaRoots, ANodeAboveASkeletonsArmatureNodeIsTakenOut) {
    auto scene = MakeBuriedSkeletonScene(aiMatrix4x4());
    const std::vector<std::string> lifted = assimp_retro::LiftSkeletonsToTopForCollada(*scene);
    ASSERT_EQ(lifted, std::vector<std::string>{"Top"});
    const aiNode *root = scene->mRootNode;
    ASSERT_EQ(root->mNumChildren, 2u);
    EXPECT_STREQ(root->mChildren[0]->mName.C_Str(), "Rig"); // in Top's place
    EXPECT_EQ(root->mChildren[0]->mParent, root);
    EXPECT_STREQ(root->mChildren[1]->mName.C_Str(), "Body");
    EXPECT_EQ(root->FindNode("Top"), nullptr);
    // Rig is the parent of a bone now at the top: left alone.
    EXPECT_TRUE(assimp_retro::LiftSkeletonsToTopForCollada(*scene).empty());
}

TEST(ColladaRoots, ATransformedNodeAboveASkeletonStays) {
    aiMatrix4x4 turned;
    aiMatrix4x4::RotationY(1.f, turned);
    auto scene = MakeBuriedSkeletonScene(turned);
    EXPECT_TRUE(assimp_retro::LiftSkeletonsToTopForCollada(*scene).empty());
    EXPECT_NE(scene->mRootNode->FindNode("Top"), nullptr);
}

/// A triangle fully weighted to `bone`.
aiMesh *NewSkinnedMesh(const char *name, const char *bone) {
    aiMesh *mesh = retro_test::NewTriangle(name);
    mesh->mNumBones = 1;
    mesh->mBones = new aiBone *[1]{new aiBone};
    mesh->mBones[0]->mName = bone;
    mesh->mBones[0]->mNumWeights = 3;
    mesh->mBones[0]->mWeights = new aiVertexWeight[3]{{0, 1.f}, {1, 1.f}, {2, 1.f}};
    return mesh;
}

/// Root -> "Scene Root" (animated) -> Arms (translated by 1 in x, no bone)
/// -> Hand (bone of ArmsMesh), "Scene Root" -> Prop (no bone) -> Gun (bone
/// of GunMesh); Root -> ArmsMesh, Root -> GunMesh: the shape of an LTB
/// first-person model (arms and weapon, two skeletons, below "Scene Root").
std::unique_ptr<aiScene> MakeFirstPersonScene() {
    std::unique_ptr<aiScene> scene(new aiScene);
    scene->mRootNode = new aiNode("Root");
    aiNode *top = new aiNode("Scene Root");
    aiNode *arms = new aiNode("Arms");
    arms->mTransformation.a4 = 1.f;
    aiNode *hand = new aiNode("Hand");
    aiNode *prop = new aiNode("Prop");
    aiNode *gun = new aiNode("Gun");
    arms->addChildren(1, &hand);
    prop->addChildren(1, &gun);
    aiNode *topChildren[] = {arms, prop};
    top->addChildren(2, topChildren);
    aiNode *armsMesh = new aiNode("ArmsMesh");
    aiNode *gunMesh = new aiNode("GunMesh");
    aiNode *topLevel[] = {top, armsMesh, gunMesh};
    scene->mRootNode->addChildren(3, topLevel);
    scene->mNumMeshes = 2;
    scene->mMeshes = new aiMesh *[2]{NewSkinnedMesh("ArmsMesh", "Hand"), NewSkinnedMesh("GunMesh", "Gun")};
    for (unsigned m = 0; m < 2; ++m) {
        aiNode *holder = scene->mRootNode->mChildren[1 + m];
        holder->mNumMeshes = 1;
        holder->mMeshes = new unsigned[1]{m};
    }
    scene->mNumMaterials = 1;
    scene->mMaterials = new aiMaterial *[1]{new aiMaterial};
    aiNodeAnim *channel = new aiNodeAnim;
    channel->mNodeName = "Scene Root";
    channel->mNumPositionKeys = 2;
    channel->mPositionKeys = new aiVectorKey[2]{{0.0, {0, 0, 0}}, {1.0, {0, 1, 0}}};
    channel->mNumRotationKeys = 1;
    channel->mRotationKeys = new aiQuatKey[1]{{0.0, aiQuaternion()}};
    channel->mNumScalingKeys = 1;
    channel->mScalingKeys = new aiVectorKey[1]{{0.0, {1, 1, 1}}};
    aiAnimation *animation = new aiAnimation;
    animation->mName = "idle";
    animation->mDuration = 1.0;
    animation->mTicksPerSecond = 1.0;
    animation->mNumChannels = 1;
    animation->mChannels = new aiNodeAnim *[1]{channel};
    scene->mNumAnimations = 1;
    scene->mAnimations = new aiAnimation *[1]{animation};
    return scene;
}

TEST(ColladaRoots, SkeletonsJoinedThroughPlainNodesBecomeOneSkeletonFromTheTopNode) {
    auto scene = MakeFirstPersonScene();
    EXPECT_TRUE(assimp_retro::LiftSkeletonsToTopForCollada(*scene).empty()); // "Scene Root" is animated
    const std::vector<std::string> joined = assimp_retro::JoinSkeletonsForCollada(*scene);
    // The top node too (one joint at the top: one armature, stood up), walking down to Gun, then Hand.
    ASSERT_EQ(joined, (std::vector<std::string>{"Scene Root", "Prop", "Arms"}));
    const aiMesh &arms = *scene->mMeshes[0]; // the first skinned mesh holds them
    ASSERT_EQ(arms.mNumBones, 4u);
    EXPECT_STREQ(arms.mBones[0]->mName.C_Str(), "Hand");
    EXPECT_STREQ(arms.mBones[3]->mName.C_Str(), "Arms");
    EXPECT_EQ(arms.mBones[3]->mNumWeights, 0u);
    EXPECT_FLOAT_EQ(arms.mBones[3]->mOffsetMatrix.a4, -1.f); // mesh space (ArmsMesh) to Arms' space
    EXPECT_EQ(scene->mMeshes[1]->mNumBones, 1u);
    // Joined once: every node above a bone is one now.
    EXPECT_TRUE(assimp_retro::JoinSkeletonsForCollada(*scene).empty());
    EXPECT_FALSE(assimp_retro::WrapAnimatedRootChildrenForCollada(*scene)); // "Scene Root" holds bones

    // Assimp's exporter writes every node from "Scene Root" down as a JOINT.
    const std::string path = retro_test::OutputPath("Export/collada/first_person.dae");
    std::string error;
    ASSERT_TRUE(assimp_retro::ExportCollada(*scene, path, &error)) << error;
    const std::vector<uint8_t> bytes = retro_test::ReadFile(path);
    const std::string dae(bytes.begin(), bytes.end());
    for (const char *name : {"Scene Root", "Arms", "Hand", "Prop", "Gun"}) {
        const std::regex joint("<node [^>]*name=\"" + std::string(name) + "\"[^>]*type=\"JOINT\"");
        EXPECT_TRUE(std::regex_search(dae, joint)) << name << " is no JOINT in " << path;
    }
    Assimp::Importer reader;
    const aiScene *back = reader.ReadFile(path, 0);
    ASSERT_NE(back, nullptr) << reader.GetErrorString();
    EXPECT_EQ(back->mNumAnimations, 1u);
}

TEST(ColladaRoots, OneSkeletonAndSkeletonsBelowTwoTopNodesAreNotJoined) {
    // Root -> Top -> Rig -> Pelvis (the only bone): the bones' common ancestor is a bone.
    auto single = MakeBuriedSkeletonScene(aiMatrix4x4());
    EXPECT_TRUE(assimp_retro::JoinSkeletonsForCollada(*single).empty());
    EXPECT_EQ(single->mMeshes[0]->mNumBones, 1u);
    // Root -> "Scene Root" -> ... Hand, and Root -> Prop -> Gun: only the root holds both.
    auto apart = MakeFirstPersonScene();
    aiNode *top = apart->mRootNode->mChildren[0];
    aiNode *prop = top->mChildren[1];
    top->mNumChildren = 1;
    prop->mParent = nullptr;
    apart->mRootNode->addChildren(1, &prop);
    EXPECT_TRUE(assimp_retro::JoinSkeletonsForCollada(*apart).empty());
    EXPECT_EQ(apart->mMeshes[0]->mNumBones, 1u);
}

} // namespace
