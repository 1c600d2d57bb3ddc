// The patterns a P3D round trip must keep (issue 43, docs/formats/P3D.md
// §9.5), one fixture each from the project's writer, committed under
// test/models/roundtrip/ (the Blender add-on check reads the LOD ones too)
// and checked byte for byte here: the built tool exports each to MLOD
// (-f p3d, every LOD) and the reader counts both files: faces (quads and
// triangles apart, corners in order from the first), selection members and
// the LOD order. Counting the files, not two imports, sees what an import
// drops.
#include "support/ExportSupport.h"
#include "support/P3dFileCounts.h"
#include "support/TestSupport.h"
#include "writers/Poseidon/P3dWriter.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <iostream>

namespace {

namespace wp = retro_test::p3d;
using retro_test::P3dFileLod;

struct Fixture {
    const char *file; ///< under test/models/roundtrip/
    wp::Model (*make)();
    bool mlod;
};

const Fixture kFixtures[] = {
        {"non_flat_quad.p3d", wp::NonFlatQuadModel, false},
        {"collinear_quad.p3d", wp::CollinearQuadModel, false},
        {"zero_area_faces.p3d", wp::ZeroAreaFaceModel, false},
        {"unlisted_proxy_selection.p3d", wp::UnlistedProxySelectionModel, false},
        {"loose_point_selection.p3d", wp::LoosePointSelectionModel, false},
        {"unsorted_lods_mlod.p3d", wp::UnsortedLodsModel, true},
};

void PrintTo(const Fixture &fixture, std::ostream *out) {
    *out << fixture.file;
}

std::vector<uint8_t> Bytes(const Fixture &fixture) {
    return fixture.mlod ? wp::WriteMlod(fixture.make()) : wp::WriteOdol(fixture.make());
}

std::string FixturePath(const Fixture &fixture) {
    return std::string(ASSIMP_RETRO_SOURCE_DIR) + "/test/models/roundtrip/" + fixture.file;
}

TEST(P3dRoundTripFixtures, CommittedFilesAreTheWritersOutput) {
    const bool update = std::getenv("ASSIMP_RETRO_UPDATE_FUZZ_SEEDS") != nullptr;
    std::vector<std::pair<std::string, std::vector<uint8_t>>> files;
    for (const Fixture &fixture : kFixtures) {
        files.emplace_back(FixturePath(fixture), Bytes(fixture));
    }
    // Seeds of fuzz_p3d_export: its mutations reach the zero-area faces' list.
    const std::string seeds = std::string(ASSIMP_RETRO_SOURCE_DIR) + "/test/fuzz/corpus/fuzz_p3d_export/";
    files.emplace_back(seeds + "zero_area_faces.p3d", Bytes(kFixtures[2]));
    files.emplace_back(seeds + "collinear_quad.p3d", Bytes(kFixtures[1]));
    for (const auto &file : files) {
        if (update) {
            retro_test::WriteFile(file.first, file.second);
        }
        EXPECT_EQ(retro_test::ReadFile(file.first), file.second)
                << file.first << " differs from the writer's output; rerun with ASSIMP_RETRO_UPDATE_FUZZ_SEEDS=1";
    }
}

/// The fixture exported by the tool, both files counted.
void RoundTrip(const Fixture &fixture, std::vector<P3dFileLod> &before, std::vector<P3dFileLod> &after) {
    const std::string out = retro_test::OutputPath(std::string("P3dRoundTripTool/") + fixture.file);
    std::string output;
    ASSERT_EQ(retro_test::RunToolExport(FixturePath(fixture), out, "-f p3d --set IMPORT_P3D_LODS=2", &output), 0)
            << output;
    before = retro_test::ReadP3dFileLods(retro_test::ReadFile(FixturePath(fixture)), fixture.file);
    after = retro_test::ReadP3dFileLodsLike(out, before);
    for (size_t l = 0; l < before.size() && l < after.size(); ++l) {
        std::cout << "[ file counts ] " << fixture.file << " LOD " << before[l].resolution << ": quads "
                  << before[l].quads << " -> " << after[l].quads << ", triangles " << before[l].triangles << " -> "
                  << after[l].triangles << ", selection points " << before[l].SelectionPoints() << " -> "
                  << after[l].SelectionPoints() << "\n";
    }
    retro_test::ExpectSameFileLods(before, after);
}

class P3dRoundTripTool : public ::testing::TestWithParam<Fixture> {};

TEST_P(P3dRoundTripTool, TheFileReadsBackWhole) {
    std::vector<P3dFileLod> before, after;
    RoundTrip(GetParam(), before, after);
}

INSTANTIATE_TEST_SUITE_P(Fixtures, P3dRoundTripTool, ::testing::ValuesIn(kFixtures), [](const auto &info) {
    std::string name = info.param.file;
    return retro_test::ParamName(name.substr(0, name.size() - 4));
});

// What each fixture holds, so that it keeps testing its pattern.
TEST(P3dRoundTripFixtures, EachHoldsItsPattern) {
    auto lods = [](const Fixture &fixture) { return retro_test::ReadP3dFileLods(Bytes(fixture), fixture.file); };
    const auto collinear = lods(kFixtures[1]);
    EXPECT_EQ(collinear[0].quads, 8u);
    const auto flat = lods(kFixtures[2]);
    EXPECT_EQ(flat[0].triangles, 2u);
    EXPECT_EQ(flat[0].selectionFaces.at("zbytek").size(), 3u);
    const auto proxy = lods(kFixtures[3]);
    EXPECT_EQ(proxy[0].proxies, (std::set<std::string>{"proxy:data\\proxies\\driver.01"}));
    EXPECT_EQ(proxy[0].selectionPoints.at("proxy:cargo.06").size(), 3u);
    EXPECT_EQ(proxy[0].selectionFaces.at("proxy:cargo.06").size(), 1u);
    const auto loose = lods(kFixtures[4]);
    ASSERT_EQ(loose.size(), 2u);
    EXPECT_EQ(loose[1].selectionPoints.at("otocvelitele").size(), 2u);
    const auto unsorted = lods(kFixtures[5]);
    ASSERT_EQ(unsorted.size(), 4u);
    EXPECT_EQ(unsorted[1].resolution, 1e15f);
    EXPECT_EQ(unsorted[2].resolution, 2.f);
}

} // namespace
