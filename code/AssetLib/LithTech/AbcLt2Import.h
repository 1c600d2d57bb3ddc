// assimp-retro: LithTech ABC v9-v13 and v108 (LithTech 2.x: NOLF, AVP2, NOLF2
// era): reader, child models, then scene builder. AbcImporter calls this when
// the header holds a v9+ version; AbcLt1Import.h is the same step for v6.
#pragma once

#include "AbcLt2Model.h"
#include "AbcSettings.h"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

struct aiScene;
namespace Assimp {
class IOSystem;
}

namespace assimp_retro {
namespace abc {
namespace lt2 {
struct ChildAnimationSource; // AbcLt2SceneBuilder.h
}

/// Folder part of `path` including the trailing separator ("" if none).
std::string FolderOf(const std::string &path);

/// The file a child-model name names, "" if none. The names are game paths
/// written on Windows, like "Models\\Characters\\Base.abc" or "/goodman.abc"
/// for GOODMAN.ABC (or without `extension`, ".abc" or ".ltb", which is then
/// tried first): the file name is looked for in `folder`, the model's,
/// ignoring case, as the game found it.
std::string FindChildModel(Assimp::IOSystem *io, const std::string &folder, const std::string &childName,
        const std::string &extension);

/// How a LithTech format loads its child models (docs/formats/ABC.md,
/// LTB.md section 4): ABC follows them down to 16 levels, LTB one level as
/// its engine does (the engine refuses a child that names children of its own).
struct ChildModelFormat {
    std::string format; ///< "ABC", "LTB": the messages' prefix
    std::string extension; ///< ".abc", ".ltb": tried first for a name without one
    size_t maxDepth = 1; ///< levels of child models followed
    std::string fileKind; ///< "an ABC v9+ file": what `read` accepts, for its warning
    std::string depthRule; ///< why deeper ones are not followed: "which the engine refuses"
    /// A child file's bytes as the Lt2 model (only nodes and animations are
    /// used); false when they are not this format's; throws ImportError.
    std::function<bool(const std::vector<uint8_t> &bytes, const std::string &file, lt2::Model &model)> read;
};

/// The child models `model` names, found next to `fileName` (FindChildModel),
/// and theirs, depth first, down to `format.maxDepth` levels; each file once.
/// A child that is missing, unreadable or a model that uses it (a cycle) is
/// left out with a warning, as are children below the last level followed.
std::vector<lt2::ChildAnimationSource> LoadChildModels(const lt2::Model &model, const std::string &fileName,
        Assimp::IOSystem *io, const ChildModelFormat &format);

/// Reads a whole v9-v13/v108 file (already in memory) into `scene`.
/// `io` finds child-model files next to `fileName`. Throws ImportError.
void ImportLt2(const uint8_t *data, size_t size, const std::string &fileName, Assimp::IOSystem *io,
        const Lt2ImportSettings &settings, aiScene *scene);

} // namespace abc
} // namespace assimp_retro
