// aiMetadata as JSON values (see MetadataJson.h).
#include "Export/MetadataJson.h"
#include "Export/MetadataLeaves.h"

#include "Export/GltfDocument.h"
#include "Export/Quote.h"

#include <assimp/scene.h> // 5.2.5: metadata.h needs what scene.h includes first

#include <algorithm>
#include <cmath>
#include <unordered_set>

namespace assimp_retro {
namespace {

using Json = nlohmann::ordered_json;

constexpr int kMaxMetadataDepth = 64;
// aiMetadataType values newer Assimp headers add after AI_AIMETADATA (7).
constexpr int kMetadataInt64 = 8;
constexpr int kMetadataUint32 = 9;
constexpr bool kHeadersHaveInt64AndUint32 = static_cast<int>(AI_META_MAX) > kMetadataUint32;

Json FloatValue(float value, const std::string &where, std::vector<std::string> &notes) {
    if (!std::isfinite(value)) {
        notes.push_back(where + ": " + std::to_string(value) + " has no JSON number, written as null");
        return Json(nullptr);
    }
    return Json(GltfDocument::FloatToJson(value));
}

Json MetadataToJsonAt(const aiMetadata &metadata, const std::string &where, int depth,
        std::vector<std::string> &notes) {
    Json out = Json::object();
    if (depth > kMaxMetadataDepth) {
        notes.push_back(where + ": metadata nested deeper than " + std::to_string(kMaxMetadataDepth) + " levels, cut");
        return out;
    }
    if (!metadata.mKeys || !metadata.mValues) {
        return out;
    }
    // ordered_json finds a key by searching every member: with a motion
    // library's thousands of entries, keys are tracked here and members
    // appended without that search.
    std::unordered_set<std::string> seen;
    auto &members = static_cast<Json::object_t::Container &>(out.get_ref<Json::object_t &>());
    for (unsigned i = 0; i < metadata.mNumProperties; ++i) {
        const std::string key(metadata.mKeys[i].C_Str());
        const std::string at = where + " key " + Quote(key);
        if (key.empty()) {
            notes.push_back(where + ": metadata entry " + std::to_string(i) + " has no key, skipped");
            continue;
        }
        if (seen.count(key)) {
            notes.push_back(at + ": appears twice, the first value kept");
            continue;
        }
        const aiMetadataEntry &entry = metadata.mValues[i];
        const void *data = entry.mData;
        if (!data) {
            notes.push_back(at + ": has no value, skipped");
            continue;
        }
        Json value;
        bool known = true;
        switch (static_cast<int>(entry.mType)) {
        case AI_BOOL:
            value = *static_cast<const bool *>(data);
            break;
        case AI_INT32:
            value = *static_cast<const int32_t *>(data);
            break;
        case AI_UINT64:
            value = *static_cast<const uint64_t *>(data);
            break;
        case AI_FLOAT:
            value = FloatValue(*static_cast<const float *>(data), at, notes);
            break;
        case AI_DOUBLE: {
            const double number = *static_cast<const double *>(data);
            if (!std::isfinite(number)) {
                notes.push_back(at + ": " + std::to_string(number) + " has no JSON number, written as null");
                value = nullptr;
            } else {
                value = number;
            }
            break;
        }
        case AI_AISTRING: {
            const aiString &text = *static_cast<const aiString *>(data);
            value = std::string(text.data, std::min<size_t>(text.length, sizeof(text.data) - 1));
            break;
        }
        case AI_AIVECTOR3D: {
            const aiVector3D &v = *static_cast<const aiVector3D *>(data);
            value = Json::array({FloatValue(v.x, at, notes), FloatValue(v.y, at, notes), FloatValue(v.z, at, notes)});
            break;
        }
        case AI_AIMETADATA:
            value = MetadataToJsonAt(*static_cast<const aiMetadata *>(data), at, depth + 1, notes);
            break;
        case kMetadataInt64:
            if (kHeadersHaveInt64AndUint32) {
                value = *static_cast<const int64_t *>(data);
                break;
            }
            [[fallthrough]];
        case kMetadataUint32:
            if (kHeadersHaveInt64AndUint32 && static_cast<int>(entry.mType) == kMetadataUint32) {
                value = *static_cast<const uint32_t *>(data);
                break;
            }
            [[fallthrough]];
        default:
            notes.push_back(
                    at + ": unknown metadata type " + std::to_string(static_cast<int>(entry.mType)) + ", skipped");
            known = false;
            break;
        }
        if (known) {
            seen.insert(key);
            members.emplace_back(key, std::move(value));
        }
    }
    return out;
}

void Flatten(const Json &object, const std::string &prefix, std::vector<std::pair<std::string, Json>> &leaves) {
    for (auto it = object.begin(); it != object.end(); ++it) {
        const std::string key = prefix.empty() ? it.key() : prefix + "." + it.key();
        if (it.value().is_object()) {
            Flatten(it.value(), key, leaves);
        } else if (!it.value().is_null()) {
            leaves.emplace_back(key, it.value());
        }
    }
}

} // namespace

Json MetadataToJson(const aiMetadata &metadata, const std::string &where, std::vector<std::string> &notes) {
    return MetadataToJsonAt(metadata, where, 0, notes);
}

std::vector<std::pair<std::string, Json>> FlattenMetadata(const Json &object) {
    std::vector<std::pair<std::string, Json>> leaves;
    Flatten(object, "", leaves);
    return leaves;
}

namespace {

MetadataLeaf LeafOf(const Json &value) {
    MetadataLeaf leaf;
    if (value.is_boolean()) {
        leaf.kind = MetadataLeaf::Kind::Bool;
        leaf.boolean = value.get<bool>();
    } else if (value.is_number_unsigned()) {
        leaf.kind = MetadataLeaf::Kind::Unsigned;
        leaf.unsignedValue = value.get<uint64_t>();
    } else if (value.is_number_integer()) {
        leaf.kind = MetadataLeaf::Kind::Signed;
        leaf.signedValue = value.get<int64_t>();
    } else if (value.is_number()) {
        leaf.kind = MetadataLeaf::Kind::Real;
        leaf.real = value.get<double>();
    } else if (value.is_string()) {
        leaf.kind = MetadataLeaf::Kind::String;
        leaf.text = value.get<std::string>();
    } else if (value.is_array() && value.size() == 3 && value[0].is_number() && value[1].is_number() &&
            value[2].is_number()) {
        leaf.kind = MetadataLeaf::Kind::Vector;
        for (size_t i = 0; i < 3; ++i) {
            leaf.vector[i] = value[i].get<double>();
        }
    }
    return leaf;
}

} // namespace

std::vector<std::pair<std::string, MetadataLeaf>> MetadataLeaves(const aiMetadata &metadata, const std::string &where,
        std::vector<std::string> &notes) {
    std::vector<std::pair<std::string, MetadataLeaf>> leaves;
    for (const auto &leaf : FlattenMetadata(MetadataToJson(metadata, where, notes))) {
        leaves.emplace_back(leaf.first, LeafOf(leaf.second));
    }
    return leaves;
}

} // namespace assimp_retro
