// The animation filter's matcher (Common/AnimationFilter.h): wildcards,
// case, the list syntax and the error of a filter that keeps nothing.
#include "Common/AnimationFilter.h"
#include "Common/ImportError.h"

#include <gtest/gtest.h>

#include <string>

using assimp_retro::AnimationFilter;
using assimp_retro::AnimationSelection;
using assimp_retro::WildcardMatches;

TEST(WildcardMatch, LiteralsIgnoreAsciiCaseOnly) {
    EXPECT_TRUE(WildcardMatches("M-Wait0", "m-wait0"));
    EXPECT_TRUE(WildcardMatches("", ""));
    EXPECT_FALSE(WildcardMatches("M-Wait0", "M-Wait01"));
    EXPECT_FALSE(WildcardMatches("M-Wait01", "M-Wait0"));
    EXPECT_FALSE(WildcardMatches("walk", ""));
    EXPECT_FALSE(WildcardMatches("", "walk"));
    EXPECT_TRUE(WildcardMatches("\xc3\x84nim", "\xc3\x84NIM")); // bytes beyond ASCII compare as they are
    EXPECT_FALSE(WildcardMatches("\xc3\xa4nim", "\xc3\x84nim"));
}

TEST(WildcardMatch, StarAndQuestionMark) {
    EXPECT_TRUE(WildcardMatches("*", ""));
    EXPECT_TRUE(WildcardMatches("*", "anything"));
    EXPECT_TRUE(WildcardMatches("M-wait*", "M-WAIT"));
    EXPECT_TRUE(WildcardMatches("M-wait*", "M-wait_long_3"));
    EXPECT_FALSE(WildcardMatches("M-wait*", "xM-wait"));
    EXPECT_TRUE(WildcardMatches("*run*", "fast_RUN_left"));
    EXPECT_TRUE(WildcardMatches("a*b*c", "aXbYbZc"));
    EXPECT_FALSE(WildcardMatches("a*b*c", "aXbYbZ"));
    EXPECT_TRUE(WildcardMatches("a*c", "abcbc")); // backtracks past the first c
    EXPECT_TRUE(WildcardMatches("r?n", "run"));
    EXPECT_FALSE(WildcardMatches("r?n", "rn"));
    EXPECT_FALSE(WildcardMatches("r?n", "ruin"));
    EXPECT_TRUE(WildcardMatches("??", "ab"));
    EXPECT_TRUE(WildcardMatches("***", "x"));
    EXPECT_TRUE(WildcardMatches("a?c", "a*c")); // '?' also stands for the wildcards themselves
    EXPECT_TRUE(WildcardMatches("a?b", "a,b")); // and for a comma, which separates patterns
}

TEST(WildcardMatch, LongNamesStayCheap) {
    // A pattern that fails only at its end: at most pattern x name steps.
    const std::string name(20000, 'a');
    EXPECT_FALSE(WildcardMatches("*a*a*a*a*a*b", name));
    EXPECT_TRUE(WildcardMatches("*a*a*a*a*a*", name));
}

TEST(AnimationFilterList, CommasSeparateAndSpacesAroundAreLeftOut) {
    const AnimationFilter filter(" walk , RUN*,, ?dle ");
    EXPECT_FALSE(filter.KeepsAll());
    EXPECT_EQ(filter.Describe(), "walk, RUN*, ?dle");
    EXPECT_TRUE(filter.Keeps("Walk"));
    EXPECT_TRUE(filter.Keeps("run_fast"));
    EXPECT_TRUE(filter.Keeps("idle"));
    EXPECT_FALSE(filter.Keeps("walk "));
    EXPECT_FALSE(filter.Keeps("jump"));
    const AnimationFilter inner("walk fast");
    EXPECT_TRUE(inner.Keeps("WALK FAST")); // a space inside a pattern is a character
    EXPECT_FALSE(inner.Keeps("walk"));
}

TEST(AnimationFilterList, NoPatternKeepsEverything) {
    for (const char *value : {"", " ", ",", " , ,\t"}) {
        const AnimationFilter filter(value);
        EXPECT_TRUE(filter.KeepsAll()) << "'" << value << "'";
        EXPECT_TRUE(filter.Keeps("anything"));
        EXPECT_TRUE(filter.Keeps(""));
    }
    EXPECT_TRUE(AnimationFilter().KeepsAll());
}

TEST(AnimationSelectionError, NamesTheFirstTwentyAndHowManyMore) {
    const AnimationFilter filter("jump*");
    AnimationSelection selection(filter);
    for (int i = 0; i < 23; ++i) {
        EXPECT_FALSE(selection.Offer("anim" + std::to_string(i)));
    }
    EXPECT_EQ(selection.Kept(), 0u);
    try {
        selection.RequireAnyKept("LTB: x.ltb: ");
        FAIL() << "no error";
    } catch (const assimp_retro::ImportError &e) {
        std::string expected = "LTB: x.ltb: no animation matches the animation filter \"jump*\" "
                               "(IMPORT_RETRO_ANIMATIONS); the file has 23 animations: 'anim0'";
        for (int i = 1; i < 20; ++i) expected += ", 'anim" + std::to_string(i) + "'";
        EXPECT_EQ(std::string(e.what()), expected + " and 3 more");
    }
}

TEST(AnimationSelectionError, NothingOfferedOrSomethingKeptIsNoError) {
    const AnimationFilter filter("walk");
    AnimationSelection none(filter);
    EXPECT_NO_THROW(none.RequireAnyKept("P3D: x.p3d: "));
    AnimationSelection some(filter);
    EXPECT_FALSE(some.Offer("run"));
    EXPECT_TRUE(some.Offer("WALK"));
    EXPECT_EQ(some.Kept(), 1u);
    EXPECT_NO_THROW(some.RequireAnyKept("P3D: x.p3d: "));
    AnimationSelection one(filter);
    one.Offer("morph");
    try {
        one.RequireAnyKept("P3D: x.p3d: ");
        FAIL() << "no error";
    } catch (const assimp_retro::ImportError &e) {
        EXPECT_EQ(std::string(e.what()), "P3D: x.p3d: no animation matches the animation filter \"walk\" "
                                         "(IMPORT_RETRO_ANIMATIONS); the file has 1 animation: 'morph'");
    }
}
