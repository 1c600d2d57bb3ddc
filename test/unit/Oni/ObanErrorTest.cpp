// Hostile and broken OBAN files: each gives a clear error, never a crash.
#include "writers/Oni/ObanWriter.h"
#include "support/TestSupport.h"

#include <assimp_retro/config.h>

#include <assimp/Importer.hpp>
#include <assimp/scene.h>

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <cstring>
#include <limits>

using namespace retro_test;

namespace {

oban::Animation TwoKeys() {
    oban::Animation a;
    a.frameCount = 11;
    a.keys = {{{0, 0, 0, 1}, {0, 0, 0}, 0}, {{0, 0, 0, 1}, {1, 0, 0}, 10}};
    return a;
}

// Imports `bytes` and returns Assimp's error string ("" if it imported).
std::string ErrorOf(const std::vector<uint8_t> &bytes, const char *hint = "oni") {
    Assimp::Importer importer;
    const aiScene *scene = ImportMemory(importer, bytes, hint);
    return scene ? "" : importer.GetErrorString();
}

constexpr size_t kDataStart = 0x80; // WriteOni: data table (pre-data) at 0x80 for short names
constexpr size_t kKeyCount = kDataStart + 0x7e;
constexpr size_t kFirstKey = kDataStart + 0x80;

} // namespace

TEST(ObanErrors, TruncatedAnywhereIsAClearErrorNeverACrash) {
    const std::vector<uint8_t> file = oban::WriteOni(TwoKeys(), "OBANx");
    for (size_t size = 0; size < file.size(); ++size) {
        const std::vector<uint8_t> cut(file.begin(), file.begin() + size);
        const std::string error = ErrorOf(cut);
        EXPECT_NE(error, "") << "cut at " << size;
    }
    EXPECT_EQ(ErrorOf(file), "");
    // The truncated key table is named with its offset.
    const std::vector<uint8_t> noLastKey(file.begin(), file.end() - 0x20);
    const std::string error = ErrorOf(noLastKey);
    EXPECT_NE(error.find("OBAN: "), std::string::npos) << error;
    EXPECT_NE(error.find("data table"), std::string::npos) << error;
}

// The block check tests squared norms against a threshold instead of norms
// (no square root per key): around the threshold it must reject exactly the
// rotations the key-by-key check calls zero, with the same message. A small x
// added to a w near 1e-6 steps the squared norm one ulp at a time across the
// threshold (some land on it).
TEST(ObanErrors, NearZeroRotationsAreJudgedAsByTheNorm) {
    float w = 1e-6f;
    for (int step = 0; step < 4; ++step) w = std::nextafter(w, 0.f);
    int zeros = 0, others = 0;
    for (int step = 0; step < 8; ++step, w = std::nextafter(w, 1.f)) {
        for (int k = 0; k < 64; ++k) {
            const float q[4] = {k * 1e-10f, 0, 0, w};
            std::vector<uint8_t> file = oban::WriteOni(TwoKeys(), "OBANx");
            for (int i = 0; i < 4; ++i) {
                uint32_t bits;
                std::memcpy(&bits, &q[i], 4);
                oban::PutU32(file, kFirstKey + 0x20 + 4 * i, bits); // the second key's rotation
            }
            const bool zero = !(std::sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]) > 1e-6f);
            const std::string error = ErrorOf(file);
            if (zero) {
                EXPECT_NE(error.find("keyframe 1 has a zero rotation quaternion"), std::string::npos) << error;
            } else {
                EXPECT_EQ(error, "") << "x " << q[0] << " w " << w;
            }
            (zero ? zeros : others) += 1;
        }
    }
    EXPECT_GT(zeros, 10); // both sides of the threshold
    EXPECT_GT(others, 10);
}

TEST(ObanErrors, OversizedKeyCount) {
    std::vector<uint8_t> file = oban::WriteOni(TwoKeys(), "OBANx");
    oban::PutU16(file, kKeyCount, 0xffff);
    const std::string error = ErrorOf(file);
    EXPECT_NE(error.find("65535 keyframes need 2097120 bytes, the instance has 64 left"), std::string::npos) << error;
    EXPECT_NE(error.find("field 'key count' at byte 0xfe"), std::string::npos) << error;
}

