// P3D importer against the real files in ../shared/corpus/p3d (made by other
// people's tools): every file imports, LOD counts match MANIFEST.tsv, and the
// GLB export of each validates with zero errors.
#include "AssetLib/Poseidon/P3dReader.h"
#include <assimp_retro/gltf_texture_refs.h>
#include "AssetLib/Poseidon/P3dMetadataKeys.h"
#include "support/TestSupport.h"

#include <assimp_retro/assimp_retro.h>
#include <assimp_retro/gltf_completion.h>

#include <assimp/Exporter.hpp>
#include <assimp/Importer.hpp>
#include <assimp/scene.h>

#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <map>
#include <sstream>

namespace {

namespace keys = assimp_retro::p3d::keys;

struct ManifestEntry {
    std::string file;
    std::string signature;
    unsigned lods = 0;
};

std::vector<ManifestEntry> Manifest() {
    std::vector<ManifestEntry> entries;
    const std::string path = retro_test::CorpusPath("p3d/MANIFEST.tsv");
    if (path.empty()) {
        return entries;
    }
    std::ifstream in(path);
    std::string line;
    std::getline(in, line); // header
    while (std::getline(in, line)) {
        std::vector<std::string> cols;
        std::stringstream ss(line);
        std::string col;
        while (std::getline(ss, col, '\t')) {
            cols.push_back(col);
        }
        if (cols.size() >= 8) {
            entries.push_back({cols[3], cols[6], static_cast<unsigned>(std::stoul(cols[7]))});
        }
    }
    return entries;
}

unsigned CountLodNodes(const aiNode *root) {
    return root ? root->mNumChildren : 0;
}

} // namespace

TEST(P3dCorpus, ManifestIsComplete) {
    const auto entries = Manifest();
    EXPECT_EQ(entries.size(), 5u);
}

TEST(P3dCorpus, EveryFileImportsWithManifestLodCount) {
    for (const ManifestEntry &entry : Manifest()) {
        SCOPED_TRACE(entry.file);
        const std::string path = retro_test::CorpusPath("p3d/" + entry.file);
        // The reader sees every LOD (and, for ODOL, consumes the file to its last byte).
        const std::vector<uint8_t> bytes = retro_test::ReadFile(path);
        assimp_retro::p3d::Model model;
        ASSERT_NO_THROW(model = assimp_retro::p3d::ReadP3d(bytes.data(), bytes.size(), entry.file));
        EXPECT_EQ(model.lods.size(), entry.lods);
        EXPECT_EQ(model.kind == assimp_retro::p3d::Model::Kind::Odol, entry.signature.rfind("ODOL", 0) == 0);

        Assimp::Importer importer;
        importer.SetPropertyInteger(AI_CONFIG_IMPORT_P3D_LODS, 2);
        const aiScene *scene = retro_test::Import(importer, path);
        ASSERT_NE(scene, nullptr) << importer.GetErrorString();
        EXPECT_EQ(CountLodNodes(scene->mRootNode), entry.lods);
        int32_t lods = -1;
        ASSERT_TRUE(assimp_retro::Get(scene->mRootNode->mMetaData, keys::kLods, lods));
        EXPECT_EQ(static_cast<unsigned>(lods), entry.lods);
    }
}

// The first visual LOD of each file, exported the way the tool does: texture
// references glTF cannot use moved aside, then Assimp's GLB export, then the
// completion (morph weights channels, node extras), then the Khronos validator.
TEST(P3dCorpus, EveryFileExportsToValidGlb) {
    for (const ManifestEntry &entry : Manifest()) {
        for (int lods : {0, 2}) {
            SCOPED_TRACE(entry.file + " lods=" + std::to_string(lods));
            Assimp::Importer importer;
            importer.SetPropertyInteger(AI_CONFIG_IMPORT_P3D_LODS, lods);
            const aiScene *scene = retro_test::Import(importer, retro_test::CorpusPath("p3d/" + entry.file));
            ASSERT_NE(scene, nullptr) << importer.GetErrorString();
            aiScene *editable = const_cast<aiScene *>(scene); // the importer's own copy: ours to change
            assimp_retro::MoveNonGltfTextures(editable);
            const std::string out = retro_test::OutputPath("p3d/" + entry.file + "." + std::to_string(lods) + ".glb");
            Assimp::Exporter exporter;
            ASSERT_EQ(exporter.Export(scene, "glb2", out), AI_SUCCESS) << exporter.GetErrorString();
            std::string error;
            ASSERT_TRUE(assimp_retro::CompleteGltf(*scene, out, &error)) << error;
            retro_test::ExpectValidGltf(out);
        }
    }
}

