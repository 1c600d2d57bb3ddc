// The p3d exporter writes the scene's images as PAA/PAC files at the game
// paths the MLOD names, under the game folder (docs/export-ofp.md
// "Textures"): the type from the image, the place from the output or
// AI_CONFIG_EXPORT_P3D_GAME_ROOT, refusals for what OFP cannot take.
#include "AssetLib/Poseidon/P3dTextureFiles.h"
#include "Common/Texture/Texture.h"
#include "P3dTestScenes.h"
#include "support/LogCapture.h"
#include "support/PngDecoder.h"
#include "support/TestSupport.h"

#include <assimp_retro/assimp_retro.h>
#include <assimp_retro/config.h>

#include <assimp/Exporter.hpp>
#include <assimp/Importer.hpp>
#include <assimp/material.h>
#include <assimp/scene.h>
#include <assimp/texture.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <functional>

namespace fs = std::filesystem;
using assimp_retro::p3d::TextureFileLocation;

namespace {

/// A fresh folder under the test output.
std::string CleanFolder(const std::string &name) {
    const std::string folder = retro_test::OutputPath("P3dExportTextures/" + name);
    fs::remove_all(fs::u8path(folder));
    fs::create_directories(fs::u8path(folder));
    return folder;
}

bool ExportP3dFile(const aiScene *scene, const std::string &path, const Assimp::ExportProperties &properties,
        std::string *error = nullptr) {
    Assimp::Exporter exporter;
    assimp_retro::RegisterExporters(exporter);
    const bool ok = exporter.Export(scene, "p3d", path, 0u, &properties) == AI_SUCCESS;
    if (error) {
        *error = exporter.GetErrorString();
    }
    return ok;
}

/// An image of w x h texels, each from `texel(x, y)` as RGBA.
assimp_retro::RgbaImage MakeImage(uint32_t w, uint32_t h, const std::function<uint32_t(uint32_t, uint32_t)> &texel) {
    assimp_retro::RgbaImage image;
    image.width = w;
    image.height = h;
    for (uint32_t y = 0; y < h; ++y) {
        for (uint32_t x = 0; x < w; ++x) {
            const uint32_t rgba = texel(x, y);
            for (int shift : {24, 16, 8, 0}) {
                image.pixels.push_back(static_cast<uint8_t>(rgba >> shift));
            }
        }
    }
    return image;
}

/// Gives material 0 of `scene` `image` as an uncompressed embedded texture
/// ("*0" in the diffuse slot) with the game path `gamePath`.
void EmbedImage(aiScene &scene, const assimp_retro::RgbaImage &image, const std::string &gamePath) {
    aiTexture *texture = new aiTexture();
    texture->mWidth = image.width;
    texture->mHeight = image.height;
    texture->pcData = new aiTexel[size_t(image.width) * image.height];
    for (size_t i = 0; i < size_t(image.width) * image.height; ++i) {
        texture->pcData[i].r = image.pixels[i * 4];
        texture->pcData[i].g = image.pixels[i * 4 + 1];
        texture->pcData[i].b = image.pixels[i * 4 + 2];
        texture->pcData[i].a = image.pixels[i * 4 + 3];
    }
    scene.mNumTextures = 1;
    scene.mTextures = new aiTexture *[1]{texture};
    const aiString slot("*0"), path(gamePath);
    scene.mMaterials[0]->AddProperty(&slot, AI_MATKEY_TEXTURE_DIFFUSE(0));
    scene.mMaterials[0]->AddProperty(&path, AI_MATKEY_RETRO_SOURCE_TEXTURE, aiTextureType_DIFFUSE, 0);
}

assimp_retro::DecodedTexture DecodeFile(const std::string &path) {
    const std::vector<uint8_t> bytes = retro_test::ReadFile(path);
    return assimp_retro::DecodeTexture(bytes.data(), bytes.size(), path);
}

/// The largest difference of any channel of any texel (images of one size);
/// the colour of a texel transparent in both does not count (a PAC gives
/// those the average colour, DXT1 black).
int LargestDifference(const std::vector<uint8_t> &a, const std::vector<uint8_t> &b) {
    int largest = 0;
    for (size_t i = 0; i < std::min(a.size(), b.size()); ++i) {
        const size_t alpha = i - i % 4 + 3;
        if (i != alpha && a[alpha] == 0 && b[alpha] == 0) {
            continue;
        }
        largest = std::max(largest, std::abs(int(a[i]) - int(b[i])));
    }
    return largest;
}

std::vector<std::string> FilesUnder(const std::string &folder) {
    std::vector<std::string> files;
    for (const auto &entry : fs::recursive_directory_iterator(fs::u8path(folder))) {
        if (entry.is_regular_file()) {
            files.push_back(fs::relative(entry.path(), fs::u8path(folder)).generic_u8string());
        }
    }
    std::sort(files.begin(), files.end());
    return files;
}

} // namespace

