// Fuzz target: the OBAN importer (Oni instance files, .oni and level .dat).
#include "FuzzCheck.h"

#include <assimp_retro/assimp_retro.h>

#include <assimp/Importer.hpp>
#include <assimp/postprocess.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    Assimp::Importer importer;
    assimp_retro::RegisterOban(importer);
    importer.SetPropertyBool(AI_CONFIG_IMPORT_OBAN_CAMERA, true);
    CheckImportResult(importer, importer.ReadFileFromMemory(data, size, 0, "oni"));
    return 0;
}
