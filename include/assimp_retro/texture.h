// assimp-retro: the game textures the library reads and writes, as a public
// API (what the tool's `texture` verb uses): Operation Flashpoint PAA/PAC and
// LithTech DTX decoded to RGBA texels, any image the library reads (those
// and PNG, TGA, BMP, JPEG) decoded, and texels encoded as PNG, DTX or PAA/PAC
// (docs/formats/TEXTURES.md).
//
//   assimp_retro::DecodedTexture texture;
//   std::vector<uint8_t> png;
//   std::string error;
//   if (!assimp_retro::DecodeGameTexture(bytes.data(), bytes.size(), "skin.dtx", texture, &error) ||
//       !assimp_retro::EncodeAsPng(texture.image, png, &error)) { ... }
//
// Nothing here throws for a bad file or image: each function returns false
// with the reason (format, file, field and byte offset where it applies) in
// `*error`.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace assimp_retro {

/// 8-bit RGBA pixels, rows top first (as both games and PNG store them),
/// `pixels.size() == width * height * 4`.
struct RgbaImage {
    uint32_t width = 0;
    uint32_t height = 0;
    std::vector<uint8_t> pixels;
};

/// How a material should treat the texture's alpha (glTF's alphaMode).
enum class TextureAlpha {
    Opaque, ///< every texel opaque (or alpha carries no meaning)
    Mask, ///< alpha only 0 or full: alpha test
    Blend, ///< partial alpha: blending
};

/// A decoded texture file.
struct DecodedTexture {
    RgbaImage image;
    TextureAlpha alpha = TextureAlpha::Opaque;
    std::string format; ///< what was decoded, for notes: "PAA DXT1", "DTX v-3 8-bit palette", ...
};

/// True for the extensions a decoder exists for: .paa, .pac, .dtx (any case).
bool IsDecodableTextureName(const std::string &fileName);

/// "opaque", "mask", "blend".
const char *TextureAlphaName(TextureAlpha alpha);

/// The top mip level of a whole game texture file held in memory
/// (.paa, .pac, .dtx). `fileName` supplies the extension (an untagged PAA is
/// ARGB4444 as .paa and palettised as .pac) and the name used in errors.
bool DecodeGameTexture(const uint8_t *data, size_t size, const std::string &fileName, DecodedTexture &texture,
        std::string *error = nullptr);

/// The texels of a whole image file held in memory: `fileName`'s extension
/// picks a game texture decoder (.paa, .pac, .dtx), anything else is read by
/// stb_image (PNG, TGA, BMP, JPEG). Fails for a side over 4096 texels (the
/// games' limit).
bool DecodeImage(const uint8_t *data, size_t size, const std::string &fileName, RgbaImage &image,
        std::string *error = nullptr);

/// A PNG file (8-bit RGBA, zlib-compressed) of `image`.
bool EncodeAsPng(const RgbaImage &image, std::vector<uint8_t> &png, std::string *error = nullptr);

// ---- LithTech DTX (docs/export-lithtech.md) ----------------------------------

/// The DTX variants each game reads:
///   Lt1Palette  v-3, 8-bit palette (+ 4-bit alpha masks when the image has
///               alpha): KISS Psycho Circus (LithTech 1.5)
///   Lt10Palette v-2, the same body with the 36-byte header: Shogo, Blood 2
///   Lt2Bgra32   v-5, 32-bit BGRA: NOLF, AVP2
///   Lt2Dxt1/3/5 v-5, S3TC
enum class DtxFormat { Lt1Palette, Lt10Palette, Lt2Bgra32, Lt2Dxt1, Lt2Dxt3, Lt2Dxt5 };

/// The format named "lt1-palette", "lt10-palette", "lt2-32", "lt2-dxt1",
/// "lt2-dxt3", "lt2-dxt5"; false for anything else.
bool ParseDtxFormat(const std::string &name, DtxFormat &format);

/// A whole DTX file of `image` (1..4096 texels a side) with up to 4 mip
/// levels (2x2 box filter); a palette holds the image's colours exactly when
/// there are at most 256, more are reduced by median cut.
bool EncodeAsDtx(const RgbaImage &image, DtxFormat format, std::vector<uint8_t> &dtx, std::string *error = nullptr);

// ---- Operation Flashpoint PAA/PAC (docs/formats/TEXTURES.md §1.14) -----------

/// The texel types OFP reads. P8 is the palettised PAC: written untagged, so
/// the file must be named .pac.
enum class PaaType { Dxt1, Dxt5, Argb4444, Argb1555, Ai88, P8 };

/// "DXT1", "DXT5", "ARGB4444", "ARGB1555", "AI88", "P8".
const char *PaaTypeName(PaaType type);
/// The inverse of PaaTypeName (case-insensitive; "4444", "1555", "88", "pac" too); false if unknown.
bool PaaTypeFromName(const std::string &name, PaaType &type);

/// The type a texture of `image` gets when nobody names one, as OFP's own
/// files have it: opaque and alpha-tested images DXT1, blended alpha
/// ARGB4444. `pac`: P8 when the image fits a PAC palette (at most 255 opaque
/// colours, none magenta or cyan, alpha only 0 and 255); else the same
/// tagged types, which the engine reads in a .pac too (the tag wins).
PaaType ChoosePaaType(const RgbaImage &image, bool pac);

/// A whole PAA/PAC file of `image`, with each half-size mip level when
/// `mipmaps`. Fails when the image cannot be such a texture: sides not powers
/// of two in 2..4096 (4..4096 for DXT), or, for P8, more than 255 opaque
/// colours or alpha other than 0 and 255.
bool EncodeAsPaa(const RgbaImage &image, PaaType type, bool mipmaps, std::vector<uint8_t> &paa,
        std::string *error = nullptr);

} // namespace assimp_retro
