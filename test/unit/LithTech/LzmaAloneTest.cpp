// The LZMA-alone wrapper (code/Common/LzmaAlone.h) over Debian's liblzma:
// round trips, and every way a packed stream can be short, corrupt or lying
// about its size gives an ImportError naming the byte, before any large
// allocation.
#include "Common/ImportError.h"
#include "Common/LzmaAlone.h"
#include "writers/LithTech/LtbWriter.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace {

using assimp_retro::DecodeLzmaAlone;
using assimp_retro::ImportError;
using retro_test::ltb_writer::PackLzmaAlone;

std::vector<uint8_t> SampleBytes(size_t size) {
    std::vector<uint8_t> bytes(size);
    for (size_t i = 0; i < size; ++i) {
        bytes[i] = static_cast<uint8_t>((i * 7) ^ (i >> 5));
    }
    return bytes;
}

/// The message of the ImportError `decode` throws ("" if it does not throw).
template <typename F>
std::string ErrorOf(F decode) {
    try {
        decode();
    } catch (const ImportError &e) {
        return e.what();
    }
    return "";
}

void SetDeclaredSize(std::vector<uint8_t> &packed, uint64_t size) {
    for (int i = 0; i < 8; ++i) {
        packed[5 + i] = static_cast<uint8_t>(size >> (8 * i));
    }
}

} // namespace

TEST(LzmaAlone, RoundTripsWhatLiblzmaPacks) {
    const std::vector<uint8_t> plain = SampleBytes(5000);
    const std::vector<uint8_t> packed = PackLzmaAlone(plain);
    ASSERT_TRUE(assimp_retro::LooksLikeLzmaAlone(packed.data(), packed.size()));
    EXPECT_EQ(packed[0], 0x5d);
    EXPECT_EQ(assimp_retro::ReadLzmaAloneHeader(packed.data()).dictionarySize, 16u << 20);
    EXPECT_EQ(DecodeLzmaAlone(packed.data(), packed.size(), "LTB", "x.ltb", 1u << 30), plain);
}

TEST(LzmaAlone, PrefixDecodesTheFirstBytesOnly) {
    const std::vector<uint8_t> plain = SampleBytes(5000);
    const std::vector<uint8_t> packed = PackLzmaAlone(plain);
    const std::vector<uint8_t> head = assimp_retro::DecodeLzmaAlonePrefix(packed.data(), packed.size(), 24);
    EXPECT_EQ(head, std::vector<uint8_t>(plain.begin(), plain.begin() + 24));
    // From a cut stream as CanRead has it: what is there.
    const std::vector<uint8_t> cut = assimp_retro::DecodeLzmaAlonePrefix(packed.data(), 20, 24);
    EXPECT_LT(cut.size(), 24u);
}

TEST(LzmaAlone, EveryTruncationFailsWithAnOffset) {
    const std::vector<uint8_t> packed = PackLzmaAlone(SampleBytes(3000));
    for (size_t at = 0; at < packed.size(); ++at) {
        const std::string error = ErrorOf([&] { DecodeLzmaAlone(packed.data(), at, "LTB", "cut.ltb", 1u << 30); });
        ASSERT_NE(error, "") << "truncated to " << at << " bytes";
        EXPECT_NE(error.find("LTB: cut.ltb: LZMA stream: "), std::string::npos) << error;
        EXPECT_NE(error.find(" at byte 0x"), std::string::npos) << error;
    }
}

TEST(LzmaAlone, TruncatedDataSaysHowFarItGot) {
    const std::vector<uint8_t> packed = PackLzmaAlone(SampleBytes(3000));
    const std::string error = ErrorOf([&] { DecodeLzmaAlone(packed.data(), packed.size() / 2, "LTB", "cut.ltb", 1u << 30); });
    EXPECT_NE(error.find("stream truncated"), std::string::npos) << error;
    EXPECT_NE(error.find("of 3000 bytes unpacked"), std::string::npos) << error;
}

TEST(LzmaAlone, CorruptBytesNeverCrash) {
    const std::vector<uint8_t> plain = SampleBytes(3000);
    const std::vector<uint8_t> packed = PackLzmaAlone(plain);
    size_t refused = 0;
    for (size_t at = 13; at < packed.size(); ++at) {
        std::vector<uint8_t> bad = packed;
        bad[at] ^= 0xA5;
        const std::string error = ErrorOf([&] { DecodeLzmaAlone(bad.data(), bad.size(), "LTB", "bad.ltb", 1u << 30); });
        if (!error.empty()) {
            ++refused;
            EXPECT_NE(error.find(" at byte 0x"), std::string::npos) << error;
        }
    }
    EXPECT_GT(refused, (packed.size() - 13) / 2); // most damage is caught by the decoder itself
}

