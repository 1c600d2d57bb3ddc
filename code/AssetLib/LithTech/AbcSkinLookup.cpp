// assimp-retro: the LithTech skin lookup (AbcSkinLookup.h).
#include "AbcSkinLookup.h"

#include "Common/SceneHelpers.h"

#include <assimp/material.h>
#include <assimp/scene.h>

#include <algorithm>
#include <filesystem>
#include <system_error>

namespace fs = std::filesystem;

namespace assimp_retro {

namespace {

// A recursive SKINS/** search stops after this many folder entries: game
// folders hold a few thousand files; anything larger is not worth guessing in.
constexpr size_t kMaxSkinSearchEntries = 200000;

// The nearest folder above the model named MODELS, and the model's path below it.
bool SplitAtModelsFolder(const std::string &modelFile, fs::path &gameRoot, fs::path &belowModels,
        std::string *modelsName = nullptr) {
    std::error_code ec;
    const fs::path model = fs::absolute(fs::u8path(ForwardSlashes(modelFile)), ec).lexically_normal();
    std::vector<fs::path> parts(model.begin(), model.end());
    for (size_t i = parts.size(); i-- > 1;) {
        if (i + 1 < parts.size() && ToLower(parts[i].u8string()) == "models") {
            if (modelsName) {
                *modelsName = parts[i].u8string();
            }
            gameRoot.clear();
            belowModels.clear();
            for (size_t k = 0; k < i; ++k) {
                gameRoot /= parts[k];
            }
            for (size_t k = i + 1; k < parts.size(); ++k) {
                belowModels /= parts[k];
            }
            return true;
        }
    }
    return false;
}

// Any file named `fileName` (ignoring case) below `folder`, first in path order.
std::string FindBelowNoCase(const fs::path &folder, const std::string &fileName) {
    const std::string wanted = ToLower(fileName);
    std::error_code ec;
    std::vector<std::string> matches;
    size_t seen = 0;
    fs::recursive_directory_iterator it(folder, fs::directory_options::skip_permission_denied, ec), end;
    for (; !ec && it != end && seen < kMaxSkinSearchEntries; it.increment(ec), ++seen) {
        if (ToLower(it->path().filename().u8string()) == wanted && it->is_regular_file(ec)) {
            matches.push_back(it->path().generic_u8string());
        }
    }
    std::sort(matches.begin(), matches.end());
    return matches.empty() ? "" : matches.front();
}

std::string ExplicitSkin(Assimp::IOSystem *io, const std::string &modelFile, const std::string &skin,
        const std::string &skinDir, DirectoryCache &dirs) {
    if (skin.empty()) {
        return "";
    }
    const fs::path skinPath = fs::u8path(ForwardSlashes(skin));
    if (skinPath.is_relative()) {
        const std::vector<fs::path> folders = FoldersAbove(modelFile);
        if (!folders.empty()) {
            const std::string found = FindFileNoCase(io, (folders.front() / skinPath).u8string(), dirs);
            if (!found.empty()) {
                return found;
            }
        }
        if (!skinDir.empty()) {
            const std::string found =
                    FindFileNoCase(io, (fs::u8path(ForwardSlashes(skinDir)) / skinPath).u8string(), dirs);
            if (!found.empty()) {
                return found;
            }
        }
    }
    return FindFileNoCase(io, skinPath.u8string(), dirs);
}

} // namespace

std::string AbcSkinName(const std::string &modelFile, const std::string &skinFile) {
    std::error_code ec;
    const fs::path skin = fs::absolute(fs::u8path(ForwardSlashes(skinFile)), ec).lexically_normal();
    fs::path gameRoot, belowModels;
    fs::path base = SplitAtModelsFolder(modelFile, gameRoot, belowModels)
            ? gameRoot
            : fs::absolute(fs::u8path(ForwardSlashes(modelFile)), ec).lexically_normal().parent_path();
    const fs::path relative = skin.lexically_relative(base);
    return relative.empty() ? skin.filename().generic_u8string() : relative.generic_u8string();
}

bool SplitAtModelsFolder(const std::string &modelFile, std::string &gameRoot, std::string &modelsName,
        std::string &belowModels) {
    fs::path root, below;
    if (!SplitAtModelsFolder(modelFile, root, below, &modelsName)) {
        return false;
    }
    gameRoot = root.u8string();
    belowModels = below.generic_u8string();
    return true;
}

std::string FindAbcSkin(Assimp::IOSystem *io, const std::string &modelFile, unsigned slot,
        const std::vector<std::string> &skins, const std::string &skinDir, std::string *tried) {
    DirectoryCache dirs;
    return FindAbcSkin(io, modelFile, slot, skins, skinDir, tried, dirs);
}

std::string FindAbcSkin(Assimp::IOSystem *io, const std::string &modelFile, unsigned slot,
        const std::vector<std::string> &skins, const std::string &skinDir, std::string *tried, DirectoryCache &dirs) {
    if (!skins.empty()) {
        if (tried) {
            *tried = "the skin list (" + std::to_string(skins.size()) + " entries)";
        }
        return slot < skins.size() ? ExplicitSkin(io, modelFile, skins[slot], skinDir, dirs) : "";
    }
    if (slot > 1) {
        return "";
    }
    std::string stem = fs::u8path(ForwardSlashes(modelFile)).stem().u8string();
    const std::string name = stem + (slot == 1 ? "_head.dtx" : ".dtx");
    std::string found;
    if (!skinDir.empty()) {
        found = FindFileNoCase(io, (fs::u8path(ForwardSlashes(skinDir)) / fs::u8path(name)).u8string(), dirs);
    }
    const std::vector<fs::path> folders = FoldersAbove(modelFile);
    if (found.empty() && !folders.empty()) {
        found = FindFileNoCase(io, (folders.front().parent_path() / "SKINS" / fs::u8path(name)).u8string(), dirs);
    }
    fs::path gameRoot, belowModels;
    const bool inModels = SplitAtModelsFolder(modelFile, gameRoot, belowModels);
    if (found.empty() && inModels) {
        found = FindFileNoCase(io, (gameRoot / "SKINS" / belowModels.parent_path() / fs::u8path(name)).u8string(),
                dirs);
    }
    if (found.empty() && inModels && slot == 0) {
        const std::string skinsFolder = dirs.EntryNoCase(gameRoot.u8string(), "SKINS");
        if (!skinsFolder.empty()) {
            found = FindBelowNoCase(gameRoot / fs::u8path(skinsFolder), name);
        }
    }
    if (found.empty()) {
        found = FindBesideModel(io, modelFile, name, dirs);
    }
    if (tried) {
        *tried = (skinDir.empty() ? std::string() : skinDir + "/" + name + ", ") + "../SKINS/" + name +
                (inModels ? ", SKINS/<folders below MODELS>/" + name + (slot == 0 ? ", SKINS/**/" + name : "")
                          : std::string(" (no MODELS folder above the model)")) +
                ", " + name + " beside the model";
    }
    return found;
}

std::vector<MaterialTexture> LocateAbcSkins(const aiScene &scene, Assimp::IOSystem *io, const std::string &modelFile,
        const TextureOptions &options) {
    std::vector<MaterialTexture> textures(scene.mNumMaterials);
    DirectoryCache dirs; // each folder listed once for all skins of the model
    for (unsigned i = 0; i < scene.mNumMaterials; ++i) {
        int slot = static_cast<int>(i);
        scene.mMaterials[i]->Get("$abc.materialIndex", 0, 0, slot);
        if (slot < 0) {
            continue;
        }
        MaterialTexture &texture = textures[i];
        texture.file = FindAbcSkin(LookupIo(io, options), modelFile, static_cast<unsigned>(slot), options.abcSkins,
                options.abcSkinDir, &texture.searched, dirs);
        if (!texture.file.empty()) {
            texture.source = AbcSkinName(modelFile, texture.file);
        } else if (slot == 0 ||
                (!options.abcSkins.empty() && size_t(slot) < options.abcSkins.size() &&
                        !options.abcSkins[slot].empty())) {
            // Worth a warning: the main skin, or one the user listed.
            texture.source = options.abcSkins.empty() ? "skin of material index 0" : options.abcSkins[slot];
        }
    }
    return textures;
}

} // namespace assimp_retro
