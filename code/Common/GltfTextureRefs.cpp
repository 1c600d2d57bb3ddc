#include "GltfTextureRefs.h"

#include <assimp/material.h>
#include <assimp/scene.h>

#include <cctype>
#include <cstring>
#include <string>
#include <vector>

namespace assimp_retro {

namespace {

bool EndsWithNoCase(const std::string &text, const char *suffix) {
    const size_t n = std::strlen(suffix);
    if (text.size() < n) {
        return false;
    }
    for (size_t i = 0; i < n; ++i) {
        if (std::tolower(static_cast<unsigned char>(text[text.size() - n + i])) != suffix[i]) {
            return false;
        }
    }
    return true;
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
    return EndsWithNoCase(text, ".png") || EndsWithNoCase(text, ".jpg") || EndsWithNoCase(text, ".jpeg");
}

unsigned MoveNonGltfTextures(aiScene *scene) {
    if (!scene) {
        return 0;
    }
    unsigned moved = 0;
    for (unsigned m = 0; m < scene->mNumMaterials; ++m) {
        aiMaterial *material = scene->mMaterials[m];
        if (!material) {
            continue;
        }
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
            if (material->Get(_AI_MATKEY_TEXTURE_BASE, prop->mSemantic, prop->mIndex, path) == AI_SUCCESS &&
                    !IsGltfImagePath(path.C_Str())) {
                slots.push_back({prop->mSemantic, prop->mIndex, path});
            }
        }
        for (const Slot &slot : slots) {
            material->RemoveProperty(_AI_MATKEY_TEXTURE_BASE, slot.type, slot.index);
            material->AddProperty(&slot.path, AI_MATKEY_RETRO_SOURCE_TEXTURE, slot.type, slot.index);
            ++moved;
        }
    }
    return moved;
}

} // namespace assimp_retro
