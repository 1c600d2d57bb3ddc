// The ABC exporters' skins (AI_CONFIG_EXPORT_ABC_SKINS, _SKIN_DIR,
// _SKIN_FORMAT): each texture the materials show is written as a DTX where
// LithTech looks for it, decodes to the source's pixels (exactly for the
// palette and 32-bit variants, the shared encoder's blocks for DXT), is found
// again by the importer, and a refused export leaves no file at all.
#include "support/GltfTestScenes.h"
#include "support/LogCapture.h"
#include "support/TestSupport.h"

#include "Common/Texture/DtxWriter.h"
#include "Common/Texture/ImageDecode.h"
#include "Common/Texture/Texture.h"

#include <assimp/Exporter.hpp>
#include <assimp/Importer.hpp>
#include <assimp/SceneCombiner.h>
#include <assimp/scene.h>
#include <assimp_retro/assimp_retro.h>
#include <assimp_retro/config.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <functional>

namespace fs = std::filesystem;
using assimp_retro::DecodeTexture;
using assimp_retro::DtxFormat;
using assimp_retro::RgbaImage;

namespace {

/// A side x side image of three colours (exact in a palette), opaque.
RgbaImage ThreeColours(uint32_t side, uint8_t shade) {
    RgbaImage image{side, side, std::vector<uint8_t>(size_t(side) * side * 4)};
    const uint8_t colours[3][3] = {{200, 40, shade}, {10, 180, 90}, {shade, shade, 255}};
    for (uint32_t i = 0; i < side * side; ++i) {
        const uint8_t *c = colours[(i % side + i / side) % 3];
        std::memcpy(&image.pixels[i * 4], c, 3);
        image.pixels[i * 4 + 3] = 255;
    }
    return image;
}

/// A smooth 16x16 image (more colours than DXT keeps exactly).
RgbaImage Gradient() {
    RgbaImage image{16, 16, std::vector<uint8_t>(16 * 16 * 4)};
    for (uint32_t y = 0; y < 16; ++y)
        for (uint32_t x = 0; x < 16; ++x) {
            uint8_t *p = &image.pixels[(y * 16 + x) * 4];
            p[0] = uint8_t(x * 4), p[1] = uint8_t(y * 4), p[2] = uint8_t((x + y) * 2), p[3] = 255;
        }
    return image;
}

/// A compressed embedded texture holding `image` as PNG, as glTF's importer makes them.
aiTexture *PngTexture(const RgbaImage &image, const char *file) {
    const std::vector<uint8_t> png = assimp_retro::EncodePng(image);
    aiTexture *texture = new aiTexture();
    texture->mWidth = unsigned(png.size());
    texture->mHeight = 0;
    std::strcpy(texture->achFormatHint, "png");
    texture->pcData = reinterpret_cast<aiTexel *>(new uint8_t[png.size()]);
    std::memcpy(texture->pcData, png.data(), png.size());
    texture->mFilename = aiString(file);
    return texture;
}

/// An uncompressed embedded texture (aiTexels, BGRA).
aiTexture *TexelTexture(const RgbaImage &image) {
    aiTexture *texture = new aiTexture();
    texture->mWidth = image.width;
    texture->mHeight = image.height;
    texture->pcData = new aiTexel[size_t(image.width) * image.height];
    for (size_t i = 0; i < size_t(image.width) * image.height; ++i) {
        texture->pcData[i] = aiTexel{image.pixels[i * 4 + 2], image.pixels[i * 4 + 1], image.pixels[i * 4 + 0], image.pixels[i * 4 + 3]};
    }
    return texture;
}

aiMaterial *Textured(const char *name, const std::string &path) {
    aiMaterial *material = new aiMaterial();
    const aiString materialName(name), texture(path);
    material->AddProperty(&materialName, AI_MATKEY_NAME);
    material->AddProperty(&texture, AI_MATKEY_TEXTURE_DIFFUSE(0));
    return material;
}

/// gltf_test's skinned triangle; its material shows `textures[0]` (or names `path`).
std::unique_ptr<aiScene> SkinnedScene(std::vector<aiTexture *> textures, const std::string &path = "*0") {
    std::unique_ptr<aiScene> scene = gltf_test::MakeSkinnedScene();
    delete scene->mMaterials[0];
    scene->mMaterials[0] = Textured("Body", path);
    scene->mNumTextures = unsigned(textures.size());
    scene->mTextures = textures.empty() ? nullptr : new aiTexture *[textures.size()];
    for (size_t i = 0; i < textures.size(); ++i) scene->mTextures[i] = textures[i];
    return scene;
}

/// SkinnedScene with a second mesh (a copy, material 1 "Head" showing "*1") on the same node.
std::unique_ptr<aiScene> TwoMaterialScene(aiTexture *body, aiTexture *head) {
    std::unique_ptr<aiScene> scene = SkinnedScene({body, head});
    aiMesh *copy = nullptr;
    Assimp::SceneCombiner::Copy(&copy, scene->mMeshes[0]);
    copy->mName = aiString("HeadMesh");
    copy->mMaterialIndex = 1;
    aiMesh **meshes = new aiMesh *[2]{scene->mMeshes[0], copy};
    delete[] scene->mMeshes;
    scene->mMeshes = meshes;
    scene->mNumMeshes = 2;
    aiMaterial **materials = new aiMaterial *[2]{scene->mMaterials[0], Textured("Head", "*1")};
    delete[] scene->mMaterials;
    scene->mMaterials = materials;
    scene->mNumMaterials = 2;
    aiNode *skin = scene->mRootNode->FindNode("Skin");
    delete[] skin->mMeshes;
    skin->mMeshes = new unsigned[2]{0, 1};
    skin->mNumMeshes = 2;
    return scene;
}

struct ExportResult {
    bool ok = false;
    std::string error;
};

ExportResult Export(const aiScene &scene, const std::string &id, const std::string &path, const Assimp::ExportProperties &properties) {
    Assimp::Exporter exporter;
    assimp_retro::RegisterExporters(exporter);
    ExportResult result;
    result.ok = exporter.Export(&scene, id, path, 0u, &properties) == AI_SUCCESS;
    result.error = exporter.GetErrorString();
    return result;
}

/// A clean folder under the test output.
fs::path Folder(const std::string &relative) {
    const fs::path folder = fs::path(retro_test::OutputPath(relative + "/x")).parent_path();
    fs::remove_all(folder);
    fs::create_directories(folder);
    return folder;
}

assimp_retro::DecodedTexture DecodeFile(const fs::path &path) {
    const std::vector<uint8_t> bytes = retro_test::ReadFile(path.string());
    return DecodeTexture(bytes.data(), bytes.size(), path.string());
}

std::vector<std::string> FilesBelow(const fs::path &folder) {
    std::vector<std::string> files;
    for (const auto &entry : fs::recursive_directory_iterator(folder)) {
        if (entry.is_regular_file()) files.push_back(fs::relative(entry.path(), folder).generic_string());
    }
    std::sort(files.begin(), files.end());
    return files;
}

TEST(AbcSkinExport, Abc6WritesTheSkinWhereTheGameLooks) {
    const fs::path game = Folder("AbcSkins/v6/game");
    fs::create_directories(game / "MODELS" / "CREATURES");
    const RgbaImage image = ThreeColours(16, 60);
    const auto scene = SkinnedScene({PngTexture(image, "hero.png")});
    Assimp::ExportProperties properties;
    properties.SetPropertyBool(AI_CONFIG_EXPORT_ABC_SKINS, true);
    const fs::path model = game / "MODELS" / "CREATURES" / "HERO.ABC";
    const ExportResult result = Export(*scene, "abc6", model.string(), properties);
    ASSERT_TRUE(result.ok) << result.error;
    // MODELS/CREATURES/HERO.ABC -> SKINS/CREATURES/HERO.DTX (the model's case)
    EXPECT_EQ(FilesBelow(game), (std::vector<std::string>{"MODELS/CREATURES/HERO.ABC", "SKINS/CREATURES/HERO.DTX"}));
    const auto skin = DecodeFile(game / "SKINS" / "CREATURES" / "HERO.DTX");
    EXPECT_EQ(skin.format, "DTX v-3 8-bit palette");
    EXPECT_TRUE(skin.image.pixels == image.pixels) << "the palette holds the image's 3 colours exactly";

    // The importer's own look-up finds it and embeds the same pixels.
    Assimp::Importer importer;
    const aiScene *back = retro_test::Import(importer, model.string());
    ASSERT_NE(back, nullptr) << importer.GetErrorString();
    ASSERT_EQ(back->mNumTextures, 1u);
    const aiTexture &embedded = *back->mTextures[0];
    const RgbaImage decoded = assimp_retro::DecodeImageFile(reinterpret_cast<const uint8_t *>(embedded.pcData), embedded.mWidth, "skin.png");
    EXPECT_TRUE(decoded.pixels == image.pixels);
}

TEST(AbcSkinExport, WithoutThePropertyNoSkinIsWritten) {
    const fs::path game = Folder("AbcSkins/none/game");
    fs::create_directories(game / "MODELS");
    const auto scene = SkinnedScene({PngTexture(ThreeColours(4, 0), "hero.png")});
    const ExportResult result = Export(*scene, "abc6", (game / "MODELS" / "hero.abc").string(), Assimp::ExportProperties());
    ASSERT_TRUE(result.ok) << result.error;
    EXPECT_EQ(FilesBelow(game), (std::vector<std::string>{"MODELS/hero.abc"}));
}

TEST(AbcSkinExport, OutsideAGameTreeTheSkinGoesBesideTheModel) {
    const fs::path out = Folder("AbcSkins/beside");
    const auto scene = SkinnedScene({TexelTexture(ThreeColours(8, 30))});
    Assimp::ExportProperties properties;
    properties.SetPropertyBool(AI_CONFIG_EXPORT_ABC_SKINS, true);
    const ExportResult result = Export(*scene, "abc6", (out / "prop.abc").string(), properties);
    ASSERT_TRUE(result.ok) << result.error;
    EXPECT_EQ(FilesBelow(out), (std::vector<std::string>{"prop.abc", "prop.dtx"}));
    EXPECT_TRUE(DecodeFile(out / "prop.dtx").image.pixels == ThreeColours(8, 30).pixels);
}

TEST(AbcSkinExport, Abc12WritesOneSkinPerMaterialIndexIntoTheFolderGiven) {
    const fs::path root = Folder("AbcSkins/v12");
    const RgbaImage body = ThreeColours(16, 10), head = Gradient();
    const auto scene = TwoMaterialScene(PngTexture(body, "body.png"), TexelTexture(head));
    Assimp::ExportProperties properties;
    properties.SetPropertyString(AI_CONFIG_EXPORT_ABC_SKIN_DIR, (root / "skins" / "chars").string()); // made by the exporter
    fs::create_directories(root / "models");
    const fs::path model = root / "models" / "Hero.abc";
    const ExportResult result = Export(*scene, "abc12", model.string(), properties);
    ASSERT_TRUE(result.ok) << result.error;
    EXPECT_EQ(FilesBelow(root), (std::vector<std::string>{"models/Hero.abc", "skins/chars/Hero.dtx", "skins/chars/Hero_head.dtx"}));
    const auto bodySkin = DecodeFile(root / "skins" / "chars" / "Hero.dtx");
    const auto headSkin = DecodeFile(root / "skins" / "chars" / "Hero_head.dtx");
    EXPECT_EQ(bodySkin.format, "DTX v-5 32-bit BGRA");
    EXPECT_TRUE(bodySkin.image.pixels == body.pixels);
    EXPECT_TRUE(headSkin.image.pixels == head.pixels);

    // The importer finds both in that folder (slot 0 <model>.dtx, slot 1 <model>_head.dtx).
    Assimp::Importer importer;
    importer.SetPropertyString(AI_CONFIG_IMPORT_ABC_SKIN_DIR, (root / "skins" / "chars").string());
    const aiScene *back = retro_test::Import(importer, model.string());
    ASSERT_NE(back, nullptr) << importer.GetErrorString();
    EXPECT_EQ(back->mNumTextures, 2u);
}

TEST(AbcSkinExport, Abc6WritesOneSkinAndWarnsAboutTheOthers) {
    const fs::path root = Folder("AbcSkins/v6two");
    const RgbaImage body = ThreeColours(8, 10);
    const auto scene = TwoMaterialScene(PngTexture(body, "body.png"), TexelTexture(Gradient()));
    Assimp::ExportProperties properties;
    properties.SetPropertyBool(AI_CONFIG_EXPORT_ABC_SKINS, true);
    retro_test::LogCapture log;
    const ExportResult result = Export(*scene, "abc6", (root / "hero.abc").string(), properties);
    ASSERT_TRUE(result.ok) << result.error;
    EXPECT_EQ(FilesBelow(root), (std::vector<std::string>{"hero.abc", "hero.dtx"}));
    EXPECT_TRUE(DecodeFile(root / "hero.dtx").image.pixels == body.pixels);
    EXPECT_TRUE(log.Contains("ABC v6 export: skins: mesh 'HeadMesh' (material 'Head'): its texture is not written (an ABC v6 "
                             "model has one skin: material 'Body''s)"))
            << log.Text();
}

TEST(AbcSkinExport, DxtSkinsAreTheSharedEncodersBlocks) {
    const fs::path root = Folder("AbcSkins/dxt");
    const RgbaImage image = Gradient();
    const auto scene = SkinnedScene({PngTexture(image, "grad.png")});
    Assimp::ExportProperties properties;
    properties.SetPropertyBool(AI_CONFIG_EXPORT_ABC_SKINS, true);
    properties.SetPropertyString(AI_CONFIG_EXPORT_ABC_SKIN_FORMAT, "lt2-dxt5");
    const ExportResult result = Export(*scene, "abc12", (root / "grad.abc").string(), properties);
    ASSERT_TRUE(result.ok) << result.error;
    const std::vector<uint8_t> bytes = retro_test::ReadFile((root / "grad.dtx").string());
    EXPECT_TRUE(bytes == assimp_retro::EncodeDtx(image, DtxFormat::Lt2Dxt5));
    const auto skin = DecodeTexture(bytes.data(), bytes.size(), "grad.dtx");
    EXPECT_EQ(skin.format, "DTX v-5 DXT5");
    double error = 0;
    for (size_t i = 0; i < image.pixels.size(); ++i) error += std::abs(int(image.pixels[i]) - int(skin.image.pixels[i]));
    EXPECT_LE(error / double(image.pixels.size()), 4.0) << "mean error per channel";
}

TEST(AbcSkinExport, RefusedSkinsLeaveNoFile) {
    const fs::path root = Folder("AbcSkins/refused");
    const std::string model = (root / "hero.abc").string();
    struct Case {
        const char *id;
        std::function<std::unique_ptr<aiScene>()> scene;
        std::function<void(Assimp::ExportProperties &)> set;
        std::string message;
    };
    const std::string file = (root / "missing.png").string();
    const std::vector<Case> cases = {
            {"abc6", [] { return SkinnedScene({TexelTexture(ThreeColours(4, 0))}); },
                    [](Assimp::ExportProperties &p) { p.SetPropertyString(AI_CONFIG_EXPORT_ABC_SKIN_FORMAT, "lt2-dxt1"); },
                    "ABC v6 export: EXPORT_ABC_SKIN_FORMAT is 'lt2-dxt1', a LithTech 2 (v-5) DTX; LithTech 1 games read v-2 "
                    "and v-3 only: use lt1-palette or lt10-palette"},
            {"abc12", [] { return SkinnedScene({TexelTexture(ThreeColours(4, 0))}); },
                    [](Assimp::ExportProperties &p) { p.SetPropertyString(AI_CONFIG_EXPORT_ABC_SKIN_FORMAT, "dxt5"); },
                    "ABC v12 export: EXPORT_ABC_SKIN_FORMAT is 'dxt5'; expected lt1-palette, lt10-palette, lt2-32, lt2-dxt1, "
                    "lt2-dxt3 or lt2-dxt5"},
            {"abc12", [] { return SkinnedScene({TexelTexture(ThreeColours(6, 0))}); },
                    [](Assimp::ExportProperties &p) {
                        p.SetPropertyBool(AI_CONFIG_EXPORT_ABC_SKINS, true);
                        p.SetPropertyString(AI_CONFIG_EXPORT_ABC_SKIN_FORMAT, "lt2-dxt1");
                    },
                    "ABC v12 export: skin of material index 0 (" + (root / "hero.dtx").string() +
                            "): material 'Body', embedded texture *0: DTX writer: a DXT texture must be made of whole 4x4 blocks; "
                            "6x6 is not"},
            {"abc6", [file] { return SkinnedScene({}, file); },
                    [](Assimp::ExportProperties &p) { p.SetPropertyBool(AI_CONFIG_EXPORT_ABC_SKINS, true); },
                    "ABC v6 export: skin of material index 0 (" + (root / "hero.dtx").string() + "): material 'Body': texture '" +
                            file + "': no such file (a relative path is read from the current folder; embed the textures on "
                            "import, the tool's -embtex, to take them from the model's)"},
            {"abc6",
                    [] {
                        aiTexture *garbage = PngTexture(ThreeColours(4, 0), "broken.png");
                        std::memset(garbage->pcData, 0x5a, 16); // no PNG signature any more
                        return SkinnedScene({garbage});
                    },
                    [](Assimp::ExportProperties &p) { p.SetPropertyBool(AI_CONFIG_EXPORT_ABC_SKINS, true); },
                    "ABC v6 export: skin of material index 0 (" + (root / "hero.dtx").string() +
                            "): material 'Body': texture '*0': broken.png: not an image this library reads "
                            "(unknown image type)"},
            {"abc6", [] { return SkinnedScene({}, "*3"); },
                    [](Assimp::ExportProperties &p) { p.SetPropertyBool(AI_CONFIG_EXPORT_ABC_SKINS, true); },
                    "ABC v6 export: skin of material index 0 (" + (root / "hero.dtx").string() +
                            "): material 'Body': texture '*3' names an embedded texture the scene does not hold"},
    };
    for (const Case &c : cases) {
        SCOPED_TRACE(c.message);
        Assimp::ExportProperties properties;
        c.set(properties);
        const ExportResult result = Export(*c.scene(), c.id, model, properties);
        EXPECT_FALSE(result.ok);
        EXPECT_EQ(result.error.substr(0, c.message.size()), c.message);
        EXPECT_TRUE(FilesBelow(root).empty()) << "a refused export leaves no file";
    }
}

TEST(AbcSkinExport, AFailedSkinWriteRemovesTheModel) {
    const fs::path root = Folder("AbcSkins/unwritable");
    retro_test::WriteFile((root / "blocker").string(), {1, 2, 3}); // a file where the skin folder should be
    const auto scene = SkinnedScene({TexelTexture(ThreeColours(4, 0))});
    Assimp::ExportProperties properties;
    properties.SetPropertyString(AI_CONFIG_EXPORT_ABC_SKIN_DIR, (root / "blocker" / "skins").string());
    const ExportResult result = Export(*scene, "abc6", (root / "hero.abc").string(), properties);
    EXPECT_FALSE(result.ok);
    EXPECT_EQ(result.error, "ABC v6 export: cannot open '" + (root / "blocker" / "skins" / "hero.dtx").string() + "' for writing");
    EXPECT_EQ(FilesBelow(root), (std::vector<std::string>{"blocker"}));
}

} // namespace
