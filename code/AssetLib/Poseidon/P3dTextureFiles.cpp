// assimp-retro: an exported MLOD's textures as PAA/PAC files (P3dTextureFiles.h).
#include "P3dTextureFiles.h"

#include "Common/ExportError.h"
#include "Common/ImportError.h"
#include "Common/SceneHelpers.h"
#include "Common/Texture/ImageDecode.h"

#include <assimp/material.h>
#include <assimp/scene.h>

#include <algorithm>
#include <map>

namespace assimp_retro {
namespace p3d {

namespace {

bool IsSeparator(char c) {
    return c == '/' || c == '\\';
}

/// The components of `path` split at '/' and '\', with the offset of each.
std::vector<std::pair<size_t, std::string>> Components(const std::string &path) {
    std::vector<std::pair<size_t, std::string>> parts;
    size_t start = 0;
    for (size_t i = 0; i <= path.size(); ++i) {
        if (i == path.size() || IsSeparator(path[i])) {
            parts.emplace_back(start, path.substr(start, i - start));
            start = i + 1;
        }
    }
    return parts;
}

/// The embedded texture the material's diffuse slot names, or null.
const aiTexture *MaterialImage(const aiScene &scene, unsigned materialIndex) {
    if (materialIndex >= scene.mNumMaterials) {
        return nullptr;
    }
    aiString slot;
    if (scene.mMaterials[materialIndex]->Get(AI_MATKEY_TEXTURE_DIFFUSE(0), slot) != AI_SUCCESS || slot.length == 0) {
        return nullptr;
    }
    return scene.GetEmbeddedTexture(slot.C_Str());
}

std::string ImageName(const aiTexture &texture, unsigned materialIndex) {
    return texture.mFilename.length > 0 ? "'" + std::string(texture.mFilename.C_Str()) + "'"
                                        : "the embedded image of material " + std::to_string(materialIndex);
}

} // namespace

std::string TextureFileLocation(const std::string &outputPath, const std::string &gameRoot,
        const std::string &gamePath) {
    std::string relative = gamePath;
    while (!relative.empty() && IsSeparator(relative.front())) {
        relative.erase(0, 1); // "\data\x.paa" is game-relative too
    }
    const auto parts = Components(relative);
    for (const auto &part : parts) {
        if (part.second.empty() || part.second == "." || part.second == ".." ||
                part.second.find(':') != std::string::npos) {
            return std::string();
        }
    }
    std::replace(relative.begin(), relative.end(), '\\', '/');
    std::string root = gameRoot;
    if (root.empty()) {
        const size_t slash = outputPath.find_last_of("/\\");
        root = slash == std::string::npos ? std::string() : outputPath.substr(0, slash + 1);
        if (parts.size() > 1) {
            // The deepest folder named as the add-on holds the rest of the
            // path (in that folder's own spelling of the name).
            const std::string addon = ToLower(parts.front().second);
            size_t end = std::string::npos;
            for (const auto &folder : Components(root)) {
                if (!folder.second.empty() && ToLower(folder.second) == addon) {
                    end = folder.first + folder.second.size();
                }
            }
            if (end != std::string::npos) {
                root.resize(end);
                relative.erase(0, parts[1].first);
            }
        }
    }
    if (root.empty()) {
        return relative;
    }
    return IsSeparator(root.back()) ? root + relative : root + "/" + relative;
}

std::vector<TextureFile> EncodeTextureFiles(const aiScene &scene, const std::vector<TextureUse> &uses,
        const std::string &outputPath, const std::string &gameRoot, std::vector<std::string> &warnings) {
    // Each embedded texture decoded once, however many paths and LODs use it.
    std::map<const aiTexture *, RgbaImage> images;
    auto imageOf = [&](const aiTexture &texture, const std::string &gamePath) -> const RgbaImage & {
        auto found = images.find(&texture);
        if (found == images.end()) {
            try {
                found = images.emplace(&texture, DecodeEmbeddedTexture(texture)).first;
            } catch (const ImportError &e) {
                ThrowExportError("P3D export: texture '" + gamePath + "': " + e.what());
            }
        }
        return found->second;
    };
    struct PathEntry {
        std::string gamePath; ///< the first spelling met
        const aiTexture *source = nullptr;
        unsigned material = 0;
    };
    std::map<std::string, PathEntry> byPath; // the game path as the game compares it
    for (const TextureUse &use : uses) {
        std::string key = ToLower(use.path);
        std::replace(key.begin(), key.end(), '/', '\\');
        const aiTexture *texture = MaterialImage(scene, use.material);
        auto [entry, inserted] = byPath.emplace(key, PathEntry{use.path, texture, use.material});
        if (inserted || !texture || texture == entry->second.source) {
            continue;
        }
        if (!entry->second.source) {
            entry->second.source = texture;
            entry->second.material = use.material;
            continue;
        }
        const RgbaImage &first = imageOf(*entry->second.source, use.path);
        const RgbaImage &second = imageOf(*texture, use.path);
        if (first.width != second.width || first.height != second.height || first.pixels != second.pixels) {
            ThrowExportError("P3D export: texture path '" + use.path + "' is given two different images (" +
                    ImageName(*entry->second.source, entry->second.material) + " and " +
                    ImageName(*texture, use.material) + "); one game path holds one texture");
        }
    }

    std::vector<TextureFile> result;
    std::map<std::pair<const aiTexture *, PaaType>, size_t> encoded; // one encoding per image and type
    std::string withoutImage;
    unsigned withoutImageCount = 0;
    for (const auto &[key, entry] : byPath) {
        if (!entry.source) {
            withoutImage += (withoutImage.empty() ? "" : ", ") + entry.gamePath;
            ++withoutImageCount;
            continue;
        }
        const std::string extension = key.size() > 4 ? key.substr(key.size() - 4) : std::string();
        if (extension != ".paa" && extension != ".pac") {
            warnings.push_back("P3D export: texture '" + entry.gamePath +
                    "' is not a .paa or .pac path: its image was not written");
            continue;
        }
        TextureFile file;
        file.gamePath = entry.gamePath;
        file.file = TextureFileLocation(outputPath, gameRoot, entry.gamePath);
        if (file.file.empty()) {
            warnings.push_back("P3D export: texture path '" + entry.gamePath +
                    "' does not name a file inside the game folder: its image was not written");
            continue;
        }
        const RgbaImage &image = imageOf(*entry.source, entry.gamePath);
        file.type = ChoosePaaType(image, extension == ".pac");
        file.width = image.width;
        file.height = image.height;
        const auto same = encoded.find({entry.source, file.type});
        if (same != encoded.end()) {
            file.bytes = result[same->second].bytes;
        } else {
            try {
                file.bytes = EncodePaa(image, file.type, true);
            } catch (const std::exception &e) {
                // EncodePaa's message starts "PAA export: "; say which texture.
                std::string why = e.what();
                if (why.compare(0, 12, "PAA export: ") == 0) {
                    why.erase(0, 12);
                }
                ThrowExportError("P3D export: texture '" + entry.gamePath + "' from " +
                        ImageName(*entry.source, entry.material) + " cannot be an OFP texture: " + why);
            }
            encoded.emplace(std::make_pair(entry.source, file.type), result.size());
        }
        result.push_back(std::move(file));
    }
    if (withoutImageCount > 0) {
        warnings.push_back("P3D export: " + std::to_string(withoutImageCount) +
                " texture(s) have no image in the scene and were not written: " + withoutImage);
    }
    std::sort(result.begin(), result.end(),
            [](const TextureFile &a, const TextureFile &b) { return a.gamePath < b.gamePath; });
    return result;
}

} // namespace p3d
} // namespace assimp_retro
