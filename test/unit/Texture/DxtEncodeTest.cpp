// The shared S3TC encoder (code/Common/Texture/DxtEncode): what it writes
// decodes, through the project's own decoder, to the image within each
// format's error, with DXT1's 1-bit and DXT3's 4-bit alpha exact.
#include "Common/Texture/DxtEncode.h"

#include <gtest/gtest.h>

#include <cstdlib>

using namespace assimp_retro;

namespace {

// Colours along one line through RGB space (t, t / 2, 255 - t) with t
// growing by 9 a texel to the right or down: DXT places each block's colours
// on a line between two end points, so what is left is its quantisation.
RgbaImage Image(uint32_t width, uint32_t height, uint8_t (*alpha)(uint32_t x, uint32_t y)) {
    RgbaImage image;
    image.width = width;
    image.height = height;
    for (uint32_t y = 0; y < height; ++y) {
        for (uint32_t x = 0; x < width; ++x) {
            const uint8_t t = uint8_t((x + y) * 9);
            image.pixels.insert(image.pixels.end(), {t, uint8_t(t / 2), uint8_t(255 - t), alpha(x, y)});
        }
    }
    return image;
}

uint8_t OpaqueAlpha(uint32_t, uint32_t) {
    return 255;
}
uint8_t CheckerAlpha(uint32_t x, uint32_t y) {
    return ((x + y) % 3 == 0) ? 0 : 255;
}
uint8_t RampAlpha(uint32_t x, uint32_t y) {
    return uint8_t((x * 16 + y * 3) % 256);
}

// A block spans t over 6 steps (54): four colours 18 apart leave at most 9,
// and the 565 end points round by up to 4 more.
constexpr int kLineError = 13;

RgbaImage RoundTrip(const RgbaImage &image, S3tcFormat format) {
    const std::vector<uint8_t> blocks = EncodeS3tc(image, format);
    EXPECT_EQ(blocks.size(), S3tcImageBytes(format, image.width, image.height));
    RgbaImage decoded;
    decoded.width = image.width;
    decoded.height = image.height;
    decoded.pixels.resize(image.pixels.size());
    DecodeS3tc(blocks.data(), image.width, image.height, format, decoded.pixels.data());
    return decoded;
}

int MaxColourError(const RgbaImage &a, const RgbaImage &b, bool skipTransparent) {
    int worst = 0;
    for (size_t i = 0; i < a.pixels.size(); i += 4) {
        if (skipTransparent && a.pixels[i + 3] < 128) continue;
        for (size_t c = 0; c < 3; ++c) worst = std::max(worst, std::abs(a.pixels[i + c] - b.pixels[i + c]));
    }
    return worst;
}

TEST(DxtEncode, Dxt1OpaqueGradientWithinError) {
    const RgbaImage image = Image(16, 8, OpaqueAlpha);
    const RgbaImage decoded = RoundTrip(image, S3tcFormat::Dxt1);
    EXPECT_LE(MaxColourError(image, decoded, false), kLineError);
    for (size_t i = 3; i < decoded.pixels.size(); i += 4) ASSERT_EQ(decoded.pixels[i], 255) << "texel " << i / 4;
}

TEST(DxtEncode, SolidColourOf565IsExactInEveryFormat) {
    RgbaImage image;
    image.width = image.height = 4;
    for (int i = 0; i < 16; ++i) image.pixels.insert(image.pixels.end(), {0xFF, 0x82, 0x08, 0xFF}); // 565-exact
    for (S3tcFormat format : {S3tcFormat::Dxt1, S3tcFormat::Dxt3, S3tcFormat::Dxt5}) {
        EXPECT_EQ(RoundTrip(image, format).pixels, image.pixels) << int(format);
    }
}

TEST(DxtEncode, Dxt1TransparentTexelsBecomeTransparentBlack) {
    const RgbaImage image = Image(8, 8, CheckerAlpha);
    const RgbaImage decoded = RoundTrip(image, S3tcFormat::Dxt1);
    for (size_t i = 0; i < image.pixels.size(); i += 4) {
        if (image.pixels[i + 3] < 128) {
            EXPECT_EQ(decoded.pixels[i] | decoded.pixels[i + 1] | decoded.pixels[i + 2] | decoded.pixels[i + 3], 0)
                << "texel " << i / 4;
        } else {
            EXPECT_EQ(decoded.pixels[i + 3], 255) << "texel " << i / 4;
        }
    }
    EXPECT_LE(MaxColourError(image, decoded, true), kLineError);
}

TEST(DxtEncode, Dxt1AllTransparentBlock) {
    RgbaImage image;
    image.width = image.height = 4;
    image.pixels.assign(64, 0);
    for (size_t i = 0; i < 64; i += 4) image.pixels[i] = 200; // red, alpha 0
    const std::vector<uint8_t> blocks = EncodeS3tc(image, S3tcFormat::Dxt1);
    EXPECT_EQ(blocks, (std::vector<uint8_t>{0, 0, 0, 0, 0xFF, 0xFF, 0xFF, 0xFF}));
    EXPECT_EQ(RoundTrip(image, S3tcFormat::Dxt1).pixels, std::vector<uint8_t>(64, 0));
}

TEST(DxtEncode, Dxt3AlphaIsTheNearestOfSixteenLevels) {
    const RgbaImage image = Image(8, 4, RampAlpha);
    const RgbaImage decoded = RoundTrip(image, S3tcFormat::Dxt3);
    for (size_t i = 3; i < image.pixels.size(); i += 4) {
        EXPECT_EQ(decoded.pixels[i], (image.pixels[i] * 15 + 127) / 255 * 17) << "texel " << i / 4;
    }
    EXPECT_LE(MaxColourError(image, decoded, false), kLineError);
}

TEST(DxtEncode, Dxt5AlphaWithinInterpolationStep) {
    const RgbaImage image = Image(8, 8, RampAlpha);
    const RgbaImage decoded = RoundTrip(image, S3tcFormat::Dxt5);
    for (size_t i = 3; i < image.pixels.size(); i += 4) {
        EXPECT_LE(std::abs(decoded.pixels[i] - image.pixels[i]), 16) << "texel " << i / 4;
    }
}

TEST(DxtEncode, EdgeBlocksOfOddSizesArePaddedAndClipped) {
    const RgbaImage image = Image(5, 3, OpaqueAlpha);
    EXPECT_EQ(EncodeS3tc(image, S3tcFormat::Dxt5).size(), 2u * 1u * 16u);
    EXPECT_LE(MaxColourError(image, RoundTrip(image, S3tcFormat::Dxt1), false), kLineError);
}

TEST(DxtEncode, EmptyImageGivesNoBytes) {
    EXPECT_TRUE(EncodeS3tc(RgbaImage{}, S3tcFormat::Dxt1).empty());
}

} // namespace
