// The abc6 exporter: every ABC v6 file of ../shared/corpus makes the round
// trip import -> export -> import with an equal scene; the rules of
// docs/formats/ABC.md "Writing ABC" on written files; refusals.
#include "AbcTestHelpers.h"

#include "AssetLib/LithTech/AbcLt1ExportModel.h"
#include "AssetLib/LithTech/AbcLt1Reader.h"
#include "support/ExportSupport.h"
#include "support/SceneCompare.h"
#include "support/TestSupport.h"
#include "writers/LithTech/AbcLt1Fixtures.h"

#include <assimp/Importer.hpp>
#include <assimp_retro/config.h>
#include <assimp/scene.h>

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>

using namespace abc_test;
using retro_test::ExportToMemory;

namespace {

/// The largest extent of the scene's meshes, for tolerances.
float SceneSize(const aiScene &scene) {
    float size = 0;
    for (unsigned m = 0; m < scene.mNumMeshes; ++m) {
        aiVector3D lo(1e30f, 1e30f, 1e30f), hi(-1e30f, -1e30f, -1e30f);
        for (unsigned v = 0; v < scene.mMeshes[m]->mNumVertices; ++v) {
            const aiVector3D &p = scene.mMeshes[m]->mVertices[v];
            lo = aiVector3D(std::min(lo.x, p.x), std::min(lo.y, p.y), std::min(lo.z, p.z));
            hi = aiVector3D(std::max(hi.x, p.x), std::max(hi.y, p.y), std::max(hi.z, p.z));
        }
        size = std::max({size, hi.x - lo.x, hi.y - lo.y, hi.z - lo.z});
    }
    return size;
}

class AbcV6ExportCorpus : public ::testing::TestWithParam<std::string> {};

TEST_P(AbcV6ExportCorpus, RoundTripGivesAnEqualScene) {
    const std::string path = retro_test::CorpusPath(GetParam());
    Assimp::Importer first, second;
    const aiScene *original = retro_test::Import(first, path);
    ASSERT_NE(original, nullptr) << first.GetErrorString();
    std::string error;
    const std::vector<uint8_t> bytes = ExportToMemory(*original, "abc6", &error);
    ASSERT_FALSE(bytes.empty()) << error;
    const aiScene *again = retro_test::ImportMemory(second, bytes, "abc");
    ASSERT_NE(again, nullptr) << second.GetErrorString();

    retro_test::SceneCompareOptions options;
    const float size = SceneSize(*original);
    options.positionTolerance = 1e-5f * std::max(size, 1.f);
    options.normalTolerance = 0.02f;
    options.rotationTolerance = 1e-4f;
    options.morphTolerance = size / 255.f; // one quantisation step of the largest node range at most
    options.lostMetadata = {"abc:lodSteps"}; // the importer keeps only the count of the collapse steps
    retro_test::ExpectEqualScenes(*original, *again, options);
}

INSTANTIATE_TEST_SUITE_P(Corpus, AbcV6ExportCorpus,
        ::testing::ValuesIn(retro_test::CorpusFiles({"abc", "kpc-tree", "humans"},
                [](const std::vector<uint8_t> &b) { return assimp_retro::abc::IsLt1(b.data(), b.size()); })),
        [](const auto &info) { return retro_test::ParamName(info.param); });

} // namespace

namespace {

// With the conversion to metres on (the importers' default), the exporter
// reads the unit back from UnitScaleFactor / OriginalUnitScaleFactor.
TEST(AbcV6ExportUnits, RoundTripInMetres) {
    for (const char *file : {"abc/CREATURES__TIBERIUS.ABC", "abc/DECOS__FLAG.ABC"}) {
        SCOPED_TRACE(file);
        Assimp::Importer first, second;
        first.SetPropertyBool(AI_CONFIG_IMPORT_RETRO_UNITS_TO_METRES, true);
        second.SetPropertyBool(AI_CONFIG_IMPORT_RETRO_UNITS_TO_METRES, true);
        const aiScene *original = retro_test::Import(first, retro_test::CorpusPath(file));
        ASSERT_NE(original, nullptr) << first.GetErrorString();
        std::string error;
        const std::vector<uint8_t> bytes = ExportToMemory(*original, "abc6", &error);
        ASSERT_FALSE(bytes.empty()) << error;
        // The file is in the game's units again: the same bytes' worth of geometry as the source.
        const std::vector<uint8_t> source = retro_test::ReadFile(retro_test::CorpusPath(file));
        const auto a = assimp_retro::abc::ReadLt1(source.data(), source.size(), file);
        const auto b = assimp_retro::abc::ReadLt1(bytes.data(), bytes.size(), "exported");
        EXPECT_NEAR(b.animations[0].nodes[1].keys[0].position.y, a.animations[0].nodes[1].keys[0].position.y, 1e-3f);
        const aiScene *again = retro_test::ImportMemory(second, bytes, "abc");
        ASSERT_NE(again, nullptr) << second.GetErrorString();
        retro_test::SceneCompareOptions options;
        const float size = SceneSize(*original);
        options.positionTolerance = 1e-5f * std::max(size, 1.f);
        options.morphTolerance = size / 255.f;
        options.lostMetadata = {"abc:lodSteps"};
        retro_test::ExpectEqualScenes(*original, *again, options);
    }
}

} // namespace
