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

struct Encoded {
    const aiTexture *source = nullptr;
    unsigned material = 0;
    RgbaImage image;
    size_t file = 0; ///< index into the result
};

} // namespace

std::string TextureFileLocation(const std::string &outputPath, const std::string &gameRoot, const std::string &gamePath) {
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
    std::vector<TextureFile> files;
    std::map<std::string, Encoded> byPath; // the game path as the game compares it
    std::vector<std::string> withoutImage;
    for (const TextureUse &use : uses) {
        std::string key = ToLower(use.path);
        std::replace(key.begin(), key.end(), '/', '\\');
        const aiTexture *texture = MaterialImage(scene, use.material);
        auto found = byPath.find(key);
        if (found != byPath.end()) {
            if (texture && texture != found->second.source) {
                RgbaImage image;
                try {
                    image = DecodeEmbeddedTexture(*texture);
                } catch (const ImportError &e) {
                    ThrowExportError(std::string("P3D export: texture '") + use.path + "': " + e.what());
                }
                if (!found->second.source) {
                    found->second.source = texture;
                    found->second.material = use.material;
                    found->second.image = std::move(image);
                } else if (image.width != found->second.image.width || image.height != found->second.image.height ||
                        image.pixels != found->second.image.pixels) {
                    ThrowExportError("P3D export: texture path '" + use.path + "' is given two different images (" +
                            ImageName(*found->second.source, found->second.material) + " and " +
                            ImageName(*texture, use.material) + "); one game path holds one texture");
                }
            }
            continue;
        }
        Encoded entry;
        entry.source = texture;
        entry.material = use.material;
        if (texture) {
            try {
                entry.image = DecodeEmbeddedTexture(*texture);
            } catch (const ImportError &e) {
                ThrowExportError(std::string("P3D export: texture '") + use.path + "': " + e.what());
            }
        }
        byPath.emplace(key, std::move(entry));
        TextureFile file;
        file.gamePath = use.path;
        files.push_back(std::move(file));
        byPath[key].file = files.size() - 1;
    }

    std::vector<TextureFile> result;
    for (auto &[key, entry] : byPath) {
        TextureFile &file = files[entry.file];
        if (!entry.source) {
            withoutImage.push_back(file.gamePath);
            continue;
        }
        const std::string extension = key.size() > 4 ? key.substr(key.size() - 4) : std::string();
        if (extension != ".paa" && extension != ".pac") {
            warnings.push_back("P3D export: texture '" + file.gamePath +
                    "' is not a .paa or .pac path: its image was not written");
            continue;
        }
        file.file = TextureFileLocation(outputPath, gameRoot, file.gamePath);
        if (file.file.empty()) {
            warnings.push_back("P3D export: texture path '" + file.gamePath +
                    "' does not name a file inside the game folder: its image was not written");
            continue;
        }
        file.type = ChoosePaaType(entry.image, extension == ".pac");
        file.width = entry.image.width;
        file.height = entry.image.height;
        try {
            file.bytes = EncodePaa(entry.image, file.type, true);
        } catch (const std::exception &e) {
            // EncodePaa's message starts "PAA export: "; say which texture.
            std::string why = e.what();
            if (why.compare(0, 12, "PAA export: ") == 0) {
                why.erase(0, 12);
            }
            ThrowExportError("P3D export: texture '" + file.gamePath + "' from " +
                    ImageName(*entry.source, entry.material) + " cannot be an OFP texture: " + why);
        }
        result.push_back(std::move(file));
    }
    if (!withoutImage.empty()) {
        std::string list;
        for (const std::string &path : withoutImage) {
            list += (list.empty() ? "" : ", ") + path;
        }
        warnings.push_back("P3D export: " + std::to_string(withoutImage.size()) +
                " texture(s) have no image in the scene and were not written: " + list);
    }
    std::sort(result.begin(), result.end(),
            [](const TextureFile &a, const TextureFile &b) { return a.gamePath < b.gamePath; });
    return result;
}

} // namespace p3d
} // namespace assimp_retro
