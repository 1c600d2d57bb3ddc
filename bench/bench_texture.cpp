// assimp-retro benchmarks: texture decoding (PAA/PAC, DTX) and PNG encoding.
//
//   build-bench/bench/bench_texture
//
// Throughput is bytes_per_second of decoded RGBA8 texels (width * height * 4
// of the top level), for decoders and for the PNG writer alike. Files come
// from the project's texture writers (test/writers/Texture); the real
// tomahawk.paa (DXT1 1024x256) and TIBERIUS.DTX (palette 256x256) are added
// when ../shared/corpus is present.
#include "Common/Texture/Texture.h"
#include "writers/Texture/TextureWriters.h"

#include <benchmark/benchmark.h>

#include <fstream>
#include <iterator>
#include <random>

using namespace retro_test::tex;

namespace {

// Smooth-ish texels with noise: compresses like a real texture, not like a constant.
std::vector<uint8_t> TextureLikeBytes(size_t count, unsigned seed) {
    std::mt19937 rng(seed);
    std::vector<uint8_t> out(count);
    for (size_t i = 0; i < count; ++i) out[i] = uint8_t((i / 64) * 3 + (i % 64) + (rng() % 4));
    return out;
}

std::vector<uint8_t> Argb4444Paa(uint16_t side) {
    Paa paa;
    paa.typeTag = 0x4444;
    paa.levels.push_back({side, side, false, LzssEncodeSigned(TextureLikeBytes(size_t(side) * side * 2, 1)), std::nullopt});
    return WritePaa(paa);
}

std::vector<uint8_t> Dxt1Paa(uint16_t side) {
    Paa paa;
    paa.typeTag = 0xFF01;
    paa.levels.push_back({side, side, false, TextureLikeBytes(size_t(side / 4) * (side / 4) * 8, 2), std::nullopt});
    return WritePaa(paa);
}

std::vector<uint8_t> P8RlePac(uint16_t side) {
    Paa paa;
    for (uint32_t k = 0; k < 256; ++k) paa.palette.push_back(k * 0x010101u);
    std::vector<uint8_t> indices = TextureLikeBytes(size_t(side) * side, 3);
    for (auto &i : indices) i &= 0xF0; // runs, as palettised art has
    paa.levels.push_back({side, side, false, RleEncode(indices), std::nullopt});
    return WritePaa(paa);
}

std::vector<uint8_t> PaletteDtx(uint16_t side) {
    Dtx dtx;
    dtx.version = -3;
    dtx.width = dtx.height = side;
    dtx.flags = 0xA;
    dtx.palette = TextureLikeBytes(1024, 4);
    dtx.mips.push_back(TextureLikeBytes(size_t(side) * side, 5));
    dtx.alphaMasks.push_back(TextureLikeBytes(size_t(side) * side / 2, 6));
    return WriteDtx(dtx);
}

std::vector<uint8_t> Bgra32Dtx(uint16_t side) {
    Dtx dtx;
    dtx.version = -5;
    dtx.width = dtx.height = side;
    dtx.bppIdent = 3;
    dtx.mips.push_back(TextureLikeBytes(size_t(side) * side * 4, 7));
    return WriteDtx(dtx);
}

std::vector<uint8_t> ReadCorpus(const std::string &relative) {
    std::ifstream in(std::string(ASSIMP_RETRO_CORPUS_DIR) + "/" + relative, std::ios::binary);
    return std::vector<uint8_t>(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

void BenchDecode(benchmark::State &state, const std::vector<uint8_t> &file, const std::string &name) {
    size_t texelBytes = 0;
    for (auto _ : state) {
        const assimp_retro::DecodedTexture t = assimp_retro::DecodeTexture(file.data(), file.size(), name);
        texelBytes = t.image.pixels.size();
        benchmark::DoNotOptimize(t.image.pixels.data());
    }
    state.SetBytesProcessed(int64_t(state.iterations()) * int64_t(texelBytes));
}

void BenchPng(benchmark::State &state, const assimp_retro::RgbaImage &image) {
    size_t pngBytes = 0;
    for (auto _ : state) {
        const std::vector<uint8_t> png = assimp_retro::EncodePng(image);
        pngBytes = png.size();
        benchmark::DoNotOptimize(png.data());
    }
    state.SetBytesProcessed(int64_t(state.iterations()) * int64_t(image.pixels.size()));
    state.counters["png_ratio"] = double(pngBytes) / double(image.pixels.size());
}

void RegisterAll() {
    struct Generated { const char *label; std::vector<uint8_t> bytes; const char *name; };
    static const Generated generated[] = {
        {"PAA_DXT1_1024", Dxt1Paa(1024), "g.paa"},
        {"PAA_ARGB4444_LZSS_512", Argb4444Paa(512), "g.paa"},
        {"PAC_P8_RLE_512", P8RlePac(512), "g.pac"},
        {"DTX_v3_palette_masks_256", PaletteDtx(256), "g.dtx"},
        {"DTX_v5_BGRA32_512", Bgra32Dtx(512), "g.dtx"},
    };
    for (const Generated &g : generated) {
        benchmark::RegisterBenchmark((std::string("Decode/") + g.label).c_str(),
                [&g](benchmark::State &s) { BenchDecode(s, g.bytes, g.name); });
    }
    static const std::vector<uint8_t> tomahawk = ReadCorpus("ofp-tree/TZK_Objects/tomahawk.paa");
    static const std::vector<uint8_t> tiberius = ReadCorpus("kpc-tree/SKINS/CREATURES/TIBERIUS.DTX");
    if (!tomahawk.empty()) {
        benchmark::RegisterBenchmark("Decode/real_tomahawk_PAA_DXT1_1024x256",
                [](benchmark::State &s) { BenchDecode(s, tomahawk, "tomahawk.paa"); });
        static const assimp_retro::RgbaImage image =
                assimp_retro::DecodeTexture(tomahawk.data(), tomahawk.size(), "tomahawk.paa").image;
        benchmark::RegisterBenchmark("EncodePng/real_tomahawk_1024x256", [](benchmark::State &s) { BenchPng(s, image); });
    }
    if (!tiberius.empty()) {
        benchmark::RegisterBenchmark("Decode/real_TIBERIUS_DTX_v3_256x256",
                [](benchmark::State &s) { BenchDecode(s, tiberius, "TIBERIUS.DTX"); });
        static const assimp_retro::RgbaImage image =
                assimp_retro::DecodeTexture(tiberius.data(), tiberius.size(), "TIBERIUS.DTX").image;
        benchmark::RegisterBenchmark("EncodePng/real_TIBERIUS_256x256", [](benchmark::State &s) { BenchPng(s, image); });
    }
    static const assimp_retro::RgbaImage generatedImage =
            assimp_retro::DecodeTexture(generated[1].bytes.data(), generated[1].bytes.size(), "g.paa").image;
    benchmark::RegisterBenchmark("EncodePng/generated_ARGB4444_512", [](benchmark::State &s) { BenchPng(s, generatedImage); });
}

} // namespace

int main(int argc, char **argv) {
    RegisterAll();
    benchmark::Initialize(&argc, argv);
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
