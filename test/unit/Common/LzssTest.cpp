// The shared LZSS decoder (code/Common/Lzss.h) on hand-made streams and on
// the test writer's encoder output.
#include "Common/Lzss.h"
#include "support/LzssReference.h"
#include "writers/Poseidon/P3dWriter.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <string>

using assimp_retro::LzssChecksum;
using assimp_retro::LzssDecode;
using assimp_retro::LzssStatus;

namespace {

void AppendSum(std::vector<uint8_t> &stream, const std::string &decoded, bool isSigned = false) {
    uint32_t sum = 0;
    for (char c : decoded) {
        sum += isSigned ? uint32_t(int32_t(int8_t(c))) : uint32_t(uint8_t(c));
    }
    for (int i = 0; i < 4; ++i) {
        stream.push_back(uint8_t(sum >> (8 * i)));
    }
}

std::string Decode(const std::vector<uint8_t> &stream, size_t outSize, LzssStatus expected = LzssStatus::Ok,
        LzssChecksum mode = LzssChecksum::UnsignedBytes) {
    std::vector<uint8_t> out(outSize + 8, 0xEE); // guard bytes after the output
    const auto result = LzssDecode(stream.data(), stream.size(), out.data(), outSize, mode);
    EXPECT_EQ(result.status, expected) << assimp_retro::LzssStatusText(result.status);
    for (size_t i = outSize; i < out.size(); ++i) {
        EXPECT_EQ(out[i], 0xEE) << "wrote past the output at " << i;
    }
    return std::string(out.begin(), out.begin() + result.produced);
}

// match item: distance, length 3..18
void Match(std::vector<uint8_t> &s, unsigned distance, unsigned length) {
    s.push_back(uint8_t(distance & 0xFF));
    s.push_back(uint8_t(((distance >> 4) & 0xF0) | (length - 3)));
}

} // namespace

