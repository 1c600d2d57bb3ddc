// The abc12 exporter: every ABC v12 file of ../shared/corpus makes the round
// trip import -> export -> import with an equal scene (LOD 0, and every LOD
// when imported with AI_CONFIG_IMPORT_ABC_ALL_LODS); the piece layout kept or
// chosen; the rules on small scenes.
#include "AssetLib/LithTech/AbcLt2Import.h"
#include "AssetLib/LithTech/AbcLt2Reader.h"
#include "AssetLib/LithTech/AbcMetadataKeys.h"
#include "support/ExportSupport.h"
#include "support/SceneCompare.h"
#include "support/TestSupport.h"

#include <assimp/Importer.hpp>
#include <assimp/scene.h>
#include <assimp_retro/config.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>

namespace {

namespace keys = assimp_retro::abc::keys;

uint32_t Version(const std::vector<uint8_t> &bytes) {
    if (bytes.size() < 16 || !assimp_retro::abc::lt2::LooksLikeLt2(bytes.data(), bytes.size())) return 0;
    return uint32_t(bytes[12]) | uint32_t(bytes[13]) << 8 | uint32_t(bytes[14]) << 16 | uint32_t(bytes[15]) << 24;
}

void RoundTrip(const std::string &file, bool allLods) {
    Assimp::Importer first, second;
    first.SetPropertyBool(AI_CONFIG_IMPORT_ABC_ALL_LODS, allLods);
    second.SetPropertyBool(AI_CONFIG_IMPORT_ABC_ALL_LODS, allLods);
    const aiScene *original = retro_test::Import(first, retro_test::CorpusPath(file));
    ASSERT_NE(original, nullptr) << first.GetErrorString();
    std::string error;
    const std::vector<uint8_t> bytes = retro_test::ExportToMemory(*original, "abc12", &error);
    ASSERT_FALSE(bytes.empty()) << error;
    EXPECT_EQ(Version(bytes), 12u);
    const aiScene *again = retro_test::ImportMemory(second, bytes, "abc");
    ASSERT_NE(again, nullptr) << second.GetErrorString();
    retro_test::SceneCompareOptions options;
    options.positionTolerance = 2e-6f * retro_test::LargestCoordinate(*original);
    options.normalTolerance = 1e-4f;
    options.rotationTolerance = 1e-4f;
    if (!allLods) {
        // LOD 0 only in the scene: the others are not in it to write back.
        options.lostMetadata = {keys::kLodCount.name};
        for (size_t lod = 0; lod < 4; ++lod) options.lostMetadata.insert(keys::LodDistance(lod).name);
    }
    retro_test::ExpectEqualScenes(*original, *again, options);
}

class AbcV12ExportCorpus : public ::testing::TestWithParam<std::string> {};

TEST_P(AbcV12ExportCorpus, RoundTripGivesAnEqualScene) {
    RoundTrip(GetParam(), false);
}

TEST_P(AbcV12ExportCorpus, RoundTripWithEveryLod) {
    RoundTrip(GetParam(), true);
}

INSTANTIATE_TEST_SUITE_P(Corpus, AbcV12ExportCorpus,
        ::testing::ValuesIn(retro_test::CorpusFiles({"abc-v12", "humans"}, [](const std::vector<uint8_t> &b) { return Version(b) == 12; })),
        [](const auto &info) { return retro_test::ParamName(info.param); });

} // namespace

#include "writers/LithTech/AbcLt2Fixtures.h"

