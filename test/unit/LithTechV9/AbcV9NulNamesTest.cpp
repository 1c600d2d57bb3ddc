// Names with embedded NUL bytes in a v9+ file (u16-length strings whose bytes
// hold a NUL, as a corrupted length produces): the scene holds the text up to
// the first NUL and passes Assimp's validator, where the importer used to hand
// Assimp an invalid aiString (the glTF exporter crashed on it).
#include "AbcV9TestHelpers.h"

#include <string>

namespace w = abcv9_writer;
using namespace abcv9_test;
using namespace std::string_literals;

TEST(AbcV9NulNames, NamesAreCutAtTheFirstNul) {
    w::Model model = w::MakeTestModel(12);
    ASSERT_EQ(model.nodes[1].name, "Torso");
    model.nodes[1].name = "Torso\0\x01\x02junk"s;
    model.pieces[0].name = "Body\0x"s;
    model.sockets[0].name = "Muzzle\0\0"s;
    model.animations[0].name = "\0hidden"s;
    model.weightSets[0].name = "Upper\0y"s;
    Assimp::Importer importer;
    const aiScene *scene = ImportV9Bytes(importer, w::Write(model), "nul_names.abc");
    ASSERT_NE(scene, nullptr) << importer.GetErrorString();
    EXPECT_NE(FindNode(scene, "Torso"), nullptr);
    EXPECT_NE(FindNode(scene, "Muzzle"), nullptr);
    ASSERT_GE(scene->mNumAnimations, 1u);
    for (unsigned a = 0; a < scene->mNumAnimations; ++a) {
        const aiString &name = scene->mAnimations[a]->mName;
        EXPECT_EQ(std::strlen(name.C_Str()), name.length) << a;
    }
    for (unsigned m = 0; m < scene->mNumMeshes; ++m) {
        const aiString &name = scene->mMeshes[m]->mName;
        EXPECT_EQ(std::strlen(name.C_Str()), name.length) << m;
        for (unsigned b = 0; b < scene->mMeshes[m]->mNumBones; ++b) {
            EXPECT_NE(FindNode(scene, scene->mMeshes[m]->mBones[b]->mName.C_Str()), nullptr);
        }
    }
}
