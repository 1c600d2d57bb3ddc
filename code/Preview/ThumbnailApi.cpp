// assimp-retro: the thumbnail API (<assimp_retro/thumbnail.h>): the import
// properties a thumbnail needs, and the scene's picture without its later
// LODs (SceneSummary.h), drawn by Common/Thumbnail.
#include <assimp_retro/config.h>
#include <assimp_retro/thumbnail.h>

#include "Preview/SceneThumbnail.h"
#include "Preview/SceneSummary.h"

#include <assimp/Importer.hpp>
#include <assimp/scene.h>

#include <exception>

#ifndef AI_CONFIG_IMPORT_RETRO_ANIMATIONS // until the animation filter (i42-scene) lands in config.h
#define AI_CONFIG_IMPORT_RETRO_ANIMATIONS "IMPORT_RETRO_ANIMATIONS"
#endif

namespace assimp_retro {

namespace {

std::string LowerExtension(const std::string &fileName) {
    const size_t dot = fileName.find_last_of('.');
    const size_t slash = fileName.find_last_of("/\\");
    if (dot == std::string::npos || (slash != std::string::npos && dot < slash)) {
        return "";
    }
    std::string extension = fileName.substr(dot + 1);
    for (char &c : extension) {
        c = char(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
    }
    return extension;
}

template <class Draw>
bool Guarded(std::string *error, Draw &&draw) {
    try {
        draw();
        return true;
    } catch (const std::exception &e) {
        if (error) {
            *error = e.what();
        }
    } catch (...) {
        if (error) {
            *error = "thumbnail: unexpected error";
        }
    }
    return false;
}

} // namespace

void SetThumbnailImportProperties(Assimp::Importer &importer, const std::string &fileName) {
    const std::string extension = LowerExtension(fileName);
    const bool oban = extension == "oni" || extension == "dat"; // the animation is the picture
    if (!oban) {
        importer.SetPropertyString(AI_CONFIG_IMPORT_RETRO_ANIMATIONS, "-");
    }
    importer.SetPropertyBool(AI_CONFIG_IMPORT_ABC_CHILD_MODELS, false);
    importer.SetPropertyBool(AI_CONFIG_IMPORT_ABC_VERTEX_ANIMATION, false);
    importer.SetPropertyInteger(AI_CONFIG_IMPORT_ABC_LOD_LEVELS, 0);
    importer.SetPropertyBool(AI_CONFIG_IMPORT_ABC_ALL_LODS, false);
    importer.SetPropertyInteger(AI_CONFIG_IMPORT_P3D_LODS, 0);
    importer.SetPropertyBool(AI_CONFIG_IMPORT_RETRO_EMBED_TEXTURES, false);
}

bool RenderThumbnail(const aiScene &scene, const ThumbnailOptions &options, RgbaImage &picture, std::string *error) {
    return Guarded(error, [&] {
        thumbnail::SceneSettings settings;
        settings.size = options.size;
        settings.io = options.io;
        for (const aiNode *node : LaterLodNodes(scene)) {
            settings.hidden.insert(node);
        }
        picture = thumbnail::RenderScene(scene, settings);
    });
}

bool RenderImageThumbnail(const RgbaImage &image, uint32_t size, RgbaImage &picture, std::string *error) {
    return Guarded(error, [&] { picture = thumbnail::FitImage(image, size); });
}

} // namespace assimp_retro
