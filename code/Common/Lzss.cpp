// assimp-retro: Bohemia LZSS decoder (see Lzss.h for the stream format).
//
// Linear-buffer form of the engine's ring decoder: a match copies from
// `out[op - distance]`, byte by byte when it overlaps itself (that is how a
// run repeats), and positions before the first output byte read the ring's
// initial contents (4078 spaces, then 18 zero bytes). This is exact for every
// stream, also ones no Bohemia encoder would write, and needs no ring copy.
#include "Lzss.h"

#include "LittleEndian.h"

#include <algorithm>
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

namespace {

// Output bytes a fast group may touch: 8 items of at most 18 bytes, the last
// one copied as up to 24 bytes. With this much room left no item of the group needs
// its length clamped or its copy bounded.
constexpr size_t kFastGroupRoom = 7 * 18 + 24;
// Input bytes a fast group may read after its flag byte: 8 items of at most
// 2 bytes, a literal read as 8 bytes.
constexpr size_t kFastGroupInput = 7 * 2 + 8;

struct Cursor {
    size_t ip = 0;
    size_t op = 0;
};

// Copies an item of `len` (1..18) bytes as 8 or 24 bytes in 8-byte steps,
// each reading only bytes that are final by then: right for a literal (the
// source is the input) and for a match at distance >= 8 (each step's source
// ends before its destination). Bytes past `len` are scratch that later items
// overwrite.
inline void CopyItem(uint8_t *dst, const uint8_t *src, size_t len) {
    std::memcpy(dst, src, 8);
    if (len > 8) {
        std::memcpy(dst + 8, src + 8, 8);
        std::memcpy(dst + 16, src + 16, 8);
    }
}

// A match closer than 8 bytes, copied byte by byte (each byte may be one the
// copy just wrote) for the longest length, 18, with no branch on the length:
// bytes past the match's own length are scratch that later items overwrite.
inline void CopyRepeat(uint8_t *dst, size_t dist) {
    const uint8_t *src = dst - dist;
    if (dist == 1) {
        std::memset(dst, *src, 18); // a run of one byte
        return;
    }
#pragma GCC unroll 18
    for (size_t k = 0; k < 18; ++k) {
        dst[k] = src[k];
    }
}

// Decodes one group of 8 items with no bounds checks per item. Needs
// kFastGroupInput input bytes after the flag byte and kFastGroupRoom output
// bytes. Literals and matches at distance >= 8 take the same copy, so the
// literal-or-match choice costs no branch; only matches closer than 8 bytes
// or reaching before the output branch off.
inline void DecodeGroupFast(const uint8_t *in, uint8_t *out, unsigned flags, Cursor &c) {
    if (flags == 0xFF) {
        std::memcpy(out + c.op, in + c.ip, 8); // 8 literals (incompressible data)
        c.op += 8;
        c.ip += 8;
        return;
    }
    for (int bit = 0; bit < 8; ++bit, flags >>= 1) {
        const bool literal = flags & 1u;
        const unsigned lo = in[c.ip];
        const unsigned hi = in[c.ip + 1];
        size_t dist = lo | ((hi & 0xF0u) << 4);
        dist = dist ? dist : kRingSize;
        const size_t len = literal ? 1 : (hi & 0x0Fu) + 3;
        if (!literal && dist > c.op) {
            CopyMatch(out, c.op, dist, len); // reaches into the ring's initial contents
        } else if (!literal && dist < 8) {
            CopyRepeat(out + c.op, dist); // a repeating pattern of 1..7 bytes
        } else {
            CopyItem(out + c.op, literal ? in + c.ip : out + c.op - dist, len);
        }
        c.ip += literal ? 1 : 2;
        c.op += len;
    }
}

// Decodes one group with every item checked against both ends; the final
// match is clamped at the output size as the engine does. False when the
// input ends first.
bool DecodeGroupChecked(const uint8_t *in, size_t inSize, uint8_t *out, size_t outSize, unsigned flags, Cursor &c) {
    for (int bit = 0; bit < 8 && c.op < outSize; ++bit, flags >>= 1) {
        if (flags & 1u) {
            if (c.ip >= inSize) {
                return false;
            }
            out[c.op++] = in[c.ip++];
            continue;
        }
        if (inSize - c.ip < 2) {
            return false;
        }
        const unsigned lo = in[c.ip];
        const unsigned hi = in[c.ip + 1];
        c.ip += 2;
        size_t dist = lo | ((hi & 0xF0u) << 4);
        dist = dist ? dist : kRingSize; // the ring position just written over: 4096 back
        const size_t len = std::min<size_t>((hi & 0x0Fu) + 3, outSize - c.op);
        CopyMatch(out, c.op, dist, len);
        c.op += len;
    }
    return true;
}

// Reads the u32 checksum after the data into `result` (status, stored) and
// moves `ip` past it.
void ReadChecksum(const uint8_t *in, size_t inSize, size_t &ip, LzssResult &result) {
    if (inSize - ip < 4) {
        result.status = LzssStatus::TruncatedChecksum;
        return;
    }
    result.stored = uint32_t(in[ip]) | uint32_t(in[ip + 1]) << 8 | uint32_t(in[ip + 2]) << 16 |
            uint32_t(in[ip + 3]) << 24;
    ip += 4;
}

} // namespace