TEST(ObanErrors, OversizedDescriptorCountAndSizes) {
    std::vector<uint8_t> file = oban::WriteOni(TwoKeys(), "OBANx");
    oban::PutU32(file, 0x14, 0x7fffffff); // instance descriptor count
    EXPECT_NE(ErrorOf(file).find("count 2147483647 of 20-byte elements exceeds"), std::string::npos) << ErrorOf(file);
    file = oban::WriteOni(TwoKeys(), "OBANx");
    oban::PutU32(file, 0x40 + 12, 0x10000); // descriptor size
    EXPECT_NE(ErrorOf(file).find("run past the data table"), std::string::npos) << ErrorOf(file);
    file = oban::WriteOni(TwoKeys(), "OBANx");
    oban::PutU32(file, 0x24, 0x7ffffff0); // data table size
    EXPECT_NE(ErrorOf(file).find("does not fit in the file"), std::string::npos) << ErrorOf(file);
    file = oban::WriteOni(TwoKeys(), "OBANx");
    oban::PutU32(file, 0x40 + 4, 4); // data offset inside the pre-data
    EXPECT_NE(ErrorOf(file).find("cannot hold the 8-byte pre-data"), std::string::npos) << ErrorOf(file);
    file = oban::WriteOni(TwoKeys(), "OBANx");
    oban::PutU32(file, 0x40 + 8, 0x1000); // name offset
    EXPECT_NE(ErrorOf(file).find("outside the name table"), std::string::npos) << ErrorOf(file);
}

TEST(ObanErrors, InstanceNameWithoutNulBeforeTheEndOfTheNameTable) {
    std::vector<uint8_t> file = oban::WriteOni(TwoKeys(), "OBANx");
    uint32_t nameTableOffset = 0, nameTableSize = 0;
    std::memcpy(&nameTableOffset, &file[0x28], 4);
    std::memcpy(&nameTableSize, &file[0x2c], 4);
    ASSERT_GT(nameTableSize, 0u);
    ASSERT_LE(size_t(nameTableOffset) + nameTableSize, file.size());
    file[nameTableOffset + nameTableSize - 1] = 'x';          // the table's last NUL
    oban::PutU32(file, 0x40 + 8, nameTableSize - 1);         // instance 0's name: that byte
    const std::string error = ErrorOf(file);
    EXPECT_NE(error.find("name of instance 0"), std::string::npos) << error;
    EXPECT_NE(error.find("string has no terminating NUL before the end of the data"), std::string::npos) << error;
}

TEST(ObanErrors, WrongMagicVersionByteOrderAndEngineFamily) {
    const std::vector<uint8_t> good = oban::WriteOni(TwoKeys(), "OBANx");
    std::vector<uint8_t> file = good;
    std::memcpy(&file[8], "33RV", 4); // VR33, OniX
    EXPECT_NE(ErrorOf(file).find("unsupported version 'VR33'"), std::string::npos) << ErrorOf(file);
    file = good;
    std::memcpy(&file[8], "VR32", 4); // big-endian byte order
    EXPECT_NE(ErrorOf(file).find("big-endian"), std::string::npos) << ErrorOf(file);
    file = good;
    oban::PutU32(file, 0, 0xA8D8AE11); // PS2 checksum 0x0003BA70A8D8AE11
    oban::PutU32(file, 4, 0x0003BA70);
    EXPECT_NE(ErrorOf(file).find("template checksum 0x0003ba70a8d8ae11"), std::string::npos) << ErrorOf(file);
    file = good;
    std::memcpy(&file[0], "glTF", 4);
    EXPECT_NE(ErrorOf(file), "");
    // A file that is nothing like an Oni file, named .oni.
    EXPECT_NE(ErrorOf(std::vector<uint8_t>(100, 0x41)), "");
}

TEST(ObanErrors, WrongObanTemplateChecksumInALevelFile) {
    std::vector<oban::LevelEntry> entries(1);
    entries[0].name = "OBANx";
    entries[0].animation = TwoKeys();
    EXPECT_EQ(ErrorOf(oban::WriteLevel(entries), "dat"), "");
    const std::string error = ErrorOf(oban::WriteLevel(entries, 0x12345678), "dat");
    EXPECT_NE(error.find("OBAN template checksum is 0x12345678 instead of 0x4e0c24"), std::string::npos) << error;
}

