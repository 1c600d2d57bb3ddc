// Every pose of every animated corpus file survives the keys the importers
// leave out (NodeAnimBuilder, Common/AnimationChannels.h): each animation
// sampled at every key time of the import that keeps every key
// (AI_CONFIG_IMPORT_RETRO_KEEP_ALL_KEYS) gives every node the same local
// transform, to the bit, in the scene and in the tool's assbin output; the
// animations keep their names, order and durations; every track keeps a key.
// The CrossFire body is imported with its motion library beside it (2,282
// animations), and the library by itself (not under AddressSanitizer, where
// they take minutes: LtbCorpusTest imports them there).
#include "support/AnimationSampling.h"
#include "support/ExportSupport.h"
#include "support/TestSupport.h"

#include <assimp_retro/config.h>

#include <assimp/Importer.hpp>
#include <assimp/scene.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <filesystem>

namespace {

/// The motion library's animations are the body's (beside it, as its child
/// model): the tool's output is checked with the body only.
bool IsMotionLibrary(const std::string &file) {
    return file.find("M-MOTION_BLUE") != std::string::npos;
}

/// Under AddressSanitizer the motion library's 2,282 animations (imported
/// with the body too) take minutes here; the LTB corpus test imports them
/// under ASan already, through the same channel builder.
bool TooSlowUnderSanitizers(const std::string &file) {
#if defined(__SANITIZE_ADDRESS__)
    return file.find("M-MOTION_BLUE") != std::string::npos || file.find("FoxHowl_Teacher_BODY") != std::string::npos;
#else
    (void)file;
    return false;
#endif
}

/// The model files of the corpus, by extension (the importers' own), but
/// those `leaveOut` names: not registered as tests at all, so that no build
/// reports a skip for what it never runs.
std::vector<std::string> ModelFiles(bool (*leaveOut)(const std::string &)) {
    std::vector<std::string> files;
    const std::string corpus = retro_test::CorpusFolder();
    if (corpus.empty()) {
        return retro_test::CorpusParameters(files);
    }
    for (const auto &entry : std::filesystem::recursive_directory_iterator(corpus)) {
        std::string extension = entry.path().extension().string();
        std::transform(extension.begin(), extension.end(), extension.begin(),
                [](unsigned char c) { return char(std::tolower(c)); });
        const std::string file = std::filesystem::relative(entry.path(), corpus).generic_string();
        if (entry.is_regular_file() && !leaveOut(file) &&
                (extension == ".abc" || extension == ".ltb" || extension == ".oni" || extension == ".dat" ||
                        extension == ".p3d")) {
            files.push_back(file);
        }
    }
    std::sort(files.begin(), files.end());
    return retro_test::CorpusParameters(files);
}

size_t CountKeys(const aiScene &scene) {
    size_t keys = 0;
    for (unsigned a = 0; a < scene.mNumAnimations; ++a) {
        for (unsigned c = 0; c < scene.mAnimations[a]->mNumChannels; ++c) {
            const aiNodeAnim &channel = *scene.mAnimations[a]->mChannels[c];
            EXPECT_GT(channel.mNumPositionKeys, 0u);
            EXPECT_GT(channel.mNumRotationKeys, 0u);
            EXPECT_GT(channel.mNumScalingKeys, 0u);
            keys += channel.mNumPositionKeys + channel.mNumRotationKeys + channel.mNumScalingKeys;
        }
    }
    return keys;
}

/// Imports `path` with and without every key (and `property` set to 1 in
/// both), and compares them.
void ExpectSamePosesWithFewerKeys(const std::string &file, const char *property = nullptr) {
    const std::string path = retro_test::CorpusPath(file);
    ASSERT_FALSE(path.empty());
    Assimp::Importer full, reduced;
    full.SetPropertyBool(AI_CONFIG_IMPORT_RETRO_KEEP_ALL_KEYS, true);
    for (Assimp::Importer *importer : {&full, &reduced}) {
        importer->SetPropertyBool(AI_CONFIG_IMPORT_RETRO_TEXTURES, false); // not what is compared
        if (property) {
            importer->SetPropertyBool(property, true);
        }
    }
    const aiScene *every = retro_test::Import(full, path);
    ASSERT_NE(every, nullptr) << full.GetErrorString();
    const aiScene *fewer = retro_test::Import(reduced, path);
    ASSERT_NE(fewer, nullptr) << reduced.GetErrorString();
    const size_t compared = retro_test::ExpectSameAnimations(*every, *fewer, {}, file);
    const size_t allKeys = CountKeys(*every), keptKeys = CountKeys(*fewer);
    EXPECT_LE(keptKeys, allKeys);
    std::printf("%s: %u animations, %zu poses the same; %zu of %zu keys kept\n", file.c_str(), every->mNumAnimations,
            compared, keptKeys, allKeys);
}

class KeyReduction : public ::testing::TestWithParam<std::string> {};
class KeyReductionTool : public ::testing::TestWithParam<std::string> {};

TEST_P(KeyReduction, EveryPoseOfTheSceneIsTheSame) {
    ExpectSamePosesWithFewerKeys(GetParam());
}

TEST_P(KeyReductionTool, EveryPoseOfTheToolsAssbinIsTheSame) {
    const std::string path = retro_test::CorpusPath(GetParam());
    ASSERT_FALSE(path.empty());
    const std::string tool = retro_test::ToolPath();
    ASSERT_FALSE(tool.empty()) << "assimp-retro was not built";
    const std::string name = retro_test::ParamName(GetParam());
    const std::string every = retro_test::OutputPath("KeyReduction/" + name + ".every.assbin");
    const std::string fewer = retro_test::OutputPath("KeyReduction/" + name + ".assbin");
    for (const auto &[output, keepAll] : {std::make_pair(every, 1), std::make_pair(fewer, 0)}) {
        std::string log;
        const int status = retro_test::RunCommand(retro_test::ShellQuote(tool) + " export " +
                        retro_test::ShellQuote(path) + " " + retro_test::ShellQuote(output) +
                        " --set IMPORT_RETRO_TEXTURES=0 --set IMPORT_RETRO_KEEP_ALL_KEYS=" + std::to_string(keepAll),
                &log);
        ASSERT_EQ(status, 0) << log;
    }
    Assimp::Importer everyImporter, fewerImporter; // Assimp's own assbin reader
    const aiScene *a = everyImporter.ReadFile(every, 0), *b = fewerImporter.ReadFile(fewer, 0);
    ASSERT_NE(a, nullptr) << everyImporter.GetErrorString();
    ASSERT_NE(b, nullptr) << fewerImporter.GetErrorString();
    retro_test::ExpectSameAnimations(*a, *b, {}, GetParam() + " (assbin)");
    EXPECT_LE(std::filesystem::file_size(fewer), std::filesystem::file_size(every));
    everyImporter.FreeScene();
    fewerImporter.FreeScene();
    std::filesystem::remove(every); // the body's are 30 and 66 MB
    std::filesystem::remove(fewer);
}

INSTANTIATE_TEST_SUITE_P(Corpus, KeyReduction, ::testing::ValuesIn(ModelFiles(TooSlowUnderSanitizers)),
        [](const auto &info) { return retro_test::ParamName(info.param); });
INSTANTIATE_TEST_SUITE_P(Corpus, KeyReductionTool, ::testing::ValuesIn(ModelFiles([](const std::string &file) {
    return IsMotionLibrary(file) || TooSlowUnderSanitizers(file);
})), [](const auto &info) { return retro_test::ParamName(info.param); });

// OBAN's AI_CONFIG_IMPORT_OBAN_RESAMPLE writes a key per frame, where a
// door stands still between its moves.
TEST(KeyReductionOban, ResampledFramesKeepEveryPose) {
    for (const char *file : {"oban/OBANshpadoinkle.oni", "oban/OBANsyn_scaled_loop.oni", "oban/level_pc/level1_Final.dat"}) {
        SCOPED_TRACE(file);
        ExpectSamePosesWithFewerKeys(file, AI_CONFIG_IMPORT_OBAN_RESAMPLE);
    }
}

} // namespace
