// The ODOL reader's skip path: LODs the import does not want are walked
// (LzssSkip, plain skips), not decoded. The wanted LODs must come out exactly
// as a full decode gives them, and a corrupt unwanted LOD must fail with the
// same message as decoding it would, except for what only decoded data shows
// (LZSS checksums, index values inside selection arrays).
#include "AssetLib/Poseidon/P3dReader.h"
#include "AssetLib/Poseidon/P3dSceneBuilder.h"
#include "Common/ImportError.h"
#include "AssetLib/Poseidon/P3dMetadataKeys.h"
#include "support/TestSupport.h"
#include "writers/Poseidon/P3dWriter.h"

#include <assimp_retro/assimp_retro.h>

#include <assimp/Importer.hpp>
#include <assimp/scene.h>

#include <gtest/gtest.h>

#include <cstring>
#include <fstream>
#include <string>
#include <vector>

namespace wp = retro_test::p3d;
using assimp_retro::p3d::ChooseLods;
using assimp_retro::p3d::Lod;
using assimp_retro::p3d::LodChooser;
using assimp_retro::p3d::LodSelection;
using assimp_retro::p3d::Model;

namespace {

namespace keys = assimp_retro::p3d::keys;

LodChooser Chooser(LodSelection selection) {
    return [selection](const Model &m) { return ChooseLods(m, selection); };
}

bool SameFloats(const void *a, const void *b, size_t bytes) {
    return bytes == 0 || std::memcmp(a, b, bytes) == 0;
}

void ExpectSameLod(const Lod &a, const Lod &b) {
    EXPECT_EQ(a.resolution, b.resolution);
    EXPECT_FALSE(a.skipped);
    EXPECT_FALSE(b.skipped);
    ASSERT_EQ(a.positions.size(), b.positions.size());
    EXPECT_TRUE(SameFloats(a.positions.data(), b.positions.data(), a.positions.size() * sizeof(a.positions[0])));
    ASSERT_EQ(a.normals.size(), b.normals.size());
    EXPECT_TRUE(SameFloats(a.normals.data(), b.normals.data(), a.normals.size() * sizeof(a.normals[0])));
    ASSERT_EQ(a.uvs.size(), b.uvs.size());
    EXPECT_TRUE(SameFloats(a.uvs.data(), b.uvs.data(), a.uvs.size() * sizeof(a.uvs[0])));
    EXPECT_EQ(a.clipFlags, b.clipFlags);
    EXPECT_EQ(a.textures, b.textures);
    ASSERT_EQ(a.faces.size(), b.faces.size());
    for (size_t f = 0; f < a.faces.size(); ++f) {
        EXPECT_EQ(a.faces[f].special, b.faces[f].special) << f;
        EXPECT_EQ(a.faces[f].texIndex, b.faces[f].texIndex) << f;
        ASSERT_EQ(a.faces[f].count, b.faces[f].count) << f;
        EXPECT_EQ(0, std::memcmp(a.faces[f].index, b.faces[f].index, sizeof(a.faces[f].index))) << f;
    }
    ASSERT_EQ(a.selections.size(), b.selections.size());
    for (size_t s = 0; s < a.selections.size(); ++s) {
        EXPECT_EQ(a.selections[s].name, b.selections[s].name);
        EXPECT_EQ(a.selections[s].faces, b.selections[s].faces);
        EXPECT_EQ(a.selections[s].vertices, b.selections[s].vertices);
        EXPECT_EQ(a.selections[s].vertexWeights, b.selections[s].vertexWeights);
    }
    EXPECT_EQ(a.properties, b.properties);
    ASSERT_EQ(a.frames.size(), b.frames.size());
    for (size_t i = 0; i < a.frames.size(); ++i) {
        EXPECT_EQ(a.frames[i].time, b.frames[i].time);
        ASSERT_EQ(a.frames[i].positions.size(), b.frames[i].positions.size());
        EXPECT_TRUE(SameFloats(a.frames[i].positions.data(), b.frames[i].positions.data(),
                a.frames[i].positions.size() * sizeof(a.frames[i].positions[0])));
    }
    ASSERT_EQ(a.proxies.size(), b.proxies.size());
    for (size_t i = 0; i < a.proxies.size(); ++i) {
        EXPECT_EQ(a.proxies[i].name, b.proxies[i].name);
        EXPECT_TRUE(SameFloats(a.proxies[i].matrix, b.proxies[i].matrix, sizeof(a.proxies[i].matrix)));
        EXPECT_EQ(a.proxies[i].id, b.proxies[i].id);
        EXPECT_EQ(a.proxies[i].selection, b.proxies[i].selection);
    }
    EXPECT_EQ(a.colorTop, b.colorTop);
    EXPECT_EQ(a.color, b.color);
    EXPECT_EQ(a.special, b.special);
    EXPECT_EQ(a.pointCount, b.pointCount);
}

/// The reader's error for `bytes` ("" if it reads), with or without a chooser.
std::string ReadError(const std::vector<uint8_t> &bytes, const LodChooser &choose) {
    try {
        assimp_retro::p3d::ReadP3d(bytes.data(), bytes.size(), "skip", choose);
    } catch (const assimp_retro::ImportError &e) {
        return e.what();
    }
    return "";
}

/// A small first LOD (the one LODS = 0 wants), then the sample's rich LOD
/// (compressed arrays, selections, proxy, frames) as an unwanted LOD 2.000,
/// then a Memory LOD.
Model SkipModel() {
    Model model = wp::GridModel(2);
    model.lods[0].resolution = 1.f;
    Lod rich = wp::SampleModel().lods[0];
    rich.resolution = 2.f;
    Lod memory = model.lods[0];
    memory.resolution = 1e15f;
    model.lods.push_back(rich);
    model.lods.push_back(memory);
    return model;
}

/// Where the rich LOD 1 of SkipModel sits in its ODOL file: [begin, end).
std::pair<size_t, size_t> RichLodRange() {
    Model one = SkipModel();
    one.lods.resize(1);
    Model two = one;
    two.lods.push_back(one.lods[0]);
    const size_t oneSize = wp::WriteOdol(one).size(), twoSize = wp::WriteOdol(two).size();
    const size_t lodBytes = twoSize - oneSize - 4; // one LOD and its resolution
    const size_t begin = 12 + lodBytes;
    Model withRich = one;
    withRich.lods.push_back(SkipModel().lods[1]);
    return {begin, wp::WriteOdol(withRich).size() - (oneSize - 12 - lodBytes) - 4};
}

} // namespace

