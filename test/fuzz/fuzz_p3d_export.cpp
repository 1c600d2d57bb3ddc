// Fuzz target: the p3d exporter's inputs. Any P3D the importer reads (every
// LOD) exports to MLOD or fails with a message, and what it writes imports
// back into a valid scene. A second pass overwrites the LOD nodes' p3d:
// metadata (selection ids, weights, quads, loose points, mesh sizes) with
// text from the input, which the exporter must refuse or survive, as it
// must any scene another program hands it.
#include "FuzzCheck.h"

#include <assimp_retro/assimp_retro.h>

#include <assimp/Exporter.hpp>
#include <assimp/Importer.hpp>
#include <assimp/scene.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>

namespace {

void ExportAndReadBack(const aiScene *scene) {
    Assimp::Exporter exporter;
    assimp_retro::RegisterExporters(exporter);
    const aiExportDataBlob *blob = exporter.ExportToBlob(scene, "p3d");
    if (!blob) {
        if (exporter.GetErrorString()[0] == '\0') {
            std::fprintf(stderr, "p3d export failed without an error message\n");
            std::abort();
        }
        return;
    }
    Assimp::Importer importer;
    assimp_retro::RegisterP3d(importer);
    importer.SetPropertyInteger(AI_CONFIG_IMPORT_P3D_LODS, 2);
    importer.SetPropertyBool(AI_CONFIG_IMPORT_RETRO_TEXTURES, false);
    const aiScene *back = importer.ReadFileFromMemory(blob->data, blob->size, 0, "p3d");
    if (!back) {
        std::fprintf(stderr, "the exporter's MLOD does not import: %s\n", importer.GetErrorString());
        std::abort();
    }
    CheckImportResult(importer, back);
}

/// Every p3d:* string of the LOD nodes becomes a piece of the input's text.
void OverwriteMetadata(aiScene &scene, const uint8_t *data, size_t size) {
    size_t at = 0;
    for (unsigned l = 0; l < scene.mRootNode->mNumChildren; ++l) {
        aiMetadata *meta = scene.mRootNode->mChildren[l]->mMetaData;
        for (unsigned i = 0; meta && i < meta->mNumProperties; ++i) {
            if (meta->mValues[i].mType != AI_AISTRING || std::string(meta->mKeys[i].C_Str()).compare(0, 4, "p3d:") != 0) {
                continue;
            }
            const size_t length = size == 0 ? 0 : (data[at % size] % 64);
            std::string text;
            for (size_t k = 0; k < length && size > 0; ++k) {
                text += static_cast<char>(" 0123456789-*.e"[data[(at + 1 + k) % size] % 15]);
            }
            at += length + 1;
            *static_cast<aiString *>(meta->mValues[i].mData) = aiString(text);
        }
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    Assimp::Importer importer;
    assimp_retro::RegisterP3d(importer);
    importer.SetPropertyInteger(AI_CONFIG_IMPORT_P3D_LODS, 2);
    importer.SetPropertyBool(AI_CONFIG_IMPORT_RETRO_TEXTURES, false);
    const aiScene *scene = importer.ReadFileFromMemory(data, size, 0, "p3d");
    CheckImportResult(importer, scene);
    if (!scene) {
        return 0;
    }
    ExportAndReadBack(scene);
    std::unique_ptr<aiScene> owned(importer.GetOrphanedScene());
    OverwriteMetadata(*owned, data, size);
    ExportAndReadBack(owned.get());
    return 0;
}
