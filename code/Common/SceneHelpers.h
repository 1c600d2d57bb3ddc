// assimp-retro: small helpers every scene builder shares: strings, the
// warning log, metadata, and handing owned objects over to an aiScene.
#pragma once

#include <assimp/anim.h>
#include <assimp/metadata.h>
#include <assimp/scene.h>
#include <assimp/types.h>

#include <cstdint>
#include <memory>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

namespace assimp_retro {

/// An aiString of `text`, cut to the longest that fits (aiString::Set ignores
/// a string that does not fit).
aiString MakeAiString(const std::string &text);

/// "<format>: <file name>: " (or "<format>: " without a file name): how every
/// error message starts, the same as BinaryReader::Prefix().
std::string MessagePrefix(const std::string &format, const std::string &fileName);

/// Logs `message` as a warning through Assimp's DefaultLogger.
void LogWarning(const std::string &message);

/// ASCII lower case (for case-insensitive names and paths).
std::string ToLower(std::string text);

/// An aiMetadata of `count` entries, each without key or value until
/// SetMetadataEntry / SetMetadataString fills it (an entry left so is no
/// entry, as aiMetadata::Set leaves it). If a fill throws, the unique_ptr
/// frees what was filled.
std::unique_ptr<aiMetadata> NewMetadata(unsigned count);

/// Entry `i`'s key: false (and no entry) for an empty key; a key that does
/// not fit an aiString stays empty, as aiString::Set leaves it.
bool SetMetadataKey(aiMetadata &meta, unsigned i, std::string_view key);

/// Entry `i` of `meta`: `key` and a copy of `value` (bool, int32_t,
/// uint64_t, float, double, aiVector3D).
template <typename T>
void SetMetadataEntry(aiMetadata &meta, unsigned i, std::string_view key, const T &value) {
    if (SetMetadataKey(meta, i, key)) {
        meta.mValues[i].mData = new T(value);
        meta.mValues[i].mType = GetAiType(value);
    }
}

/// Entry `i` of `meta`: `key` and `value` as an aiString, cut like
/// MakeAiString.
void SetMetadataString(aiMetadata &meta, unsigned i, std::string_view key, std::string_view value);

/// Collects metadata entries, then builds one aiMetadata of exactly that size
/// (aiMetadata::Add reallocates on every call). Keys are kept as given, in
/// order; flat keys only (Assimp 5.2.5's scene copy aborts on nested metadata).
/// Keys and string values are held back to back in one text buffer and
/// become aiStrings (strings cut like MakeAiString) in Build: an aiString is
/// 1 KiB, and a level of thousands of OBANs collects tens of thousands of
/// entries; one buffer also spares an allocation per key.
class MetaBuilder {
public:
    void Add(std::string_view key, bool value) { Push(key, Value(value)); }
    void Add(std::string_view key, int32_t value) { Push(key, Value(value)); }
    void Add(std::string_view key, uint64_t value) { Push(key, Value(value)); }
    void Add(std::string_view key, float value) { Push(key, Value(value)); }
    void Add(std::string_view key, double value) { Push(key, Value(value)); }
    void Add(std::string_view key, const aiVector3D &value) { Push(key, Value(value)); }
    void Add(std::string_view key, const aiString &value) {
        AddString(key, std::string_view(value.data, value.length));
    }
    void AddString(std::string_view key, std::string_view value) { Push(key, Value(Store(value))); }
    bool Empty() const { return mEntries.empty(); }
    /// Forgets every entry, keeping the memory for the next ones (one builder
    /// can serve many nodes).
    void Clear() {
        mEntries.clear();
        mText.clear();
    }
    /// A new aiMetadata, or nullptr if nothing was added.
    aiMetadata *Build() const;

private:
    /// A piece of mText.
    struct Text {
        size_t begin;
        size_t length;
    };
    using Value = std::variant<bool, int32_t, uint64_t, float, double, Text, aiVector3D>;
    struct Entry {
        Text key;
        Value value;
    };
    Text Store(std::string_view text);
    std::string_view View(Text text) const { return std::string_view(mText).substr(text.begin, text.length); }
    void Push(std::string_view key, const Value &value);

    std::vector<Entry> mEntries;
    std::string mText; ///< every key and string value, back to back
};

/// A new array of `items` (value-initialised before anything is released, so
/// nothing leaks if the allocation fails), or nullptr if there are none. The
/// caller owns the array and the items; `items` is left empty.
template <typename T>
T **ReleaseToArray(std::vector<std::unique_ptr<T>> &items) {
    if (items.empty()) {
        return nullptr;
    }
    T **array = new T *[items.size()]();
    for (size_t i = 0; i < items.size(); ++i) {
        array[i] = items[i].release();
    }
    items.clear();
    return array;
}

/// Makes `key` name one morph target, `target`, at weight 1 (the others weigh
/// 0 by definition; listing every target in every key would cost
/// keys x targets memory, which a hostile file controls).
void SetSingleTargetKey(aiMeshMorphKey &key, unsigned target);

/// Makes `children` the children of `parent` (which must have none yet).
void AdoptChildren(aiNode *parent, std::vector<std::unique_ptr<aiNode>> &children);

/// The node's transform to the scene root: its own and its ancestors'
/// (at most 4,096 levels, so a cycle in a hostile scene cannot hang).
aiMatrix4x4 GlobalTransform(const aiNode *node);

/// The names of every mesh's bones.
std::set<std::string> BoneNames(const aiScene &scene);

} // namespace assimp_retro