// The committed Blender vehicle (a packed 16x16 checker on the hull): the
// texture goes to the game path the MLOD names, as DXT1 (opaque), and the
// importer finds it there again.
TEST(P3dExportTextures, BlenderVehicleTextureIsWrittenAsPaaAtItsGamePath) {
    Assimp::Importer glbImporter;
    const aiScene *glb =
            retro_test::Import(glbImporter, std::string(ASSIMP_RETRO_SOURCE_DIR) + "/test/models/p3d/vehicle_lods.glb");
    ASSERT_NE(glb, nullptr) << glbImporter.GetErrorString();
    ASSERT_EQ(glb->mNumTextures, 1u);
    retro_test::PngImage source;
    std::string error;
    ASSERT_TRUE(retro_test::DecodePng(std::vector<uint8_t>(reinterpret_cast<const uint8_t *>(glb->mTextures[0]->pcData),
                                              reinterpret_cast<const uint8_t *>(glb->mTextures[0]->pcData) +
                                                      glb->mTextures[0]->mWidth),
            source, error))
            << error;

    // The output lies in the add-on's folder: the game folder is the one above.
    const std::string folder = CleanFolder("vehicle");
    const std::string model = folder + "/myaddon/vehicle.p3d";
    fs::create_directories(fs::u8path(folder + "/myaddon"));
    Assimp::ExportProperties properties;
    properties.SetPropertyString(AI_CONFIG_EXPORT_P3D_TEXTURE_ROOT, "myaddon\\tex");
    ASSERT_TRUE(ExportP3dFile(glb, model, properties, &error)) << error;
    EXPECT_EQ(FilesUnder(folder), (std::vector<std::string>{"myaddon/tex/hull.paa", "myaddon/vehicle.p3d"}));

    const std::string paa = folder + "/myaddon/tex/hull.paa";
    const std::vector<uint8_t> bytes = retro_test::ReadFile(paa);
    ASSERT_GE(bytes.size(), 2u);
    EXPECT_EQ(bytes[0] | bytes[1] << 8, 0xFF01); // DXT1: the image is opaque
    const assimp_retro::DecodedTexture written = DecodeFile(paa);
    EXPECT_EQ(written.format, "PAA DXT1");
    ASSERT_EQ(written.image.width, source.width);
    ASSERT_EQ(written.image.height, source.height);
    // Each 4x4 block is one checker square: DXT1 only rounds it to RGB565.
    EXPECT_LE(LargestDifference(written.image.pixels, source.rgba), 4);

    // The MLOD names the path, and the importer finds the file there.
    Assimp::Importer back;
    back.SetPropertyInteger(AI_CONFIG_IMPORT_P3D_LODS, 2);
    const aiScene *p3d = retro_test::Import(back, model);
    ASSERT_NE(p3d, nullptr) << back.GetErrorString();
    const aiNode *lod1 = p3d->mRootNode->FindNode("LOD 1.000");
    ASSERT_NE(lod1, nullptr);
    const aiMaterial *material = p3d->mMaterials[p3d->mMeshes[lod1->mMeshes[0]]->mMaterialIndex];
    aiString gamePath, slot;
    ASSERT_EQ(material->Get(AI_MATKEY_RETRO_SOURCE_TEXTURE, aiTextureType_DIFFUSE, 0, gamePath), AI_SUCCESS);
    EXPECT_STREQ(gamePath.C_Str(), "myaddon\\tex\\hull.paa");
    ASSERT_EQ(material->Get(AI_MATKEY_TEXTURE_DIFFUSE(0), slot), AI_SUCCESS);
    const aiTexture *found = p3d->GetEmbeddedTexture(slot.C_Str());
    ASSERT_NE(found, nullptr) << "the importer did not find " << paa;
    retro_test::PngImage embedded;
    ASSERT_TRUE(retro_test::DecodePng(std::vector<uint8_t>(reinterpret_cast<const uint8_t *>(found->pcData),
                                              reinterpret_cast<const uint8_t *>(found->pcData) + found->mWidth),
            embedded, error))
            << error;
    EXPECT_EQ(embedded.rgba, written.image.pixels);
}

