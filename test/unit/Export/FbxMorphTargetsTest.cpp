// ExportFbx: morph targets (Shape geometry, BlendShape/BlendShapeChannel) and
// their weight animation (DeformPercent curves) written by the completion
// pass, read back by Debian's Assimp 5.2.5 FBX importer; the FBX record
// reader refusing malformed property lists with byte offsets.
#include "support/AssimpLeaks.h"
#include "support/TestSupport.h"

#include "Export/FbxRecords.h"
#include "support/GltfTestScenes.h"

#include <assimp_retro/fbx_export.h>

#include <assimp/Importer.hpp>
#include <assimp/scene.h>

#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <cstring>
#include <string>
#include <vector>

namespace {

std::string Notes(const assimp_retro::FbxCompletionReport &report) {
    std::string all;
    for (const std::string &note : report.notes) {
        all += note + "\n";
    }
    return all;
}

const aiMesh *MeshNamed(const aiScene &scene, const std::string &name) {
    for (unsigned m = 0; m < scene.mNumMeshes; ++m) {
        if (name == scene.mMeshes[m]->mName.C_Str()) {
            return scene.mMeshes[m];
        }
    }
    return nullptr;
}

/// Output vertices of `target` at `position` (Assimp's FBX importer gives
/// every face corner its own vertex).
unsigned CountAt(const aiAnimMesh &target, const aiVector3D &position) {
    unsigned count = 0;
    for (unsigned v = 0; v < target.mNumVertices; ++v) {
        count += (target.mVertices[v] - position).Length() < 1e-6f ? 1 : 0;
    }
    return count;
}

// MakeMorphScene: mesh "BlobMesh" (node Blob, 3 targets), "PlainMesh" (no
// targets), "TwinA"/"TwinB" (both on node Twin, 3 targets each); animation
// "Wobble" at 10 ticks/s with morph channels "Blob", "Plain" and "Twin", keys
// at 0, 5, 10, 20 ticks.
TEST(FbxMorphTargets, ShapesChannelsAndWeightCurvesReadBackByAssimp) {
    const auto scene = gltf_test::MakeMorphScene();
    const std::string path = retro_test::OutputPath("Export/fbx/morph.fbx");
    assimp_retro::FbxCompletionReport report;
    std::string error;
    ASSERT_TRUE(assimp_retro::ExportFbx(*scene, "fbx", path, &error, &report)) << error;
    EXPECT_EQ(report.morphTargetsWritten, 9u) << Notes(report);
    EXPECT_EQ(report.morphTargetsLeftOut, 0u) << Notes(report);
    EXPECT_EQ(report.morphWeightCurves, 9u) << Notes(report); // Blob 3 + TwinA 3 + TwinB 3; Plain has no targets
    // The completion writes the AnimationStack and its layer (with the child
    // list Assimp's importer needs) itself: none of Assimp's to repair.
    EXPECT_EQ(report.animationLayerScopesAdded, 0u);
    EXPECT_TRUE(report.notes.empty()) << Notes(report);
    // The scene is left as it was.
    EXPECT_EQ(scene->mMeshes[0]->mNumAnimMeshes, 3u);

    Assimp::Importer importer; // Assimp's own importers only
    const aiScene *back = nullptr;
    {
        retro_test::AssimpLeaks ignored; // Assimp 5.2.5 loses its morph animation data
        back = importer.ReadFile(path, 0);
    }
    ASSERT_NE(back, nullptr) << importer.GetErrorString();
    // Assimp's FBX importer names meshes after their Models: the nodes
    // (TwinA and TwinB become child nodes of Twin).
    const aiMesh *blob = MeshNamed(*back, "Blob");
    ASSERT_NE(blob, nullptr);
    ASSERT_EQ(blob->mNumAnimMeshes, 3u);
    EXPECT_STREQ(blob->mAnimMeshes[0]->mName.C_Str(), "Raise");
    EXPECT_STREQ(blob->mAnimMeshes[2]->mName.C_Str(), "Pinch");
    // Raise lifts corner 2 (used by both triangles), Stretch moves corner 1,
    // Pinch corner 3 (one triangle each); the other corners stay.
    EXPECT_EQ(CountAt(*blob->mAnimMeshes[0], aiVector3D(1, 1, 1)), 2u);
    EXPECT_EQ(CountAt(*blob->mAnimMeshes[0], aiVector3D(0, 0, 0)), 2u);
    EXPECT_EQ(CountAt(*blob->mAnimMeshes[1], aiVector3D(1.5f, 0, 0)), 1u);
    EXPECT_EQ(CountAt(*blob->mAnimMeshes[2], aiVector3D(0.25f, 0.75f, 0)), 1u);
    EXPECT_EQ(CountAt(*blob->mAnimMeshes[2], aiVector3D(0, 1, 0)), 0u);
    for (const char *twin : {"TwinA", "TwinB"}) {
        const aiMesh *mesh = MeshNamed(*back, twin);
        ASSERT_NE(mesh, nullptr) << twin;
        EXPECT_EQ(mesh->mNumAnimMeshes, 3u) << twin;
    }
    ASSERT_NE(MeshNamed(*back, "Plain"), nullptr);
    EXPECT_EQ(MeshNamed(*back, "Plain")->mNumAnimMeshes, 0u);

    ASSERT_EQ(back->mNumAnimations, 1u);
    const aiAnimation &wobble = *back->mAnimations[0];
    EXPECT_STREQ(wobble.mName.C_Str(), "Wobble");
    ASSERT_EQ(wobble.mNumMorphMeshChannels, 3u); // one per mesh with targets
    const aiMeshMorphAnim *channel = nullptr;
    for (unsigned c = 0; c < wobble.mNumMorphMeshChannels; ++c) {
        if (std::string(wobble.mMorphMeshChannels[c]->mName.C_Str()) == "Blob*0") { // Assimp: model*geometry
            channel = wobble.mMorphMeshChannels[c];
        }
    }
    ASSERT_NE(channel, nullptr);
    ASSERT_EQ(channel->mNumKeys, 4u);
    // Times in seconds (0, 0.5, 1, 2) as Assimp's importer gives them: frames.
    const double frames = wobble.mTicksPerSecond;
    const double seconds[4] = {0.0, 0.5, 1.0, 2.0};
    const double weights[4][3] = {{1, 0, 0}, {0.25, 0.5, 0}, {0, 0, 0.75}, {0, 0, 0}};
    for (unsigned k = 0; k < 4; ++k) {
        const aiMeshMorphKey &key = channel->mKeys[k];
        EXPECT_NEAR(key.mTime, seconds[k] * frames, 1e-6) << "key " << k;
        ASSERT_EQ(key.mNumValuesAndWeights, 3u) << "key " << k;
        for (unsigned j = 0; j < 3; ++j) {
            ASSERT_LT(key.mValues[j], 3u);
            EXPECT_NEAR(key.mWeights[j], weights[k][key.mValues[j]], 1e-6) << "key " << k << " target " << key.mValues[j];
        }
    }
}

TEST(FbxMorphTargets, AsciiFbxLeavesThemOutWithANote) {
    const auto scene = gltf_test::MakeMorphScene();
    const std::string path = retro_test::OutputPath("Export/fbx/morph-ascii.fbx");
    assimp_retro::FbxCompletionReport report;
    std::string error;
    ASSERT_TRUE(assimp_retro::ExportFbx(*scene, "fbxa", path, &error, &report)) << error;
    EXPECT_EQ(report.morphTargetsWritten, 0u);
    EXPECT_EQ(report.morphTargetsLeftOut, 9u);
    ASSERT_EQ(report.notes.size(), 1u);
    EXPECT_EQ(report.notes[0], "9 morph target(s) left out of ASCII FBX");
}

// The record reader on hand-made property lists: every malformed one is
// refused with what and where.
std::vector<char> Bytes(const std::string &text) { return std::vector<char>(text.begin(), text.end()); }

std::string U32(uint32_t value) {
    std::string bytes(4, '\0');
    std::memcpy(&bytes[0], &value, 4);
    return bytes;
}

std::string ErrorOf(const std::function<void()> &call) {
    try {
        call();
    } catch (const assimp_retro::fbx::FormatError &e) {
        return e.what();
    }
    return "";
}

TEST(FbxRecords, MalformedPropertiesAreRefusedWithByteOffsets) {
    using assimp_retro::fbx::Record;
    using assimp_retro::fbx::RecordReader;
    // Property list at offset 10: an 'i' array of 3 values claiming 8 bytes.
    std::string data(10, 'x');
    data += "i" + U32(3) + U32(0) + U32(8) + std::string(8, '\0');
    std::vector<char> bytes = Bytes(data);
    RecordReader reader(bytes, true);
    Record record;
    record.name = "Indexes";
    record.numProperties = 1;
    record.propertiesBegin = 10;
    record.propertiesEnd = bytes.size();
    const auto properties = reader.Properties(record);
    ASSERT_EQ(properties.size(), 1u);
    EXPECT_EQ(ErrorOf([&] { reader.Int32Array(properties[0]); }),
            "FBX: array of 3 int32 has 8 bytes at byte offset 11");
    EXPECT_EQ(ErrorOf([&] { reader.Int64Array(properties[0]); }), "FBX: expected an int64 array at byte offset 10");

    // Compressed (encoding 1): refused, not inflated.
    std::string compressed(10, 'x');
    compressed += "i" + U32(2) + U32(1) + U32(8) + std::string(8, '\0');
    bytes = Bytes(compressed);
    RecordReader compressedReader(bytes, true);
    record.propertiesEnd = bytes.size();
    EXPECT_EQ(ErrorOf([&] { compressedReader.Int32Array(compressedReader.Properties(record)[0]); }),
            "FBX: compressed array (encoding 1) not supported at byte offset 11");

    // A string whose length runs past the list, an unknown type, a list
    // shorter than its property count.
    std::string longString(10, 'x');
    longString += "S" + U32(1000) + "abc";
    bytes = Bytes(longString);
    RecordReader stringReader(bytes, true);
    record.propertiesEnd = bytes.size();
    EXPECT_EQ(ErrorOf([&] { stringReader.Properties(record); }),
            "FBX: property of 'Indexes' runs past its property list at byte offset 10");
    bytes = Bytes(std::string(10, 'x') + "Q1234");
    RecordReader unknownReader(bytes, true);
    record.propertiesEnd = bytes.size();
    EXPECT_EQ(ErrorOf([&] { unknownReader.Properties(record); }),
            "FBX: unknown property type 81 in 'Indexes' at byte offset 10");
    bytes = Bytes(std::string(10, 'x') + "I" + U32(7));
    RecordReader shortReader(bytes, true);
    record.numProperties = 2;
    record.propertiesEnd = bytes.size();
    EXPECT_EQ(ErrorOf([&] { shortReader.Properties(record); }),
            "FBX: property list of 'Indexes' ends before its 2 properties at byte offset 15");
}

} // namespace

