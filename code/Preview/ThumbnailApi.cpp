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

namespace assimp_retro {

namespace {

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
    (void)fileName; // the same properties for every format today
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
