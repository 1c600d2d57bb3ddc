// assimp-retro test helpers shared by every test area.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

struct aiScene;
namespace Assimp {
class Importer;
}

namespace retro_test {

/// The real game files (ASSIMP_RETRO_CORPUS_DIR, by default ../shared/corpus)
/// are not part of the project: a clone without them skips every test that
/// needs them, and a machine without a judge (the Node.js glTF validator,
/// Blender) skips the tests that need that judge. EndTestUnavailable ends the
/// current test as skipped with `reason`, or as failed when the environment
/// variable `requiredBy` is 1 (tools/run_tests.sh sets ASSIMP_RETRO_REQUIRE_CORPUS
/// and ASSIMP_RETRO_REQUIRE_JUDGES in its full run, so CI never passes without
/// them). It ends the test by throwing testing::AssertionException, which
/// GoogleTest catches silently, so a helper several calls deep ends the whole
/// test; outside a test (parameter generators) it only returns.
/// Every reason starts with its first line as the summary tools/ctest_report.py
/// groups by, so keep that line free of per-test detail.
void EndTestUnavailable(const std::string &reason, const char *requiredBy);

/// The corpus folder when it is there (an existing, non-empty folder), else "".
std::string CorpusFolder();

/// CorpusFolder(), or, where the corpus is missing, ends the test (EndTestUnavailable).
std::string RequireCorpusFolder();

/// Absolute path of a file under the corpus. Where the whole corpus is missing
/// the test ends as skipped (EndTestUnavailable); where the corpus is there but
/// the file is not, the test fails (ADD_FAILURE) and "" is returned, so a test
/// never passes silently without its data.
std::string CorpusPath(const std::string &relative);

/// The parameters of a test over corpus files: `files`, or where the corpus is
/// missing one placeholder whose test CorpusPath then skips, so the suite still
/// has a test that says why it did not run.
std::vector<std::string> CorpusParameters(std::vector<std::string> files);

/// A fresh path under the build's test output folder (parent folders created).
std::string OutputPath(const std::string &relative);

/// Path of the built assimp-retro tool ("" if the tool was not built).
std::string ToolPath();

void WriteFile(const std::string &path, const std::vector<uint8_t> &bytes);
std::vector<uint8_t> ReadFile(const std::string &path);

/// Runs a shell command, returns its exit status; stdout+stderr go to `output`.
/// The shell is /bin/sh, on Windows cmd.exe: quote arguments with ShellQuote.
/// Lines of `output` end in \n on every platform (CRLF becomes LF on Windows).
int RunCommand(const std::string &command, std::string *output = nullptr);

/// One argument (a path) quoted for RunCommand's shell: '...' for /bin/sh,
/// "..." for cmd.exe (a Windows file name cannot hold a double quote).
std::string ShellQuote(const std::string &argument);

/// Reads a file through an Importer with every assimp-retro importer
/// registered and `flags` (ValidateDataStructure is always added).
const aiScene *Import(Assimp::Importer &importer, const std::string &path, unsigned flags = 0);

/// Reads an in-memory file (the hint is the extension, e.g. "oni").
const aiScene *ImportMemory(Assimp::Importer &importer, const std::vector<uint8_t> &bytes, const std::string &hint,
        unsigned flags = 0);

/// Result of the Khronos glTF validator (npm gltf-validator via node). Where
/// node or the validator package is missing, ValidateGltf ends the test
/// (EndTestUnavailable, ASSIMP_RETRO_REQUIRE_JUDGES).
struct GltfValidation {
    bool ran = false;     ///< false: the validator did not run (report says why)
    int errors = -1;
    int warnings = -1;
    std::string report;   ///< the validator's messages, or why it did not run
};
GltfValidation ValidateGltf(const std::string &path);

/// EXPECTs a clean validation (zero errors, zero warnings) and prints the report otherwise.
void ExpectValidGltf(const std::string &path);

/// What in a GLB's binary chunk no bufferView (of buffer 0) references,
/// beyond alignment padding (a run of fewer than 4 zero bytes): "" when
/// nothing, else each such run with its offset, size and non-zero bytes (or
/// why the file could not be read). Written apart from the library's
/// GltfDocument, which removes those bytes.
std::string GlbUnreferencedBytes(const std::string &path);

} // namespace retro_test
