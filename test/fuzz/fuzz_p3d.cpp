// Fuzz target: the P3D importer (ODOL v7 and MLOD) through Assimp, with every
// LOD built, so readers and scene builder both see hostile input; then again
// with only the first LOD built, so the ODOL walk over unwanted LODs
// (LzssSkip, WalkOdolLod without a Lod) sees it too.
#include "FuzzCheck.h"

#include <assimp_retro/assimp_retro.h>

#include <assimp/Importer.hpp>
#include <assimp/postprocess.h>

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    for (const int lods : {2, 0}) {
        Assimp::Importer importer;
        assimp_retro::RegisterP3d(importer);
        importer.SetPropertyInteger(AI_CONFIG_IMPORT_P3D_LODS, lods);
        CheckImportResult(importer, importer.ReadFileFromMemory(data, size, 0, "p3d"));
    }
    return 0;
}
