// Fuzz target: the LithTech ABC v9-v13 / v108 import (reader + scene builder),
// called directly so mutations that turn the file into v6 do not leave this
// code. Seeds in corpus/fuzz_abc_v9 are written by test/writers/LithTechV9.
#include "AssetLib/LithTech/AbcV9Import.h"
#include "Common/ImportError.h"

#include <assimp/scene.h>

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    for (int allLods = 0; allLods < 2; ++allLods) {
        assimp_retro::abc::V9ImportSettings settings;
        settings.allLods = allLods != 0;
        settings.childModels = false; // no IOSystem here
        aiScene scene;
        try {
            assimp_retro::abc::ImportV9(data, size, "fuzz.abc", nullptr, settings, &scene);
        } catch (const assimp_retro::ImportError &) {
            // a clear rejection is the expected outcome for most inputs
        }
    }
    return 0;
}
