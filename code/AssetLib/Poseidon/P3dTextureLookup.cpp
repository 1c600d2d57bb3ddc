#include "P3dTextureLookup.h"

#include "Common/SceneHelpers.h"
#include "Common/Texture/TextureLookup.h"

#include <filesystem>

namespace fs = std::filesystem;

namespace assimp_retro {

namespace {

std::string SwapPaaPac(const std::string &path) {
    const std::string extension = path.size() >= 4 ? ToLower(path.substr(path.size() - 4)) : "";
    if (extension == ".paa") {
        return path.substr(0, path.size() - 4) + ".pac";
    }
    if (extension == ".pac") {
        return path.substr(0, path.size() - 4) + ".paa";
    }
    return "";
}

// The first-match search of docs/formats/TEXTURES.md (docs: docs/textures.md "Textures in models") for one
// spelling of the game path.
std::string SearchP3dPath(Assimp::IOSystem *io, const std::string &modelFile, const std::string &gamePath,
        const std::vector<std::string> &roots, DirectoryCache &dirs) {
    for (const std::string &root : roots) {
        const std::string found =
                FindFileNoCase(io, (fs::u8path(ForwardSlashes(root)) / fs::u8path(gamePath)).u8string(), dirs);
        if (!found.empty()) {
            return found;
        }
    }
    const size_t slash = gamePath.find('/');
    const std::string addon = slash == std::string::npos ? "" : gamePath.substr(0, slash);
    const std::string insideAddon = slash == std::string::npos ? "" : gamePath.substr(slash + 1);
    for (const fs::path &folder : FoldersAbove(modelFile)) {
        std::string found = FindFileNoCase(io, (folder / fs::u8path(gamePath)).u8string(), dirs);
        if (found.empty()) {
            found = FindFileNoCase(io, (folder / "AddOns" / fs::u8path(gamePath)).u8string(), dirs);
        }
        if (found.empty() && !addon.empty() && SameNoCase(folder.filename().u8string(), addon)) {
            found = FindFileNoCase(io, (folder / fs::u8path(insideAddon)).u8string(), dirs);
        }
        if (!found.empty()) {
            return found;
        }
    }
    return "";
}

} // namespace

std::string FindP3dTexture(Assimp::IOSystem *io, const std::string &modelFile, const std::string &gamePath,
        const std::vector<std::string> &roots) {
    DirectoryCache dirs;
    return FindP3dTexture(io, modelFile, gamePath, roots, dirs);
}

std::string FindP3dTexture(Assimp::IOSystem *io, const std::string &modelFile, const std::string &gamePath,
        const std::vector<std::string> &roots, DirectoryCache &dirs) {
    std::string path = ForwardSlashes(gamePath);
    path.erase(0, path.find_first_not_of('/'));
    if (path.empty()) {
        return "";
    }
    std::string found = SearchP3dPath(io, modelFile, path, roots, dirs);
    const std::string swapped = SwapPaaPac(path);
    if (found.empty() && !swapped.empty()) {
        found = SearchP3dPath(io, modelFile, swapped, roots, dirs);
    }
    if (found.empty()) {
        found = FindBesideModel(io, modelFile, fs::u8path(path).filename().u8string(), dirs);
    }
    if (found.empty() && !swapped.empty()) {
        found = FindBesideModel(io, modelFile, fs::u8path(swapped).filename().u8string(), dirs);
    }
    return found;
}

std::vector<MaterialTexture> LocateP3dTextures(const aiScene &scene, Assimp::IOSystem *io, const std::string &modelFile,
        const TextureOptions &options) {
    return LocateDiffuseTextures(
            scene, io, options,
            [&](Assimp::IOSystem *lookupIo, const std::string &gamePath, DirectoryCache &dirs) {
                return FindP3dTexture(lookupIo, modelFile, gamePath, options.p3dRoots, dirs);
            },
            "the texture roots and the folders above the model, also with .paa/.pac swapped, and beside the model");
}

} // namespace assimp_retro
