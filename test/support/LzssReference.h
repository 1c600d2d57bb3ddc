// A byte-by-byte ring-buffer LZSS decoder written straight from the format
// description (docs/formats/P3D.md, "LZSS"): the engine's loop, with none of
// the shared decoder's fast paths. Tests and the fuzz target compare
// LzssDecode with it on arbitrary streams: same status, counts, checksums and
// bytes.
#pragma once

#include "Common/Lzss.h"

#include <cstddef>
#include <cstdint>
#include <cstring>

namespace retro_test {

inline assimp_retro::LzssResult ReferenceLzssDecode(const uint8_t *in, size_t inSize, uint8_t *out, size_t outSize,
        assimp_retro::LzssChecksum checksum) {
    using assimp_retro::LzssChecksum;
    using assimp_retro::LzssStatus;
    assimp_retro::LzssResult result;
    uint8_t ring[4096];
    std::memset(ring, ' ', 4078);
    std::memset(ring + 4078, 0, 18);
    size_t r = 4078, ip = 0, op = 0;
    unsigned flags = 0;
    while (op < outSize) {
        if (((flags >>= 1) & 0x100u) == 0) {
            if (ip >= inSize) {
                result.status = LzssStatus::TruncatedData;
                break;
            }
            flags = in[ip++] | 0xFF00u;
        }
        if (flags & 1u) {
            if (ip >= inSize) {
                result.status = LzssStatus::TruncatedData;
                break;
            }
            out[op++] = ring[r] = in[ip++];
            r = (r + 1) & 4095;
            continue;
        }
        if (inSize - ip < 2) {
            result.status = LzssStatus::TruncatedData;
            break;
        }
        const unsigned lo = in[ip], hi = in[ip + 1];
        ip += 2;
        size_t from = (r - (lo | ((hi & 0xF0u) << 4))) & 4095; // distance 0: 4096 back
        for (unsigned k = 0; k < (hi & 0x0Fu) + 3 && op < outSize; ++k) {
            out[op++] = ring[r] = ring[from];
            from = (from + 1) & 4095;
            r = (r + 1) & 4095;
        }
    }
    result.produced = op;
    for (size_t i = 0; i < op; ++i) {
        result.computed += checksum == LzssChecksum::UnsignedBytes ? uint32_t(out[i])
                : checksum == LzssChecksum::SignedBytes ? uint32_t(int32_t(int8_t(out[i])))
                                                        : 0u;
    }
    if (result.status == LzssStatus::Ok && checksum != LzssChecksum::None) {
        if (inSize - ip < 4) {
            result.status = LzssStatus::TruncatedChecksum;
        } else {
            result.stored = uint32_t(in[ip]) | uint32_t(in[ip + 1]) << 8 | uint32_t(in[ip + 2]) << 16 |
                    uint32_t(in[ip + 3]) << 24;
            ip += 4;
            if (result.stored != result.computed) {
                result.status = LzssStatus::BadChecksum;
            }
        }
    }
    result.consumed = ip;
    return result;
}

} // namespace retro_test
