// Fuzz target: the OBAN importer (Oni instance files, .oni and level .dat).
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
    const aiScene *scene = importer.ReadFileFromMemory(data, size, aiProcess_ValidateDataStructure, "oni");
    if (!scene && importer.GetErrorString()[0] == '\0') {
        std::fprintf(stderr, "import failed without an error message\n");
        std::abort();
    }
    return 0;
}