// AI_CONFIG_EXPORT_P3D_GAME_ROOT puts the game paths under another folder;
// a texture path of one component lies in the output's folder without it.
TEST(P3dExportTextures, GameRootPropertyPlacesTheFiles) {
    const std::string folder = CleanFolder("game_root");
    const auto image = MakeImage(8, 8, [](uint32_t x, uint32_t y) { return (x + y) % 2 ? 0x102030FFu : 0xC0B0A0FFu; });
    auto scene = p3d_test::TriangleScene({"LOD 1.000"}, "");
    EmbedImage(*scene, image, "data\\floor.paa");
    fs::create_directories(fs::u8path(folder + "/out"));
    Assimp::ExportProperties properties;
    properties.SetPropertyString(AI_CONFIG_EXPORT_P3D_GAME_ROOT, folder + "/game");
    std::string error;
    ASSERT_TRUE(ExportP3dFile(scene.get(), folder + "/out/floor.p3d", properties, &error)) << error;
    EXPECT_EQ(FilesUnder(folder), (std::vector<std::string>{"game/data/floor.paa", "out/floor.p3d"}));

    auto single = p3d_test::TriangleScene({"LOD 1.000"}, "");
    EmbedImage(*single, image, "floor.paa");
    ASSERT_TRUE(ExportP3dFile(single.get(), folder + "/out/single.p3d", Assimp::ExportProperties(), &error)) << error;
    EXPECT_TRUE(fs::exists(fs::u8path(folder + "/out/floor.paa")));
}

TEST(P3dExportTextures, TypeComesFromTheImage) {
    const std::string folder = CleanFolder("types");
    struct Case {
        const char *name;
        const char *path;
        std::function<uint32_t(uint32_t, uint32_t)> texel;
        const char *type;
        int tolerance;
    };
    const Case cases[] = {
            // Partial alpha: ARGB4444 (every channel a multiple of 17 comes back exactly).
            {"blend", "data\\glass.paa", [](uint32_t x, uint32_t) { return 0x336699FFu - (x % 4) * 0x22u; },
                    "ARGB4444", 0},
            // Alpha 0 or 255: DXT1 keeps the transparent texels (alpha test).
            {"mask", "data\\fence.paa", [](uint32_t x, uint32_t y) { return (x / 4 + y / 4) % 2 ? 0x808080FFu : 0u; },
                    "DXT1", 4},
            // A .pac of few colours: the palettised type, exact.
            {"palette", "data\\sign.pac",
                    [](uint32_t x, uint32_t y) { return x < 4 ? 0xFF0000FFu : y < 4 ? 0x00FF00FFu : 0u; }, "P8",
                    0},
            // A .pac with partial alpha cannot be palettised: tagged ARGB4444, as the engine reads a .pac too.
            {"pac_blend", "data\\smoke.pac", [](uint32_t x, uint32_t) { return 0xFFFFFF00u | (x * 17); },
                    "ARGB4444", 0},
    };
    for (const Case &c : cases) {
        SCOPED_TRACE(c.name);
        const auto image = MakeImage(16, 8, c.texel);
        auto scene = p3d_test::TriangleScene({"LOD 1.000"}, "");
        EmbedImage(*scene, image, c.path);
        std::string error;
        ASSERT_TRUE(ExportP3dFile(scene.get(), folder + "/" + c.name + ".p3d", Assimp::ExportProperties(), &error))
                << error;
        std::string file = c.path;
        std::replace(file.begin(), file.end(), '\\', '/');
        const assimp_retro::DecodedTexture written = DecodeFile(folder + "/" + file);
        EXPECT_EQ(written.format.substr(4, written.format.find(' ', 4) - 4), c.type); // "PAC P8 palette"
        ASSERT_EQ(written.image.width, 16u);
        ASSERT_EQ(written.image.height, 8u);
        EXPECT_LE(LargestDifference(written.image.pixels, image.pixels), c.tolerance);
    }
}

