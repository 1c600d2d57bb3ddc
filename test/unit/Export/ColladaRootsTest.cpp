// WrapAnimatedRootChildrenForCollada: an identity node above animated top
// nodes that hold no skeleton, so that Blender's Y-up to Z-up rotation of the
// COLLADA file's top node is not replaced by their animation.
#include "support/TestSupport.h"

#include <assimp_retro/collada_export.h>
#include "support/GltfTestScenes.h"

#include <assimp/Exporter.hpp>
#include <assimp/Importer.hpp>
#include <assimp/config.h>
#include <assimp/scene.h>

#include <gtest/gtest.h>

#include <memory>
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

} // namespace
