#include "SceneHelpers.h"

#include <assimp/DefaultLogger.hpp>

#include <algorithm>
#include <cctype>
#include <cstring>
#include <type_traits>

namespace assimp_retro {

aiString MakeAiString(const std::string &text) {
    aiString s;
    s.Set(text.size() < sizeof(s.data) ? text : text.substr(0, sizeof(s.data) - 1));
    return s;
}

std::string MessagePrefix(const std::string &format, const std::string &fileName) {
    return fileName.empty() ? format + ": " : format + ": " + fileName + ": ";
}

void LogWarning(const std::string &message) {
    Assimp::DefaultLogger::get()->warn(message.c_str());
}

std::string ToLower(std::string text) {
    for (char &c : text) {
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    }
    return text;
}

namespace {

/// Room for the entries of a node's or a scene's metadata at the first Add
/// (each entry is a few dozen bytes): growing one at a time reallocates often.
constexpr size_t kFirstEntries = 16;
constexpr size_t kFirstText = 256;

} // namespace

std::unique_ptr<aiMetadata> NewMetadata(unsigned count) {
    std::unique_ptr<aiMetadata> meta(new aiMetadata());
    meta->mKeys = new aiString[count];
    meta->mValues = new aiMetadataEntry[count];
    meta->mNumProperties = count;
    return meta;
}

bool SetMetadataKey(aiMetadata &meta, unsigned i, std::string_view key) {
    if (key.empty()) {
        return false;
    }
    aiString &k = meta.mKeys[i];
    if (key.size() < sizeof(k.data)) {
        k.length = static_cast<ai_uint32>(key.size());
        std::memcpy(k.data, key.data(), key.size());
        k.data[k.length] = '\0';
    }
    return true;
}

void SetMetadataString(aiMetadata &meta, unsigned i, std::string_view key, std::string_view value) {
    if (!SetMetadataKey(meta, i, key)) {
        return;
    }
    std::unique_ptr<aiString> text(new aiString());
    text->length = static_cast<ai_uint32>(std::min(value.size(), sizeof(text->data) - 1));
    std::memcpy(text->data, value.data(), text->length);
    text->data[text->length] = '\0';
    meta.mValues[i].mData = text.release();
    meta.mValues[i].mType = AI_AISTRING;
}

MetaBuilder::Text MetaBuilder::Store(std::string_view text) {
    if (mText.capacity() < kFirstText) {
        mText.reserve(kFirstText);
    }
    const Text stored{mText.size(), text.size()};
    mText.append(text.data(), text.size());
    return stored;
}

void MetaBuilder::Push(std::string_view key, const Value &value) {
    if (mEntries.empty()) {
        mEntries.reserve(kFirstEntries);
    }
    const Text storedKey = Store(key);
    mEntries.push_back(Entry{storedKey, value});
}

aiMetadata *MetaBuilder::Build() const {
    if (mEntries.empty()) {
        return nullptr;
    }
    // Not aiMetadata::Alloc: it leaks when its second array cannot be
    // allocated. Owned here, the metadata frees whatever was set so far.
    const unsigned count = static_cast<unsigned>(mEntries.size());
    std::unique_ptr<aiMetadata> meta = NewMetadata(count);
    for (unsigned i = 0; i < count; ++i) {
        const Entry &entry = mEntries[i];
        const std::string_view key = View(entry.key);
        std::visit(
                [&](const auto &v) {
                    if constexpr (std::is_same_v<std::decay_t<decltype(v)>, Text>) {
                        SetMetadataString(*meta, i, key, View(v));
                    } else {
                        SetMetadataEntry(*meta, i, key, v);
                    }
                },
                entry.value);
    }
    return meta.release();
}

void SetSingleTargetKey(aiMeshMorphKey &key, unsigned target) {
    std::unique_ptr<unsigned[]> values(new unsigned[1]{target});
    key.mWeights = new double[1]{1.0};
    key.mValues = values.release();
    key.mNumValuesAndWeights = 1;
}

void AdoptChildren(aiNode *parent, std::vector<std::unique_ptr<aiNode>> &children) {
    const unsigned count = static_cast<unsigned>(children.size());
    aiNode **array = ReleaseToArray(children);
    if (!array) {
        return;
    }
    for (unsigned i = 0; i < count; ++i) {
        array[i]->mParent = parent;
    }
    parent->mChildren = array;
    parent->mNumChildren = count;
}

aiMatrix4x4 GlobalTransform(const aiNode *node) {
    aiMatrix4x4 global;
    for (unsigned depth = 0; node && depth < 4096; node = node->mParent, ++depth) {
        global = node->mTransformation * global;
    }
    return global;
}

std::set<std::string> BoneNames(const aiScene &scene) {
    std::set<std::string> names;
    for (unsigned m = 0; m < scene.mNumMeshes && scene.mMeshes; ++m) {
        const aiMesh *mesh = scene.mMeshes[m];
        for (unsigned b = 0; mesh && b < mesh->mNumBones && mesh->mBones; ++b) {
            names.insert(mesh->mBones[b]->mName.C_Str());
        }
    }
    return names;
}

} // namespace assimp_retro
