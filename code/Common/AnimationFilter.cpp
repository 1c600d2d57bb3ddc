// assimp-retro: the animation filter (AnimationFilter.h).
#include "AnimationFilter.h"

#include "ImportError.h"

#include <cctype>

namespace assimp_retro {

namespace {

bool SameLetter(char a, char b) {
    return std::tolower(static_cast<unsigned char>(a)) == std::tolower(static_cast<unsigned char>(b));
}

bool IsSpace(char c) {
    return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

} // namespace

bool WildcardMatches(std::string_view pattern, std::string_view name) {
    // Greedy with one backtrack point: the last `*` seen. A later `*`
    // supersedes it, so each name position is retried at most once per star.
    size_t p = 0, n = 0;
    size_t star = std::string_view::npos, starName = 0;
    while (n < name.size()) {
        if (p < pattern.size() && pattern[p] == '*') {
            star = p++;
            starName = n;
        } else if (p < pattern.size() && (pattern[p] == '?' || SameLetter(pattern[p], name[n]))) {
            ++p;
            ++n;
        } else if (star != std::string_view::npos) {
            p = star + 1;
            n = ++starName;
        } else {
            return false;
        }
    }
    while (p < pattern.size() && pattern[p] == '*') {
        ++p;
    }
    return p == pattern.size();
}

AnimationFilter::AnimationFilter(std::string_view patterns) {
    size_t start = 0;
    while (start <= patterns.size()) {
        size_t end = patterns.find(',', start);
        if (end == std::string_view::npos) {
            end = patterns.size();
        }
        size_t first = start, last = end;
        while (first < last && IsSpace(patterns[first])) {
            ++first;
        }
        while (last > first && IsSpace(patterns[last - 1])) {
            --last;
        }
        if (last > first) {
            mPatterns.emplace_back(patterns.substr(first, last - first));
        }
        start = end + 1;
    }
}

bool AnimationFilter::Keeps(std::string_view name) const {
    if (mPatterns.empty()) {
        return true;
    }
    for (const std::string &pattern : mPatterns) {
        if (WildcardMatches(pattern, name)) {
            return true;
        }
    }
    return false;
}

std::string AnimationFilter::Describe() const {
    std::string text;
    for (const std::string &pattern : mPatterns) {
        text += (text.empty() ? "" : ", ") + pattern;
    }
    return text;
}

bool AnimationSelection::Offer(std::string_view name) {
    ++mOffered;
    if (mFirstNames.size() < kListedNames) {
        mFirstNames.emplace_back(name);
    }
    const bool kept = mFilter.Keeps(name);
    mKept += kept ? 1 : 0;
    return kept;
}

void AnimationSelection::RequireAnyKept(const std::string &messagePrefix) const {
    if (mKept > 0 || mOffered == 0) {
        return;
    }
    std::string names;
    for (const std::string &name : mFirstNames) {
        names += (names.empty() ? "'" : ", '") + name + "'";
    }
    if (mOffered > mFirstNames.size()) {
        names += " and " + std::to_string(mOffered - mFirstNames.size()) + " more";
    }
    throw ImportError(messagePrefix + "no animation matches the animation filter \"" + mFilter.Describe() +
            "\" (IMPORT_RETRO_ANIMATIONS); the file has " + std::to_string(mOffered) +
            (mOffered == 1 ? " animation: " : " animations: ") + names);
}

} // namespace assimp_retro