// What OFP cannot load is refused before anything is written.
TEST(P3dExportTextures, ImageTheGameCannotTakeRefusesTheExport) {
    const std::string folder = CleanFolder("refused");
    auto scene = p3d_test::TriangleScene({"LOD 1.000"}, "");
    EmbedImage(*scene, MakeImage(12, 8, [](uint32_t, uint32_t) { return 0xFFFFFFFFu; }), "data\\odd.paa");
    std::string error;
    EXPECT_FALSE(ExportP3dFile(scene.get(), folder + "/odd.p3d", Assimp::ExportProperties(), &error));
    EXPECT_EQ(error, "P3D export: texture 'data\\odd.paa' from the embedded image of material 0 cannot be an OFP "
                     "texture: texture sides must be powers of two in 4..4096 for DXT1 (the image is 12x8)");
    EXPECT_TRUE(FilesUnder(folder).empty());

    // Without the textures, the model alone is written.
    Assimp::ExportProperties modelOnly;
    modelOnly.SetPropertyBool(AI_CONFIG_EXPORT_P3D_TEXTURES, false);
    EXPECT_TRUE(ExportP3dFile(scene.get(), folder + "/odd.p3d", modelOnly, &error)) << error;
    EXPECT_EQ(FilesUnder(folder), (std::vector<std::string>{"odd.p3d"}));
}

TEST(P3dExportTextures, TwoImagesForOnePathAreRefused) {
    const std::string folder = CleanFolder("two_images");
    auto scene = p3d_test::TriangleScene({"LOD 1.000", "LOD 2.000"}, "");
    EmbedImage(*scene, MakeImage(4, 4, [](uint32_t, uint32_t) { return 0xFF0000FFu; }), "data\\a.paa");
    // A second material with another image under the same path (another case).
    aiMaterial *second = new aiMaterial();
    const aiString slot("*1"), path("DATA\\A.paa");
    second->AddProperty(&slot, AI_MATKEY_TEXTURE_DIFFUSE(0));
    second->AddProperty(&path, AI_MATKEY_RETRO_SOURCE_TEXTURE, aiTextureType_DIFFUSE, 0);
    aiMaterial **materials = new aiMaterial *[2]{scene->mMaterials[0], second};
    delete[] scene->mMaterials;
    scene->mMaterials = materials;
    scene->mNumMaterials = 2;
    scene->mMeshes[1]->mMaterialIndex = 1;
    aiTexture *blue = new aiTexture();
    blue->mWidth = blue->mHeight = 4;
    blue->pcData = new aiTexel[16];
    std::fill(blue->pcData, blue->pcData + 16, aiTexel{255, 0, 0, 255}); // b, g, r, a
    aiTexture **textures = new aiTexture *[2]{scene->mTextures[0], blue};
    delete[] scene->mTextures;
    scene->mTextures = textures;
    scene->mNumTextures = 2;
    std::string error;
    EXPECT_FALSE(ExportP3dFile(scene.get(), folder + "/two.p3d", Assimp::ExportProperties(), &error));
    EXPECT_EQ(error, "P3D export: texture path 'DATA\\A.paa' is given two different images (the embedded image of "
                     "material 0 and the embedded image of material 1); one game path holds one texture");
    EXPECT_TRUE(FilesUnder(folder).empty());
}

