// assimp-retro: Bohemia LZSS decoder (see Lzss.h for the stream format).
//
// Linear-buffer form of the engine's ring decoder: a match copies from
// `out[op - distance]`, byte by byte when it overlaps itself (that is how a
// run repeats), and positions before the first output byte read the ring's
// initial contents (4078 spaces, then 18 zero bytes). This is exact for every
// stream, also ones no Bohemia encoder would write, and needs no ring copy.
// Away from both ends of the input and output, whole groups of 8 items are
// decoded without per-item bounds checks, with wide copies that may write
// scratch bytes past an item for the next items to overwrite; near the ends
// every item is checked. The test LzssTest compares both with a byte-by-byte
// ring decoder (test/support/LzssReference.h).
#include "Lzss.h"

#include "LittleEndian.h"

#include <algorithm>
#include <cstring>
#include <vector>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

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

namespace {

// The sum of (data[i] ^ flip) as unsigned bytes, mod 2^32. With SSE2, 16
// bytes at a time through PSADBW (sums of 8 bytes each, in 64-bit lanes).
uint32_t SumBytes(const uint8_t *data, size_t size, uint8_t flip) {
    uint32_t sum = 0;
    size_t i = 0;
#if defined(__SSE2__)
    const __m128i flips = _mm_set1_epi8(static_cast<char>(flip));
    __m128i sums = _mm_setzero_si128();
    for (; i + 16 <= size; i += 16) {
        const __m128i bytes = _mm_loadu_si128(reinterpret_cast<const __m128i *>(data + i));
        sums = _mm_add_epi64(sums, _mm_sad_epu8(_mm_xor_si128(bytes, flips), _mm_setzero_si128()));
    }
    sum = static_cast<uint32_t>(_mm_cvtsi128_si32(sums)) +
            static_cast<uint32_t>(_mm_cvtsi128_si32(_mm_unpackhi_epi64(sums, sums)));
#endif
    for (; i < size; ++i) {
        sum += data[i] ^ flip;
    }
    return sum;
}

} // namespace

uint32_t LzssChecksumOf(const uint8_t *data, size_t size, LzssChecksum checksum) {
    if (checksum == LzssChecksum::UnsignedBytes) {
        return SumBytes(data, size, 0);
    }
    if (checksum == LzssChecksum::SignedBytes) {
        // int8_t(b) == (b ^ 0x80) - 128
        return SumBytes(data, size, 0x80) - 128u * static_cast<uint32_t>(size);
    }
    return 0;
}

