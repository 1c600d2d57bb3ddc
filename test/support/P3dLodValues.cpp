// assimp-retro tests: P3D LODs as values (see P3dLodValues.h).
#include "support/P3dLodValues.h"

#include "AssetLib/Poseidon/P3dMetadataKeys.h"
#include "Common/MetadataLists.h"

#include <assimp_retro/config.h>

#include <assimp/material.h>
#include <assimp/scene.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <iterator>
#include <vector>

namespace retro_test {
namespace {

using assimp_retro::GetLongString;
namespace keys = assimp_retro::p3d::keys;

std::string Num(float value) {
    char text[32];
    const float rounded = std::round(value * 1e4f) / 1e4f;
    std::snprintf(text, sizeof(text), "%.4f", rounded == 0.f ? 0.f : rounded);
    return text;
}

std::string Vec(const aiVector3D &v) {
    return Num(v.x) + "," + Num(v.y) + "," + Num(v.z);
}

/// The texture's game path and the MLOD face flags (not with `flags` false:
/// glTF keeps neither the flags nor a .paa path, only the material's name).
std::string MaterialKey(const aiScene *scene, unsigned index, bool flags) {
    const aiMaterial *material = scene->mMaterials[index];
    aiString texture;
    // The game path: the texture pass keeps it there when it embeds the image ("*0").
    if (material->Get(AI_MATKEY_RETRO_SOURCE_TEXTURE, aiTextureType_DIFFUSE, 0, texture) != AI_SUCCESS) {
        material->Get(AI_MATKEY_TEXTURE_DIFFUSE(0), texture);
    }
    if (!flags) {
        return texture.C_Str();
    }
    int faceFlags = 0;
    material->Get("$mat.p3d.faceFlags", 0, 0, faceFlags);
    return std::string(texture.C_Str()) + "|" + std::to_string(faceFlags);
}

} // namespace

std::map<std::string, LodValues> LodValuesOf(const aiScene *scene, bool flags) {
    std::map<std::string, LodValues> lods;
    for (unsigned l = 0; l < scene->mRootNode->mNumChildren; ++l) {
        const aiNode *node = scene->mRootNode->mChildren[l];
        LodValues &lod = lods[node->mName.C_Str()];
        std::vector<std::string> vertexText; // scene vertex id -> value
        std::vector<std::string> triangleText;
        for (unsigned i = 0; i < node->mNumMeshes; ++i) {
            const aiMesh *mesh = scene->mMeshes[node->mMeshes[i]];
            lod.frames = std::max(lod.frames, mesh->mNumAnimMeshes);
            const size_t base = vertexText.size();
            for (unsigned v = 0; v < mesh->mNumVertices; ++v) {
                std::string text = Vec(mesh->mVertices[v]) + "/" + Vec(mesh->mNormals[v]) + "/" +
                        Num(mesh->mTextureCoords[0][v].x) + "," + Num(mesh->mTextureCoords[0][v].y);
                for (unsigned t = 0; t < mesh->mNumAnimMeshes; ++t) {
                    text += "/" + Vec(mesh->mAnimMeshes[t]->mVertices[v]);
                }
                vertexText.push_back(text);
            }
            for (unsigned f = 0; f < mesh->mNumFaces; ++f) {
                const aiFace &face = mesh->mFaces[f];
                std::vector<std::string> corners;
                for (unsigned k = 0; k < face.mNumIndices; ++k) {
                    corners.push_back(vertexText[base + face.mIndices[k]]);
                }
                std::rotate(corners.begin(), std::min_element(corners.begin(), corners.end()), corners.end());
                std::string text = MaterialKey(scene, mesh->mMaterialIndex, flags);
                for (const std::string &c : corners) {
                    text += " | " + c;
                }
                triangleText.push_back(text);
                lod.triangles.insert(text);
            }
        }
        std::string text;
        std::vector<float> loose;
        if (GetLongString(node->mMetaData, keys::kLoosePoints.name, text)) {
            EXPECT_TRUE(assimp_retro::ParseFloats(text, 1u << 24, loose));
        }
        for (size_t i = 0; i + 2 < loose.size(); i += 3) {
            const std::string point = Vec(aiVector3D(loose[i], loose[i + 1], loose[i + 2]));
            vertexText.push_back("loose " + point);
            lod.loose.insert(point);
        }
        const aiMetadata *meta = node->mMetaData;
        for (unsigned i = 0; meta && i < meta->mNumProperties; ++i) {
            const std::string key = meta->mKeys[i].C_Str();
            aiString value;
            if (key.rfind(keys::kPropertyPrefix, 0) == 0 && meta->Get(key, value)) {
                lod.properties[key] = value.C_Str();
            }
            const std::string prefix = keys::kSelectionPrefix, suffix = keys::kSelectionVerticesSuffix;
            if (key.rfind(prefix, 0) == 0 && key.size() > prefix.size() + suffix.size() &&
                    key.compare(key.size() - suffix.size(), suffix.size(), suffix) == 0) {
                const std::string name = key.substr(prefix.size(), key.size() - prefix.size() - suffix.size());
                std::vector<uint32_t> ids;
                std::vector<uint8_t> weights;
                EXPECT_TRUE(GetLongString(meta, key, text));
                EXPECT_TRUE(assimp_retro::ParseIndexRanges(text, uint32_t(vertexText.size()), ids)) << key;
                weights.assign(ids.size(), 255);
                if (GetLongString(meta, keys::Selection(name).weights.name, text)) {
                    EXPECT_TRUE(assimp_retro::ParseByteRuns(text, ids.size(), weights));
                }
                auto &set = lod.selectionVertices[name];
                for (size_t k = 0; k < ids.size() && k < weights.size(); ++k) {
                    set.insert(vertexText[ids[k]] + " w" + std::to_string(weights[k]));
                }
                EXPECT_TRUE(GetLongString(meta, keys::Selection(name).triangles.name, text));
                EXPECT_TRUE(assimp_retro::ParseIndexRanges(text, uint32_t(triangleText.size()), ids));
                auto &triangles = lod.selectionTriangles[name];
                for (uint32_t t : ids) {
                    triangles.insert(triangleText[t]);
                }
            }
        }
        for (unsigned c = 0; c < node->mNumChildren; ++c) {
            const aiNode *child = node->mChildren[c];
            const aiMatrix4x4 &m = child->mTransformation;
            std::string transform;
            for (unsigned r = 0; r < 3; ++r) {
                for (unsigned k = 0; k < 4; ++k) {
                    transform += Num(m[r][k]) + " ";
                }
            }
            lod.children[child->mName.C_Str()] = transform;
        }
    }
    return lods;
}

void ExpectSameLods(const std::map<std::string, LodValues> &a, const std::map<std::string, LodValues> &b) {
    ASSERT_EQ(a.size(), b.size());
    for (const auto &entry : a) {
        SCOPED_TRACE(entry.first);
        const auto found = b.find(entry.first);
        ASSERT_NE(found, b.end());
        const LodValues &x = entry.second, &y = found->second;
        EXPECT_EQ(x.triangles.size(), y.triangles.size());
        EXPECT_TRUE(x.triangles == y.triangles);
        if (x.triangles != y.triangles) {
            std::vector<std::string> onlyX;
            std::set_difference(x.triangles.begin(), x.triangles.end(), y.triangles.begin(), y.triangles.end(),
                    std::back_inserter(onlyX));
            std::vector<std::string> onlyY;
            std::set_difference(y.triangles.begin(), y.triangles.end(), x.triangles.begin(), x.triangles.end(),
                    std::back_inserter(onlyY));
            for (size_t i = 0; i < onlyX.size() && i < 3; ++i) {
                ADD_FAILURE() << "only before: " << onlyX[i];
            }
            for (size_t i = 0; i < onlyY.size() && i < 3; ++i) {
                ADD_FAILURE() << "only after: " << onlyY[i];
            }
        }
        EXPECT_EQ(x.selectionVertices.size(), y.selectionVertices.size());
        for (const auto &sel : x.selectionVertices) {
            const auto other = y.selectionVertices.find(sel.first);
            ASSERT_NE(other, y.selectionVertices.end()) << sel.first;
            EXPECT_TRUE(sel.second == other->second) << sel.first << ": " << sel.second.size() << " vs "
                                                      << other->second.size();
        }
        EXPECT_TRUE(x.selectionTriangles == y.selectionTriangles);
        EXPECT_TRUE(x.loose == y.loose) << x.loose.size() << " vs " << y.loose.size();
        EXPECT_EQ(x.properties, y.properties);
        EXPECT_EQ(x.children, y.children);
        EXPECT_EQ(x.frames, y.frames);
    }
}


namespace {

/// Each LOD node's resolution by node name.
std::map<std::string, float> Resolutions(const aiScene &scene) {
    std::map<std::string, float> resolutions;
    for (unsigned i = 0; i < scene.mRootNode->mNumChildren; ++i) {
        const aiNode &lod = *scene.mRootNode->mChildren[i];
        float resolution = -1.f;
        EXPECT_TRUE(assimp_retro::Get(lod.mMetaData, keys::kResolution, resolution)) << lod.mName.C_Str();
        resolutions[lod.mName.C_Str()] = resolution;
    }
    return resolutions;
}

} // namespace

void ExpectSameP3dLods(const aiScene &before, const aiScene &after) {
    ASSERT_EQ(after.mRootNode->mNumChildren, before.mRootNode->mNumChildren);
    const std::map<std::string, float> expected = Resolutions(before), actual = Resolutions(after);
    for (const auto &lod : expected) {
        const auto found = actual.find(lod.first);
        ASSERT_NE(found, actual.end()) << "LOD '" << lod.first << "' is missing";
        EXPECT_EQ(std::memcmp(&lod.second, &found->second, sizeof(float)), 0)
                << "LOD '" << lod.first << "': resolution " << lod.second << " became " << found->second;
    }
    ExpectSameLods(LodValuesOf(&before), LodValuesOf(&after));
}

} // namespace retro_test
