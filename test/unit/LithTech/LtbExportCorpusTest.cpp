// The LTB exporter on CrossFire's files (../shared/corpus/ltb):
// - the writer: each file read into the format model and written again gives
//   the file's bytes, but for the three header totals the packer counts on the
//   LTA source (triangles, vertices, weights); the totals the engine sizes its
//   memory with are the file's own;
// - the built tool: each file exported with default settings (`-f ltb`) and
//   imported again equals the original's import: nodes and their transforms
//   (the bind pose), sockets, pieces, triangles and vertices, weights and bone
//   offsets, animations with every key, the metadata (child models, bindings,
//   weight sets); the motion library's 2,282 animations too (written plain: its
//   16 MB would cost LZMA seconds);
// - packing: the default is LZMA-alone as the game files, with their header;
//   EXPORT_LTB_LZMA=0 gives the same bytes plain;
// - facing: a PV- output is not turned, any other is (the import's inverse).
#include "LtbTestHelpers.h"

#include "AssetLib/LithTech/LtbReader.h"
#include "AssetLib/LithTech/LtbWriter.h"
#include "Common/LzmaAlone.h"
#include "support/AnimationSampling.h"
#include "support/ExportSupport.h"
#include "support/SceneCompare.h"

#include <assimp_retro/config.h>

#include <gtest/gtest.h>

#include <chrono>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <iostream>

