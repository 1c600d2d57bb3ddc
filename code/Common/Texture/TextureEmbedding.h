// assimp-retro: the texture pass every importer runs after its scene builder:
// find each material's texture file (TextureLookup), decode it, embed it as a
// PNG aiTexture ("*N" in the diffuse slot) and set the material's alpha mode.
#pragma once

#include <functional>
#include <string>
#include <vector>

struct aiScene;
namespace Assimp {
class Importer;
class IOSystem;
} // namespace Assimp

namespace assimp_retro {

class DirectoryCache;
class TextureCache;

/// The texture import properties (config.h, "Textures").
struct TextureOptions {
    bool enabled = true; ///< AI_CONFIG_IMPORT_RETRO_TEXTURES
    bool embed = true; ///< AI_CONFIG_IMPORT_RETRO_EMBED_TEXTURES
    TextureCache *cache = nullptr; ///< AI_CONFIG_IMPORT_RETRO_TEXTURE_CACHE
    std::vector<std::string> p3dRoots; ///< AI_CONFIG_IMPORT_P3D_TEXTURE_ROOTS
    std::vector<std::string> abcSkins; ///< AI_CONFIG_IMPORT_ABC_SKINS (one per material index)
    std::string abcSkinDir; ///< AI_CONFIG_IMPORT_ABC_SKIN_DIR
    /// The Importer reads through Assimp's own DefaultIOSystem, i.e. the
    /// disk, which the folder listings of the lookup answer by themselves.
    bool diskIo = false;
};

/// Reads the texture properties of `importer` (in SetupProperties).
TextureOptions ReadTextureOptions(const Assimp::Importer *importer);

/// The texture file of one material: `source` is the name the model gives
/// (a P3D game path; for ABC the skin found), `file` what FindFileNoCase
/// returned ("" when missing), `searched` where it looked (for the warning).
struct MaterialTexture {
    std::string source;
    std::string file;
    std::string searched;
};

/// Finds the file a material's diffuse path names ("" if none), asking
/// `lookupIo` (null: the disk only) and listing folders through `dirs`.
using DiffuseTextureFinder =
        std::function<std::string(Assimp::IOSystem *lookupIo, const std::string &path, DirectoryCache &dirs)>;

/// Each material's diffuse path looked up with `find` (once per path, one
/// DirectoryCache for the model); paths that are not .paa/.pac
/// (IsDecodableTextureName) are left alone. `searched` says where `find`
/// looks (for the warning when a file is missing).
std::vector<MaterialTexture> LocateDiffuseTextures(const aiScene &scene, Assimp::IOSystem *io,
        const TextureOptions &options, const DiffuseTextureFinder &find, const std::string &searched);

/// The IOSystem the texture lookup asks about each candidate: none when it is
/// the disk. Importers get Assimp's IOSystem wrapped in a filter whose Exists,
/// for a file that is missing, tries several more paths (the model's folder
/// with each tail of the path): thousands of failed opens for a model whose
/// textures are elsewhere, where the folder listings answer the same for
/// every candidate at once. (The filter's one useful guess, the file name
/// beside the model, is the lookup's own last candidate.)
Assimp::IOSystem *LookupIo(Assimp::IOSystem *io, const TextureOptions &options);

/// Gives material i the texture `textures[i]`:
///   - missing file: a warning; the material keeps what it had;
///   - options.embed false: the diffuse slot names the file found;
///   - else the decoded texture is embedded once per file (PNG aiTexture,
///     mFilename = the source name), referenced as "*N" from the diffuse slot,
///     and the material gets glTF's alphaMode MASK (cutoff 0.5) or BLEND from
///     the texture's alpha unless it already has an alpha mode (P3D face
///     flags win). A texture that fails to decode gives a warning and an
///     untextured material.
/// The source name stays in AI_MATKEY_RETRO_SOURCE_TEXTURE. Warnings start
/// with `format` ("P3D", "ABC"). Returns how many materials got a texture.
unsigned ApplyMaterialTextures(aiScene &scene, const std::vector<MaterialTexture> &textures, Assimp::IOSystem *io,
        const TextureOptions &options, const std::string &format);

} // namespace assimp_retro