LzssResult LzssDecode(const uint8_t *in, size_t inSize, uint8_t *out, size_t outSize, LzssChecksum checksum) {
    LzssResult result;
    Cursor c;
    while (c.op < outSize) {
        if (c.ip >= inSize) {
            result.status = LzssStatus::TruncatedData;
            break;
        }
        const unsigned flags = in[c.ip++];
        if (inSize - c.ip >= kFastGroupInput && outSize - c.op >= kFastGroupRoom) {
            DecodeGroupFast(in, out, flags, c); // the common case
        } else if (!DecodeGroupChecked(in, inSize, out, outSize, flags, c)) {
            result.status = LzssStatus::TruncatedData;
            break;
        }
    }
    result.produced = c.op;
    result.computed = LzssChecksumOf(out, c.op, checksum);
    if (result.status == LzssStatus::Ok && checksum != LzssChecksum::None) {
        ReadChecksum(in, inSize, c.ip, result);
        if (result.status == LzssStatus::Ok && result.stored != result.computed) {
            result.status = LzssStatus::BadChecksum;
        }
    }
    result.consumed = c.ip;
    return result;
}

namespace {

// What one flag byte's group of 8 items holds, for LzssSkip: the input bytes
// after the flag byte, the output of its literals plus 3 per match, and which
// of the next 16 bytes hold a match's length nibble (0x0F there, as two
// little-endian words). A group is then stepped over with two loads and no
// branch per item: the masked nibbles are at most 8 * 15 = 120, so their
// bytes add up in one multiplication without carries between bytes.
struct SkipGroup {
    uint64_t nibbleMask[2] = {0, 0};
    uint8_t inBytes = 0;
    uint8_t fixedOut = 0;
};

struct SkipTable {
    SkipGroup group[256];
    constexpr SkipTable() : group() {
        for (unsigned flags = 0; flags < 256; ++flags) {
            SkipGroup &g = group[flags];
            unsigned at = 0;
            for (unsigned bit = 0; bit < 8; ++bit) {
                if (flags & (1u << bit)) {
                    at += 1;
                    g.fixedOut += 1;
                    continue;
                }
                const unsigned hi = at + 1;
                g.nibbleMask[hi / 8] |= uint64_t(0x0F) << (8 * (hi % 8));
                at += 2;
                g.fixedOut += 3;
            }
            g.inBytes = static_cast<uint8_t>(at);
        }
    }
};

constexpr SkipTable kSkipTable;

// A group produces at most 8 * 18 output bytes and takes at most 16 input
// bytes after its flag byte: with this much room in both, no item of it can
// stop early, so the group is stepped over whole.
constexpr size_t kGroupMaxOut = 8 * 18;
constexpr size_t kGroupMaxIn = 1 + 16;

} // namespace

LzssResult LzssSkip(const uint8_t *in, size_t inSize, size_t outSize, LzssChecksum checksum) {
    LzssResult result;
    size_t ip = 0;
    size_t op = 0;
    while (outSize - op >= kGroupMaxOut && inSize - ip >= kGroupMaxIn) {
        // Eight literals: on incompressible stretches this branch predicts
        // well and lets the next group start before the table is read.
        if (in[ip] == 0xFF) {
            ip += 9;
            op += 8;
            continue;
        }
        const SkipGroup &g = kSkipTable.group[in[ip]];
        const uint8_t *p = in + ip + 1;
        const uint64_t nibbles = (LoadU64LE(p) & g.nibbleMask[0]) + (LoadU64LE(p + 8) & g.nibbleMask[1]);
        ip += 1 + g.inBytes;
        op += g.fixedOut + ((nibbles * 0x0101010101010101u) >> 56);
    }
    while (op < outSize) {
        if (ip >= inSize) {
            result.status = LzssStatus::TruncatedData;
            break;
        }
        unsigned flags = in[ip++];
        const bool fast = inSize - ip >= 16;
        for (int bit = 0; bit < 8 && op < outSize; ++bit, flags >>= 1) {
            if (flags & 1u) {
                if (!fast && ip >= inSize) {
                    result.status = LzssStatus::TruncatedData;
                    break;
                }
                ++ip;
                ++op;
                continue;
            }
            if (!fast && inSize - ip < 2) {
                result.status = LzssStatus::TruncatedData;
                break;
            }
            op += std::min<size_t>((in[ip + 1] & 0x0Fu) + 3, outSize - op);
            ip += 2;
        }
        if (result.status != LzssStatus::Ok) {
            break;
        }
    }
    result.produced = op;
    if (result.status == LzssStatus::Ok && checksum != LzssChecksum::None) {
        ReadChecksum(in, inSize, ip, result);
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
