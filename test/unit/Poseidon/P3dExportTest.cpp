// The "p3d" exporter (MLOD, SP3X): round trips through the importer, on the
// project's sample and on every P3D of ../shared/corpus/p3d, checked as
// scenes equal up to vertex and face order (docs/formats/P3D.md §9.6).
#include "AssetLib/Poseidon/MlodModel.h"
#include "Common/MetadataLists.h"
#include "support/P3dLodValues.h"
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
using retro_test::ExpectSameLods;
using retro_test::LodValues;
using retro_test::LodValuesOf;
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
    ExpectSameLods(LodValuesOf(before), LodValuesOf(after));
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
        const auto expected = LodValuesOf(p3d, false);
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
        auto values = LodValuesOf(after, false);
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
