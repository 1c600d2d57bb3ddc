// assimp-retro: LithTech ABC v6 import: reader + scene builder.
#include "AbcLt1Import.h"

#include "AbcLt1Reader.h"
#include "AbcLt1SceneBuilder.h"

namespace assimp_retro {
namespace abc {

void ImportLt1(const uint8_t *data, size_t size, const std::string &fileName, const Lt1BuildSettings &settings,
        aiScene *scene) {
    // The model's keys and vertex frames are the file's bytes: the builder
    // converts them before the caller frees the file.
    const Lt1Model model = ReadLt1(data, size, fileName);
    Lt1BuildSettings named = settings;
    named.fileName = fileName;
    BuildLt1Scene(model, named, scene);
}

} // namespace abc
} // namespace assimp_retro
