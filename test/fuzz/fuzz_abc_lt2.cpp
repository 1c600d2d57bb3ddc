// Fuzz target: the LithTech ABC v9-v13 / v108 import (reader + scene builder)
// through Assimp with validation, once with LOD 0 only and once with every
// LOD. Child models are off: a fuzzed child name must not open real files.
// Seeds in corpus/fuzz_abc_lt2 are written by test/writers/LithTech (AbcLt2Fixtures).
#include "FuzzCheck.h"

#include <assimp_retro/assimp_retro.h>

#include <assimp/Importer.hpp>
#include <assimp/postprocess.h>

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    for (int allLods = 0; allLods < 2; ++allLods) {
        Assimp::Importer importer;
        assimp_retro::RegisterAbc(importer);
        importer.SetPropertyBool(AI_CONFIG_IMPORT_ABC_ALL_LODS, allLods != 0);
        importer.SetPropertyBool(AI_CONFIG_IMPORT_ABC_CHILD_MODELS, false);
        CheckImportResult(importer, importer.ReadFileFromMemory(data, size, aiProcess_LimitBoneWeights, "abc"));
    }
    return 0;
}
