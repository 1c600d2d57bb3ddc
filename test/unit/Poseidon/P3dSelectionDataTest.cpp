// What the P3D importer keeps for a way back to MLOD: selections with their
// vertex and face membership and weights (as scene vertex and triangle ids),
// quads, loose points, every face flag in its material, the #Mass# tag.
#include "Common/MetadataLists.h"
#include "support/TestSupport.h"
#include "writers/Poseidon/P3dWriter.h"

#include <assimp_retro/config.h>

#include <assimp/Importer.hpp>
#include <assimp/scene.h>

#include <gtest/gtest.h>

#include <map>

namespace wp = retro_test::p3d;
using assimp_retro::GetLongString;
using assimp_retro::p3d::Model;

namespace {

const aiScene *ImportBytes(Assimp::Importer &importer, const std::vector<uint8_t> &bytes) {
    importer.SetPropertyInteger(AI_CONFIG_IMPORT_P3D_LODS, 2);
    return retro_test::ImportMemory(importer, bytes, "p3d");
}

const aiNode *Child(const aiNode *node, const std::string &name) {
    for (unsigned i = 0; node && i < node->mNumChildren; ++i) {
        if (name == node->mChildren[i]->mName.C_Str()) {
            return node->mChildren[i];
        }
    }
    return nullptr;
}

/// Scene vertex id -> position: the node's meshes one after the other, then its loose points.
std::vector<aiVector3D> ScenePositions(const aiScene *scene, const aiNode *node) {
    std::vector<aiVector3D> positions;
    for (unsigned i = 0; i < node->mNumMeshes; ++i) {
        const aiMesh *mesh = scene->mMeshes[node->mMeshes[i]];
        positions.insert(positions.end(), mesh->mVertices, mesh->mVertices + mesh->mNumVertices);
    }
    std::string text;
    std::vector<float> loose;
    if (GetLongString(node->mMetaData, "p3d:loosePoints", text)) {
        EXPECT_TRUE(assimp_retro::ParseFloats(text, 1u << 20, loose)) << text;
    }
    for (size_t i = 0; i + 2 < loose.size(); i += 3) {
        positions.emplace_back(loose[i], loose[i + 1], loose[i + 2]);
    }
    return positions;
}

std::vector<uint32_t> Ids(const aiNode *node, const std::string &key) {
    std::string text;
    std::vector<uint32_t> ids;
    EXPECT_TRUE(GetLongString(node->mMetaData, key, text)) << key;
    EXPECT_TRUE(assimp_retro::ParseIndexRanges(text, 1u << 20, ids)) << text;
    return ids;
}

} // namespace

TEST(P3dSelectionData, WeightedSelectionMapsToItsVerticesAndTriangles) {
    Assimp::Importer importer;
    const Model model = wp::SampleModel();
    const aiScene *scene = ImportBytes(importer, wp::WriteOdol(model));
    ASSERT_NE(scene, nullptr) << importer.GetErrorString();
    const aiNode *lod = Child(scene->mRootNode, "LOD 1.000");
    ASSERT_NE(lod, nullptr);
    const std::vector<aiVector3D> positions = ScenePositions(scene, lod);
    // "kolo": LOD vertices 0..3 with weights 255, 128, 64, 255. Vertex 0 is
    // only in the hidden face 0 and in face 17 (the next row's first quad).
    const std::vector<uint32_t> ids = Ids(lod, "p3d:selection:kolo:vertices");
    std::string text;
    ASSERT_TRUE(GetLongString(lod->mMetaData, "p3d:selection:kolo:weights", text));
    std::vector<uint8_t> weights;
    ASSERT_TRUE(assimp_retro::ParseByteRuns(text, ids.size(), weights));
    ASSERT_EQ(weights.size(), ids.size());
    std::map<int, int> weightOfX; // author x of the row's vertices: -2, -1.75, -1.5, -1.25
    for (size_t i = 0; i < ids.size(); ++i) {
        ASSERT_LT(ids[i], positions.size());
        const aiVector3D p = positions[ids[i]];
        EXPECT_NEAR(p.z, 2.f, 1e-5f) << i; // author z = -2, mirrored
        weightOfX[int(std::lround((p.x + 2.f) * 4.f))] = weights[i];
    }
    EXPECT_EQ(weightOfX, (std::map<int, int>{{0, 255}, {1, 128}, {2, 64}, {3, 255}}));
    // Face 1, a quad: two consecutive triangles, marked as one quad.
    const std::vector<uint32_t> triangles = Ids(lod, "p3d:selection:kolo:triangles");
    ASSERT_EQ(triangles.size(), 2u);
    EXPECT_EQ(triangles[1], triangles[0] + 1);
    const std::vector<uint32_t> quads = Ids(lod, "p3d:quads");
    EXPECT_TRUE(std::binary_search(quads.begin(), quads.end(), triangles[0]));
    // 255 quads drawn (one hidden) and a triangle; the proxy is its node.
    EXPECT_EQ(quads.size(), 255u);
    EXPECT_FALSE(lod->mMetaData->HasKey("p3d:selection:proxy:data\\proxies\\driver.01:vertices"));
    // Unweighted: no weights entry; the turret's 153 vertices appear once per mesh they are in.
    EXPECT_FALSE(lod->mMetaData->HasKey("p3d:selection:otocvez:weights"));
    EXPECT_GE(Ids(lod, "p3d:selection:otocvez:vertices").size(), 153u);
    EXPECT_EQ(Ids(lod, "p3d:selection:otocvez:triangles").size(), 256u);
}

TEST(P3dSelectionData, MemoryPointsAreLoosePointsWithTheirSelections) {
    Assimp::Importer importer;
    const aiScene *scene = ImportBytes(importer, wp::WriteMlod(wp::SampleModel()));
    ASSERT_NE(scene, nullptr) << importer.GetErrorString();
    const aiNode *memory = Child(scene->mRootNode, "Memory");
    ASSERT_NE(memory, nullptr);
    const std::vector<aiVector3D> positions = ScenePositions(scene, memory);
    ASSERT_EQ(positions.size(), 3u);
    const std::vector<uint32_t> muzzle = Ids(memory, "p3d:selection:usti hlavne:vertices");
    ASSERT_EQ(muzzle.size(), 1u);
    EXPECT_NEAR((positions[muzzle[0]] - aiVector3D(0.f, 1.5f, 3.f)).Length(), 0.f, 1e-6f);
    EXPECT_EQ(Ids(memory, "p3d:selection:usti hlavne:triangles").size(), 0u);
}

TEST(P3dSelectionData, MaterialsKeepEveryFaceFlag) {
    Model model = wp::SampleModel();
    // Bits the importer does not draw differently: still a material of their own.
    model.lods[0].faces[5].special |= 0x20; // NoShadow
    Assimp::Importer importer;
    const aiScene *scene = ImportBytes(importer, wp::WriteOdol(model));
    ASSERT_NE(scene, nullptr) << importer.GetErrorString();
    std::multiset<int> specials;
    for (unsigned m = 0; m < scene->mNumMaterials; ++m) {
        int special = -1;
        if (scene->mMaterials[m]->Get("$mat.p3d.special", 0, 0, special) == AI_SUCCESS) {
            specials.insert(special);
        }
        int faceFlags = 0;
        EXPECT_NE(scene->mMaterials[m]->Get("$mat.p3d.faceFlags", 0, 0, faceFlags), AI_SUCCESS); // ODOL: none
    }
    EXPECT_EQ(specials.count(0x2000 | 0x20), 1u);
    EXPECT_EQ(specials.count(0x2000), 1u);
    EXPECT_EQ(specials.count(0xC100), 1u);
}