TEST(P3dCorpus, HmmwvLodNames) {
    Assimp::Importer importer;
    importer.SetPropertyInteger(AI_CONFIG_IMPORT_P3D_LODS, 2);
    const aiScene *scene = retro_test::Import(importer, retro_test::CorpusPath("p3d/tzk210_mcar_hmmwv_xj200.p3d"));
    ASSERT_NE(scene, nullptr) << importer.GetErrorString();
    std::vector<std::string> names;
    for (unsigned i = 0; i < scene->mRootNode->mNumChildren; ++i) {
        names.push_back(scene->mRootNode->mChildren[i]->mName.C_Str());
    }
    std::string all;
    for (const auto &n : names) {
        all += n + "; ";
    }
    std::cout << "HMMWV LODs: " << all << "\n";
    EXPECT_NE(all.find("Geometry"), std::string::npos);
    EXPECT_NE(all.find("Memory"), std::string::npos);
    EXPECT_EQ(names.front().rfind("LOD ", 0), 0u);
}

// Orientation on a real model (docs/formats/P3D.md §3): the HMMWV must face glTF +Z and
// not be mirrored. Its headlights and gun muzzle are at +Z; a US vehicle has
// its driver on the left, which for a model facing +Z (Y up) is +X: the
// steering wheel and the driver's entry point are at +X.
TEST(P3dCorpus, HmmwvFacesPlusZAndIsNotMirrored) {
    Assimp::Importer importer;
    importer.SetPropertyInteger(AI_CONFIG_IMPORT_P3D_LODS, 2);
    const aiScene *scene = retro_test::Import(importer, retro_test::CorpusPath("p3d/tzk210_mcar_hmmwv_xj200.p3d"));
    ASSERT_NE(scene, nullptr) << importer.GetErrorString();
    const aiNode *memory = scene->mRootNode->FindNode("Memory");
    ASSERT_NE(memory, nullptr);
    auto position = [&](const char *name) {
        const aiNode *point = memory->FindNode(name);
        EXPECT_NE(point, nullptr) << name;
        return point ? aiVector3D(point->mTransformation.a4, point->mTransformation.b4, point->mTransformation.c4)
                     : aiVector3D();
    };
    EXPECT_GT(position("svetlo p").z, 2.f);
    EXPECT_GT(position("svetlo l").z, 2.f);
    EXPECT_GT(position("usti hlavne").z, position("konec hlavne").z); // the barrel points forward
    EXPECT_GT(position("pos driver").x, 1.f);
    EXPECT_GT(position("svetlo l").x, position("svetlo p").x); // levy (left) at +X, pravy (right) at -X
    // The steering wheel (texture uaz_kab_volant) of the first LOD sits at +X.
    const aiNode *lod = scene->mRootNode->mChildren[0];
    bool found = false;
    for (unsigned i = 0; i < lod->mNumMeshes; ++i) {
        const aiMesh *mesh = scene->mMeshes[lod->mMeshes[i]];
        if (std::string(scene->mMaterials[mesh->mMaterialIndex]->GetName().C_Str()) == "data\\uaz_kab_volant.paa") {
            found = true;
            for (unsigned v = 0; v < mesh->mNumVertices; ++v) {
                EXPECT_GT(mesh->mVertices[v].x, 0.f);
            }
        }
    }
    EXPECT_TRUE(found);
}
