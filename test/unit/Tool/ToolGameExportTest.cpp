// The route users take back into the games: the built tool exports every
// corpus model that has an exporter back (ABC v6 -> abc6, ABC v12 -> abc12,
// ODOL and MLOD -> p3d with every LOD), and the file it writes reads back like
// the original: node names and parents, every node's metadata (sockets, LOD
// levels and distances, pieces), socket transforms, animations and key times,
// scene metadata (child models, weight sets, bindings, command string); for
// P3D every LOD with its resolution bit for bit, its selections' members,
// properties, proxies and mass, and, counted from both files by the reader
// (P3dFileCounts.h; ofp-tree's P3D too), every LOD in its order, every face
// with its corners in order, every selection's points and faces. Then: the
// tool, a `-j 2` batch and the library write the same bytes (abc6, abc12,
// p3d, ltb: its round trips are LtbExportCorpus's); and a glTF with nested node extras (as
// Blender writes custom properties) goes through the tool.
#include "AssetLib/LithTech/AbcMetadataKeys.h"
#include "AssetLib/LithTech/AbcLt1Reader.h"
#include "AssetLib/LithTech/AbcLt2Reader.h"
#include "AssetLib/Poseidon/P3dMetadataKeys.h"
#include "support/ExportSupport.h"
#include "support/P3dFileCounts.h"
#include "support/P3dLodValues.h"
#include "support/SceneCompare.h"
#include "support/TestSupport.h"

#include <assimp_retro/assimp_retro.h>
#include <assimp_retro/config.h>

#include <assimp/Exporter.hpp>
#include <assimp/Importer.hpp>
#include <assimp/scene.h>

#include <gtest/gtest.h>

#include <cstring>
#include <filesystem>
#include <functional>
#include <iostream>
#include <map>

