// AnimationSubset (scene_export.h): the scene shows the animations chosen, in
// the order chosen, with "<format>:anim<i>.*" renumbered and LithTech's own
// binding list kept for the animations shown; destroyed, it gives the scene
// back as it was.
#include <assimp_retro/scene_export.h>

#include <assimp/scene.h>

#include <gtest/gtest.h>

#include <map>
#include <memory>
#include <string>

namespace {

std::unique_ptr<aiScene> ThreeAnimations() {
    std::unique_ptr<aiScene> scene(new aiScene());
    scene->mRootNode = new aiNode("root");
    scene->mNumAnimations = 3;
    scene->mAnimations = new aiAnimation *[3];
    const char *names[] = {"walk", "idle", "run"};
    for (unsigned a = 0; a < 3; ++a) {
        scene->mAnimations[a] = new aiAnimation();
        scene->mAnimations[a]->mName = aiString(names[a]);
    }
    aiMetadata *meta = aiMetadata::Alloc(10);
    meta->Set(0, "abc:version", int32_t(12));
    meta->Set(1, "abc:anim0.name", aiString("walk"));
    meta->Set(2, "abc:anim1.name", aiString("idle"));
    meta->Set(3, "abc:anim2.name", aiString("run"));
    meta->Set(4, "abc:anim2.key1.command", aiString("SOUND run"));
    meta->Set(5, "abc:animBinding0.0.name", aiString("idle"));
    meta->Set(6, "abc:animBinding0.1.name", aiString("run"));
    meta->Set(7, "abc:animBinding0.1.dims", aiVector3D(1, 2, 3));
    meta->Set(8, "abc:animBinding1.0.name", aiString("child_anim"));
    meta->Set(9, "abc:anim12", int32_t(5)); // no field: not keyed by an animation
    scene->mMetaData = meta;
    return scene;
}

std::map<std::string, std::string> Keys(const aiScene &scene) {
    std::map<std::string, std::string> keys;
    for (unsigned i = 0; scene.mMetaData && i < scene.mMetaData->mNumProperties; ++i) {
        aiString text;
        std::string value = scene.mMetaData->Get(i, text) ? text.C_Str() : "#";
        keys[scene.mMetaData->mKeys[i].C_Str()] = value;
    }
    return keys;
}

} // namespace

TEST(AnimationSubset, ShowsTheChosenAnimationsWithTheirMetadata) {
    std::unique_ptr<aiScene> scene = ThreeAnimations();
    aiAnimation **own = scene->mAnimations;
    const aiMetadata *ownMeta = scene->mMetaData;
    {
        assimp_retro::AnimationSubset subset(*scene);
        EXPECT_EQ(subset.Count(), 3u);
        subset.Select({2, 0});
        ASSERT_EQ(scene->mNumAnimations, 2u);
        EXPECT_STREQ(scene->mAnimations[0]->mName.C_Str(), "run");
        EXPECT_STREQ(scene->mAnimations[1]->mName.C_Str(), "walk");
        const std::map<std::string, std::string> expected = {{"abc:version", "#"}, {"abc:anim0.name", "run"},
                {"abc:anim0.key1.command", "SOUND run"}, {"abc:anim1.name", "walk"},
                {"abc:animBinding0.0.name", "run"}, {"abc:animBinding0.0.dims", "#"},
                {"abc:animBinding1.0.name", "child_anim"}, {"abc:anim12", "#"}};
        EXPECT_EQ(Keys(*scene), expected);
        subset.Select({});
        EXPECT_EQ(scene->mNumAnimations, 0u);
        EXPECT_EQ(scene->mAnimations, nullptr);
        EXPECT_EQ(Keys(*scene), (std::map<std::string, std::string>{{"abc:version", "#"},
                                        {"abc:animBinding1.0.name", "child_anim"}, {"abc:anim12", "#"}}));
        subset.Select({1});
        EXPECT_EQ(Keys(*scene).at("abc:anim0.name"), "idle");
        EXPECT_EQ(Keys(*scene).at("abc:animBinding0.0.name"), "idle");
        EXPECT_THROW(subset.Select({3}), std::out_of_range);
    }
    EXPECT_EQ(scene->mAnimations, own);
    EXPECT_EQ(scene->mNumAnimations, 3u);
    EXPECT_EQ(scene->mMetaData, ownMeta);
    EXPECT_EQ(Keys(*scene).size(), 10u);
}
