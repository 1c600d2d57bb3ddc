// ApplySceneUnits: record the file's unit, optionally convert to metres.
#include "Common/SceneUnits.h"

#include <assimp/scene.h>
#include <assimp/metadata.h>

#include <string>

namespace assimp_retro {
namespace {

/// Sets a double entry: replaces it when the key holds a double, else adds it.
void SetDouble(aiScene &scene, const char *key, double value) {
    if (!scene.mMetaData) {
        scene.mMetaData = new aiMetadata();
    }
    aiMetadata &metadata = *scene.mMetaData;
    for (unsigned i = 0; i < metadata.mNumProperties; ++i) {
        if (metadata.mKeys[i] == aiString(key) && metadata.mValues[i].mType == AI_DOUBLE) {
            metadata.Set(i, key, value);
            return;
        }
    }
    metadata.Add(key, value);
}

bool AnimatesNode(const aiScene &scene, const aiString &name) {
    for (unsigned a = 0; a < scene.mNumAnimations; ++a) {
        const aiAnimation *animation = scene.mAnimations[a];
        for (unsigned c = 0; animation && c < animation->mNumChannels; ++c) {
            if (animation->mChannels[c] && animation->mChannels[c]->mNodeName == name) {
                return true;
            }
        }
    }
    return false;
}

} // namespace

void ApplySceneUnits(aiScene &scene, double centimetresPerUnit, bool toMetres) {
    SetDouble(scene, "OriginalUnitScaleFactor", centimetresPerUnit);
    const bool convert = toMetres && centimetresPerUnit != kCentimetresPerMetre && scene.mRootNode;
    SetDouble(scene, "UnitScaleFactor", convert ? kCentimetresPerMetre : centimetresPerUnit);
    if (!convert) {
        return;
    }
    const ai_real scale = static_cast<ai_real>(centimetresPerUnit / kCentimetresPerMetre);
    aiMatrix4x4 scaling;
    aiMatrix4x4::Scaling(aiVector3D(scale, scale, scale), scaling);
    aiNode *root = scene.mRootNode;
    if (AnimatesNode(scene, root->mName)) {
        // An animation would overwrite the scale: a new, never animated root.
        aiNode *units = new aiNode(std::string(root->mName.C_Str()) + ".Metres");
        units->mTransformation = scaling;
        units->addChildren(1, &root);
        scene.mRootNode = units;
    } else {
        root->mTransformation = scaling * root->mTransformation;
    }
}

} // namespace assimp_retro
