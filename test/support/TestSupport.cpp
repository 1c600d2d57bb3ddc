#include "TestSupport.h"

#include <assimp_retro/assimp_retro.h>
#include <assimp_retro/config.h>

#include <assimp/Importer.hpp>
#include <assimp/postprocess.h>
#include <assimp/scene.h>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <array>
#include <cstdlib>
#include <cstdio>
#include <filesystem>
#include <fstream>
#if !defined(_WIN32)
#include <sys/wait.h>
#endif

namespace fs = std::filesystem;

namespace retro_test {

void EndTestUnavailable(const std::string &reason, const char *requiredBy) {
    if (!::testing::UnitTest::GetInstance()->current_test_info()) {
        return;
    }
    const char *required = std::getenv(requiredBy);
    if (required && std::string(required) == "1") {
        GTEST_MESSAGE_AT_(__FILE__, __LINE__, (reason + "\n(" + requiredBy + "=1 makes this a failure)").c_str(),
                ::testing::TestPartResult::kFatalFailure);
        throw ::testing::AssertionException(::testing::TestPartResult(
                ::testing::TestPartResult::kFatalFailure, __FILE__, __LINE__, reason.c_str()));
    }
    GTEST_MESSAGE_AT_(__FILE__, __LINE__, reason.c_str(), ::testing::TestPartResult::kSkip);
    throw ::testing::AssertionException(
            ::testing::TestPartResult(::testing::TestPartResult::kSkip, __FILE__, __LINE__, reason.c_str()));
}

std::string CorpusFolder() {
    const fs::path root(ASSIMP_RETRO_CORPUS_DIR);
    std::error_code error;
    if (!fs::is_directory(root, error) || fs::is_empty(root, error)) {
        return "";
    }
    return root.string();
}

std::string RequireCorpusFolder() {
    const std::string root = CorpusFolder();
    if (root.empty()) {
        EndTestUnavailable(std::string("the shared corpus is missing (real game files, never published; "
                                       "set its folder with cmake -DASSIMP_RETRO_CORPUS_DIR=)\nexpected the folder ") +
                        ASSIMP_RETRO_CORPUS_DIR,
                "ASSIMP_RETRO_REQUIRE_CORPUS");
    }
    return root;
}

std::string CorpusPath(const std::string &relative) {
    const std::string root = RequireCorpusFolder();
    if (root.empty()) {
        return "";
    }
    const fs::path file = fs::path(root) / relative;
    if (!fs::exists(file)) {
        ADD_FAILURE() << "Corpus file missing: " << file;
        return "";
    }
    return file.string();
}

std::vector<std::string> CorpusParameters(std::vector<std::string> files) {
    if (CorpusFolder().empty()) {
        return {"corpus-missing"};
    }
    return files;
}

std::string OutputPath(const std::string &relative) {
    const fs::path file = fs::path(ASSIMP_RETRO_TEST_OUTPUT_DIR) / relative;
    fs::create_directories(file.parent_path());
    std::error_code ignored;
    fs::remove(file, ignored);
    return file.string();
}

std::string ToolPath() {
    return ASSIMP_RETRO_TOOL;
}

void WriteFile(const std::string &path, const std::vector<uint8_t> &bytes) {
    fs::create_directories(fs::path(path).parent_path());
    std::ofstream out(path, std::ios::binary);
    out.write(reinterpret_cast<const char *>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
}

std::vector<uint8_t> ReadFile(const std::string &path) {
    // In blocks straight into the vector, not byte by byte through
    // istreambuf_iterator nor through a char buffer (a char to uint8_t copy
    // is a loop over the bytes at -O0): this code is built at -O0 in the
    // sanitizer build, and the corpus tests' parameter lists read every ABC
    // file of the corpus (several MB) in each test process before any test runs.
    std::ifstream in(path, std::ios::binary);
    std::vector<uint8_t> bytes;
    constexpr size_t kBlock = 1 << 16;
    while (in) {
        const size_t used = bytes.size();
        bytes.resize(used + kBlock);
        in.read(reinterpret_cast<char *>(bytes.data() + used), kBlock);
        bytes.resize(used + static_cast<size_t>(in.gcount()));
    }
    return bytes;
}

int RunCommand(const std::string &command, std::string *output) {
#if defined(_WIN32)
    // cmd.exe /c runs the command; _pclose returns the program's exit code
    // itself. The whole command in one more pair of quotes: cmd.exe strips the
    // first and the last quote of a command line that begins with one.
    FILE *pipe = _popen(("\"" + command + " 2>&1\"").c_str(), "rb");
#else
    FILE *pipe = popen((command + " 2>&1").c_str(), "r");
#endif
    if (!pipe) {
        return -1;
    }
    std::array<char, 4096> buffer;
    std::string text;
    size_t got;
    while ((got = fread(buffer.data(), 1, buffer.size(), pipe)) > 0) {
        text.append(buffer.data(), got);
    }
#if defined(_WIN32)
    const int status = _pclose(pipe);
    // A Windows program's text-mode stdout ends its lines in CRLF: the same
    // lines as on Linux for the tests that look for them.
    for (size_t at = text.find("\r\n"); at != std::string::npos; at = text.find("\r\n", at)) {
        text.erase(at, 1);
    }
#else
    const int status = pclose(pipe);
#endif
    if (output) {
        *output = text;
    }
#if defined(_WIN32)
    return status;
#else
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
#endif
}

std::string ShellQuote(const std::string &argument) {
#if defined(_WIN32)
    return "\"" + argument + "\"";
#else
    std::string quoted = "'";
    for (const char c : argument) {
        quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
    }
    return quoted + "'";
#endif
}

// Tests compare the files' own numbers: the conversion to metres (on by
// default, docs/outputs.md "Units") is off unless the test set the property itself.
static void KeepFileUnitsUnlessSet(Assimp::Importer &importer) {
    if (importer.GetPropertyInteger(AI_CONFIG_IMPORT_RETRO_UNITS_TO_METRES, -1) == -1) {
        importer.SetPropertyBool(AI_CONFIG_IMPORT_RETRO_UNITS_TO_METRES, false);
    }
}

const aiScene *Import(Assimp::Importer &importer, const std::string &path, unsigned flags) {
    assimp_retro::RegisterAll(importer);
    KeepFileUnitsUnlessSet(importer);
    return importer.ReadFile(path, flags | aiProcess_ValidateDataStructure);
}

const aiScene *ImportMemory(Assimp::Importer &importer, const std::vector<uint8_t> &bytes, const std::string &hint,
        unsigned flags) {
    assimp_retro::RegisterAll(importer);
    KeepFileUnitsUnlessSet(importer);
    return importer.ReadFileFromMemory(bytes.data(), bytes.size(), flags | aiProcess_ValidateDataStructure, hint.c_str());
}

GltfValidation ValidateGltf(const std::string &path) {
    GltfValidation result;
    const fs::path script = fs::path(ASSIMP_RETRO_SOURCE_DIR) / "tools" / "gltf-validator" / "validate.mjs";
    const fs::path package = fs::path(ASSIMP_RETRO_SOURCE_DIR) / "tools" / "gltf-validator" / "node_modules" / "gltf-validator";
    if (RunCommand("command -v node") != 0 || !fs::exists(package)) {
        result.report = "the Khronos glTF validator is not installed (Node.js and npm gltf-validator)\n"
                        "tools/install_deps.sh --judges installs it, as the full tools/run_tests.sh does";
        EndTestUnavailable(result.report, "ASSIMP_RETRO_REQUIRE_JUDGES");
        return result;
    }
    std::string output;
    const int status = RunCommand("node '" + script.string() + "' '" + path + "'", &output);
    if (status != 0 && status != 1) {
        result.report = "validator failed to run (exit " + std::to_string(status) + "): " + output;
        return result;
    }
    try {
        const nlohmann::json report = nlohmann::json::parse(output);
        result.ran = true;
        result.errors = report.at("issues").at("numErrors").get<int>();
        result.warnings = report.at("issues").at("numWarnings").get<int>();
        for (const auto &message : report.at("issues").at("messages")) {
            result.report += message.value("code", "") + " " + message.value("pointer", "") + ": " +
                             message.value("message", "") + " (severity " + std::to_string(message.value("severity", -1)) + ")\n";
        }
    } catch (const std::exception &e) {
        result.report = std::string("cannot parse the validator's report: ") + e.what() + "\n" + output;
    }
    return result;
}

void ExpectValidGltf(const std::string &path) {
#if defined(_WIN32)
    // The Khronos validator is a Node.js program of the Linux side: the file
    // is listed, and tools/build_windows.sh --test validates every listed file
    // there after ctest (docs/windows.md "Tests").
    std::ofstream list(fs::path(ASSIMP_RETRO_TEST_OUTPUT_DIR) / "gltf-to-validate.txt", std::ios::app);
    list << path << "\n";
    ASSERT_TRUE(list.good()) << "cannot list " << path << " for validation";
#else
    const GltfValidation validation = ValidateGltf(path);
    ASSERT_TRUE(validation.ran) << validation.report;
    EXPECT_EQ(validation.errors, 0) << path << ":\n" << validation.report;
    EXPECT_EQ(validation.warnings, 0) << path << ":\n" << validation.report;
#endif
}

std::string GlbUnreferencedBytes(const std::string &path) {
    const std::vector<uint8_t> bytes = ReadFile(path);
    auto u32 = [&](size_t at) {
        return uint32_t(bytes[at]) | uint32_t(bytes[at + 1]) << 8 | uint32_t(bytes[at + 2]) << 16 |
               uint32_t(bytes[at + 3]) << 24;
    };
    if (bytes.size() < 20 || u32(0) != 0x46546C67u || u32(16) != 0x4E4F534Au || 20 + uint64_t(u32(12)) > bytes.size()) {
        return path + ": not a GLB with a JSON chunk";
    }
    const size_t jsonLength = u32(12);
    const nlohmann::json json = nlohmann::json::parse(bytes.begin() + 20, bytes.begin() + 20 + jsonLength);
    const size_t binAt = 20 + jsonLength;
    if (binAt == bytes.size()) {
        return ""; // no binary chunk
    }
    if (binAt + 8 > bytes.size() || u32(binAt + 4) != 0x004E4942u || binAt + 8 + uint64_t(u32(binAt)) > bytes.size()) {
        return path + ": the chunk after JSON is not a whole BIN chunk";
    }
    const size_t binLength = u32(binAt);
    const uint8_t *bin = bytes.data() + binAt + 8;
    std::vector<bool> referenced(binLength, false);
    for (const nlohmann::json &view : json.value("bufferViews", nlohmann::json::array())) {
        if (view.value("buffer", -1) != 0) {
            continue;
        }
        const size_t offset = view.value("byteOffset", size_t(0));
        const size_t length = view.value("byteLength", size_t(0));
        for (size_t i = offset; i < offset + length && i < binLength; ++i) {
            referenced[i] = true;
        }
    }
    std::string found;
    for (size_t i = 0; i < binLength;) {
        if (referenced[i]) {
            ++i;
            continue;
        }
        size_t end = i;
        size_t nonZero = 0;
        for (; end < binLength && !referenced[end]; ++end) {
            nonZero += bin[end] != 0;
        }
        if (end - i >= 4 || nonZero > 0) {
            found += (found.empty() ? "" : "; ") + std::to_string(end - i) + " unreferenced byte(s) at " +
                     std::to_string(i) + " of the BIN chunk, " + std::to_string(nonZero) + " not zero";
        }
        i = end;
    }
    return found;
}

} // namespace retro_test
