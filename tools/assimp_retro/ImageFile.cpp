// assimp-retro: images the `texture` verb encodes into game textures (DTX,
// PAA/PAC): the file's bytes through the library's DecodeImageFile (game
// textures through their decoders, PNG/TGA/BMP/JPEG through stb_image).
#include "Tool.h"

#include "Common/ImportError.h"
#include "Common/Texture/ImageDecode.h"

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
        image = assimp_retro::DecodeImageFile(bytes.data(), bytes.size(), input.u8string());
        return true;
    } catch (const assimp_retro::ImportError &e) {
        error = e.what();
        return false;
    }
}

} // namespace retro_tool
