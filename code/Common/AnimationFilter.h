// assimp-retro: which animations an import keeps
// (AI_CONFIG_IMPORT_RETRO_ANIMATIONS), the one matcher every format's scene
// builder asks.
//
// The property is a list of names or wildcard patterns separated by commas:
// `*` stands for any run of characters (none too), `?` for exactly one; every
// other character stands for itself, ignoring ASCII case (LithTech's names
// do). Spaces around a pattern are left out. There is no escape: a name
// holding a comma, `*` or `?` is written with `?` in that place. A list
// without any pattern (empty, or only commas and spaces) keeps every
// animation. Matching is against the animation's name as the file stores it
// (before the scene makes it unique).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace assimp_retro {

/// Whether `name` matches the wildcard `pattern` (`*`, `?`), ignoring ASCII
/// case. Linear in memory, at most pattern x name steps.
bool WildcardMatches(std::string_view pattern, std::string_view name);

class AnimationFilter {
public:
    /// Keeps every animation.
    AnimationFilter() = default;
    /// The property's value (syntax above).
    explicit AnimationFilter(std::string_view patterns);

    bool KeepsAll() const { return mPatterns.empty(); }
    /// Whether the animation named `name` (as the file stores it) is kept.
    bool Keeps(std::string_view name) const;
    /// The patterns, separated by ", ", for messages.
    std::string Describe() const;

private:
    std::vector<std::string> mPatterns;
};

/// One import's use of a filter: each animation the import would have made
/// is offered once, in order; afterwards, a filter that kept none of them is
/// an error that names them.
class AnimationSelection {
public:
    /// How many names the error lists before "and N more".
    static constexpr size_t kListedNames = 20;

    explicit AnimationSelection(const AnimationFilter &filter) : mFilter(filter) {}

    /// Whether the animation named `name` (as the file stores it) is kept.
    bool Offer(std::string_view name);
    size_t Kept() const { return mKept; }
    /// Throws ImportError, its message starting with `messagePrefix`
    /// ("LTB: <file>: "), when the filter kept none of the animations offered
    /// (at least one). A file without animations is no error: nothing to keep.
    void RequireAnyKept(const std::string &messagePrefix) const;

private:
    const AnimationFilter &mFilter;
    size_t mOffered = 0;
    size_t mKept = 0;
    std::vector<std::string> mFirstNames; ///< the first kListedNames offered
};

} // namespace assimp_retro
