// assimp-retro: images the `texture` verb encodes into game textures (DTX,
// PAA/PAC), read by the library's DecodeImage (a game texture, or PNG, TGA,
// BMP, JPEG through stb_image).
#include "Tool.h"

#include "Common/ImportError.h"
#include "Common/Texture/Texture.h"

#include <cstdint>
#include <fstream>
#include <iterator>
#include <vector>

namespace fs = std::filesystem;

namespace retro_tool {

bool LoadImage(const fs::path &input, assimp_retro::RgbaImage &image, std::string &error) {
    std::ifstream in(input, std::ios::binary);
    if (!in) {
        error = "cannot open " + input.u8string();
        return false;
    }
    const std::vector<uint8_t> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    try {
        image = assimp_retro::DecodeImage(bytes.data(), bytes.size(), input.u8string());
    } catch (const assimp_retro::ImportError &e) {
        error = e.what();
        return false;
    }
    return true;
}

} // namespace retro_tool
