// assimp-retro: LithTech DTX decoder (docs/formats/TEXTURES.md §2).
//
// Every mip, alpha-mask block and section is checked against the file (so
// truncated files fail with the field and offset), and mip 0 is decoded.
// Limits: resType 0, version -2/-3/-5, 1..4096 per side, 1..15 mips, every
// mip at least 1x1.
#include "Dtx.h"

#include "../BinaryReader.h"
#include "S3tc.h"

#include <cstring>

namespace assimp_retro {

namespace {

constexpr uint32_t kDtxFlagCubeMap = 0x400; // LT2
constexpr uint16_t kMaxDtxMips = 15;
constexpr size_t kPaletteEntries = 256;

enum Bpp : uint8_t {
    Bpp8P = 0,
    Bpp8 = 1,
    Bpp16 = 2,
    Bpp32 = 3,
    BppDxt1 = 4,
    BppDxt3 = 5,
    BppDxt5 = 6,
    Bpp32P = 7,
    Bpp24 = 8
};

struct DtxHeader {
    int32_t version = 0;
    uint32_t width = 0, height = 0;
    uint16_t mips = 0, sections = 0;
    uint32_t flags = 0;
    uint8_t extra[12] = {};
};

DtxHeader ReadHeader(BinaryReader &r) {
    r.SetSection("header");
    DtxHeader h;
    const uint32_t resType = r.U32("resType");
    if (resType != 0) {
        r.FailAt(0, "resource type " + std::to_string(resType) + " is not a texture (0)", "resType");
    }
    h.version = r.I32("version");
    if (h.version != -2 && h.version != -3 && h.version != -5) {
        r.FailAt(4, "unsupported version " + std::to_string(h.version) + " (supported: -2, -3, -5)", "version");
    }
    h.width = r.U16("width");
    h.height = r.U16("height");
    h.mips = r.U16("nMipmaps");
    h.sections = r.U16("nSections");
    h.flags = r.U32("flags");
    r.U32("userFlags");
    r.Read(h.extra, sizeof h.extra, "extra");
    if (h.width < 1 || h.width > kMaxTextureSide || h.height < 1 || h.height > kMaxTextureSide) {
        r.FailAt(8,
                "size " + std::to_string(h.width) + "x" + std::to_string(h.height) + " outside 1.." +
                        std::to_string(kMaxTextureSide),
                "width");
    }
    if (h.mips < 1 || h.mips > kMaxDtxMips || (h.width >> (h.mips - 1)) == 0 || (h.height >> (h.mips - 1)) == 0) {
        r.FailAt(12,
                std::to_string(h.mips) + " mipmaps for " + std::to_string(h.width) + "x" + std::to_string(h.height) +
                        " (1..15, each at least 1x1)",
                "nMipmaps");
    }
    if (h.version != -2) {
        r.Skip(128, "command string");
    }
    return h;
}

// Section headers (32 bytes: type[15], name[10], pad[3], u32 dataLen) and
// data; returns the PALLETE32 palette's data if there is one.
const uint8_t *ReadSections(BinaryReader &r, unsigned count) {
    const uint8_t *palette32 = nullptr;
    for (unsigned i = 0; i < count; ++i) {
        r.SetSection("section " + std::to_string(i));
        const std::string type = r.FixedString(15, "type");
        r.Skip(13, "name");
        const uint32_t length = r.U32("dataLen");
        if (length > r.Remaining()) {
            r.FailAt(r.Offset() - 4,
                    "section data of " + std::to_string(length) + " bytes exceeds the " +
                            std::to_string(r.Remaining()) + " bytes left",
                    "dataLen");
        }
        const uint8_t *payload = r.Bytes(length, "data");
        if (type == "PALLETE32") {
            if (length < kPaletteEntries * 4) {
                r.FailAt(r.Offset() - length, "PALLETE32 section of " + std::to_string(length) + " bytes (1024 needed)",
                        "data");
            }
            palette32 = payload;
        }
    }
    return palette32;
}

// LT1.0/1.5 (§2.3): 8-bit indices through a {a,r,g,b} palette whose a is
// ignored, then optional 4-bit alpha masks (low nibble first, A = n * 17).
// Masks that are 0 everywhere mean "no alpha" (opaque), like LT2 BPP_32.
RgbaImage DecodeLt1(BinaryReader &r, const DtxHeader &h) {
    r.SetSection("palette");
    r.Skip(8, "unknown");
    const uint8_t *palette = r.Bytes(kPaletteEntries * 4, "palette");
    const uint8_t *indices = nullptr;
    for (unsigned i = 0; i < h.mips; ++i) {
        r.SetSection("mip " + std::to_string(i));
        const uint8_t *bytes = r.Bytes(size_t(h.width >> i) * (h.height >> i), "indices");
        if (i == 0) indices = bytes;
    }
    const uint8_t *masks = nullptr;
    if (h.flags & kDtxFlagAlphaMasks) {
        for (unsigned i = 0; i < h.mips; ++i) {
            r.SetSection("alpha mask " + std::to_string(i));
            const uint8_t *bytes = r.Bytes((size_t(h.width >> i) * (h.height >> i) + 1) / 2, "alpha");
            if (i == 0) masks = bytes;
        }
    }
    ReadSections(r, h.sections);
    const size_t count = size_t(h.width) * h.height;
    bool anyAlpha = false;
    for (size_t i = 0; masks && i < (count + 1) / 2; ++i)
        anyAlpha |= masks[i] != 0;
    RgbaImage image{h.width, h.height, std::vector<uint8_t>(count * 4)};
    for (size_t i = 0; i < count; ++i) {
        const uint8_t *c = palette + size_t(indices[i]) * 4;
        uint8_t *dst = &image.pixels[i * 4];
        dst[0] = c[1], dst[1] = c[2], dst[2] = c[3];
        dst[3] = anyAlpha ? uint8_t(((masks[i / 2] >> ((i & 1) * 4)) & 15u) * 17u) : 255;
    }
    return image;
}

size_t Lt2MipBytes(uint8_t bpp, uint32_t w, uint32_t h) {
    const size_t texels = size_t(w) * h;
    switch (bpp) {
    case Bpp32:
        return texels * 4;
    case BppDxt1:
        return texels >> 1; // the engine's CalcImageSize: not rounded to whole blocks
    case BppDxt3:
    case BppDxt5:
    case Bpp32P:
        return texels;
    default:
        return 0;
    }
}

const char *Lt2FormatName(uint8_t bpp) {
    switch (bpp) {
    case Bpp32:
        return "32-bit BGRA";
    case BppDxt1:
        return "DXT1";
    case BppDxt3:
        return "DXT3";
    case BppDxt5:
        return "DXT5";
    case Bpp32P:
        return "32-bit palette";
    default:
        return "?";
    }
}

void DecodeLt2Mip0(const BinaryReader &r, const DtxHeader &h, uint8_t bpp, const uint8_t *mip, const uint8_t *palette32,
        RgbaImage &image) {
    const size_t count = size_t(h.width) * h.height;
    uint8_t *out = image.pixels.data();
    if (bpp == Bpp32) {
        bool anyAlpha = false;
        for (size_t i = 0; i < count; ++i)
            anyAlpha |= mip[i * 4 + 3] != 0;
        for (size_t i = 0; i < count; ++i) { // B,G,R,A; alpha 0 everywhere means opaque (§2.4)
            out[i * 4] = mip[i * 4 + 2], out[i * 4 + 1] = mip[i * 4 + 1], out[i * 4 + 2] = mip[i * 4];
            out[i * 4 + 3] = anyAlpha ? mip[i * 4 + 3] : 255;
        }
    } else if (bpp == Bpp32P) {
        for (size_t i = 0; i < count; ++i) { // engine CC_32PtoBF: {a,r,g,b}, alpha kept
            const uint8_t *c = palette32 + size_t(mip[i]) * 4;
            out[i * 4] = c[1], out[i * 4 + 1] = c[2], out[i * 4 + 2] = c[3], out[i * 4 + 3] = c[0];
        }
    } else {
        const S3tcFormat s3tc = bpp == BppDxt1 ? S3tcFormat::Dxt1
                : bpp == BppDxt3               ? S3tcFormat::Dxt3
                                               : S3tcFormat::Dxt5;
        DecodeS3tc(mip, h.width, h.height, s3tc, out);
    }
}

// LT2 (§2.4): raw mips in the format extra[2] names (0 means BPP_32), then
// sections when SECTIONSFIXED is set (the BPP_32P palette is one).
RgbaImage DecodeLt2(BinaryReader &r, const DtxHeader &h, uint8_t &bpp) {
    bpp = h.extra[2] == 0 ? uint8_t(Bpp32) : h.extra[2];
    if (Lt2MipBytes(bpp, h.width, h.height) == 0) {
        r.FailAt(26, "unsupported pixel format (BPP ident " + std::to_string(bpp) + ")", "extra[2]");
    }
    if (bpp >= BppDxt1 && bpp <= BppDxt5) {
        const S3tcFormat s3tc = bpp == BppDxt1 ? S3tcFormat::Dxt1
                : bpp == BppDxt3               ? S3tcFormat::Dxt3
                                               : S3tcFormat::Dxt5;
        if (S3tcImageBytes(s3tc, h.width, h.height) != Lt2MipBytes(bpp, h.width, h.height)) {
            r.FailAt(8,
                    "DXT texture of " + std::to_string(h.width) + "x" + std::to_string(h.height) +
                            " is not made of whole 4x4 blocks",
                    "width");
        }
    }
    const uint8_t *mip0 = nullptr;
    for (unsigned i = 0; i < h.mips; ++i) {
        r.SetSection("mip " + std::to_string(i));
        const uint8_t *bytes = r.Bytes(Lt2MipBytes(bpp, h.width >> i, h.height >> i), "pixels");
        if (i == 0) mip0 = bytes;
    }
    const bool cubeMap = (h.flags & kDtxFlagCubeMap) != 0;
    const uint8_t *palette32 = nullptr;
    if (!cubeMap && (h.flags & kDtxFlagSectionsFixed)) {
        palette32 = ReadSections(r, h.sections);
    }
    if (bpp == Bpp32P && !palette32) {
        r.Fail(cubeMap ? "unsupported: 32-bit palette cube map" : "32-bit palette texture has no PALLETE32 section");
    }
    RgbaImage image{h.width, h.height, std::vector<uint8_t>(size_t(h.width) * h.height * 4)};
    DecodeLt2Mip0(r, h, bpp, mip0, palette32, image);
    return image;
}

} // namespace

DecodedTexture DecodeDtx(const uint8_t *data, size_t size, const std::string &fileName) {
    BinaryReader r(data, size, "DTX", fileName);
    const DtxHeader h = ReadHeader(r);
    DecodedTexture texture;
    const std::string version = "DTX v" + std::to_string(h.version);
    if (h.version == -5) {
        uint8_t bpp = 0;
        texture.image = DecodeLt2(r, h, bpp);
        texture.format = version + " " + Lt2FormatName(bpp);
    } else {
        texture.image = DecodeLt1(r, h);
        texture.format = version + " 8-bit palette" + ((h.flags & kDtxFlagAlphaMasks) ? " with alpha masks" : "");
    }
    // LithTech alpha (§2.7): all opaque -> Opaque, only 0/full -> Mask, else Blend.
    texture.alpha = ClassifyAlpha(texture.image);
    return texture;
}

} // namespace assimp_retro
