// assimp-retro tool: changes made to a scene before Assimp's glTF2 exporter sees it.
#include "Tool.h"

#include <assimp/material.h>
#include <assimp/scene.h>

#include <set>
#include <string>

namespace retro_tool {

namespace {

// Material property (per texture semantic and index) that keeps the original
// path of a texture reference moved out of its slot. Not a standard Assimp
// key; the glTF2 exporter ignores it, glTF completion or a caller may use it.
const char *const kOriginalTextureKey = "$retro.texfile.original";

std::string Extension(const std::string &path) {
    const size_t slash = path.find_last_of("/\\");
    const size_t dot = path.find_last_of('.');
    if (dot == std::string::npos || (slash != std::string::npos && dot < slash)) {
        return "";
    }
    return ToLower(path.substr(dot + 1));
}

bool IsGltfImage(const std::string &path) {
    const std::string extension = Extension(path);
    return extension == "png" || extension == "jpg" || extension == "jpeg";
}

std::string MaterialName(const aiMaterial &material, unsigned index) {
    aiString name;
    if (material.Get(AI_MATKEY_NAME, name) == AI_SUCCESS && name.length > 0) {
        return name.C_Str();
    }
    return "material " + std::to_string(index);
}

void CollectNodeNames(const aiNode *node, std::set<std::string> &names) {
    if (!node) {
        return;
    }
    names.insert(node->mName.C_Str());
    for (unsigned i = 0; i < node->mNumChildren; ++i) {
        CollectNodeNames(node->mChildren[i], names);
    }
}

} // namespace

// Models from these games reference their textures by the game's own paths
// and formats, e.g. `data\foo.paa` (OFP), `.dtx` (LithTech) or an Oni TXMP
// name. Assimp's glTF2 exporter writes any diffuse (or other) texture path as
// an image URI, which gives a glTF that viewers and the Khronos validator
// reject (unknown image type, backslashes are not valid in a URI). glTF only
// knows PNG and JPEG, so:
//   - references to .png/.jpg/.jpeg files stay, with `\` turned into `/`;
//   - embedded references (`*0`, `*1`, ...) stay: the exporter embeds them;
//   - everything else is removed from its texture slot. The original path
//     stays visible: it is appended to the material name in brackets
//     ("hull [data\hull.paa]", unless the name already contains it), which
//     the exporter writes into the glTF, and
//     kept as the material property "$retro.texfile.original" (same texture
//     semantic and index) in the scene.
// Texture references are not copied or converted: that is the user's job
// (or a format-specific helper's, once one exists).
unsigned MoveUnusableTexturesForGltf(aiScene &scene, std::vector<std::string> &notes) {
    unsigned moved = 0;
    for (unsigned m = 0; m < scene.mNumMaterials; ++m) {
        aiMaterial *material = scene.mMaterials[m];
        if (!material) {
            continue;
        }
        std::vector<std::string> movedPaths;
        for (int type = aiTextureType_NONE; type <= AI_TEXTURE_TYPE_MAX; ++type) {
            const aiTextureType semantic = static_cast<aiTextureType>(type);
            const unsigned count = material->GetTextureCount(semantic);
            for (unsigned index = 0; index < count; ++index) {
                aiString path;
                if (material->Get(AI_MATKEY_TEXTURE(semantic, index), path) != AI_SUCCESS) {
                    continue;
                }
                const std::string original = path.C_Str();
                if (!original.empty() && original[0] == '*') {
                    continue; // embedded texture
                }
                if (IsGltfImage(original)) {
                    if (original.find('\\') != std::string::npos) {
                        std::string fixed = original;
                        for (char &c : fixed) {
                            if (c == '\\') {
                                c = '/';
                            }
                        }
                        const aiString fixedPath(fixed);
                        material->AddProperty(&fixedPath, AI_MATKEY_TEXTURE(semantic, index));
                        notes.push_back("material '" + MaterialName(*material, m) + "': texture path '" + original +
                                        "' written as '" + fixed + "'");
                    }
                    continue;
                }
                material->RemoveProperty(AI_MATKEY_TEXTURE(semantic, index));
                material->AddProperty(&path, kOriginalTextureKey, semantic, index);
                movedPaths.push_back(original);
                notes.push_back("material '" + MaterialName(*material, m) + "': " + aiTextureTypeToString(semantic) +
                                " texture '" + original + "' is not PNG/JPEG, left out of the glTF (path kept in the material name)");
                ++moved;
            }
        }
        // Paths the name already shows (importers often name materials after
        // their texture) are not repeated.
        const std::string oldName = MaterialName(*material, m);
        std::string suffix;
        for (const std::string &path : movedPaths) {
            if (oldName.find(path) == std::string::npos && suffix.find(path) == std::string::npos) {
                suffix += (suffix.empty() ? "" : "; ") + path;
            }
        }
        if (!suffix.empty()) {
            const aiString newName(oldName + " [" + suffix + "]");
            material->AddProperty(&newName, AI_MATKEY_NAME);
        }
    }
    return moved;
}

std::string CheckSceneForGltfExport(const aiScene &scene) {
    std::set<std::string> nodes;
    CollectNodeNames(scene.mRootNode, nodes);
    for (unsigned m = 0; m < scene.mNumMeshes; ++m) {
        const aiMesh *mesh = scene.mMeshes[m];
        for (unsigned b = 0; mesh && b < mesh->mNumBones; ++b) {
            const std::string bone = mesh->mBones[b]->mName.C_Str();
            if (!nodes.count(bone)) {
                return "bone '" + bone + "' of mesh " + std::to_string(m) +
                       " names no node (Assimp's glTF2 exporter would crash)";
            }
        }
    }
    for (unsigned a = 0; a < scene.mNumAnimations; ++a) {
        const aiAnimation *animation = scene.mAnimations[a];
        for (unsigned c = 0; animation && c < animation->mNumChannels; ++c) {
            const std::string node = animation->mChannels[c]->mNodeName.C_Str();
            if (!nodes.count(node)) {
                return "animation " + std::to_string(a) + " channel '" + node +
                       "' names no node (Assimp's glTF2 exporter would crash)";
            }
        }
    }
    return "";
}

} // namespace retro_tool
