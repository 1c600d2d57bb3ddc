// assimp-retro: any image a texture writer may be given: a game texture
// through the library's decoders, anything else (PNG, TGA, BMP, JPEG)
// through stb_image from Debian's libstb-dev, header-only like stb_dxt.
// Static, so that its functions never meet another copy (Assimp's own
// stb_image when the port builds this file into Assimp).
#include "Texture.h"

#include "Common/ImportError.h"

#include <cstdint>
#include <limits>

#define STB_IMAGE_STATIC
#define STB_IMAGE_IMPLEMENTATION
#define STBI_NO_STDIO
#if defined(__GNUC__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-function"
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"
#pragma GCC diagnostic ignored "-Wsign-compare"
#endif
#include <stb_image.h>
#if defined(__GNUC__)
#pragma GCC diagnostic pop
#endif

namespace assimp_retro {

RgbaImage DecodeImage(const uint8_t *data, size_t size, const std::string &fileName) {
    if (IsDecodableTextureName(fileName)) {
        return DecodeTexture(data, size, fileName).image;
    }
    if (size > size_t(std::numeric_limits<int>::max())) {
        throw ImportError(fileName + ": too large");
    }
    int w = 0, h = 0, channels = 0;
    stbi_uc *texels = stbi_load_from_memory(data, int(size), &w, &h, &channels, 4);
    if (!texels) {
        throw ImportError(fileName + ": not an image assimp-retro reads (" + stbi_failure_reason() + ")");
    }
    RgbaImage image;
    image.width = uint32_t(w);
    image.height = uint32_t(h);
    image.pixels.assign(texels, texels + size_t(w) * size_t(h) * 4);
    stbi_image_free(texels);
    return image;
}

} // namespace assimp_retro
