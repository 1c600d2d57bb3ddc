// aiMetadata as JSON values: the one reading of Assimp's metadata types in
// the project. The glTF completion writes the values as `extras`; the FBX and
// COLLADA passes write their flattened leaves (FlattenMetadata) as user
// properties and <extra> entries.
#pragma once

#include <nlohmann/json.hpp>

#include <string>
#include <utility>
#include <vector>

struct aiMetadata;

namespace assimp_retro {

/// An object with one member per key, in the metadata's order: bool, int32,
/// uint64, int64 and uint32 as JSON integers, float and double as numbers
/// (non-finite ones as null, with a note), aiString as a string, aiVector3D
/// as an array of three numbers, nested aiMetadata as an object (up to 64
/// levels). Entries without a key or value, repeated keys and unknown types
/// are skipped; each is noted in `notes`, which names the entry after `where`.
nlohmann::ordered_json MetadataToJson(const aiMetadata &metadata, const std::string &where,
        std::vector<std::string> &notes);

/// The leaves of a MetadataToJson object in order, nested keys joined with
/// '.' ("outer.inner"); nulls are left out.
std::vector<std::pair<std::string, nlohmann::ordered_json>> FlattenMetadata(const nlohmann::ordered_json &object);

} // namespace assimp_retro
