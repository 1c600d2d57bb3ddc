// assimp-retro: Bohemia LZSS decoder (see Lzss.h for the stream format).
//
// Linear-buffer form of the engine's ring decoder: a match copies from
// `out[op - distance]`, byte by byte when it overlaps itself (that is how a
// run repeats), and positions before the first output byte read the ring's
// initial contents (4078 spaces, then 18 zero bytes). This is exact for every
// stream, also ones no Bohemia encoder would write, and needs no ring copy.
#include "Lzss.h"

#include <cstring>

namespace assimp_retro {

namespace {

constexpr size_t kRingSize = 4096;
constexpr size_t kSpaceFill = 4078; // ring bytes [0, 4078) start as ' '

// Copies one match. `dist` is 1..4096, `len` already clamped to the output.
inline void CopyMatch(uint8_t *out, size_t op, size_t dist, size_t len) {
    if (dist <= op) {
        const uint8_t *src = out + (op - dist);
        uint8_t *dst = out + op;
        if (dist >= len) {
            std::memcpy(dst, src, len); // no overlap
        } else if (dist == 1) {
            std::memset(dst, *src, len); // a run of one byte
        } else {
            for (size_t k = 0; k < len; ++k) { // overlap: a repeating run
                dst[k] = src[k];
            }
        }
        return;
    }
    // The match starts before the output: the ring's initial contents.
    for (size_t k = 0; k < len; ++k) {
        const ptrdiff_t s = static_cast<ptrdiff_t>(op + k) - static_cast<ptrdiff_t>(dist);
        if (s >= 0) {
            out[op + k] = out[s];
        } else {
            out[op + k] = s >= -static_cast<ptrdiff_t>(kSpaceFill) ? 0x20 : 0x00;
        }
    }
}

} // namespace

uint32_t LzssChecksumOf(const uint8_t *data, size_t size, LzssChecksum checksum) {
    uint32_t sum = 0;
    if (checksum == LzssChecksum::UnsignedBytes) {
        for (size_t i = 0; i < size; ++i) {
            sum += data[i];
        }
    } else if (checksum == LzssChecksum::SignedBytes) {
        for (size_t i = 0; i < size; ++i) {
            sum += static_cast<uint32_t>(static_cast<int32_t>(static_cast<int8_t>(data[i])));
        }
    }
    return sum;
}

LzssResult LzssDecode(const uint8_t *in, size_t inSize, uint8_t *out, size_t outSize, LzssChecksum checksum) {
    LzssResult result;
    size_t ip = 0;
    size_t op = 0;
    while (op < outSize) {
        if (ip >= inSize) {
            result.status = LzssStatus::TruncatedData;
            break;
        }
        unsigned flags = in[ip++];
        // A group is 8 items of at most 2 bytes each: when 16 bytes are left
        // the group needs no per-item input check (the common case).
        const bool fast = inSize - ip >= 16;
        if (flags == 0xFF && fast && outSize - op >= 8) {
            std::memcpy(out + op, in + ip, 8); // 8 literals (incompressible data)
            op += 8;
            ip += 8;
            continue;
        }
        for (int bit = 0; bit < 8 && op < outSize; ++bit, flags >>= 1) {
            if (flags & 1u) {
                if (!fast && ip >= inSize) {
                    result.status = LzssStatus::TruncatedData;
                    break;
                }
                out[op++] = in[ip++];
            } else {
                if (!fast && inSize - ip < 2) {
                    result.status = LzssStatus::TruncatedData;
                    break;
                }
                const unsigned lo = in[ip];
                const unsigned hi = in[ip + 1];
                ip += 2;
                size_t dist = lo | ((hi & 0xF0u) << 4);
                if (dist == 0) {
                    dist = kRingSize; // the ring position just written over: 4096 back
                }
                size_t len = (hi & 0x0Fu) + 3;
                if (len > outSize - op) {
                    len = outSize - op; // the engine clamps the final match
                }
                CopyMatch(out, op, dist, len);
                op += len;
            }
        }
        if (result.status != LzssStatus::Ok) {
            break;
        }
    }
    result.produced = op;
    result.computed = LzssChecksumOf(out, op, checksum);
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

const char *LzssStatusText(LzssStatus status) {
    switch (status) {
    case LzssStatus::Ok: return "ok";
    case LzssStatus::TruncatedData: return "compressed stream ends before all data was decoded";
    case LzssStatus::TruncatedChecksum: return "compressed stream ends before its checksum";
    case LzssStatus::BadChecksum: return "checksum mismatch (corrupt compressed data)";
    }
    return "unknown LZSS status";
}

} // namespace assimp_retro