TEST(LzmaAlone, DeclaredSizeBeyondWhatThePackedBytesJustifyIsRefusedFirst) {
    std::vector<uint8_t> packed = PackLzmaAlone(SampleBytes(3000));
    SetDeclaredSize(packed, uint64_t(1) << 40);
    const std::string error = ErrorOf([&] { DecodeLzmaAlone(packed.data(), packed.size(), "LTB", "big.ltb", uint64_t(1) << 62); });
    EXPECT_NE(error.find("declared unpacked size 1099511627776 exceeds what"), std::string::npos) << error;
    EXPECT_NE(error.find("at byte 0x5"), std::string::npos) << error;
    // The caller's own limit too.
    SetDeclaredSize(packed, 3000);
    const std::string limited = ErrorOf([&] { DecodeLzmaAlone(packed.data(), packed.size(), "LTB", "big.ltb", 2000); });
    EXPECT_NE(limited.find("2000 at most"), std::string::npos) << limited;
}

TEST(LzmaAlone, DeclaredSizeLargerThanTheStreamFails) {
    std::vector<uint8_t> packed = PackLzmaAlone(SampleBytes(3000));
    SetDeclaredSize(packed, 4000);
    const std::string error = ErrorOf([&] { DecodeLzmaAlone(packed.data(), packed.size(), "LTB", "long.ltb", 1u << 30); });
    EXPECT_NE(error, "");
    EXPECT_NE(error.find(" at byte 0x"), std::string::npos) << error;
}

TEST(LzmaAlone, DeclaredSizeSmallerThanTheStreamFails) {
    std::vector<uint8_t> packed = PackLzmaAlone(SampleBytes(3000));
    SetDeclaredSize(packed, 2000);
    EXPECT_NE(ErrorOf([&] { DecodeLzmaAlone(packed.data(), packed.size(), "LTB", "short.ltb", 1u << 30); }), "");
}

TEST(LzmaAlone, UnknownSizeAndBadPropertiesAreRefused) {
    std::vector<uint8_t> packed = PackLzmaAlone(SampleBytes(300));
    std::vector<uint8_t> unknown = packed;
    SetDeclaredSize(unknown, ~uint64_t(0));
    EXPECT_FALSE(assimp_retro::LooksLikeLzmaAlone(unknown.data(), unknown.size()));
    EXPECT_NE(ErrorOf([&] { DecodeLzmaAlone(unknown.data(), unknown.size(), "LTB", "u.ltb", 1u << 30); }).find("unpacked size unknown"),
            std::string::npos);
    std::vector<uint8_t> props = packed;
    props[0] = 225;
    EXPECT_FALSE(assimp_retro::LooksLikeLzmaAlone(props.data(), props.size()));
    EXPECT_NE(ErrorOf([&] { DecodeLzmaAlone(props.data(), props.size(), "LTB", "p.ltb", 1u << 30); }).find("properties byte 225"),
            std::string::npos);
}

TEST(LzmaAlone, HugeDictionaryIsRefusedByTheMemoryLimit) {
    std::vector<uint8_t> packed = PackLzmaAlone(SampleBytes(3000));
    const uint32_t dictionary = 1u << 30; // 1 GiB: beyond kLzmaMemoryLimit
    for (int i = 0; i < 4; ++i) {
        packed[1 + i] = static_cast<uint8_t>(dictionary >> (8 * i));
    }
    const std::string error = ErrorOf([&] { DecodeLzmaAlone(packed.data(), packed.size(), "LTB", "dict.ltb", 1u << 30); });
    EXPECT_NE(error.find("MiB limit"), std::string::npos) << error;
}

// The encoder (the LTB exporter's packing): CrossFire's header (properties
// 0x5d, 16 MiB dictionary, the unpacked size), no end marker (the stream ends
// exactly where a decoder told the size stops: a shorter one fails), the
// same bytes on every run, and incompressible input too (the decoder refuses
// a declared size of 0: no model is empty).
TEST(LzmaAloneEncoder, WritesCrossFiresHeaderAndDecodesBack) {
    for (const std::vector<uint8_t> &plain : {SampleBytes(200000), [] {
             std::vector<uint8_t> noise(70000);
             uint32_t x = 12345;
             for (uint8_t &b : noise) b = static_cast<uint8_t>((x = x * 1103515245u + 12345u) >> 24);
             return noise;
         }()}) {
        const std::vector<uint8_t> packed = assimp_retro::EncodeLzmaAlone(plain);
        ASSERT_GE(packed.size(), assimp_retro::kLzmaAloneHeaderBytes);
        const assimp_retro::LzmaAloneHeader header = assimp_retro::ReadLzmaAloneHeader(packed.data());
        EXPECT_EQ(header.properties, 0x5d);
        EXPECT_EQ(header.dictionarySize, 16u << 20);
        EXPECT_EQ(header.unpackedSize, plain.size());
        EXPECT_TRUE(DecodeLzmaAlone(packed.data(), packed.size(), "LTB", "packed", 1u << 30) == plain);
        EXPECT_TRUE(assimp_retro::EncodeLzmaAlone(plain) == packed) << "not deterministic";
        // No end marker: the last byte is data, without which the stream is short.
        EXPECT_NE(ErrorOf([&] { DecodeLzmaAlone(packed.data(), packed.size() - 1, "LTB", "cut", 1u << 30); }), "");
    }
}
