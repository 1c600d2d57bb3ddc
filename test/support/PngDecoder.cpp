// assimp-retro tests: PNG reader (see PngDecoder.h).
#include "PngDecoder.h"

#include <zlib.h>

#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>

namespace retro_test {

namespace {

uint32_t BigU32(const uint8_t *p) {
    return uint32_t(p[0]) << 24 | uint32_t(p[1]) << 16 | uint32_t(p[2]) << 8 | p[3];
}

int Channels(uint8_t colourType) {
    switch (colourType) {
    case 0: return 1; // grey
    case 2: return 3; // RGB
    case 3: return 1; // palette index
    case 4: return 2; // grey + alpha
    case 6: return 4; // RGBA
    default: return 0;
    }
}

uint8_t PaethPredict(int a, int b, int c) {
    const int p = a + b - c;
    const int pa = std::abs(p - a), pb = std::abs(p - b), pc = std::abs(p - c);
    if (pa <= pb && pa <= pc) return uint8_t(a);
    return uint8_t(pb <= pc ? b : c);
}

bool Unfilter(std::vector<uint8_t> &raw, uint32_t height, size_t stride, size_t bpp, std::string &error) {
    std::vector<uint8_t> zeros(stride, 0);
    for (uint32_t y = 0; y < height; ++y) {
        uint8_t *line = raw.data() + y * (stride + 1);
        const uint8_t type = line[0];
        uint8_t *row = line + 1;
        const uint8_t *prior = y ? row - (stride + 1) : zeros.data();
        for (size_t i = 0; i < stride; ++i) {
            const int a = i >= bpp ? row[i - bpp] : 0, b = prior[i], c = i >= bpp ? prior[i - bpp] : 0;
            switch (type) {
            case 0: break;
            case 1: row[i] = uint8_t(row[i] + a); break;
            case 2: row[i] = uint8_t(row[i] + b); break;
            case 3: row[i] = uint8_t(row[i] + (a + b) / 2); break;
            case 4: row[i] = uint8_t(row[i] + PaethPredict(a, b, c)); break;
            default: error = "bad filter type " + std::to_string(type) + " in row " + std::to_string(y); return false;
            }
        }
    }
    return true;
}

void ToRgba(const std::vector<uint8_t> &raw, uint8_t colourType, const std::vector<uint8_t> &palette,
        const std::vector<uint8_t> &trns, PngImage &image, size_t stride, int channels) {
    image.rgba.resize(size_t(image.width) * image.height * 4);
    for (uint32_t y = 0; y < image.height; ++y) {
        const uint8_t *row = raw.data() + y * (stride + 1) + 1;
        for (uint32_t x = 0; x < image.width; ++x) {
            const uint8_t *s = row + size_t(x) * channels;
            uint8_t *d = &image.rgba[(size_t(y) * image.width + x) * 4];
            switch (colourType) {
            case 0: d[0] = d[1] = d[2] = s[0], d[3] = 255; break;
            case 2: d[0] = s[0], d[1] = s[1], d[2] = s[2], d[3] = 255; break;
            case 3:
                d[0] = palette[s[0] * 3u], d[1] = palette[s[0] * 3u + 1], d[2] = palette[s[0] * 3u + 2];
                d[3] = s[0] < trns.size() ? trns[s[0]] : 255;
                break;
            case 4: d[0] = d[1] = d[2] = s[0], d[3] = s[1]; break;
            default: std::memcpy(d, s, 4); break;
            }
        }
    }
}

} // namespace

bool DecodePng(const std::vector<uint8_t> &bytes, PngImage &image, std::string &error) {
    static const uint8_t kSignature[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
    if (bytes.size() < 8 || std::memcmp(bytes.data(), kSignature, 8) != 0) {
        error = "not a PNG (signature)";
        return false;
    }
    uint8_t depth = 0, colourType = 0, interlace = 0;
    std::vector<uint8_t> idat, palette, trns;
    bool sawEnd = false;
    for (size_t pos = 8; !sawEnd;) {
        if (bytes.size() - pos < 12) { error = "truncated chunk at " + std::to_string(pos); return false; }
        const uint32_t length = BigU32(&bytes[pos]);
        if (length > bytes.size() - pos - 12) { error = "chunk overruns the file at " + std::to_string(pos); return false; }
        const std::string type(reinterpret_cast<const char *>(&bytes[pos + 4]), 4);
        const uint8_t *data = &bytes[pos + 8];
        if (uint32_t(crc32(0L, &bytes[pos + 4], length + 4)) != BigU32(data + length)) {
            error = "bad CRC in chunk " + type;
            return false;
        }
        if (type == "IHDR" && length == 13) {
            image.width = BigU32(data), image.height = BigU32(data + 4);
            depth = data[8], colourType = data[9], interlace = data[12];
        } else if (type == "PLTE") {
            palette.assign(data, data + length);
        } else if (type == "tRNS") {
            trns.assign(data, data + length);
        } else if (type == "IDAT") {
            idat.insert(idat.end(), data, data + length);
        } else if (type == "IEND") {
            sawEnd = true;
        }
        pos += 12 + size_t(length);
    }
    const int channels = Channels(colourType);
    if (depth != 8 || channels == 0 || interlace != 0 || image.width == 0 || image.height == 0 ||
            image.width > 16384 || image.height > 16384) {
        error = "unsupported PNG: depth " + std::to_string(depth) + ", colour type " + std::to_string(colourType) +
                ", interlace " + std::to_string(interlace);
        return false;
    }
    if (colourType == 3 && palette.size() < 3 * 256) palette.resize(3 * 256, 0);
    const size_t stride = size_t(image.width) * channels;
    std::vector<uint8_t> raw((stride + 1) * image.height);
    uLongf rawSize = uLongf(raw.size());
    const int status = uncompress(raw.data(), &rawSize, idat.data(), uLong(idat.size()));
    if (status != Z_OK || rawSize != raw.size()) {
        error = "zlib: status " + std::to_string(status) + ", " + std::to_string(rawSize) + " of " +
                std::to_string(raw.size()) + " bytes";
        return false;
    }
    if (!Unfilter(raw, image.height, stride, size_t(channels), error)) return false;
    ToRgba(raw, colourType, palette, trns, image, stride, channels);
    return true;
}

bool ReadPngFile(const std::string &path, PngImage &image, std::string &error) {
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        error = "cannot open " + path;
        return false;
    }
    const std::vector<uint8_t> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    return DecodePng(bytes, image, error);
}

} // namespace retro_test
