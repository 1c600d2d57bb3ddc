// assimp-retro: where LithTech games keep a model's skins, and finding them
// for the importers (ABC, and LTB through the same scene): the game tree's
// MODELS and SKINS folders, the user's skin list and skin folder
// (AI_CONFIG_IMPORT_ABC_SKINS, AI_CONFIG_IMPORT_ABC_SKIN_DIR). The
// format-neutral parts (case-insensitive lookup, folder listings) are
// Common/Texture/TextureLookup.h.
#pragma once

#include "Common/Texture/TextureEmbedding.h"
#include "Common/Texture/TextureLookup.h"

#include <string>
#include <vector>

struct aiScene;

namespace Assimp {
class IOSystem;
}

namespace assimp_retro {

/// LithTech's game tree: the nearest folder above `modelFile` named MODELS
/// (any case) splits its absolute path into `gameRoot` (the folder holding
/// it), `modelsName` (MODELS as spelled there) and `belowModels` (the path
/// below it, file name included, '/'). False when no folder above is named so.
bool SplitAtModelsFolder(const std::string &modelFile, std::string &gameRoot, std::string &modelsName,
        std::string &belowModels);

/// The skin (a .dtx) of material index `slot` of `modelFile`:
///   - `skins` given: its entry `slot` (relative to the model's folder, then to
///     `skinDir`, then as written), nothing else;
///   - else `skinDir`/<stem>.dtx (slot 0) or <stem>_head.dtx (slot 1);
///   - then <model folder>/../SKINS/ with the same names;
///   - then the model path with its MODELS folder replaced by SKINS;
///   - then any SKINS/**/<stem>.dtx (slot 0 only);
///   - then the same name in the model's folder.
/// `tried` receives a short description of where it looked. "" if none.
std::string FindAbcSkin(Assimp::IOSystem *io, const std::string &modelFile, unsigned slot,
        const std::vector<std::string> &skins, const std::string &skinDir, std::string *tried = nullptr);
std::string FindAbcSkin(Assimp::IOSystem *io, const std::string &modelFile, unsigned slot,
        const std::vector<std::string> &skins, const std::string &skinDir, std::string *tried, DirectoryCache &dirs);

/// How a skin found by FindAbcSkin is named in the scene (aiTexture and
/// material): its path below the game folder that holds MODELS ("SKINS/DECOS/
/// FLAG.DTX", '/'), else relative to the model's folder; never a path that
/// only makes sense on this machine.
std::string AbcSkinName(const std::string &modelFile, const std::string &skinFile);

/// Each material's skin (FindAbcSkin) by its material index: the
/// "$abc.materialIndex" property when present (v9+ pieces), else its position.
std::vector<MaterialTexture> LocateAbcSkins(const aiScene &scene, Assimp::IOSystem *io, const std::string &modelFile,
        const TextureOptions &options);

} // namespace assimp_retro
