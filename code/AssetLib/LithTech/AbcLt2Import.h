// assimp-retro: LithTech ABC v9-v13 and v108 (LithTech 2.x: NOLF, AVP2, NOLF2
// era): reader, child models, then scene builder. AbcImporter calls this when
// the header holds a v9+ version; AbcLt1Import.h is the same step for v6.
#pragma once

#include "AbcSettings.h"

#include <cstddef>
#include <cstdint>
#include <string>

struct aiScene;
namespace Assimp {
class IOSystem;
}

namespace assimp_retro {
namespace abc {

/// Reads a whole v9-v13/v108 file (already in memory) into `scene`.
/// `io` finds child-model files next to `fileName`. Throws ImportError.
void ImportLt2(const uint8_t *data, size_t size, const std::string &fileName, Assimp::IOSystem *io,
        const Lt2ImportSettings &settings, aiScene *scene);

} // namespace abc
} // namespace assimp_retro