namespace {

namespace fs = std::filesystem;
namespace abc_keys = assimp_retro::abc::keys;
namespace p3d_keys = assimp_retro::p3d::keys;
using retro_test::ShellQuote;

struct Case {
    std::string file;   ///< below ../shared/corpus
    std::string format; ///< exporter id
};

std::ostream &operator<<(std::ostream &out, const Case &c) {
    return out << c.file << " -> " << c.format;
}

bool IsAbcV6(const std::vector<uint8_t> &b) {
    return assimp_retro::abc::IsLt1(b.data(), b.size());
}
bool IsAbcV12(const std::vector<uint8_t> &b) {
    return assimp_retro::abc::lt2::LooksLikeLt2(b.data(), b.size()) && b.size() > 16 && b[12] == 12 && b[13] == 0;
}
bool IsP3d(const std::vector<uint8_t> &b) {
    return b.size() > 4 && (std::memcmp(b.data(), "ODOL", 4) == 0 || std::memcmp(b.data(), "MLOD", 4) == 0);
}

std::vector<Case> CorpusCases() {
    std::vector<Case> cases;
    for (const std::string &f : retro_test::CorpusFiles({"abc", "kpc-tree", "humans"}, IsAbcV6)) cases.push_back({f, "abc6"});
    for (const std::string &f : retro_test::CorpusFiles({"abc-v12", "humans"}, IsAbcV12)) cases.push_back({f, "abc12"});
    for (const std::string &f : retro_test::CorpusFiles({"p3d", "ofp-tree"}, IsP3d)) cases.push_back({f, "p3d"});
    return cases;
}

std::string Extension(const std::string &format) {
    return format == "p3d" || format == "ltb" ? "." + format : ".abc";
}

/// The import settings of every route: P3D with every LOD.
std::string ToolSettings(const std::string &format) {
    return format == "p3d" ? " --set IMPORT_P3D_LODS=2" : "";
}
void ApplySettings(Assimp::Importer &importer, const std::string &format) {
    if (format == "p3d") {
        importer.SetPropertyInteger(AI_CONFIG_IMPORT_P3D_LODS, 2);
    }
}

int RunTool(const std::string &arguments, std::string *output) {
    return retro_test::RunCommand(ShellQuote(retro_test::ToolPath()) + " " + arguments + " 2>&1", output);
}

/// `assimp-retro export in out -f format` (and the route's settings).
void ToolExport(const std::string &in, const std::string &out, const std::string &format) {
    fs::remove(fs::u8path(out));
    std::string output;
    ASSERT_EQ(retro_test::RunToolExport(in, out, "-f " + format + ToolSettings(format), &output), 0) << output;
}

using NodeVisit = std::function<void(const aiNode &)>;
void EachNode(const aiNode *node, const NodeVisit &visit) {
    if (!node) return;
    visit(*node);
    for (unsigned c = 0; c < node->mNumChildren; ++c) EachNode(node->mChildren[c], visit);
}

std::vector<const aiNode *> Sockets(const aiScene &scene) {
    std::vector<const aiNode *> sockets;
    EachNode(scene.mRootNode, [&](const aiNode &n) {
        bool socket = false;
        if (assimp_retro::Get(n.mMetaData, abc_keys::kSocket, socket) && socket) sockets.push_back(&n);
    });
    return sockets;
}

void ExpectSameSockets(const aiScene &original, const aiScene &again, float tolerance) {
    const auto before = Sockets(original), after = Sockets(again);
    ASSERT_EQ(before.size(), after.size());
    for (size_t i = 0; i < before.size(); ++i) {
        SCOPED_TRACE(before[i]->mName.C_Str());
        EXPECT_STREQ(after[i]->mName.C_Str(), before[i]->mName.C_Str());
        EXPECT_STREQ(after[i]->mParent->mName.C_Str(), before[i]->mParent->mName.C_Str());
        for (unsigned r = 0; r < 3; ++r) {
            for (unsigned k = 0; k < 4; ++k) {
                EXPECT_NEAR(after[i]->mTransformation[r][k], before[i]->mTransformation[r][k], k == 3 ? tolerance : 1e-4f);
            }
        }
    }
    std::cout << "[ round trip ] sockets kept: " << after.size() << " of " << before.size() << "\n";
}

void CompareAbc(const aiScene &original, const aiScene &again, const std::string &format) {
    retro_test::SceneCompareOptions options;
    options.positionTolerance = 1e-5f * retro_test::LargestCoordinate(original);
    options.normalTolerance = 0.02f;
    options.rotationTolerance = 1e-4f;
    options.morphTolerance = retro_test::LargestCoordinate(original) / 255.f; // ABC v6 vertex animation: bytes
    options.compareNodeMetadata = true;
    if (format == "abc6") {
        options.lostMetadata = {abc_keys::kLodSteps.name}; // the importer keeps only the count of the collapse steps
    } else {
        // LOD 0 only in the scene (the import default): the others are not in it to write back.
        options.lostMetadata = {abc_keys::kLodCount.name};
        for (size_t lod = 0; lod < 4; ++lod) options.lostMetadata.insert(abc_keys::LodDistance(lod).name);
    }
    retro_test::ExpectEqualScenes(original, again, options);
    ExpectSameSockets(original, again, options.positionTolerance);
}

size_t SelectionCount(const std::map<std::string, retro_test::LodValues> &lods) {
    size_t count = 0;
    for (const auto &lod : lods) count += lod.second.selectionVertices.size();
    return count;
}

/// The two files as the reader counts them (P3dFileCounts.h): what both
/// imports drop (zero-area faces, a quad's zero-area half) shows here.
void CompareP3dFiles(const std::string &in, const std::string &out) {
    const std::vector<retro_test::P3dFileLod> before = retro_test::ReadP3dFileLods(retro_test::ReadFile(in), in);
    const std::vector<retro_test::P3dFileLod> after = retro_test::ReadP3dFileLodsLike(out, before);
    size_t counts[2][7] = {};
    for (size_t side = 0; side < 2; ++side) {
        for (const retro_test::P3dFileLod &lod : side == 0 ? before : after) {
            size_t held = 0;
            for (const auto &sel : lod.selectionProxies) held += sel.second;
            const size_t values[7] = {lod.quads, lod.triangles, lod.selectionPoints.size(), lod.SelectionPoints(),
                    lod.SelectionFaces(), lod.placeholders, held};
            for (size_t k = 0; k < 7; ++k) counts[side][k] += values[k];
        }
    }
    std::cout << "[ file counts ] quads " << counts[0][0] << " -> " << counts[1][0] << ", triangles " << counts[0][1]
              << " -> " << counts[1][1] << ", selections " << counts[0][2] << " -> " << counts[1][2]
              << ", their points " << counts[0][3] << " -> " << counts[1][3] << ", their faces " << counts[0][4]
              << " -> " << counts[1][4] << ", proxies " << counts[0][5] << " -> " << counts[1][5]
              << " (in other selections " << counts[0][6] << " -> " << counts[1][6] << ")\n";
    retro_test::ExpectSameFileLods(before, after);
}

void CompareP3d(const aiScene &original, const aiScene &again) {
    retro_test::ExpectSameP3dLods(original, again);
    const auto lodsBefore = retro_test::LodValuesOf(&original), lodsAfter = retro_test::LodValuesOf(&again);
    retro_test::SceneCompareOptions options;
    options.compareTriangles = false; // ODOL splits points by corner: compared as values above
    options.compareNodes = false;     // compared by name above, with their order in the files (CompareP3dFiles)
    options.lostMetadata = {p3d_keys::kFormat.name, p3d_keys::kArmor.name, p3d_keys::kMapType.name}; // MLOD has no place for them
    retro_test::ExpectEqualScenes(original, again, options);
    std::cout << "[ round trip ] LODs kept: " << again.mRootNode->mNumChildren << " of " << original.mRootNode->mNumChildren
              << ", selections kept: " << SelectionCount(lodsAfter) << " of " << SelectionCount(lodsBefore) << "\n";
}

class ToolGameExport : public ::testing::TestWithParam<Case> {};

TEST_P(ToolGameExport, ReadsBackLikeTheOriginal) {
    const Case &c = GetParam();
    const std::string in = retro_test::CorpusPath(c.file);
    ASSERT_FALSE(in.empty());
    // The same file name: the P3D importer names the root node after the file.
    const std::string out = retro_test::OutputPath("ToolGameExport/" + retro_test::ParamName(c.file) + "/" +
                                                   fs::u8path(in).stem().u8string() + Extension(c.format));
    ToolExport(in, out, c.format);
    Assimp::Importer first, second;
    ApplySettings(first, c.format);
    ApplySettings(second, c.format);
    const aiScene *original = retro_test::Import(first, in);
    ASSERT_NE(original, nullptr) << first.GetErrorString();
    const aiScene *again = retro_test::Import(second, out);
    ASSERT_NE(again, nullptr) << second.GetErrorString();
    if (c.format == "p3d") {
        CompareP3d(*original, *again);
        CompareP3dFiles(in, out);
    } else {
        CompareAbc(*original, *again, c.format);
    }
}

INSTANTIATE_TEST_SUITE_P(Corpus, ToolGameExport, ::testing::ValuesIn(CorpusCases()),
        [](const auto &info) { return retro_test::ParamName(info.param.file) + "_" + info.param.format; });

// ---- one export path ---------------------------------------------------------------

/// The library route: Importer with RegisterAll, Exporter with
/// RegisterExporters, Exporter::Export as a program would call it.
void LibraryExport(const std::string &in, const std::string &out, const std::string &format) {
    Assimp::Importer importer;
    ApplySettings(importer, format);
    importer.SetPropertyBool(AI_CONFIG_IMPORT_RETRO_UNITS_TO_METRES, true); // the importers' default, as the tool runs them
    const aiScene *scene = retro_test::Import(importer, in);
    ASSERT_NE(scene, nullptr) << importer.GetErrorString();
    Assimp::Exporter exporter;
    assimp_retro::RegisterExporters(exporter);
    ASSERT_EQ(exporter.Export(scene, format, out), AI_SUCCESS) << exporter.GetErrorString();
}

/// The file a batch wrote for `input` (same stem, any extension case).
std::string BatchOutput(const std::string &folder, const std::string &input) {
    const std::string stem = fs::u8path(input).stem().u8string();
    for (const auto &entry : fs::directory_iterator(fs::u8path(folder))) {
        if (entry.path().stem().u8string() == stem) return entry.path().u8string();
    }
    return std::string();
}

TEST(ToolGameExportRoutes, ToolBatchAndLibraryWriteTheSameBytes) {
    const std::vector<Case> cases = {{"abc/CREATURES__TIBERIUS.ABC", "abc6"}, {"humans/NOLF1__INTHERO_ACTION.ABC", "abc12"},
            {"p3d/cwr_complex_vehicle_mlod.p3d", "p3d"}, {"p3d/tzk210_mcar_hmmwv_xj200.p3d", "p3d"},
            {"ltb/Yun_WAIST_GR.LTB", "ltb"}};
    for (const Case &c : cases) {
        SCOPED_TRACE(c.file);
        const std::string source = retro_test::CorpusPath(c.file);
        ASSERT_FALSE(source.empty());
        const std::string work = retro_test::OutputPath("ToolGameExportRoutes/" + retro_test::ParamName(c.file) + "/");
        fs::remove_all(fs::u8path(work));
        // Two copies, so that the batch's two workers convert at the same time.
        const std::string name = fs::u8path(source).filename().u8string();
        for (const char *copy : {"in/a/", "in/b/"}) {
            fs::create_directories(fs::u8path(work + copy));
            fs::copy_file(fs::u8path(source), fs::u8path(work + copy + name));
            // The copy of a read-only corpus file is read-only too, and Windows
            // refuses to delete such a file: the next run's remove_all failed.
            fs::permissions(fs::u8path(work + copy + name), fs::perms::owner_write, fs::perm_options::add);
        }
        const std::string in = work + "in/a/" + name;

        ToolExport(in, work + "tool" + Extension(c.format), c.format);
        LibraryExport(in, work + "library" + Extension(c.format), c.format);
        std::string output;
        ASSERT_EQ(RunTool("export --recursive " + ShellQuote(work + "in") + " " + ShellQuote(work + "batch") + " -f " + c.format +
                                  " -j 2" + ToolSettings(c.format),
                          &output),
                0)
                << output;
        const std::vector<uint8_t> tool = retro_test::ReadFile(work + "tool" + Extension(c.format));
        ASSERT_GT(tool.size(), 16u);
        EXPECT_TRUE(tool == retro_test::ReadFile(work + "library" + Extension(c.format))) << "tool and library differ";
        for (const char *copy : {"batch/a", "batch/b"}) {
            const std::string batch = BatchOutput(work + copy, in);
            ASSERT_FALSE(batch.empty()) << output;
            EXPECT_TRUE(tool == retro_test::ReadFile(batch)) << "tool and -j 2 batch differ: " << batch;
        }
    }
}

// A glTF whose node extras are objects, as Blender writes custom properties:
// Assimp's glTF importer makes them nested aiMetadata, which Assimp 5.2.5's
// Exporter::Export cannot copy. The tool and ExportGameModel flatten them
// (with a note) and write the same bytes.
const char *const kNestedExtrasGltf = R"({
  "asset": {"version": "2.0", "generator": "hand-written like Blender's io_scene_gltf2"},
  "scene": 0,
  "scenes": [{"nodes": [0]}],
  "nodes": [{"name": "LOD 1.000", "mesh": 0,
             "extras": {"author": "test", "rig": {"version": 3, "bones": {"left": "arm_L"}}}}],
  "meshes": [{"primitives": [{"attributes": {"POSITION": 0}}]}],
  "accessors": [{"bufferView": 0, "componentType": 5126, "count": 3, "type": "VEC3",
                 "min": [0, 0, 0], "max": [1, 1, 0]}],
  "bufferViews": [{"buffer": 0, "byteLength": 36}],
  "buffers": [{"byteLength": 36,
               "uri": "data:application/octet-stream;base64,AAAAAAAAAAAAAAAAAACAPwAAAAAAAAAAAAAAAAAAgD8AAAAA"}]
})";

