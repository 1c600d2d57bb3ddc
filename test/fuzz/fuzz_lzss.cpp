// Fuzz target: the shared LZSS decoder. The output bound is checked by
// decoding into an exactly sized heap buffer (ASan catches any overrun) and
// the consumed count must stay inside the input. LzssSkip on the same stream
// must agree with it.
#include "Common/Lzss.h"

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size < 2) {
        return 0;
    }
    // The first two bytes choose the output size (up to 64 KiB) and the checksum mode.
    const size_t outSize = (size_t(data[0]) << 8 | data[1]);
    const assimp_retro::LzssChecksum modes[] = {assimp_retro::LzssChecksum::None,
            assimp_retro::LzssChecksum::UnsignedBytes, assimp_retro::LzssChecksum::SignedBytes};
    std::vector<uint8_t> out(outSize);
    const auto result = assimp_retro::LzssDecode(data + 2, size - 2, out.data(), out.size(), modes[data[1] % 3]);
    if (result.consumed > size - 2 || result.produced > outSize) {
        std::abort();
    }
    // Walking the stream without output must end where decoding ends.
    const auto skipped = assimp_retro::LzssSkip(data + 2, size - 2, outSize, modes[data[1] % 3]);
    const auto expected = result.status == assimp_retro::LzssStatus::BadChecksum ? assimp_retro::LzssStatus::Ok :
                                                                                   result.status;
    if (skipped.status != expected || skipped.consumed != result.consumed || skipped.produced != result.produced ||
            skipped.stored != result.stored) {
        std::abort();
    }
    return 0;
}
