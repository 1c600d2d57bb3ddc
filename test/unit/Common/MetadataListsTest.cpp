// Lists in aiMetadata strings: ranges, runs, floats, and texts split over
// several entries when longer than one aiString.
#include "Common/MetadataLists.h"
#include "Common/SceneHelpers.h"

#include <assimp/metadata.h>

#include <gtest/gtest.h>

#include <memory>

using namespace assimp_retro;

TEST(MetadataLists, IndexRangesRoundTripAndRejectMalformedText) {
    const std::vector<uint32_t> ids = {0, 1, 2, 3, 4, 5, 7, 9, 10, 11, 12};
    EXPECT_EQ(FormatIndexRanges(ids), "0-5 7 9-12");
    std::vector<uint32_t> back;
    ASSERT_TRUE(ParseIndexRanges("0-5 7 9-12", 13, back));
    EXPECT_EQ(back, ids);
    EXPECT_TRUE(ParseIndexRanges("", 1, back));
    EXPECT_TRUE(back.empty());
    for (const char *bad : {"0-5 7 9-12", "3 2", "2 2", "5-3", "1-", "-1", "1  2", "1 ", " 1", "x", "4294967296"}) {
        EXPECT_FALSE(ParseIndexRanges(bad, 12, back)) << bad; // the first: 12 is out of range
    }
}

TEST(MetadataLists, ByteRunsAndFloats) {
    const std::vector<uint8_t> weights = {255, 255, 255, 128, 64, 64};
    EXPECT_EQ(FormatByteRuns(weights), "255*3 128 64*2");
    std::vector<uint8_t> back;
    ASSERT_TRUE(ParseByteRuns("255*3 128 64*2", 6, back));
    EXPECT_EQ(back, weights);
    EXPECT_FALSE(ParseByteRuns("255*3 128 64*2", 5, back)); // more than allowed
    EXPECT_FALSE(ParseByteRuns("256", 5, back));
    EXPECT_FALSE(ParseByteRuns("1*0", 5, back));
    const std::vector<float> values = {1.5f, 0.f, -2.25f, 0.1f};
    std::vector<float> floats;
    ASSERT_TRUE(ParseFloats(FormatFloats(values), 4, floats));
    EXPECT_EQ(floats, values); // exact
    EXPECT_FALSE(ParseFloats("1 nan", 4, floats));
    EXPECT_FALSE(ParseFloats("1 2x", 4, floats));
}

TEST(MetadataLists, LongTextsAreSplitAndJoined) {
    std::vector<uint32_t> ids;
    for (uint32_t i = 0; i < 3000; i += 2) {
        ids.push_back(i);
    }
    const std::string text = FormatIndexRanges(ids);
    ASSERT_GT(text.size(), 3 * sizeof(aiString::data));
    MetaBuilder meta;
    AddLongString(meta, "list", text);
    std::unique_ptr<aiMetadata> built(meta.Build());
    ASSERT_TRUE(built);
    EXPECT_GE(built->mNumProperties, 4u);
    aiString second;
    EXPECT_TRUE(built->Get("list#2", second));
    std::string joined;
    ASSERT_TRUE(GetLongString(built.get(), "list", joined));
    EXPECT_EQ(joined, text);
    EXPECT_FALSE(GetLongString(built.get(), "other", joined));
}
