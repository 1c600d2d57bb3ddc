// The tool exporting textured models: a batch over the real game folders gives GLBs with
// their texture embedded that pass the Khronos validator; OBJ output gets PNG
// files beside it.
#include "support/PngDecoder.h"
#include "support/TestSupport.h"

#include <assimp/Importer.hpp>
#include <assimp/scene.h>

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace fs = std::filesystem;

namespace {

std::string Quote(const std::string &text) {
    return "'" + text + "'";
}

std::string ReadText(const fs::path &path) {
    std::ifstream stream(path);
    std::stringstream text;
    text << stream.rdbuf();
    return text.str();
}

// Runs `export --recursive <corpus folder> <out> -f <format>`; returns <out>.
fs::path ExportFolder(const std::string &corpusFolder, const std::string &format) {
    const fs::path out = fs::path(retro_test::OutputPath("TextureTool/" + corpusFolder + "-" + format + "/x")).parent_path();
    fs::remove_all(out);
    std::string log;
    const int status = retro_test::RunCommand(Quote(retro_test::ToolPath()) + " export --recursive " +
                                                      Quote(retro_test::CorpusPath(corpusFolder)) + " " +
                                                      Quote(out.string()) + " -f " + format + " -j 2",
            &log);
    EXPECT_EQ(status, 0) << log;
    return out;
}

// The embedded PNG decodes to ../shared/corpus/tex/expected/<expectedName>
// (within 2 per channel: DXT decoders may round differently).
void ExpectImage(const aiTexture &texture, const std::string &expectedName) {
    retro_test::PngImage actual, expected;
    std::string error;
    const auto *bytes = reinterpret_cast<const uint8_t *>(texture.pcData);
    ASSERT_TRUE(retro_test::DecodePng(std::vector<uint8_t>(bytes, bytes + texture.mWidth), actual, error)) << error;
    ASSERT_TRUE(retro_test::ReadPngFile(retro_test::CorpusPath("tex/expected/" + expectedName), expected, error))
            << error;
    ASSERT_EQ(actual.width, expected.width);
    ASSERT_EQ(actual.height, expected.height);
    ASSERT_EQ(actual.rgba.size(), expected.rgba.size());
    size_t different = 0;
    for (size_t i = 0; i < actual.rgba.size(); ++i) {
        different += std::abs(int(actual.rgba[i]) - int(expected.rgba[i])) > 2;
    }
    EXPECT_EQ(different, 0u) << expectedName;
}

// Re-imports a GLB with Assimp's glTF2 importer: one embedded PNG named after
// the game file, equal to the expected image.
void ExpectGlbEmbeds(const fs::path &glb, const std::string &imageName) {
    SCOPED_TRACE(glb.string());
    retro_test::ExpectValidGltf(glb.string());
    Assimp::Importer importer;
    const aiScene *scene = importer.ReadFile(glb.string(), 0);
    ASSERT_NE(scene, nullptr) << importer.GetErrorString();
    ASSERT_EQ(scene->mNumTextures, 1u);
    EXPECT_STREQ(scene->mTextures[0]->achFormatHint, "png");
    EXPECT_NE(std::string(scene->mTextures[0]->mFilename.C_Str()).find(imageName), std::string::npos)
            << scene->mTextures[0]->mFilename.C_Str();
    ExpectImage(*scene->mTextures[0], imageName + ".png");
}

} // namespace

TEST(TexturedExportTool, KpcTreeBatchEmbedsSkins) {
    const fs::path out = ExportFolder("kpc-tree", "glb");
    for (const char *model : {"CREATURES/TIBERIUS", "CREATURES/BATWING", "CREATURES/ARACHNICLOWN", "DECOS/FLAG"}) {
        const std::string name = fs::path(model).filename().string();
        ExpectGlbEmbeds(out / "MODELS" / (std::string(model) + ".glb"), name + ".DTX");
    }
}

TEST(TexturedExportTool, OfpTreeBatchEmbedsTexture) {
    const fs::path out = ExportFolder("ofp-tree", "glb");
    ExpectGlbEmbeds(out / "TZK_Objects/Model/Tomahawk_gdtcti_xj200.glb", "tomahawk.paa");
}

TEST(TexturedExportTool, ObjOutputReferencesPngFilesBesideIt) {
    const fs::path out = ExportFolder("ofp-tree", "obj");
    const fs::path folder = out / "TZK_Objects/Model";
    EXPECT_TRUE(fs::is_regular_file(folder / "Tomahawk_gdtcti_xj200_textures/tomahawk.png"));
    const std::string mtl = ReadText(folder / "Tomahawk_gdtcti_xj200.mtl");
    EXPECT_NE(mtl.find("map_Kd Tomahawk_gdtcti_xj200_textures/tomahawk.png"), std::string::npos) << mtl;
}