namespace {

namespace fs = std::filesystem;
using assimp_retro::ltb::Header;

const char *const kFiles[] = {"Yun_WAIST_GR.LTB", "PV-M4A1.LTB", "FoxHowl_Teacher_BODY_GR.LTB",
        "PV-KACChainSAW_RedBandag_Gn_decompress.LTB"};

std::vector<std::string> CorpusLtbs() {
    std::vector<std::string> files;
    for (const char *f : kFiles) files.push_back(std::string("ltb/") + f);
    return retro_test::CorpusParameters(files);
}

std::vector<uint8_t> Unpacked(const std::vector<uint8_t> &bytes, const std::string &name) {
    if (bytes.size() > 1 && bytes[0] == 1 && bytes[1] == 0) return bytes;
    return assimp_retro::DecodeLzmaAlone(bytes.data(), bytes.size(), "LTB", name, uint64_t(1) << 31);
}

class LtbWriterCorpus : public ::testing::TestWithParam<std::string> {};

TEST_P(LtbWriterCorpus, WritesTheFileBackButForTheLtaCounts) {
    const std::string path = retro_test::CorpusPath(GetParam());
    ASSERT_FALSE(path.empty());
    const std::vector<uint8_t> file = Unpacked(retro_test::ReadFile(path), path);
    const assimp_retro::ltb::Model model = assimp_retro::ltb::ParseModel(file.data(), file.size(), path);
    std::vector<uint8_t> written = assimp_retro::ltb::Write(model);
    ASSERT_EQ(written.size(), file.size());
    // Header offsets 24 + 4 * (5, 6, 7): triangles, vertices, weights, which
    // the packer counts on the LTA source before it welds and splits; 12, the
    // string bytes, is compared below.
    for (size_t field : {5, 6, 7, 12}) std::memcpy(written.data() + 24 + 4 * field, file.data() + 24 + 4 * field, 4);
    size_t differ = 0, first = 0;
    for (size_t i = 0; i < file.size(); ++i) {
        if (written[i] != file[i] && differ++ == 0) first = i;
    }
    EXPECT_EQ(differ, 0u) << "first difference at byte " << first;

    // The totals the engine allocates by (ModelAllocations::CalcAllocationSize).
    const Header totals = assimp_retro::ltb::AllocationTotals(model);
    const Header &h = model.header;
    EXPECT_EQ(totals.keyframeCount, h.keyframeCount);
    EXPECT_EQ(totals.animationCount, h.animationCount);
    EXPECT_EQ(totals.nodeCount, h.nodeCount);
    EXPECT_EQ(totals.pieceCount, h.pieceCount);
    EXPECT_EQ(totals.childModelCount, h.childModelCount);
    EXPECT_EQ(totals.lodCount, h.lodCount);
    EXPECT_EQ(totals.socketCount, h.socketCount);
    EXPECT_EQ(totals.weightSetCount, h.weightSetCount);
    EXPECT_EQ(totals.stringCount, h.stringCount);
    // The packer counted the LTA's child-model names, without the ".ltb" it
    // then writes (convert_modelchild_filename); the engine keeps them with it.
    const uint32_t extensions = static_cast<uint32_t>(4 * model.childModels.size());
    EXPECT_EQ(totals.stringLengthTotal, h.stringLengthTotal + extensions);
    EXPECT_EQ(totals.vertexAnimationDataSize, h.vertexAnimationDataSize);
    EXPECT_EQ(totals.animationDataSize, h.animationDataSize);
}

INSTANTIATE_TEST_SUITE_P(Corpus, LtbWriterCorpus,
        ::testing::ValuesIn([] {
            std::vector<std::string> files = CorpusLtbs();
#if !defined(__SANITIZE_ADDRESS__) && !defined(_WIN32) // 16 MB: the normal Linux build only
            if (files.size() > 1) files.push_back("ltb/M-MOTION_BLUE.LTB");
#endif
            return files;
        }()),
        [](const auto &info) { return retro_test::ParamName(info.param); });

// ---- the tool's round trip --------------------------------------------------------

/// Imports `path` in file units, without child models (the output's folder has none).
const aiScene *ImportForCompare(Assimp::Importer &importer, const std::string &path) {
    importer.SetPropertyBool(AI_CONFIG_IMPORT_ABC_CHILD_MODELS, false);
    return retro_test::Import(importer, path);
}

void ExpectSameScene(const aiScene &original, const aiScene &again) {
    retro_test::SceneCompareOptions options;
    const float size = retro_test::LargestCoordinate(original);
    options.positionTolerance = 1e-5f * size;
    options.rotationTolerance = 1e-4f;
    options.compareNodeMetadata = true;
    options.compareTransforms = true;
    options.compareWeights = true;
    options.weightTolerance = 1e-4f;
    retro_test::ExpectEqualScenes(original, again, options);
}

/// `assimp-retro export <corpus file> <out> -f ltb <arguments>`; the output's path.
std::string ToolExport(const std::string &file, const std::string &outName, const std::string &arguments = "") {
    const std::string in = retro_test::CorpusPath(file);
    EXPECT_FALSE(in.empty());
    const std::string out = retro_test::OutputPath("LtbExport/" + retro_test::ParamName(file) + "/" + outName);
    fs::remove(fs::u8path(out));
    std::string output;
    EXPECT_EQ(retro_test::RunToolExport(in, out, "-f ltb" + arguments, &output), 0) << output;
    return out;
}

class LtbExportCorpus : public ::testing::TestWithParam<std::string> {};

/// The tool's settings for the corpus round trips: the defaults. Under the
/// sanitizers and wine, without child models: the body's, the motion
/// library, would take most of the time to load, only for its 2,282
/// animations to stay in its own file.
std::string CorpusToolSettings() {
#if defined(__SANITIZE_ADDRESS__) || defined(_WIN32)
    return " --set IMPORT_ABC_CHILD_MODELS=0";
#else
    return "";
#endif
}

TEST_P(LtbExportCorpus, ToolRoundTripGivesTheOriginalsScene) {
    const std::string in = retro_test::CorpusPath(GetParam());
    ASSERT_FALSE(in.empty());
    const std::string out = ToolExport(GetParam(), fs::u8path(in).stem().u8string() + ".ltb", CorpusToolSettings());
    Assimp::Importer first, second;
    const aiScene *original = ImportForCompare(first, in);
    ASSERT_NE(original, nullptr) << first.GetErrorString();
    const aiScene *again = ImportForCompare(second, out);
    ASSERT_NE(again, nullptr) << second.GetErrorString();
    ExpectSameScene(*original, *again);
    std::cout << "[ round trip ] " << GetParam() << ": " << again->mNumMeshes << " meshes, " << again->mNumAnimations
              << " animations\n";
}

INSTANTIATE_TEST_SUITE_P(Corpus, LtbExportCorpus, ::testing::ValuesIn(CorpusLtbs()),
        [](const auto &info) { return retro_test::ParamName(info.param); });

// The normal Linux build only, so no other build reports it skipped: about
// 10 s there, several times that under ASan and wine, and what it adds to the
// other round trips (which run everywhere) is the size.
#if !defined(__SANITIZE_ADDRESS__) && !defined(_WIN32)
TEST(LtbExportCorpusLibrary, MotionLibraryKeepsEveryAnimationAndKey) {
    const std::string file = "ltb/M-MOTION_BLUE.LTB";
    const std::string in = retro_test::CorpusPath(file);
    ASSERT_FALSE(in.empty());
    const auto start = std::chrono::steady_clock::now();
    const std::string out = ToolExport(file, "M-MOTION_BLUE.ltb", " --set EXPORT_LTB_LZMA=0");
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    Assimp::Importer first, second;
    const aiScene *original = ImportForCompare(first, in);
    ASSERT_NE(original, nullptr) << first.GetErrorString();
    const aiScene *again = ImportForCompare(second, out);
    ASSERT_NE(again, nullptr) << second.GetErrorString();
    ASSERT_EQ(again->mNumAnimations, 2282u);
    ExpectSameScene(*original, *again);
    std::cout << "[ motion library ] tool export " << seconds << " s\n";
}
#endif

// ---- packing and facing ----------------------------------------------------------

TEST(LtbExportPacking, DefaultIsLzmaAloneAsTheGameFilesPlainOnRequest) {
    const std::string packed = ToolExport("ltb/Yun_WAIST_GR.LTB", "Yun_WAIST_GR.ltb");
    const std::string plain = ToolExport("ltb/Yun_WAIST_GR.LTB", "plain/Yun_WAIST_GR.ltb", " --set EXPORT_LTB_LZMA=0");
    const std::vector<uint8_t> p = retro_test::ReadFile(packed), u = retro_test::ReadFile(plain);
    ASSERT_GT(p.size(), 13u);
    ASSERT_GT(u.size(), 24u);
    EXPECT_EQ(u[0], 1); // a plain PC LTB
    EXPECT_EQ(u[2], 9);
    const assimp_retro::LzmaAloneHeader header = assimp_retro::ReadLzmaAloneHeader(p.data());
    EXPECT_EQ(header.properties, 0x5d); // lc 3, lp 0, pb 2, as CrossFire's
    EXPECT_EQ(header.dictionarySize, 16u << 20);
    EXPECT_EQ(header.unpackedSize, u.size());
    EXPECT_TRUE(Unpacked(p, packed) == u);
    // The game's own file packs the same model: the same header fields.
    const std::vector<uint8_t> game = retro_test::ReadFile(retro_test::CorpusPath("ltb/Yun_WAIST_GR.LTB"));
    const assimp_retro::LzmaAloneHeader gameHeader = assimp_retro::ReadLzmaAloneHeader(game.data());
    EXPECT_EQ(header.properties, gameHeader.properties);
    EXPECT_EQ(header.dictionarySize, gameHeader.dictionarySize);
    EXPECT_EQ(header.unpackedSize, gameHeader.unpackedSize);
}

/// Node 0's bind matrix in a plain export (after the pieces: read back).
assimp_retro::ltb::Model ReadExported(const std::string &path) {
    const std::vector<uint8_t> bytes = Unpacked(retro_test::ReadFile(path), path);
    return assimp_retro::ltb::ParseModel(bytes.data(), bytes.size(), path);
}

TEST(LtbExportFacing, PlayerViewOutputsStayUnturnedOthersTurnBack) {
    const std::string file = "ltb/PV-M4A1.LTB";
    const std::string in = retro_test::CorpusPath(file);
    ASSERT_FALSE(in.empty());
    const std::vector<uint8_t> source = Unpacked(retro_test::ReadFile(in), in);
    const auto original = assimp_retro::ltb::ParseModel(source.data(), source.size(), in);
    // Named PV-: imported and exported unturned, the bind pose as it was.
    const auto same = ReadExported(ToolExport(file, "PV-M4A1.ltb"));
    // Named otherwise: imported unturned (the source's name), exported turned.
    const auto turned = ReadExported(ToolExport(file, "m4a1.ltb"));
    ASSERT_EQ(same.nodes.size(), original.nodes.size());
    ASSERT_EQ(turned.nodes.size(), original.nodes.size());
    for (size_t n = 0; n < original.nodes.size(); ++n) {
        for (int k = 0; k < 12; ++k) {
            const float o = original.nodes[n].bind[k];
            EXPECT_NEAR(same.nodes[n].bind[k], o, 1e-3f) << original.nodes[n].name << " " << k;
            // The half turn about Y: rows x and z negated.
            const float expected = (k < 4 || k >= 8) ? -o : o;
            EXPECT_NEAR(turned.nodes[n].bind[k], expected, 1e-3f) << original.nodes[n].name << " " << k;
        }
    }
    // EXPORT_LTB_FACE_FRONT=0 keeps a non-PV name unturned.
    const auto kept = ReadExported(ToolExport(file, "kept/m4a1.ltb", " --set EXPORT_LTB_FACE_FRONT=0"));
    ASSERT_EQ(kept.nodes.size(), original.nodes.size());
    EXPECT_NEAR(kept.nodes[1].bind[3], original.nodes[1].bind[3], 1e-3f);
    EXPECT_NEAR(kept.nodes[1].bind[11], original.nodes[1].bind[11], 1e-3f);
}

} // namespace

