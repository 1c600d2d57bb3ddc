// Whole-file import of the assimp-retro importers against two yardsticks
// measured in the same run, and the memory one import needs:
//
//   bench_import [--set NAME=INT]... [--profile[=N]] [--from-disk] FILE...
//
// --profile only imports each file once (for valgrind --tool=callgrind);
// --profile=N N times on one Importer, as the timed rounds do (for perf).
// --from-disk imports by path (Importer::ReadFile: the importers map plain
// files instead of copying them, FileBytes) instead of from a buffer.
//
// For each file, in a forked child (so memory figures are per file):
// - import: Importer::ReadFileFromMemory (or ReadFile), no post-processing, on one reused
//   Importer (each call frees the previous scene, as the copy's free below);
// - copy: aiCopyScene of the imported scene plus aiFreeScene, the physical
//   floor (building the result without reading anything);
// - assbin: the scene exported to Assimp's binary format and imported by
//   Assimp (on an Importer with the same importers registered), only where
//   that round trip holds the whole scene (assbin drops aiAnimMesh morph
//   targets and morph channels: "n/a" says so; it also drops the scene's own
//   metadata, a few entries, which its import then need not build);
// - fixed: what any import through Assimp costs around the importer (the
//   search of every importer's extension list, the IO wrappers, from disk the
//   check that the file exists, the scene preprocessor): the same call, on an
//   Importer with the same importers, for a registered importer that reads
//   nothing and makes a scene of one node. "own" = import - fixed, the
//   importer's work plus freeing the previous scene (as the copy frees its
//   own), is compared with the copy too;
// - memory: the peak of heap bytes in use during one import (every operator
//   new of the process is counted, Assimp's included) against the size of the
//   final scene, computed by walking it (SceneBytes).
// Each time is the best of 15 interleaved rounds of this thread's CPU time
// (the machine may be shared); the ratios are import / copy and import / assbin.
#include "BenchTiming.h"

#include "SceneBytes.h"

#include <assimp_retro/assimp_retro.h>

#include <assimp/Exporter.hpp>
#include <assimp/BaseImporter.h>
#include <assimp/Importer.hpp>
#include <assimp/cimport.h>
#include <assimp/importerdesc.h>
#include <assimp/scene.h>

#include <algorithm>
#include <atomic>
#include <ctime>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <malloc.h>
#include <new>
#include <string>
#include <sys/wait.h>
#include <unistd.h>
#include <utility>
#include <vector>

// ---- heap accounting: every operator new/delete of the process -------------

namespace {
std::atomic<size_t> gHeapInUse{0};
std::atomic<size_t> gHeapPeak{0};

void *Allocate(size_t size) {
    void *p = std::malloc(size ? size : 1);
    if (!p) {
        throw std::bad_alloc();
    }
    const size_t now = gHeapInUse.fetch_add(malloc_usable_size(p), std::memory_order_relaxed) + malloc_usable_size(p);
    if (now > gHeapPeak.load(std::memory_order_relaxed)) {
        gHeapPeak.store(now, std::memory_order_relaxed);
    }
    return p;
}
void Release(void *p) {
    if (p) {
        gHeapInUse.fetch_sub(malloc_usable_size(p), std::memory_order_relaxed);
        std::free(p);
    }
}
} // namespace

void *operator new(size_t size) { return Allocate(size); }
void *operator new[](size_t size) { return Allocate(size); }
void *operator new(size_t size, const std::nothrow_t &) noexcept {
    try { return Allocate(size); } catch (...) { return nullptr; }
}
void *operator new[](size_t size, const std::nothrow_t &) noexcept {
    try { return Allocate(size); } catch (...) { return nullptr; }
}
void operator delete(void *p) noexcept { Release(p); }
void operator delete[](void *p) noexcept { Release(p); }
void operator delete(void *p, size_t) noexcept { Release(p); }
void operator delete[](void *p, size_t) noexcept { Release(p); }
void operator delete(void *p, const std::nothrow_t &) noexcept { Release(p); }
void operator delete[](void *p, const std::nothrow_t &) noexcept { Release(p); }

