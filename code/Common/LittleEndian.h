// assimp-retro: little-endian decoding of bytes already bounds-checked by a
// BinaryReader (e.g. an array it returned with Bytes(), or a file head).
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>

namespace assimp_retro {

/// True on a little-endian host, where an array of floats or integers in
/// memory already is its little-endian file form.
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
constexpr bool kHostIsLittleEndian = false;
#else
constexpr bool kHostIsLittleEndian = true;
#endif

// On a little-endian host the bytes are the value: one load. The compiler
// makes the same load of the shifts below, but only late, so until then a
// function of a few such reads looks too large to inline into a hot loop.
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
inline uint16_t LoadU16LE(const uint8_t *p) {
    uint16_t value;
    std::memcpy(&value, p, sizeof(value));
    return value;
}

inline uint32_t LoadU32LE(const uint8_t *p) {
    uint32_t value;
    std::memcpy(&value, p, sizeof(value));
    return value;
}
#else
inline uint16_t LoadU16LE(const uint8_t *p) {
    return static_cast<uint16_t>(p[0] | p[1] << 8);
}

inline uint32_t LoadU32LE(const uint8_t *p) {
    return uint32_t(p[0]) | uint32_t(p[1]) << 8 | uint32_t(p[2]) << 16 | uint32_t(p[3]) << 24;
}
#endif

inline uint64_t LoadU64LE(const uint8_t *p) {
    return uint64_t(LoadU32LE(p)) | uint64_t(LoadU32LE(p + 4)) << 32;
}

/// Writes v's 8 bytes lowest first.
inline void StoreU64LE(uint8_t *p, uint64_t v) {
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    v = __builtin_bswap64(v);
#endif
    std::memcpy(p, &v, 8);
}

/// True when none of the `count` little-endian floats at `p` is infinity or
/// NaN. Branch-free: an exponent of all ones carries into bit 31 when one is
/// added to it, so a block costs one test however many floats it holds.
inline bool AllFiniteF32LE(const uint8_t *p, size_t count) {
    uint32_t carries = 0;
    for (size_t i = 0; i < count; ++i) {
        carries |= (LoadU32LE(p + 4 * i) & 0x7F800000u) + 0x00800000u;
    }
    return (carries & 0x80000000u) == 0;
}

inline float LoadF32LE(const uint8_t *p) {
    const uint32_t bits = LoadU32LE(p);
    float f;
    std::memcpy(&f, &bits, 4);
    return f;
}

} // namespace assimp_retro
