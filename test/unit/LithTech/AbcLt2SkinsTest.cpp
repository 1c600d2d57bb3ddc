// ABC v9+ skins: each piece's material index has its own material, and the
// skin list property (AI_CONFIG_IMPORT_ABC_SKINS) textures them by index.
#include "AbcLt2TestHelpers.h"

#include <assimp_retro/assimp_retro.h>

#include <assimp/Importer.hpp>
#include <assimp/scene.h>

#include <gtest/gtest.h>

#include <cstdlib>

namespace w = abcv9_writer;

TEST(AbcLt2Skins, SkinListTexturesEachMaterialIndex) {
    const std::string marker = retro_test::OutputPath("AbcLt2/skins/x");
    const std::string folder = marker.substr(0, marker.size() - 1);
    // Pieces Body and Arms use material index 0, Head index 3.
    retro_test::WriteFile(folder + "knight.abc", w::Write(w::MakeTestModel(13, 1)));
    retro_test::WriteFile(folder + "skins/body.dtx", retro_test::ReadFile(retro_test::CorpusPath("kpc-tree/SKINS/DECOS/FLAG.DTX")));
    retro_test::WriteFile(folder + "skins/head.dtx",
            retro_test::ReadFile(retro_test::CorpusPath("kpc-tree/SKINS/CREATURES/BATWING.DTX")));

    Assimp::Importer importer;
    importer.SetPropertyString(AI_CONFIG_IMPORT_ABC_SKINS, "skins\\BODY.DTX; ; ;skins/head.dtx");
    importer.SetPropertyBool(AI_CONFIG_IMPORT_ABC_CHILD_MODELS, false);
    const aiScene *scene = retro_test::Import(importer, folder + "knight.abc");
    ASSERT_NE(scene, nullptr) << importer.GetErrorString();
    ASSERT_EQ(scene->mNumMaterials, 2u);
    ASSERT_EQ(scene->mNumTextures, 2u);
    for (unsigned i = 0; i < scene->mNumMaterials; ++i) {
        int index = -1;
        ASSERT_EQ(scene->mMaterials[i]->Get("$abc.materialIndex", 0, 0, index), AI_SUCCESS);
        aiString path;
        ASSERT_EQ(scene->mMaterials[i]->Get(AI_MATKEY_TEXTURE_DIFFUSE(0), path), AI_SUCCESS);
        ASSERT_EQ(path.data[0], '*');
        const aiTexture *texture = scene->mTextures[std::atoi(path.data + 1)];
        EXPECT_STREQ(texture->mFilename.C_Str(), index == 0 ? "skins/body.dtx" : "skins/head.dtx") << index;
        EXPECT_STREQ(texture->achFormatHint, "png");
    }
}
