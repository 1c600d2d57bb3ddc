// EncodePng: the test PNG reader gets back the exact pixels, the filters
// help on smooth images, and bad input is an ImportError.
#include "Common/ImportError.h"
#include "Common/Texture/Texture.h"
#include "support/PngDecoder.h"
#include "support/TestSupport.h"

#include <gtest/gtest.h>

using namespace assimp_retro;
using namespace retro_test;

namespace {

RgbaImage MakeImage(uint32_t w, uint32_t h, bool noisy) {
    RgbaImage image{w, h, std::vector<uint8_t>(size_t(w) * h * 4)};
    uint32_t state = 12345;
    for (size_t i = 0; i < image.pixels.size(); ++i) {
        state = state * 1103515245u + 12345u;
        const size_t texel = i / 4, x = texel % w, y = texel / w;
        image.pixels[i] = noisy ? uint8_t(state >> 24) : uint8_t(x * 3 + y * 5 + (i % 4) * 40);
    }
    return image;
}

void ExpectRoundTrip(const RgbaImage &image) {
    const std::vector<uint8_t> png = EncodePng(image);
    PngImage decoded;
    std::string error;
    ASSERT_TRUE(DecodePng(png, decoded, error)) << error;
    EXPECT_EQ(decoded.width, image.width);
    EXPECT_EQ(decoded.height, image.height);
    EXPECT_EQ(decoded.rgba, image.pixels);
}

TEST(Png, RoundTripsExactPixels) {
    ExpectRoundTrip(MakeImage(1, 1, true));
    ExpectRoundTrip(MakeImage(37, 23, true));
    ExpectRoundTrip(MakeImage(64, 32, false));
}

TEST(Png, FiltersMakeSmoothImagesSmall) {
    const RgbaImage smooth = MakeImage(256, 256, false);
    EXPECT_LT(EncodePng(smooth).size(), smooth.pixels.size() / 20);
}

// Pixel i: colour (i * step) % colours, alpha 255 or varying.
RgbaImage MakeColours(uint32_t w, uint32_t h, uint32_t colours, bool opaque) {
    RgbaImage image{w, h, std::vector<uint8_t>(size_t(w) * h * 4)};
    for (size_t p = 0; p < size_t(w) * h; ++p) {
        const uint32_t c = uint32_t(p * 7919 % colours);
        image.pixels[4 * p] = uint8_t(c), image.pixels[4 * p + 1] = uint8_t(c >> 8);
        image.pixels[4 * p + 2] = uint8_t(c * 13), image.pixels[4 * p + 3] = opaque ? 255 : uint8_t(c * 5);
    }
    return image;
}

// The chunk types of `png` in order.
std::string Chunks(const std::vector<uint8_t> &png) {
    std::string types;
    for (size_t pos = 8; pos + 12 <= png.size();) {
        const size_t length = size_t(png[pos]) << 24 | size_t(png[pos + 1]) << 16 | size_t(png[pos + 2]) << 8 | png[pos + 3];
        types += std::string(png.begin() + long(pos) + 4, png.begin() + long(pos) + 8) + " ";
        pos += 12 + length;
    }
    return types;
}

TEST(Png, WritesTheSmallestColourType) {
    const std::vector<uint8_t> png = EncodePng(MakeImage(300, 2, true));
    ASSERT_GT(png.size(), 33u);
    EXPECT_EQ(std::string(png.begin() + 12, png.begin() + 16), "IHDR");
    EXPECT_EQ(png[16 + 2], 0x01); // width 300 = 0x12C, big-endian
    EXPECT_EQ(png[16 + 3], 0x2C);
    EXPECT_EQ(png[16 + 7], 2);    // height
    EXPECT_EQ(png[24], 8);        // bit depth
    EXPECT_EQ(png[25], 6);        // RGBA: noise, alpha not opaque
    EXPECT_EQ(Chunks(png), "IHDR IDAT IEND ");

    const std::vector<uint8_t> rgb = EncodePng(MakeColours(40, 40, 257, true));
    EXPECT_EQ(rgb[25], 2) << "opaque, 257 colours: RGB";
    const std::vector<uint8_t> opaquePalette = EncodePng(MakeColours(40, 40, 256, true));
    EXPECT_EQ(opaquePalette[25], 3) << "256 colours: a palette";
    EXPECT_EQ(Chunks(opaquePalette), "IHDR PLTE IDAT IEND ") << "opaque: no tRNS";
    const std::vector<uint8_t> alphaPalette = EncodePng(MakeColours(40, 40, 256, false));
    EXPECT_EQ(alphaPalette[25], 3);
    EXPECT_EQ(Chunks(alphaPalette), "IHDR PLTE tRNS IDAT IEND ");
    EXPECT_EQ(EncodePng(MakeColours(40, 40, 257, false))[25], 6);
}

TEST(Png, EveryColourTypeRoundTrips) {
    for (uint32_t colours : {1u, 2u, 255u, 256u, 257u, 5000u}) {
        for (bool opaque : {true, false}) {
            SCOPED_TRACE(std::to_string(colours) + (opaque ? " opaque" : " with alpha"));
            ExpectRoundTrip(MakeColours(41, 23, colours, opaque));
        }
    }
}

TEST(Png, RejectsAnInconsistentImage) {
    RgbaImage bad{4, 4, std::vector<uint8_t>(10)};
    EXPECT_THROW(EncodePng(bad), ImportError);
    EXPECT_THROW(EncodePng(RgbaImage{}), ImportError);
}

TEST(Png, DecodedCorpusTextureRoundTrips) {
    const std::string path = CorpusPath("kpc-tree/SKINS/CREATURES/BATWING.DTX");
    ASSERT_FALSE(path.empty());
    const std::vector<uint8_t> bytes = ReadFile(path);
    ExpectRoundTrip(DecodeTexture(bytes.data(), bytes.size(), path).image);
}

} // namespace
