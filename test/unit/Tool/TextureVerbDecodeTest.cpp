// `assimp-retro texture`: one file and --recursive, run as a separate process.
#include "support/PngDecoder.h"
#include "support/TestSupport.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <string>

namespace fs = std::filesystem;
using namespace retro_test;

namespace {

int RunTextureVerb(const std::string &args, std::string &output) {
    const std::string tool = ToolPath();
    EXPECT_FALSE(tool.empty()) << "assimp-retro was not built";
    return RunCommand("'" + tool + "' texture " + args, &output);
}

TEST(TextureVerbDecode, DecodesOneFileToTheExpectedPng) {
    const std::string input = CorpusPath("kpc-tree/SKINS/CREATURES/BATWING.DTX");
    const std::string expectedPath = CorpusPath("tex/expected/BATWING.DTX.png");
    ASSERT_FALSE(input.empty());
    const std::string output = OutputPath("Tool/texture/batwing.png");
    std::string log;
    ASSERT_EQ(RunTextureVerb("'" + input + "' '" + output + "'", log), 0) << log;
    EXPECT_NE(log.find(": DTX v-3 8-bit palette with alpha masks, 64x64, alpha opaque -> " + output), std::string::npos) << log;
    PngImage decoded, expected;
    std::string error;
    ASSERT_TRUE(ReadPngFile(output, decoded, error)) << error;
    ASSERT_TRUE(ReadPngFile(expectedPath, expected, error)) << error;
    EXPECT_EQ(decoded.width, 64u);
    EXPECT_EQ(decoded.rgba, expected.rgba);
}

TEST(TextureVerbDecode, RecursiveMirrorsFoldersAndSummarises) {
    const fs::path in = fs::path(OutputPath("Tool/texture-tree/in/x")).parent_path();
    const fs::path out = fs::path(OutputPath("Tool/texture-tree/out/x")).parent_path();
    fs::remove_all(out);
    const fs::path seeds = fs::path(ASSIMP_RETRO_SOURCE_DIR) / "test/fuzz/corpus";
    fs::create_directories(in / "Sub" / "Deeper");
    fs::copy_file(seeds / "fuzz_paa/p8_rle.pac", in / "Sub" / "P8_RLE.PAC", fs::copy_options::overwrite_existing);
    fs::copy_file(seeds / "fuzz_dtx/v5_dxt1.dtx", in / "Sub" / "Deeper" / "skin.dtx", fs::copy_options::overwrite_existing);
    fs::copy_file(seeds / "fuzz_paa/dxt1.paa", in / "top.paa", fs::copy_options::overwrite_existing);
    WriteFile((in / "broken.paa").string(), {0x01, 0xFF, 0x00});
    WriteFile((in / "readme.txt").string(), {'h', 'i'});
    std::string log;
    EXPECT_EQ(RunTextureVerb("--recursive '" + in.string() + "' '" + out.string() + "'", log), 6) << log;
    EXPECT_NE(log.find("Summary: 3 decoded, 1 failed, 1 skipped (not a texture)"), std::string::npos) << log;
    EXPECT_NE(log.find("  broken.paa: PAA: "), std::string::npos) << log;
    EXPECT_NE(log.find("Sub/P8_RLE.PAC: PAC P8 palette, 16x8, alpha mask"), std::string::npos) << log;
    EXPECT_TRUE(fs::exists(out / "Sub" / "P8_RLE.PAC.png"));
    EXPECT_TRUE(fs::exists(out / "Sub" / "Deeper" / "skin.dtx.png"));
    EXPECT_TRUE(fs::exists(out / "top.paa.png"));
    EXPECT_FALSE(fs::exists(out / "broken.paa.png"));
    PngImage image;
    std::string error;
    ASSERT_TRUE(ReadPngFile((out / "Sub" / "Deeper" / "skin.dtx.png").string(), image, error)) << error;
    EXPECT_EQ(image.width, 8u);
    EXPECT_EQ(image.height, 8u);
}

TEST(TextureVerbDecode, ErrorsAndExitCodes) {
    std::string log;
    EXPECT_EQ(RunTextureVerb("", log), 1) << log;
    EXPECT_NE(log.find("expected <in> [<out.png>]"), std::string::npos) << log;
    EXPECT_EQ(RunTextureVerb("model.abc", log), 1) << log;
    EXPECT_NE(log.find("model.abc is not a .paa, .pac or .dtx file"), std::string::npos) << log;
    const std::string corrupt = OutputPath("Tool/texture/corrupt.dtx");
    WriteFile(corrupt, std::vector<uint8_t>(40, 0));
    EXPECT_EQ(RunTextureVerb("'" + corrupt + "'", log), 3) << log;
    EXPECT_NE(log.find("DTX: " + corrupt + ": header, field 'version' at byte 0x4: unsupported version 0"), std::string::npos) << log;
    EXPECT_EQ(RunTextureVerb("--help", log), 0);
    EXPECT_NE(log.find("--recursive"), std::string::npos);
}

} // namespace