TEST(ObanErrors, BadKeys) {
    std::vector<uint8_t> file = oban::WriteOni(TwoKeys(), "OBANx");
    oban::PutU32(file, kFirstKey + 0x20 + 0x1c, 0); // second key at frame 0 again
    EXPECT_NE(ErrorOf(file).find("keyframe 1 at frame 0 does not follow frame 0"), std::string::npos) << ErrorOf(file);
    file = oban::WriteOni(TwoKeys(), "OBANx");
    for (size_t i = 0; i < 16; i += 4) oban::PutU32(file, kFirstKey + i, 0); // zero quaternion
    EXPECT_NE(ErrorOf(file).find("zero rotation quaternion"), std::string::npos) << ErrorOf(file);
    file = oban::WriteOni(TwoKeys(), "OBANx");
    oban::PutU32(file, kFirstKey + 0x10, 0x7fc00000); // NaN translation
    EXPECT_NE(ErrorOf(file).find("not a finite number"), std::string::npos) << ErrorOf(file);
    char where[80];
    std::snprintf(where, sizeof where, "field 'key translation' at byte 0x%zx: ", kFirstKey + 0x10);
    EXPECT_NE(ErrorOf(file).find(where), std::string::npos) << ErrorOf(file);
    file = oban::WriteOni(TwoKeys(), "OBANx");
    oban::PutU32(file, kFirstKey + 0x20 + 0xc, 0x7f800000); // infinite w of the second key's rotation
    std::snprintf(where, sizeof where, "field 'key rotation' at byte 0x%zx: ", kFirstKey + 0x20 + 0xc);
    EXPECT_NE(ErrorOf(file).find(where), std::string::npos) << ErrorOf(file);
    file = oban::WriteOni(TwoKeys(), "OBANx");
    oban::PutU16(file, kKeyCount, 0);
    EXPECT_NE(ErrorOf(file).find("OBAN has no keyframes"), std::string::npos) << ErrorOf(file);
}

TEST(ObanErrors, FileWithoutObanSaysWhatItHolds) {
    std::vector<oban::LevelEntry> entries(2);
    entries[0].kind = oban::LevelEntry::OtherTag;
    entries[0].name = "TRACx";
    entries[0].animation = TwoKeys();
    entries[1].kind = oban::LevelEntry::Placeholder;
    entries[1].name = "OBANglobal";
    const std::string error = ErrorOf(oban::WriteLevel(entries), "dat");
    EXPECT_NE(error.find("holds no OBAN instance with data (1 placeholders resolved in other files); it holds TRAC"), std::string::npos)
            << error;
}

TEST(ObanErrors, ResamplingRefusesHugeFrameSpansInsteadOfExhaustingMemory) {
    for (const int32_t last : {2000000, INT32_MAX}) {
        oban::Animation a = TwoKeys();
        a.keys[1].frame = last;
        const std::vector<uint8_t> file = oban::WriteOni(a, "OBANlong");
        Assimp::Importer resampling;
        resampling.SetPropertyBool(AI_CONFIG_IMPORT_OBAN_RESAMPLE, true);
        EXPECT_EQ(ImportMemory(resampling, file, "oni"), nullptr);
        EXPECT_NE(std::string(resampling.GetErrorString()).find("OBANlong spans " + std::to_string(last) + " frames"),
                std::string::npos)
                << resampling.GetErrorString();
        EXPECT_EQ(ErrorOf(file), ""); // the stored keys import as they are
    }
}

TEST(ObanErrors, DescriptorsSharingOneLargeInstanceAreRefused) {
    std::vector<oban::LevelEntry> entries(1);
    entries[0].name = "OBANbig";
    for (int k = 0; k < 2000; ++k) entries[0].animation.keys.push_back({{0, 0, 0, 1}, {float(k), 0, 0}, k});
    for (int i = 0; i < 200; ++i) {
        oban::LevelEntry duplicate;
        duplicate.kind = oban::LevelEntry::DuplicateOfPrevious;
        duplicate.name = "OBANcopy" + std::to_string(i);
        entries.push_back(duplicate);
    }
    const std::string error = ErrorOf(oban::WriteLevel(entries), "dat");
    EXPECT_NE(error.find("instance descriptors share OBAN data too often"), std::string::npos) << error;
    entries.resize(11); // ten duplicates are an ordinary level
    EXPECT_EQ(ErrorOf(oban::WriteLevel(entries), "dat"), "");
}
