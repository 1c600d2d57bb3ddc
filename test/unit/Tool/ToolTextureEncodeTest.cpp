// The texture verb's PNG -> PAA/PAC: the PNG of a real OFP texture becomes a
// PAA of the default type (DXT1 for an alpha-tested image) that decodes to
// the same pixels within the DXT error, a .pac of the palette, and errors for
// a type the extension cannot hold or an image that is not a power of two.
#include "Common/Texture/Texture.h"
#include "support/TestSupport.h"

#include <gtest/gtest.h>

#include <cstdlib>

namespace {

using retro_test::ShellQuote;

int RunTool(const std::string &arguments, std::string *output) {
    return retro_test::RunCommand(ShellQuote(retro_test::ToolPath()) + " texture " + arguments + " 2>&1", output);
}

assimp_retro::DecodedTexture DecodeFile(const std::string &path) {
    const std::vector<uint8_t> bytes = retro_test::ReadFile(path);
    return assimp_retro::DecodeTexture(bytes.data(), bytes.size(), path);
}

} // namespace

TEST(ToolTextureEncode, PngBecomesPaaAndPac) {
    const std::string source = retro_test::CorpusPath("tex/tzk212_aiOrder1_board_co.paa");
    ASSERT_FALSE(source.empty());
    const std::string png = retro_test::OutputPath("ToolTextureEncode/board.png");
    const std::string paa = retro_test::OutputPath("ToolTextureEncode/board.paa");
    const std::string pac = retro_test::OutputPath("ToolTextureEncode/board.pac");
    std::string output;
    ASSERT_EQ(RunTool(ShellQuote(source) + " " + ShellQuote(png), &output), 0) << output;
    ASSERT_EQ(RunTool(ShellQuote(png) + " " + ShellQuote(paa), &output), 0) << output;
    EXPECT_NE(output.find("256x32 DXT1 with mipmaps"), std::string::npos) << output;
    const assimp_retro::DecodedTexture original = DecodeFile(source);
    const assimp_retro::DecodedTexture back = DecodeFile(paa);
    EXPECT_EQ(back.format, "PAA DXT1");
    EXPECT_EQ(back.alpha, assimp_retro::TextureAlpha::Mask);
    ASSERT_EQ(back.image.pixels.size(), original.image.pixels.size());
    double total = 0;
    for (size_t i = 0; i < back.image.pixels.size(); ++i) {
        total += std::abs(int(back.image.pixels[i]) - int(original.image.pixels[i]));
    }
    EXPECT_LE(total / double(back.image.pixels.size()), 2.0);
    // The same image as a palettised PAC (it has few colours): exact where opaque.
    ASSERT_EQ(RunTool(ShellQuote(png) + " " + ShellQuote(pac), &output), 0) << output;
    const assimp_retro::DecodedTexture palettised = DecodeFile(pac);
    EXPECT_EQ(palettised.format, "PAC P8 palette");
    for (size_t i = 0; i < original.image.pixels.size(); i += 4) {
        if (original.image.pixels[i + 3] == 255) {
            EXPECT_EQ(palettised.image.pixels[i], original.image.pixels[i]) << i;
        }
    }
}

TEST(ToolTextureEncode, WrongTypeOrSizeIsRefused) {
    // Arguments are checked before the PNG is read.
    const std::string png = "no_such.png";
    std::string output;
    EXPECT_EQ(RunTool(ShellQuote(png) + " " + ShellQuote(retro_test::OutputPath("ToolTextureEncode/x.paa")) + " --type p8", &output), 1);
    EXPECT_NE(output.find("a palettised texture is untagged: name it .pac"), std::string::npos) << output;
    EXPECT_EQ(RunTool(ShellQuote(png) + " x.paa --type dxt9", &output), 1);
    EXPECT_NE(output.find("unknown type 'dxt9'"), std::string::npos) << output;
}

TEST(ToolTextureEncode, ImageThatIsNoOfpTextureIsRefusedAndNothingWritten) {
    // A 3x2 PNG (from the library's PNG writer): sides not powers of two.
    assimp_retro::RgbaImage image;
    image.width = 3;
    image.height = 2;
    image.pixels.assign(3 * 2 * 4, 200);
    for (size_t i = 3; i < image.pixels.size(); i += 4) {
        image.pixels[i] = 255; // opaque: the default type is DXT1
    }
    const std::string png = retro_test::OutputPath("ToolTextureEncode/odd.png");
    retro_test::WriteFile(png, assimp_retro::EncodePng(image));
    const std::string paa = retro_test::OutputPath("ToolTextureEncode/odd.paa");
    std::string output;
    EXPECT_EQ(RunTool(ShellQuote(png) + " " + ShellQuote(paa), &output), 4);
    EXPECT_NE(output.find("texture sides must be powers of two in 4..4096 for DXT1 (the image is 3x2)"), std::string::npos)
            << output;
    EXPECT_TRUE(retro_test::ReadFile(paa).empty());
}
