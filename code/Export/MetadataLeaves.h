// aiMetadata as flat leaves (nested keys joined with '.'), for the FBX and
// COLLADA passes: the same reading as MetadataJson.h (MetadataToJson, then
// FlattenMetadata), handed over without JSON, so those passes do not compile
// a JSON library they only read a few scalars from.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

struct aiMetadata;

namespace assimp_retro {

/// One leaf: which JSON value MetadataToJson made of the entry.
struct MetadataLeaf {
    enum class Kind {
        Bool, ///< `boolean`
        Signed, ///< a signed JSON integer: `signedValue`
        Unsigned, ///< an unsigned JSON integer: `unsignedValue`
        Real, ///< a JSON number that is not an integer: `real`
        String, ///< `text`
        Vector, ///< an array of three numbers (an aiVector3D): `vector`
        Other ///< anything else (an array with a null, ...): no form in FBX or COLLADA
    };
    Kind kind = Kind::Other;
    bool boolean = false;
    int64_t signedValue = 0;
    uint64_t unsignedValue = 0;
    double real = 0;
    std::string text;
    double vector[3] = {0, 0, 0};

    bool IsInteger() const { return kind == Kind::Signed || kind == Kind::Unsigned; }
    /// The decimal text of an integer (exact, as JSON writes it).
    std::string IntegerText() const {
        return kind == Kind::Signed ? std::to_string(signedValue) : std::to_string(unsignedValue);
    }
};

/// FlattenMetadata(MetadataToJson(metadata, where, notes)) as leaves, in order;
/// nulls (non-finite numbers) are left out as there.
std::vector<std::pair<std::string, MetadataLeaf>> MetadataLeaves(const aiMetadata &metadata, const std::string &where,
        std::vector<std::string> &notes);

} // namespace assimp_retro
