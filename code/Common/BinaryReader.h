// assimp-retro: a bounds-checked little-endian reader over a byte buffer.
//
// Every read checks the bytes left and, on failure, throws ImportError with
// the format, the file, the section and field being read and the absolute byte
// offset, e.g.
//   "OBAN: door.oni: instance descriptor 3, field 'dataOffset' at byte 0x7c: needs 4 bytes, 2 left"
// Readers never do pointer arithmetic of their own: they Seek/Skip, read
// scalars, or take a sub-reader over a checked range.
#pragma once

#include "ImportError.h"

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace assimp_retro {

class BinaryReader {
public:
    /// `format` is the short importer name used as the message prefix ("OBAN",
    /// "ABC", "P3D"); `fileName` is what the user passed in. The buffer must
    /// outlive the reader.
    BinaryReader(const uint8_t *data, size_t size, std::string format, std::string fileName);

    // --- position ---------------------------------------------------------
    size_t Offset() const { return mPos; } ///< relative to this reader's start
    size_t AbsoluteOffset() const { return mBase + mPos; } ///< in the file
    size_t Size() const { return mSize; }
    size_t Remaining() const { return mSize - mPos; }
    bool AtEnd() const { return mPos == mSize; }
    const uint8_t *Data() const { return mData; }
    const uint8_t *Here() const { return mData + mPos; } ///< the next byte; Remaining() bytes follow

    void Seek(size_t offset, const char *field);
    void Skip(size_t count, const char *field);

    /// Names what is being read, for error messages ("header", "key 12").
    void SetSection(std::string section) {
        mSection = std::move(section);
        mSectionLiteral = nullptr;
    }
    /// The same for a string literal, kept as a pointer: no copy of a name
    /// that only an error message may need. (Only arrays bind here, so a
    /// `const char *` of passing lifetime takes the copying overload above.)
    template <size_t N>
    void SetSection(const char (&literal)[N]) {
        mSection.clear();
        mSectionLiteral = literal;
    }
    /// Names the section "<label> <index>" ("instance descriptor 3"), reusing
    /// the memory of the previous name (for a section per table entry).
    void SetSection(const char *label, size_t index);
    std::string Section() const { return mSectionLiteral ? mSectionLiteral : mSection; }

    // --- scalars (little-endian) ------------------------------------------
    // (The hot scalar reads are inline, below the class: the readers call
    // them once per value, and a call into the shared library costs more
    // than the read.)
    uint8_t U8(const char *field);
    uint16_t U16(const char *field);
    int16_t I16(const char *field);
    uint32_t U32(const char *field);
    int32_t I32(const char *field);
    uint64_t U64(const char *field);
    float F32(const char *field);
    /// A float that must be finite (not NaN or infinity).
    float FiniteF32(const char *field);

    // --- blocks -----------------------------------------------------------
    /// Returns a pointer to the next `count` bytes and advances past them.
    const uint8_t *Bytes(size_t count, const char *field);
    void Read(void *dst, size_t count, const char *field);
    /// Fixed-size char field; stops at the first NUL.
    std::string FixedString(size_t count, const char *field);
    /// NUL-terminated string; fails if no NUL occurs before the end.
    std::string CString(const char *field);
    /// The same string as CString, as a view of the reader's bytes (valid as
    /// long as they are): for strings only stepped over or checked.
    std::string_view CStringView(const char *field);
    /// u16 length followed by that many bytes (LithTech style); the text is
    /// cut at the first NUL, though all `length` bytes are consumed.
    std::string String16(const char *field);
    /// u32 length followed by that many bytes; cut at the first NUL like String16.
    std::string String32(const char *field);

    /// A reader over [offset, offset+size) of this reader, for a section;
    /// errors from it carry absolute file offsets.
    BinaryReader Sub(size_t offset, size_t size, std::string section) const;

    /// Checks that `count` elements of at least `minElementSize` bytes each can
    /// still be read, so no allocation is larger than the file justifies.
    /// Returns the count as size_t.
    size_t CheckCount(uint64_t count, size_t minElementSize, const char *field) const;
    /// Same, for a signed count read from the file (negative is an error).
    size_t CheckCount(int64_t count, size_t minElementSize, const char *field) const;

    /// Throws ImportError with section, field and the current absolute offset.
    [[noreturn]] void Fail(const std::string &message, const char *field = nullptr) const;
    /// Same, at an explicit offset relative to this reader.
    [[noreturn]] void FailAt(size_t offset, const std::string &message, const char *field = nullptr) const;
    /// FiniteF32's error for the float at `offset` (relative to this reader),
    /// for readers that decode a checked block of floats themselves.
    [[noreturn]] void FailNotFiniteAt(size_t offset, const char *field) const;

    /// "<FORMAT>: <file>: " — for errors raised outside the reader (scene builders).
    std::string Prefix() const;

private:
    void Need(size_t count, const char *field) const {
        if (count > mSize - mPos) {
            FailNeed(count, field);
        }
    }
    [[noreturn]] void FailNeed(size_t count, const char *field) const;
    [[noreturn]] void FailNotFinite(const char *field) const;

    const uint8_t *mData;
    size_t mSize;
    size_t mPos = 0;
    size_t mBase = 0; // absolute offset of mData[0] in the file
    std::string mFormat;
    /// Shared by a reader's copies and sub-readers, which readers make often
    /// (one per section or candidate layout): the name is never changed.
    std::shared_ptr<const std::string> mFileName;
    std::string mSection;
    const char *mSectionLiteral = nullptr; ///< the section instead of mSection, when set
};

inline uint8_t BinaryReader::U8(const char *field) {
    Need(1, field);
    return mData[mPos++];
}

inline uint16_t BinaryReader::U16(const char *field) {
    Need(2, field);
    const uint8_t *p = mData + mPos;
    mPos += 2;
    return static_cast<uint16_t>(p[0] | (p[1] << 8));
}

inline uint32_t BinaryReader::U32(const char *field) {
    Need(4, field);
    const uint8_t *p = mData + mPos;
    mPos += 4;
    return static_cast<uint32_t>(p[0]) | (static_cast<uint32_t>(p[1]) << 8) | (static_cast<uint32_t>(p[2]) << 16) |
            (static_cast<uint32_t>(p[3]) << 24);
}

inline float BinaryReader::F32(const char *field) {
    const uint32_t bits = U32(field);
    float value;
    std::memcpy(&value, &bits, sizeof(value));
    return value;
}

inline float BinaryReader::FiniteF32(const char *field) {
    const float value = F32(field);
    uint32_t bits;
    std::memcpy(&bits, &value, sizeof(bits));
    if ((bits & 0x7F800000u) == 0x7F800000u) { // all exponent bits: infinity or NaN
        FailNotFinite(field);
    }
    return value;
}

/// "0x1a2b" — offsets in messages are hexadecimal like a hex editor shows.
std::string HexOffset(size_t offset);

} // namespace assimp_retro
