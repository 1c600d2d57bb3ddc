// assimp-retro: the little-endian byte writer every format writer (the
// exporters' and the tests' fixture writers) builds on; each adds its
// format's own strings and vectors.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

namespace assimp_retro {

class LittleEndianWriter {
public:
    std::vector<uint8_t> bytes;

    void U8(uint8_t v) { bytes.push_back(v); }
    void U16(uint16_t v) {
        U8(uint8_t(v));
        U8(uint8_t(v >> 8));
    }
    void I16(int16_t v) { U16(static_cast<uint16_t>(v)); }
    void U32(uint32_t v) {
        U16(uint16_t(v));
        U16(uint16_t(v >> 16));
    }
    void I32(int32_t v) { U32(static_cast<uint32_t>(v)); }
    void U64(uint64_t v) {
        U32(uint32_t(v));
        U32(uint32_t(v >> 32));
    }
    void F32(float f) {
        uint32_t v;
        std::memcpy(&v, &f, 4);
        U32(v);
    }
    void Raw(const void *p, size_t n) {
        const uint8_t *b = static_cast<const uint8_t *>(p);
        bytes.insert(bytes.end(), b, b + n);
    }
    void Raw(const std::vector<uint8_t> &v) { bytes.insert(bytes.end(), v.begin(), v.end()); }
    /// The characters of `s`, no length, no terminator.
    void Text(const std::string &s) { bytes.insert(bytes.end(), s.begin(), s.end()); }
    void Zeros(size_t n) { bytes.insert(bytes.end(), n, 0); }
    void AlignTo(size_t alignment) {
        while (bytes.size() % alignment)
            U8(0);
    }
};

} // namespace assimp_retro
