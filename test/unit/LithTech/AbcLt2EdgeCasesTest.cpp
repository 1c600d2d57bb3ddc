// ABC v9+: odd but possible data the importer must turn into a valid scene.
#include "AbcLt2TestHelpers.h"
#include "support/LogCapture.h"

namespace w = abcv9_writer;
using namespace abcv9_test;

namespace {

TEST(AbcLt2EdgeCases, UnweightedVerticesZeroBiasesAndRepeatedKeyTimes) {
    w::Model model = w::MakeTestModel(12, 1);
    auto &vertices = model.pieces[0].lods[0].vertices;
    vertices[0].weights.clear();                        // no weight at all
    for (auto &wt : vertices[1].weights) wt.bias = 0.f; // only zero biases
    vertices[2].weights.push_back(vertices[2].weights[0]); // a node listed twice
    // a repeated and a backward key time
    w::Animation &walk = model.animations[1];
    walk.times = {0, 100, 100, 50, 450};
    Assimp::Importer importer;
    const aiScene *scene = ImportV9Bytes(importer, w::Write(model), "edge.abc", aiProcess_LimitBoneWeights);
    ASSERT_NE(scene, nullptr) << importer.GetErrorString();

    const aiMesh *mesh = scene->mMeshes[0];
    std::vector<float> sums(mesh->mNumVertices, 0.f);
    std::vector<int> counts(mesh->mNumVertices, 0);
    for (unsigned b = 0; b < mesh->mNumBones; ++b) {
        for (unsigned k = 0; k < mesh->mBones[b]->mNumWeights; ++k) {
            sums[mesh->mBones[b]->mWeights[k].mVertexId] += mesh->mBones[b]->mWeights[k].mWeight;
            ++counts[mesh->mBones[b]->mWeights[k].mVertexId];
        }
    }
    for (unsigned v = 0; v < mesh->mNumVertices; ++v) {
        EXPECT_NEAR(sums[v], 1.f, 1e-5f) << "vertex " << v;
        EXPECT_GE(counts[v], 1) << "vertex " << v;
    }

    const aiAnimation *anim = scene->mAnimations[1];
    ASSERT_EQ(anim->mChannels[0]->mNumPositionKeys, 3u); // 0, 100, 450
    EXPECT_EQ(anim->mChannels[0]->mPositionKeys[2].mTime, 450.0);
    EXPECT_EQ(anim->mDuration, 450.0);
    retro_test::ExpectValidGltf(ExportGlb(scene, "edge.glb"));
}

// Found by fuzz_abc_lt2 (a timeout): with no pieces nothing bounds LODCount,
// and building every LOD walked 2^31 empty LODs.
TEST(AbcLt2EdgeCases, HugeLodCountWithoutPiecesBuildsNoLods) {
    w::Model model = w::MakeAnimationModel(12, "idle");
    model.lodCount = 0x7FFFFFFFu;
    retro_test::LogCapture log;
    Assimp::Importer importer;
    importer.SetPropertyBool(AI_CONFIG_IMPORT_ABC_ALL_LODS, true);
    const aiScene *scene = ImportV9Bytes(importer, w::Write(model), "huge_lod_count.abc");
    ASSERT_NE(scene, nullptr) << importer.GetErrorString();
    EXPECT_EQ(scene->mNumMeshes, 0u);
    EXPECT_EQ(scene->mNumAnimations, 1u);
    int32_t lodCount = 0;
    ASSERT_TRUE(scene->mMetaData->Get("abc:lodCount", lodCount));
    EXPECT_EQ(lodCount, 0x7FFFFFFF); // the file's value is still reported
    EXPECT_TRUE(log.Contains("LODCount 2147483647 in a file without pieces: no LOD to build")) << log.Text();
}

TEST(AbcLt2EdgeCases, V108SkipsHitGroups) {
    Assimp::Importer importer;
    const aiScene *scene = ImportV9Bytes(importer, w::Write(w::MakeTestModel(108, 1)), "hitgroups.abc");
    ASSERT_NE(scene, nullptr) << importer.GetErrorString();
    aiString skipped;
    ASSERT_TRUE(scene->mMetaData->Get("abc:skippedSection0", skipped));
    EXPECT_STREQ(skipped.C_Str(), "HitGroups");
}

TEST(AbcLt2EdgeCases, EmptyNamesAndDuplicateNamesBecomeUnique) {
    w::Model model = w::MakeTestModel(11, 1);
    model.nodes[2].name = "";
    model.nodes[5].name = "ArmL";
    model.sockets[0].name = "ArmL";
    Assimp::Importer importer;
    const aiScene *scene = ImportV9Bytes(importer, w::Write(model), "names.abc", aiProcess_LimitBoneWeights);
    ASSERT_NE(scene, nullptr) << importer.GetErrorString();
    EXPECT_NE(FindNode(scene, "node2"), nullptr);
    EXPECT_NE(FindNode(scene, "ArmL"), nullptr);
    EXPECT_NE(FindNode(scene, "ArmL.1"), nullptr);
    EXPECT_NE(FindNode(scene, "ArmL.2"), nullptr);
    retro_test::ExpectValidGltf(ExportGlb(scene, "names.glb"));
}

} // namespace
