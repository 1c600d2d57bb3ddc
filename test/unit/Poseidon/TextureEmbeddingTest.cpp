// Textures through the importers: P3D and ABC models with their textures
// found, decoded and embedded as PNG; missing and corrupt textures; the
// properties; and the tool (batch GLB with the Khronos validator, OBJ with
// PNG files beside it).
#include "Common/Texture/TextureEmbedding.h"
#include "support/TestSupport.h"
#include "writers/Poseidon/P3dWriter.h"

#include <assimp_retro/assimp_retro.h>
#include <assimp_retro/texture_cache.h>

#include <assimp/DefaultIOSystem.h>
#include <assimp/DefaultLogger.hpp>
#include <assimp/GltfMaterial.h>
#include <assimp/Importer.hpp>
#include <assimp/LogStream.hpp>
#include <assimp/scene.h>

#include <gtest/gtest.h>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace fs = std::filesystem;

namespace {

// Collects Assimp's warnings while it lives.
class WarningCatcher : public Assimp::LogStream {
public:
    WarningCatcher() {
        Assimp::DefaultLogger::create("", Assimp::Logger::NORMAL);
        Assimp::DefaultLogger::get()->attachStream(this, Assimp::Logger::Warn);
    }
    ~WarningCatcher() override {
        Assimp::DefaultLogger::get()->detachStream(this, Assimp::Logger::Warn);
        Assimp::DefaultLogger::kill();
    }
    void write(const char *message) override { text += message; }
    std::string text;
};

std::string DiffusePath(const aiMaterial &material) {
    aiString path;
    return material.Get(AI_MATKEY_TEXTURE_DIFFUSE(0), path) == AI_SUCCESS ? path.C_Str() : "";
}

std::string SourcePath(const aiMaterial &material) {
    aiString path;
    return material.Get(AI_MATKEY_RETRO_SOURCE_TEXTURE, aiTextureType_DIFFUSE, 0, path) == AI_SUCCESS ? path.C_Str()
                                                                                                        : "";
}

[[maybe_unused]] std::string AlphaMode(const aiMaterial &material) {
    aiString mode;
    return material.Get(AI_MATKEY_GLTF_ALPHAMODE, mode) == AI_SUCCESS ? mode.C_Str() : "";
}

bool IsPng(const aiTexture &texture) {
    static const uint8_t kSignature[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
    return texture.mHeight == 0 && texture.mWidth > 8 && std::strcmp(texture.achFormatHint, "png") == 0 &&
           std::memcmp(texture.pcData, kSignature, 8) == 0;
}

const aiMaterial *MaterialNamed(const aiScene &scene, const std::string &name) {
    for (unsigned i = 0; i < scene.mNumMaterials; ++i) {
        aiString materialName;
        scene.mMaterials[i]->Get(AI_MATKEY_NAME, materialName);
        if (name == materialName.C_Str()) {
            return scene.mMaterials[i];
        }
    }
    return nullptr;
}

// A game folder: <root>/Model/grid.p3d (writer-made, naming data\grid_a.paa
// and data\grid_b.pac), <root>/DATA/Grid_A.paa a real PAA, and GRID_B.PAC
// `gridB` (a corrupt texture unless given).
fs::path MakeP3dGame(const std::string &name, const std::vector<uint8_t> &gridB) {
    const fs::path root = fs::path(retro_test::OutputPath("embed/" + name + "/x")).parent_path();
    fs::remove_all(root);
    retro_test::WriteFile((root / "Model/grid.p3d").string(), retro_test::p3d::WriteOdol(retro_test::p3d::GridModel(2)));
    retro_test::WriteFile((root / "DATA/Grid_A.paa").string(),
            retro_test::ReadFile(retro_test::CorpusPath("tex/cwr_synthetic_argb4444.paa")));
    if (!gridB.empty()) {
        retro_test::WriteFile((root / "DATA/GRID_B.PAC").string(), gridB);
    }
    return root;
}

} // namespace

TEST(TextureEmbedding, OfpTreeEmbedsTheTomahawkTexture) {
    Assimp::Importer importer;
    const aiScene *scene =
            retro_test::Import(importer, retro_test::CorpusPath("ofp-tree/TZK_Objects/Model/Tomahawk_gdtcti_xj200.p3d"));
    ASSERT_NE(scene, nullptr) << importer.GetErrorString();
    ASSERT_EQ(scene->mNumTextures, 1u);
    EXPECT_TRUE(IsPng(*scene->mTextures[0]));
    EXPECT_STREQ(scene->mTextures[0]->mFilename.C_Str(), "tzk_objects\\tomahawk.paa");
    unsigned textured = 0;
    for (unsigned i = 0; i < scene->mNumMaterials; ++i) {
        if (DiffusePath(*scene->mMaterials[i]) == "*0") {
            ++textured;
            EXPECT_EQ(SourcePath(*scene->mMaterials[i]), "tzk_objects\\tomahawk.paa");
        }
    }
    EXPECT_GE(textured, 1u);
}

TEST(TextureEmbedding, TextureBesideTheModelIsFoundWithAssimpsOwnIo) {
    // Model and texture copied into one folder: no candidate of the game's
    // layout exists, the file name beside the model does.
    const fs::path folder = fs::path(retro_test::OutputPath("embed/flat/x")).parent_path();
    fs::remove_all(folder);
    const std::string model = (folder / "Tomahawk_gdtcti_xj200.p3d").string();
    retro_test::WriteFile(model, retro_test::ReadFile(retro_test::CorpusPath("ofp-tree/TZK_Objects/Model/Tomahawk_gdtcti_xj200.p3d")));
    retro_test::WriteFile((folder / "TOMAHAWK.PAA").string(),
            retro_test::ReadFile(retro_test::CorpusPath("ofp-tree/TZK_Objects/tomahawk.paa")));
    Assimp::Importer importer;
    const aiScene *scene = retro_test::Import(importer, model);
    ASSERT_NE(scene, nullptr) << importer.GetErrorString();
    ASSERT_EQ(scene->mNumTextures, 1u);
    EXPECT_TRUE(IsPng(*scene->mTextures[0]));
    EXPECT_STREQ(scene->mTextures[0]->mFilename.C_Str(), "tzk_objects\\tomahawk.paa");
}

TEST(TextureEmbedding, OnlyAssimpsOwnIoSystemCountsAsTheDisk) {
    Assimp::Importer importer;
    EXPECT_TRUE(assimp_retro::ReadTextureOptions(&importer).diskIo);
    // A subclass may serve files the disk does not have: it is asked about each candidate.
    class CustomIo : public Assimp::DefaultIOSystem {};
    importer.SetIOHandler(new CustomIo()); // the Importer owns it
    EXPECT_FALSE(assimp_retro::ReadTextureOptions(&importer).diskIo);
}

TEST(TextureEmbedding, KpcSkinIsEmbedded) {
    Assimp::Importer importer;
    const aiScene *scene = retro_test::Import(importer, retro_test::CorpusPath("kpc-tree/MODELS/DECOS/FLAG.ABC"));
    ASSERT_NE(scene, nullptr) << importer.GetErrorString();
    ASSERT_EQ(scene->mNumTextures, 1u);
    EXPECT_TRUE(IsPng(*scene->mTextures[0]));
    EXPECT_STREQ(scene->mTextures[0]->mFilename.C_Str(), "SKINS/DECOS/FLAG.DTX");
    ASSERT_EQ(scene->mNumMaterials, 1u);
    EXPECT_EQ(DiffusePath(*scene->mMaterials[0]), "*0");
    EXPECT_EQ(SourcePath(*scene->mMaterials[0]), "SKINS/DECOS/FLAG.DTX");
}

TEST(TextureEmbedding, CorruptTextureWarnsAndLeavesTheMaterialUntextured) {
    const fs::path root = MakeP3dGame("corrupt", {'G', 'G', 'A', 'T', 1, 2, 3});
    WarningCatcher warnings;
    Assimp::Importer importer;
    const aiScene *scene = retro_test::Import(importer, (root / "Model/grid.p3d").string());
    ASSERT_NE(scene, nullptr) << importer.GetErrorString();
    ASSERT_EQ(scene->mNumTextures, 1u) << "only the good texture is embedded";
    EXPECT_STREQ(scene->mTextures[0]->mFilename.C_Str(), "data\\grid_a.paa");
    const aiMaterial *good = MaterialNamed(*scene, "data\\grid_a.paa");
    const aiMaterial *bad = MaterialNamed(*scene, "data\\grid_b.pac");
    ASSERT_TRUE(good && bad);
    EXPECT_EQ(DiffusePath(*good), "*0");
    EXPECT_EQ(DiffusePath(*bad), "");
    EXPECT_EQ(SourcePath(*bad), "data\\grid_b.pac");
    EXPECT_NE(warnings.text.find("P3D: texture 'data\\grid_b.pac' cannot be used, the material stays untextured"),
            std::string::npos)
            << warnings.text;
}

TEST(TextureEmbedding, MissingTextureWarnsAndKeepsThePath) {
    const fs::path root = MakeP3dGame("missing", {});
    WarningCatcher warnings;
    Assimp::Importer importer;
    const aiScene *scene = retro_test::Import(importer, (root / "Model/grid.p3d").string());
    ASSERT_NE(scene, nullptr) << importer.GetErrorString();
    const aiMaterial *bad = MaterialNamed(*scene, "data\\grid_b.pac");
    ASSERT_TRUE(bad);
    EXPECT_EQ(DiffusePath(*bad), "data\\grid_b.pac");
    EXPECT_NE(warnings.text.find("P3D: texture 'data\\grid_b.pac' not found"), std::string::npos) << warnings.text;
}

TEST(TextureEmbedding, OneFileUsedTwiceIsEmbeddedOnce) {
    const fs::path root = MakeP3dGame("shared", {});
    fs::copy_file(root / "DATA/Grid_A.paa", root / "DATA/grid_b.paa"); // found for grid_b.pac by the .paa swap
    Assimp::Importer importer;
    importer.SetPropertyInteger(AI_CONFIG_IMPORT_P3D_LODS, 0);
    const aiScene *scene = retro_test::Import(importer, (root / "Model/grid.p3d").string());
    ASSERT_NE(scene, nullptr) << importer.GetErrorString();
    EXPECT_EQ(scene->mNumTextures, 2u);
    EXPECT_STREQ(scene->mTextures[1]->mFilename.C_Str(), "data\\grid_b.pac");
}

TEST(TextureEmbedding, PropertiesSwitchEmbeddingAndTexturesOff) {
    const fs::path root = MakeP3dGame("options", {});
    const std::string model = (root / "Model/grid.p3d").string();
    {
        Assimp::Importer importer;
        importer.SetPropertyBool(AI_CONFIG_IMPORT_RETRO_EMBED_TEXTURES, false);
        const aiScene *scene = retro_test::Import(importer, model);
        ASSERT_NE(scene, nullptr);
        EXPECT_EQ(scene->mNumTextures, 0u);
        const aiMaterial *good = MaterialNamed(*scene, "data\\grid_a.paa");
        ASSERT_TRUE(good);
        EXPECT_EQ(fs::path(DiffusePath(*good)).filename().string(), "Grid_A.paa");
        EXPECT_EQ(SourcePath(*good), "data\\grid_a.paa");
    }
    {
        Assimp::Importer importer;
        importer.SetPropertyBool(AI_CONFIG_IMPORT_RETRO_TEXTURES, false);
        const aiScene *scene = retro_test::Import(importer, model);
        ASSERT_NE(scene, nullptr);
        EXPECT_EQ(scene->mNumTextures, 0u);
        EXPECT_EQ(DiffusePath(*MaterialNamed(*scene, "data\\grid_a.paa")), "data\\grid_a.paa");
    }
}

TEST(TextureEmbedding, SharedCacheDecodesOnceForManyImports) {
    const fs::path root = MakeP3dGame("cache", {'x'});
    assimp_retro::TextureCache cache;
    for (int i = 0; i < 3; ++i) {
        Assimp::Importer importer;
        importer.SetPropertyPointer(AI_CONFIG_IMPORT_RETRO_TEXTURE_CACHE, &cache);
        const aiScene *scene = retro_test::Import(importer, (root / "Model/grid.p3d").string());
        ASSERT_NE(scene, nullptr);
        EXPECT_EQ(scene->mNumTextures, 1u);
    }
    EXPECT_EQ(cache.Made(), 2u) << "one good, one corrupt texture";
    EXPECT_EQ(cache.Reused(), 4u);
}

TEST(TextureEmbedding, AbcSkinListOption) {
    Assimp::Importer importer;
    importer.SetPropertyString(AI_CONFIG_IMPORT_ABC_SKINS, retro_test::CorpusPath("kpc-tree/SKINS/CREATURES/BATWING.DTX"));
    const aiScene *scene = retro_test::Import(importer, retro_test::CorpusPath("kpc-tree/MODELS/DECOS/FLAG.ABC"));
    ASSERT_NE(scene, nullptr) << importer.GetErrorString();
    ASSERT_EQ(scene->mNumTextures, 1u);
    EXPECT_NE(std::string(scene->mTextures[0]->mFilename.C_Str()).find("BATWING.DTX"), std::string::npos);
}
