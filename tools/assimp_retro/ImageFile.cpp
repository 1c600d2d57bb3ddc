// assimp-retro: images the `texture` verb encodes into game textures (DTX,
// PAA/PAC): the file's bytes through the library's DecodeImage (game
// textures through their decoders, PNG/TGA/BMP/JPEG through stb_image).
#include "Tool.h"

#include <assimp_retro/texture.h>

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
    return assimp_retro::DecodeImage(bytes.data(), bytes.size(), input.u8string(), image, &error);
}

} // namespace retro_tool