// ---- back from glTF and FBX (the LTB2FBX route in reverse) ---------------------------

/// Every key of `original` is kept in `again`: its track there, sampled at
/// the key's time (ms) as players do, gives the key's value. `again` may have
/// more key times (FBX's curves add some) or fewer (a key equal to both its
/// neighbours is not kept), and position and rotation tracks need not have
/// the same key times.
void ExpectKeysKept(const aiScene &original, const aiScene &again, float tolerance) {
    ASSERT_EQ(original.mNumAnimations, again.mNumAnimations);
    size_t compared = 0;
    for (unsigned a = 0; a < original.mNumAnimations; ++a) {
        const aiAnimation &oa = *original.mAnimations[a], &ta = *again.mAnimations[a];
        ASSERT_STREQ(oa.mName.C_Str(), ta.mName.C_Str());
        for (unsigned c = 0; c < oa.mNumChannels; ++c) {
            const aiNodeAnim &oc = *oa.mChannels[c];
            const aiNodeAnim *tc = nullptr;
            for (unsigned d = 0; d < ta.mNumChannels; ++d) {
                if (ta.mChannels[d]->mNodeName == oc.mNodeName) tc = ta.mChannels[d];
            }
            ASSERT_NE(tc, nullptr) << oa.mName.C_Str() << " " << oc.mNodeName.C_Str();
            for (unsigned k = 0; k < oc.mNumPositionKeys; ++k) {
                const aiVectorKey &key = oc.mPositionKeys[k];
                const aiVector3D p = retro_test::SampleTrack(tc->mPositionKeys, tc->mNumPositionKeys, key.mTime);
                EXPECT_LE((p - key.mValue).Length(), tolerance)
                        << oa.mName.C_Str() << " " << oc.mNodeName.C_Str() << " at " << key.mTime;
                ++compared;
            }
            for (unsigned k = 0; k < oc.mNumRotationKeys; ++k) {
                const aiQuatKey &key = oc.mRotationKeys[k];
                const aiQuaternion q = retro_test::SampleTrack(tc->mRotationKeys, tc->mNumRotationKeys, key.mTime);
                const aiQuaternion &o = key.mValue;
                EXPECT_GE(std::fabs(q.w * o.w + q.x * o.x + q.y * o.y + q.z * o.z), 1.f - 1e-4f)
                        << oa.mName.C_Str() << " " << oc.mNodeName.C_Str() << " at " << key.mTime;
                ++compared;
            }
        }
    }
    std::cout << "[ keys ] " << compared << " keys of the original sampled at their times\n";
}

