// The texture pass on a hand-built scene with writer-made DTX skins: alpha
// modes from the texture (opaque, MASK with cutoff 0.5, BLEND), an alpha mode
// already on the material wins, one file used twice is embedded once, and the
// embedded PNG holds the decoded pixels.
#include "Common/Texture/TextureEmbedding.h"
#include "support/PngDecoder.h"
#include "support/TestSupport.h"
#include "writers/Texture/TextureWriters.h"

#include <assimp_retro/config.h>

#include <assimp/DefaultIOSystem.h>
#include <assimp/GltfMaterial.h>
#include <assimp/scene.h>

#include <gtest/gtest.h>

#include <filesystem>

namespace {

// An 8x8 DTX v-3 whose texel i has palette colour i and 4-bit alpha alpha4(i).
std::string WriteSkin(const std::string &name, uint8_t (*alpha4)(size_t)) {
    retro_test::tex::Dtx dtx;
    dtx.width = dtx.height = 8;
    dtx.flags = 0x8 | 0x2;
    for (int i = 0; i < 256; ++i) {
        dtx.palette.insert(dtx.palette.end(), {0xff, uint8_t(i), uint8_t(255 - i), uint8_t(i / 2)});
    }
    std::vector<uint8_t> indices(64), alpha(64);
    for (size_t i = 0; i < 64; ++i) {
        indices[i] = static_cast<uint8_t>(i * 3);
        alpha[i] = alpha4(i);
    }
    dtx.mips = {indices};
    dtx.alphaMasks = {retro_test::tex::PackNibbles(alpha)};
    const std::string path = retro_test::OutputPath("TextureMaterialAlpha/" + name + ".dtx");
    retro_test::WriteFile(path, retro_test::tex::WriteDtx(dtx));
    return path;
}

std::string Alpha(const aiMaterial &material) {
    aiString mode;
    return material.Get(AI_MATKEY_GLTF_ALPHAMODE, mode) == AI_SUCCESS ? mode.C_Str() : "";
}

std::string Diffuse(const aiMaterial &material) {
    aiString path;
    return material.Get(AI_MATKEY_TEXTURE_DIFFUSE(0), path) == AI_SUCCESS ? path.C_Str() : "";
}

} // namespace

TEST(TextureMaterialAlpha, ModesFromTheTextureUnlessTheMaterialHasOne) {
    const std::string opaque = WriteSkin("opaque", [](size_t) -> uint8_t { return 15; });
    const std::string mask = WriteSkin("mask", [](size_t i) -> uint8_t { return i % 2 ? 15 : 0; });
    const std::string blend = WriteSkin("blend", [](size_t i) -> uint8_t { return uint8_t(i % 16); });

    aiScene scene;
    scene.mNumMaterials = 5;
    scene.mMaterials = new aiMaterial *[5];
    for (unsigned i = 0; i < 5; ++i) {
        scene.mMaterials[i] = new aiMaterial();
    }
    const aiString flagged("BLEND"); // e.g. a P3D alpha face flag
    scene.mMaterials[3]->AddProperty(&flagged, AI_MATKEY_GLTF_ALPHAMODE);

    const std::vector<assimp_retro::MaterialTexture> textures = {
            {"skins/opaque.dtx", opaque, ""}, {"skins/mask.dtx", mask, ""}, {"skins/blend.dtx", blend, ""},
            {"skins/mask.dtx", mask, ""}, {"", "", ""}};
    Assimp::DefaultIOSystem io;
    assimp_retro::TextureOptions options;
    EXPECT_EQ(assimp_retro::ApplyMaterialTextures(scene, textures, &io, options, "TEST"), 4u);

    ASSERT_EQ(scene.mNumTextures, 3u) << "mask.dtx is embedded once";
    EXPECT_EQ(Diffuse(*scene.mMaterials[0]), "*0");
    EXPECT_EQ(Diffuse(*scene.mMaterials[1]), "*1");
    EXPECT_EQ(Diffuse(*scene.mMaterials[2]), "*2");
    EXPECT_EQ(Diffuse(*scene.mMaterials[3]), "*1");
    EXPECT_EQ(Diffuse(*scene.mMaterials[4]), "");
    EXPECT_EQ(Alpha(*scene.mMaterials[0]), "");
    EXPECT_EQ(Alpha(*scene.mMaterials[1]), "MASK");
    float cutoff = 0.f;
    EXPECT_EQ(scene.mMaterials[1]->Get(AI_MATKEY_GLTF_ALPHACUTOFF, cutoff), AI_SUCCESS);
    EXPECT_FLOAT_EQ(cutoff, 0.5f);
    EXPECT_EQ(Alpha(*scene.mMaterials[2]), "BLEND");
    EXPECT_EQ(Alpha(*scene.mMaterials[3]), "BLEND") << "the material's own mode wins";
    EXPECT_STREQ(scene.mTextures[1]->mFilename.C_Str(), "skins/mask.dtx");

    // The embedded PNG holds the decoded texels: texel 1 is palette colour 3, alpha 15 -> 255.
    retro_test::PngImage png;
    std::string error;
    const auto *bytes = reinterpret_cast<const uint8_t *>(scene.mTextures[1]->pcData);
    ASSERT_TRUE(retro_test::DecodePng(std::vector<uint8_t>(bytes, bytes + scene.mTextures[1]->mWidth), png, error))
            << error;
    ASSERT_EQ(png.width, 8u);
    EXPECT_EQ(std::vector<uint8_t>(png.rgba.begin() + 4, png.rgba.begin() + 8),
            (std::vector<uint8_t>{3, 252, 1, 255}));
    EXPECT_EQ(png.rgba[3], 0) << "texel 0 has alpha 0";
}
