// assimp-retro: PNG writer (8-bit, non-interlaced) on Debian's zlib.
//
// The image is stored in the smallest of three forms: a palette (up to 256
// distinct colours, alpha in tRNS: one byte per pixel, as the palettised
// DTX and PAC skins are), RGB when every pixel is opaque, else RGBA. Fewer
// bytes to deflate make the file smaller and the encoding faster.
// Palette images are written unfiltered (the PNG specification's advice);
// for the others filtering is chosen per image (AdaptiveFilteringPays):
// either every row unfiltered, or each row with the filter (None, Sub, Up,
// Average, Paeth) whose output has the smallest sum of absolute values as
// signed bytes, the heuristic the PNG specification suggests. The rows are
// deflated into one IDAT chunk at zlib level 1. CRCs come from zlib's crc32.
#include "Texture.h"

#include "../ImportError.h"

#include <zlib.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>

namespace assimp_retro {

namespace {

// Level 1: 2-3 times faster than zlib's default 6 for 5-15 % larger files
// (bench_texture), since textures are encoded in every batch.
constexpr int kZlibLevel = Z_BEST_SPEED;

// PNG colour types.
constexpr uint8_t kRgb = 2, kPalette = 3, kRgba = 6;

/// The image as the PNG stores it.
struct Samples {
    uint8_t colourType = kRgba;
    size_t bytesPerPixel = 4;
    std::vector<uint8_t> data; ///< rows of width * bytesPerPixel bytes
    std::vector<uint8_t> palette; ///< PLTE: red, green, blue of each entry
    std::vector<uint8_t> alpha; ///< tRNS: alpha of each entry up to the last translucent one
};

/// Up to 256 distinct colours: their palette and one index per pixel.
/// False as soon as a 257th colour appears (on DXT art, within a few rows).
bool ToPalette(const RgbaImage &image, Samples &out) {
    constexpr size_t kSlots = 1024; // an open-addressing table, at most a quarter full
    uint32_t keys[kSlots];
    int16_t slotIndex[kSlots];
    std::fill(slotIndex, slotIndex + kSlots, int16_t(-1));
    std::vector<uint32_t> colours;
    const size_t pixels = size_t(image.width) * image.height;
    out.data.resize(pixels);
    uint32_t last = 0;
    int lastIndex = -1;
    for (size_t p = 0; p < pixels; ++p) {
        uint32_t colour;
        std::memcpy(&colour, &image.pixels[4 * p], 4);
        if (colour != last || lastIndex < 0) { // runs of one colour skip the table
            size_t slot = (colour * 2654435761u) >> 22;
            while (slotIndex[slot] >= 0 && keys[slot] != colour) {
                slot = (slot + 1) & (kSlots - 1);
            }
            if (slotIndex[slot] < 0) {
                if (colours.size() == 256) {
                    return false;
                }
                keys[slot] = colour;
                slotIndex[slot] = int16_t(colours.size());
                colours.push_back(colour);
            }
            last = colour;
            lastIndex = slotIndex[slot];
        }
        out.data[p] = uint8_t(lastIndex);
    }
    size_t translucent = 0; // entries up to the last one that is not opaque
    for (size_t i = 0; i < colours.size(); ++i) {
        uint8_t rgba[4];
        std::memcpy(rgba, &colours[i], 4);
        out.palette.insert(out.palette.end(), rgba, rgba + 3);
        out.alpha.push_back(rgba[3]);
        translucent = rgba[3] != 255 ? i + 1 : translucent;
    }
    out.alpha.resize(translucent);
    out.colourType = kPalette;
    out.bytesPerPixel = 1;
    return true;
}

Samples ToSamples(const RgbaImage &image) {
    Samples samples;
    if (ToPalette(image, samples)) {
        return samples;
    }
    samples = Samples();
    const size_t pixels = size_t(image.width) * image.height;
    bool opaque = true;
    for (size_t p = 0; p < pixels && opaque; ++p) {
        opaque = image.pixels[4 * p + 3] == 255;
    }
    if (!opaque) {
        samples.data = image.pixels;
        return samples;
    }
    samples.colourType = kRgb;
    samples.bytesPerPixel = 3;
    samples.data.resize(pixels * 3);
    for (size_t p = 0; p < pixels; ++p) {
        std::memcpy(&samples.data[3 * p], &image.pixels[4 * p], 3);
    }
    return samples;
}

uint8_t Paeth(int a, int b, int c) {
    const int p = a + b - c;
    const int pa = std::abs(p - a), pb = std::abs(p - b), pc = std::abs(p - c);
    if (pa <= pb && pa <= pc) return uint8_t(a);
    return uint8_t(pb <= pc ? b : c);
}

// Writes filter type `Type` of `row` (previous row `prior`, zeros for the
// first; `bpp` bytes a pixel) to `out` and returns the heuristic cost. One
// loop per type, the first pixel apart: no branch is left in the per-byte
// loop but Paeth's own.
template <int Type>
inline uint8_t Filtered(int x, int a, int b, int c) {
    int predictor = 0;
    if constexpr (Type == 1) {
        predictor = a;
    } else if constexpr (Type == 2) {
        predictor = b;
    } else if constexpr (Type == 3) {
        predictor = (a + b) / 2;
    } else if constexpr (Type == 4) {
        predictor = Paeth(a, b, c);
    }
    return uint8_t(x - predictor);
}

template <int Type>
unsigned FilterRowOf(const uint8_t *row, const uint8_t *prior, size_t n, size_t bpp, uint8_t *out) {
    unsigned cost = 0;
    const size_t first = std::min(n, bpp); // the first pixel has no left neighbour
    for (size_t i = 0; i < first; ++i) {
        out[i] = Filtered<Type>(row[i], 0, prior[i], 0);
        cost += out[i] < 128 ? out[i] : 256u - out[i];
    }
    for (size_t i = first; i < n; ++i) {
        const uint8_t v = Filtered<Type>(row[i], row[i - bpp], prior[i], prior[i - bpp]);
        out[i] = v;
        cost += v < 128 ? v : 256u - v;
    }
    return cost;
}

unsigned FilterRow(int type, const uint8_t *row, const uint8_t *prior, size_t n, size_t bpp, uint8_t *out) {
    switch (type) {
    case 1:
        return FilterRowOf<1>(row, prior, n, bpp, out);
    case 2:
        return FilterRowOf<2>(row, prior, n, bpp, out);
    case 3:
        return FilterRowOf<3>(row, prior, n, bpp, out);
    case 4:
        return FilterRowOf<4>(row, prior, n, bpp, out);
    default:
        return FilterRowOf<0>(row, prior, n, bpp, out);
    }
}

// Writes the filter byte and the filtered row with the smallest heuristic
// cost (sum of absolute values as signed bytes) to `dst`.
void FilterRowAdaptive(const uint8_t *row, const uint8_t *prior, size_t stride, size_t bpp, uint8_t *dst,
        uint8_t *candidate) {
    unsigned best = FilterRow(0, row, prior, stride, bpp, dst + 1);
    dst[0] = 0;
    for (int type = 1; type <= 4; ++type) {
        const unsigned cost = FilterRow(type, row, prior, stride, bpp, candidate);
        if (cost < best) {
            best = cost;
            dst[0] = uint8_t(type);
            std::memcpy(dst + 1, candidate, stride);
        }
    }
}

// Rows `rows` of the samples, each with its filter byte: None, or adaptive.
std::vector<uint8_t> FilterRows(const Samples &samples, uint32_t width, const std::vector<uint32_t> &rows,
        bool adaptive) {
    const size_t bpp = samples.bytesPerPixel, stride = size_t(width) * bpp;
    std::vector<uint8_t> filtered((stride + 1) * rows.size());
    std::vector<uint8_t> zeros(stride, 0), candidate(stride);
    for (size_t i = 0; i < rows.size(); ++i) {
        const uint8_t *row = samples.data.data() + size_t(rows[i]) * stride;
        const uint8_t *prior = rows[i] ? row - stride : zeros.data();
        uint8_t *dst = filtered.data() + i * (stride + 1);
        if (adaptive) {
            FilterRowAdaptive(row, prior, stride, bpp, dst, candidate.data());
        } else {
            dst[0] = 0;
            std::memcpy(dst + 1, row, stride);
        }
    }
    return filtered;
}

size_t DeflatedSize(const std::vector<uint8_t> &data) {
    uLongf size = compressBound(uLong(data.size()));
    std::vector<uint8_t> out(size);
    return compress2(out.data(), &size, data.data(), uLong(data.size()), kZlibLevel) == Z_OK ? size_t(size)
                                                                                             : data.size();
}

// The usual per-row heuristic picks Sub/Up/Paeth for almost every row, yet
// on the game textures (palettised and DXT art: few colours, hard edges)
// filter None deflates smaller and 2-3 times faster, while smooth images
// (gradients, light maps) gain from filtering. So the choice is made per
// image, by deflating up to 16 evenly spread rows both ways.
bool AdaptiveFilteringPays(const Samples &samples, uint32_t width, uint32_t height) {
    if (samples.colourType == kPalette) {
        return false;
    }
    std::vector<uint32_t> sample;
    const uint32_t count = std::min<uint32_t>(16, height);
    for (uint32_t k = 0; k < count; ++k)
        sample.push_back(uint32_t(uint64_t(k) * height / count));
    return DeflatedSize(FilterRows(samples, width, sample, true)) <
            DeflatedSize(FilterRows(samples, width, sample, false));
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
            image.pixels.size() != size_t(image.width) * image.height * 4) {
        throw ImportError("PNG: image of " + std::to_string(image.width) + "x" + std::to_string(image.height) +
                " with " + std::to_string(image.pixels.size()) + " bytes of pixels cannot be encoded");
    }
    const Samples samples = ToSamples(image);
    std::vector<uint32_t> rows(image.height);
    for (uint32_t y = 0; y < image.height; ++y)
        rows[y] = y;
    const std::vector<uint8_t> filtered =
            FilterRows(samples, image.width, rows, AdaptiveFilteringPays(samples, image.width, image.height));
    uLongf compressedSize = compressBound(uLong(filtered.size()));
    std::vector<uint8_t> compressed(compressedSize);
    const int status =
            compress2(compressed.data(), &compressedSize, filtered.data(), uLong(filtered.size()), kZlibLevel);
    if (status != Z_OK) {
        throw ImportError("PNG: zlib compress2 failed with status " + std::to_string(status));
    }
    std::vector<uint8_t> png = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
    uint8_t header[13];
    const uint32_t dims[2] = {image.width, image.height};
    for (int k = 0; k < 2; ++k) {
        for (int b = 0; b < 4; ++b)
            header[k * 4 + b] = uint8_t(dims[k] >> (24 - 8 * b));
    }
    header[8] = 8; // bit depth
    header[9] = samples.colourType;
    header[10] = 0; // deflate
    header[11] = 0; // adaptive filtering
    header[12] = 0; // no interlace
    PutChunk(png, "IHDR", header, sizeof header);
    if (samples.colourType == kPalette) {
        PutChunk(png, "PLTE", samples.palette.data(), samples.palette.size());
        if (!samples.alpha.empty()) {
            PutChunk(png, "tRNS", samples.alpha.data(), samples.alpha.size());
        }
    }
    PutChunk(png, "IDAT", compressed.data(), compressedSize);
    PutChunk(png, "IEND", nullptr, 0);
    return png;
}

} // namespace assimp_retro
