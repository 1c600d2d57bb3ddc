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

/// Folder part of `path` including the trailing separator ("" if none).
std::string FolderOf(const std::string &path);

/// The file a child-model name names, "" if none. The names are game paths
/// written on Windows, like "Models\\Characters\\Base.abc" or "/goodman.abc"
/// for GOODMAN.ABC (or without `extension`, ".abc" or ".ltb", which is then
/// tried first): the file name is looked for in `folder`, the model's,
/// ignoring case, as the game found it.
std::string FindChildModel(Assimp::IOSystem *io, const std::string &folder, const std::string &childName,
        const std::string &extension);

/// Reads a whole v9-v13/v108 file (already in memory) into `scene`.
/// `io` finds child-model files next to `fileName`. Throws ImportError.
void ImportLt2(const uint8_t *data, size_t size, const std::string &fileName, Assimp::IOSystem *io,
        const Lt2ImportSettings &settings, aiScene *scene);

} // namespace abc
} // namespace assimp_retro
