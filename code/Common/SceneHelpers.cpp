#include "SceneHelpers.h"

#include <assimp/DefaultLogger.hpp>

#include <cctype>
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

aiMetadata *MetaBuilder::Build() const {
    if (mEntries.empty()) {
        return nullptr;
    }
    // Not aiMetadata::Alloc: it leaks when its second array cannot be
    // allocated. Owned here, the metadata frees whatever was set so far.
    const unsigned count = static_cast<unsigned>(mEntries.size());
    std::unique_ptr<aiMetadata> meta(new aiMetadata());
    meta->mKeys = new aiString[count];
    meta->mValues = new aiMetadataEntry[count];
    meta->mNumProperties = count;
    for (unsigned i = 0; i < count; ++i) {
        const std::string &key = mEntries[i].first;
        std::visit([&](const auto &v) {
            if constexpr (std::is_same_v<std::decay_t<decltype(v)>, std::string>) {
                meta->Set(i, key, MakeAiString(v));
            } else {
                meta->Set(i, key, v);
            }
        }, mEntries[i].second);
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

} // namespace assimp_retro
