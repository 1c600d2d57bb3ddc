// The "p3d" exporter (MLOD, SP3X): round trips through the importer, on the
// project's sample and on every P3D of ../shared/corpus/p3d, checked as
// scenes equal up to vertex and face order (docs/formats/P3D.md §9.6).
#include "AssetLib/Poseidon/MlodModel.h"
#include "Common/MetadataLists.h"
#include "support/TestSupport.h"

#include <assimp_retro/gltf_completion.h>
#include <assimp_retro/gltf_texture_refs.h>
#include "writers/Poseidon/P3dWriter.h"

#include <assimp_retro/assimp_retro.h>
#include <assimp_retro/config.h>

#include <assimp/Exporter.hpp>
#include <assimp/Importer.hpp>
#include <assimp/scene.h>

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <iostream>
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
    assimp_retro::RegisterExporters(exporter);
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

/// The texture's game path and the MLOD face flags (not with `flags` false:
/// glTF keeps neither the flags nor a .paa path, only the material's name).
std::string MaterialKey(const aiScene *scene, unsigned index, bool flags) {
    const aiMaterial *material = scene->mMaterials[index];
    aiString texture;
    material->Get(AI_MATKEY_TEXTURE_DIFFUSE(0), texture);
    if (!flags) {
        return texture.C_Str();
    }
    int faceFlags = 0;
    material->Get("$mat.p3d.faceFlags", 0, 0, faceFlags);
    return std::string(texture.C_Str()) + "|" + std::to_string(faceFlags);
}