namespace {

// A completed FBX with one byte changed at a time (spread over the whole
// file) or cut short: CompleteFbx either completes it or refuses it with the
// byte offset, never crashes (run under ASan by tools/run_tests.sh).
TEST(FbxCompletion, SurvivesChangedAndTruncatedFiles) {
    const auto scene = gltf_test::MakeMorphScene();
    const std::string good = retro_test::OutputPath("Export/fbx/sweep-good.fbx");
    std::string error;
    ASSERT_TRUE(assimp_retro::ExportFbx(*scene, "fbx", good, &error)) << error;
    const std::vector<uint8_t> bytes = retro_test::ReadFile(good);
    ASSERT_GT(bytes.size(), 1000u);
    const std::string path = retro_test::OutputPath("Export/fbx/sweep.fbx");
    unsigned refused = 0;
    const size_t step = bytes.size() / 400 + 1;
    for (size_t at = 27; at < bytes.size(); at += step) { // after the 27-byte header
        for (int variant = 0; variant < 2; ++variant) {
            std::vector<uint8_t> changed = bytes;
            if (variant == 0) {
                changed[at] = static_cast<uint8_t>(changed[at] ^ 0xFF);
            } else {
                changed.resize(at);
            }
            retro_test::WriteFile(path, changed);
            error.clear();
            if (!assimp_retro::CompleteFbx(path, 100.0, &error)) {
                ++refused;
                EXPECT_NE(error.find("at byte offset "), std::string::npos) << "at " << at << ": " << error;
            }
        }
    }
    EXPECT_GT(refused, 100u); // every truncation, and changed record headers
}

} // namespace
