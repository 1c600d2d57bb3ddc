// Names with embedded NUL bytes in a v6 file (u16-length strings whose bytes
// hold a NUL, as a corrupted length produces): the scene holds the text up to
// the first NUL and passes Assimp's validator, where the importer used to hand
// Assimp an invalid aiString (the glTF exporter crashed on it).
#include "AbcTestHelpers.h"

#include "writers/LithTech/AbcV6Writer.h"

#include <assimp/Importer.hpp>

#include <gtest/gtest.h>

#include <cstring>
#include <string>

using namespace std::string_literals;

TEST(AbcNulNames, NamesAreCutAtTheFirstNul) {
    retro_test::abcv6::File file = retro_test::abcv6::SkinnedFixture();
    ASSERT_EQ(file.nodes[1].name, "Body");
    file.nodes[1].name = "Body\0\x7f\x01junk"s;
    file.animations[0].name = "idle\0x"s;
    file.animations[0].keyframes[1].command = "fire_key\0\0"s;
    file.command = "\0command"s;
    Assimp::Importer importer;
    const aiScene *scene = abc_test::ImportAbc(importer, retro_test::abcv6::Write(file).bytes);
    ASSERT_NE(scene, nullptr) << importer.GetErrorString();
    EXPECT_NE(abc_test::FindNode(scene->mRootNode, "Body"), nullptr);
    ASSERT_EQ(scene->mNumAnimations, 2u);
    EXPECT_STREQ(scene->mAnimations[0]->mName.C_Str(), "idle");
    EXPECT_EQ(scene->mAnimations[0]->mName.length, 4u);
    for (unsigned m = 0; m < scene->mNumMeshes; ++m) {
        for (unsigned b = 0; b < scene->mMeshes[m]->mNumBones; ++b) {
            const aiString &name = scene->mMeshes[m]->mBones[b]->mName;
            EXPECT_EQ(std::strlen(name.C_Str()), name.length);
            EXPECT_NE(abc_test::FindNode(scene->mRootNode, name.C_Str()), nullptr) << name.C_Str();
        }
    }
}
