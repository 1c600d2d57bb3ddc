// Fuzz target: a thumbnail of a hostile file (<assimp_retro/thumbnail.h>),
// imported as the tool's `thumbnail` verb imports it (only what it draws),
// then drawn at 32 x 32. The format is told by the first bytes, as the
// importers' signatures do, so the replay runs over the other targets' seeds
// (ABC, LTB, OBAN, P3D). Either the import fails with a message, or the
// picture is drawn at its size, or the renderer refuses with a message;
// anything else (a crash, a sanitizer finding, a wrong size) is a bug.
#include "FuzzCheck.h"

#include <assimp_retro/assimp_retro.h>
#include <assimp_retro/thumbnail.h>

#include <assimp/Importer.hpp>
#include <assimp/scene.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace {

const char *Hint(const uint8_t *data, size_t size) {
    if (size >= 4 && (std::memcmp(data, "ODOL", 4) == 0 || std::memcmp(data, "MLOD", 4) == 0)) {
        return "p3d";
    }
    if (size >= 8 && std::memcmp(data + 2, "Header", 6) == 0) {
        return "abc";
    }
    if (size >= 4 && data[0] == 0x1f && data[1] == 0x27 && data[2] == 0xdc && data[3] == 0x33) {
        return "oni";
    }
    return "ltb";
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    const char *hint = Hint(data, size);
    Assimp::Importer importer;
    assimp_retro::RegisterAll(importer);
    assimp_retro::SetThumbnailImportProperties(importer, std::string("fuzz.") + hint);
    const aiScene *scene = importer.ReadFileFromMemory(data, size, 0, hint);
    CheckImportResult(importer, scene);
    if (!scene) {
        return 0;
    }
    assimp_retro::ThumbnailOptions options;
    options.size = 32;
    assimp_retro::RgbaImage picture;
    std::string error;
    if (!assimp_retro::RenderThumbnail(*scene, options, picture, &error)) {
        if (error.empty()) {
            std::fprintf(stderr, "thumbnail failed without an error message\n");
            std::abort();
        }
        return 0;
    }
    if (picture.width != 32 || picture.height != 32 || picture.pixels.size() != 32 * 32 * 4) {
        std::fprintf(stderr, "thumbnail of the wrong size %ux%u\n", picture.width, picture.height);
        std::abort();
    }
    return 0;
}
