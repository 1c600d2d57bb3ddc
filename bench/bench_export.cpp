// assimp-retro benchmarks: export speed of the exporters back to the games.
//
//   build-x/bench/bench_export
//
// Each corpus model is imported once; a benchmark exports that scene to
// memory (Exporter::ExportToBlob, so the disk is not measured) with abc6,
// abc12, and Assimp's own binary dump "assbin" as the reference. Reported:
// the written bytes per second and the time per export; compare the rows of
// one run as ratios (abc6 / assbin). Needs ../shared/corpus (skipped without).
#include <assimp_retro/assimp_retro.h>
#include <assimp_retro/config.h>

#include <assimp/Exporter.hpp>
#include <assimp/Importer.hpp>
#include <assimp/scene.h>

#include <benchmark/benchmark.h>

#include <filesystem>
#include <map>
#include <memory>
#include <string>

namespace {

const aiScene *Scene(const std::string &relative) {
    static std::map<std::string, std::unique_ptr<Assimp::Importer>> importers;
    auto &importer = importers[relative];
    if (!importer) {
        importer = std::make_unique<Assimp::Importer>();
        assimp_retro::RegisterAll(*importer);
        importer->ReadFile(std::string(ASSIMP_RETRO_CORPUS_DIR) + "/" + relative, 0);
    }
    return importer->GetScene();
}

void Export(benchmark::State &state, const std::string &file, const char *id) {
    const aiScene *scene = Scene(file);
    if (!scene) {
        state.SkipWithError(("cannot import ../shared/corpus/" + file).c_str());
        return;
    }
    Assimp::Exporter exporter;
    assimp_retro::RegisterExporters(exporter);
    size_t bytes = 0;
    for (auto _ : state) {
        const aiExportDataBlob *blob = exporter.ExportToBlob(scene, id);
        if (!blob) {
            state.SkipWithError(exporter.GetErrorString());
            break;
        }
        bytes = blob->size;
        benchmark::DoNotOptimize(blob->data);
    }
    state.SetBytesProcessed(int64_t(state.iterations()) * int64_t(bytes));
    state.counters["file_bytes"] = double(bytes);
}

} // namespace

#define EXPORT_BENCH(name, file, id) \
    static void name(benchmark::State &state) { Export(state, file, id); } \
    BENCHMARK(name)->Unit(benchmark::kMillisecond)

EXPORT_BENCH(BM_Tiberius_v6_abc6, "abc/CREATURES__TIBERIUS.ABC", "abc6");
EXPORT_BENCH(BM_Tiberius_v6_abc12, "abc/CREATURES__TIBERIUS.ABC", "abc12");
EXPORT_BENCH(BM_Tiberius_v6_assbin, "abc/CREATURES__TIBERIUS.ABC", "assbin");
EXPORT_BENCH(BM_OrbPv_v6_abc6, "abc/TEST__ORB_PV.ABC", "abc6"); // vertex animation
EXPORT_BENCH(BM_OrbPv_v6_assbin, "abc/TEST__ORB_PV.ABC", "assbin");
EXPORT_BENCH(BM_Nolf1_v12_abc12, "humans/NOLF1__INTHERO_ACTION.ABC", "abc12");
EXPORT_BENCH(BM_Nolf1_v12_abc6, "humans/NOLF1__INTHERO_ACTION.ABC", "abc6");
EXPORT_BENCH(BM_Nolf1_v12_assbin, "humans/NOLF1__INTHERO_ACTION.ABC", "assbin");

BENCHMARK_MAIN();
