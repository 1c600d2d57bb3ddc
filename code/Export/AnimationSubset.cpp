// AnimationSubset (scene_export.h): a scene showing some of its animations,
// with the metadata keyed by animation index renumbered to follow them.
#include <assimp_retro/scene_export.h>

#include "Common/SceneHelpers.h"
#include "Export/ExportSceneView.h"

#include <assimp/metadata.h>
#include <assimp/scene.h>

#include <stdexcept>
#include <string_view>

namespace assimp_retro {

namespace {

/// Where an entry's key names an animation: "<format>:anim<index>.<field>",
/// the form LithTech's AbcMetadataKeys::Anim gives its keys (the format part
/// has no '.'; "abc:animBinding0.1.name" names no animation).
struct AnimationKey {
    bool named = false;
    unsigned index = 0;
    size_t prefixLength = 0; ///< "<format>:anim"
    size_t fieldStart = 0; ///< the '.' before the field
};

AnimationKey ParseAnimationKey(std::string_view key) {
    AnimationKey parsed;
    const size_t anim = key.find(":anim");
    if (anim == std::string_view::npos || key.substr(0, anim).find('.') != std::string_view::npos) {
        return parsed;
    }
    size_t at = anim + 5;
    const size_t digits = at;
    unsigned long index = 0;
    while (at < key.size() && key[at] >= '0' && key[at] <= '9' && at - digits < 9) {
        index = index * 10 + static_cast<unsigned long>(key[at] - '0');
        ++at;
    }
    if (at == digits || at >= key.size() || key[at] != '.') {
        return parsed;
    }
    parsed.named = true;
    parsed.index = static_cast<unsigned>(index);
    parsed.prefixLength = anim + 5;
    parsed.fieldStart = at;
    return parsed;
}

} // namespace

struct AnimationSubset::State {
    aiScene &scene;
    aiAnimation **animations; ///< the scene's own array, given back at the end
    unsigned animationCount;
    aiMetadata *metadata; ///< the scene's own, given back at the end
    std::vector<AnimationKey> keys; ///< per entry of `metadata`
    std::vector<aiAnimation *> shown; ///< what the scene's array points at meanwhile
    std::unique_ptr<aiMetadata> shownMetadata;
};

AnimationSubset::AnimationSubset(aiScene &scene) :
        mState(new State{scene, scene.mAnimations, scene.mNumAnimations, scene.mMetaData, {}, {}, {}}) {
    const aiMetadata *meta = scene.mMetaData;
    for (unsigned i = 0; meta && meta->mKeys && i < meta->mNumProperties; ++i) {
        mState->keys.push_back(ParseAnimationKey(std::string_view(meta->mKeys[i].data, meta->mKeys[i].length)));
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
    for (unsigned i : indices) {
        if (i >= state.animationCount) {
            throw std::out_of_range("AnimationSubset::Select: animation " + std::to_string(i) + " of " +
                    std::to_string(state.animationCount));
        }
        newIndex[i] = static_cast<long>(shown.size());
        shown.push_back(state.animations[i]);
    }
    std::unique_ptr<aiMetadata> metadata;
    if (const aiMetadata *meta = state.metadata) {
        MetaBuilder builder;
        for (unsigned i = 0; meta->mValues && i < state.keys.size(); ++i) {
            const AnimationKey &key = state.keys[i];
            const std::string_view text(meta->mKeys[i].data, meta->mKeys[i].length);
            if (!key.named) {
                AddFlattenedEntry(*meta, i, std::string(text), "scene", 0, builder, nullptr);
            } else if (key.index < newIndex.size() && newIndex[key.index] >= 0) {
                const std::string renamed = std::string(text.substr(0, key.prefixLength)) +
                        std::to_string(newIndex[key.index]) + std::string(text.substr(key.fieldStart));
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
