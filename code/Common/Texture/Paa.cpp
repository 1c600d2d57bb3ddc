// assimp-retro: Bohemia PAA/PAC decoder (docs/formats/TEXTURES.md §1).
//
// The whole structure is walked (type tag, TAGGs, palette, every level record
// up to the w == 0 && h == 0 terminator), each record's size checked against
// the file, and only the top level is decoded. Limits: the top level is
// 2..4096 per side (the engine's PacLevelMem::Init), lower levels 1..4096, at
// most 16 levels (OFFS has 16 slots); no buffer is allocated before the bytes
// that can produce it are known to be in the file.
#include "Paa.h"

#include "../BinaryReader.h"
#include "../Lzss.h"
#include "S3tc.h"

#include <cstring>
#include <optional>

namespace assimp_retro {

namespace {

enum class PaaFormat { Dxt1, Dxt2, Dxt3, Dxt4, Dxt5, Argb4444, Argb1555, Ai88, Argb8888, P8 };

constexpr uint16_t kLzssMarkerW = 1234; // a level record starting 1234, 8765:
constexpr uint16_t kLzssMarkerH = 8765; // LZSS-compressed P8 data
constexpr size_t kMaxLevels = 16;
// LZSS: 17 input bytes (a flag byte and 8 two-byte matches) make at most 144
// output bytes; RLE: 2 bytes make at most 128.
constexpr size_t kMaxLzssExpansion = 9;
constexpr size_t kMaxRleExpansion = 64;

struct PaaLevel {
    uint32_t width = 0;
    uint32_t height = 0;
    bool lzssMarker = false;
    size_t dataOffset = 0; // of the data, after the u24 size
    size_t dataSize = 0;
};

struct PaaFile {
    PaaFormat format = PaaFormat::Argb4444;
    std::optional<uint32_t> averageColour; // AVGC, 0xAARRGGBB
    std::optional<uint32_t> flags; // FLAG: 1 alpha-blended, 2 transparent (alpha test)
    std::vector<uint32_t> palette; // 0xRRGGBB
    std::vector<PaaLevel> levels;
};

const char *FormatName(PaaFormat format) {
    switch (format) {
    case PaaFormat::Dxt1:
        return "DXT1";
    case PaaFormat::Dxt2:
        return "DXT2";
    case PaaFormat::Dxt3:
        return "DXT3";
    case PaaFormat::Dxt4:
        return "DXT4";
    case PaaFormat::Dxt5:
        return "DXT5";
    case PaaFormat::Argb4444:
        return "ARGB4444";
    case PaaFormat::Argb1555:
        return "ARGB1555";
    case PaaFormat::Ai88:
        return "AI88";
    case PaaFormat::Argb8888:
        return "ARGB8888";
    case PaaFormat::P8:
        return "P8 palette";
    }
    return "?";
}

bool IsDxt(PaaFormat f) {
    return f == PaaFormat::Dxt1 || f == PaaFormat::Dxt2 || f == PaaFormat::Dxt3 || f == PaaFormat::Dxt4 ||
            f == PaaFormat::Dxt5;
}

// The optional type tag; an unknown value is no tag (rewind), and the
// extension decides (§1.3).
PaaFormat ReadTypeTag(BinaryReader &r, bool pacExtension) {
    if (r.Remaining() < 2) {
        r.Fail("file too short for a texture", "type tag");
    }
    const uint16_t tag = r.U16("type tag");
    switch (tag) {
    case 0xFF01:
        return PaaFormat::Dxt1;
    case 0xFF02:
        return PaaFormat::Dxt2;
    case 0xFF03:
        return PaaFormat::Dxt3;
    case 0xFF04:
        return PaaFormat::Dxt4;
    case 0xFF05:
        return PaaFormat::Dxt5;
    case 0x4444:
        return PaaFormat::Argb4444;
    case 0x1555:
        return PaaFormat::Argb1555;
    case 0x8080:
        return PaaFormat::Ai88;
    case 0x8888:
        return PaaFormat::Argb8888;
    default:
        r.Seek(r.Offset() - 2, "type tag");
        return pacExtension ? PaaFormat::P8 : PaaFormat::Argb4444;
    }
}

bool NextIsTagg(const BinaryReader &r) {
    return r.Remaining() >= 4 && std::memcmp(r.Data() + r.Offset(), "GGAT", 4) == 0;
}

// TAGGs: AVGC and FLAG are kept, everything else (OFFS, MAXC, ...) skipped by length.
void ReadTaggs(BinaryReader &r, PaaFile &file) {
    for (int index = 0; NextIsTagg(r); ++index) {
        r.SetSection("TAGG " + std::to_string(index));
        r.Skip(4, "signature");
        const std::string name = r.FixedString(4, "name");
        const uint32_t length = r.U32("length");
        if (length > r.Remaining()) {
            r.FailAt(r.Offset() - 4,
                    "length " + std::to_string(length) + " exceeds the " + std::to_string(r.Remaining()) +
                            " bytes left",
                    "length");
        }
        if ((name == "CGVA" || name == "GALF") && length == 4) {
            const uint32_t value = r.U32("value");
            (name == "CGVA" ? file.averageColour : file.flags) = value;
        } else {
            r.Skip(length, "payload");
        }
    }
}

void ReadPalette(BinaryReader &r, PaaFile &file) {
    r.SetSection("palette");
    const uint16_t count = r.U16("count");
    if (count > 256) {
        r.FailAt(r.Offset() - 2, "palette of " + std::to_string(count) + " colours (at most 256)", "count");
    }
    r.CheckCount(uint64_t(count), 3, "colours");
    file.palette.resize(count);
    for (auto &colour : file.palette) {
        const uint8_t b = r.U8("blue"), g = r.U8("green"), red = r.U8("red");
        colour = uint32_t(red) << 16 | uint32_t(g) << 8 | b;
    }
}

uint32_t U24(BinaryReader &r, const char *field) {
    const uint8_t *b = r.Bytes(3, field);
    return uint32_t(b[0]) | uint32_t(b[1]) << 8 | uint32_t(b[2]) << 16;
}

// One level record; false at the terminator.
bool ReadLevel(BinaryReader &r, PaaFile &file) {
    const size_t index = file.levels.size();
    r.SetSection("level " + std::to_string(index));
    const size_t start = r.Offset();
    PaaLevel level;
    level.width = r.U16("width");
    level.height = r.U16("height");
    if (level.width == 0 && level.height == 0) {
        if (r.Remaining() >= 2) r.Skip(2, "terminator"); // every real file ends with one more u16 0
        return false;
    }
    if (level.width == kLzssMarkerW && level.height == kLzssMarkerH) {
        level.lzssMarker = true;
        level.width = r.U16("width");
        level.height = r.U16("height");
    }
    if (level.width & 0x8000u) {
        r.FailAt(start, "unsupported: LZO-compressed level (ArmA, width bit 0x8000)", "width");
    }
    const uint32_t minSide = index == 0 ? 2 : 1;
    if (level.width < minSide || level.width > kMaxTextureSide || level.height < minSide ||
            level.height > kMaxTextureSide) {
        r.FailAt(start,
                "level size " + std::to_string(level.width) + "x" + std::to_string(level.height) + " outside " +
                        std::to_string(minSide) + ".." + std::to_string(kMaxTextureSide),
                "width");
    }
    if (index >= kMaxLevels) {
        r.FailAt(start, "more than " + std::to_string(kMaxLevels) + " levels", "width");
    }
    const size_t sizeOffset = r.Offset();
    level.dataSize = U24(r, "data size");
    if (level.dataSize > r.Remaining()) {
        r.FailAt(sizeOffset,
                "level data of " + std::to_string(level.dataSize) + " bytes exceeds the " +
                        std::to_string(r.Remaining()) + " bytes left",
                "data size");
    }
    level.dataOffset = r.Offset();
    r.Skip(level.dataSize, "data");
    file.levels.push_back(level);
    return true;
}

PaaFile ReadPaaStructure(BinaryReader &r, bool pacExtension) {
    PaaFile file;
    r.SetSection("header");
    file.format = ReadTypeTag(r, pacExtension);
    ReadTaggs(r, file);
    ReadPalette(r, file);
    while (true) {
        if (r.Remaining() < 4) {
            r.SetSection("level " + std::to_string(file.levels.size()));
            r.Fail("file ends before the terminating level record (w = 0, h = 0)", "width");
        }
        if (!ReadLevel(r, file)) break;
    }
    if (file.levels.empty()) {
        r.Fail("no mipmap level", "width");
    }
    return file;
}

// Rejects an output size that `available` compressed bytes could not produce.
void CheckExpansion(const BinaryReader &r, size_t produced, size_t available, size_t maxRatio) {
    if (produced / maxRatio > available) {
        r.FailAt(0,
                std::to_string(available) + " stored bytes cannot hold " + std::to_string(produced) +
                        " bytes of pixels",
                "data");
    }
}

// §1.7 "LZSS, else raw if the sizes match": BI-LZSS with the signed checksum,
// accepted when it consumes exactly the stored bytes; otherwise the bytes are
// raw pixels if there are exactly as many as needed.
std::vector<uint8_t> LzssOrRaw(const BinaryReader &r, size_t rawSize) {
    if (rawSize != r.Size()) CheckExpansion(r, rawSize, r.Size(), kMaxLzssExpansion);
    std::vector<uint8_t> out(rawSize);
    const LzssResult lz = LzssDecode(r.Data(), r.Size(), out.data(), rawSize, LzssChecksum::SignedBytes);
    if (lz.Ok() && lz.consumed == r.Size()) {
        return out;
    }
    if (r.Size() == rawSize) {
        std::memcpy(out.data(), r.Data(), rawSize);
        return out;
    }
    std::string why = lz.Ok() ? "LZSS data ends " + std::to_string(r.Size() - lz.consumed) + " bytes before the level"
                              : std::string("LZSS: ") + LzssStatusText(lz.status);
    r.FailAt(lz.Ok() ? lz.consumed : 0,
            why + ", and the " + std::to_string(r.Size()) + " stored bytes are not the raw size " +
                    std::to_string(rawSize),
            "data");
}

// Plain P8 levels (§1.9): a run (c & 0x80: (c & 0x7F) + 1 copies of the next
// byte) or a literal packet (c + 1 bytes).
std::vector<uint8_t> DecodeRle(BinaryReader &r, size_t count) {
    CheckExpansion(r, count, r.Size(), kMaxRleExpansion);
    std::vector<uint8_t> out(count);
    size_t produced = 0;
    while (produced < count) {
        const size_t packetOffset = r.Offset();
        const uint8_t c = r.U8("RLE packet");
        const size_t n = (c & 0x7Fu) + 1u;
        if (n > count - produced) {
            r.FailAt(packetOffset,
                    "RLE packet of " + std::to_string(n) + " pixels overruns the level (" +
                            std::to_string(count - produced) + " left)",
                    "RLE packet");
        }
        if (c & 0x80u) {
            std::memset(out.data() + produced, r.U8("RLE run value"), n);
        } else {
            std::memcpy(out.data() + produced, r.Bytes(n, "RLE literal"), n);
        }
        produced += n;
    }
    return out;
}

// §1.5: the last palette index whose colour is magenta or cyan, or -1.
int TransparentIndex(const std::vector<uint32_t> &palette) {
    for (int i = int(palette.size()) - 1; i >= 0; --i) {
        if (palette[size_t(i)] == 0xFF00FFu || palette[size_t(i)] == 0x00FFFFu) return i;
    }
    return -1;
}

void PaletteToRgba(const BinaryReader &r, const PaaFile &file, const std::vector<uint8_t> &indices, uint8_t *rgba) {
    const int transparent = TransparentIndex(file.palette);
    const uint32_t keyColour = file.averageColour ? (*file.averageColour & 0xFFFFFFu) : 0u;
    for (size_t i = 0; i < indices.size(); ++i, rgba += 4) {
        const unsigned index = indices[i];
        if (index >= file.palette.size()) {
            r.FailAt(0,
                    "palette index " + std::to_string(index) + " beyond the " + std::to_string(file.palette.size()) +
                            "-colour palette",
                    "data");
        }
        const bool isKey = int(index) == transparent;
        const uint32_t c = isKey ? keyColour : file.palette[index];
        rgba[0] = uint8_t(c >> 16);
        rgba[1] = uint8_t(c >> 8);
        rgba[2] = uint8_t(c);
        rgba[3] = isKey ? 0 : 255;
    }
}

// 16- and 32-bit texels to RGBA8 (§1.10).
void TexelsToRgba(PaaFormat format, const std::vector<uint8_t> &texels, uint8_t *rgba, size_t count) {
    auto e5 = [](unsigned x) { return uint8_t((x << 3) | (x >> 2)); };
    for (size_t i = 0; i < count; ++i, rgba += 4) {
        if (format == PaaFormat::Argb8888) {
            const uint8_t *t = &texels[i * 4];
            rgba[0] = t[2], rgba[1] = t[1], rgba[2] = t[0], rgba[3] = t[3];
            continue;
        }
        const unsigned v = unsigned(texels[i * 2]) | unsigned(texels[i * 2 + 1]) << 8;
        if (format == PaaFormat::Argb4444) {
            rgba[0] = uint8_t(((v >> 8) & 15u) * 17u), rgba[1] = uint8_t(((v >> 4) & 15u) * 17u);
            rgba[2] = uint8_t((v & 15u) * 17u), rgba[3] = uint8_t((v >> 12) * 17u);
        } else if (format == PaaFormat::Argb1555) {
            rgba[0] = e5((v >> 10) & 31u), rgba[1] = e5((v >> 5) & 31u), rgba[2] = e5(v & 31u);
            rgba[3] = (v & 0x8000u) ? 255 : 0;
        } else { // AI88: byte 0 intensity, byte 1 alpha
            rgba[0] = rgba[1] = rgba[2] = uint8_t(v & 0xFFu);
            rgba[3] = uint8_t(v >> 8);
        }
    }
}

S3tcFormat ToS3tc(PaaFormat format) {
    if (format == PaaFormat::Dxt1) return S3tcFormat::Dxt1;
    if (format == PaaFormat::Dxt2 || format == PaaFormat::Dxt3) return S3tcFormat::Dxt3;
    return S3tcFormat::Dxt5;
}

RgbaImage DecodeTopLevel(BinaryReader &whole, const PaaFile &file) {
    const PaaLevel &level = file.levels.front();
    BinaryReader r = whole.Sub(level.dataOffset, level.dataSize, "level 0");
    RgbaImage image;
    image.width = level.width;
    image.height = level.height;
    const size_t count = size_t(level.width) * level.height;
    if (IsDxt(file.format)) {
        const S3tcFormat s3tc = ToS3tc(file.format);
        const size_t expected = S3tcImageBytes(s3tc, level.width, level.height);
        if (level.lzssMarker || level.dataSize != expected) {
            r.FailAt(0,
                    std::string(level.lzssMarker ? "LZSS-marked" : "stored") + " DXT level of " +
                            std::to_string(level.dataSize) + " bytes; " + std::to_string(expected) +
                            " raw bytes expected",
                    "data");
        }
        image.pixels.resize(count * 4);
        DecodeS3tc(r.Data(), level.width, level.height, s3tc, image.pixels.data());
    } else if (file.format == PaaFormat::P8) {
        std::vector<uint8_t> indices;
        if (level.lzssMarker) {
            indices = LzssOrRaw(r, count);
        } else {
            indices = DecodeRle(r, count);
        }
        image.pixels.resize(count * 4);
        PaletteToRgba(r, file, indices, image.pixels.data());
    } else {
        const size_t texelBytes = file.format == PaaFormat::Argb8888 ? 4 : 2;
        const std::vector<uint8_t> texels = LzssOrRaw(r, count * texelBytes);
        image.pixels.resize(count * 4);
        TexelsToRgba(file.format, texels, image.pixels.data(), count);
    }
    return image;
}

// The alpha rule for PAA/PAC (docs/textures.md "Textures: PAA/PAC and DTX decoders"): an image whose
// every texel is opaque is Opaque whatever the flags say; otherwise FLAG
// decides (bit 1 transparent -> Mask, bit 0 alpha -> Blend), and without
// those bits the decoded alpha is classified (only 0/255 -> Mask, else Blend).
TextureAlpha PaaAlpha(const PaaFile &file, const RgbaImage &image) {
    const TextureAlpha classified = ClassifyAlpha(image);
    if (classified == TextureAlpha::Opaque || !file.flags) return classified;
    if (*file.flags & 2u) return TextureAlpha::Mask;
    if (*file.flags & 1u) return TextureAlpha::Blend;
    return classified;
}

} // namespace

DecodedTexture DecodePaa(const uint8_t *data, size_t size, const std::string &fileName, bool pacExtension) {
    BinaryReader r(data, size, pacExtension ? "PAC" : "PAA", fileName);
    const PaaFile file = ReadPaaStructure(r, pacExtension);
    DecodedTexture texture;
    texture.image = DecodeTopLevel(r, file);
    texture.alpha = PaaAlpha(file, texture.image);
    texture.format = std::string(pacExtension ? "PAC " : "PAA ") + FormatName(file.format);
    return texture;
}

} // namespace assimp_retro
