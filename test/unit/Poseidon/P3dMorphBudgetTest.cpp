// The morph budget charges each target's aiAnimMesh (~1.2 KB), not only its
// vertices: a 3-vertex LOD with very many frames is refused clearly instead of
// allocating an aiAnimMesh per frame (millions of frames in a few hundred MB
// of file would have allocated gigabytes).
#include "support/TestSupport.h"
#include "writers/Poseidon/P3dWriter.h"

#include <assimp_retro/assimp_retro.h>

#include <assimp/Importer.hpp>
#include <assimp/scene.h>

#include <gtest/gtest.h>

namespace {

assimp_retro::p3d::Model TriangleWithFrames(size_t frames) {
    assimp_retro::p3d::Lod lod;
    lod.resolution = 1.f;
    for (int i = 0; i < 3; ++i) {
        lod.positions.push_back({float(i == 1), 0.f, float(i == 2)});
        lod.normals.push_back({0.f, -1.f, 0.f});
        lod.uvs.push_back({0.f, 0.f});
        lod.clipFlags.push_back(0x3F);
    }
    assimp_retro::p3d::Polygon face;
    face.count = 3;
    face.index[1] = 2;
    face.index[2] = 1;
    lod.faces.push_back(face);
    lod.frames.resize(frames);
    for (size_t f = 0; f < frames; ++f) {
        lod.frames[f].time = float(f);
        lod.frames[f].positions = lod.positions;
    }
    assimp_retro::p3d::Model model;
    model.lods.push_back(lod);
    return model;
}

} // namespace

TEST(P3dMorphBudget, ATinyLodWithManyFramesIsRefused) {
    // 20000 frames of 3 vertices: 20000 * (3 + 100) target units against a
    // budget of 8 * 3 * 20000 + 2^20.
    Assimp::Importer importer;
    importer.SetPropertyInteger(AI_CONFIG_IMPORT_P3D_LODS, 0);
    const std::vector<uint8_t> bytes = retro_test::p3d::WriteOdol(TriangleWithFrames(20000));
    EXPECT_LT(bytes.size(), 1u << 20);
    EXPECT_EQ(retro_test::ImportMemory(importer, bytes, "p3d"), nullptr);
    const std::string message = importer.GetErrorString();
    EXPECT_NE(message.find("morph frames for 20000 frames x 3 vertices"), std::string::npos) << message;
}

TEST(P3dMorphBudget, ATinyLodWithSomeThousandFramesImports) {
    Assimp::Importer importer;
    importer.SetPropertyInteger(AI_CONFIG_IMPORT_P3D_LODS, 0);
    const aiScene *scene = retro_test::ImportMemory(importer, retro_test::p3d::WriteOdol(TriangleWithFrames(5000)), "p3d");
    ASSERT_NE(scene, nullptr) << importer.GetErrorString();
    ASSERT_EQ(scene->mNumMeshes, 1u);
    EXPECT_EQ(scene->mMeshes[0]->mNumAnimMeshes, 5000u);
}