TEST(P3dExportTextures, FileLocationFollowsTheImportersLookup) {
    // The output's folder is the game folder...
    EXPECT_EQ(TextureFileLocation("out/car.p3d", "", "data\\hull.paa"), "out/data/hull.paa");
    EXPECT_EQ(TextureFileLocation("car.p3d", "", "hull.paa"), "hull.paa");
    EXPECT_EQ(TextureFileLocation("/g/out/car.p3d", "", "\\data\\hull.paa"), "/g/out/data/hull.paa");
    // ...unless the output lies in the add-on's folder (any case, the deepest).
    EXPECT_EQ(TextureFileLocation("/g/MyAddon/car.p3d", "", "myaddon\\tex\\hull.paa"), "/g/MyAddon/tex/hull.paa");
    EXPECT_EQ(TextureFileLocation("/g/myaddon/x/myaddon/m/car.p3d", "", "myaddon\\a.paa"), "/g/myaddon/x/myaddon/a.paa");
    EXPECT_EQ(TextureFileLocation("myaddon/car.p3d", "", "myaddon\\a.paa"), "myaddon/a.paa");
    EXPECT_EQ(TextureFileLocation("C:\\game\\myaddon\\car.p3d", "", "myaddon\\a.paa"), "C:\\game\\myaddon/a.paa");
    // A file name alone is no add-on.
    EXPECT_EQ(TextureFileLocation("/g/hull.paa/car.p3d", "", "hull.paa"), "/g/hull.paa/hull.paa");
    // The property wins.
    EXPECT_EQ(TextureFileLocation("/g/myaddon/car.p3d", "/ofp", "myaddon\\a.paa"), "/ofp/myaddon/a.paa");
    EXPECT_EQ(TextureFileLocation("/g/car.p3d", "/ofp/", "data\\a.paa"), "/ofp/data/a.paa");
    // Nothing outside the game folder.
    EXPECT_EQ(TextureFileLocation("out/car.p3d", "", "..\\a.paa"), "");
    EXPECT_EQ(TextureFileLocation("out/car.p3d", "", "data\\..\\..\\a.paa"), "");
    EXPECT_EQ(TextureFileLocation("out/car.p3d", "", "c:\\a.paa"), "");
    EXPECT_EQ(TextureFileLocation("out/car.p3d", "", "data\\\\a.paa"), "");
}

// A path outside the game folder or without an image: the model is written, the file is not.
TEST(P3dExportTextures, PathsWithoutAFileLeaveTheTextureOut) {
    const std::string folder = CleanFolder("left_out");
    auto scene = p3d_test::TriangleScene({"LOD 1.000"}, "");
    EmbedImage(*scene, MakeImage(4, 4, [](uint32_t, uint32_t) { return 0xFFFFFFFFu; }), "..\\up.paa");
    std::string error;
    EXPECT_TRUE(ExportP3dFile(scene.get(), folder + "/up.p3d", Assimp::ExportProperties(), &error)) << error;
    auto unembedded = p3d_test::TriangleScene({"LOD 1.000"}, "data\\elsewhere.paa");
    EXPECT_TRUE(ExportP3dFile(unembedded.get(), folder + "/elsewhere.p3d", Assimp::ExportProperties(), &error))
            << error;
    EXPECT_EQ(FilesUnder(folder), (std::vector<std::string>{"elsewhere.p3d", "up.p3d"}));
}

