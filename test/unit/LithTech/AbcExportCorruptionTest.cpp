// Hostile exporter input: a valid skinned, animated, vertex-animated scene
// (the writers' fixtures, imported) with one value at a time made hostile
// (NaN, infinity, huge, zero scale, out-of-range indices, absurd key times
// and counts, empty meshes). Each export either succeeds and the file imports
// back valid, or fails with an "ABC v6 export: ..." / "ABC v12 export: ..."
// message and no bytes; nothing crashes (the ASan build runs this too).
#include "AbcTestHelpers.h"

#include "support/ExportSupport.h"
#include "support/TestSupport.h"
#include "writers/LithTech/AbcLt1Fixtures.h"

#include <assimp/Importer.hpp>
#include <assimp/scene.h>

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <memory>
#include <random>

namespace {

using Mutation = void (*)(aiScene &, std::mt19937 &);

template <typename T>
T &Pick(T *items, unsigned count, std::mt19937 &rng) {
    return items[std::uniform_int_distribution<unsigned>(0, count - 1)(rng)];
}

float Hostile(std::mt19937 &rng) {
    static const float values[] = {std::numeric_limits<float>::quiet_NaN(), std::numeric_limits<float>::infinity(),
            -std::numeric_limits<float>::infinity(), 3e38f, -3e38f, 1e-38f, 0.f};
    return values[std::uniform_int_distribution<size_t>(0, 6)(rng)];
}

const Mutation kMutations[] = {
    [](aiScene &s, std::mt19937 &r) { Pick(s.mMeshes[0]->mVertices, s.mMeshes[0]->mNumVertices, r).y = Hostile(r); },
    [](aiScene &s, std::mt19937 &r) { Pick(s.mMeshes[0]->mNormals, s.mMeshes[0]->mNumVertices, r).x = Hostile(r); },
    [](aiScene &s, std::mt19937 &r) { Pick(s.mMeshes[0]->mTextureCoords[0], s.mMeshes[0]->mNumVertices, r).x = Hostile(r); },
    [](aiScene &s, std::mt19937 &r) { s.mRootNode->mChildren[0]->mTransformation.a1 = Hostile(r); },
    [](aiScene &s, std::mt19937 &r) { s.mRootNode->mChildren[0]->mTransformation.b4 = Hostile(r); },
    [](aiScene &s, std::mt19937 &r) {
        aiBone *b = Pick(s.mMeshes[0]->mBones, s.mMeshes[0]->mNumBones, r);
        if (b->mNumWeights) Pick(b->mWeights, b->mNumWeights, r).mWeight = Hostile(r);
    },
    [](aiScene &s, std::mt19937 &r) {
        aiBone *b = Pick(s.mMeshes[0]->mBones, s.mMeshes[0]->mNumBones, r);
        if (b->mNumWeights) Pick(b->mWeights, b->mNumWeights, r).mVertexId = 0xFFFFFFF0u;
    },
    [](aiScene &s, std::mt19937 &r) { Pick(s.mMeshes[0]->mBones, s.mMeshes[0]->mNumBones, r)->mOffsetMatrix = aiMatrix4x4(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0); },
    [](aiScene &s, std::mt19937 &r) { Pick(s.mMeshes[0]->mBones, s.mMeshes[0]->mNumBones, r)->mOffsetMatrix.c3 = Hostile(r); },
    [](aiScene &s, std::mt19937 &r) {
        aiNodeAnim *c = Pick(s.mAnimations[0]->mChannels, s.mAnimations[0]->mNumChannels, r);
        Pick(c->mPositionKeys, c->mNumPositionKeys, r).mValue.z = Hostile(r);
    },
    [](aiScene &s, std::mt19937 &r) {
        aiNodeAnim *c = Pick(s.mAnimations[0]->mChannels, s.mAnimations[0]->mNumChannels, r);
        Pick(c->mRotationKeys, c->mNumRotationKeys, r).mValue = aiQuaternion(Hostile(r), 0, 0, 0);
    },
    [](aiScene &s, std::mt19937 &r) {
        aiNodeAnim *c = Pick(s.mAnimations[0]->mChannels, s.mAnimations[0]->mNumChannels, r);
        c->mScalingKeys[0].mValue = aiVector3D(Hostile(r));
    },
    [](aiScene &s, std::mt19937 &r) {
        static const double times[] = {-1.0, 1e15, std::numeric_limits<double>::quiet_NaN(), std::numeric_limits<double>::infinity()};
        aiNodeAnim *c = Pick(s.mAnimations[0]->mChannels, s.mAnimations[0]->mNumChannels, r);
        c->mPositionKeys[c->mNumPositionKeys - 1].mTime = times[std::uniform_int_distribution<int>(0, 3)(r)];
    },
    [](aiScene &s, std::mt19937 &r) {
        static const double rates[] = {0.0, -5.0, 1e-300, std::numeric_limits<double>::quiet_NaN(), 1e300};
        s.mAnimations[0]->mTicksPerSecond = rates[std::uniform_int_distribution<int>(0, 4)(r)];
    },
    [](aiScene &s, std::mt19937 &) { s.mMeshes[0]->mNumFaces = 0; },
    [](aiScene &s, std::mt19937 &r) {
        if (s.mMeshes[0]->mNumAnimMeshes) Pick(s.mMeshes[0]->mAnimMeshes, s.mMeshes[0]->mNumAnimMeshes, r)->mVertices[0].x = Hostile(r);
    },
    [](aiScene &s, std::mt19937 &r) {
        for (unsigned a = 0; a < s.mNumAnimations; ++a)
            for (unsigned c = 0; c < s.mAnimations[a]->mNumMorphMeshChannels; ++c) {
                aiMeshMorphAnim *m = s.mAnimations[a]->mMorphMeshChannels[c];
                if (m->mNumKeys && m->mKeys[0].mNumValuesAndWeights) {
                    m->mKeys[0].mWeights[0] = Hostile(r);
                    m->mKeys[0].mValues[0] = r() % 2 ? 0xFFFFFFFFu : 0u;
                }
            }
    },
    [](aiScene &s, std::mt19937 &) { s.mAnimations[0]->mName.length = 0; },
    [](aiScene &s, std::mt19937 &) { s.mRootNode->mChildren[0]->mName = aiString("Piece"); },
};

/// The writers' fixture with skinning, two animations and vertex animation.
std::unique_ptr<aiScene> FreshScene(Assimp::Importer &importer, bool vertexAnimation) {
    using namespace retro_test::abcv6;
    const File file = vertexAnimation ? VertexAnimationFixture() : SkinnedFixture();
    const aiScene *scene = abc_test::ImportAbc(importer, Write(file).bytes);
    EXPECT_NE(scene, nullptr) << importer.GetErrorString();
    return std::unique_ptr<aiScene>(importer.GetOrphanedScene());
}

TEST(AbcExportCorruption, HostileValuesAreRefusedOrWrittenValid) {
    std::mt19937 rng(20261127);
    size_t written = 0, refused = 0;
    for (int round = 0; round < 400; ++round) {
        Assimp::Importer importer;
        std::unique_ptr<aiScene> scene = FreshScene(importer, round % 2 == 1);
        ASSERT_TRUE(scene);
        const size_t which = std::uniform_int_distribution<size_t>(0, std::size(kMutations) - 1)(rng);
        kMutations[which](*scene, rng);
        for (const char *id : {"abc6", "abc12"}) {
            std::string error;
            const std::vector<uint8_t> bytes = retro_test::ExportToMemory(*scene, id, &error);
            if (bytes.empty()) {
                ++refused;
                EXPECT_EQ(error.rfind(std::string(id) == "abc6" ? "ABC v6 export: " : "ABC v12 export: ", 0), 0u)
                        << "mutation " << which << ": " << error;
                continue;
            }
            ++written;
            Assimp::Importer back;
            EXPECT_NE(retro_test::ImportMemory(back, bytes, "abc"), nullptr)
                    << "mutation " << which << " exported by " << id << " does not import: " << back.GetErrorString();
        }
    }
    // Both outcomes happen: the test exercises the refusals and the writers.
    EXPECT_GT(written, 100u);
    EXPECT_GT(refused, 100u);
}

TEST(AbcExportCorruption, AbsurdCountsAreRefusedWithTheirNumbers) {
    // 70,000 vertices in one triangle soup: over v6's and a v12 piece's 16-bit indices.
    std::unique_ptr<aiScene> scene(new aiScene());
    scene->mRootNode = new aiNode("Root");
    scene->mRootNode->mNumMeshes = 1;
    scene->mRootNode->mMeshes = new unsigned[1]{0};
    aiMesh *mesh = new aiMesh();
    mesh->mName = aiString("Soup");
    mesh->mPrimitiveTypes = aiPrimitiveType_TRIANGLE;
    const unsigned faces = 70002 / 3;
    mesh->mNumVertices = faces * 3;
    mesh->mVertices = new aiVector3D[mesh->mNumVertices];
    for (unsigned v = 0; v < mesh->mNumVertices; ++v) mesh->mVertices[v] = aiVector3D(float(v), float(v % 7), 0);
    mesh->mNumFaces = faces;
    mesh->mFaces = new aiFace[faces];
    for (unsigned f = 0; f < faces; ++f) {
        mesh->mFaces[f].mNumIndices = 3;
        mesh->mFaces[f].mIndices = new unsigned[3]{3 * f, 3 * f + 1, 3 * f + 2};
    }
    scene->mNumMeshes = 1;
    scene->mMeshes = new aiMesh *[1]{mesh};
    scene->mNumMaterials = 1;
    scene->mMaterials = new aiMaterial *[1]{new aiMaterial()};
    std::string error;
    EXPECT_TRUE(retro_test::ExportToMemory(*scene, "abc6", &error).empty());
    EXPECT_EQ(error, "ABC v6 export: the meshes have more than 65535 distinct vertices; ABC v6 indexes vertices with 16 bits (mesh 'Soup')");
    EXPECT_TRUE(retro_test::ExportToMemory(*scene, "abc12", &error).empty());
    EXPECT_EQ(error, "ABC v12 export: mesh 'Soup' has 70002 vertices; ABC v12 allows 65535 per piece");
}

} // namespace
