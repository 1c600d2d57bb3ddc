// assimp-retro: the `texture` verb's other direction, PNG -> PAA/PAC
// (docs/formats/TEXTURES.md §1.14). The PNG is read with stb_image (Debian's
// libstb-dev, as the library's DXT encoder); the file is built in memory and
// written only when complete.
#include "Tool.h"

#include "Common/Texture/PaaWriter.h"
#include "Common/Texture/Texture.h"

#include <cstdio>
#include <fstream>
#include <iterator>
#include <stdexcept>

#define STB_IMAGE_IMPLEMENTATION
#define STBI_ONLY_PNG
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

namespace retro_tool {

int EncodeTextureFile(const std::string &input, const std::string &output, const std::string &typeName, bool mipmaps) {
    const bool pac = output.size() >= 4 && (output.compare(output.size() - 4, 4, ".pac") == 0 ||
                                            output.compare(output.size() - 4, 4, ".PAC") == 0);
    assimp_retro::PaaType type = assimp_retro::PaaType::Dxt1;
    if (!typeName.empty()) {
        if (!assimp_retro::PaaTypeFromName(typeName, type)) {
            std::fprintf(stderr, "assimp-retro texture: unknown type '%s' (dxt1, dxt5, argb4444, argb1555, ai88, p8)\n",
                    typeName.c_str());
            return kExitUsage;
        }
    } else if (pac) {
        type = assimp_retro::PaaType::P8;
    }
    if (!typeName.empty() && type == assimp_retro::PaaType::P8 && !pac) {
        std::fprintf(stderr, "assimp-retro texture: a palettised texture is untagged: name it .pac\n");
        return kExitUsage;
    }
    std::ifstream in(input, std::ios::binary);
    if (!in) {
        std::fprintf(stderr, "assimp-retro texture: cannot open %s\n", input.c_str());
        return kExitImportFailed;
    }
    const std::vector<uint8_t> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    if (bytes.size() > (size_t(1) << 30)) {
        std::fprintf(stderr, "assimp-retro texture: %s is larger than 1 GiB\n", input.c_str());
        return kExitImportFailed;
    }
    int w = 0, h = 0, channels = 0;
    stbi_uc *pixels = stbi_load_from_memory(bytes.data(), static_cast<int>(bytes.size()), &w, &h, &channels, 4);
    if (!pixels) {
        std::fprintf(stderr, "assimp-retro texture: %s is not a readable PNG (%s)\n", input.c_str(), stbi_failure_reason());
        return kExitImportFailed;
    }
    assimp_retro::RgbaImage image;
    image.width = static_cast<uint32_t>(w);
    image.height = static_cast<uint32_t>(h);
    image.pixels.assign(pixels, pixels + size_t(w) * size_t(h) * 4);
    stbi_image_free(pixels);

    if (typeName.empty() && !pac) {
        // As OFP's own textures: DXT1 holds opaque and alpha-tested images, 4444 blended ones.
        type = assimp_retro::ClassifyAlpha(image) == assimp_retro::TextureAlpha::Blend ? assimp_retro::PaaType::Argb4444
                                                                                     : assimp_retro::PaaType::Dxt1;
    }
    std::vector<uint8_t> paa;
    try {
        paa = assimp_retro::EncodePaa(image, type, mipmaps);
    } catch (const std::exception &e) {
        std::fprintf(stderr, "assimp-retro texture: %s: %s\n", input.c_str(), e.what());
        return kExitExportFailed;
    }
    std::ofstream out(output, std::ios::binary);
    out.write(reinterpret_cast<const char *>(paa.data()), static_cast<std::streamsize>(paa.size()));
    out.close();
    if (!out) {
        std::remove(output.c_str());
        std::fprintf(stderr, "assimp-retro texture: cannot write %s\n", output.c_str());
        return kExitExportFailed;
    }
    std::printf("%s: %ux%u %s%s -> %s (%zu bytes)\n", input.c_str(), image.width, image.height,
            assimp_retro::PaaTypeName(type), mipmaps ? " with mipmaps" : "", output.c_str(), paa.size());
    return kExitSuccess;
}

} // namespace retro_tool
