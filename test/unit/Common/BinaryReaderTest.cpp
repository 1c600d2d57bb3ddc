#include "Common/BinaryReader.h"
#include "Common/Handedness.h"
#include "Common/UniqueNames.h"

#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <set>

using assimp_retro::BinaryReader;
using assimp_retro::ImportError;

namespace {

std::string MessageOf(const std::function<void()> &action) {
    try {
        action();
    } catch (const ImportError &e) {
        return e.what();
    }
    return "";
}

} // namespace

TEST(BinaryReader, ReadsLittleEndianScalars) {
    const uint8_t bytes[] = {0x01, 0x34, 0x12, 0x78, 0x56, 0x34, 0x12, 0x00, 0x00, 0x80, 0x3f, 0xff, 0xff};
    BinaryReader reader(bytes, sizeof(bytes), "TEST", "t.bin");
    EXPECT_EQ(reader.U8("a"), 0x01);
    EXPECT_EQ(reader.U16("b"), 0x1234);
    EXPECT_EQ(reader.U32("c"), 0x12345678u);
    EXPECT_EQ(reader.F32("d"), 1.0f);
    EXPECT_EQ(reader.I16("e"), -1);
    EXPECT_TRUE(reader.AtEnd());
}

TEST(BinaryReader, TruncationNamesFileSectionFieldAndOffset) {
    const uint8_t bytes[] = {1, 2, 3, 4, 5, 6};
    BinaryReader reader(bytes, sizeof(bytes), "TEST", "t.bin");
    reader.SetSection("header");
    reader.Skip(4, "magic");
    EXPECT_EQ(MessageOf([&] { reader.U32("count"); }),
            "TEST: t.bin: header, field 'count' at byte 0x4: truncated: needs 4 bytes, 2 left");
}

TEST(BinaryReader, SubReaderReportsAbsoluteOffsets) {
    std::vector<uint8_t> bytes(32, 0);
    BinaryReader reader(bytes.data(), bytes.size(), "TEST", "t.bin");
    BinaryReader sub = reader.Sub(16, 8, "keys");
    sub.Skip(6, "pad");
    EXPECT_EQ(MessageOf([&] { sub.U32("frame"); }), "TEST: t.bin: keys, field 'frame' at byte 0x16: truncated: needs 4 bytes, 2 left");
    EXPECT_NE(MessageOf([&] { reader.Sub(30, 8, "past the end"); }), "");
    EXPECT_NE(MessageOf([&] { reader.Sub(SIZE_MAX, 8, "overflow"); }), "");
}

TEST(BinaryReader, CountsAreCheckedAgainstTheBytesLeft) {
    std::vector<uint8_t> bytes(40, 0);
    BinaryReader reader(bytes.data(), bytes.size(), "TEST", "t.bin");
    EXPECT_EQ(reader.CheckCount(uint64_t(10), 4, "n"), 10u);
    EXPECT_NE(MessageOf([&] { reader.CheckCount(uint64_t(11), 4, "n"); }).find("count 11 of 4-byte elements exceeds the 40 bytes left"), std::string::npos);
    EXPECT_NE(MessageOf([&] { reader.CheckCount(int64_t(-1), 4, "n"); }).find("negative"), std::string::npos);
    EXPECT_NE(MessageOf([&] { reader.CheckCount(UINT64_MAX, 8, "n"); }), "");
}

TEST(BinaryReader, StringsMustEndInsideTheData) {
    const uint8_t bytes[] = {'a', 'b', 0, 'c', 'd', 3, 0, 'x', 'y'};
    BinaryReader reader(bytes, sizeof(bytes), "TEST", "t.bin");
    EXPECT_EQ(reader.CString("name"), "ab");
    reader.Skip(2, "cd");
    EXPECT_NE(MessageOf([&] { reader.String16("name3"); }).find("string length 3 exceeds the 2 bytes left"), std::string::npos);
    const uint8_t unterminated[] = {'a', 'b'};
    BinaryReader bad(unterminated, 2, "TEST", "t.bin");
    EXPECT_NE(MessageOf([&] { bad.CString("name"); }).find("no terminating NUL"), std::string::npos);
}

TEST(BinaryReader, FiniteFloatRejectsNaN) {
    const uint8_t nan[] = {0x00, 0x00, 0xc0, 0x7f};
    BinaryReader reader(nan, 4, "TEST", "t.bin");
    EXPECT_NE(MessageOf([&] { reader.FiniteF32("x"); }).find("not a finite number"), std::string::npos);
}

