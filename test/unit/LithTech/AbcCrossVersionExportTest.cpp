// Cross-version exports: every corpus v6 model as v12 and every v12 model as
// v6, imported back with the losses docs/export-lithtech.md lists:
// v6 -> v12 keeps nodes, triangles, bind pose and keys (vertex animation
// and the v6 metadata are lost); v12 -> v6 keeps nodes, triangles and keys,
// binds each vertex to its strongest bone and poses the mesh at the first
// animation's first frame (v6 has no bind pose).
#include "AssetLib/LithTech/AbcLt1Reader.h"
#include "AssetLib/LithTech/AbcLt2Reader.h"
#include "support/ExportSupport.h"
#include "support/SceneCompare.h"
#include "support/TestSupport.h"

#include <assimp/Importer.hpp>
#include <assimp/scene.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>

namespace {

std::vector<std::string> CorpusAbcFiles(bool v6) {
    return retro_test::CorpusFiles({"abc", "abc-v12", "kpc-tree", "humans"}, [v6](const std::vector<uint8_t> &b) {
        const bool isV6 = assimp_retro::abc::IsLt1(b.data(), b.size());
        const bool isV12 = assimp_retro::abc::lt2::LooksLikeLt2(b.data(), b.size()) && b.size() > 15 && b[12] == 12;
        return v6 ? isV6 : isV12;
    });
}

std::string TestName(const ::testing::TestParamInfo<std::string> &info) {
    return retro_test::ParamName(info.param);
}

unsigned Faces(const aiScene &scene) {
    unsigned faces = 0;
    for (unsigned m = 0; m < scene.mNumMeshes; ++m) faces += scene.mMeshes[m]->mNumFaces;
    return faces;
}

class AbcV6AsV12 : public ::testing::TestWithParam<std::string> {};

TEST_P(AbcV6AsV12, ImportsBackWithItsGeometrySkeletonAndKeys) {
    Assimp::Importer first, second;
    const aiScene *original = retro_test::Import(first, retro_test::CorpusPath(GetParam()));
    ASSERT_NE(original, nullptr) << first.GetErrorString();
    std::string error;
    const std::vector<uint8_t> bytes = retro_test::ExportToMemory(*original, "abc12", &error);
    ASSERT_FALSE(bytes.empty()) << error;
    const aiScene *again = retro_test::ImportMemory(second, bytes, "abc");
    ASSERT_NE(again, nullptr) << second.GetErrorString();
    retro_test::SceneCompareOptions options;
    options.positionTolerance = 2e-5f * retro_test::LargestCoordinate(*original);
    options.normalTolerance = 1e-4f;
    options.compareMorphTargets = false; // v12 has no vertex animation
    // The v6 scene's own metadata has no place in v12; v12's is new.
    for (unsigned i = 0; original->mMetaData && i < original->mMetaData->mNumProperties; ++i)
        options.lostMetadata.insert(original->mMetaData->mKeys[i].C_Str());
    for (unsigned i = 0; again->mMetaData && i < again->mMetaData->mNumProperties; ++i)
        options.lostMetadata.insert(again->mMetaData->mKeys[i].C_Str());
    bool morphs = false;
    for (unsigned m = 0; m < original->mNumMeshes; ++m) morphs |= original->mMeshes[m]->mNumAnimMeshes > 0;
    if (morphs) {
        // A vertex-animated mesh's own positions are its first frame in both.
        options.positionTolerance = retro_test::LargestCoordinate(*original) / 100.f;
        for (unsigned a = 0; a < original->mNumAnimations; ++a) {
            EXPECT_EQ(again->mAnimations[a]->mNumMorphMeshChannels, 0u);
        }
    }
    if (!morphs) {
        retro_test::ExpectEqualScenes(*original, *again, options);
    } else {
        options.compareTriangles = false;
        retro_test::ExpectEqualScenes(*original, *again, options);
        EXPECT_EQ(Faces(*original), Faces(*again));
    }
}

INSTANTIATE_TEST_SUITE_P(Corpus, AbcV6AsV12, ::testing::ValuesIn(CorpusAbcFiles(true)), TestName);

class AbcV12AsV6 : public ::testing::TestWithParam<std::string> {};

TEST_P(AbcV12AsV6, ImportsBackRigidWithItsSkeletonAndKeys) {
    Assimp::Importer first, second;
    const aiScene *original = retro_test::Import(first, retro_test::CorpusPath(GetParam()));
    ASSERT_NE(original, nullptr) << first.GetErrorString();
    std::string error;
    const std::vector<uint8_t> bytes = retro_test::ExportToMemory(*original, "abc6", &error);
    ASSERT_FALSE(bytes.empty()) << error;
    const aiScene *again = retro_test::ImportMemory(second, bytes, "abc");
    ASSERT_NE(again, nullptr) << second.GetErrorString();
    // The nodes under the root keep their names and tree (sockets become
    // ordinary nodes); the v12 pieces become the one v6 piece; every key comes back.
    ASSERT_EQ(again->mNumMeshes, 1u);
    EXPECT_EQ(Faces(*again), Faces(*original));
    const aiNode *a = original->mRootNode->mChildren[0], *b = again->mRootNode->mChildren[0];
    std::vector<std::pair<const aiNode *, const aiNode *>> stack{{a, b}};
    while (!stack.empty()) {
        const auto pair = stack.back();
        stack.pop_back();
        EXPECT_STREQ(pair.first->mName.C_Str(), pair.second->mName.C_Str());
        ASSERT_EQ(pair.first->mNumChildren, pair.second->mNumChildren) << pair.first->mName.C_Str();
        for (unsigned c = 0; c < pair.first->mNumChildren; ++c) stack.emplace_back(pair.first->mChildren[c], pair.second->mChildren[c]);
    }
    retro_test::SceneCompareOptions options;
    options.positionTolerance = 2e-5f * retro_test::LargestCoordinate(*original);
    options.compareTriangles = false;
    options.compareMorphTargets = false;
    options.extraChannelsAllowed = true; // the sockets, now nodes
    for (unsigned i = 0; original->mMetaData && i < original->mMetaData->mNumProperties; ++i)
        options.lostMetadata.insert(original->mMetaData->mKeys[i].C_Str());
    for (unsigned i = 0; again->mMetaData && i < again->mMetaData->mNumProperties; ++i)
        options.lostMetadata.insert(again->mMetaData->mKeys[i].C_Str());
    // Compare the animations only (the pieces differ, and the bind pose: v6 has none).
    aiScene left, right;
    left.mNumAnimations = original->mNumAnimations;
    left.mAnimations = original->mAnimations;
    right.mNumAnimations = again->mNumAnimations;
    right.mAnimations = again->mAnimations;
    retro_test::ExpectEqualScenes(left, right, options);
    left.mAnimations = right.mAnimations = nullptr;
    left.mNumAnimations = right.mNumAnimations = 0;
}

INSTANTIATE_TEST_SUITE_P(Corpus, AbcV12AsV6, ::testing::ValuesIn(CorpusAbcFiles(false)), TestName);

} // namespace