bool HasNestedMetadata(const aiNode *node) {
    bool nested = false;
    EachNode(node, [&](const aiNode &n) {
        for (unsigned i = 0; n.mMetaData && i < n.mMetaData->mNumProperties; ++i) {
            nested |= n.mMetaData->mValues[i].mType == AI_AIMETADATA;
        }
    });
    return nested;
}

TEST(ToolGameExportRoutes, NestedNodeExtrasAreFlattenedNotFatal) {
    const std::string work = retro_test::OutputPath("ToolGameExportRoutes/nested/");
    fs::create_directories(fs::u8path(work));
    const std::string gltf = work + "blender.gltf";
    retro_test::WriteFile(gltf, std::vector<uint8_t>(kNestedExtrasGltf, kNestedExtrasGltf + std::strlen(kNestedExtrasGltf)));
    Assimp::Importer importer;
    const aiScene *scene = retro_test::Import(importer, gltf);
    ASSERT_NE(scene, nullptr) << importer.GetErrorString();
    ASSERT_TRUE(HasNestedMetadata(scene->mRootNode)) << "the glTF importer no longer nests extras: the test needs another input";

    std::string output;
    ASSERT_EQ(retro_test::RunToolExport(gltf, work + "tool.p3d", "-f p3d -v", &output), 0) << output;
    EXPECT_NE(output.find("nested metadata 'rig' passed on flattened as 'rig.*'"), std::string::npos) << output;

    Assimp::Exporter exporter;
    assimp_retro::RegisterExporters(exporter);
    std::vector<std::string> notes;
    ASSERT_TRUE(assimp_retro::ExportGameModel(exporter, *scene, "p3d", work + "library.p3d", nullptr, &notes))
            << exporter.GetErrorString();
    ASSERT_FALSE(notes.empty());
    EXPECT_TRUE(retro_test::ReadFile(work + "tool.p3d") == retro_test::ReadFile(work + "library.p3d"));
    Assimp::Importer back;
    EXPECT_NE(retro_test::Import(back, work + "tool.p3d"), nullptr) << back.GetErrorString();
}

} // namespace
