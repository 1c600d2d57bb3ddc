// An instance name with bytes after its NUL in the name table: the scene holds
// the text up to the first NUL and passes Assimp's validator.
#include "writers/Oni/ObanWriter.h"
#include "support/TestSupport.h"

#include <assimp/Importer.hpp>
#include <assimp/scene.h>

#include <gtest/gtest.h>

#include <string>

using namespace std::string_literals;

TEST(ObanNulNames, InstanceNameIsCutAtTheFirstNul) {
    retro_test::oban::Animation animation;
    animation.keys = {{{0, 0, 0, 1}, {1, 2, 3}, 0}};
    Assimp::Importer importer;
    const aiScene *scene = retro_test::ImportMemory(importer, retro_test::oban::WriteOni(animation, "OBANdoor\0junk"s), "oni");
    ASSERT_NE(scene, nullptr) << importer.GetErrorString();
    ASSERT_EQ(scene->mNumAnimations, 1u);
    EXPECT_STREQ(scene->mAnimations[0]->mName.C_Str(), "OBANdoor");
    EXPECT_EQ(scene->mAnimations[0]->mName.length, 8u);
    ASSERT_EQ(scene->mAnimations[0]->mNumChannels, 1u);
    EXPECT_STREQ(scene->mAnimations[0]->mChannels[0]->mNodeName.C_Str(), "door");
    EXPECT_NE(scene->mRootNode->FindNode("door"), nullptr);
}
