// assimp-retro: the ABC exporters' skins. With AI_CONFIG_EXPORT_ABC_SKINS (or
// a folder in AI_CONFIG_EXPORT_ABC_SKIN_DIR), each texture the model's
// materials show is written as a DTX where LithTech looks for it
// (docs/formats/ABC.md "Writing ABC", TEXTURES.md §2.8): the model's path with
// its MODELS folder replaced by SKINS (MODELS/CREATURES/X.abc ->
// SKINS/CREATURES/X.dtx), beside the model when no folder above it is named
// MODELS, or in the folder given. Material index 0 is "<model>.dtx", 1
// "<model>_head.dtx" (NOLF's head skin), n > 1 "<model>_<n>.dtx".
//
// Every skin is encoded before anything is written, and a failed write
// removes what this export wrote, so a refused export leaves no file.
#pragma once

#include "Common/Texture/DtxWriter.h"

#include <cstdint>
#include <string>
#include <vector>

struct aiScene;
namespace Assimp {
class ExportProperties;
class IOSystem;
} // namespace Assimp

namespace assimp_retro {
namespace abc {

struct SkinSettings {
    bool write = false; ///< AI_CONFIG_EXPORT_ABC_SKINS, or a folder given
    std::string folder; ///< AI_CONFIG_EXPORT_ABC_SKIN_DIR ("": LithTech's convention)
    DtxFormat format = DtxFormat::Lt1Palette;
};

/// The generations an exporter writes skins for (the DTX versions its engines read).
enum class SkinGeneration { LithTech1, LithTech2 };

/// The settings in `properties` (null: none); refuses a DTX format the
/// generation's engines do not read. `format` names the exporter ("ABC v6").
SkinSettings ReadSkinSettings(const Assimp::ExportProperties *properties, SkinGeneration generation,
        const std::string &format);

struct SkinFile {
    unsigned slot = 0; ///< material index
    std::string path; ///< where it goes
    std::string source; ///< the texture it came from
    std::vector<uint8_t> bytes;
};

/// The skins of `scene` for the model written to `modelPath`, encoded.
/// `perMaterialIndex`: one skin per piece material index (v12: the node's
/// abc:materialIndex, else the mesh's material index); else one skin, the
/// first textured mesh's (v6 has no material index). Materials without a
/// texture get no skin. Throws the exporter's error for a texture that
/// cannot be read or written.
std::vector<SkinFile> BuildSkins(const aiScene &scene, const std::string &modelPath, bool perMaterialIndex,
        const SkinSettings &settings, Assimp::IOSystem *io, const std::string &format,
        std::vector<std::string> *warnings);

/// Writes the model, then each skin (making its folders); if any write fails,
/// removes the files already written and throws the exporter's error.
void WriteModelAndSkins(const std::string &modelPath, Assimp::IOSystem *io, const std::vector<uint8_t> &model,
        const std::vector<SkinFile> &skins, const std::string &format);

} // namespace abc
} // namespace assimp_retro
