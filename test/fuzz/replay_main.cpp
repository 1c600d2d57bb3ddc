// Without libFuzzer: run LLVMFuzzerTestOneInput on every file given (or every
// file in a given folder) and on deterministic random mutations of each
// (bit flips, byte overwrites with boundary values, truncations, splices), so
// the hostile-input paths run in every CI build, sanitizers or not.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <random>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

namespace fs = std::filesystem;

static std::vector<uint8_t> Load(const fs::path &path) {
    std::ifstream in(path, std::ios::binary);
    return std::vector<uint8_t>(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

static void Mutate(std::vector<uint8_t> &data, std::mt19937 &rng) {
    static const uint8_t kInteresting[] = {0x00, 0x01, 0x7f, 0x80, 0xff, 0xfe, 0x10, 0x40};
    const int operation = rng() % 5;
    if (data.empty()) {
        data.push_back(static_cast<uint8_t>(rng()));
        return;
    }
    const size_t at = rng() % data.size();
    switch (operation) {
    case 0: data[at] ^= static_cast<uint8_t>(1u << (rng() % 8)); break;
    case 1: data[at] = kInteresting[rng() % sizeof(kInteresting)]; break;
    case 2: data.resize(at); break;
    case 3: { // a 32-bit field set to a large or negative value
        const uint32_t values[] = {0xffffffffu, 0x7fffffffu, 0x80000000u, 0x00010000u, 0u, 1u};
        const uint32_t v = values[rng() % 6];
        for (size_t i = 0; i < 4 && at + i < data.size(); ++i) data[at + i] = static_cast<uint8_t>(v >> (8 * i));
        break;
    }
    default: { // copy a block over another place
        const size_t from = rng() % data.size();
        const size_t length = std::min<size_t>(rng() % 64, data.size() - std::max(from, at));
        std::memmove(&data[at], &data[from], length);
        break;
    }
    }
}

int main(int argc, char **argv) {
    unsigned mutations = 0;
    std::vector<fs::path> inputs;
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--mutations") == 0 && i + 1 < argc) {
            mutations = static_cast<unsigned>(std::strtoul(argv[++i], nullptr, 10));
        } else if (fs::is_directory(argv[i])) {
            for (const auto &entry : fs::recursive_directory_iterator(argv[i])) {
                if (entry.is_regular_file()) inputs.push_back(entry.path());
            }
        } else {
            inputs.push_back(argv[i]);
        }
    }
    if (inputs.empty()) {
        std::fprintf(stderr, "no inputs: give files or a corpus folder\n");
        return 1;
    }
    std::sort(inputs.begin(), inputs.end());
    size_t runs = 0;
    for (const fs::path &path : inputs) {
        const std::vector<uint8_t> original = Load(path);
        LLVMFuzzerTestOneInput(original.data(), original.size());
        ++runs;
        std::mt19937 rng(static_cast<uint32_t>(std::hash<std::string>()(path.filename().string())));
        for (unsigned m = 0; m < mutations; ++m) {
            std::vector<uint8_t> data = original;
            const unsigned steps = 1 + rng() % 4;
            for (unsigned s = 0; s < steps; ++s) Mutate(data, rng);
            LLVMFuzzerTestOneInput(data.data(), data.size());
            ++runs;
        }
    }
    std::printf("%zu inputs run without a crash\n", runs);
    return 0;
}