std::map<std::string, LodValues> Values(const aiScene *scene, bool flags = true) {
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

// The project's GLB of each corpus model (every LOD, made as the tool makes
// it) exports to MLOD and imports back with its geometry, texture paths
// (from the material names), selections, proxies and memory points. glTF
// keeps no MLOD face flags: compared without them.
TEST(P3dExport, ProjectGlbsOfTheCorpusBecomeMlod) {
    const std::string dir = retro_test::CorpusPath("p3d");
    ASSERT_FALSE(dir.empty());
    for (const auto &entry : std::filesystem::directory_iterator(dir)) {
        if (entry.path().extension() != ".p3d") {
            continue;
        }
        const std::string name = entry.path().stem().string();
        SCOPED_TRACE(name);
        Assimp::Importer original;
        const aiScene *p3d = ImportBytes(original, retro_test::ReadFile(entry.path().string()));
        ASSERT_NE(p3d, nullptr) << original.GetErrorString();
        const auto expected = Values(p3d, false);
        assimp_retro::MoveNonGltfTextures(const_cast<aiScene *>(p3d));
        const std::string glb = retro_test::OutputPath("P3dExport/" + name + ".glb");
        Assimp::Exporter gltf;
        ASSERT_EQ(gltf.Export(p3d, "glb2", glb), AI_SUCCESS) << gltf.GetErrorString();
        std::string error;
        ASSERT_TRUE(assimp_retro::CompleteGltf(*p3d, glb, &error)) << error;
        Assimp::Importer glbImporter;
        const aiScene *fromGlb = retro_test::Import(glbImporter, glb);
        ASSERT_NE(fromGlb, nullptr) << glbImporter.GetErrorString();
        const std::vector<uint8_t> mlod = ExportP3d(fromGlb, &error);
        ASSERT_FALSE(mlod.empty()) << error;
        Assimp::Importer back;
        const aiScene *after = ImportBytes(back, mlod);
        ASSERT_NE(after, nullptr) << back.GetErrorString();
        auto values = Values(after, false);
        // Where glTF's export joined close vertices (one LOD of the HMMWV),
        // the importer's selection ids no longer hold: the exporter leaves
        // them out (and says so). Only the geometry is compared there.
        auto comparable = expected;
        unsigned changed = 0;
        for (unsigned l = 0; l < fromGlb->mRootNode->mNumChildren; ++l) {
            const aiNode *lod = fromGlb->mRootNode->mChildren[l];
            const aiNode *source = p3d->mRootNode->FindNode(lod->mName);
            unsigned vertices = 0, sourceVertices = 0;
            for (unsigned m = 0; m < lod->mNumMeshes; ++m) {
                vertices += fromGlb->mMeshes[lod->mMeshes[m]]->mNumVertices;
            }
            for (unsigned m = 0; source && m < source->mNumMeshes; ++m) {
                sourceVertices += p3d->mMeshes[source->mMeshes[m]]->mNumVertices;
            }
            if (vertices != sourceVertices) {
                ++changed;
                for (auto *v : {&comparable[lod->mName.C_Str()], &values[lod->mName.C_Str()]}) {
                    v->selectionVertices.clear();
                    v->selectionTriangles.clear();
                }
            }
        }
        std::cout << name << ": " << changed << " LOD(s) with vertices joined by glTF\n";
        ExpectSameLods(comparable, values);
    }
}

namespace {

aiVector3D BoxSize(const aiScene *scene, const aiNode *node, aiVector3D &low) {
    aiVector3D lo(1e9f, 1e9f, 1e9f), hi(-1e9f, -1e9f, -1e9f);
    std::function<void(const aiNode *, const aiMatrix4x4 &)> walk = [&](const aiNode *n, const aiMatrix4x4 &parent) {
        const aiMatrix4x4 world = parent * n->mTransformation;
        for (unsigned i = 0; i < n->mNumMeshes; ++i) {
            const aiMesh *mesh = scene->mMeshes[n->mMeshes[i]];
            for (unsigned v = 0; v < mesh->mNumVertices; ++v) {
                const aiVector3D p = world * mesh->mVertices[v];
                lo = aiVector3D(std::min(lo.x, p.x), std::min(lo.y, p.y), std::min(lo.z, p.z));
                hi = aiVector3D(std::max(hi.x, p.x), std::max(hi.y, p.y), std::max(hi.z, p.z));
            }
        }
        for (unsigned c = 0; c < n->mNumChildren; ++c) {
            walk(n->mChildren[c], world);
        }
    };
    walk(node, aiMatrix4x4());
    low = lo;
    return hi - lo;
}

unsigned Triangles(const aiScene *scene, const aiNode *node) {
    unsigned count = 0;
    for (unsigned i = 0; i < node->mNumMeshes; ++i) {
        count += scene->mMeshes[node->mMeshes[i]]->mNumFaces;
    }
    for (unsigned c = 0; c < node->mNumChildren; ++c) {
        count += Triangles(scene, node->mChildren[c]);
    }
    return count;
}

} // namespace

// The committed Blender-made vehicle (tools/blender/make_vehicle_glb.py):
// LODs as named root objects, parts as objects, empties as memory points.
TEST(P3dExport, BlenderVehicleBecomesAnOfpModel) {
    Assimp::Importer glbImporter;
    const aiScene *glb =
            retro_test::Import(glbImporter, std::string(ASSIMP_RETRO_SOURCE_DIR) + "/test/models/p3d/vehicle_lods.glb");
    ASSERT_NE(glb, nullptr) << glbImporter.GetErrorString();
    Assimp::ExportProperties properties;
    properties.SetPropertyString(AI_CONFIG_EXPORT_P3D_TEXTURE_ROOT, "myaddon\\tex");
    properties.SetPropertyFloat(AI_CONFIG_EXPORT_P3D_MASS, 3000.f);
    std::string error;
    const std::vector<uint8_t> mlod = ExportP3d(glb, &error, &properties);
    ASSERT_FALSE(mlod.empty()) << error;
    retro_test::WriteFile(retro_test::OutputPath("P3dExport/vehicle_lods.p3d"), mlod);
    Assimp::Importer back;
    const aiScene *p3d = ImportBytes(back, mlod);
    ASSERT_NE(p3d, nullptr) << back.GetErrorString();
    const std::vector<std::string> lods = {"LOD 1.000", "LOD 2.000", "Geometry", "Memory"};
    ASSERT_EQ(p3d->mRootNode->mNumChildren, lods.size());
    for (size_t i = 0; i < lods.size(); ++i) {
        SCOPED_TRACE(lods[i]);
        const aiNode *after = p3d->mRootNode->mChildren[i];
        EXPECT_EQ(lods[i], after->mName.C_Str());
        const aiNode *before = glb->mRootNode->FindNode(lods[i].c_str());
        ASSERT_NE(before, nullptr);
        EXPECT_EQ(Triangles(glb, before), Triangles(p3d, after));
        if (i < 3) { // the same box in glTF's axes: nothing mirrored or turned
            aiVector3D lowBefore, lowAfter;
            const aiVector3D a = BoxSize(glb, before, lowBefore), b = BoxSize(p3d, after, lowAfter);
            EXPECT_LT((a - b).Length(), 1e-5f);
            EXPECT_LT((lowBefore - lowAfter).Length(), 1e-5f);
        }
    }
    const aiNode *lod1 = p3d->mRootNode->mChildren[0];
    for (const char *part : {"hull", "otocvez", "kolo1", "kolo2", "kolo3", "kolo4"}) {
        aiString summary;
        EXPECT_TRUE(lod1->mMetaData->Get(std::string("selection:") + part, summary)) << part;
    }
    aiString texture;
    ASSERT_EQ(p3d->mMaterials[p3d->mMeshes[lod1->mMeshes[0]]->mMaterialIndex]->Get(AI_MATKEY_TEXTURE_DIFFUSE(0), texture),
            AI_SUCCESS);
    EXPECT_STREQ(texture.C_Str(), "myaddon\\tex\\hull.paa");
    const aiNode *muzzle = p3d->mRootNode->mChildren[3]->FindNode("usti hlavne");
    ASSERT_NE(muzzle, nullptr);
    EXPECT_LT((aiVector3D(muzzle->mTransformation.a4, muzzle->mTransformation.b4, muzzle->mTransformation.c4) -
                      aiVector3D(0.f, 1.4f, 2.5f))
                      .Length(),
            1e-5f); // Blender's front (-Y) is glTF's +Z
    EXPECT_NEAR(RootMass(p3d), 3000.f, 0.01f);
}
