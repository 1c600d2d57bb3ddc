// Import throughput of the assimp-retro importers on whole files, compared
// with Assimp's own binary format (assbin) holding the same scene, and the
// peak memory one import needs.
//
//   bench_import FILE...      (e.g. the files of ../shared/corpus)
//
// For each file, in a forked child so peak memory is per file: import it
// repeatedly for at least half a second (MB/s of input), export the scene to
// assbin in memory, import that as often (Assimp's fastest loader as the
// yardstick), and report ru_maxrss growth across the first import.
#include <assimp_retro/assimp_retro.h>

#include <assimp/Exporter.hpp>
#include <assimp/Importer.hpp>
#include <assimp/scene.h>

#include <chrono>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <string>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

namespace {

long MaxRssKiB() {
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    return usage.ru_maxrss;
}

// Seconds per call of `action`, repeated for at least `minSeconds`.
template <typename Action>
double TimePerCall(Action action, double minSeconds = 0.5) {
    using Clock = std::chrono::steady_clock;
    unsigned calls = 0;
    const auto start = Clock::now();
    double elapsed = 0;
    do {
        action();
        ++calls;
        elapsed = std::chrono::duration<double>(Clock::now() - start).count();
    } while (elapsed < minSeconds);
    return elapsed / calls;
}

int BenchOne(const std::string &path) {
    std::ifstream in(path, std::ios::binary);
    const std::vector<uint8_t> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const std::string hint = path.substr(path.find_last_of('.') + 1);

    const long rssBefore = MaxRssKiB();
    Assimp::Importer first;
    assimp_retro::RegisterAll(first);
    const aiScene *scene = first.ReadFileFromMemory(bytes.data(), bytes.size(), 0, hint.c_str());
    if (!scene) {
        std::printf("%-44s import failed: %s\n", path.c_str(), first.GetErrorString());
        return 1;
    }
    const long peakKiB = MaxRssKiB() - rssBefore;

    const double importSeconds = TimePerCall([&] {
        Assimp::Importer importer;
        assimp_retro::RegisterAll(importer);
        importer.ReadFileFromMemory(bytes.data(), bytes.size(), 0, hint.c_str());
    });

    Assimp::Exporter exporter;
    const aiExportDataBlob *blob = exporter.ExportToBlob(scene, "assbin");
    double assbinSeconds = 0;
    if (blob) {
        assbinSeconds = TimePerCall([&] {
            Assimp::Importer importer;
            importer.ReadFileFromMemory(blob->data, blob->size, 0, "assbin");
        });
    }
    const double megabytes = bytes.size() / 1e6;
    std::printf("%-44s %9zu B %9.1f MB/s %8.3f ms  assbin %8.3f ms  ratio %5.2f  peak +%6ld KiB\n", path.c_str(),
            bytes.size(), megabytes / importSeconds, importSeconds * 1e3, assbinSeconds * 1e3,
            assbinSeconds > 0 ? importSeconds / assbinSeconds : 0.0, peakKiB);
    return 0;
}

} // namespace

int main(int argc, char **argv) {
    if (argc < 2) {
        std::fprintf(stderr, "usage: bench_import FILE...\n");
        return 2;
    }
    std::printf("%-44s %11s %14s %11s  %15s  %11s  %s\n", "file", "size", "throughput", "import", "assbin import",
            "ratio", "peak memory");
    int failures = 0;
    for (int i = 1; i < argc; ++i) {
        std::fflush(stdout);
        const pid_t child = fork();
        if (child == 0) {
            const int result = BenchOne(argv[i]);
            std::fflush(stdout); // _exit skips stdio flushing
            _exit(result);
        }
        int status = 0;
        waitpid(child, &status, 0);
        failures += !(WIFEXITED(status) && WEXITSTATUS(status) == 0);
    }
    return failures ? 1 : 0;
}
