// assimp-retro: image files and embedded textures as RGBA texels (ImageDecode.h).
#include "ImageDecode.h"

#include "Common/ImportError.h"
#include "Common/SceneHelpers.h"

#include <assimp/texture.h>

#include <climits>

// Static: Assimp has its own stb_image (in-tree builds of the port link both).
#define STB_IMAGE_STATIC
#define STB_IMAGE_IMPLEMENTATION
#define STBI_NO_STDIO
#if defined(__GNUC__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-function"
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"
#pragma GCC diagnostic ignored "-Wsign-compare"
#pragma GCC diagnostic ignored "-Wimplicit-fallthrough"
#endif
#include <stb_image.h>
#if defined(__GNUC__)
#pragma GCC diagnostic pop
#endif

namespace assimp_retro {

namespace {

/// The games load no larger texture (kMaxTextureSide, as their decoders
/// check); checked before stb_image allocates.
constexpr int kMaxImageSide = int(kMaxTextureSide);

} // namespace

RgbaImage DecodeImageFile(const uint8_t *data, size_t size, const std::string &fileName) {
    if (IsDecodableTextureName(fileName)) {
        return DecodeTexture(data, size, fileName).image;
    }
    if (size > size_t(INT_MAX)) {
        throw ImportError(fileName + ": too large for an image");
    }
    int w = 0, h = 0, channels = 0;
    if (!stbi_info_from_memory(data, int(size), &w, &h, &channels)) {
        throw ImportError(fileName + ": not an image this library reads (" + stbi_failure_reason() + ")");
    }
    if (w <= 0 || h <= 0 || w > kMaxImageSide || h > kMaxImageSide) {
        throw ImportError(fileName + ": " + std::to_string(w) + "x" + std::to_string(h) +
                " texels is larger than the games' textures (" + std::to_string(kMaxImageSide) + " a side)");
    }
    stbi_uc *texels = stbi_load_from_memory(data, int(size), &w, &h, &channels, 4);
    if (!texels) {
        throw ImportError(fileName + ": not an image this library reads (" + stbi_failure_reason() + ")");
    }
    RgbaImage image;
    image.width = uint32_t(w);
    image.height = uint32_t(h);
    image.pixels.assign(texels, texels + size_t(w) * size_t(h) * 4);
    stbi_image_free(texels);
    return image;
}

RgbaImage DecodeEmbeddedTexture(const aiTexture &texture) {
    std::string name = texture.mFilename.length > 0 ? texture.mFilename.C_Str() : "embedded texture";
    if (texture.mHeight == 0) {
        // The hint says what the bytes are ("png"; the P3D importer's PNG of
        // "data\x.paa" is named after the PAA): the decoder goes by it.
        const std::string hint = ToLower(texture.achFormatHint);
        const std::string ending = "." + hint;
        const std::string lower = ToLower(name);
        if (!hint.empty() &&
                (lower.size() < ending.size() ||
                        lower.compare(lower.size() - ending.size(), ending.size(), ending) != 0)) {
            name += ending;
        }
        return DecodeImageFile(reinterpret_cast<const uint8_t *>(texture.pcData), texture.mWidth, name);
    }
    if (texture.mWidth > uint32_t(kMaxImageSide) || texture.mHeight > uint32_t(kMaxImageSide)) {
        throw ImportError(name + ": " + std::to_string(texture.mWidth) + "x" + std::to_string(texture.mHeight) +
                " texels is larger than the games' textures (" + std::to_string(kMaxImageSide) + " a side)");
    }
    RgbaImage image;
    image.width = texture.mWidth;
    image.height = texture.mHeight;
    image.pixels.resize(size_t(image.width) * image.height * 4);
    for (size_t i = 0; i < size_t(image.width) * image.height; ++i) {
        const aiTexel &texel = texture.pcData[i];
        image.pixels[i * 4] = texel.r;
        image.pixels[i * 4 + 1] = texel.g;
        image.pixels[i * 4 + 2] = texel.b;
        image.pixels[i * 4 + 3] = texel.a;
    }
    return image;
}

} // namespace assimp_retro
