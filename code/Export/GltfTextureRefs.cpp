#include <assimp_retro/gltf_texture_refs.h>

#include "Common/MaterialProperty.h"
#include "Export/GltfRules.h"

#include <assimp/material.h>
#include <assimp/scene.h>

#include <string>
#include <vector>

namespace assimp_retro {

namespace {

std::string MaterialName(const aiMaterial &material, unsigned index) {
    aiString name;
    if (material.Get(AI_MATKEY_NAME, name) == AI_SUCCESS && name.length > 0) {
        return name.C_Str();
    }
    return "material " + std::to_string(index);
}

} // namespace

bool IsGltfImagePath(const char *path) {
    if (!path || !*path) {
        return false;
    }
    const std::string text(path);
    if (text[0] == '*') {
        return true; // embedded texture
    }
    return gltf_rules::IsCoreImageUri(text);
}

unsigned MoveNonGltfTextures(aiScene *scene, std::vector<std::string> *notes) {
    if (!scene) {
        return 0;
    }
    unsigned moved = 0;
    for (unsigned m = 0; m < scene->mNumMaterials; ++m) {
        aiMaterial *material = scene->mMaterials[m];
        if (!material) {
            continue;
        }
        // Collect first: changing properties while walking them is unsafe.
        struct Slot {
            unsigned type, index;
            aiString path;
        };
        std::vector<Slot> slots;
        for (unsigned p = 0; p < material->mNumProperties; ++p) {
            const aiMaterialProperty *prop = material->mProperties[p];
            if (std::strcmp(prop->mKey.C_Str(), _AI_MATKEY_TEXTURE_BASE) != 0 || prop->mType != aiPTI_String) {
                continue;
            }
            aiString path;
            if (material->Get(_AI_MATKEY_TEXTURE_BASE, prop->mSemantic, prop->mIndex, path) == AI_SUCCESS) {
                slots.push_back({prop->mSemantic, prop->mIndex, path});
            }
        }
        const std::string name = MaterialName(*material, m);
        std::string nameSuffix;
        for (const Slot &slot : slots) {
            const std::string original = slot.path.C_Str();
            const char *kind = aiTextureTypeToString(static_cast<aiTextureType>(slot.type));
            if (IsGltfImagePath(original.c_str())) {
                if (original.find('\\') != std::string::npos) {
                    std::string fixed = original;
                    for (char &c : fixed) {
                        c = c == '\\' ? '/' : c;
                    }
                    const aiString fixedPath(fixed);
                    AddMaterialProperty(*material, &fixedPath, _AI_MATKEY_TEXTURE_BASE, slot.type, slot.index);
                    if (notes) {
                        notes->push_back("material '" + name + "': " + kind + " texture '" + original +
                                "' written as '" + fixed + "'");
                    }
                }
                continue;
            }
            material->RemoveProperty(_AI_MATKEY_TEXTURE_BASE, slot.type, slot.index);
            AddMaterialProperty(*material, &slot.path, AI_MATKEY_RETRO_SOURCE_TEXTURE, slot.type, slot.index);
            ++moved;
            if (name.find(original) == std::string::npos && nameSuffix.find(original) == std::string::npos) {
                nameSuffix += (nameSuffix.empty() ? "" : "; ") + original;
            }
            if (notes) {
                notes->push_back("material '" + name + "': " + kind + " texture '" + original +
                        "' is not PNG/JPEG, left out of the glTF (path kept in the material name)");
            }
        }
        if (!nameSuffix.empty()) {
            const aiString newName(name + " [" + nameSuffix + "]");
            AddMaterialProperty(*material, &newName, AI_MATKEY_NAME);
        }
    }
    return moved;
}

} // namespace assimp_retro
