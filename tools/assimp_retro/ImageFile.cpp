// assimp-retro: images the `texture` verb encodes into game textures (DTX,
// PAA/PAC): a game texture through the library's decoders, anything else
// (PNG, TGA, BMP, JPEG) through stb_image from Debian's libstb-dev,
// header-only like the library's stb_dxt.
#include "Tool.h"

#include "Common/ImportError.h"
#include "Common/Texture/Texture.h"

#include <cstdint>
#include <fstream>
#include <iterator>
#include <vector>

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

namespace fs = std::filesystem;

namespace retro_tool {

bool LoadImage(const fs::path &input, assimp_retro::RgbaImage &image, std::string &error) {
    std::ifstream in(input, std::ios::binary);
    if (!in) {
        error = "cannot open " + input.u8string();
        return false;
    }
    const std::vector<uint8_t> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    if (assimp_retro::IsDecodableTextureName(input.u8string())) {
        try {
            image = assimp_retro::DecodeTexture(bytes.data(), bytes.size(), input.u8string()).image;
            return true;
        } catch (const assimp_retro::ImportError &e) {
            error = e.what();
            return false;
        }
    }
    int w = 0, h = 0, channels = 0;
    if (bytes.size() > size_t(INT32_MAX)) {
        error = input.u8string() + ": too large";
        return false;
    }
    stbi_uc *texels = stbi_load_from_memory(bytes.data(), int(bytes.size()), &w, &h, &channels, 4);
    if (!texels) {
        error = input.u8string() + ": not an image this tool reads (" + stbi_failure_reason() + ")";
        return false;
    }
    image.width = uint32_t(w);
    image.height = uint32_t(h);
    image.pixels.assign(texels, texels + size_t(w) * size_t(h) * 4);
    stbi_image_free(texels);
    return true;
}

} // namespace retro_tool
