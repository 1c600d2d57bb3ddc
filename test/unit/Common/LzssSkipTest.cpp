// LzssSkip (code/Common/Lzss.h): walking a stream without decoding it ends
// where LzssDecode ends, and reports truncation the same way; LzssDecode's
// fast and checked paths agree on streams of every size and match kind.
#include "Common/Lzss.h"
#include "writers/Poseidon/P3dWriter.h"

#include <gtest/gtest.h>

#include <random>

using assimp_retro::LzssChecksum;
using assimp_retro::LzssDecode;
using assimp_retro::LzssSkip;
using assimp_retro::LzssStatus;

namespace {

// Runs, short repeats (match distances 2..7, 8..17 and >= 18), spaces and noise.
std::vector<uint8_t> MixedData(size_t size, unsigned seed) {
    std::mt19937 rng(seed);
    std::vector<uint8_t> data(size);
    for (size_t i = 0; i < size; ++i) {
        switch ((i / 61) % 6) {
        case 0: data[i] = ' '; break;
        case 1: data[i] = uint8_t(i % 3); break;
        case 2: data[i] = uint8_t(i % 11); break;
        case 3: data[i] = uint8_t(rng()); break;
        case 4: data[i] = uint8_t((i / 40) * 13); break;
        default: data[i] = uint8_t(i % 29); break;
        }
    }
    return data;
}

} // namespace

TEST(LzssSkip, EndsWhereDecodeEnds) {
    for (size_t size : {0u, 1u, 18u, 150u, 151u, 4096u, 65536u, 100003u}) {
        const auto data = MixedData(size, unsigned(size));
        auto stream = retro_test::p3d::LzssEncode(data);
        stream.push_back(0x5A); // trailing input stays unread
        std::vector<uint8_t> out(size);
        const auto decoded = LzssDecode(stream.data(), stream.size(), out.data(), out.size());
        ASSERT_TRUE(decoded.Ok()) << size;
        EXPECT_EQ(out, data) << size;
        const auto skipped = LzssSkip(stream.data(), stream.size(), size);
        EXPECT_EQ(skipped.status, LzssStatus::Ok) << size;
        EXPECT_EQ(skipped.consumed, stream.size() - 1) << size;
        EXPECT_EQ(skipped.consumed, decoded.consumed) << size;
        EXPECT_EQ(skipped.produced, size);
        EXPECT_EQ(skipped.stored, decoded.stored) << size;
        EXPECT_EQ(skipped.computed, 0u);
    }
}

TEST(LzssSkip, ReportsTruncation) {
    const auto data = MixedData(5000, 7);
    const auto stream = retro_test::p3d::LzssEncode(data);
    // Cut inside the data: both report TruncatedData after the same output.
    for (size_t cut : {size_t(0), size_t(1), stream.size() / 2, stream.size() - 5}) {
        std::vector<uint8_t> out(data.size());
        const auto decoded = LzssDecode(stream.data(), cut, out.data(), out.size());
        const auto skipped = LzssSkip(stream.data(), cut, data.size());
        EXPECT_EQ(decoded.status, LzssStatus::TruncatedData) << cut;
        EXPECT_EQ(skipped.status, LzssStatus::TruncatedData) << cut;
        EXPECT_EQ(skipped.produced, decoded.produced) << cut;
    }
    // Cut inside the checksum.
    const auto skipped = LzssSkip(stream.data(), stream.size() - 2, data.size());
    EXPECT_EQ(skipped.status, LzssStatus::TruncatedChecksum);
    // No checksum wanted: the 4 checksum bytes are left alone.
    const auto bare = LzssSkip(stream.data(), stream.size(), data.size(), LzssChecksum::None);
    EXPECT_EQ(bare.status, LzssStatus::Ok);
    EXPECT_EQ(bare.consumed, stream.size() - 4);
}

TEST(LzssSkip, DecodeNeverWritesPastTheOutputOnLongStreams) {
    // Streams for more data than asked: the fast path (which copies whole
    // chunks) must stop short of the end; guard bytes after the output stay.
    const auto data = MixedData(20000, 3);
    const auto stream = retro_test::p3d::LzssEncode(data);
    for (size_t want : {size_t(100), size_t(151), size_t(4097), size_t(19999)}) {
        std::vector<uint8_t> out(want + 32, 0xEE);
        const auto r = LzssDecode(stream.data(), stream.size(), out.data(), want);
        EXPECT_EQ(r.status, LzssStatus::BadChecksum) << want;
        EXPECT_EQ(r.produced, want);
        EXPECT_TRUE(std::equal(out.begin(), out.begin() + want, data.begin())) << want;
        for (size_t i = want; i < out.size(); ++i) {
            ASSERT_EQ(out[i], 0xEE) << "wrote past the output at " << i << " of " << want;
        }
    }
}

TEST(LzssSkip, AgreesWithDecodeOnArbitraryStreams) {
    // Streams no encoder would write (random flags, lengths and distances,
    // matches clamped at the output's end, cuts anywhere): the skip's
    // group-at-a-time steps and its item-by-item tail must end exactly where
    // the decoder ends, with the same status (a checksum it cannot verify
    // aside) and the same stored checksum.
    std::mt19937 rng(12);
    const LzssChecksum modes[] = {LzssChecksum::None, LzssChecksum::UnsignedBytes, LzssChecksum::SignedBytes};
    for (int round = 0; round < 400; ++round) {
        std::vector<uint8_t> stream(rng() % 3000);
        const unsigned literalBias = rng() % 4; // 0: random flags .. 3: mostly literals
        for (size_t i = 0; i < stream.size(); ++i) {
            stream[i] = uint8_t(rng());
            if (i % 17 == 0 && literalBias) {
                stream[i] |= uint8_t(rng()) | (literalBias == 3 ? 0xFF : 0);
            }
        }
        const size_t outSize = rng() % 20000;
        const LzssChecksum mode = modes[round % 3];
        std::vector<uint8_t> out(outSize);
        const auto decoded = LzssDecode(stream.data(), stream.size(), out.data(), outSize, mode);
        const auto skipped = LzssSkip(stream.data(), stream.size(), outSize, mode);
        const LzssStatus expected = decoded.status == LzssStatus::BadChecksum ? LzssStatus::Ok : decoded.status;
        ASSERT_EQ(skipped.status, expected) << "round " << round;
        ASSERT_EQ(skipped.consumed, decoded.consumed) << "round " << round;
        ASSERT_EQ(skipped.produced, decoded.produced) << "round " << round;
        ASSERT_EQ(skipped.stored, decoded.stored) << "round " << round;
    }
}