class LtbExportFromOtherFormats : public ::testing::TestWithParam<std::string> {};

TEST_P(LtbExportFromOtherFormats, GoesBackWithItsSkeletonAnimationsAndSockets) {
    const std::string file = "ltb/PV-M4A1.LTB";
    const std::string in = retro_test::CorpusPath(file);
    ASSERT_FALSE(in.empty());
    const std::string folder = "LtbExport/from_" + GetParam() + "/";
    const std::string middle = retro_test::OutputPath(folder + "PV-M4A1." + GetParam());
    const std::string out = retro_test::OutputPath(folder + "PV-M4A1.ltb");
    std::string output;
    ASSERT_EQ(retro_test::RunToolExport(in, middle, "", &output), 0) << output;
    ASSERT_EQ(retro_test::RunToolExport(middle, out, "", &output), 0) << output;
    Assimp::Importer first, second;
    const aiScene *original = ImportForCompare(first, in);
    const aiScene *again = ImportForCompare(second, out);
    ASSERT_TRUE(original && again) << first.GetErrorString() << second.GetErrorString();
    retro_test::SceneCompareOptions options;
    options.positionTolerance = 1e-4f * retro_test::LargestCoordinate(*original);
    options.rotationTolerance = 1e-3f;
    options.compareTransforms = true; // the bind pose
    options.compareWeights = true;
    options.weightTolerance = 1e-3f;
    // The scene's own metadata (weight set names, bindings, keyframe commands,
    // interpolation times) travels in the glTF scene's extras and FBX's scene
    // properties, which Assimp's importers do not read: not compared here.
    for (unsigned i = 0; original->mMetaData && i < original->mMetaData->mNumProperties; ++i) {
        options.lostMetadata.insert(original->mMetaData->mKeys[i].C_Str());
    }
    for (unsigned i = 0; again->mMetaData && i < again->mMetaData->mNumProperties; ++i) {
        options.lostMetadata.insert(again->mMetaData->mKeys[i].C_Str());
    }
    // FBX's curves hold more key times than the LTB's keyframes: its keys are compared by time below.
    options.compareAnimations = GetParam() == "glb";
    retro_test::ExpectEqualScenes(*original, *again, options);
    ExpectKeysKept(*original, *again, options.positionTolerance);
}

