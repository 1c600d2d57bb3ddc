// Fuzz target: the LithTech ABC importer (its seeds are v6 files, LithTech 1;
// v9+ files reach the LithTech-2 import through the same importer, which
// fuzz_abc_lt2 covers), with LODs and vertex animation on so every
// scene-building path runs.
#include "FuzzCheck.h"

#include <assimp_retro/assimp_retro.h>

#include <assimp/Importer.hpp>
#include <assimp/postprocess.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    Assimp::Importer importer;
    assimp_retro::RegisterAbc(importer);
    importer.SetPropertyInteger(AI_CONFIG_IMPORT_ABC_LOD_LEVELS, 3);
    importer.SetPropertyBool(AI_CONFIG_IMPORT_ABC_VERTEX_ANIMATION, true);
    CheckImportResult(importer, importer.ReadFileFromMemory(data, size, 0, "abc"));
    return 0;
}
