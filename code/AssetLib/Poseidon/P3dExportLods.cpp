#include "P3dExportLods.h"

#include "P3dMetadataKeys.h"
#include "P3dModel.h"

#include "Common/MetadataLists.h"
#include "Common/SceneHelpers.h"

#include <assimp_retro/config.h>

#include <assimp/material.h>
#include <assimp/scene.h>

#include <algorithm>
#include <cstddef>
#include <cstring>

namespace assimp_retro {
namespace p3d {

std::string MetaText(const aiMetadata *meta, const std::string &key, bool *found) {
    aiString value;
    const bool ok = meta && meta->Get(key, value);
    if (found) {
        *found = ok;
    }
    return ok ? std::string(value.data, value.length) : std::string();
}

bool MetaFloat(const aiMetadata *meta, const std::string &key, float &value) {
    double number = 0.0;
    if (!GetNumber(meta, key, number)) {
        return false;
    }
    value = static_cast<float>(number);
    return true;
}

bool IsProxyNode(const aiNode *node) {
    bool found = false;
    MetaText(node->mMetaData, keys::kProxy.name, &found);
    return found || std::strncmp(node->mName.C_Str(), "proxy:", 6) == 0;
}

std::vector<LodSource> FindLods(const aiScene &scene) {
    std::vector<LodSource> lods;
    const aiNode *root = scene.mRootNode;
    for (unsigned i = 0; i < root->mNumChildren; ++i) {
        const aiNode *child = root->mChildren[i];
        LodSource lod;
        lod.node = child;
        if (MetaFloat(child->mMetaData, keys::kResolution.name, lod.resolution)) {
            lod.fromP3d = true;
            if (!MetaFloat(child->mMetaData, keys::kLodIndex.name, lod.fileIndex) || !(lod.fileIndex >= 0.f)) {
                lod.fileIndex = -1.f;
            }
            lods.push_back(lod);
        } else if (ResolutionFromName(child->mName.C_Str(), lod.resolution)) {
            lods.push_back(lod);
        }
    }
    if (lods.empty()) {
        LodSource whole;
        whole.node = root;
        lods.push_back(whole);
    }
    // The file's order, as the import recorded it: an MLOD's is its author's
    // (Bohemia's sample MLOD has Memory before LOD 2). LODs without that
    // record by resolution, as ODOL stores them (ODOL.md 2.1), each before
    // the first recorded LOD of a higher resolution. LODs that share a
    // resolution stay in their order: real game files have them (the
    // C-130's three LODs at 40.263), so the engine accepts them.
    std::vector<LodSource> recorded, others;
    for (const LodSource &lod : lods) {
        (lod.fileIndex >= 0.f ? recorded : others).push_back(lod);
    }
    std::stable_sort(recorded.begin(), recorded.end(),
            [](const LodSource &a, const LodSource &b) { return a.fileIndex < b.fileIndex; });
    std::stable_sort(others.begin(), others.end(),
            [](const LodSource &a, const LodSource &b) { return a.resolution < b.resolution; });
    lods.clear();
    size_t next = 0;
    for (const LodSource &lod : recorded) {
        while (next < others.size() && others[next].resolution < lod.resolution) {
            lods.push_back(others[next++]);
        }
        lods.push_back(lod);
    }
    lods.insert(lods.end(), others.begin() + static_cast<std::ptrdiff_t>(next), others.end());
    return lods;
}

std::string TexturePath(const aiScene &scene, const aiMaterial &material, const ExportOptions &options, bool fromP3d) {
    aiString value;
    std::string path;
    bool gamePath = false;
    if (material.Get(AI_MATKEY_RETRO_SOURCE_TEXTURE, aiTextureType_DIFFUSE, 0, value) == AI_SUCCESS &&
            value.length > 0) {
        path = value.C_Str();
        gamePath = true;
    } else if (material.Get(AI_MATKEY_TEXTURE_DIFFUSE(0), value) == AI_SUCCESS && value.length > 0) {
        path = value.C_Str();
        if (path[0] == '*') {
            const aiTexture *texture = scene.GetEmbeddedTexture(path.c_str());
            path = texture && texture->mFilename.length > 0 ? texture->mFilename.C_Str() : "texture" + path.substr(1);
        }
    } else {
        // The P3D importer names each material after its texture's game path,
        // which survives formats that drop the texture itself (a glTF without the image).
        // A repeated name has ".N" added (UniqueNames): "x.paa.1".
        std::string name = material.GetName().C_Str();
        auto extensionOf = [](const std::string &text) {
            return text.size() > 4 ? ToLower(text.substr(text.size() - 4)) : std::string();
        };
        const size_t last = name.find_last_not_of("0123456789");
        if (last != std::string::npos && last + 1 < name.size() && name[last] == '.' &&
                (extensionOf(name.substr(0, last)) == ".paa" || extensionOf(name.substr(0, last)) == ".pac")) {
            name.resize(last);
        }
        const std::string extension = extensionOf(name);
        // The importer's untextured materials: "untextured", "untextured.1", ...
        const bool untextured = name.compare(0, 10, "untextured") == 0 &&
                (name.size() == 10 ||
                        (name[10] == '.' && name.find_first_not_of("0123456789", 11) == std::string::npos));
        int special = 0;
        if (extension == ".paa" || extension == ".pac" ||
                (fromP3d && !untextured && material.Get("$mat.p3d.special", 0, 0, special) != AI_SUCCESS)) {
            return name;
        }
        return std::string();
    }
    std::replace(path.begin(), path.end(), '/', '\\');
    const size_t dot = path.rfind('.');
    const std::string extension = dot == std::string::npos ? std::string() : ToLower(path.substr(dot));
    // The P3D importer's materials ($mat.p3d.special) hold the game path
    // verbatim, whatever it ends with (".01" frames, odd names).
    int special = 0;
    gamePath = gamePath || material.Get("$mat.p3d.special", 0, 0, special) == AI_SUCCESS ||
            (fromP3d && options.textureRoot.empty());
    if (gamePath || (options.textureRoot.empty() && (extension == ".paa" || extension == ".pac"))) {
        return path;
    }
    // Another format's image: its name as a .paa under the texture root.
    const size_t slash = path.rfind('\\');
    std::string stem = path.substr(slash == std::string::npos ? 0 : slash + 1);
    const size_t stemDot = stem.rfind('.');
    if (stemDot != std::string::npos && stemDot > 0) {
        stem.resize(stemDot);
    }
    std::string root = options.textureRoot;
    std::replace(root.begin(), root.end(), '/', '\\');
    while (!root.empty() && root.back() == '\\') {
        root.pop_back();
    }
    return (root.empty() ? std::string() : root + "\\") + stem + ".paa";
}

} // namespace p3d
} // namespace assimp_retro
