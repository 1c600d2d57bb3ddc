// assimp-retro: S3TC block encoder over stb_dxt (see DxtEncode.h).
#include "DxtEncode.h"

#include "S3tc.h"

#include <algorithm>
#include <array>
#include <cstring>

#define STB_DXT_STATIC
#define STB_DXT_IMPLEMENTATION
#include <stb_dxt.h>

namespace assimp_retro {
namespace {

using Block = std::array<uint8_t, 16 * 4>; // 4x4 RGBA texels, rows top first

// The 4x4 texels at block (bx, by), edges repeated past the image's sides.
Block GatherBlock(const RgbaImage &image, uint32_t bx, uint32_t by) {
    Block block{};
    for (uint32_t y = 0; y < 4; ++y) {
        const uint32_t sy = std::min(by * 4 + y, image.height - 1);
        for (uint32_t x = 0; x < 4; ++x) {
            const uint32_t sx = std::min(bx * 4 + x, image.width - 1);
            std::memcpy(&block[(y * 4 + x) * 4], &image.pixels[(size_t(sy) * image.width + sx) * 4], 4);
        }
    }
    return block;
}

// A copy of `block` with every alpha 255: stb_dxt's colour encoder tests for
// a constant block on whole texels, alpha included.
Block Opaque(const Block &block) {
    Block opaque = block;
    for (size_t i = 0; i < 16; ++i)
        opaque[i * 4 + 3] = 255;
    return opaque;
}

void EncodeColourBlock(const Block &block, uint8_t *out) {
    const Block opaque = Opaque(block);
    stb_compress_dxt_block(out, opaque.data(), 0, STB_DXT_HIGHQUAL);
}

uint16_t LoadU16(const uint8_t *p) {
    return uint16_t(p[0] | (p[1] << 8));
}

void StoreU16(uint8_t *p, uint16_t v) {
    p[0] = uint8_t(v);
    p[1] = uint8_t(v >> 8);
}

int Distance2(const std::array<int, 3> &a, const uint8_t *texel) {
    int sum = 0;
    for (int c = 0; c < 3; ++c)
        sum += (a[c] - texel[c]) * (a[c] - texel[c]);
    return sum;
}

// DXT1 block with transparent texels: end points from stb_dxt over the
// opaque texels only, stored c0 <= c1 (the 3-colour mode), indices chosen
// here among c0, c1 and their midpoint, 3 for transparent texels.
void EncodeDxt1PunchThrough(const Block &block, uint8_t *out) {
    Block filled = block;
    const uint8_t *firstOpaque = nullptr;
    for (size_t i = 0; i < 16 && !firstOpaque; ++i) {
        if (block[i * 4 + 3] >= 128) firstOpaque = &block[i * 4];
    }
    if (!firstOpaque) { // every texel transparent
        std::memset(out, 0, 4);
        std::memset(out + 4, 0xFF, 4);
        return;
    }
    for (size_t i = 0; i < 16; ++i) {
        if (block[i * 4 + 3] < 128) std::memcpy(&filled[i * 4], firstOpaque, 4);
    }
    EncodeColourBlock(filled, out);
    uint16_t c0 = LoadU16(out), c1 = LoadU16(out + 2);
    if (c0 > c1) std::swap(c0, c1);
    const std::array<int, 3> e0 = Expand565(c0), e1 = Expand565(c1);
    const std::array<int, 3> mid = {(e0[0] + e1[0]) / 2, (e0[1] + e1[1]) / 2, (e0[2] + e1[2]) / 2};
    const std::array<int, 3> *palette[3] = {&e0, &e1, &mid};
    uint32_t indices = 0;
    for (size_t i = 0; i < 16; ++i) {
        uint32_t index = 3;
        if (block[i * 4 + 3] >= 128) {
            index = 0;
            for (uint32_t k = 1; k < 3; ++k) {
                if (Distance2(*palette[k], &block[i * 4]) < Distance2(*palette[index], &block[i * 4])) index = k;
            }
        }
        indices |= index << (2 * i);
    }
    StoreU16(out, c0);
    StoreU16(out + 2, c1);
    for (int k = 0; k < 4; ++k)
        out[4 + k] = uint8_t(indices >> (8 * k));
}

bool HasTransparentTexel(const Block &block) {
    for (size_t i = 0; i < 16; ++i) {
        if (block[i * 4 + 3] < 128) return true;
    }
    return false;
}

// DXT3's explicit alpha: 4 bits a texel, two texels a byte, low nibble first.
void EncodeExplicitAlpha(const Block &block, uint8_t *out) {
    for (size_t i = 0; i < 16; i += 2) {
        const int lo = (block[i * 4 + 3] * 15 + 127) / 255;
        const int hi = (block[(i + 1) * 4 + 3] * 15 + 127) / 255;
        out[i / 2] = uint8_t(lo | (hi << 4));
    }
}

void EncodeBlock(const Block &block, S3tcFormat format, uint8_t *out) {
    switch (format) {
    case S3tcFormat::Dxt1:
        if (HasTransparentTexel(block)) {
            EncodeDxt1PunchThrough(block, out);
        } else {
            EncodeColourBlock(block, out);
        }
        break;
    case S3tcFormat::Dxt3:
        EncodeExplicitAlpha(block, out);
        EncodeColourBlock(block, out + 8);
        break;
    case S3tcFormat::Dxt5:
        stb_compress_dxt_block(out, block.data(), 1, STB_DXT_HIGHQUAL);
        break;
    }
}

} // namespace

std::vector<uint8_t> EncodeS3tc(const RgbaImage &image, S3tcFormat format) {
    std::vector<uint8_t> out(S3tcImageBytes(format, image.width, image.height));
    if (image.width == 0 || image.height == 0) return out;
    const size_t blockBytes = S3tcBlockBytes(format);
    const uint32_t blocksWide = (image.width + 3) / 4, blocksHigh = (image.height + 3) / 4;
    uint8_t *next = out.data();
    for (uint32_t by = 0; by < blocksHigh; ++by) {
        for (uint32_t bx = 0; bx < blocksWide; ++bx, next += blockBytes) {
            EncodeBlock(GatherBlock(image, bx, by), format, next);
        }
    }
    return out;
}

} // namespace assimp_retro
