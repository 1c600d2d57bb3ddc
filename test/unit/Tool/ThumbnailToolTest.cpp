// `assimp-retro thumbnail`, run as a separate process: a model facing +Z
// shows its front, a texture its colours, bad input an error and no file,
// and the corpus models draw where they are.
#include "support/PngDecoder.h"
#include "support/TestSupport.h"

#include <assimp_retro/texture.h>

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

namespace fs = std::filesystem;
using namespace retro_test;

namespace {

int RunThumbnail(const std::string &args, std::string &log) {
    const std::string tool = ToolPath();
    EXPECT_FALSE(tool.empty()) << "assimp-retro was not built";
    return RunCommand("'" + tool + "' thumbnail " + args, &log);
}

void WriteText(const std::string &path, const std::string &text) {
    std::ofstream(path, std::ios::binary) << text;
}

struct Hues {
    size_t drawn = 0, red = 0, green = 0, blue = 0, coloured = 0;
};

Hues CountHues(const PngImage &image) {
    Hues hues;
    for (size_t i = 0; i + 3 < image.rgba.size(); i += 4) {
        const int r = image.rgba[i], g = image.rgba[i + 1], b = image.rgba[i + 2];
        if (image.rgba[i + 3] == 0) {
            continue;
        }
        ++hues.drawn;
        hues.red += r > 2 * g + 20 && r > 2 * b + 20;
        hues.green += g > 2 * r + 20 && g > 2 * b + 20;
        hues.blue += b > 2 * r + 20 && b > 2 * g + 20;
        hues.coloured += std::max({r, g, b}) - std::min({r, g, b}) > 24;
    }
    return hues;
}

// A cube as an OBJ: the +Z face red, the -Z face blue, the rest grey (MTL colours).
std::string WriteColouredCube(const fs::path &folder) {
    fs::create_directories(folder);
    WriteText((folder / "cube.mtl").string(), "newmtl red\nKd 1 0 0\nnewmtl blue\nKd 0 0 1\nnewmtl grey\nKd 0.6 0.6 0.6\n");
    WriteText((folder / "cube.obj").string(),
            "mtllib cube.mtl\n"
            "v -1 -1 1\nv 1 -1 1\nv 1 1 1\nv -1 1 1\nv -1 -1 -1\nv 1 -1 -1\nv 1 1 -1\nv -1 1 -1\n"
            "usemtl red\nf 1 2 3 4\n"
            "usemtl blue\nf 6 5 8 7\n"
            "usemtl grey\nf 2 6 7 3\nf 5 1 4 8\nf 4 3 7 8\nf 5 6 2 1\n");
    return (folder / "cube.obj").string();
}

TEST(ThumbnailTool, ModelFacingPlusZShowsItsFront) {
    const fs::path folder = fs::path(OutputPath("Tool/thumbnail/cube/x")).parent_path();
    const std::string cube = WriteColouredCube(folder);
    const std::string png = (folder / "cube.png").string();
    std::string log;
    ASSERT_EQ(RunThumbnail("'" + cube + "' '" + png + "' --size 96", log), 0) << log;
    PngImage image;
    std::string error;
    ASSERT_TRUE(ReadPngFile(png, image, error)) << error;
    EXPECT_EQ(image.width, 96u);
    const Hues hues = CountHues(image);
    EXPECT_GT(hues.red, hues.drawn / 5) << "the red +Z face must face the viewer";
    EXPECT_EQ(hues.blue, 0u);
}

TEST(ThumbnailTool, TextureGivesItsDecodedImage) {
    // A 4 x 2 DTX: red on the left half, green on the right.
    assimp_retro::RgbaImage image{4, 2, {}};
    for (uint32_t i = 0; i < 8; ++i) {
        const bool left = i % 4 < 2;
        image.pixels.insert(image.pixels.end(), {uint8_t(left ? 255 : 0), uint8_t(left ? 0 : 255), 0, 255});
    }
    std::vector<uint8_t> dtx;
    std::string error;
    ASSERT_TRUE(assimp_retro::EncodeAsDtx(image, assimp_retro::DtxFormat::Lt2Bgra32, dtx, &error)) << error;
    const std::string input = OutputPath("Tool/thumbnail/skin.dtx"), png = OutputPath("Tool/thumbnail/skin.png");
    WriteFile(input, dtx);
    std::string log;
    ASSERT_EQ(RunThumbnail("'" + input + "' '" + png + "' --size 32", log), 0) << log;
    PngImage picture;
    ASSERT_TRUE(ReadPngFile(png, picture, error)) << error;
    ASSERT_EQ(picture.width, 32u);
    // Fitted 32 x 16 in the middle: row 8 is transparent, row 16 red then green.
    auto at = [&](uint32_t x, uint32_t y) { return &picture.rgba[(y * 32 + x) * 4]; };
    EXPECT_EQ(at(5, 4)[3], 0);
    EXPECT_EQ(at(3, 16)[0], 255);
    EXPECT_EQ(at(3, 16)[1], 0);
    EXPECT_EQ(at(28, 16)[1], 255);
    EXPECT_EQ(at(28, 16)[0], 0);
}

TEST(ThumbnailTool, BadInputGivesAnErrorAndWritesNoFile) {
    const std::string garbage = OutputPath("Tool/thumbnail/garbage.abc");
    WriteText(garbage, "not a model at all");
    const std::string out = OutputPath("Tool/thumbnail/garbage.png");
    fs::remove(out);
    std::string log;
    EXPECT_EQ(RunThumbnail("'" + garbage + "' '" + out + "'", log), 3) << log;
    EXPECT_NE(log.find("assimp-retro thumbnail: "), std::string::npos) << log;
    EXPECT_FALSE(fs::exists(out));

    const std::string badSkin = OutputPath("Tool/thumbnail/bad.dtx");
    WriteText(badSkin, "DTX? no");
    EXPECT_EQ(RunThumbnail("'" + badSkin + "' '" + out + "'", log), 3) << log;
    EXPECT_FALSE(fs::exists(out));

    EXPECT_EQ(RunThumbnail("'" + garbage + "' '" + out + "' --size 5000", log), 1) << log;
    EXPECT_NE(log.find("invalid size '5000'"), std::string::npos) << log;
    EXPECT_EQ(RunThumbnail("'" + garbage + "'", log), 1) << log;
    EXPECT_FALSE(fs::exists(out));
}

// The corpus: the model drawn where it is (not an empty picture), a textured
// KPC model with its skin's colours.
TEST(ThumbnailTool, CorpusModelsDrawWithTheirTextures) {
    const std::string body = CorpusPath("ltb/FoxHowl_Teacher_BODY_GR.LTB");
    const std::string kpc = CorpusPath("kpc-tree/MODELS/CREATURES/TIBERIUS.ABC");
    const std::string oban = CorpusPath("oban/OBANsyn_scaled_loop.oni");
    ASSERT_FALSE(body.empty() || kpc.empty() || oban.empty());
    struct Case {
        std::string input;
        size_t minimumDrawn, minimumColoured;
    } cases[] = {{body, 4000, 0}, {kpc, 8000, 4000}, {oban, 100, 100}};
    for (const Case &c : cases) {
        const std::string png = OutputPath("Tool/thumbnail/corpus/" + fs::path(c.input).filename().string() + ".png");
        std::string log, error;
        ASSERT_EQ(RunThumbnail("'" + c.input + "' '" + png + "'", log), 0) << log;
        PngImage image;
        ASSERT_TRUE(ReadPngFile(png, image, error)) << error;
        const Hues hues = CountHues(image);
        EXPECT_GE(hues.drawn, c.minimumDrawn) << c.input;
        EXPECT_GE(hues.coloured, c.minimumColoured) << c.input;
    }
}

} // namespace
