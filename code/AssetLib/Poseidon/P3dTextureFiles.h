// assimp-retro: the textures of an exported MLOD as PAA/PAC files at their
// game paths, beside the model (docs/export-ofp.md "Textures",
// docs/formats/P3D.md §9.4).
#pragma once

#include "P3dExportScene.h"

#include "Common/Texture/PaaWriter.h"

#include <cstdint>
#include <string>
#include <vector>

struct aiScene;

namespace assimp_retro {
namespace p3d {

/// One texture file to write.
struct TextureFile {
    std::string gamePath; ///< as the faces name it ("myaddon\data\hull.paa")
    std::string file; ///< where it goes (the game folder joined with the path, '/' separated)
    PaaType type = PaaType::Dxt1;
    uint32_t width = 0, height = 0;
    std::vector<uint8_t> bytes; ///< the whole PAA/PAC
};

/// Where the file of `gamePath` (game-relative, '\' separated) goes when
/// the model is written to `outputPath`: under `gameRoot` when it is given;
/// else under the output's folder, or, when that folder or one above it is
/// named as the path's first component (the add-on's folder), under the
/// folder holding that one: the places the P3D importer looks
/// (TEXTURES.md §1.12). "" when the path cannot name a file inside the game
/// folder (a drive, "..", an empty component).
std::string TextureFileLocation(const std::string &outputPath, const std::string &gameRoot,
        const std::string &gamePath);

/// The PAA/PAC files of the textures in `uses` whose images the scene holds
/// (embedded textures, referenced from the materials' diffuse slots), built in
/// memory: .pac paths as P8 when the image fits a palette, otherwise and for
/// .paa the type ChoosePaaType picks, with mipmaps. One file per path (paths
/// compared as the game does, ignoring case). A path without an image in the
/// scene, not ending in .paa/.pac, or outside the game folder is left out
/// with a warning. Throws ExportError naming the path and the image when the
/// game cannot take the image (sides, colours) or when one path would get
/// two different images.
std::vector<TextureFile> EncodeTextureFiles(const aiScene &scene, const std::vector<TextureUse> &uses,
        const std::string &outputPath, const std::string &gameRoot, std::vector<std::string> &warnings);

} // namespace p3d
} // namespace assimp_retro
