// assimp-retro: metadata keys declared once, each with the type of its value.
//
// Each format declares the keys its importer writes and its exporter reads in
// one header (LithTech/AbcMetadataKeys.h, Poseidon/P3dMetadataKeys.h). A
// renamed or removed key then fails to compile wherever it is used, instead
// of silently dropping data. Put() only takes a value of the key's type.
// Exporters read keys by name through their own lenient readers (a scene
// from glTF may hold an int as a double): they pass `key.name`.
#pragma once

#include "Common/SceneHelpers.h"

#include <assimp/scene.h> // 5.2.5: metadata.h needs what scene.h includes first

#include <cstdint>
#include <string>
#include <string_view>
#include <type_traits>

namespace assimp_retro {

/// A metadata key and the type of its value (std::string: an aiString).
template <typename T>
struct MetaKey {
    std::string name;
};

/// Adds `value` under `key`; the value must have the key's type.
template <typename T>
void Put(MetaBuilder &meta, const MetaKey<T> &key, const T &value) {
    if constexpr (std::is_same_v<T, std::string>) {
        meta.AddString(key.name, value);
    } else {
        meta.Add(key.name, value);
    }
}
inline void Put(MetaBuilder &meta, const MetaKey<std::string> &key, std::string_view value) {
    meta.AddString(key.name, value);
}

/// Reads the value of `key` if it is stored with the key's type.
template <typename T>
bool Get(const aiMetadata *meta, const MetaKey<T> &key, T &value) {
    return meta != nullptr && meta->Get(key.name, value);
}
/// The number an entry holds whatever numeric type the importer gave it: the
/// format importers' int32/float/double, or glTF's (Assimp's glTF importer
/// reads a JSON integer as a 64-bit integer, kept here as signed, and a JSON
/// number as a double). False when it holds no number.
inline bool NumberOf(const aiMetadataEntry &entry, double &value) {
    if (entry.mData == nullptr) {
        return false;
    }
    switch (entry.mType) {
    case AI_FLOAT:
        value = *static_cast<const float *>(entry.mData);
        return true;
    case AI_DOUBLE:
        value = *static_cast<const double *>(entry.mData);
        return true;
    case AI_INT32:
        value = *static_cast<const int32_t *>(entry.mData);
        return true;
    case AI_UINT64:
        value = static_cast<double>(static_cast<int64_t>(*static_cast<const uint64_t *>(entry.mData)));
        return true;
    default:
        return false;
    }
}

/// The number under `key` (NumberOf). False when absent or not a number.
inline bool GetNumber(const aiMetadata *meta, const std::string &key, double &value) {
    for (unsigned i = 0; meta != nullptr && i < meta->mNumProperties; ++i) {
        if (key == meta->mKeys[i].C_Str() && meta->mValues[i].mData != nullptr) {
            return NumberOf(meta->mValues[i], value);
        }
    }
    return false;
}

inline bool Get(const aiMetadata *meta, const MetaKey<std::string> &key, std::string &value) {
    aiString text;
    if (meta == nullptr || !meta->Get(key.name, text)) {
        return false;
    }
    value.assign(text.data, text.length);
    return true;
}

} // namespace assimp_retro
