// Fuzz target: the shared LZMA-alone wrapper (Common/LzmaAlone.h). Any input
// either unpacks to exactly the declared size, which the packed size must
// justify, or fails with an ImportError naming a byte inside the input; the
// detection prefix never exceeds what was asked.
#include "Common/ImportError.h"
#include "Common/LzmaAlone.h"

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (assimp_retro::DecodeLzmaAlonePrefix(data, size, 24).size() > 24) {
        std::abort();
    }
    try {
        const std::vector<uint8_t> out = assimp_retro::DecodeLzmaAlone(data, size, "LTB", "fuzz.ltb", uint64_t(64) << 20);
        const assimp_retro::LzmaAloneHeader header = assimp_retro::ReadLzmaAloneHeader(data);
        if (out.size() != header.unpackedSize || out.size() > (size - assimp_retro::kLzmaAloneHeaderBytes) * assimp_retro::kMaxLzmaRatio) {
            std::abort();
        }
    } catch (const assimp_retro::ImportError &e) {
        if (std::string(e.what()).find(" at byte 0x") == std::string::npos) {
            std::abort();
        }
    }
    return 0;
}