namespace {

namespace w = abcv9_writer;

const aiScene *ImportBytes(Assimp::Importer &importer, const std::vector<uint8_t> &bytes) {
    importer.SetPropertyBool(AI_CONFIG_IMPORT_ABC_ALL_LODS, true);
    return retro_test::ImportMemory(importer, bytes, "abc");
}

/// `scene` through abc12 and back into `importer` (`again`, nullptr on
/// failure): equal to `expected`.
void ExportAndCompare(const aiScene &scene, const aiScene &expected, Assimp::Importer &importer, const aiScene *&again) {
    std::string error;
    const std::vector<uint8_t> bytes = retro_test::ExportToMemory(scene, "abc12", &error);
    ASSERT_FALSE(bytes.empty()) << error;
    again = ImportBytes(importer, bytes);
    ASSERT_NE(again, nullptr) << importer.GetErrorString();
    retro_test::SceneCompareOptions options;
    options.positionTolerance = 1e-5f;
    options.normalTolerance = 1e-5f;
    retro_test::ExpectEqualScenes(expected, *again, options);
}

/// The writers' rich model (6 nodes, one rotation-only and one removable, 3
/// pieces with 2 LODs, 1-4 weights, sockets, weight sets, a child model,
/// keyframe commands) in `layout`: import -> abc12 -> import.
void RichRoundTrip(const w::Layout &layout, const std::string &pieceLodWeight) {
    Assimp::Importer first, second;
    const aiScene *original = ImportBytes(first, w::Write(w::MakeTestModel(12, 2, {"Child"}), layout));
    ASSERT_NE(original, nullptr) << first.GetErrorString();
    const aiScene *again = nullptr;
    ExportAndCompare(*original, *original, second, again);
    if (!again) return;
    // What the comparison covered: 3 pieces x 2 LODs, the sockets, a weight set.
    EXPECT_EQ(again->mNumMeshes, 6u);
    unsigned sockets = 0;
    std::vector<const aiNode *> stack{again->mRootNode};
    while (!stack.empty()) {
        const aiNode *n = stack.back();
        stack.pop_back();
        bool socket = false;
        sockets += assimp_retro::Get(n->mMetaData, keys::kSocket, socket) && socket;
        stack.insert(stack.end(), n->mChildren, n->mChildren + n->mNumChildren);
    }
    EXPECT_EQ(sockets, 2u);
    aiString value;
    ASSERT_TRUE(again->mMetaData->Get(keys::WeightSetName(1).name, value));
    ASSERT_TRUE(again->mMetaData->Get(keys::kLayoutPieceLodWeight.name, value));
    EXPECT_EQ(std::string(value.C_Str()), pieceLodWeight);
}

TEST(AbcV12Export, RichModelRoundTrip) {
    RichRoundTrip(w::Layout(), "yes");
}

TEST(AbcV12Export, KeepsTheSourcesPieceLayout) {
    w::Layout layout;
    layout.lodWeight = 0; // a v12 file without the LOD weight float
    RichRoundTrip(layout, "no");
}

/// The scene's metadata as a glTF that Blender wrote gives it to the exporter
/// (docs/blender.md, "Export"): on the `<ABC_Root>` node, its int32 values as
/// Assimp's glTF importer reads JSON integers (64-bit), the scene's own
/// metadata naming only the source asset.
void MoveSceneMetadataToRootNode(aiScene &scene) {
    const aiMetadata &from = *scene.mMetaData;
    aiMetadata *moved = aiMetadata::Alloc(from.mNumProperties);
    for (unsigned i = 0; i < from.mNumProperties; ++i) {
        const aiMetadataEntry &entry = from.mValues[i];
        switch (entry.mType) {
        case AI_INT32:
            moved->Set(i, from.mKeys[i].C_Str(), uint64_t(int64_t(*static_cast<const int32_t *>(entry.mData))));
            break;
        case AI_FLOAT: moved->Set(i, from.mKeys[i].C_Str(), double(*static_cast<const float *>(entry.mData))); break;
        case AI_BOOL: moved->Set(i, from.mKeys[i].C_Str(), *static_cast<const bool *>(entry.mData)); break;
        case AI_DOUBLE: moved->Set(i, from.mKeys[i].C_Str(), *static_cast<const double *>(entry.mData)); break;
        case AI_AISTRING: moved->Set(i, from.mKeys[i].C_Str(), *static_cast<const aiString *>(entry.mData)); break;
        case AI_AIVECTOR3D: moved->Set(i, from.mKeys[i].C_Str(), *static_cast<const aiVector3D *>(entry.mData)); break;
        default: FAIL() << "unexpected metadata type of " << from.mKeys[i].C_Str();
        }
    }
    ASSERT_EQ(std::string(scene.mRootNode->mName.C_Str()), keys::kRootNodeName);
    delete scene.mRootNode->mMetaData;
    scene.mRootNode->mMetaData = moved;
    delete scene.mMetaData;
    scene.mMetaData = aiMetadata::Alloc(1);
    scene.mMetaData->Set(0, "SourceAsset_Generator", aiString("Khronos glTF Blender I/O"));
}

TEST(AbcV12Export, SceneMetadataOnTheRootNodeAsGltfGivesIt) {
    const std::vector<uint8_t> file = w::Write(w::MakeTestModel(12, 2, {"Child"}), w::Layout());
    Assimp::Importer reference, first, second;
    const aiScene *expected = ImportBytes(reference, file);
    ASSERT_NE(expected, nullptr) << reference.GetErrorString();
    ASSERT_NE(ImportBytes(first, file), nullptr) << first.GetErrorString();
    aiScene *scene = first.GetOrphanedScene();
    MoveSceneMetadataToRootNode(*scene);
    const aiScene *again = nullptr;
    ExportAndCompare(*scene, *expected, second, again);
    delete scene;
    if (!again) return;
    // The values the scene metadata gave: the command string, the keyframe commands, the child model.
    aiString command, original;
    ASSERT_TRUE(expected->mMetaData->Get(keys::kCommandString.name, original));
    ASSERT_TRUE(again->mMetaData->Get(keys::kCommandString.name, command));
    EXPECT_FALSE(std::string(original.C_Str()).empty());
    EXPECT_EQ(std::string(command.C_Str()), original.C_Str());
}

} // namespace