TEST(P3dLodSkip, WantedLodIsIdenticalWithAndWithoutSkipping) {
    const std::vector<uint8_t> bytes = wp::WriteOdol(SkipModel());
    const Model full = assimp_retro::p3d::ReadP3d(bytes.data(), bytes.size(), "skip");
    const Model first = assimp_retro::p3d::ReadP3d(bytes.data(), bytes.size(), "skip", Chooser(LodSelection::FirstVisual));
    ASSERT_EQ(first.lods.size(), 3u);
    ExpectSameLod(first.lods[0], full.lods[0]);
    // The unwanted LODs keep only their resolution.
    for (size_t i : {size_t(1), size_t(2)}) {
        EXPECT_TRUE(first.lods[i].skipped) << i;
        EXPECT_EQ(first.lods[i].resolution, full.lods[i].resolution) << i;
        EXPECT_TRUE(first.lods[i].positions.empty() && first.lods[i].faces.empty() && first.lods[i].selections.empty());
    }
    EXPECT_EQ(first.mass, full.mass);
    EXPECT_EQ(first.boundingCenter.x, full.boundingCenter.x);
    // AllVisual: LODs 0 and 1 (the rich one, with frames and a proxy) decoded.
    const Model visual = assimp_retro::p3d::ReadP3d(bytes.data(), bytes.size(), "skip", Chooser(LodSelection::AllVisual));
    ExpectSameLod(visual.lods[0], full.lods[0]);
    ExpectSameLod(visual.lods[1], full.lods[1]);
    EXPECT_FALSE(full.lods[1].frames.empty());
    EXPECT_FALSE(full.lods[1].proxies.empty());
    EXPECT_TRUE(visual.lods[2].skipped);
}