namespace {

/// The fixed-cost yardstick: an importer that reads nothing and returns a
/// scene of one node, for files named *.retronull.
class NullImporter : public Assimp::BaseImporter {
public:
    bool CanRead(const std::string &file, Assimp::IOSystem *, bool) const override {
        return file.size() > 10 && file.compare(file.size() - 10, 10, ".retronull") == 0;
    }

protected:
    const aiImporterDesc *GetInfo() const override {
        static const aiImporterDesc desc = {"bench null importer", "", "", "", 0, 0, 0, 0, 0, "retronull"};
        return &desc;
    }
    void InternReadFile(const std::string &, aiScene *scene, Assimp::IOSystem *) override {
        scene->mRootNode = new aiNode("null");
    }
};

struct Options {
    std::vector<std::pair<std::string, int>> properties; // --set NAME=INT
    bool profile = false; // --profile: import each file once, in process, no timing
    int profileImports = 1; // --profile=N: N imports of each file on one Importer
    bool fromDisk = false; // --from-disk: Importer::ReadFile(path) instead of ReadFileFromMemory
    int rounds = 15;
    double roundSeconds = 0.02;
};

using bench_timing::ThreadSeconds;
using bench_timing::TimeRound;

void Configure(Assimp::Importer &importer, const Options &options) {
    assimp_retro::RegisterAll(importer);
    for (const auto &property : options.properties) {
        importer.SetPropertyInteger(property.first.c_str(), property.second);
    }
}

std::string HumanBytes(double bytes) {
    char text[32];
    if (bytes >= 1024.0 * 1024.0) {
        std::snprintf(text, sizeof text, "%.1f MiB", bytes / (1024.0 * 1024.0));
    } else {
        std::snprintf(text, sizeof text, "%.1f KiB", bytes / 1024.0);
    }
    return text;
}

// Why assbin cannot stand in for this scene, or "" when it can.
std::string AssbinGap(const aiScene *scene, const aiScene *roundTrip) {
    if (!roundTrip) {
        return "n/a (assbin import failed)";
    }
    const assimp_retro_bench::SceneCounts a = assimp_retro_bench::CountScene(scene);
    const assimp_retro_bench::SceneCounts b = assimp_retro_bench::CountScene(roundTrip);
    if (a.animMeshes != b.animMeshes || a.morphChannels != b.morphChannels) {
        return "n/a (assbin drops morph targets)";
    }
    if (a != b) {
        return "n/a (assbin scene differs)";
    }
    return "";
}

const aiScene *Import(Assimp::Importer &importer, const std::string &path, const std::vector<uint8_t> &bytes,
        const Options &options) {
    if (options.fromDisk) {
        return importer.ReadFile(path, 0);
    }
    const std::string hint = path.substr(path.find_last_of('.') + 1);
    return importer.ReadFileFromMemory(bytes.data(), bytes.size(), 0, hint.c_str());
}

int BenchOne(const std::string &path, const Options &options) {
    std::ifstream in(path, std::ios::binary);
    const std::vector<uint8_t> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());

    // Memory: heap peak during the first import, against the scene it leaves.
    Assimp::Importer importer;
    Configure(importer, options);
    const size_t heapBefore = gHeapInUse.load();
    gHeapPeak.store(heapBefore);
    const aiScene *scene = Import(importer, path, bytes, options);
    if (!scene) {
        std::printf("%-34s import failed: %s\n", path.c_str(), importer.GetErrorString());
        return 1;
    }
    const size_t peak = gHeapPeak.load() - heapBefore;
    const size_t sceneBytes = assimp_retro_bench::SceneBytes(scene);

    // The yardsticks' inputs: a private copy of the scene, its assbin form.
    aiScene *reference = nullptr;
    aiCopyScene(scene, &reference);
    if (assimp_retro_bench::CountScene(reference) != assimp_retro_bench::CountScene(scene)) {
        std::printf("%-34s aiCopyScene does not copy the whole scene\n", path.c_str());
        return 1;
    }
    Assimp::Exporter exporter;
    const aiExportDataBlob *blob = exporter.ExportToBlob(reference, "assbin");
    Assimp::Importer assbinImporter;
    Configure(assbinImporter, options); // the same importers: the same look-up of the hint among them
    std::string gap = "n/a (assbin export failed)";
    if (blob) {
        gap = AssbinGap(reference, assbinImporter.ReadFileFromMemory(blob->data, blob->size, 0, "assbin"));
    }

    // The fixed cost: the same call on an Importer with the same importers
    // and the null importer (from disk: a one-byte file).
    Assimp::Importer nullImporter;
    Configure(nullImporter, options);
    nullImporter.RegisterLoader(new NullImporter()); // the Importer deletes it
    std::string nullPath = "bench_import_null.retronull";
    const std::vector<uint8_t> nullBytes(1, 0);
    if (options.fromDisk) {
        char name[] = "/tmp/bench_import_XXXXXX.retronull";
        const int fd = mkstemps(name, 10);
        if (fd < 0 || write(fd, nullBytes.data(), 1) != 1) {
            std::printf("%-34s cannot write the null importer's file\n", path.c_str());
            return 1;
        }
        close(fd);
        nullPath = name;
    }
    if (!Import(nullImporter, nullPath, nullBytes, options)) {
        std::printf("%-34s null import failed: %s\n", path.c_str(), nullImporter.GetErrorString());
        return 1;
    }