namespace {

// Output bytes a fast group may touch: items start at most 7 * 18 bytes in
// and write up to 24, and the 8-byte literal copy that ends a group starts at
// most 8 * 18 in. With this much room left no item of the group needs its
// length clamped or its copy bounded.
constexpr size_t kFastGroupRoom = 8 * 18 + 8;
// Input bytes a fast group may read after its flag byte: 8 items of at most
// 2 bytes, then the 8-byte literal read that ends the group.
constexpr size_t kFastGroupInput = 8 * 2 + 8;

struct Cursor {
    size_t ip = 0;
    size_t op = 0;
};

// A note on the copies below. A load of bytes that recent stores wrote is
// served from the store queue only when one of those stores holds all of
// them; otherwise it waits until they reach the cache. So a pattern
// (distance < 8) reads the bytes before it one at a time, and the tail of a
// near match (distance 8..15), which the match's own first copy has just
// written, is copied byte by byte.

// One byte, which the compiler may not merge with its neighbours into one
// wide load (that would bring the wait back).
inline uint64_t OpaqueByte(const uint8_t *p) {
    uint64_t b = *p;
#if defined(__GNUC__)
    asm("" : "+r"(b));
#endif
    return b;
}

// The 4 bytes at p, read one at a time.
inline uint64_t Load4Bytewise(const uint8_t *p) {
    return OpaqueByte(p) | OpaqueByte(p + 1) << 8 | OpaqueByte(p + 2) << 16 | OpaqueByte(p + 3) << 24;
}

// How a repeating pattern of d = 2..7 bytes is built in a register: the d
// bytes times `replicate` fill a word (the pattern from its first byte); the
// words 8 and 16 bytes on are (w & keep) >> right | w << left, where `keep`
// holds the whole periods in w (d * (8 / d) bytes).
struct PatternSteps {
    uint64_t replicate;
    uint64_t keep;
    uint8_t right8, left8, right16, left16;
};

constexpr PatternSteps MakePatternSteps(unsigned d) {
    const unsigned whole = 8 / d * d;
    uint64_t replicate = 0;
    for (unsigned i = 0; i < 8; i += d) {
        replicate |= uint64_t(1) << (8 * i);
    }
    return {replicate, whole == 8 ? ~uint64_t(0) : (uint64_t(1) << (8 * whole)) - 1, uint8_t(8 * (8 % whole)),
            uint8_t(8 * ((whole - 8 % whole) % 8)), uint8_t(8 * (16 % whole)), uint8_t(8 * ((whole - 16 % whole) % 8))};
}

// Indexed by distance; 0 and 1 are placeholders (distance 1 is a memset).
constexpr PatternSteps kPatternSteps[8] = {MakePatternSteps(1), MakePatternSteps(1), MakePatternSteps(2),
        MakePatternSteps(3), MakePatternSteps(4), MakePatternSteps(5), MakePatternSteps(6), MakePatternSteps(7)};

// A match at distance 2..7 (a repeating pattern), written as 24 bytes built
// in registers. Needs 8 output bytes before `dst`.
inline void FillPattern(uint8_t *dst, size_t dist) {
    const PatternSteps &s = kPatternSteps[dist];
    // The last `dist` bytes before dst (fewer loads for the short periods)
    const uint64_t period = dist <= 4 ? Load4Bytewise(dst - 4) >> (32 - 8 * dist)
                                      : (Load4Bytewise(dst - 8) | Load4Bytewise(dst - 4) << 32) >> (64 - 8 * dist);
    const uint64_t w = period * s.replicate;
    StoreU64LE(dst, w);
    StoreU64LE(dst + 8, ((w & s.keep) >> s.right8) | (w << s.left8));
    StoreU64LE(dst + 16, ((w & s.keep) >> s.right16) | (w << s.left16));
}

// A match at distance 8..15: the first 8 bytes in one copy (its source is
// final); the rest, whose source the first copy has just written, byte by
// byte for the longest length (bytes past `len` are scratch).
inline void CopyNear(uint8_t *dst, size_t dist, size_t len) {
    const uint8_t *src = dst - dist;
    std::memcpy(dst, src, 8);
    if (len > 8) {
#pragma GCC unroll 10
        for (size_t k = 8; k < 18; ++k) {
            dst[k] = src[k];
        }
    }
}

// A match at distance >= 16 (or a copy from the input): 8 or 24 bytes in
// 8-byte steps, each reading only bytes that are final by then.
inline void CopyFar(uint8_t *dst, const uint8_t *src, size_t len) {
    std::memcpy(dst, src, 8);
    if (len > 8) {
        std::memcpy(dst + 8, src + 8, 8);
        std::memcpy(dst + 16, src + 16, 8);
    }
}

inline void DecodeMatchFast(const uint8_t *in, uint8_t *out, Cursor &c) {
    const unsigned lo = in[c.ip];
    const unsigned hi = in[c.ip + 1];
    size_t dist = lo | ((hi & 0xF0u) << 4);
    dist = dist ? dist : kRingSize;
    const size_t len = (hi & 0x0Fu) + 3;
    uint8_t *dst = out + c.op;
    if (dist > c.op) {
        CopyMatch(out, c.op, dist, len); // reaches into the ring's initial contents
    } else if (dist == 1) {
        std::memset(dst, dst[-1], 18); // a run of one byte
    } else if (dist < 8) {
        FillPattern(dst, dist);
    } else if (dist < 16) {
        CopyNear(dst, dist, len);
    } else {
        CopyFar(dst, dst - dist, len);
    }
    c.ip += 2;
    c.op += len;
}

// The number of clear bits below the lowest set bit (v != 0).
inline unsigned TrailingZeros(unsigned v) {
#if defined(__GNUC__)
    return static_cast<unsigned>(__builtin_ctz(v));
#else
    unsigned n = 0;
    for (; !(v & 1u); v >>= 1) {
        ++n;
    }
    return n;
#endif
}

// Decodes one group of 8 items with no bounds checks per item. Needs
// kFastGroupInput input bytes after the flag byte, kFastGroupRoom output
// bytes, and 8 output bytes before the group. Each run of literals (they are
// contiguous in the input) is one 8-byte copy; bytes past the run are scratch
// that the next item overwrites.
inline void DecodeGroupFast(const uint8_t *in, uint8_t *out, unsigned flags, Cursor &c) {
    if (flags == 0xFF) {
        std::memcpy(out + c.op, in + c.ip, 8); // 8 literals (incompressible data)
        c.op += 8;
        c.ip += 8;
        return;
    }
    unsigned matches = (~flags & 0xFFu) | 0x100u; // a bit per match, and one past the group
    for (;;) {
        const unsigned run = TrailingZeros(matches); // literals before the next match
        std::memcpy(out + c.op, in + c.ip, 8);
        c.op += run;
        c.ip += run;
        matches >>= run;
        if (matches == 1) {
            return;
        }
        DecodeMatchFast(in, out, c);
        matches >>= 1;
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
    result.stored =
            uint32_t(in[ip]) | uint32_t(in[ip + 1]) << 8 | uint32_t(in[ip + 2]) << 16 | uint32_t(in[ip + 3]) << 24;
    ip += 4;
}

// Decodes checked groups until `stop` bytes are out. False when the input
// ends first.
bool DecodeChecked(const uint8_t *in, size_t inSize, uint8_t *out, size_t outSize, size_t stop, Cursor &c) {
    while (c.op < stop) {
        if (c.ip >= inSize) {
            return false;
        }
        const unsigned flags = in[c.ip++];
        if (!DecodeGroupChecked(in, inSize, out, outSize, flags, c)) {
            return false;
        }
    }
    return true;
}

// Decodes fast groups while a whole group fits in what is left of the input
// and the output. Needs 8 bytes out already.
void DecodeFast(const uint8_t *in, size_t inSize, uint8_t *out, size_t outSize, Cursor &cursor) {
    if (inSize <= kFastGroupInput || outSize < kFastGroupRoom) {
        return;
    }
    const size_t lastFlagIp = inSize - kFastGroupInput - 1;
    const size_t lastOp = outSize - kFastGroupRoom;
    Cursor c = cursor; // a local: the output stores cannot alias it, so it stays in registers
    while (c.ip <= lastFlagIp && c.op <= lastOp) {
        const unsigned flags = in[c.ip++];
        DecodeGroupFast(in, out, flags, c);
    }
    cursor = c;
}

} // namespace

LzssResult LzssDecode(const uint8_t *in, size_t inSize, uint8_t *out, size_t outSize, LzssChecksum checksum) {
    LzssResult result;
    Cursor c;
    // Checked groups until 8 bytes are out, fast groups while the input and
    // output have room for a whole group, checked groups for the rest.
    bool ok = DecodeChecked(in, inSize, out, outSize, std::min<size_t>(outSize, 8), c);
    if (ok) {
        DecodeFast(in, inSize, out, outSize, c);
        ok = DecodeChecked(in, inSize, out, outSize, outSize, c);
    }
    if (!ok) {
        result.status = LzssStatus::TruncatedData;
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
    case LzssStatus::Ok:
        return "ok";
    case LzssStatus::TruncatedData:
        return "compressed stream ends before all data was decoded";
    case LzssStatus::TruncatedChecksum:
        return "compressed stream ends before its checksum";
    case LzssStatus::BadChecksum:
        return "checksum mismatch (corrupt compressed data)";
    }
    return "unknown LZSS status";
}

// The encoder (the writers' and fixtures'): greedy, over hash chains of
// 3-byte prefixes (64 candidates a position), matches up to 4095 bytes back
// (distance 0 would mean 4096: never written) and into the initial spaces
// before the first byte, which Bohemia's decoder provides.
std::vector<uint8_t> LzssEncode(const uint8_t *data, size_t size, LzssChecksum checksum) {
    constexpr size_t kWindow = 4095; // distance 0 would mean 4096: never written
    constexpr size_t kMax = 18;
    constexpr size_t kSpaces = 4078;
    std::vector<uint8_t> out;
    std::vector<int32_t> head(1 << 16, -1);
    std::vector<int32_t> prev(size, -1);
    auto hash = [&](size_t i) { return (data[i] * 506832829u ^ data[i + 1] * 2654435761u ^ data[i + 2]) & 0xFFFF; };
    size_t flagPos = 0;
    int bit = 8;
    size_t ip = 0;
    auto insert = [&](size_t i) {
        if (i + 2 < size) {
            const unsigned h = hash(i);
            prev[i] = head[h];
            head[h] = static_cast<int32_t>(i);
        }
    };
    while (ip < size) {
        if (bit == 8) {
            flagPos = out.size();
            out.push_back(0);
            bit = 0;
        }
        const size_t maxLen = std::min(kMax, size - ip);
        size_t bestLen = 0, bestDist = 0;
        if (maxLen >= 3) {
            int chain = 64;
            for (int32_t cand = ip + 2 < size ? head[hash(ip)] : -1; cand >= 0 && chain-- > 0; cand = prev[cand]) {
                const size_t dist = ip - static_cast<size_t>(cand);
                if (dist > kWindow) {
                    break;
                }
                size_t len = 0;
                while (len < maxLen && data[cand + len] == data[ip + len]) { // overlap allowed: cand+len < ip+len
                    ++len;
                }
                if (len > bestLen) {
                    bestLen = len;
                    bestDist = dist;
                }
            }
            // Matches into the ring's initial spaces (before the first byte).
            size_t spaces = 0;
            while (spaces < maxLen && data[ip + spaces] == 0x20) {
                ++spaces;
            }
            if (spaces > bestLen && ip + spaces <= kSpaces && ip + spaces <= kWindow) {
                bestLen = spaces;
                bestDist = ip + spaces; // src = -spaces: all of it before the output
            }
        }
        if (bestLen >= 3) {
            out.push_back(static_cast<uint8_t>(bestDist & 0xFF));
            out.push_back(static_cast<uint8_t>(((bestDist >> 4) & 0xF0) | (bestLen - 3)));
            for (size_t k = 0; k < bestLen; ++k) {
                insert(ip + k);
            }
            ip += bestLen;
        } else {
            out[flagPos] |= static_cast<uint8_t>(1u << bit);
            out.push_back(data[ip]);
            insert(ip);
            ++ip;
        }
        ++bit;
    }
    if (checksum != LzssChecksum::None) {
        const uint32_t s = LzssChecksumOf(data, size, checksum);
        for (int i = 0; i < 4; ++i) {
            out.push_back(static_cast<uint8_t>(s >> (8 * i)));
        }
    }
    return out;
}

} // namespace assimp_retro
