// assimp-retro tool: `thumbnail <file> <out.png> [--size N]`, and the
// thumbnails the batch writes beside its outputs (--thumbnails, --gallery).
// The picture comes from the library (<assimp_retro/thumbnail.h>): a model
// drawn on the CPU, a game texture fitted into the square.
#include "Tool.h"

#include <assimp_retro/assimp_retro.h>
#include <assimp_retro/texture.h>
#include <assimp_retro/thumbnail.h>

#include <assimp/Importer.hpp>
#include <assimp/scene.h>

#include <cstdio>
#include <filesystem>
#include <fstream>

namespace fs = std::filesystem;

namespace retro_tool {

const char *const kThumbnailHelp =
        "assimp-retro thumbnail <file> <out.png> [--size N] [--set NAME=VALUE ...]\n"
        "\n"
        " Draws a model (any format the tool reads) as a PNG of N x N pixels\n"
        " (default 256, 16..1024) on the CPU: the front three-quarter view, framed,\n"
        " textured, on a transparent background, in its bind pose, first LOD only.\n"
        " Only what is drawn is loaded (no animations, no child models). A game\n"
        " texture (.paa, .pac, .dtx) gives its decoded image; an Oni OBAN the path\n"
        " of each animated node. The same bytes on every machine (docs/gallery.md).\n"
        "\n"
        " Exit codes: 0 success, 1 bad arguments, 3 the file could not be read,\n"
        " 4 nothing to draw or the PNG could not be written (no file is left).\n";

namespace {

bool ParseSize(const std::string &text, uint32_t &size) {
    try {
        size_t used = 0;
        const long value = std::stol(text, &used);
        if (used != text.size() || value < long(assimp_retro::kThumbnailMinSize) ||
                value > long(assimp_retro::kThumbnailMaxSize)) {
            return false;
        }
        size = uint32_t(value);
        return true;
    } catch (const std::exception &) {
        return false;
    }
}

/// Writes `png` to `output` whole or not at all (a failed write removes the file).
bool WritePng(const std::vector<uint8_t> &png, const fs::path &output, std::string &error) {
    {
        std::ofstream out(output, std::ios::binary | std::ios::trunc);
        out.write(reinterpret_cast<const char *>(png.data()), std::streamsize(png.size()));
        out.close();
        if (out) {
            return true;
        }
    }
    std::error_code ec;
    fs::remove(output, ec);
    error = "cannot write " + output.u8string();
    return false;
}

int ThumbnailOfTexture(const std::string &input, const std::string &output, uint32_t size) {
    assimp_retro::RgbaImage image, picture;
    std::string error;
    if (!LoadImage(fs::u8path(input), image, error)) {
        std::fprintf(stderr, "assimp-retro thumbnail: %s\n", error.c_str());
        return kExitImportFailed;
    }
    std::vector<uint8_t> png;
    if (!assimp_retro::RenderImageThumbnail(image, size, picture, &error) ||
            !assimp_retro::EncodeAsPng(picture, png, &error) || !WritePng(png, fs::u8path(output), error)) {
        std::fprintf(stderr, "assimp-retro thumbnail: %s\n", error.c_str());
        return kExitExportFailed;
    }
    return kExitSuccess;
}

} // namespace

bool WriteSceneThumbnail(const aiScene &scene, const std::string &output, uint32_t size, std::string &error) {
    assimp_retro::ThumbnailOptions options;
    options.size = size;
    assimp_retro::RgbaImage picture;
    std::vector<uint8_t> png;
    return assimp_retro::RenderThumbnail(scene, options, picture, &error) &&
            assimp_retro::EncodeAsPng(picture, png, &error) && WritePng(png, fs::u8path(output), error);
}

int RunThumbnail(const std::vector<std::string> &args) {
    if (!args.empty() && (args[0] == "-h" || args[0] == "--help")) {
        std::printf("%s", kThumbnailHelp);
        return kExitSuccess;
    }
    std::vector<std::string> paths, rest;
    uint32_t size = 256;
    for (size_t i = 0; i < args.size(); ++i) {
        if (args[i] == "--size" || args[i].compare(0, 7, "--size=") == 0) {
            const std::string value = args[i] == "--size" ? (i + 1 < args.size() ? args[++i] : "") : args[i].substr(7);
            if (!ParseSize(value, size)) {
                std::fprintf(stderr, "assimp-retro thumbnail: invalid size '%s' (16..1024)\n", value.c_str());
                return kExitUsage;
            }
        } else if (args[i].size() > 1 && args[i][0] == '-') {
            rest.push_back(args[i]);
        } else {
            paths.push_back(args[i]);
        }
    }
    ImportOptions options;
    if (paths.size() != 2) {
        std::fprintf(stderr, "assimp-retro thumbnail: needs <file> and <out.png>. See 'assimp-retro thumbnail --help'\n");
        return kExitUsage;
    }
    if (!ParseVerbParameters("thumbnail", rest, options)) {
        return kExitUsage;
    }
    if (assimp_retro::IsDecodableTextureName(paths[0])) {
        return ThumbnailOfTexture(paths[0], paths[1], size);
    }
    Assimp::Importer importer;
    assimp_retro::RegisterAll(importer);
    assimp_retro::SetThumbnailImportProperties(importer, paths[0]);
    ApplyImportProperties(importer, options); // the user's --set last: they win
    const aiScene *scene = importer.ReadFile(paths[0], options.ppFlags);
    if (!scene) {
        std::fprintf(stderr, "assimp-retro thumbnail: %s\n", importer.GetErrorString());
        return kExitImportFailed;
    }
    std::string error;
    if (!WriteSceneThumbnail(*scene, paths[1], size, error)) {
        std::fprintf(stderr, "assimp-retro thumbnail: %s\n", error.c_str());
        return kExitExportFailed;
    }
    return kExitSuccess;
}

} // namespace retro_tool
