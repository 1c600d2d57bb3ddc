// Corruption sweep: every model and texture file under the corpus folder given (the real
// files in ../shared/corpus), mutated in fixed, repeatable ways:
//   - truncations at points spread evenly over the file,
//   - single bit flips at offsets from a fixed-seed generator,
//   - 32-bit count overwrites (0, 1, 0x7FFFFFFF, 0xFFFFFFFF) at many offsets.
// Each mutated model must import to a scene that passes Assimp's validator
// (assimp_retro::CheckSceneForExport), or fail with an error message; each
// mutated texture (.paa, .pac, .dtx) must decode (DecodeTexture) to a whole
// RGBA image, or fail with an ImportError. A crash,
// a hang (ctest's timeout) or an oversized allocation fails the test.
// Memory is capped: RLIMIT_AS normally; on Windows by a job object's limit on
// the process's committed memory; under AddressSanitizer (which reserves
// terabytes of address space) by ASan's own allocation and RSS limits.
//
// To sweep another kind of file, add a row to kKinds.
#include "Common/ImportError.h"
#include "Common/Texture/Texture.h"
#include <assimp_retro/scene_export.h>

#include <assimp_retro/assimp_retro.h>
#include <assimp_retro/config.h>

#include <assimp/Importer.hpp>

#if defined(_WIN32)
#include "Common/WindowsApi.h"
#else
#include <sys/resource.h>
#endif

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iterator>
#include <random>
#include <set>
#include <string>
#include <vector>

#if defined(__SANITIZE_ADDRESS__)
#define SWEEP_UNDER_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define SWEEP_UNDER_ASAN 1
#endif
#endif

#ifdef SWEEP_UNDER_ASAN
// Environment ASAN_OPTIONS still win for the flags they set.
extern "C" const char *__asan_default_options() {
    return "max_allocation_size_mb=1024:hard_rss_limit_mb=4096";
}
#endif

namespace fs = std::filesystem;

