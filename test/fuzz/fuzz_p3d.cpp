// Fuzz target: the P3D importer (ODOL v7 and MLOD) through Assimp, with every
// LOD built, so readers and scene builder both see hostile input.
#include "FuzzCheck.h"

#include <assimp_retro/assimp_retro.h>

#include <assimp/Importer.hpp>
#include <assimp/postprocess.h>

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    Assimp::Importer importer;
    assimp_retro::RegisterP3d(importer);
    importer.SetPropertyInteger(AI_CONFIG_IMPORT_P3D_LODS, 2);
    CheckImportResult(importer, importer.ReadFileFromMemory(data, size, 0, "p3d"));
    return 0;
}
