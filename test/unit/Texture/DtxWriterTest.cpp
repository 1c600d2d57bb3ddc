// The DTX writer: every DTX of ../shared/corpus decodes, encodes to its own
// variant and decodes again to the same texels (palettised and 32-bit) ; the
// DXT variants within the block compression's error; headers and mips.
#include "Common/ImportError.h"
#include "Common/Texture/DtxWriter.h"
#include "Common/Texture/Texture.h"
#include "support/TestSupport.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>

using namespace assimp_retro;

namespace {

std::vector<std::string> CorpusDtx() {
    std::vector<std::string> files;
    const std::string root = retro_test::CorpusFolder();
    if (root.empty()) return retro_test::CorpusParameters(files);
    for (const auto &e : std::filesystem::recursive_directory_iterator(root)) {
        std::string ext = e.path().extension().string();
        for (char &c : ext) c = char(std::tolower(static_cast<unsigned char>(c)));
        if (e.is_regular_file() && ext == ".dtx") files.push_back(std::filesystem::relative(e.path(), root).string());
    }
    std::sort(files.begin(), files.end());
    return files;
}

DtxFormat VariantOf(const std::string &format) {
    if (format.find("v-5") != std::string::npos) {
        if (format.find("DXT1") != std::string::npos) return DtxFormat::Lt2Dxt1;
        if (format.find("DXT3") != std::string::npos) return DtxFormat::Lt2Dxt3;
        if (format.find("DXT5") != std::string::npos) return DtxFormat::Lt2Dxt5;
        return DtxFormat::Lt2Bgra32;
    }
    return format.find("v-2") != std::string::npos ? DtxFormat::Lt10Palette : DtxFormat::Lt1Palette;
}

class DtxWriterCorpus : public ::testing::TestWithParam<std::string> {};

TEST_P(DtxWriterCorpus, EncodesToItsOwnVariantExactly) {
    const std::vector<uint8_t> bytes = retro_test::ReadFile(retro_test::CorpusPath(GetParam()));
    const DecodedTexture original = DecodeTexture(bytes.data(), bytes.size(), GetParam());
    const std::vector<uint8_t> written = EncodeDtx(original.image, VariantOf(original.format));
    const DecodedTexture again = DecodeTexture(written.data(), written.size(), "written.dtx");
    // Alpha masks that are 0 everywhere mean "no alpha" (TEXTURES.md 2.3): an
    // opaque image is written without them.
    std::string expected = original.format;
    const std::string masks = " with alpha masks";
    if (original.alpha == TextureAlpha::Opaque && expected.size() > masks.size() &&
            expected.compare(expected.size() - masks.size(), masks.size(), masks) == 0) {
        expected.erase(expected.size() - masks.size());
    }
    EXPECT_EQ(again.format, expected);
    EXPECT_EQ(again.image.width, original.image.width);
    EXPECT_EQ(again.image.height, original.image.height);
    EXPECT_TRUE(again.image.pixels == original.image.pixels) << GetParam() << ": texels differ";
    EXPECT_EQ(again.alpha, original.alpha);
}

INSTANTIATE_TEST_SUITE_P(Corpus, DtxWriterCorpus, ::testing::ValuesIn(CorpusDtx()), [](const auto &info) {
    std::string name = info.param;
    for (char &c : name) if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
    return name;
});

/// A smooth 64x64 image with > 256 colours and varying alpha.
RgbaImage Gradient(bool alpha) {
    RgbaImage image{64, 64, std::vector<uint8_t>(64 * 64 * 4)};
    for (uint32_t y = 0; y < 64; ++y)
        for (uint32_t x = 0; x < 64; ++x) {
            uint8_t *p = &image.pixels[(y * 64 + x) * 4];
            p[0] = uint8_t(x * 4), p[1] = uint8_t(y * 4), p[2] = uint8_t((x + y) * 2), p[3] = alpha ? uint8_t(255 - y * 4) : 255;
        }
    return image;
}

double MeanError(const RgbaImage &a, const RgbaImage &b, int channels) {
    double sum = 0;
    for (size_t i = 0; i < a.pixels.size(); ++i)
        if (int(i % 4) < channels) sum += std::abs(int(a.pixels[i]) - int(b.pixels[i]));
    return sum / double(a.pixels.size() / 4 * size_t(channels));
}

TEST(DtxWriter, EveryVariantDecodesWithinItsError) {
    struct Case {
        DtxFormat format;
        const char *decoded;
        double colour, alpha;
    };
    const Case cases[] = {
        // 4096 colours through a 256-entry median-cut palette
        {DtxFormat::Lt1Palette, "DTX v-3 8-bit palette with alpha masks", 7.0, 4.5},
        {DtxFormat::Lt10Palette, "DTX v-2 8-bit palette with alpha masks", 7.0, 4.5},
        {DtxFormat::Lt2Bgra32, "DTX v-5 32-bit BGRA", 0.0, 0.0},
        {DtxFormat::Lt2Dxt3, "DTX v-5 DXT3", 4.0, 4.5},
        {DtxFormat::Lt2Dxt5, "DTX v-5 DXT5", 4.0, 2.0},
    };
    const RgbaImage image = Gradient(true);
    for (const Case &c : cases) {
        SCOPED_TRACE(c.decoded);
        const std::vector<uint8_t> bytes = EncodeDtx(image, c.format);
        const DecodedTexture back = DecodeTexture(bytes.data(), bytes.size(), "x.dtx");
        EXPECT_EQ(back.format, c.decoded);
        EXPECT_LE(MeanError(image, back.image, 3), c.colour);
        RgbaImage alphaOnly = image, backAlpha = back.image;
        for (size_t i = 0; i < image.pixels.size(); i += 4) alphaOnly.pixels[i] = alphaOnly.pixels[i + 1] = alphaOnly.pixels[i + 2] = 0;
        for (size_t i = 0; i < image.pixels.size(); i += 4) backAlpha.pixels[i] = backAlpha.pixels[i + 1] = backAlpha.pixels[i + 2] = 0;
        EXPECT_LE(MeanError(alphaOnly, backAlpha, 4) * 4, c.alpha);
        EXPECT_EQ(bytes[12], 4); // 64x64: 4 mips (64, 32, 16, 8)
    }
    // DXT1: opaque colours within the block error.
    const std::vector<uint8_t> dxt1 = EncodeDtx(Gradient(false), DtxFormat::Lt2Dxt1);
    const DecodedTexture back = DecodeTexture(dxt1.data(), dxt1.size(), "x.dtx");
    EXPECT_EQ(back.format, "DTX v-5 DXT1");
    EXPECT_LE(MeanError(Gradient(false), back.image, 3), 4.0);
}

TEST(DtxWriter, RefusesWhatTheGamesCannotRead) {
    RgbaImage odd{6, 6, std::vector<uint8_t>(6 * 6 * 4, 255)};
    try {
        EncodeDtx(odd, DtxFormat::Lt2Dxt5);
        FAIL() << "no error";
    } catch (const ImportError &e) {
        EXPECT_STREQ(e.what(), "DTX writer: a DXT texture must be made of whole 4x4 blocks; 6x6 is not");
    }
    RgbaImage huge{5000, 1, std::vector<uint8_t>(5000 * 4, 255)};
    EXPECT_THROW(EncodeDtx(huge, DtxFormat::Lt1Palette), ImportError);
    DtxFormat f;
    EXPECT_TRUE(ParseDtxFormat("lt2-dxt5", f));
    EXPECT_EQ(f, DtxFormat::Lt2Dxt5);
    EXPECT_FALSE(ParseDtxFormat("dxt5", f));
}

} // namespace