namespace {

constexpr unsigned kTruncations = 24;
constexpr unsigned kBitFlips = 64;
constexpr unsigned kCountOffsets = 32;
constexpr uint32_t kCountValues[] = {0u, 1u, 0x7FFFFFFFu, 0xFFFFFFFFu};

/// One kind of file: its extensions (lower case) and what checks one input.
/// Returns "" when the result is acceptable, else what is wrong.
struct Kind {
    std::vector<std::string> extensions;
    std::function<std::string(const std::vector<uint8_t> &, const std::string &extension)> check;
};

std::string CheckModelImport(const std::vector<uint8_t> &bytes, const std::string &extension) {
    Assimp::Importer importer;
    assimp_retro::RegisterAll(importer);
    importer.SetPropertyInteger(AI_CONFIG_IMPORT_P3D_LODS, 2);
    importer.SetPropertyInteger(AI_CONFIG_IMPORT_ABC_LOD_LEVELS, 3);
    importer.SetPropertyBool(AI_CONFIG_IMPORT_ABC_VERTEX_ANIMATION, true);
    importer.SetPropertyBool(AI_CONFIG_IMPORT_ABC_ALL_LODS, true);
    importer.SetPropertyBool(AI_CONFIG_IMPORT_ABC_CHILD_MODELS, false); // no file access
    importer.SetPropertyBool(AI_CONFIG_IMPORT_OBAN_CAMERA, true);
    static const uint8_t kEmpty = 0;
    const aiScene *scene = importer.ReadFileFromMemory(bytes.empty() ? &kEmpty : bytes.data(), bytes.size(), 0,
            extension.c_str());
    if (!scene) {
        const std::string error = importer.GetErrorString();
        return error.empty() ? "import failed without an error message" : "";
    }
    std::string invalid;
    if (!assimp_retro::CheckSceneForExport(*scene, &invalid)) {
        return "imported an invalid scene: " + invalid;
    }
    return "";
}

/// A texture must decode to a whole image or fail with an ImportError that says why.
std::string CheckTextureDecode(const std::vector<uint8_t> &bytes, const std::string &extension) {
    try {
        const assimp_retro::DecodedTexture texture =
                assimp_retro::DecodeTexture(bytes.data(), bytes.size(), "swept." + extension);
        const assimp_retro::RgbaImage &image = texture.image;
        if (image.width == 0 || image.height == 0 ||
                image.pixels.size() != size_t(image.width) * image.height * 4) {
            return "decoded an inconsistent image: " + std::to_string(image.width) + "x" +
                   std::to_string(image.height) + " with " + std::to_string(image.pixels.size()) + " bytes";
        }
    } catch (const assimp_retro::ImportError &e) {
        return std::strlen(e.what()) > 0 ? "" : "ImportError without a message";
    } catch (const std::exception &e) {
        return std::string("unexpected exception: ") + e.what();
    }
    return "";
}

const std::vector<Kind> &Kinds() {
    static const std::vector<Kind> kinds = {
        {{"abc", "p3d", "oni", "dat", "ltb"}, CheckModelImport},
        {{"paa", "pac", "dtx"}, CheckTextureDecode},
    };
    return kinds;
}

std::string Lower(std::string text) {
    std::transform(text.begin(), text.end(), text.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    return text;
}

std::vector<uint8_t> Load(const fs::path &path) {
    std::ifstream in(path, std::ios::binary);
    return std::vector<uint8_t>(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

void PutU32(std::vector<uint8_t> &bytes, size_t at, uint32_t value) {
    for (size_t i = 0; i < 4 && at + i < bytes.size(); ++i) {
        bytes[at + i] = static_cast<uint8_t>(value >> (8 * i));
    }
}

/// Every mutation of `original`, each with a description for the report.
std::vector<std::pair<std::string, std::vector<uint8_t>>> Mutations(const std::vector<uint8_t> &original, uint32_t seed) {
    std::vector<std::pair<std::string, std::vector<uint8_t>>> out;
    const size_t size = original.size();
    for (unsigned k = 0; k < kTruncations; ++k) {
        const size_t at = size * k / kTruncations;
        out.emplace_back("truncated to " + std::to_string(at) + " bytes",
                std::vector<uint8_t>(original.begin(), original.begin() + at));
    }
    if (size == 0) {
        return out;
    }
    std::mt19937 rng(seed);
    for (unsigned k = 0; k < kBitFlips; ++k) {
        const size_t at = rng() % size;
        const unsigned bit = rng() % 8;
        std::vector<uint8_t> bytes = original;
        bytes[at] ^= static_cast<uint8_t>(1u << bit);
        out.emplace_back("bit " + std::to_string(bit) + " of byte " + std::to_string(at) + " flipped", std::move(bytes));
    }
    for (unsigned k = 0; k < kCountOffsets; ++k) {
        // Half spread evenly (the headers at the start included), half random.
        const size_t at = k % 2 == 0 ? size * k / kCountOffsets : rng() % size;
        for (uint32_t value : kCountValues) {
            std::vector<uint8_t> bytes = original;
            PutU32(bytes, at, value);
            char text[64];
            std::snprintf(text, sizeof(text), "u32 0x%08x written at byte %zu", value, at);
            out.emplace_back(text, std::move(bytes));
        }
    }
    return out;
}

void CapAddressSpace() {
#if defined(_WIN32)
    // No RLIMIT_AS on Windows: a job object caps the memory the process commits.
    const HANDLE job = ::CreateJobObjectW(nullptr, nullptr);
    JOBOBJECT_EXTENDED_LIMIT_INFORMATION limit{};
    limit.BasicLimitInformation.LimitFlags = JOB_OBJECT_LIMIT_PROCESS_MEMORY;
    limit.ProcessMemoryLimit = SIZE_T(4) << 30; // 4 GiB, as on POSIX
    if (!job || !::SetInformationJobObject(job, JobObjectExtendedLimitInformation, &limit, sizeof(limit)) ||
            !::AssignProcessToJobObject(job, ::GetCurrentProcess())) {
        std::fprintf(stderr, "cannot cap the memory with a job object (error %lu)\n", ::GetLastError());
    }
#elif !defined(SWEEP_UNDER_ASAN)
    const rlim_t cap = rlim_t(4) << 30; // 4 GiB: far beyond what any corpus file justifies
    rlimit limit{cap, cap};
    if (setrlimit(RLIMIT_AS, &limit) != 0) {
        std::perror("setrlimit(RLIMIT_AS)");
    }
#endif
}

} // namespace

int main(int argc, char **argv) {
    std::error_code error;
    if (argc == 2 && (!fs::is_directory(argv[1], error) || fs::is_empty(argv[1], error))) {
        const char *required = std::getenv("ASSIMP_RETRO_REQUIRE_CORPUS");
        const bool fail = required && std::string(required) == "1";
        // The reason in GoogleTest's layout, which tools/ctest_report.py reads.
        std::printf("corruption_sweep: %s\nthe shared corpus is missing (real game files, never published; "
                    "set its folder with cmake -DASSIMP_RETRO_CORPUS_DIR=)\nexpected the folder %s%s\n",
                fail ? "Failed" : "Skipped", argv[1],
                fail ? "\n(ASSIMP_RETRO_REQUIRE_CORPUS=1 makes this a failure)" : "");
        return fail ? 1 : 77; // 77: ctest's SKIP_RETURN_CODE for this test
    }
    if (argc != 2) {
        std::fprintf(stderr, "usage: corruption_sweep <corpus folder> (the real files in ../shared/corpus; missing: %s)\n",
                argc > 1 ? argv[1] : "no folder given");
        return 1;
    }
    CapAddressSpace();
    std::vector<fs::path> paths;
    for (const auto &entry : fs::recursive_directory_iterator(argv[1])) {
        if (entry.is_regular_file()) {
            paths.push_back(entry.path());
        }
    }
    std::sort(paths.begin(), paths.end());
    const auto start = std::chrono::steady_clock::now();
    std::set<std::vector<uint8_t>> seen; // the same file under two names is swept once
    size_t files = 0, runs = 0, failures = 0;
    for (const fs::path &path : paths) {
        const std::string extension = Lower(path.extension().string().substr(path.extension().empty() ? 0 : 1));
        const Kind *kind = nullptr;
        for (const Kind &k : Kinds()) {
            if (std::find(k.extensions.begin(), k.extensions.end(), extension) != k.extensions.end()) {
                kind = &k;
            }
        }
        const std::vector<uint8_t> original = Load(path);
        if (!kind || !seen.insert(original).second) {
            continue;
        }
        ++files;
        const std::string name = fs::relative(path, argv[1]).string();
        const uint32_t seed = static_cast<uint32_t>(std::hash<std::string>()(path.filename().string()));
        for (const auto &[what, bytes] : Mutations(original, seed)) {
            ++runs;
            const std::string problem = kind->check(bytes, extension);
            if (!problem.empty()) {
                ++failures;
                std::printf("FAIL %s, %s: %s\n", name.c_str(), what.c_str(), problem.c_str());
                std::fflush(stdout);
            }
        }
    }
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::printf("corruption sweep: %zu files, %zu mutated inputs, %zu failures, %.1f s\n", files, runs, failures, seconds);
    if (files == 0) {
        std::fprintf(stderr, "no model or texture files found under %s\n", argv[1]);
        return 1;
    }
    return failures == 0 ? 0 : 1;
}
