#include "BinaryReader.h"

#include <charconv>
#include <cmath>
#include <cstdio>

namespace assimp_retro {

namespace {

// The bytes before the first NUL: a name with an embedded NUL would reach
// Assimp as an aiString whose length runs past its terminator, which the
// validator refuses and exporters crash on.
std::string TextUpToNul(const uint8_t *bytes, size_t count) {
    const void *nul = count ? std::memchr(bytes, 0, count) : nullptr;
    const size_t length = nul ? static_cast<size_t>(static_cast<const uint8_t *>(nul) - bytes) : count;
    return std::string(reinterpret_cast<const char *>(bytes), length);
}

} // namespace

std::string HexOffset(size_t offset) {
    char text[32];
    std::snprintf(text, sizeof(text), "0x%zx", offset);
    return text;
}

BinaryReader::BinaryReader(const uint8_t *data, size_t size, std::string format, std::string fileName) :
        mData(data), mSize(data ? size : 0), mFormat(std::move(format)),
        mFileName(fileName.empty() ? nullptr : std::make_shared<const std::string>(std::move(fileName))) {}

void BinaryReader::SetSection(const char *label, size_t index) {
    char digits[24] = {' '};
    const char *end = std::to_chars(digits + 1, digits + sizeof(digits), index).ptr; // as std::to_string
    mSection.assign(label).append(digits, static_cast<size_t>(end - digits));
    mSectionLiteral = nullptr;
}

std::string BinaryReader::Prefix() const {
    std::string prefix = mFormat;
    if (mFileName) {
        prefix += ": " + *mFileName;
    }
    return prefix + ": ";
}

void BinaryReader::FailAt(size_t offset, const std::string &message, const char *field) const {
    std::string text = Prefix();
    const std::string section = Section();
    if (!section.empty()) {
        text += section + ", ";
    }
    if (field) {
        text += std::string("field '") + field + "' ";
    }
    text += "at byte " + HexOffset(mBase + offset) + ": " + message;
    throw ImportError(text);
}

void BinaryReader::Fail(const std::string &message, const char *field) const {
    FailAt(mPos, message, field);
}

void BinaryReader::FailNeed(size_t count, const char *field) const {
    Fail("truncated: needs " + std::to_string(count) + " bytes, " + std::to_string(mSize - mPos) + " left", field);
}

void BinaryReader::FailNotFinite(const char *field) const {
    FailNotFiniteAt(mPos - 4, field);
}

void BinaryReader::FailNotFiniteAt(size_t offset, const char *field) const {
    FailAt(offset, "value is not a finite number", field);
}

void BinaryReader::Seek(size_t offset, const char *field) {
    if (offset > mSize) {
        Fail("offset " + HexOffset(mBase + offset) + " is past the end (" + HexOffset(mBase + mSize) + ")", field);
    }
    mPos = offset;
}

void BinaryReader::Skip(size_t count, const char *field) {
    Need(count, field);
    mPos += count;
}

int16_t BinaryReader::I16(const char *field) {
    return static_cast<int16_t>(U16(field));
}

int32_t BinaryReader::I32(const char *field) {
    return static_cast<int32_t>(U32(field));
}

uint64_t BinaryReader::U64(const char *field) {
    const uint64_t low = U32(field);
    const uint64_t high = U32(field);
    return low | (high << 32);
}

const uint8_t *BinaryReader::Bytes(size_t count, const char *field) {
    Need(count, field);
    const uint8_t *p = mData + mPos;
    mPos += count;
    return p;
}

void BinaryReader::Read(void *dst, size_t count, const char *field) {
    const uint8_t *p = Bytes(count, field);
    if (count) {
        std::memcpy(dst, p, count);
    }
}

std::string BinaryReader::FixedString(size_t count, const char *field) {
    return TextUpToNul(Bytes(count, field), count);
}

std::string BinaryReader::CString(const char *field) {
    return std::string(CStringView(field));
}

std::string_view BinaryReader::CStringView(const char *field) {
    const void *nul = std::memchr(mData + mPos, 0, mSize - mPos);
    if (!nul) {
        Fail("string has no terminating NUL before the end of the data", field);
    }
    const size_t length = static_cast<const uint8_t *>(nul) - (mData + mPos);
    const std::string_view text(reinterpret_cast<const char *>(mData + mPos), length);
    mPos += length + 1;
    return text;
}

std::string BinaryReader::String16(const char *field) {
    const size_t start = mPos;
    const uint16_t length = U16(field);
    if (length > Remaining()) {
        FailAt(start,
                "string length " + std::to_string(length) + " exceeds the " + std::to_string(Remaining()) +
                        " bytes left",
                field);
    }
    return TextUpToNul(Bytes(length, field), length);
}

std::string BinaryReader::String32(const char *field) {
    const size_t start = mPos;
    const uint32_t length = U32(field);
    if (length > Remaining()) {
        FailAt(start,
                "string length " + std::to_string(length) + " exceeds the " + std::to_string(Remaining()) +
                        " bytes left",
                field);
    }
    return TextUpToNul(Bytes(length, field), length);
}

BinaryReader BinaryReader::Sub(size_t offset, size_t size, std::string section) const {
    if (offset > mSize || size > mSize - offset) {
        FailAt(offset,
                "section '" + section + "' of " + std::to_string(size) + " bytes does not fit in the " +
                        std::to_string(mSize) + " bytes available");
    }
    BinaryReader sub(mData + offset, size, mFormat, std::string());
    sub.mFileName = mFileName;
    sub.mBase = mBase + offset;
    sub.SetSection(std::move(section));
    return sub;
}

size_t BinaryReader::CheckCount(uint64_t count, size_t minElementSize, const char *field) const {
    const uint64_t left = Remaining();
    const uint64_t elementSize = minElementSize ? minElementSize : 1;
    if (count > left / elementSize) {
        Fail("count " + std::to_string(count) + " of " + std::to_string(elementSize) + "-byte elements exceeds the " +
                        std::to_string(left) + " bytes left",
                field);
    }
    return static_cast<size_t>(count);
}

size_t BinaryReader::CheckCount(int64_t count, size_t minElementSize, const char *field) const {
    if (count < 0) {
        Fail("count " + std::to_string(count) + " is negative", field);
    }
    return CheckCount(static_cast<uint64_t>(count), minElementSize, field);
}

} // namespace assimp_retro
