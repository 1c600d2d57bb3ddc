// The shared LZSS decoder (code/Common/Lzss.cpp) against a straightforward
// byte-by-byte ring-buffer decoder, and LzssSkip (walking the stream without
// output, what skipping an unwanted ODOL LOD would cost), in one run:
//
//   bench_lzss [--fixed] [HMMWV.p3d]
//
// --fixed makes a fixed number of calls and times nothing, for
// valgrind --tool=callgrind --branch-sim=yes (instruction and simulated
// branch-miss counts per decoder, repeatable on a loaded machine).
//
// Streams come from the test writer's encoder (greedy, Bohemia's format). With
// a P3D file the UV, clip-flag and position arrays of all its LODs are
// encoded too (real vertex data). Each figure is the best of several
// interleaved rounds; every decoder's output is checked against the input.
#include "BenchTiming.h"

#include "AssetLib/Poseidon/P3dReader.h"
#include "Common/Lzss.h"
#include "writers/Poseidon/P3dWriter.h"

#include <algorithm>
#include <ctime>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iterator>
#include <random>
#include <string>
#include <vector>

namespace {

namespace wp = retro_test::p3d;

bool gFixed = false; // --fixed: 4 calls of each decoder per payload (profiling)

/// The classic decoder: a 4096-byte ring, one byte at a time, every input
/// read bounds-checked; then the unsigned checksum. Returns the bytes produced.
size_t NaiveDecode(const uint8_t *in, size_t inSize, uint8_t *out, size_t outSize) {
    uint8_t ring[4096];
    std::memset(ring, ' ', 4078);
    std::memset(ring + 4078, 0, 18);
    size_t r = 4078, ip = 0, op = 0;
    unsigned flags = 0;
    while (op < outSize) {
        if (((flags >>= 1) & 0x100u) == 0) {
            if (ip >= inSize) {
                break;
            }
            flags = in[ip++] | 0xFF00u;
        }
        if (flags & 1u) {
            if (ip >= inSize) {
                break;
            }
            const uint8_t c = in[ip++];
            out[op++] = c;
            ring[r] = c;
            r = (r + 1) & 4095;
        } else {
            if (ip + 2 > inSize) {
                break;
            }
            const unsigned lo = in[ip], hi = in[ip + 1];
            ip += 2;
            const size_t dist = lo | ((hi & 0xF0u) << 4);
            size_t from = (r - (dist ? dist : 4096)) & 4095;
            for (unsigned k = 0; k < (hi & 0x0Fu) + 3 && op < outSize; ++k) {
                const uint8_t c = ring[from];
                from = (from + 1) & 4095;
                out[op++] = c;
                ring[r] = c;
                r = (r + 1) & 4095;
            }
        }
    }
    uint32_t sum = 0;
    for (size_t i = 0; i < op; ++i) {
        sum += out[i];
    }
    if (ip + 4 <= inSize) {
        uint32_t stored;
        std::memcpy(&stored, in + ip, 4);
        if (stored != sum) {
            return 0;
        }
    }
    return op;
}

using bench_timing::ThreadSeconds;
using bench_timing::TimeRound;

template <typename T>
void Append(std::vector<uint8_t> &out, const std::vector<T> &values) {
    const uint8_t *p = reinterpret_cast<const uint8_t *>(values.data());
    out.insert(out.end(), p, p + values.size() * sizeof(T));
}

// One payload: the decoders and the skip over its encoded form.
bool Run(const char *name, const std::vector<uint8_t> &raw) {
    const std::vector<uint8_t> packed = wp::LzssEncode(raw, wp::LzssSum::Unsigned);
    std::vector<uint8_t> out(raw.size()), naiveOut(raw.size());
    bool ok = assimp_retro::LzssDecode(packed.data(), packed.size(), out.data(), out.size()).Ok() && out == raw;
    ok = ok && NaiveDecode(packed.data(), packed.size(), naiveOut.data(), naiveOut.size()) == raw.size() && naiveOut == raw;
    ok = ok && assimp_retro::LzssSkip(packed.data(), packed.size(), raw.size()).consumed == packed.size();
    if (!ok) {
        std::printf("%-30s DECODERS DISAGREE\n", name);
        return false;
    }
    if (gFixed) { // for callgrind: a fixed number of calls, no timing
        for (int call = 0; call < 4; ++call) {
            assimp_retro::LzssDecode(packed.data(), packed.size(), out.data(), out.size());
            NaiveDecode(packed.data(), packed.size(), naiveOut.data(), naiveOut.size());
            assimp_retro::LzssSkip(packed.data(), packed.size(), raw.size());
        }
        std::printf("%-30s %9zu %6.2f (fixed calls)\n", name, raw.size(), double(raw.size()) / double(packed.size()));
        return true;
    }
    double fast = 1e9, naive = 1e9, skip = 1e9;
    for (int round = 0; round < 40; ++round) {
        TimeRound([&] { assimp_retro::LzssDecode(packed.data(), packed.size(), out.data(), out.size()); }, 0.005, fast);
        TimeRound([&] { NaiveDecode(packed.data(), packed.size(), naiveOut.data(), naiveOut.size()); }, 0.005, naive);
        TimeRound([&] { assimp_retro::LzssSkip(packed.data(), packed.size(), raw.size()); }, 0.005, skip);
    }
    const double mb = raw.size() / 1e6;
    std::printf("%-30s %9zu %6.2f %9.0f %9.0f %7.2f %9.0f %8.2f\n", name, raw.size(),
            double(raw.size()) / double(packed.size()), mb / fast, mb / naive, naive / fast, mb / skip, fast / skip);
    return true;
}

} // namespace

int main(int argc, char **argv) {
    if (argc > 1 && std::string(argv[1]) == "--fixed") {
        gFixed = true;
        --argc;
        ++argv;
    }
    std::printf("%-30s %9s %6s %9s %9s %7s %9s %8s\n", "payload", "bytes", "packed", "MB/s", "naive", "x naive",
            "skip MB/s", "x decode");
    bool ok = true;

    std::vector<uint8_t> uvs; // ODOL-like: the UVs of a big grid
    for (uint32_t i = 0; uvs.size() < (1u << 20); ++i) {
        const float uv[2] = {float(i % 257) / 256.f, float(i / 257) / 256.f};
        const uint8_t *p = reinterpret_cast<const uint8_t *>(uv);
        uvs.insert(uvs.end(), p, p + 8);
    }
    ok &= Run("grid UVs (1 MiB)", uvs);

    std::vector<uint8_t> runs(1u << 20);
    for (size_t i = 0; i < runs.size(); ++i) {
        runs[i] = uint8_t((i / 300) * 7);
    }
    ok &= Run("long runs (1 MiB)", runs);

    std::vector<uint8_t> noise(1u << 20);
    std::mt19937 rng(5);
    for (auto &b : noise) {
        b = uint8_t(rng());
    }
    ok &= Run("random bytes (1 MiB)", noise);

    if (argc > 1) {
        std::ifstream in(argv[1], std::ios::binary);
        const std::vector<uint8_t> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        const auto model = assimp_retro::p3d::ReadP3d(bytes.data(), bytes.size(), argv[1]);
        std::vector<uint8_t> uv, clip, pos;
        for (const auto &lod : model.lods) {
            Append(uv, lod.uvs);
            Append(clip, lod.clipFlags);
            Append(pos, lod.positions);
        }
        ok &= Run("P3D UVs, all LODs", uv);
        ok &= Run("P3D clip flags, all LODs", clip);
        ok &= Run("P3D positions, all LODs", pos);
    }
    return ok ? 0 : 1;
}
