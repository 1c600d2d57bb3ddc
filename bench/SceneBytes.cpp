// assimp-retro benchmarks: walking an aiScene (see SceneBytes.h).
#include "SceneBytes.h"

#include <assimp/scene.h>

namespace assimp_retro_bench {

namespace {

size_t MetadataBytes(const aiMetadata *meta) {
    if (!meta) {
        return 0;
    }
    size_t bytes = sizeof(aiMetadata) + meta->mNumProperties * (sizeof(aiString) + sizeof(aiMetadataEntry));
    for (unsigned i = 0; i < meta->mNumProperties; ++i) {
        switch (meta->mValues[i].mType) {
        case AI_BOOL: bytes += sizeof(bool); break;
        case AI_INT32: case AI_UINT64: case AI_FLOAT: case AI_DOUBLE: bytes += 8; break;
        case AI_AISTRING: bytes += sizeof(aiString); break;
        case AI_AIVECTOR3D: bytes += sizeof(aiVector3D); break;
        case AI_AIMETADATA: bytes += MetadataBytes(static_cast<const aiMetadata *>(meta->mValues[i].mData)); break;
        default: break;
        }
    }
    return bytes;
}

size_t NodeBytes(const aiNode *node, SceneCounts *counts) {
    if (!node) {
        return 0;
    }
    if (counts) {
        ++counts->nodes;
    }
    size_t bytes = sizeof(aiNode) + node->mNumMeshes * sizeof(unsigned) + node->mNumChildren * sizeof(aiNode *) +
            MetadataBytes(node->mMetaData);
    for (unsigned i = 0; i < node->mNumChildren; ++i) {
        bytes += NodeBytes(node->mChildren[i], counts);
    }
    return bytes;
}

// Per-vertex arrays shared by aiMesh and aiAnimMesh.
template <typename MeshLike>
size_t VertexArrayBytes(const MeshLike *m) {
    size_t perVertex = 0;
    perVertex += m->mVertices ? sizeof(aiVector3D) : 0;
    perVertex += m->mNormals ? sizeof(aiVector3D) : 0;
    perVertex += m->mTangents ? sizeof(aiVector3D) : 0;
    perVertex += m->mBitangents ? sizeof(aiVector3D) : 0;
    for (unsigned c = 0; c < AI_MAX_NUMBER_OF_COLOR_SETS; ++c) {
        perVertex += m->mColors[c] ? sizeof(aiColor4D) : 0;
    }
    for (unsigned t = 0; t < AI_MAX_NUMBER_OF_TEXTURECOORDS; ++t) {
        perVertex += m->mTextureCoords[t] ? sizeof(aiVector3D) : 0;
    }
    return perVertex * m->mNumVertices;
}

size_t MeshBytes(const aiMesh *m, SceneCounts &c) {
    c.vertices += m->mNumVertices;
    c.faces += m->mNumFaces;
    c.bones += m->mNumBones;
    c.animMeshes += m->mNumAnimMeshes;
    size_t bytes = sizeof(aiMesh) + VertexArrayBytes(m) + m->mNumFaces * sizeof(aiFace);
    for (unsigned f = 0; f < m->mNumFaces; ++f) {
        c.indices += m->mFaces[f].mNumIndices;
        bytes += m->mFaces[f].mNumIndices * sizeof(unsigned);
    }
    bytes += m->mNumBones * sizeof(aiBone *);
    for (unsigned b = 0; b < m->mNumBones; ++b) {
        c.weights += m->mBones[b]->mNumWeights;
        bytes += sizeof(aiBone) + m->mBones[b]->mNumWeights * sizeof(aiVertexWeight);
    }
    bytes += m->mNumAnimMeshes * sizeof(aiAnimMesh *);
    for (unsigned a = 0; a < m->mNumAnimMeshes; ++a) {
        c.animMeshVertices += m->mAnimMeshes[a]->mNumVertices;
        bytes += sizeof(aiAnimMesh) + VertexArrayBytes(m->mAnimMeshes[a]);
    }
    return bytes;
}

size_t AnimationBytes(const aiAnimation *a, SceneCounts &c) {
    c.channels += a->mNumChannels;
    c.meshChannels += a->mNumMeshChannels;
    c.morphChannels += a->mNumMorphMeshChannels;
    size_t bytes = sizeof(aiAnimation) + a->mNumChannels * sizeof(aiNodeAnim *);
    for (unsigned i = 0; i < a->mNumChannels; ++i) {
        const aiNodeAnim *ch = a->mChannels[i];
        c.keys += ch->mNumPositionKeys + ch->mNumRotationKeys + ch->mNumScalingKeys;
        bytes += sizeof(aiNodeAnim) + ch->mNumPositionKeys * sizeof(aiVectorKey) +
                ch->mNumRotationKeys * sizeof(aiQuatKey) + ch->mNumScalingKeys * sizeof(aiVectorKey);
    }
    bytes += a->mNumMeshChannels * sizeof(aiMeshAnim *);
    for (unsigned i = 0; i < a->mNumMeshChannels; ++i) {
        c.keys += a->mMeshChannels[i]->mNumKeys;
        bytes += sizeof(aiMeshAnim) + a->mMeshChannels[i]->mNumKeys * sizeof(aiMeshKey);
    }
    bytes += a->mNumMorphMeshChannels * sizeof(aiMeshMorphAnim *);
    for (unsigned i = 0; i < a->mNumMorphMeshChannels; ++i) {
        const aiMeshMorphAnim *ch = a->mMorphMeshChannels[i];
        bytes += sizeof(aiMeshMorphAnim) + ch->mNumKeys * sizeof(aiMeshMorphKey);
        for (unsigned k = 0; k < ch->mNumKeys; ++k) {
            c.morphKeys += ch->mKeys[k].mNumValuesAndWeights;
            bytes += ch->mKeys[k].mNumValuesAndWeights * (sizeof(unsigned) + sizeof(double));
        }
    }
    return bytes;
}

size_t Walk(const aiScene *s, SceneCounts &c) {
    if (!s) {
        return 0;
    }
    size_t bytes = sizeof(aiScene) + NodeBytes(s->mRootNode, &c) + MetadataBytes(s->mMetaData);
    c.meshes = s->mNumMeshes;
    bytes += s->mNumMeshes * sizeof(aiMesh *);
    for (unsigned i = 0; i < s->mNumMeshes; ++i) {
        bytes += MeshBytes(s->mMeshes[i], c);
    }
    c.materials = s->mNumMaterials;
    bytes += s->mNumMaterials * sizeof(aiMaterial *);
    for (unsigned i = 0; i < s->mNumMaterials; ++i) {
        const aiMaterial *m = s->mMaterials[i];
        c.materialProperties += m->mNumProperties;
        bytes += sizeof(aiMaterial) + m->mNumAllocated * sizeof(aiMaterialProperty *);
        for (unsigned p = 0; p < m->mNumProperties; ++p) {
            bytes += sizeof(aiMaterialProperty) + m->mProperties[p]->mDataLength;
        }
    }
    c.animations = s->mNumAnimations;
    bytes += s->mNumAnimations * sizeof(aiAnimation *);
    for (unsigned i = 0; i < s->mNumAnimations; ++i) {
        bytes += AnimationBytes(s->mAnimations[i], c);
    }
    c.textures = s->mNumTextures;
    bytes += s->mNumTextures * sizeof(aiTexture *);
    for (unsigned i = 0; i < s->mNumTextures; ++i) {
        const aiTexture *t = s->mTextures[i];
        bytes += sizeof(aiTexture) + (t->mHeight ? size_t(t->mWidth) * t->mHeight * sizeof(aiTexel) : t->mWidth);
    }
    c.cameras = s->mNumCameras;
    c.lights = s->mNumLights;
    bytes += s->mNumCameras * (sizeof(aiCamera *) + sizeof(aiCamera)) + s->mNumLights * (sizeof(aiLight *) + sizeof(aiLight));
    return bytes;
}

} // namespace

bool SceneCounts::operator==(const SceneCounts &o) const {
    return nodes == o.nodes && meshes == o.meshes && vertices == o.vertices && faces == o.faces &&
            indices == o.indices && bones == o.bones && weights == o.weights && animMeshes == o.animMeshes &&
            animMeshVertices == o.animMeshVertices && animations == o.animations && channels == o.channels &&
            keys == o.keys && meshChannels == o.meshChannels && morphChannels == o.morphChannels &&
            morphKeys == o.morphKeys && materials == o.materials && materialProperties == o.materialProperties &&
            textures == o.textures && cameras == o.cameras && lights == o.lights;
}

SceneCounts CountScene(const aiScene *scene) {
    SceneCounts counts;
    Walk(scene, counts);
    return counts;
}

size_t SceneBytes(const aiScene *scene) {
    SceneCounts counts;
    return Walk(scene, counts);
}

} // namespace assimp_retro_bench
