// ApplySceneUnits: record the file's unit, optionally convert to metres.
#include "Common/SceneUnits.h"

#include "Common/SceneHelpers.h"

#include <assimp/scene.h>
#include <assimp/metadata.h>

#include <memory>
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
    AppendMetadata(metadata, key, value);
}

/// S * m * S^-1 for the uniform scale S = s: the same rotation and scale,
/// the translation times s.
void ScaleTranslation(aiMatrix4x4 &m, ai_real s) {
    m.a4 *= s;
    m.b4 *= s;
    m.c4 *= s;
}

void ScaleNodes(aiNode &node, ai_real s) {
    ScaleTranslation(node.mTransformation, s);
    for (unsigned i = 0; i < node.mNumChildren && node.mChildren; ++i) {
        if (node.mChildren[i]) {
            ScaleNodes(*node.mChildren[i], s);
        }
    }
}

void ScalePositions(aiVector3D *positions, unsigned count, ai_real s) {
    for (unsigned i = 0; positions && i < count; ++i) {
        positions[i] *= s;
    }
}

void ScaleMeshes(aiScene &scene, ai_real s) {
    for (unsigned m = 0; m < scene.mNumMeshes && scene.mMeshes; ++m) {
        aiMesh *mesh = scene.mMeshes[m];
        if (!mesh) {
            continue;
        }
        ScalePositions(mesh->mVertices, mesh->mNumVertices, s);
        mesh->mAABB.mMin *= s;
        mesh->mAABB.mMax *= s;
        for (unsigned b = 0; b < mesh->mNumBones && mesh->mBones; ++b) {
            if (mesh->mBones[b]) {
                ScaleTranslation(mesh->mBones[b]->mOffsetMatrix, s);
            }
        }
        for (unsigned a = 0; a < mesh->mNumAnimMeshes && mesh->mAnimMeshes; ++a) {
            if (mesh->mAnimMeshes[a]) {
                ScalePositions(mesh->mAnimMeshes[a]->mVertices, mesh->mAnimMeshes[a]->mNumVertices, s);
            }
        }
    }
}

void ScalePositionKeys(aiScene &scene, ai_real s) {
    for (unsigned a = 0; a < scene.mNumAnimations && scene.mAnimations; ++a) {
        const aiAnimation *animation = scene.mAnimations[a];
        for (unsigned c = 0; animation && c < animation->mNumChannels && animation->mChannels; ++c) {
            aiNodeAnim *channel = animation->mChannels[c];
            for (unsigned k = 0; channel && k < channel->mNumPositionKeys && channel->mPositionKeys; ++k) {
                channel->mPositionKeys[k].mValue *= s;
            }
        }
    }
}

void ScaleCamerasAndLights(aiScene &scene, ai_real s) {
    for (unsigned c = 0; c < scene.mNumCameras && scene.mCameras; ++c) {
        aiCamera *camera = scene.mCameras[c];
        if (camera) {
            camera->mPosition *= s;
            camera->mClipPlaneNear *= s;
            camera->mClipPlaneFar *= s;
            camera->mOrthographicWidth *= s;
        }
    }
    for (unsigned l = 0; l < scene.mNumLights && scene.mLights; ++l) {
        if (scene.mLights[l]) {
            scene.mLights[l]->mPosition *= s;
        }
    }
}

} // namespace

ai_real SceneUnitScale(double centimetresPerUnit, bool toMetres) {
    const bool convert = toMetres && centimetresPerUnit != kCentimetresPerMetre;
    return convert ? static_cast<ai_real>(centimetresPerUnit / kCentimetresPerMetre) : ai_real(1);
}

void ApplySceneUnits(aiScene &scene, double centimetresPerUnit, bool toMetres, PositionKeys positionKeys) {
    SetDouble(scene, "OriginalUnitScaleFactor", centimetresPerUnit);
    const bool convert = toMetres && centimetresPerUnit != kCentimetresPerMetre && scene.mRootNode;
    SetDouble(scene, "UnitScaleFactor", convert ? kCentimetresPerMetre : centimetresPerUnit);
    if (!convert) {
        return;
    }
    const ai_real scale = SceneUnitScale(centimetresPerUnit, toMetres);
    ScaleNodes(*scene.mRootNode, scale);
    ScaleMeshes(scene, scale);
    if (positionKeys == PositionKeys::InFileUnits) {
        ScalePositionKeys(scene, scale);
    }
    ScaleCamerasAndLights(scene, scale);
}

} // namespace assimp_retro
