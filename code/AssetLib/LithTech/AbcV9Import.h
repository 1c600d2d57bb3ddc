// assimp-retro: LithTech ABC v9-v13 and v108 (NOLF, AVP2, NOLF2 era).
// AbcImporter dispatches here when the header's version is not 6.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

struct aiScene;
namespace Assimp {
class IOSystem;
}

namespace assimp_retro {
namespace abc {

/// Import settings for v9+ files, filled from import properties by AbcImporter::SetupProperties.
struct V9ImportSettings {
    bool allLods = false;       ///< AI_CONFIG_IMPORT_ABC_ALL_LODS
    bool childModels = true;    ///< AI_CONFIG_IMPORT_ABC_CHILD_MODELS
};

/// Reads a whole v9-v13/v108 file (already in memory) into `scene`.
/// `io` finds child-model files next to `fileName`. Throws ImportError.
void ImportV9(const uint8_t *data, size_t size, const std::string &fileName, Assimp::IOSystem *io,
        const V9ImportSettings &settings, aiScene *scene);

} // namespace abc
} // namespace assimp_retro
