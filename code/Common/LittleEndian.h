// assimp-retro: little-endian decoding of bytes already bounds-checked by a
// BinaryReader (e.g. an array it returned with Bytes(), or a file head).
#pragma once

#include <cstdint>
#include <cstring>

namespace assimp_retro {

inline uint16_t LoadU16LE(const uint8_t *p) {
    return static_cast<uint16_t>(p[0] | p[1] << 8);
}

inline uint32_t LoadU32LE(const uint8_t *p) {
    return uint32_t(p[0]) | uint32_t(p[1]) << 8 | uint32_t(p[2]) << 16 | uint32_t(p[3]) << 24;
}

inline float LoadF32LE(const uint8_t *p) {
    const uint32_t bits = LoadU32LE(p);
    float f;
    std::memcpy(&f, &bits, 4);
    return f;
}

} // namespace assimp_retro
