// The PAA/PAC writer: every .paa/.pac of ../shared/corpus/tex decodes,
// encodes to its own type and decodes again (exact for the 16-bit types,
// within the DXT error for DXT); synthetic images round trip exactly in
// ARGB1555, AI88 and the palettised PAC; the TAGGs come from the pixels;
// images that cannot be OFP textures are refused.
#include "Common/Lzss.h"
#include "Common/Texture/PaaWriter.h"
#include "Common/Texture/Texture.h"
#include "support/TestSupport.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <stdexcept>

using namespace assimp_retro;

namespace {

DecodedTexture Decode(const std::vector<uint8_t> &bytes, const std::string &name) {
    return DecodeTexture(bytes.data(), bytes.size(), name);
}

RgbaImage Image(uint32_t w, uint32_t h, uint32_t seed) {
    RgbaImage image;
    image.width = w;
    image.height = h;
    image.pixels.resize(size_t(w) * h * 4);
    uint32_t x = seed;
    for (auto &b : image.pixels) {
        x = x * 1664525u + 1013904223u;
        b = static_cast<uint8_t>(x >> 24);
    }
    return image;
}

/// The largest per-channel difference and the mean absolute one.
std::pair<int, double> Difference(const RgbaImage &a, const RgbaImage &b) {
    int worst = 0;
    double total = 0;
    for (size_t i = 0; i < a.pixels.size(); ++i) {
        const int d = std::abs(int(a.pixels[i]) - int(b.pixels[i]));
        worst = std::max(worst, d);
        total += d;
    }
    return {worst, total / double(a.pixels.size())};
}

/// The level records of a written file: (width, height, stored bytes) and where each header is.
struct Level {
    uint32_t w, h, size, at;
};
std::vector<Level> Levels(const std::vector<uint8_t> &bytes, uint32_t *offs = nullptr) {
    size_t o = 0;
    if (bytes[1] == 0xFF || (bytes[0] == 0x44 && bytes[1] == 0x44) || (bytes[0] == 0x55 && bytes[1] == 0x15) ||
            (bytes[0] == 0x80 && bytes[1] == 0x80)) {
        o = 2;
    }
    while (o + 12 <= bytes.size() && std::memcmp(&bytes[o], "GGAT", 4) == 0) {
        uint32_t n;
        std::memcpy(&n, &bytes[o + 8], 4);
        if (offs && std::memcmp(&bytes[o + 4], "SFFO", 4) == 0) {
            std::memcpy(offs, &bytes[o + 12], 64);
        }
        o += 12 + n;
    }
    uint16_t colours;
    std::memcpy(&colours, &bytes[o], 2);
    o += 2 + 3 * size_t(colours);
    std::vector<Level> levels;
    for (;;) {
        uint16_t w, h;
        std::memcpy(&w, &bytes[o], 2);
        std::memcpy(&h, &bytes[o + 2], 2);
        if (w == 0 && h == 0) {
            break;
        }
        const uint32_t size = bytes[o + 4] | bytes[o + 5] << 8 | bytes[o + 6] << 16;
        levels.push_back({w, h, size, uint32_t(o)});
        o += 7 + size;
    }
    EXPECT_EQ(o + 6, bytes.size()); // the terminator and the extra u16 0
    return levels;
}

} // namespace

TEST(PaaWriter, EveryCorpusTextureRoundTripsInItsOwnType) {
    const std::string dir = retro_test::CorpusPath("tex");
    ASSERT_FALSE(dir.empty());
    unsigned files = 0;
    for (const auto &entry : std::filesystem::directory_iterator(dir)) {
        const std::string ext = entry.path().extension().string();
        if (ext != ".paa" && ext != ".pac") {
            continue;
        }
        const std::string name = entry.path().filename().string();
        SCOPED_TRACE(name);
        const DecodedTexture original = Decode(retro_test::ReadFile(entry.path().string()), name);
        const std::string typeName = original.format.substr(4);
        PaaType type;
        ASSERT_TRUE(PaaTypeFromName(typeName, type)) << original.format;
        const std::vector<uint8_t> written = EncodePaa(original.image, type);
        retro_test::WriteFile(retro_test::OutputPath("PaaWriter/" + name), written);
        const DecodedTexture again = Decode(written, name); // verifies every LZSS checksum it reads
        EXPECT_EQ(again.format, original.format);
        ASSERT_EQ(again.image.width, original.image.width);
        ASSERT_EQ(again.image.height, original.image.height);
        const auto diff = Difference(original.image, again.image);
        if (type == PaaType::Argb4444) {
            EXPECT_EQ(diff.first, 0);
        } else {
            // DXT again: each block's colours re-fitted to what the first encoder chose.
            EXPECT_LE(diff.first, 48);
            EXPECT_LE(diff.second, 2.0);
        }
        EXPECT_EQ(again.alpha, original.alpha);
        ++files;
    }
    EXPECT_EQ(files, 3u);
}

