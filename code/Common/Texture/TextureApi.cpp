// assimp-retro: the public texture API (include/assimp_retro/texture.h) over
// the decoders and writers, which report a bad file or image by throwing:
// here the reason becomes `*error` and the result false.
#include <assimp_retro/texture.h>

#include "Common/ImportError.h"
#include "Common/Texture/DtxWriter.h"
#include "Common/Texture/ImageDecode.h"
#include "Common/Texture/PaaWriter.h"
#include "Common/Texture/Texture.h"

#include <exception>

namespace assimp_retro {
namespace {

/// Runs `make`, which assigns the result; false with its message when it
/// throws `Error`.
template <class Error, class Make>
bool Catching(std::string *error, Make &&make) {
    try {
        make();
        return true;
    } catch (const Error &e) {
        if (error) {
            *error = e.what();
        }
        return false;
    }
}

} // namespace

bool DecodeGameTexture(const uint8_t *data, size_t size, const std::string &fileName, DecodedTexture &texture,
        std::string *error) {
    return Catching<ImportError>(error, [&] { texture = DecodeTexture(data, size, fileName); });
}

bool DecodeImage(const uint8_t *data, size_t size, const std::string &fileName, RgbaImage &image, std::string *error) {
    return Catching<ImportError>(error, [&] { image = DecodeImageFile(data, size, fileName); });
}

bool EncodeAsPng(const RgbaImage &image, std::vector<uint8_t> &png, std::string *error) {
    return Catching<ImportError>(error, [&] { png = EncodePng(image); });
}

bool EncodeAsDtx(const RgbaImage &image, DtxFormat format, std::vector<uint8_t> &dtx, std::string *error) {
    return Catching<ImportError>(error, [&] { dtx = EncodeDtx(image, format); });
}

bool EncodeAsPaa(const RgbaImage &image, PaaType type, bool mipmaps, std::vector<uint8_t> &paa, std::string *error) {
    // Any failure: EncodePaa throws ExportError for an image that cannot be
    // such a texture, and the LZSS/palette steps may throw their own.
    return Catching<std::exception>(error, [&] { paa = EncodePaa(image, type, mipmaps); });
}

} // namespace assimp_retro
