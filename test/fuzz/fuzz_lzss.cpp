// Fuzz target: the shared LZSS decoder. The output bound is checked by
// decoding into an exactly sized heap buffer (ASan catches any overrun) and
// the consumed count must stay inside the input. The result (status, counts,
// checksums, bytes) must equal a byte-by-byte reference decoder's, and
// LzssSkip on the same stream must end where decoding ends.
#include "Common/Lzss.h"
#include "support/LzssReference.h"

#include <algorithm>
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
    const auto mode = modes[data[1] % 3];
    const auto result = assimp_retro::LzssDecode(data + 2, size - 2, out.data(), out.size(), mode);
    if (result.consumed > size - 2 || result.produced > outSize) {
        std::abort();
    }
    std::vector<uint8_t> expected(outSize);
    const auto want = retro_test::ReferenceLzssDecode(data + 2, size - 2, expected.data(), expected.size(), mode);
    if (result.status != want.status || result.consumed != want.consumed || result.produced != want.produced ||
            result.computed != want.computed || result.stored != want.stored ||
            !std::equal(expected.begin(), expected.begin() + want.produced, out.begin())) {
        std::abort();
    }
    const auto skipped = assimp_retro::LzssSkip(data + 2, size - 2, outSize, mode);
    const auto skipStatus = want.status == assimp_retro::LzssStatus::BadChecksum ? assimp_retro::LzssStatus::Ok :
                                                                                   want.status;
    if (skipped.status != skipStatus || skipped.consumed != want.consumed || skipped.produced != want.produced ||
            skipped.stored != want.stored) {
        std::abort();
    }
    return 0;
}
