// The "p3d" exporter (MLOD, SP3X): round trips through the importer, on the
// project's sample and on every P3D of ../shared/corpus/p3d, checked as
// scenes equal up to vertex and face order (docs/formats/P3D.md §8.6).
#include "AssetLib/Poseidon/MlodModel.h"
#include "AssetLib/Poseidon/P3dExporter.h"
#include "Common/MetadataLists.h"
#include "support/TestSupport.h"
#include "writers/Poseidon/P3dWriter.h"

#include <assimp_retro/config.h>

#include <assimp/Exporter.hpp>
#include <assimp/Importer.hpp>
#include <assimp/scene.h>

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <map>
#include <set>

namespace wp = retro_test::p3d;
using assimp_retro::GetLongString;

namespace {

const aiScene *ImportBytes(Assimp::Importer &importer, const std::vector<uint8_t> &bytes) {
    importer.SetPropertyInteger(AI_CONFIG_IMPORT_P3D_LODS, 2);
    importer.SetPropertyBool(AI_CONFIG_IMPORT_RETRO_TEXTURES, false);
    return retro_test::ImportMemory(importer, bytes, "p3d");
}

/// Exports `scene` as p3d into memory; empty with `error` set on failure.
std::vector<uint8_t> ExportP3d(const aiScene *scene, std::string *error = nullptr,
        const Assimp::ExportProperties *properties = nullptr) {
    Assimp::Exporter exporter;
    exporter.RegisterExporter(assimp_retro::P3dExportFormat());
    const aiExportDataBlob *blob = exporter.ExportToBlob(scene, "p3d", 0u, properties);
    if (!blob) {
        if (error) {
            *error = exporter.GetErrorString();
        }
        return {};
    }
    const uint8_t *data = static_cast<const uint8_t *>(blob->data);
    return std::vector<uint8_t>(data, data + blob->size);
}

std::string Num(float value) {
    char text[32];
    const float rounded = std::round(value * 1e4f) / 1e4f;
    std::snprintf(text, sizeof(text), "%.4f", rounded == 0.f ? 0.f : rounded);
    return text;
}

std::string Vec(const aiVector3D &v) {
    return Num(v.x) + "," + Num(v.y) + "," + Num(v.z);
}

/// A LOD as values, independent of vertex and face order.
struct LodValues {
    std::multiset<std::string> triangles;             ///< texture|flags|corners, rotated to a canonical start
    std::map<std::string, std::multiset<std::string>> selectionVertices; ///< corner value + weight
    std::map<std::string, std::multiset<std::string>> selectionTriangles;
    std::multiset<std::string> loose;
    std::map<std::string, std::string> properties;
    std::map<std::string, std::string> children; ///< proxies: name -> transform
    unsigned frames = 0;
    bool operator==(const LodValues &o) const {
        return triangles == o.triangles && selectionVertices == o.selectionVertices &&
                selectionTriangles == o.selectionTriangles && loose == o.loose && properties == o.properties &&
                children == o.children && frames == o.frames;
    }
};

std::string MaterialKey(const aiScene *scene, unsigned index) {
    const aiMaterial *material = scene->mMaterials[index];
    aiString texture;
    material->Get(AI_MATKEY_TEXTURE_DIFFUSE(0), texture);
    int flags = 0;
    material->Get("$mat.p3d.faceFlags", 0, 0, flags);
    return std::string(texture.C_Str()) + "|" + std::to_string(flags);
}

std::map<std::string, LodValues> Values(const aiScene *scene) {
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
                std::string text = MaterialKey(scene, mesh->mMaterialIndex);
                for (const std::string &c : corners) {
                    text += " | " + c;
                }
                triangleText.push_back(text);
                lod.triangles.insert(text);
            }
        }
        std::string text;
        std::vector<float> loose;
        if (GetLongString(node->mMetaData, "p3d:loosePoints", text)) {
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
            if (key.rfind("property:", 0) == 0 && meta->Get(key, value)) {
                lod.properties[key] = value.C_Str();
            }
            const std::string prefix = "p3d:selection:", suffix = ":vertices";
            if (key.rfind(prefix, 0) == 0 && key.size() > prefix.size() + suffix.size() &&
                    key.compare(key.size() - suffix.size(), suffix.size(), suffix) == 0) {
                const std::string name = key.substr(prefix.size(), key.size() - prefix.size() - suffix.size());
                std::vector<uint32_t> ids;
                std::vector<uint8_t> weights;
                EXPECT_TRUE(GetLongString(meta, key, text));
                EXPECT_TRUE(assimp_retro::ParseIndexRanges(text, uint32_t(vertexText.size()), ids)) << key;
                weights.assign(ids.size(), 255);
                if (GetLongString(meta, prefix + name + ":weights", text)) {
                    EXPECT_TRUE(assimp_retro::ParseByteRuns(text, ids.size(), weights));
                }
                auto &set = lod.selectionVertices[name];
                for (size_t k = 0; k < ids.size() && k < weights.size(); ++k) {
                    set.insert(vertexText[ids[k]] + " w" + std::to_string(weights[k]));
                }
                EXPECT_TRUE(GetLongString(meta, prefix + name + ":triangles", text));
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

/// EXPECTs equal LODs and says where they differ.
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
            for (size_t i = 0; i < onlyX.size() && i < 3; ++i) {
                ADD_FAILURE() << "only before: " << onlyX[i];
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

float RootMass(const aiScene *scene) {
    float mass = -1.f;
    if (scene->mRootNode->mMetaData) {
        scene->mRootNode->mMetaData->Get("p3d:mass", mass);
    }
    return mass;
}

void RoundTrip(const std::vector<uint8_t> &bytes, const std::string &name) {
    SCOPED_TRACE(name);
    Assimp::Importer first;
    const aiScene *before = ImportBytes(first, bytes);
    ASSERT_NE(before, nullptr) << first.GetErrorString();
    std::string error;
    const std::vector<uint8_t> mlod = ExportP3d(before, &error);
    ASSERT_FALSE(mlod.empty()) << error;
    retro_test::WriteFile(retro_test::OutputPath("P3dExport/" + name + ".mlod.p3d"), mlod);
    Assimp::Importer second;
    const aiScene *after = ImportBytes(second, mlod);
    ASSERT_NE(after, nullptr) << second.GetErrorString();
    ExpectSameLods(Values(before), Values(after));
    const float mass = RootMass(before);
    if (mass > 0.f) {
        EXPECT_NEAR(RootMass(after), mass, mass * 1e-5f);
    }
    // MLOD -> MLOD: the bytes themselves come back.
    const std::vector<uint8_t> again = ExportP3d(after, &error);
    EXPECT_EQ(again.size(), mlod.size());
}

} // namespace

TEST(P3dExport, SampleMlodRoundTrips) {
    RoundTrip(wp::WriteMlod(wp::SampleModel()), "sample_mlod");
}

TEST(P3dExport, SampleOdolBecomesAnEquivalentMlod) {
    RoundTrip(wp::WriteOdol(wp::SampleModel()), "sample_odol");
}

TEST(P3dExport, EveryCorpusP3dRoundTrips) {
    const std::string dir = retro_test::CorpusPath("p3d");
    ASSERT_FALSE(dir.empty());
    unsigned files = 0;
    for (const auto &entry : std::filesystem::directory_iterator(dir)) {
        if (entry.path().extension() == ".p3d") {
            RoundTrip(retro_test::ReadFile(entry.path().string()), entry.path().stem().string());
            ++files;
        }
    }
    EXPECT_EQ(files, 5u);
}
