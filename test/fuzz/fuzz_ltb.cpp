// Fuzz target: the LithTech LTB import (LZMA unpacking, reader, conversion,
// the ABC v9+ scene builder) through Assimp with validation, once with LOD 0
// only and once with every LOD. Seeds in corpus/fuzz_ltb are written by
// test/writers/LithTech/LtbWriter (plain and packed, every mesh and compression type).
#include "FuzzCheck.h"

#include <assimp_retro/assimp_retro.h>
#include <assimp_retro/config.h>

#include <assimp/Importer.hpp>
#include <assimp/postprocess.h>

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    for (int allLods = 0; allLods < 2; ++allLods) {
        Assimp::Importer importer;
        assimp_retro::RegisterLtb(importer);
        importer.SetPropertyBool(AI_CONFIG_IMPORT_ABC_ALL_LODS, allLods != 0);
        CheckImportResult(importer, importer.ReadFileFromMemory(data, size, aiProcess_LimitBoneWeights, "ltb"));
    }
    return 0;
}
