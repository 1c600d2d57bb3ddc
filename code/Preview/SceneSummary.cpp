// assimp-retro: the scene summary (<assimp_retro/scene_summary.h>), read from
// the metadata each format declares once (<Format>MetadataKeys.h).
#include "Preview/SceneSummary.h"

#include <assimp_retro/config.h>
#include <assimp_retro/scene_summary.h>

#include "AssetLib/LithTech/AbcMetadataKeys.h"
#include "AssetLib/Poseidon/P3dMetadataKeys.h"
#include "Common/MetadataKey.h"

#include <assimp/material.h>
#include <assimp/scene.h>

#include <set>

namespace assimp_retro {

namespace {

bool IsLaterLod(const aiNode &node, const aiNode *firstP3dLod) {
    double level = 0.0;
    if (GetNumber(node.mMetaData, abc::keys::kLod.name, level) && level > 0.0) {
        return true;
    }
    return firstP3dLod && &node != firstP3dLod && node.mParent && !node.mParent->mParent &&
            GetNumber(node.mMetaData, p3d::keys::kResolution.name, level);
}

/// P3D's LODs are the root's children with a resolution; the first is drawn.
const aiNode *FirstP3dLod(const aiScene &scene) {
    double resolution = 0.0;
    for (unsigned i = 0; scene.mRootNode && i < scene.mRootNode->mNumChildren; ++i) {
        const aiNode *child = scene.mRootNode->mChildren[i];
        if (child && GetNumber(child->mMetaData, p3d::keys::kResolution.name, resolution)) {
            return child;
        }
    }
    return nullptr;
}

void CollectLaterLods(const aiNode &node, const aiNode *firstP3dLod, std::vector<const aiNode *> &out) {
    if (IsLaterLod(node, firstP3dLod)) {
        out.push_back(&node);
        return; // its subtree goes with it
    }
    for (unsigned i = 0; i < node.mNumChildren; ++i) {
        if (node.mChildren[i]) {
            CollectLaterLods(*node.mChildren[i], firstP3dLod, out);
        }
    }
}

bool StartsWith(const std::string &text, const std::string &prefix) {
    return text.compare(0, prefix.size(), prefix) == 0;
}

bool EndsWith(const std::string &text, const std::string &suffix) {
    return text.size() >= suffix.size() && text.compare(text.size() - suffix.size(), suffix.size(), suffix) == 0;
}

/// Node counts, sockets, memory points, selections and the ABC v6 LOD levels.
void SummariseNodes(const aiNode &node, SceneSummary &summary, std::set<std::string> &selections, int &lodLevels) {
    ++summary.nodes;
    bool flag = false;
    if (node.mMetaData && node.mMetaData->Get(abc::keys::kSocket.name, flag) && flag) {
        summary.sockets.emplace_back(node.mName.C_Str());
    }
    double value = 0.0;
    if (GetNumber(node.mMetaData, p3d::keys::kPoints.name, value)) {
        summary.memoryPoints.emplace_back(node.mName.C_Str());
    }
    if (GetNumber(node.mMetaData, abc::keys::kLod.name, value) && value >= 0.0 && value < 1e6) {
        lodLevels = std::max(lodLevels, int(value) + 1);
    }
    const std::string selectionPrefix = p3d::keys::SelectionSummary("").name; // "selection:"
    for (unsigned i = 0; node.mMetaData && i < node.mMetaData->mNumProperties; ++i) {
        const std::string key = node.mMetaData->mKeys[i].C_Str();
        if (StartsWith(key, selectionPrefix) && key.size() > selectionPrefix.size() &&
                selections.insert(key.substr(selectionPrefix.size())).second) {
            summary.selections.push_back(key.substr(selectionPrefix.size()));
        }
    }
    for (unsigned i = 0; i < node.mNumChildren; ++i) {
        if (node.mChildren[i]) {
            SummariseNodes(*node.mChildren[i], summary, selections, lodLevels);
        }
    }
}

bool IsGameTexturePath(const std::string &path) {
    std::string lower;
    for (char c : path) {
        lower += char(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
    }
    return EndsWith(lower, ".paa") || EndsWith(lower, ".pac") || EndsWith(lower, ".dtx");
}

/// Found: the material keeps the game path (AI_MATKEY_RETRO_SOURCE_TEXTURE)
/// beside the texture it shows. Missing: a game path left in the diffuse
/// slot (P3D); an ABC skin not found leaves nothing in the scene (the
/// importer's warning names it).
void SummariseTextures(const aiScene &scene, SceneSummary &summary) {
    std::set<std::string> seen;
    for (unsigned i = 0; i < scene.mNumMaterials; ++i) {
        const aiMaterial *material = scene.mMaterials[i];
        aiString source, diffuse;
        if (!material) {
            continue;
        }
        const bool hasSource =
                material->Get(AI_MATKEY_RETRO_SOURCE_TEXTURE, aiTextureType_DIFFUSE, 0, source) == AI_SUCCESS;
        const bool hasDiffuse = material->GetTexture(aiTextureType_DIFFUSE, 0, &diffuse) == AI_SUCCESS &&
                diffuse.length > 0;
        TextureUse use;
        if (hasSource && source.length > 0) {
            use.path = source.C_Str();
            use.found = hasDiffuse;
        } else if (hasDiffuse) {
            use.path = diffuse.C_Str();
            use.found = !IsGameTexturePath(use.path) || scene.GetEmbeddedTexture(diffuse.C_Str()) != nullptr;
        } else {
            continue;
        }
        if (seen.insert(use.path).second) {
            summary.textures.push_back(use);
        }
    }
}

std::string Version(const aiScene &scene, const std::string &format) {
    int32_t version = 0;
    if (scene.mMetaData && scene.mMetaData->Get(abc::keys::kVersion.name, version)) {
        return (format.find("LTB") != std::string::npos ? "LTB v" : "ABC v") + std::to_string(version);
    }
    std::string p3d;
    if (scene.mRootNode && Get(scene.mRootNode->mMetaData, p3d::keys::kFormat, p3d)) {
        return "P3D " + p3d;
    }
    return format.find("OBAN") != std::string::npos ? "OBAN" : "";
}

} // namespace

std::vector<const aiNode *> LaterLodNodes(const aiScene &scene) {
    std::vector<const aiNode *> nodes;
    if (scene.mRootNode) {
        CollectLaterLods(*scene.mRootNode, FirstP3dLod(scene), nodes);
    }
    return nodes;
}

SceneSummary SummariseScene(const aiScene &scene) {
    SceneSummary summary;
    aiString format;
    if (scene.mMetaData && scene.mMetaData->Get("SourceAsset_Format", format)) {
        summary.format = format.C_Str();
    }
    summary.version = Version(scene, summary.format);
    std::set<std::string> bones;
    for (unsigned m = 0; m < scene.mNumMeshes; ++m) {
        const aiMesh *mesh = scene.mMeshes[m];
        if (!mesh) {
            continue;
        }
        ++summary.meshes;
        summary.vertices += mesh->mNumVertices;
        for (unsigned f = 0; f < mesh->mNumFaces; ++f) {
            summary.triangles += mesh->mFaces[f].mNumIndices >= 3 ? 1 : 0;
        }
        for (unsigned b = 0; b < mesh->mNumBones; ++b) {
            bones.insert(mesh->mBones[b]->mName.C_Str());
        }
    }
    summary.bones = unsigned(bones.size());
    for (unsigned a = 0; a < scene.mNumAnimations; ++a) {
        summary.animations.emplace_back(scene.mAnimations[a] ? scene.mAnimations[a]->mName.C_Str() : "");
    }
    std::set<std::string> selections;
    int lodLevels = summary.meshes ? 1 : 0;
    if (scene.mRootNode) {
        SummariseNodes(*scene.mRootNode, summary, selections, lodLevels);
    }
    double fileLods = 0.0;
    if (GetNumber(scene.mMetaData, abc::keys::kLodCount.name, fileLods) ||
            (scene.mRootNode && GetNumber(scene.mRootNode->mMetaData, p3d::keys::kLods.name, fileLods))) {
        summary.lods = fileLods > 0.0 && fileLods < 1e6 ? unsigned(fileLods) : 0;
    } else {
        summary.lods = unsigned(lodLevels);
    }
    for (const aiNode *node : LaterLodNodes(scene)) {
        summary.lodNodes.emplace_back(node->mName.C_Str());
    }
    SummariseTextures(scene, summary);
    return summary;
}

} // namespace assimp_retro
