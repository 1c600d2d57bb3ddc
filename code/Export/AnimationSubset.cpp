// AnimationSubset (scene_export.h): a scene showing some of its animations,
// with the metadata keyed by animation index renumbered to follow them.
#include <assimp_retro/scene_export.h>

#include "Common/SceneHelpers.h"
#include "Export/ExportSceneView.h"

// Header-only: LithTech's binding list (the key's spelling, as Preview reads keys).
#include "AssetLib/LithTech/AbcMetadataKeys.h"

#include <assimp/metadata.h>
#include <assimp/scene.h>

#include <set>
#include <stdexcept>
#include <string_view>

namespace assimp_retro {

namespace {

/// What an entry's key names:
/// - an animation by index, "<format>:anim<index>.<field>", the form
///   LithTech's AbcMetadataKeys::Anim gives its keys (the format part has no
///   '.'; "abc:animBinding0.1.name" names no animation by index);
/// - a binding of LithTech's own list, "abc:animBinding0.<index>.<field>",
///   which names its animation by name (its ".name" entry);
/// - neither: the entry stays as it is.
struct IndexedKey {
    enum Kind { None, Animation, OwnBinding } kind = None;
    unsigned index = 0;
    size_t prefixLength = 0; ///< "<format>:anim", "abc:animBinding0."
    size_t fieldStart = 0; ///< the '.' before the field
};

/// The decimal number at `at` of `key` followed by '.', or false.
bool ParseIndexAndDot(std::string_view key, size_t at, unsigned &index, size_t &dot) {
    const size_t digits = at;
    unsigned long value = 0;
    while (at < key.size() && key[at] >= '0' && key[at] <= '9' && at - digits < 9) {
        value = value * 10 + static_cast<unsigned long>(key[at] - '0');
        ++at;
    }
    if (at == digits || at >= key.size() || key[at] != '.') {
        return false;
    }
    index = static_cast<unsigned>(value);
    dot = at;
    return true;
}

IndexedKey ParseIndexedKey(std::string_view key) {
    IndexedKey parsed;
    const std::string_view binding = abc::keys::kOwnAnimBindingPrefix;
    if (key.substr(0, binding.size()) == binding) {
        if (ParseIndexAndDot(key, binding.size(), parsed.index, parsed.fieldStart)) {
            parsed.kind = IndexedKey::OwnBinding;
            parsed.prefixLength = binding.size();
        }
        return parsed;
    }
    const size_t anim = key.find(":anim");
    if (anim == std::string_view::npos || key.substr(0, anim).find('.') != std::string_view::npos) {
        return parsed;
    }
    if (ParseIndexAndDot(key, anim + 5, parsed.index, parsed.fieldStart)) {
        parsed.kind = IndexedKey::Animation;
        parsed.prefixLength = anim + 5;
    }
    return parsed;
}

std::string_view KeyText(const aiMetadata &meta, unsigned i) {
    return std::string_view(meta.mKeys[i].data, meta.mKeys[i].length);
}

} // namespace

struct AnimationSubset::State {
    aiScene &scene;
    aiAnimation **animations; ///< the scene's own array, given back at the end
    unsigned animationCount;
    aiMetadata *metadata; ///< the scene's own, given back at the end
    std::vector<IndexedKey> keys; ///< per entry of `metadata`
    std::vector<std::string> bindingNames; ///< per own binding: the animation it names
    std::vector<aiAnimation *> shown; ///< what the scene's array points at meanwhile
    std::unique_ptr<aiMetadata> shownMetadata;
};

AnimationSubset::AnimationSubset(aiScene &scene) :
        mState(new State{scene, scene.mAnimations, scene.mNumAnimations, scene.mMetaData, {}, {}, {}, {}}) {
    const aiMetadata *meta = scene.mMetaData;
    for (unsigned i = 0; meta && meta->mKeys && meta->mValues && i < meta->mNumProperties; ++i) {
        const std::string_view key = KeyText(*meta, i);
        const IndexedKey parsed = ParseIndexedKey(key);
        mState->keys.push_back(parsed);
        if (parsed.kind == IndexedKey::OwnBinding && key.substr(parsed.fieldStart) == ".name" &&
                meta->mValues[i].mType == AI_AISTRING && meta->mValues[i].mData) {
            if (mState->bindingNames.size() <= parsed.index) {
                mState->bindingNames.resize(size_t(parsed.index) + 1);
            }
            mState->bindingNames[parsed.index] = static_cast<const aiString *>(meta->mValues[i].mData)->C_Str();
        }
    }
}

AnimationSubset::~AnimationSubset() {
    aiScene &scene = mState->scene;
    scene.mAnimations = mState->animations;
    scene.mNumAnimations = mState->animationCount;
    scene.mMetaData = mState->metadata;
}

unsigned AnimationSubset::Count() const {
    return mState->animationCount;
}

void AnimationSubset::Select(const std::vector<unsigned> &indices) {
    State &state = *mState;
    std::vector<long> newIndex(state.animationCount, -1);
    std::vector<aiAnimation *> shown;
    std::set<std::string> shownNames;
    for (unsigned i : indices) {
        if (i >= state.animationCount) {
            throw std::out_of_range("AnimationSubset::Select: animation " + std::to_string(i) + " of " +
                    std::to_string(state.animationCount));
        }
        newIndex[i] = static_cast<long>(shown.size());
        shown.push_back(state.animations[i]);
        shownNames.insert(state.animations[i]->mName.C_Str());
    }
    std::vector<long> newBinding(state.bindingNames.size(), -1);
    long bindings = 0;
    for (size_t j = 0; j < state.bindingNames.size(); ++j) {
        if (shownNames.count(state.bindingNames[j])) {
            newBinding[j] = bindings++;
        }
    }
    std::unique_ptr<aiMetadata> metadata;
    if (const aiMetadata *meta = state.metadata) {
        MetaBuilder builder;
        for (unsigned i = 0; i < state.keys.size(); ++i) {
            const IndexedKey &key = state.keys[i];
            const std::string_view text = KeyText(*meta, i);
            const std::vector<long> &renumber = key.kind == IndexedKey::Animation ? newIndex : newBinding;
            if (key.kind == IndexedKey::None) {
                AddFlattenedEntry(*meta, i, std::string(text), "scene", 0, builder, nullptr);
            } else if (key.index < renumber.size() && renumber[key.index] >= 0) {
                const std::string renamed = std::string(text.substr(0, key.prefixLength)) +
                        std::to_string(renumber[key.index]) + std::string(text.substr(key.fieldStart));
                AddFlattenedEntry(*meta, i, renamed, "scene", 0, builder, nullptr);
            }
        }
        metadata.reset(builder.Build());
    }
    // The scene points at the new parts only once both exist.
    state.shown = std::move(shown);
    state.shownMetadata = std::move(metadata);
    state.scene.mAnimations = state.shown.empty() ? nullptr : state.shown.data();
    state.scene.mNumAnimations = static_cast<unsigned>(state.shown.size());
    state.scene.mMetaData = state.shownMetadata.get();
}

} // namespace assimp_retro