TEST(UniqueNames, SuffixesRepeatsAndFillsEmptyNames) {
    assimp_retro::UniqueNames names;
    EXPECT_EQ(names.Make("root"), "root");
    EXPECT_EQ(names.Make("root"), "root.1");
    EXPECT_EQ(names.Make("root"), "root.2");
    EXPECT_EQ(names.Make("", "node"), "node");
    EXPECT_EQ(names.Make(std::string(5000, 'x')).size(), sizeof(aiString::data) - 1 - 12);
}

TEST(Handedness, MirrorOfARotationMatchesTheMirroredMatrix) {
    const aiQuaternion q(aiVector3D(0.3f, -0.5f, 0.8f).Normalize(), 0.9f);
    for (auto axis : {assimp_retro::MirrorAxis::X, assimp_retro::MirrorAxis::Y, assimp_retro::MirrorAxis::Z}) {
        const aiMatrix4x4 expected = assimp_retro::Mirror(aiMatrix4x4(q.GetMatrix()), axis);
        const aiMatrix4x4 got(assimp_retro::Mirror(q, axis).GetMatrix());
        for (unsigned r = 0; r < 4; ++r)
            for (unsigned c = 0; c < 4; ++c) EXPECT_NEAR(got[r][c], expected[r][c], 1e-6f);
        const aiVector3D v(1, 2, 3);
        const aiVector3D rotatedThenMirrored = assimp_retro::Mirror(q.Rotate(v), axis);
        const aiVector3D mirroredThenRotated = assimp_retro::Mirror(q, axis).Rotate(assimp_retro::Mirror(v, axis));
        EXPECT_NEAR((rotatedThenMirrored - mirroredThenRotated).Length(), 0.f, 1e-5f);
    }
}

TEST(UniqueNames, ManyRepeatsOfOneNameStayFast) {
    assimp_retro::UniqueNames names;
    std::string last;
    for (int i = 0; i < 50000; ++i) last = names.Make("x");
    EXPECT_EQ(last, "x.49999");
    EXPECT_EQ(names.Make("x.3"), "x.3.1"); // taken by the repeats above
}

// Past the few names searched in order the names move to a hash table that
// grows as it fills: every name made before stays known, with or without
// ExpectNames.
TEST(UniqueNames, ManyNamesStayUniqueAcrossTheTablesGrowth) {
    for (const size_t expected : {size_t(0), size_t(40), size_t(20000)}) {
        assimp_retro::UniqueNames names;
        names.ExpectNames(expected);
        names.Reserve("n7");
        std::set<std::string> made{"n7"};
        for (int i = 0; i < 5000; ++i) {
            const std::string name = names.Make("n" + std::to_string(i % 3000));
            EXPECT_TRUE(made.insert(name).second) << name;
        }
        EXPECT_EQ(made.size(), 5001u);
        for (const std::string &name : made) {
            EXPECT_TRUE(names.Contains(name)) << name;
        }
        EXPECT_FALSE(names.Contains("n3000"));
        EXPECT_EQ(names.Make("n7"), "n7.3"); // the loop made "n7.1" and "n7.2"
    }
}

// A name with an embedded NUL would reach Assimp as an aiString whose length
// runs past its terminator (the validator refuses it, the glTF exporter
// crashed on it): every string reader cuts at the first NUL but consumes the
// whole field.
TEST(BinaryReader, StringsAreCutAtTheFirstNul) {
    const uint8_t bytes[] = {5, 0, 'a', 'b', 0, 'c', 'd',     // String16 "ab\0cd"
            3, 0, 0, 0, 0, 'x', 'y',                          // String32 "\0xy"
            'p', 0, 'q', 'r',                                 // FixedString(4) "p\0qr"
            2, 0, 'o', 'k'};                                  // String16 "ok"
    BinaryReader reader(bytes, sizeof(bytes), "TEST", "t.bin");
    EXPECT_EQ(reader.String16("name"), "ab");
    EXPECT_EQ(reader.Offset(), 7u);
    EXPECT_EQ(reader.String32("name"), "");
    EXPECT_EQ(reader.Offset(), 14u);
    EXPECT_EQ(reader.FixedString(4, "name"), "p");
    EXPECT_EQ(reader.String16("name"), "ok");
    EXPECT_TRUE(reader.AtEnd());
}