TEST(PaaWriter, SixteenBitTypesAndThePaletteRoundTripExactly) {
    // Values each type holds exactly: nibbles x 17, 5 bits widened, grey + alpha, a few colours.
    for (PaaType type : {PaaType::Argb4444, PaaType::Argb1555, PaaType::Ai88, PaaType::P8}) {
        SCOPED_TRACE(PaaTypeName(type));
        RgbaImage image = Image(16, 8, 7);
        for (size_t i = 0; i < image.pixels.size(); i += 4) {
            uint8_t *p = &image.pixels[i];
            switch (type) {
            case PaaType::Argb4444:
                for (unsigned c = 0; c < 4; ++c) {
                    p[c] = uint8_t((p[c] >> 4) * 17);
                }
                break;
            case PaaType::Argb1555:
                for (unsigned c = 0; c < 3; ++c) {
                    const unsigned x = p[c] >> 3;
                    p[c] = uint8_t(x << 3 | x >> 2);
                }
                p[3] = p[3] >= 128 ? 255 : 0;
                break;
            case PaaType::Ai88:
                p[1] = p[2] = p[0];
                break;
            default: // five colours and transparent texels
                const uint8_t k = p[0] % 6;
                p[0] = uint8_t(40 * k);
                p[1] = uint8_t(200 - 30 * k);
                p[2] = 17;
                p[3] = k == 5 ? 0 : 255;
                break;
            }
        }
        const std::string name = type == PaaType::P8 ? "x.pac" : "x.paa";
        const std::vector<uint8_t> written = EncodePaa(image, type);
        const DecodedTexture back = Decode(written, name);
        if (type == PaaType::P8) {
            // Transparent texels read back as the AVGC colour with alpha 0 (§1.9): compare alpha there.
            for (size_t i = 0; i < image.pixels.size(); i += 4) {
                if (image.pixels[i + 3] == 0) {
                    EXPECT_EQ(back.image.pixels[i + 3], 0);
                } else {
                    EXPECT_EQ(std::memcmp(&back.image.pixels[i], &image.pixels[i], 4), 0) << i;
                }
            }
            EXPECT_EQ(back.format, "PAC P8 palette");
        } else {
            EXPECT_EQ(back.image.pixels, image.pixels);
        }
        // Mipmaps down to 2x2: 16x8, 8x4, 4x2; the OFFS TAGG points at each level.
        uint32_t offs[16] = {};
        const std::vector<Level> levels = Levels(written, offs);
        ASSERT_EQ(levels.size(), 3u);
        EXPECT_EQ(levels[2].w, 4u);
        EXPECT_EQ(levels[2].h, 2u);
        for (size_t l = 0; l < levels.size(); ++l) {
            EXPECT_EQ(offs[l], levels[l].at);
        }
        if (type != PaaType::P8) {
            // Every level LZSS with the signed checksum, which the library's decoder verifies.
            for (const Level &level : levels) {
                std::vector<uint8_t> texels(size_t(level.w) * level.h * 2);
                const LzssResult result = LzssDecode(&written[level.at + 7], level.size, texels.data(), texels.size(),
                        LzssChecksum::SignedBytes);
                EXPECT_TRUE(result.Ok());
                EXPECT_EQ(result.consumed, level.size);
            }
        }
    }
}

TEST(PaaWriter, TaggsComeFromThePixels) {
    RgbaImage image = Image(4, 4, 1);
    for (size_t i = 0; i < image.pixels.size(); i += 4) {
        image.pixels[i] = 200;
        image.pixels[i + 1] = 100;
        image.pixels[i + 2] = 50;
        image.pixels[i + 3] = i < 32 ? 0 : 255; // half transparent: alpha test
    }
    const std::vector<uint8_t> written = EncodePaa(image, PaaType::Dxt1);
    ASSERT_EQ(written[0], 0x01);
    ASSERT_EQ(written[1], 0xFF);
    ASSERT_EQ(std::memcmp(&written[2], "GGATCGVA", 8), 0);
    uint32_t avgc, flag;
    std::memcpy(&avgc, &written[14], 4);
    EXPECT_EQ(avgc, 0x80C86432u); // mean alpha 127.5 -> 128, then 200, 100, 50
    ASSERT_EQ(std::memcmp(&written[2 + 2 * 16], "GGATGALF", 8), 0);
    std::memcpy(&flag, &written[2 + 2 * 16 + 12], 4);
    EXPECT_EQ(flag, 2u);
    EXPECT_EQ(Decode(written, "t.paa").alpha, TextureAlpha::Mask);
}

TEST(PaaWriter, ImagesThatCannotBeOfpTexturesAreRefused) {
    try {
        EncodePaa(Image(12, 8, 1), PaaType::Argb4444);
        ADD_FAILURE() << "no error";
    } catch (const std::exception &e) {
        EXPECT_STREQ(e.what(), "PAA export: texture sides must be powers of two in 2..4096 for ARGB4444 (the image is 12x8)");
    }
    RgbaImage many = Image(32, 32, 3);
    for (size_t i = 3; i < many.pixels.size(); i += 4) {
        many.pixels[i] = 255;
    }
    try {
        EncodePaa(many, PaaType::P8);
        ADD_FAILURE() << "no error";
    } catch (const std::exception &e) {
        EXPECT_NE(std::string(e.what()).find("colours do not fit a PAC's 256-entry palette"), std::string::npos)
                << e.what();
    }
}
