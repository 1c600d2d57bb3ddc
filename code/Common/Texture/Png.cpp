// assimp-retro: PNG writer (8-bit RGBA, non-interlaced) on Debian's zlib.
//
// Each row gets the filter (None, Sub, Up, Average, Paeth) whose output has
// the smallest sum of absolute values as signed bytes, the heuristic the PNG
// specification recommends; the filtered rows are deflated in one IDAT chunk
// at zlib's default level. CRCs come from zlib's crc32.
#include "Texture.h"

#include "../ImportError.h"

#include <zlib.h>

#include <cstdlib>
#include <cstring>

namespace assimp_retro {

namespace {

constexpr size_t kBytesPerPixel = 4;

uint8_t Paeth(int a, int b, int c) {
    const int p = a + b - c;
    const int pa = std::abs(p - a), pb = std::abs(p - b), pc = std::abs(p - c);
    if (pa <= pb && pa <= pc) return uint8_t(a);
    return uint8_t(pb <= pc ? b : c);
}

// Writes filter type `type` of `row` (previous row `prior`, zeros for the
// first) to `out` and returns the heuristic cost.
unsigned FilterRow(int type, const uint8_t *row, const uint8_t *prior, size_t n, uint8_t *out) {
    unsigned cost = 0;
    for (size_t i = 0; i < n; ++i) {
        const int a = i >= kBytesPerPixel ? row[i - kBytesPerPixel] : 0;
        const int b = prior[i];
        const int c = i >= kBytesPerPixel ? prior[i - kBytesPerPixel] : 0;
        int predictor = 0;
        switch (type) {
        case 1: predictor = a; break;
        case 2: predictor = b; break;
        case 3: predictor = (a + b) / 2; break;
        case 4: predictor = Paeth(a, b, c); break;
        default: break;
        }
        const uint8_t v = uint8_t(row[i] - predictor);
        out[i] = v;
        cost += v < 128 ? v : 256u - v;
    }
    return cost;
}

std::vector<uint8_t> FilterImage(const RgbaImage &image) {
    const size_t stride = size_t(image.width) * kBytesPerPixel;
    std::vector<uint8_t> filtered((stride + 1) * image.height);
    std::vector<uint8_t> zeros(stride, 0), candidate(stride);
    for (uint32_t y = 0; y < image.height; ++y) {
        const uint8_t *row = image.pixels.data() + y * stride;
        const uint8_t *prior = y ? row - stride : zeros.data();
        uint8_t *dst = filtered.data() + y * (stride + 1);
        unsigned best = FilterRow(0, row, prior, stride, dst + 1);
        dst[0] = 0;
        for (int type = 1; type <= 4; ++type) {
            const unsigned cost = FilterRow(type, row, prior, stride, candidate.data());
            if (cost < best) {
                best = cost;
                dst[0] = uint8_t(type);
                std::memcpy(dst + 1, candidate.data(), stride);
            }
        }
    }
    return filtered;
}

void PutU32Be(std::vector<uint8_t> &out, uint32_t v) {
    out.push_back(uint8_t(v >> 24));
    out.push_back(uint8_t(v >> 16));
    out.push_back(uint8_t(v >> 8));
    out.push_back(uint8_t(v));
}

void PutChunk(std::vector<uint8_t> &out, const char type[4], const uint8_t *data, size_t size) {
    PutU32Be(out, uint32_t(size));
    const size_t typeAt = out.size();
    out.insert(out.end(), type, type + 4);
    out.insert(out.end(), data, data + size);
    const uLong crc = crc32(0L, out.data() + typeAt, uInt(size + 4));
    PutU32Be(out, uint32_t(crc));
}

} // namespace

std::vector<uint8_t> EncodePng(const RgbaImage &image) {
    if (image.width == 0 || image.height == 0 || image.width > 0x7FFFFFFFu || image.height > 0x7FFFFFFFu ||
            image.pixels.size() != size_t(image.width) * image.height * kBytesPerPixel) {
        throw ImportError("PNG: image of " + std::to_string(image.width) + "x" + std::to_string(image.height) +
                " with " + std::to_string(image.pixels.size()) + " bytes of pixels cannot be encoded");
    }
    const std::vector<uint8_t> filtered = FilterImage(image);
    uLongf compressedSize = compressBound(uLong(filtered.size()));
    std::vector<uint8_t> compressed(compressedSize);
    const int status = compress2(compressed.data(), &compressedSize, filtered.data(), uLong(filtered.size()),
            Z_DEFAULT_COMPRESSION);
    if (status != Z_OK) {
        throw ImportError("PNG: zlib compress2 failed with status " + std::to_string(status));
    }
    std::vector<uint8_t> png = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
    uint8_t header[13];
    const uint32_t dims[2] = {image.width, image.height};
    for (int k = 0; k < 2; ++k) {
        for (int b = 0; b < 4; ++b) header[k * 4 + b] = uint8_t(dims[k] >> (24 - 8 * b));
    }
    header[8] = 8;  // bit depth
    header[9] = 6;  // colour type: RGBA
    header[10] = 0; // deflate
    header[11] = 0; // adaptive filtering
    header[12] = 0; // no interlace
    PutChunk(png, "IHDR", header, sizeof header);
    PutChunk(png, "IDAT", compressed.data(), compressedSize);
    PutChunk(png, "IEND", nullptr, 0);
    return png;
}

} // namespace assimp_retro