TEST(P3dLodSkip, ImportedFirstLodMatchesTheFullImport) {
    const std::vector<uint8_t> bytes = wp::WriteOdol(SkipModel());
    Assimp::Importer skipping, full;
    skipping.SetPropertyInteger(AI_CONFIG_IMPORT_P3D_LODS, 0);
    full.SetPropertyInteger(AI_CONFIG_IMPORT_P3D_LODS, 2);
    const aiScene *a = retro_test::ImportMemory(skipping, bytes, "p3d");
    const aiScene *b = retro_test::ImportMemory(full, bytes, "p3d");
    ASSERT_NE(a, nullptr) << skipping.GetErrorString();
    ASSERT_NE(b, nullptr) << full.GetErrorString();
    ASSERT_EQ(a->mRootNode->mNumChildren, 1u);
    ASSERT_EQ(b->mRootNode->mNumChildren, 3u);
    const aiNode *lodA = a->mRootNode->mChildren[0], *lodB = b->mRootNode->mChildren[0];
    EXPECT_STREQ(lodA->mName.C_Str(), lodB->mName.C_Str());
    ASSERT_EQ(lodA->mNumMeshes, lodB->mNumMeshes);
    ASSERT_GT(lodA->mNumMeshes, 0u);
    for (unsigned m = 0; m < lodA->mNumMeshes; ++m) {
        const aiMesh *ma = a->mMeshes[lodA->mMeshes[m]], *mb = b->mMeshes[lodB->mMeshes[m]];
        ASSERT_EQ(ma->mNumVertices, mb->mNumVertices);
        ASSERT_EQ(ma->mNumFaces, mb->mNumFaces);
        EXPECT_EQ(0, std::memcmp(ma->mVertices, mb->mVertices, ma->mNumVertices * sizeof(aiVector3D)));
        EXPECT_EQ(0, std::memcmp(ma->mNormals, mb->mNormals, ma->mNumVertices * sizeof(aiVector3D)));
        EXPECT_EQ(0, std::memcmp(ma->mTextureCoords[0], mb->mTextureCoords[0], ma->mNumVertices * sizeof(aiVector3D)));
        for (unsigned f = 0; f < ma->mNumFaces; ++f) {
            ASSERT_EQ(ma->mFaces[f].mNumIndices, mb->mFaces[f].mNumIndices);
            EXPECT_EQ(0, std::memcmp(ma->mFaces[f].mIndices, mb->mFaces[f].mIndices, ma->mFaces[f].mNumIndices * 4));
        }
    }
    // The root still reports every LOD of the file.
    int32_t lodsA = 0, lodsB = 0;
    ASSERT_TRUE(assimp_retro::Get(a->mRootNode->mMetaData, keys::kLods, lodsA));
    ASSERT_TRUE(assimp_retro::Get(b->mRootNode->mMetaData, keys::kLods, lodsB));
    EXPECT_EQ(lodsA, 3);
    EXPECT_EQ(lodsB, 3);
}

TEST(P3dLodSkip, RealHmmwvFirstLodMatchesTheFullDecode) {
    const std::string path = retro_test::CorpusPath("p3d/tzk210_mcar_hmmwv_xj200.p3d");
    if (!std::ifstream(path)) {
        GTEST_SKIP() << "no corpus file " << path;
    }
    const std::vector<uint8_t> bytes = retro_test::ReadFile(path);
    const Model full = assimp_retro::p3d::ReadP3d(bytes.data(), bytes.size(), "hmmwv");
    const Model first = assimp_retro::p3d::ReadP3d(bytes.data(), bytes.size(), "hmmwv", Chooser(LodSelection::FirstVisual));
    ASSERT_EQ(first.lods.size(), 10u);
    ExpectSameLod(first.lods[0], full.lods[0]);
    for (size_t i = 1; i < first.lods.size(); ++i) {
        EXPECT_TRUE(first.lods[i].skipped) << i;
        EXPECT_EQ(first.lods[i].resolution, full.lods[i].resolution) << i;
    }
}

TEST(P3dLodSkip, TruncatedUnwantedLodGivesTheDecodersError) {
    const std::vector<uint8_t> good = wp::WriteOdol(SkipModel());
    const auto range = RichLodRange();
    ASSERT_LT(range.first, range.second);
    ASSERT_LE(range.second, good.size());
    size_t failures = 0;
    for (size_t cut = range.first; cut < range.second; cut += 7) {
        const std::vector<uint8_t> bytes(good.begin(), good.begin() + cut);
        const std::string decoded = ReadError(bytes, nullptr);
        const std::string skipped = ReadError(bytes, Chooser(LodSelection::FirstVisual));
        ASSERT_FALSE(decoded.empty()) << cut;
        EXPECT_EQ(skipped, decoded) << cut;
        failures += skipped.find("LOD 1") != std::string::npos;
    }
    EXPECT_GT(failures, 0u); // the errors name the unwanted LOD's section
}