TEST(Lzss, Literals) {
    std::vector<uint8_t> s = {0xFF, 'a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 0x03, 'i', 'j'};
    AppendSum(s, "abcdefghij");
    EXPECT_EQ(Decode(s, 10), "abcdefghij");
    const auto r = [&] {
        std::vector<uint8_t> out(10);
        return LzssDecode(s.data(), s.size(), out.data(), out.size());
    }();
    EXPECT_EQ(r.consumed, s.size());
}

TEST(Lzss, OverlappingMatchRepeatsARun) {
    // "ab" then a match of distance 2, length 10: "ababababab" (byte by byte).
    std::vector<uint8_t> s = {0x03, 'a', 'b'};
    Match(s, 2, 10);
    AppendSum(s, "abababababab");
    EXPECT_EQ(Decode(s, 12), "abababababab");
    // Distance 1: a run of one byte.
    std::vector<uint8_t> t = {0x01, 'z'};
    Match(t, 1, 18);
    AppendSum(t, std::string(19, 'z'));
    EXPECT_EQ(Decode(t, 19), std::string(19, 'z'));
}

TEST(Lzss, MatchReachingIntoTheInitialSpaces) {
    // First item a match of distance 5 at output 0: five spaces from the ring's
    // pre-fill; then a literal, then a match straddling pre-fill and output.
    std::vector<uint8_t> s = {0x02};
    Match(s, 5, 5);
    s.push_back('x');
    Match(s, 8, 6); // src = 6 - 8 = -2: "  " then "    " from the output
    AppendSum(s, "     x      ");
    EXPECT_EQ(Decode(s, 12), "     x      ");
    // Beyond the 4078 spaces the engine's ring holds 18 unwritten bytes: zeros.
    std::vector<uint8_t> z = {0x00};
    Match(z, 4090, 3); // src = -4090: ring[4084..4086]
    AppendSum(z, std::string(3, '\0'));
    EXPECT_EQ(Decode(z, 3), std::string(3, '\0'));
    // Distance 0 means 4096 (the ring slot about to be overwritten).
    std::vector<uint8_t> d = {0x00};
    Match(d, 0, 3);
    AppendSum(d, std::string(3, '\0'));
    EXPECT_EQ(Decode(d, 3), std::string(3, '\0'));
}

TEST(Lzss, FinalMatchIsClampedAtTheOutputSize) {
    std::vector<uint8_t> s = {0x01, 'q'};
    Match(s, 1, 18); // would give 19 bytes; only 7 wanted
    AppendSum(s, "qqqqqqq");
    EXPECT_EQ(Decode(s, 7), "qqqqqqq");
}

TEST(Lzss, OutputBoundIsNeverExceeded) {
    // A stream for 100 bytes decoded into 10: exactly 10 written (the guard
    // bytes stay), and the stored sum (of 100 bytes) does not match.
    const std::string text(100, 'k');
    auto stream = retro_test::p3d::LzssEncode(reinterpret_cast<const uint8_t *>(text.data()), text.size());
    EXPECT_EQ(Decode(stream, 10, LzssStatus::BadChecksum), std::string(10, 'k'));
    EXPECT_EQ(Decode(stream, 0, LzssStatus::BadChecksum), "");
}

TEST(Lzss, BadChecksum) {
    std::vector<uint8_t> s = {0x07, 'a', 'b', 'c'};
    AppendSum(s, "abd");
    std::vector<uint8_t> out(3);
    const auto r = LzssDecode(s.data(), s.size(), out.data(), out.size());
    EXPECT_EQ(r.status, LzssStatus::BadChecksum);
    EXPECT_EQ(r.computed, uint32_t('a' + 'b' + 'c'));
    EXPECT_EQ(r.stored, uint32_t('a' + 'b' + 'd'));
    // Without a checksum the same data is fine.
    s.resize(4);
    EXPECT_EQ(Decode(s, 3, LzssStatus::Ok, LzssChecksum::None), "abc");
}

TEST(Lzss, SignedChecksumForPaa) {
    const std::string text = "\x80\xff\x01";
    std::vector<uint8_t> s = {0x07, 0x80, 0xFF, 0x01};
    AppendSum(s, text, true);
    EXPECT_EQ(Decode(s, 3, LzssStatus::Ok, LzssChecksum::SignedBytes), text);
    EXPECT_EQ(Decode(s, 3, LzssStatus::BadChecksum, LzssChecksum::UnsignedBytes), text);
}

TEST(Lzss, TruncatedStream) {
    std::vector<uint8_t> s = {0xFF, 'a', 'b', 'c'};
    EXPECT_EQ(Decode(s, 8, LzssStatus::TruncatedData), "abc");
    // A match cut after its first byte.
    std::vector<uint8_t> m = {0x01, 'a', 0x01};
    EXPECT_EQ(Decode(m, 8, LzssStatus::TruncatedData), "a");
    // The data is complete but the checksum is cut.
    std::vector<uint8_t> c = {0x07, 'a', 'b', 'c', 0x00, 0x01};
    EXPECT_EQ(Decode(c, 3, LzssStatus::TruncatedChecksum), "abc");
    // Empty input.
    EXPECT_EQ(Decode({}, 1, LzssStatus::TruncatedData), "");
}

TEST(Lzss, RoundTripsTheWritersEncoder) {
    std::mt19937 rng(42);
    for (size_t size : {0u, 1u, 17u, 1024u, 5000u, 70000u}) {
        std::vector<uint8_t> data(size);
        for (size_t i = 0; i < size; ++i) {
            // Mixed: runs, spaces, repeats and noise.
            const unsigned kind = (i / 97) % 4;
            data[i] = kind == 0 ? ' ' : kind == 1 ? uint8_t(i / 5) : kind == 2 ? uint8_t(rng()) : uint8_t(i % 7);
        }
        for (auto sum : {retro_test::p3d::LzssSum::Unsigned, retro_test::p3d::LzssSum::Signed}) {
            const auto stream = retro_test::p3d::LzssEncode(data, sum);
            std::vector<uint8_t> out(size);
            const auto r = LzssDecode(stream.data(), stream.size(), out.data(), out.size(),
                    sum == retro_test::p3d::LzssSum::Unsigned ? LzssChecksum::UnsignedBytes : LzssChecksum::SignedBytes);
            ASSERT_TRUE(r.Ok()) << size << ": " << assimp_retro::LzssStatusText(r.status);
            EXPECT_EQ(r.consumed, stream.size());
            EXPECT_EQ(out, data) << size;
        }
    }
}

TEST(Lzss, TrailingInputIsLeftAlone) {
    std::vector<uint8_t> s = {0x07, 'a', 'b', 'c'};
    AppendSum(s, "abc");
    const size_t streamSize = s.size();
    s.push_back(0x99);
    std::vector<uint8_t> out(3);
    const auto r = LzssDecode(s.data(), s.size(), out.data(), out.size());
    EXPECT_TRUE(r.Ok());
    EXPECT_EQ(r.consumed, streamSize);
}

namespace {

// A random stream of `groups` flag bytes and their items: literal runs, all-
// match groups, matches at every short distance (the fast path's pattern,
// near and far copies), distance 0 and matches reaching before the output.
std::vector<uint8_t> RandomStream(std::mt19937 &rng, size_t groups) {
    std::vector<uint8_t> s;
    for (size_t g = 0; g < groups; ++g) {
        const unsigned kind = rng() % 4;
        const unsigned flags = kind == 0 ? 0x00 : kind == 1 ? 0xFF : rng() & 0xFF;
        s.push_back(uint8_t(flags));
        for (int bit = 0; bit < 8; ++bit) {
            if (flags >> bit & 1) {
                s.push_back(uint8_t(rng()));
                continue;
            }
            const unsigned pick = rng() % 8;
            const unsigned distance = pick < 5 ? 1 + rng() % 20 : pick == 5 ? rng() % 4096 : 20 + rng() % 300;
            Match(s, distance, 3 + rng() % 16);
        }
    }
    for (int i = 0; i < 4; ++i) {
        s.push_back(uint8_t(rng())); // a checksum that rarely matches
    }
    return s;
}

} // namespace

TEST(Lzss, AgreesWithAByteByByteDecoderOnRandomStreams) {
    std::mt19937 rng(12);
    const LzssChecksum modes[] = {LzssChecksum::None, LzssChecksum::UnsignedBytes, LzssChecksum::SignedBytes};
    for (int trial = 0; trial < 3000; ++trial) {
        auto stream = RandomStream(rng, 1 + rng() % 60);
        const size_t inSize = trial % 3 == 0 ? rng() % (stream.size() + 1) : stream.size(); // truncated streams too
        const size_t outSize = rng() % (stream.size() * 6);
        const LzssChecksum mode = modes[trial % 3];
        std::vector<uint8_t> expected(outSize), out(outSize + 8, 0xEE);
        const auto want = retro_test::ReferenceLzssDecode(stream.data(), inSize, expected.data(), outSize, mode);
        const auto got = LzssDecode(stream.data(), inSize, out.data(), outSize, mode);
        ASSERT_EQ(got.status, want.status) << trial;
        ASSERT_EQ(got.produced, want.produced) << trial;
        ASSERT_EQ(got.consumed, want.consumed) << trial;
        ASSERT_EQ(got.computed, want.computed) << trial;
        ASSERT_EQ(got.stored, want.stored) << trial;
        ASSERT_TRUE(std::equal(expected.begin(), expected.begin() + want.produced, out.begin())) << trial;
        for (size_t i = outSize; i < out.size(); ++i) {
            ASSERT_EQ(out[i], 0xEE) << "wrote past the output at " << i << " in trial " << trial;
        }
    }
}

TEST(Lzss, ChecksumsOfEveryLength) {
    // The checksum helper's wide loop and its tail, in both modes.
    std::mt19937 rng(3);
    std::vector<uint8_t> data(300);
    for (auto &b : data) {
        b = uint8_t(rng());
    }
    for (size_t size = 0; size <= data.size(); ++size) {
        uint32_t sumUnsigned = 0, sumSigned = 0;
        for (size_t i = 0; i < size; ++i) {
            sumUnsigned += data[i];
            sumSigned += uint32_t(int32_t(int8_t(data[i])));
        }
        EXPECT_EQ(assimp_retro::LzssChecksumOf(data.data(), size, LzssChecksum::UnsignedBytes), sumUnsigned) << size;
        EXPECT_EQ(assimp_retro::LzssChecksumOf(data.data(), size, LzssChecksum::SignedBytes), sumSigned) << size;
        EXPECT_EQ(assimp_retro::LzssChecksumOf(data.data(), size, LzssChecksum::None), 0u) << size;
    }
}
