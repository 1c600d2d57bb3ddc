// assimp-retro benchmarks: the shared LZSS decoder, P3D import throughput and
// the p3d (MLOD) exporter's speed against Assimp's assbin exporter.
//
//   build-x/bench/bench_p3d                      (all)
//   build-x/bench/bench_p3d --benchmark_filter=Lzss
//
// Throughput is reported as bytes_per_second: decoded bytes for LZSS, file
// bytes for imports. BM_ImportAssbin imports the same scene (the grid model's
// aiScene, exported by Assimp to its own binary format) for comparison.
#include "AssetLib/Poseidon/P3dReader.h"
#include "Common/Lzss.h"
#include "writers/Poseidon/P3dWriter.h"

#include <assimp_retro/assimp_retro.h>

#include <assimp/Exporter.hpp>
#include <assimp/Importer.hpp>
#include <assimp/scene.h>

#include <benchmark/benchmark.h>

#include <cstring>
#include <fstream>
#include <iterator>
#include <random>
#include <stdexcept>

namespace {

namespace wp = retro_test::p3d;

/// ODOL-like payload: the UV and clip-flag arrays of a big grid (compresses ~2-4x).
std::vector<uint8_t> ArrayPayload(size_t bytes) {
    std::vector<uint8_t> out;
    uint32_t i = 0;
    while (out.size() < bytes) {
        const float u = float(i % 257) / 256.f, v = float(i / 257) / 256.f;
        uint8_t b[8];
        std::memcpy(b, &u, 4);
        std::memcpy(b + 4, &v, 4);
        out.insert(out.end(), b, b + 8);
        ++i;
    }
    out.resize(bytes);
    return out;
}

void RunDecode(benchmark::State &state, const std::vector<uint8_t> &raw) {
    const std::vector<uint8_t> packed = wp::LzssEncode(raw, wp::LzssSum::Unsigned);
    std::vector<uint8_t> out(raw.size());
    for (auto _ : state) {
        const auto result = assimp_retro::LzssDecode(packed.data(), packed.size(), out.data(), out.size());
        if (!result.Ok()) {
            state.SkipWithError("decode failed");
            break;
        }
        benchmark::DoNotOptimize(out.data());
    }
    state.SetBytesProcessed(int64_t(state.iterations()) * int64_t(raw.size()));
    state.counters["ratio"] = double(raw.size()) / double(packed.size());
}

void BM_LzssDecodeArrays(benchmark::State &state) {
    RunDecode(state, ArrayPayload(1 << 20));
}
BENCHMARK(BM_LzssDecodeArrays);

void BM_LzssDecodeRuns(benchmark::State &state) {
    std::vector<uint8_t> raw(1 << 20);
    for (size_t i = 0; i < raw.size(); ++i) {
        raw[i] = uint8_t((i / 300) * 7); // long runs: overlapping matches
    }
    RunDecode(state, raw);
}
BENCHMARK(BM_LzssDecodeRuns);

void BM_LzssDecodeLiterals(benchmark::State &state) {
    std::vector<uint8_t> raw(1 << 20);
    std::mt19937 rng(5);
    for (auto &b : raw) {
        b = uint8_t(rng());
    }
    RunDecode(state, raw); // incompressible: all literals
}
BENCHMARK(BM_LzssDecodeLiterals);

const std::vector<uint8_t> &GridOdol() {
    static const std::vector<uint8_t> bytes = wp::WriteOdol(wp::GridModel(180)); // 32761 vertices
    return bytes;
}

void BM_ReadOdolModel(benchmark::State &state) {
    const auto &bytes = GridOdol();
    for (auto _ : state) {
        auto model = assimp_retro::p3d::ReadP3d(bytes.data(), bytes.size(), "grid.p3d");
        benchmark::DoNotOptimize(model.lods.data());
    }
    state.SetBytesProcessed(int64_t(state.iterations()) * int64_t(bytes.size()));
}
BENCHMARK(BM_ReadOdolModel);

void ImportBytes(benchmark::State &state, const std::vector<uint8_t> &bytes, const char *hint, int lods) {
    for (auto _ : state) {
        Assimp::Importer importer;
        assimp_retro::RegisterAll(importer);
        importer.SetPropertyInteger(AI_CONFIG_IMPORT_P3D_LODS, lods);
        const aiScene *scene = importer.ReadFileFromMemory(bytes.data(), bytes.size(), 0, hint);
        if (!scene) {
            state.SkipWithError(importer.GetErrorString());
            break;
        }
        benchmark::DoNotOptimize(scene);
    }
    state.SetBytesProcessed(int64_t(state.iterations()) * int64_t(bytes.size()));
}

void BM_ImportOdolGrid(benchmark::State &state) {
    ImportBytes(state, GridOdol(), "p3d", 0);
}
BENCHMARK(BM_ImportOdolGrid);

void BM_ImportMlodGrid(benchmark::State &state) {
    static const std::vector<uint8_t> bytes = wp::WriteMlod(wp::GridModel(180));
    ImportBytes(state, bytes, "p3d", 0);
}
BENCHMARK(BM_ImportMlodGrid);

/// The ODOL grid's scene as Assimp's own binary format, to compare with.
void BM_ImportAssbin(benchmark::State &state) {
    static std::vector<uint8_t> assbin;
    if (assbin.empty()) {
        Assimp::Importer importer;
        assimp_retro::RegisterAll(importer);
        const auto &bytes = GridOdol();
        const aiScene *scene = importer.ReadFileFromMemory(bytes.data(), bytes.size(), 0, "p3d");
        Assimp::Exporter exporter;
        const aiExportDataBlob *blob = scene ? exporter.ExportToBlob(scene, "assbin") : nullptr;
        if (!blob) {
            state.SkipWithError("assbin export failed");
            return;
        }
        const uint8_t *p = static_cast<const uint8_t *>(blob->data);
        assbin.assign(p, p + blob->size);
    }
    ImportBytes(state, assbin, "assbin", 0);
    state.counters["odol_bytes"] = double(GridOdol().size());
}
BENCHMARK(BM_ImportAssbin);

void BM_ImportHmmwvAllLods(benchmark::State &state) {
    std::ifstream in(std::string(ASSIMP_RETRO_CORPUS_DIR) + "/p3d/tzk210_mcar_hmmwv_xj200.p3d", std::ios::binary);
    const std::vector<uint8_t> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    if (bytes.empty()) {
        state.SkipWithError("../shared/corpus/p3d/tzk210_mcar_hmmwv_xj200.p3d not found");
        return;
    }
    ImportBytes(state, bytes, "p3d", 2);
}
BENCHMARK(BM_ImportHmmwvAllLods);

/// Export: the scene of a file (every LOD), written by the p3d exporter (MLOD)
/// and, to compare with, by Assimp's own binary exporter (assbin).
void ExportScene(benchmark::State &state, const std::vector<uint8_t> &bytes, const char *format) {
    Assimp::Importer importer;
    assimp_retro::RegisterAll(importer);
    importer.SetPropertyInteger(AI_CONFIG_IMPORT_P3D_LODS, 2);
    importer.SetPropertyBool(AI_CONFIG_IMPORT_RETRO_TEXTURES, false);
    const aiScene *scene = importer.ReadFileFromMemory(bytes.data(), bytes.size(), 0, "p3d");
    if (!scene) {
        state.SkipWithError("import failed");
        return;
    }
    Assimp::Exporter exporter;
    assimp_retro::RegisterExporters(exporter);
    size_t written = 0;
    for (auto _ : state) {
        const aiExportDataBlob *blob = exporter.ExportToBlob(scene, format);
        if (!blob) {
            state.SkipWithError(exporter.GetErrorString());
            break;
        }
        written = blob->size;
        benchmark::DoNotOptimize(blob->data);
    }
    state.SetBytesProcessed(int64_t(state.iterations()) * int64_t(written));
    state.counters["output_bytes"] = double(written);
}

void BM_ExportMlodGrid(benchmark::State &state) {
    ExportScene(state, GridOdol(), "p3d");
}
BENCHMARK(BM_ExportMlodGrid);

void BM_ExportAssbinGrid(benchmark::State &state) {
    ExportScene(state, GridOdol(), "assbin");
}
BENCHMARK(BM_ExportAssbinGrid);

void BM_ExportMlodHmmwvAllLods(benchmark::State &state) {
    std::ifstream in(std::string(ASSIMP_RETRO_CORPUS_DIR) + "/p3d/tzk210_mcar_hmmwv_xj200.p3d", std::ios::binary);
    const std::vector<uint8_t> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    if (bytes.empty()) {
        state.SkipWithError("../shared/corpus/p3d/tzk210_mcar_hmmwv_xj200.p3d not found");
        return;
    }
    ExportScene(state, bytes, "p3d");
}
BENCHMARK(BM_ExportMlodHmmwvAllLods);

/// The corpus ODOL whose texture the importer finds (ofp-tree), every LOD,
/// exported with its texture (a 1024x256 DXT1 PAA with mipmaps, encoded
/// again for each of its two game paths) or as the model alone.
void ExportTomahawk(benchmark::State &state, bool textures) {
    Assimp::Importer importer;
    assimp_retro::RegisterAll(importer);
    importer.SetPropertyInteger(AI_CONFIG_IMPORT_P3D_LODS, 2);
    const aiScene *scene = importer.ReadFile(
            std::string(ASSIMP_RETRO_CORPUS_DIR) + "/ofp-tree/TZK_Objects/Model/Tomahawk_gdtcti_xj200.p3d", 0);
    if (!scene || scene->mNumTextures == 0) {
        state.SkipWithError("../shared/corpus/ofp-tree: the Tomahawk or its texture not found");
        return;
    }
    Assimp::Exporter exporter;
    assimp_retro::RegisterExporters(exporter);
    Assimp::ExportProperties properties;
    properties.SetPropertyBool(AI_CONFIG_EXPORT_P3D_TEXTURES, textures);
    size_t written = 0;
    for (auto _ : state) {
        const aiExportDataBlob *blob = exporter.ExportToBlob(scene, "p3d", 0u, &properties);
        if (!blob) {
            state.SkipWithError(exporter.GetErrorString());
            break;
        }
        written = 0;
        for (const aiExportDataBlob *b = blob; b; b = b->next) {
            written += b->size;
        }
        benchmark::DoNotOptimize(blob->data);
    }
    state.SetBytesProcessed(int64_t(state.iterations()) * int64_t(written));
    state.counters["output_bytes"] = double(written);
}

void BM_ExportMlodTomahawkWithTextures(benchmark::State &state) {
    ExportTomahawk(state, true);
}
BENCHMARK(BM_ExportMlodTomahawkWithTextures);

void BM_ExportMlodTomahawkModelOnly(benchmark::State &state) {
    ExportTomahawk(state, false);
}
BENCHMARK(BM_ExportMlodTomahawkModelOnly);

} // namespace

BENCHMARK_MAIN();