    double importBest = 1e9, copyBest = 1e9, assbinBest = 1e9, fixedBest = 1e9;
    for (int round = 0; round < options.rounds; ++round) {
        TimeRound([&] { Import(importer, path, bytes, options); },
                options.roundSeconds, importBest);
        TimeRound([&] { Import(nullImporter, nullPath, nullBytes, options); },
                options.roundSeconds, fixedBest);
        TimeRound([&] {
            aiScene *copy = nullptr;
            aiCopyScene(reference, &copy);
            aiFreeScene(copy);
        }, options.roundSeconds, copyBest);
        if (gap.empty()) {
            TimeRound([&] { assbinImporter.ReadFileFromMemory(blob->data, blob->size, 0, "assbin"); },
                    options.roundSeconds, assbinBest);
        }
    }
    aiFreeScene(reference);
    if (options.fromDisk) {
        unlink(nullPath.c_str());
    }

    std::string assbin = gap;
    if (gap.empty()) {
        char text[64];
        std::snprintf(text, sizeof text, "%.3f ms  %5.2f", assbinBest * 1e3, importBest / assbinBest);
        assbin = text;
    }
    const std::string name = path.substr(path.find_last_of('/') + 1);
    std::printf("%-34s %9zu %8.1f %9.3f %8.3f %6.2f %8.3f %6.2f  %-32s %10s %10s %5.2f\n", name.c_str(), bytes.size(),
            bytes.size() / 1e6 / importBest, importBest * 1e3, copyBest * 1e3, importBest / copyBest, fixedBest * 1e3,
            (importBest - fixedBest) / copyBest, assbin.c_str(),
            HumanBytes(double(sceneBytes)).c_str(), HumanBytes(double(peak)).c_str(), double(peak) / double(sceneBytes));
    return 0;
}

} // namespace

int main(int argc, char **argv) {
    Options options;
    std::vector<std::string> files;
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        if (arg == "--set" && i + 1 < argc) {
            const std::string setting = argv[++i];
            const size_t eq = setting.find('=');
            if (eq == std::string::npos) {
                std::fprintf(stderr, "--set wants NAME=INT\n");
                return 2;
            }
            options.properties.emplace_back(setting.substr(0, eq), std::atoi(setting.c_str() + eq + 1));
        } else if (arg == "--profile" || arg.rfind("--profile=", 0) == 0) {
            options.profile = true;
            options.profileImports = arg == "--profile" ? 1 : std::max(1, std::atoi(arg.c_str() + 10));
        } else if (arg == "--from-disk") {
            options.fromDisk = true;
        } else {
            files.push_back(arg);
        }
    }
    if (files.empty()) {
        std::fprintf(stderr, "usage: bench_import [--set NAME=INT]... [--profile[=N]] [--from-disk] FILE...\n");
        return 2;
    }
    std::printf("%-34s %9s %8s %9s %8s %6s %8s %6s  %-32s %10s %10s %5s\n", "file", "bytes", "MB/s", "import ms", "copy ms",
            "/copy", "fixed ms", "own/cp", "assbin ms  import/assbin", "scene", "peak heap", "/scene");
    int failures = 0;
    if (options.profile) { // for valgrind --tool=callgrind: just the imports
        for (const std::string &file : files) {
            std::ifstream in(file, std::ios::binary);
            const std::vector<uint8_t> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
            Assimp::Importer importer;
            Configure(importer, options);
            for (int i = 0; i < options.profileImports; ++i) { // warm imports, as timed: each frees the last
                failures += !Import(importer, file, bytes, options);
            }
        }
        return failures ? 1 : 0;
    }
    for (const std::string &file : files) {
        std::fflush(stdout);
        const pid_t child = fork();
        if (child == 0) {
            const int result = BenchOne(file, options);
            std::fflush(stdout); // _exit skips stdio flushing
            _exit(result);
        }
        int status = 0;
        waitpid(child, &status, 0);
        failures += !(WIFEXITED(status) && WEXITSTATUS(status) == 0);
    }
    return failures ? 1 : 0;
}