namespace {

// The tool's texture verb: PNG -> DTX (lt1-palette by default, --dtx to choose).
TEST(DtxWriterTool, PngToDtxKeepsTheTexels) {
    const std::string tool = retro_test::ToolPath();
    ASSERT_FALSE(tool.empty()) << "the assimp-retro tool was not built";
    RgbaImage image{8, 8, std::vector<uint8_t>(8 * 8 * 4)};
    for (size_t i = 0; i < image.pixels.size(); i += 4) {
        image.pixels[i] = uint8_t(i), image.pixels[i + 1] = uint8_t(255 - i), image.pixels[i + 2] = 7, image.pixels[i + 3] = 255;
    }
    const std::string png = retro_test::OutputPath("Texture/tool_in.png");
    retro_test::WriteFile(png, EncodePng(image));
    for (const char *format : {"", "lt2-32"}) {
        const std::string dtx = retro_test::OutputPath(std::string("Texture/tool_out") + format + ".dtx");
        std::string output;
        const std::string option = *format ? std::string(" --dtx ") + format : std::string();
        ASSERT_EQ(retro_test::RunCommand(retro_test::ShellQuote(tool) + " texture " + retro_test::ShellQuote(png) + " " +
                                             retro_test::ShellQuote(dtx) + option, &output), 0) << output;
        const std::vector<uint8_t> bytes = retro_test::ReadFile(dtx);
        const DecodedTexture back = DecodeTexture(bytes.data(), bytes.size(), dtx);
        EXPECT_EQ(back.format, *format ? "DTX v-5 32-bit BGRA" : "DTX v-3 8-bit palette");
        EXPECT_TRUE(back.image.pixels == image.pixels);
    }
}

} // namespace
