#include "DtxWriter.h"

#include "Dtx.h"
#include "DxtEncode.h"
#include "../ImportError.h"
#include "../LittleEndianWriter.h"

#include <algorithm>
#include <array>
#include <map>

namespace assimp_retro {

namespace {

constexpr unsigned kMaxWrittenMips = 4;

/// Half size (at least 1) by averaging 2x2 texels (edges repeat).
RgbaImage HalfSize(const RgbaImage &in) {
    RgbaImage out{std::max(1u, in.width / 2), std::max(1u, in.height / 2), {}};
    out.pixels.resize(size_t(out.width) * out.height * 4);
    for (uint32_t y = 0; y < out.height; ++y) {
        for (uint32_t x = 0; x < out.width; ++x) {
            for (int c = 0; c < 4; ++c) {
                unsigned sum = 0;
                for (uint32_t dy = 0; dy < 2; ++dy) {
                    for (uint32_t dx = 0; dx < 2; ++dx) {
                        const uint32_t sx = std::min(in.width - 1, 2 * x + dx),
                                       sy = std::min(in.height - 1, 2 * y + dy);
                        sum += in.pixels[(size_t(sy) * in.width + sx) * 4 + size_t(c)];
                    }
                }
                out.pixels[(size_t(y) * out.width + x) * 4 + size_t(c)] = uint8_t((sum + 2) / 4);
            }
        }
    }
    return out;
}

std::vector<RgbaImage> Mips(const RgbaImage &image, bool wholeBlocks) {
    std::vector<RgbaImage> mips{image};
    while (mips.size() < kMaxWrittenMips) {
        const uint32_t w = image.width >> mips.size(), h = image.height >> mips.size();
        if (w == 0 || h == 0 || (wholeBlocks && (w % 4 || h % 4))) {
            break;
        }
        mips.push_back(HalfSize(mips.back()));
    }
    return mips;
}

using Rgb = std::array<uint8_t, 3>;

/// Median cut: splits the box of most colours along its widest channel until
/// there are `count` boxes; each box's mean is an entry.
std::vector<Rgb> MedianCut(std::vector<Rgb> colours, size_t count) {
    struct Box {
        size_t begin, end;
    };
    std::vector<Box> boxes{{0, colours.size()}};
    auto widest = [&](const Box &b, int &channel) {
        int best = -1;
        for (int c = 0; c < 3; ++c) {
            uint8_t lo = 255, hi = 0;
            for (size_t i = b.begin; i < b.end; ++i)
                lo = std::min(lo, colours[i][c]), hi = std::max(hi, colours[i][c]);
            if (hi - lo > best) best = hi - lo, channel = c;
        }
        return best;
    };
    while (boxes.size() < count) {
        size_t pick = boxes.size();
        int channel = 0, range = 0;
        for (size_t b = 0; b < boxes.size(); ++b) {
            int c = 0;
            const int r = boxes[b].end - boxes[b].begin > 1 ? widest(boxes[b], c) : 0;
            if (r > range) range = r, pick = b, channel = c;
        }
        if (pick == boxes.size()) break;
        // Copies, not a reference: push_back below may move the boxes.
        const size_t begin = boxes[pick].begin, end = boxes[pick].end;
        std::sort(colours.begin() + long(begin), colours.begin() + long(end),
                [channel](const Rgb &x, const Rgb &y) { return x[channel] < y[channel]; });
        const size_t mid = (begin + end) / 2;
        boxes[pick].end = mid;
        boxes.push_back({mid, end});
    }
    std::vector<Rgb> palette;
    for (const Box &b : boxes) {
        unsigned sum[3] = {0, 0, 0};
        for (size_t i = b.begin; i < b.end; ++i)
            for (int c = 0; c < 3; ++c)
                sum[c] += colours[i][c];
        const unsigned n = unsigned(b.end - b.begin);
        palette.push_back(Rgb{uint8_t(sum[0] / n), uint8_t(sum[1] / n), uint8_t(sum[2] / n)});
    }
    return palette;
}

std::vector<Rgb> MakeDtxPalette(const RgbaImage &image) {
    std::map<Rgb, unsigned> unique;
    std::vector<Rgb> texels;
    for (size_t i = 0; i < image.pixels.size(); i += 4) {
        const Rgb c{image.pixels[i], image.pixels[i + 1], image.pixels[i + 2]};
        texels.push_back(c);
        unique[c]++;
    }
    if (unique.size() <= 256) {
        std::vector<Rgb> palette;
        for (const auto &u : unique)
            palette.push_back(u.first);
        return palette;
    }
    return MedianCut(texels, 256);
}

uint8_t Nearest(const std::vector<Rgb> &palette, const uint8_t *c, std::map<Rgb, uint8_t> &cache) {
    const Rgb key{c[0], c[1], c[2]};
    const auto found = cache.find(key);
    if (found != cache.end()) return found->second;
    size_t best = 0;
    int bestDistance = 1 << 30;
    for (size_t i = 0; i < palette.size(); ++i) {
        int d = 0;
        for (int k = 0; k < 3; ++k)
            d += (int(palette[i][k]) - c[k]) * (int(palette[i][k]) - c[k]);
        if (d < bestDistance) bestDistance = d, best = i;
    }
    cache.emplace(key, uint8_t(best));
    return uint8_t(best);
}

void Header(LittleEndianWriter &out, int32_t version, const RgbaImage &image, size_t mips, uint32_t flags,
        uint8_t format) {
    out.U32(0); // resource type: texture
    out.I32(version);
    out.U16(uint16_t(image.width));
    out.U16(uint16_t(image.height));
    out.U16(uint16_t(mips));
    out.U16(0); // sections
    out.U32(flags);
    out.U32(0); // user flags
    uint8_t extra[12] = {};
    extra[2] = format; // LithTech 2: the pixel format; LithTech 1: the alpha cutoff (0)
    out.Raw(extra, sizeof extra);
    if (version != -2) {
        out.Zeros(128); // command string
    }
}

std::vector<uint8_t> EncodePalettised(const RgbaImage &image, int32_t version) {
    const std::vector<RgbaImage> mips = Mips(image, false);
    const std::vector<Rgb> palette = MakeDtxPalette(image);
    bool alpha = false;
    for (size_t i = 3; i < image.pixels.size(); i += 4)
        alpha |= image.pixels[i] != 255;
    LittleEndianWriter out;
    Header(out, version, image, mips.size(), kDtxFlagSectionsFixed | (alpha ? kDtxFlagAlphaMasks : 0u), 0);
    out.Zeros(8);
    for (size_t i = 0; i < 256; ++i) {
        const Rgb c = i < palette.size() ? palette[i] : Rgb{0, 0, 0};
        out.U8(0xFF);
        out.U8(c[0]);
        out.U8(c[1]);
        out.U8(c[2]);
    }
    std::map<Rgb, uint8_t> cache;
    for (const RgbaImage &mip : mips) {
        for (size_t i = 0; i < mip.pixels.size(); i += 4)
            out.U8(Nearest(palette, &mip.pixels[i], cache));
    }
    if (alpha) {
        for (const RgbaImage &mip : mips) { // 4 bits per texel, low nibble first
            const size_t texels = mip.pixels.size() / 4;
            for (size_t i = 0; i < texels; i += 2) {
                const unsigned lo = (mip.pixels[i * 4 + 3] + 8) / 17;
                const unsigned hi = i + 1 < texels ? (mip.pixels[(i + 1) * 4 + 3] + 8) / 17 : 0;
                out.U8(uint8_t(lo | hi << 4));
            }
        }
    }
    return std::move(out.bytes);
}

std::vector<uint8_t> EncodeLt2(const RgbaImage &image, DtxFormat format) {
    const bool dxt = format != DtxFormat::Lt2Bgra32;
    if (dxt && (image.width % 4 || image.height % 4)) {
        throw ImportError("DTX writer: a DXT texture must be made of whole 4x4 blocks; " + std::to_string(image.width) +
                "x" + std::to_string(image.height) + " is not");
    }
    const std::vector<RgbaImage> mips = Mips(image, dxt);
    const uint8_t id = format == DtxFormat::Lt2Bgra32 ? 3
            : format == DtxFormat::Lt2Dxt1            ? 4
            : format == DtxFormat::Lt2Dxt3            ? 5
                                                      : 6;
    LittleEndianWriter out;
    Header(out, -5, image, mips.size(), 0, id);
    for (const RgbaImage &mip : mips) {
        if (!dxt) {
            for (size_t i = 0; i < mip.pixels.size(); i += 4) {
                out.U8(mip.pixels[i + 2]);
                out.U8(mip.pixels[i + 1]);
                out.U8(mip.pixels[i]);
                out.U8(mip.pixels[i + 3]);
            }
        } else {
            const S3tcFormat s3tc = id == 4 ? S3tcFormat::Dxt1 : id == 5 ? S3tcFormat::Dxt3 : S3tcFormat::Dxt5;
            out.Raw(EncodeS3tc(mip, s3tc));
        }
    }
    return std::move(out.bytes);
}

} // namespace

bool ParseDtxFormat(const std::string &name, DtxFormat &format) {
    static const std::pair<const char *, DtxFormat> names[] = {{"lt1-palette", DtxFormat::Lt1Palette},
            {"lt10-palette", DtxFormat::Lt10Palette}, {"lt2-32", DtxFormat::Lt2Bgra32},
            {"lt2-dxt1", DtxFormat::Lt2Dxt1}, {"lt2-dxt3", DtxFormat::Lt2Dxt3}, {"lt2-dxt5", DtxFormat::Lt2Dxt5}};
    for (const auto &n : names) {
        if (name == n.first) {
            format = n.second;
            return true;
        }
    }
    return false;
}

std::vector<uint8_t> EncodeDtx(const RgbaImage &image, DtxFormat format) {
    if (image.width < 1 || image.height < 1 || image.width > kMaxTextureSide || image.height > kMaxTextureSide ||
            image.pixels.size() != size_t(image.width) * image.height * 4) {
        throw ImportError("DTX writer: an image of " + std::to_string(image.width) + "x" +
                std::to_string(image.height) + " cannot be written (1..4096 per side)");
    }
    switch (format) {
    case DtxFormat::Lt1Palette:
        return EncodePalettised(image, -3);
    case DtxFormat::Lt10Palette:
        return EncodePalettised(image, -2);
    default:
        return EncodeLt2(image, format);
    }
}

} // namespace assimp_retro