// A real ODOL whose texture the importer finds (../shared/corpus/ofp-tree):
// odol2mlod with the textures. Each game path gets its PAA again, DXT1 as
// the original, within the DXT re-encoding error (TEXTURES.md §1.14), and
// the MLOD imports with its textures from there.
TEST(P3dExportTextures, OdolTexturesComeBackAtTheirGamePaths) {
    const std::string original = retro_test::CorpusPath("ofp-tree/TZK_Objects/tomahawk.paa");
    Assimp::Importer importer;
    importer.SetPropertyInteger(AI_CONFIG_IMPORT_P3D_LODS, 2);
    const aiScene *odol =
            retro_test::Import(importer, retro_test::CorpusPath("ofp-tree/TZK_Objects/Model/Tomahawk_gdtcti_xj200.p3d"));
    ASSERT_NE(odol, nullptr) << importer.GetErrorString();
    ASSERT_GE(odol->mNumTextures, 1u); // found and embedded

    const std::string folder = CleanFolder("odol");
    fs::create_directories(fs::u8path(folder + "/TZK_Objects"));
    const std::string model = folder + "/TZK_Objects/tomahawk_mlod.p3d";
    std::string error;
    ASSERT_TRUE(ExportP3dFile(odol, model, Assimp::ExportProperties(), &error)) << error;
    // "tzk_objects\tomahawk.paa" in the add-on folder the output lies in;
    // "gdtcti\textur\tomahawk.paa" (no such folder above) under the output's.
    EXPECT_EQ(FilesUnder(folder), (std::vector<std::string>{"TZK_Objects/gdtcti/textur/tomahawk.paa",
                                          "TZK_Objects/tomahawk.paa", "TZK_Objects/tomahawk_mlod.p3d"}));
    const assimp_retro::DecodedTexture source = DecodeFile(original);
    for (const char *written : {"/TZK_Objects/tomahawk.paa", "/TZK_Objects/gdtcti/textur/tomahawk.paa"}) {
        SCOPED_TRACE(written);
        const assimp_retro::DecodedTexture again = DecodeFile(folder + written);
        EXPECT_EQ(again.format, source.format);
        ASSERT_EQ(again.image.width, source.image.width);
        ASSERT_EQ(again.image.height, source.image.height);
        EXPECT_LE(LargestDifference(again.image.pixels, source.image.pixels), 48);
    }

    Assimp::Importer back;
    back.SetPropertyInteger(AI_CONFIG_IMPORT_P3D_LODS, 2);
    const aiScene *mlod = retro_test::Import(back, model);
    ASSERT_NE(mlod, nullptr) << back.GetErrorString();
    // One embedded texture per file found: the ODOL's two paths led to one
    // file in the corpus, the MLOD's to the two written.
    EXPECT_EQ(odol->mNumTextures, 1u);
    EXPECT_EQ(mlod->mNumTextures, 2u);
}

// A texture file already at its place (the game's own, read with the model)
// is left as it is, with a warning; the model is written.
TEST(P3dExportTextures, ExistingTextureFileIsLeftAsItIs) {
    const std::string folder = CleanFolder("existing");
    auto scene = p3d_test::TriangleScene({"LOD 1.000"}, "");
    EmbedImage(*scene, MakeImage(4, 4, [](uint32_t, uint32_t) { return 0x00FF00FFu; }), "data\\grass.paa");
    fs::create_directories(fs::u8path(folder + "/data"));
    const std::vector<uint8_t> original = {'o', 'r', 'i', 'g', 'i', 'n', 'a', 'l'};
    retro_test::WriteFile(folder + "/data/grass.paa", original);
    std::string error;
    {
        retro_test::LogCapture log;
        ASSERT_TRUE(ExportP3dFile(scene.get(), folder + "/grass.p3d", Assimp::ExportProperties(), &error)) << error;
        // The folder joined as the exporter joins it: "\\" before "data/" on Windows.
        EXPECT_TRUE(log.Contains("P3D export: texture file '" +
                                 (fs::absolute(fs::u8path(folder)) / "data/grass.paa").u8string() +
                                 "' (data\\grass.paa) exists and was left as it is; remove it to have it written"))
                << log.Text();
    }
    EXPECT_EQ(retro_test::ReadFile(folder + "/data/grass.paa"), original);
    EXPECT_TRUE(fs::is_regular_file(fs::u8path(folder + "/grass.p3d")));
}
