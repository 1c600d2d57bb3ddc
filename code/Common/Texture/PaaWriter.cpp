// assimp-retro: Bohemia PAA/PAC texture writer (TEXTURES.md §1.14).
#include "PaaWriter.h"

#include "DxtEncode.h"

#include "Common/ExportError.h"
#include "Common/LittleEndianWriter.h"
#include "Common/Lzss.h"
#include "Common/SceneHelpers.h"

#include <algorithm>
#include <map>

namespace assimp_retro {

namespace {

constexpr size_t kOffsSlots = 16; ///< OFFS holds 16 level offsets (64 bytes), as TexView writes it

bool PowerOfTwo(uint32_t v) {
    return v != 0 && (v & (v - 1)) == 0;
}

bool IsDxt(PaaType type) {
    return type == PaaType::Dxt1 || type == PaaType::Dxt5;
}

uint16_t TypeTag(PaaType type) {
    switch (type) {
    case PaaType::Dxt1:
        return 0xFF01;
    case PaaType::Dxt5:
        return 0xFF05;
    case PaaType::Argb4444:
        return 0x4444;
    case PaaType::Argb1555:
        return 0x1555;
    case PaaType::Ai88:
        return 0x8080;
    case PaaType::P8:
        return 0;
    }
    return 0;
}

/// Half size by a 2x2 box filter (a side of 1 stays 1); P8 takes the top-left
/// texel instead, so no colour outside the palette appears.
RgbaImage HalfSize(const RgbaImage &image, bool pointSample) {
    RgbaImage half;
    half.width = std::max(1u, image.width / 2);
    half.height = std::max(1u, image.height / 2);
    half.pixels.resize(size_t(half.width) * half.height * 4);
    for (uint32_t y = 0; y < half.height; ++y) {
        for (uint32_t x = 0; x < half.width; ++x) {
            for (unsigned c = 0; c < 4; ++c) {
                unsigned sum = 0, count = 0;
                for (uint32_t dy = 0; dy < (pointSample ? 1u : 2u); ++dy) {
                    for (uint32_t dx = 0; dx < (pointSample ? 1u : 2u); ++dx) {
                        const uint32_t sx = std::min(image.width - 1, 2 * x + dx);
                        const uint32_t sy = std::min(image.height - 1, 2 * y + dy);
                        sum += image.pixels[(size_t(sy) * image.width + sx) * 4 + c];
                        ++count;
                    }
                }
                half.pixels[(size_t(y) * half.width + x) * 4 + c] = static_cast<uint8_t>((sum + count / 2) / count);
            }
        }
    }
    return half;
}

/// 16-bit texels (§1.10, inverted with rounding).
std::vector<uint8_t> Texels16(const RgbaImage &image, PaaType type) {
    std::vector<uint8_t> out;
    out.reserve(image.pixels.size() / 2);
    for (size_t i = 0; i < image.pixels.size(); i += 4) {
        const unsigned r = image.pixels[i], g = image.pixels[i + 1], b = image.pixels[i + 2], a = image.pixels[i + 3];
        uint16_t texel = 0;
        if (type == PaaType::Argb4444) {
            auto n4 = [](unsigned v) { return (v * 15 + 127) / 255; };
            texel = static_cast<uint16_t>(n4(a) << 12 | n4(r) << 8 | n4(g) << 4 | n4(b));
        } else if (type == PaaType::Argb1555) {
            auto n5 = [](unsigned v) { return (v * 31 + 127) / 255; };
            texel = static_cast<uint16_t>((a >= 128 ? 0x8000 : 0) | n5(r) << 10 | n5(g) << 5 | n5(b));
        } else { // AI88: intensity as the mean of R, G, B
            texel = static_cast<uint16_t>(a << 8 | (r + g + b + 1) / 3);
        }
        out.push_back(static_cast<uint8_t>(texel));
        out.push_back(static_cast<uint8_t>(texel >> 8));
    }
    return out;
}

/// P8 run-length packets (§1.9): runs of 2..128 equal indices, else literal
/// groups of up to 128.
std::vector<uint8_t> RunLength(const std::vector<uint8_t> &indices) {
    std::vector<uint8_t> out;
    size_t pos = 0;
    while (pos < indices.size()) {
        size_t run = 1;
        while (run < 128 && pos + run < indices.size() && indices[pos + run] == indices[pos]) {
            ++run;
        }
        if (run >= 2) {
            out.push_back(static_cast<uint8_t>(0x80 | (run - 1)));
            out.push_back(indices[pos]);
            pos += run;
            continue;
        }
        size_t literal = 1;
        while (literal < 128 && pos + literal < indices.size() &&
                !(pos + literal + 1 < indices.size() && indices[pos + literal + 1] == indices[pos + literal])) {
            ++literal;
        }
        out.push_back(static_cast<uint8_t>(literal - 1));
        out.insert(out.end(), indices.begin() + pos, indices.begin() + pos + literal);
        pos += literal;
    }
    return out;
}

struct Palette {
    std::vector<uint32_t> colours; ///< 0xRRGGBB, the transparent key (magenta) last when used
    std::map<uint32_t, uint8_t> index;
};

/// Why `image` cannot be a P8 palette ("" when it can).
std::string PaletteProblem(const RgbaImage &image) {
    std::map<uint32_t, uint8_t> colours;
    bool transparent = false;
    for (size_t i = 0; i < image.pixels.size(); i += 4) {
        const uint8_t a = image.pixels[i + 3];
        if (a != 0 && a != 255) {
            return "PAA export: a palettised PAC holds only opaque and fully transparent texels (alpha " +
                    std::to_string(a) + " found)";
        }
        if (a == 0) {
            transparent = true;
            continue;
        }
        const uint32_t rgb = uint32_t(image.pixels[i]) << 16 | uint32_t(image.pixels[i + 1]) << 8 | image.pixels[i + 2];
        if (rgb == 0xFF00FF || rgb == 0x00FFFF) {
            return "PAA export: an opaque magenta or cyan texel would read back as transparent in a PAC";
        }
        colours.emplace(rgb, 0);
        if (colours.size() + (transparent ? 1 : 0) > 256) {
            break;
        }
    }
    if (colours.size() + (transparent ? 1 : 0) > 256) {
        return "PAA export: more than " + std::to_string(colours.size() - 1) +
                " colours do not fit a PAC's 256-entry palette (choose another type)";
    }
    return std::string();
}

Palette MakePaaPalette(const RgbaImage &image) {
    if (const std::string problem = PaletteProblem(image); !problem.empty()) {
        ThrowExportError(problem);
    }
    Palette palette;
    bool transparent = false;
    for (size_t i = 0; i < image.pixels.size(); i += 4) {
        if (image.pixels[i + 3] == 0) {
            transparent = true;
            continue;
        }
        const uint32_t rgb = uint32_t(image.pixels[i]) << 16 | uint32_t(image.pixels[i + 1]) << 8 | image.pixels[i + 2];
        if (palette.index.emplace(rgb, 0).second) {
            palette.colours.push_back(rgb);
        }
    }
    std::sort(palette.colours.begin(), palette.colours.end());
    for (size_t i = 0; i < palette.colours.size(); ++i) {
        palette.index[palette.colours[i]] = static_cast<uint8_t>(i);
    }
    if (transparent) {
        palette.colours.push_back(0xFF00FF); // the engine's transparency key (§1.5)
    }
    return palette;
}

std::vector<uint8_t> Indices(const RgbaImage &image, const Palette &palette) {
    std::vector<uint8_t> out;
    out.reserve(image.pixels.size() / 4);
    const uint8_t transparent = static_cast<uint8_t>(palette.colours.size() - 1);
    for (size_t i = 0; i < image.pixels.size(); i += 4) {
        if (image.pixels[i + 3] == 0) {
            out.push_back(transparent);
        } else {
            const uint32_t rgb =
                    uint32_t(image.pixels[i]) << 16 | uint32_t(image.pixels[i + 1]) << 8 | image.pixels[i + 2];
            out.push_back(palette.index.at(rgb));
        }
    }
    return out;
}

/// A level's stored bytes.
std::vector<uint8_t> LevelData(const RgbaImage &level, PaaType type, const Palette &palette) {
    switch (type) {
    case PaaType::Dxt1:
        return EncodeS3tc(level, S3tcFormat::Dxt1);
    case PaaType::Dxt5:
        return EncodeS3tc(level, S3tcFormat::Dxt5);
    case PaaType::P8:
        return RunLength(Indices(level, palette));
    default: {
        // OFP compresses every 16-bit level, even where that is larger (§1.7).
        const std::vector<uint8_t> raw = Texels16(level, type);
        return LzssEncode(raw.data(), raw.size(), LzssChecksum::SignedBytes);
    }
    }
}

void Tagg(LittleEndianWriter &out, const char *name, const std::vector<uint8_t> &payload) {
    out.Raw("GGAT", 4);
    for (int i = 3; i >= 0; --i) {
        out.U8(static_cast<uint8_t>(name[i])); // names are stored reversed
    }
    out.U32(static_cast<uint32_t>(payload.size()));
    out.Raw(payload);
}

std::vector<uint8_t> U32Bytes(uint32_t v) {
    return {uint8_t(v), uint8_t(v >> 8), uint8_t(v >> 16), uint8_t(v >> 24)};
}

} // namespace

const char *PaaTypeName(PaaType type) {
    switch (type) {
    case PaaType::Dxt1:
        return "DXT1";
    case PaaType::Dxt5:
        return "DXT5";
    case PaaType::Argb4444:
        return "ARGB4444";
    case PaaType::Argb1555:
        return "ARGB1555";
    case PaaType::Ai88:
        return "AI88";
    case PaaType::P8:
        return "P8";
    }
    return "?";
}

bool PaaTypeFromName(const std::string &name, PaaType &type) {
    const std::string n = ToLower(name);
    static const struct {
        const char *name;
        PaaType type;
    } kNames[] = {{"dxt1", PaaType::Dxt1}, {"dxt5", PaaType::Dxt5}, {"argb4444", PaaType::Argb4444},
            {"4444", PaaType::Argb4444}, {"argb1555", PaaType::Argb1555}, {"1555", PaaType::Argb1555},
            {"ai88", PaaType::Ai88}, {"88", PaaType::Ai88}, {"p8", PaaType::P8}, {"pac", PaaType::P8}};
    for (const auto &entry : kNames) {
        if (n == entry.name) {
            type = entry.type;
            return true;
        }
    }
    return false;
}

PaaType ChoosePaaType(const RgbaImage &image, bool pac) {
    if (pac && PaletteProblem(image).empty()) {
        return PaaType::P8;
    }
    return ClassifyAlpha(image) == TextureAlpha::Blend ? PaaType::Argb4444 : PaaType::Dxt1;
}

std::vector<uint8_t> EncodePaa(const RgbaImage &image, PaaType type, bool mipmaps) {
    const uint32_t minSide = IsDxt(type) ? 4 : 2;
    if (!PowerOfTwo(image.width) || !PowerOfTwo(image.height) || image.width < minSide || image.height < minSide ||
            image.width > kMaxTextureSide || image.height > kMaxTextureSide) {
        ThrowExportError("PAA export: texture sides must be powers of two in " + std::to_string(minSide) + ".." +
                std::to_string(kMaxTextureSide) + " for " + PaaTypeName(type) + " (the image is " +
                std::to_string(image.width) + "x" + std::to_string(image.height) + ")");
    }
    const Palette palette = type == PaaType::P8 ? MakePaaPalette(image) : Palette();
    std::vector<RgbaImage> levels = {image};
    while (mipmaps && levels.size() < kOffsSlots && levels.back().width / 2 >= minSide &&
            levels.back().height / 2 >= minSide) {
        levels.push_back(HalfSize(levels.back(), type == PaaType::P8));
    }
    // TAGGs from the pixels: average colour, the alpha kind (1 blend, 2 test).
    uint64_t sum[4] = {0, 0, 0, 0};
    bool partial = false, transparent = false;
    for (size_t i = 0; i < image.pixels.size(); i += 4) {
        for (unsigned c = 0; c < 4; ++c) {
            sum[c] += image.pixels[i + c];
        }
        const uint8_t a = image.pixels[i + 3];
        partial |= a != 0 && a != 255;
        transparent |= a == 0;
    }
    const uint64_t n = std::max<uint64_t>(1, image.pixels.size() / 4);
    auto mean = [&](unsigned c) { return static_cast<uint32_t>((sum[c] + n / 2) / n); };
    const uint32_t average = mean(3) << 24 | mean(0) << 16 | mean(1) << 8 | mean(2);
    const uint32_t flags = partial ? 1u : transparent ? 2u : 0u;

    LittleEndianWriter out;
    if (type != PaaType::P8) {
        out.U16(TypeTag(type));
    }
    Tagg(out, "AVGC", U32Bytes(average));
    Tagg(out, "MAXC", U32Bytes(0xFFFFFFFFu));
    Tagg(out, "FLAG", U32Bytes(flags));
    const size_t offsAt = out.bytes.size() + 12; // its payload, filled in below
    Tagg(out, "OFFS", std::vector<uint8_t>(4 * kOffsSlots, 0));
    out.U16(static_cast<uint16_t>(palette.colours.size()));
    for (uint32_t rgb : palette.colours) {
        out.U8(static_cast<uint8_t>(rgb)); // stored B, G, R
        out.U8(static_cast<uint8_t>(rgb >> 8));
        out.U8(static_cast<uint8_t>(rgb >> 16));
    }
    for (size_t l = 0; l < levels.size(); ++l) {
        const std::vector<uint32_t> at = {static_cast<uint32_t>(out.bytes.size())};
        std::copy_n(U32Bytes(at[0]).begin(), 4, out.bytes.begin() + offsAt + 4 * l);
        const std::vector<uint8_t> data = LevelData(levels[l], type, palette);
        if (data.size() >= (1u << 24)) {
            ThrowExportError(
                    "PAA export: a level of " + std::to_string(data.size()) + " bytes exceeds the 24-bit size field");
        }
        out.U16(static_cast<uint16_t>(levels[l].width));
        out.U16(static_cast<uint16_t>(levels[l].height));
        out.U8(static_cast<uint8_t>(data.size()));
        out.U8(static_cast<uint8_t>(data.size() >> 8));
        out.U8(static_cast<uint8_t>(data.size() >> 16));
        out.Raw(data);
    }
    out.Zeros(6); // the terminating level (w = h = 0) and the extra u16 0 every real file has
    return std::move(out.bytes);
}

} // namespace assimp_retro
