// assimp-retro: unique node / animation names.
//
// glTF export binds bones and animation channels to nodes by name, so two
// nodes with one name silently bind to the wrong node. Every scene builder
// takes its names from one UniqueNames per scene.
#pragma once

#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace assimp_retro {

class UniqueNames {
public:
    /// Returns `wanted` if unused, else `wanted.1`, `wanted.2`, ... (the first
    /// unused); an empty name becomes `fallback`. Names longer than Assimp's
    /// aiString limit are cut first, so the result always fits an aiString.
    /// (`wanted` by value: a temporary name is moved, not copied.)
    std::string Make(std::string wanted, const std::string &fallback = "unnamed");
    /// Marks a name as used without changing it (e.g. a root chosen elsewhere).
    void Reserve(const std::string &name) { Insert(name); }
    /// Room for about `count` names in all, so that a scene of thousands of
    /// names does not rehash the set as it grows (only a capacity: no name
    /// changes).
    void ExpectNames(size_t count) { mExpected = count; }
    bool Contains(const std::string &name) const;

private:
    /// Marks `name` used; false if it already was.
    bool Insert(const std::string &name);

    /// The used names: while there are few (most scenes), a list searched
    /// in order, which spares the hash set's allocation per name; past
    /// kFewNames they all move to mUsed.
    static constexpr size_t kFewNames = 32;
    std::vector<std::string> mFew;
    std::unordered_set<std::string> mUsed;
    size_t mExpected = 0; ///< ExpectNames
    /// Next suffix to try per base name, so N repeats cost O(N), not O(N^2)
    /// (a hostile file can repeat one name thousands of times).
    std::unordered_map<std::string, unsigned long> mNextSuffix;
};

} // namespace assimp_retro
