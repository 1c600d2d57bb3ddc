// assimp-retro: Bohemia Interactive's LZSS codec (ODOL v7 arrays, PBO
// "Cprs", PAA/PAC texture levels). One decoder for every user.
//
// The stream: N = 4096 ring, F = 18, THRESHOLD = 2. A flag byte announces 8
// items, lowest bit first; a set bit is a literal byte, a clear bit a match of
// two bytes lo, hi with
//   distance = lo | (hi & 0xF0) << 4     (12-bit back-distance, 0 means 4096)
//   length   = (hi & 0x0F) + 3           (3..18)
// The ring starts as 4078 spaces (0x20) followed by 18 bytes the engine leaves
// uninitialised (we use 0), and writing starts at ring position 4078. So a
// match reaching before the first output byte yields spaces (0 for the 18
// bytes before them). The final match is clamped at the output size, as the
// engine does. After the data comes a u32 checksum: the sum of all decoded
// bytes, as unsigned bytes for ODOL/PBO, as signed chars for PAA/PAC.
//
// The decoder writes into a caller-given buffer of exactly the expected size
// (there is no length field in the stream) and never writes past it. It does
// not throw: it reports what went wrong, so a caller can fall back (PAA:
// "LZSS, else raw if the sizes match") or build its own message.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace assimp_retro {

enum class LzssChecksum {
    None, ///< no checksum follows the data (the caller checks otherwise)
    UnsignedBytes, ///< ODOL v7 arrays, PBO: sum of (uint8_t) bytes, mod 2^32
    SignedBytes, ///< PAA / PAC levels: sum of (int8_t) bytes, mod 2^32
};

enum class LzssStatus {
    Ok,
    TruncatedData, ///< the input ended before `outSize` bytes were produced
    TruncatedChecksum, ///< the data decoded, but fewer than 4 bytes remain for the checksum
    BadChecksum, ///< the stored checksum differs from the decoded bytes' sum
};

struct LzssResult {
    LzssStatus status = LzssStatus::Ok;
    size_t consumed = 0; ///< input bytes used, including the checksum when present
    size_t produced = 0; ///< output bytes written (== outSize unless TruncatedData)
    uint32_t computed = 0; ///< checksum of the produced bytes (in the requested mode)
    uint32_t stored = 0; ///< checksum read from the stream (when one was read)

    bool Ok() const { return status == LzssStatus::Ok; }
};

/// Decodes from `in[0, inSize)` until exactly `outSize` bytes are in `out`,
/// then reads and verifies the checksum unless `checksum` is None. Never reads
/// past `inSize` nor writes past `outSize`. Trailing input is left alone
/// (`consumed` tells where the next field starts).
LzssResult LzssDecode(const uint8_t *in, size_t inSize, uint8_t *out, size_t outSize,
        LzssChecksum checksum = LzssChecksum::UnsignedBytes);

/// Walks the same stream as LzssDecode without writing any output: for
/// stepping over data that is not wanted (an unselected ODOL LOD). `consumed`
/// and `produced` are what LzssDecode would report and the checksum is read
/// into `stored`, but nothing can be verified (`computed` stays 0): the status
/// is Ok, TruncatedData or TruncatedChecksum, never BadChecksum.
LzssResult LzssSkip(const uint8_t *in, size_t inSize, size_t outSize,
        LzssChecksum checksum = LzssChecksum::UnsignedBytes);

/// A short English description of a status ("stream truncated", ...).
const char *LzssStatusText(LzssStatus status);

/// Bohemia's LZSS stream of `data` (greedy matches, 4096-byte window, lengths
/// 3..18, the initial spaces used), then its checksum unless None: what
/// LzssDecode reads back exactly.
std::vector<uint8_t> LzssEncode(const uint8_t *data, size_t size, LzssChecksum checksum);

/// The checksum of a byte range in the given mode (0 for None).
uint32_t LzssChecksumOf(const uint8_t *data, size_t size, LzssChecksum checksum);

} // namespace assimp_retro