// Every byte of the unwanted LOD flipped in turn: the walk must fail with the
// decoder's message wherever the decoder's failure is not one only decoded
// data shows, and read the file whenever the decoder does.
TEST(P3dLodSkip, CorruptUnwantedLodGivesTheDecodersError) {
    const std::vector<uint8_t> good = wp::WriteOdol(SkipModel());
    const auto range = RichLodRange();
    size_t same = 0, decodeOnly = 0;
    for (size_t at = range.first; at < range.second; at += 2) {
        std::vector<uint8_t> bytes = good;
        bytes[at] ^= 0xFF;
        const std::string decoded = ReadError(bytes, nullptr);
        const std::string skipped = ReadError(bytes, Chooser(LodSelection::FirstVisual));
        const bool needsData = decoded.find("checksum mismatch") != std::string::npos ||
                (decoded.find("selection '") != std::string::npos && decoded.find("index") != std::string::npos);
        if (needsData) {
            ++decodeOnly; // the walk cannot see it; it may read the file or fail later
        } else {
            EXPECT_EQ(skipped, decoded) << "byte " << at;
            ++same;
        }
    }
    EXPECT_GT(same, 100u);
    EXPECT_GT(decodeOnly, 0u);
}

TEST(P3dLodSkip, UnwantedLodChecksumIsVerifiedOnlyWhenDecoded) {
    // Flip one byte inside the unwanted LOD's first compressed stream (its clip
    // flags, just after their count): the checksum no longer matches.
    std::vector<uint8_t> bytes = wp::WriteOdol(SkipModel());
    const size_t begin = RichLodRange().first;
    bytes[begin + 4 + 20] ^= 0x5A;
    const std::string decoded = ReadError(bytes, nullptr);
    EXPECT_NE(decoded.find("LOD 1"), std::string::npos) << decoded;
    EXPECT_NE(decoded.find("clipFlags"), std::string::npos) << decoded;
    EXPECT_NE(decoded.find("checksum mismatch"), std::string::npos) << decoded;
    // LODS = 0 does not decode it; LODS = 2 does and reports it.
    Assimp::Importer skipping, full;
    skipping.SetPropertyInteger(AI_CONFIG_IMPORT_P3D_LODS, 0);
    full.SetPropertyInteger(AI_CONFIG_IMPORT_P3D_LODS, 2);
    EXPECT_NE(retro_test::ImportMemory(skipping, bytes, "p3d"), nullptr) << skipping.GetErrorString();
    EXPECT_EQ(retro_test::ImportMemory(full, bytes, "p3d"), nullptr);
    EXPECT_NE(std::string(full.GetErrorString()).find("checksum mismatch"), std::string::npos) << full.GetErrorString();
}

// Random 1-4 byte corruptions anywhere in the file (deterministic): the same
// rule as above for the whole file. Where the decoder reads the file, the
// walk must too; the fuzz target imports with LODS = 2, so this is where the
// skip path meets hostile input.
TEST(P3dLodSkip, RandomCorruptionsAgreeWithTheDecoder) {
    const std::vector<uint8_t> good = wp::WriteOdol(SkipModel());
    uint32_t state = 12345;
    const auto next = [&state] {
        state = state * 1664525u + 1013904223u;
        return state >> 8;
    };
    size_t compared = 0, bothRead = 0;
    for (int round = 0; round < 3000; ++round) {
        std::vector<uint8_t> bytes = good;
        const unsigned flips = 1 + next() % 4;
        for (unsigned k = 0; k < flips; ++k) {
            bytes[next() % bytes.size()] ^= static_cast<uint8_t>(1 + next() % 255);
        }
        const std::string decoded = ReadError(bytes, nullptr);
        const std::string skipped = ReadError(bytes, Chooser(LodSelection::FirstVisual));
        const bool needsData = decoded.find("checksum mismatch") != std::string::npos ||
                (decoded.find("selection '") != std::string::npos && decoded.find("index") != std::string::npos);
        if (!needsData) {
            EXPECT_EQ(skipped, decoded) << "round " << round;
            ++compared;
            bothRead += decoded.empty();
        }
    }
    EXPECT_GT(compared, 2000u);
    EXPECT_GT(bothRead, 1000u); // flips in floats, flags and names read in both
}
