// assimp-retro: the `texture` verb's other direction, PNG -> PAA/PAC
// (docs/formats/TEXTURES.md §1.14). The image is read by LoadImage (ImageFile.cpp);
// the file is built in memory and written only when complete.
#include "Tool.h"

#include <assimp_retro/texture.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <stdexcept>

namespace retro_tool {

int EncodeTextureFile(const std::string &input, const std::string &output, const std::string &typeName, bool mipmaps) {
    const bool pac = output.size() >= 4 &&
            (output.compare(output.size() - 4, 4, ".pac") == 0 || output.compare(output.size() - 4, 4, ".PAC") == 0);
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
    assimp_retro::RgbaImage image;
    if (std::string error; !LoadImage(std::filesystem::u8path(input), image, error)) {
        std::fprintf(stderr, "assimp-retro texture: %s\n", error.c_str());
        return kExitImportFailed;
    }

    if (typeName.empty() && !pac) {
        type = assimp_retro::ChoosePaaType(image, false); // as OFP's own textures (assimp_retro/texture.h)
    }
    std::vector<uint8_t> paa;
    if (std::string error; !assimp_retro::EncodeAsPaa(image, type, mipmaps, paa, &error)) {
        std::fprintf(stderr, "assimp-retro texture: %s: %s\n", input.c_str(), error.c_str());
        return kExitExportFailed;
    }
    std::ofstream out(std::filesystem::u8path(output), std::ios::binary);
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
