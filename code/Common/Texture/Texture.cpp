// assimp-retro: picks the texture decoder by extension (see Texture.h).
#include "Texture.h"

#include "../ImportError.h"
#include "Dtx.h"
#include "Paa.h"

#include <cctype>

namespace assimp_retro {

namespace {

std::string LowerExtension(const std::string &fileName) {
    const size_t slash = fileName.find_last_of("/\\");
    const size_t dot = fileName.find_last_of('.');
    if (dot == std::string::npos || (slash != std::string::npos && dot < slash)) return {};
    std::string ext = fileName.substr(dot + 1);
    for (char &c : ext)
        c = char(std::tolower(static_cast<unsigned char>(c)));
    return ext;
}

} // namespace

bool IsDecodableTextureName(const std::string &fileName) {
    const std::string ext = LowerExtension(fileName);
    return ext == "paa" || ext == "pac" || ext == "dtx";
}

DecodedTexture DecodeTexture(const uint8_t *data, size_t size, const std::string &fileName) {
    const std::string ext = LowerExtension(fileName);
    if (ext == "paa" || ext == "pac") {
        return DecodePaa(data, size, fileName, ext == "pac");
    }
    if (ext == "dtx") {
        return DecodeDtx(data, size, fileName);
    }
    throw ImportError("texture: " + fileName + ": unsupported texture type (known: .paa, .pac, .dtx)");
}

TextureAlpha ClassifyAlpha(const RgbaImage &image) {
    bool partial = false, transparent = false;
    for (size_t i = 3; i < image.pixels.size(); i += 4) {
        const uint8_t a = image.pixels[i];
        if (a == 0) {
            transparent = true;
        } else if (a != 255) {
            partial = true;
            break;
        }
    }
    return partial ? TextureAlpha::Blend : transparent ? TextureAlpha::Mask : TextureAlpha::Opaque;
}

const char *TextureAlphaName(TextureAlpha alpha) {
    switch (alpha) {
    case TextureAlpha::Opaque:
        return "opaque";
    case TextureAlpha::Mask:
        return "mask";
    case TextureAlpha::Blend:
        return "blend";
    }
    return "?";
}

} // namespace assimp_retro