INSTANTIATE_TEST_SUITE_P(Formats, LtbExportFromOtherFormats, ::testing::Values("glb", "fbx"));

// ---- an ABC v12 model to LTB -------------------------------------------------------

class LtbExportFromAbcV12 : public ::testing::TestWithParam<std::string> {};

TEST_P(LtbExportFromAbcV12, ReadsBackAsTheAbcDid) {
    const std::string in = retro_test::CorpusPath(GetParam());
    ASSERT_FALSE(in.empty());
    // Float keys (compression 1), so that the keys compare exactly; the nodes,
    // sockets, triangles, weights and bind pose as they are.
    const std::string out = ToolExport(GetParam(), fs::u8path(in).stem().u8string() + ".ltb", " --set EXPORT_LTB_COMPRESSION=1");
    Assimp::Importer first, second;
    const aiScene *original = ImportForCompare(first, in);
    const aiScene *again = ImportForCompare(second, out);
    ASSERT_TRUE(original && again) << first.GetErrorString() << second.GetErrorString();
    retro_test::SceneCompareOptions options;
    options.positionTolerance = 1e-5f * retro_test::LargestCoordinate(*original);
    options.compareTransforms = true;
    options.compareWeights = true;
    for (const aiScene *scene : {original, again}) { // ABC v12's and LTB's own metadata differ by design
        for (unsigned i = 0; scene->mMetaData && i < scene->mMetaData->mNumProperties; ++i) {
            options.lostMetadata.insert(scene->mMetaData->mKeys[i].C_Str());
        }
    }
    retro_test::ExpectEqualScenes(*original, *again, options);
}

INSTANTIATE_TEST_SUITE_P(Corpus, LtbExportFromAbcV12,
        ::testing::ValuesIn(retro_test::CorpusParameters(
                {"abc-v12/CREATURES__TIBERIUS_v12.abc", "abc-v12/CREATURES__ACIDBALL_v12.abc"})),
        [](const auto &info) { return retro_test::ParamName(info.param); });
