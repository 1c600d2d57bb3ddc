// assimp-retro: S3TC block decoder (see S3tc.h).
#include "S3tc.h"

#include <cstring>

namespace assimp_retro {

namespace {

struct Rgba {
    uint8_t r, g, b, a;
};

Rgba OpaqueEndPoint(uint16_t v) {
    const std::array<int, 3> rgb = Expand565(v);
    return {uint8_t(rgb[0]), uint8_t(rgb[1]), uint8_t(rgb[2]), 255};
}

uint8_t Mix(unsigned a, unsigned wa, unsigned b, unsigned wb, unsigned div) {
    return uint8_t((a * wa + b * wb) / div);
}

// The 4 colours of a colour block; `threeColourMode` only for DXT1.
void ColourPalette(const uint8_t *block, bool dxt1, Rgba out[4]) {
    const uint16_t c0 = uint16_t(block[0] | block[1] << 8);
    const uint16_t c1 = uint16_t(block[2] | block[3] << 8);
    out[0] = OpaqueEndPoint(c0);
    out[1] = OpaqueEndPoint(c1);
    if (!dxt1 || c0 > c1) {
        out[2] = {Mix(out[0].r, 2, out[1].r, 1, 3), Mix(out[0].g, 2, out[1].g, 1, 3), Mix(out[0].b, 2, out[1].b, 1, 3),
                255};
        out[3] = {Mix(out[0].r, 1, out[1].r, 2, 3), Mix(out[0].g, 1, out[1].g, 2, 3), Mix(out[0].b, 1, out[1].b, 2, 3),
                255};
    } else {
        out[2] = {Mix(out[0].r, 1, out[1].r, 1, 2), Mix(out[0].g, 1, out[1].g, 1, 2), Mix(out[0].b, 1, out[1].b, 1, 2),
                255};
        out[3] = {0, 0, 0, 0};
    }
}

// 16 alpha values of a DXT3 (explicit 4-bit) or DXT5 (interpolated) alpha block.
void AlphaValues(const uint8_t *block, S3tcFormat format, uint8_t alpha[16]) {
    if (format == S3tcFormat::Dxt3) {
        for (int i = 0; i < 16; ++i) {
            alpha[i] = uint8_t(((block[i / 2] >> ((i & 1) * 4)) & 15u) * 17u);
        }
        return;
    }
    const unsigned a0 = block[0], a1 = block[1];
    uint8_t table[8] = {uint8_t(a0), uint8_t(a1)};
    if (a0 > a1) {
        for (unsigned k = 1; k < 7; ++k)
            table[k + 1] = Mix(a0, 7 - k, a1, k, 7);
    } else {
        for (unsigned k = 1; k < 5; ++k)
            table[k + 1] = Mix(a0, 5 - k, a1, k, 5);
        table[6] = 0;
        table[7] = 255;
    }
    uint64_t bits = 0;
    for (int i = 0; i < 6; ++i)
        bits |= uint64_t(block[2 + i]) << (8 * i);
    for (int i = 0; i < 16; ++i)
        alpha[i] = table[(bits >> (3 * i)) & 7u];
}

} // namespace

size_t S3tcBlockBytes(S3tcFormat format) {
    return format == S3tcFormat::Dxt1 ? 8 : 16;
}

size_t S3tcImageBytes(S3tcFormat format, uint32_t width, uint32_t height) {
    return size_t((width + 3) / 4) * size_t((height + 3) / 4) * S3tcBlockBytes(format);
}

void DecodeS3tc(const uint8_t *blocks, uint32_t width, uint32_t height, S3tcFormat format, uint8_t *rgba) {
    const bool dxt1 = format == S3tcFormat::Dxt1;
    const size_t blockBytes = S3tcBlockBytes(format);
    const uint8_t *block = blocks;
    for (uint32_t by = 0; by < height; by += 4) {
        for (uint32_t bx = 0; bx < width; bx += 4, block += blockBytes) {
            const uint8_t *colourBlock = dxt1 ? block : block + 8;
            Rgba colours[4];
            ColourPalette(colourBlock, dxt1, colours);
            uint8_t alpha[16];
            if (!dxt1) AlphaValues(block, format, alpha);
            const uint32_t indices = uint32_t(colourBlock[4]) | uint32_t(colourBlock[5]) << 8 |
                    uint32_t(colourBlock[6]) << 16 | uint32_t(colourBlock[7]) << 24;
            for (uint32_t y = 0; y < 4 && by + y < height; ++y) {
                for (uint32_t x = 0; x < 4 && bx + x < width; ++x) {
                    const unsigned i = 4 * y + x;
                    Rgba c = colours[(indices >> (2 * i)) & 3u];
                    if (!dxt1) c.a = alpha[i];
                    uint8_t *dst = rgba + (size_t(by + y) * width + (bx + x)) * 4;
                    dst[0] = c.r;
                    dst[1] = c.g;
                    dst[2] = c.b;
                    dst[3] = c.a;
                }
            }
        }
    }
}

} // namespace assimp_retro
