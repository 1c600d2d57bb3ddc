// assimp-retro: the metadata the ABC importers write and the ABC exporters
// read, declared once (Common/MetadataKey.h). Documented for users in
// docs/importers.md ("LithTech ABC").
#pragma once

#include "Common/MetadataKey.h"

#include <assimp/vector3.h>

#include <cstdint>
#include <string>

namespace assimp_retro {
namespace abc {
namespace keys {

/// The synthetic root node above the file's node tree (not a key: a node name).
inline constexpr const char *kRootNodeName = "<ABC_Root>";

// ---- scene ---------------------------------------------------------------------
inline const MetaKey<int32_t> kVersion{"abc:version"};
inline const MetaKey<std::string> kCommandString{"abc:commandString"};
inline const MetaKey<bool> kTransformInfo{"abc:transformInfo"}; ///< v6
inline const MetaKey<int32_t> kFlipGeom{"abc:flipGeom"}; ///< v6
inline const MetaKey<int32_t> kFlipAnim{"abc:flipAnim"}; ///< v6
inline const MetaKey<int32_t> kLodSteps{"abc:lodSteps"}; ///< v6
inline const MetaKey<float> kInternalRadius{"abc:internalRadius"}; ///< v9+
inline const MetaKey<int32_t> kLodCount{"abc:lodCount"}; ///< v9+
inline MetaKey<float> LodDistance(size_t lod) { ///< v9+: the header's list
    return {"abc:lodDistance" + std::to_string(lod)};
}
inline MetaKey<std::string> WeightSetName(size_t set) {
    return {"abc:weightSet" + std::to_string(set) + ".name"};
}
inline MetaKey<std::string> ChildModelName(size_t child) { ///< as the model names it; 0: the model itself ("")
    return {"abc:childModel" + std::to_string(child) + ".name"};
}
inline MetaKey<int32_t> ChildModelBuildNumber(size_t child) {
    return {"abc:childModel" + std::to_string(child) + ".buildNumber"};
}
/// Animation binding `binding` of child model `child`: its fields.
struct AnimBindingKeys {
    MetaKey<std::string> name;
    MetaKey<aiVector3D> dims, translation;
};
inline AnimBindingKeys AnimBinding(size_t child, size_t binding) {
    const std::string prefix = "abc:animBinding" + std::to_string(child) + "." + std::to_string(binding) + ".";
    return {{prefix + "name"}, {prefix + "dims"}, {prefix + "translation"}};
}
/// The model's own binding list (child model 0) binds the model's own
/// animations by name: AnimationSubset (scene_export.h) keeps the bindings
/// of the animations a scene shows, in order.
inline constexpr const char *kOwnAnimBindingPrefix = "abc:animBinding0.";
/// The v9+ layout the reader found (which variant of a section).
inline const MetaKey<std::string> kLayoutLodDistances{"abc:layout.lodDistances"};
inline const MetaKey<std::string> kLayoutPieceLodWeight{"abc:layout.pieceLodWeight"};
inline const MetaKey<std::string> kLayoutChildModelRelation{"abc:layout.childModelRelation"};
inline const MetaKey<std::string> kLayoutAnimationHeader{"abc:layout.animationHeader"};
inline const MetaKey<std::string> kLayoutAnimBindings{"abc:layout.animBindings"};
inline MetaKey<std::string> SkippedSection(size_t i) {
    return {"abc:skippedSection" + std::to_string(i)};
}

/// Scene animation `index`: its fields ("abc:anim<index>.<field>"), under
/// the scene's index of the animation, not the file's (the animation filter,
/// AI_CONFIG_IMPORT_RETRO_ANIMATIONS, leaves some out). The form
/// "<format>:anim<index>.<field>" is what AnimationSubset (scene_export.h)
/// renumbers for a scene showing some of its animations.
struct AnimKeys {
    std::string prefix; ///< "abc:anim<index>."
    MetaKey<std::string> name;
    MetaKey<std::string> source; ///< the child model it came from, as the model names it
    MetaKey<int32_t> interpolationMs, compressionType; ///< v9+
    MetaKey<int32_t> lengthMs; ///< v6
    MetaKey<aiVector3D> extents;
    /// Every kept keyframe's time in ms, in order: FormatIndexRanges text
    /// written with AddLongString (Common/MetadataLists.h). It does not
    /// depend on the channels' keys, which need not have a key at every
    /// keyframe; `k` of KeyCommand indexes this list.
    MetaKey<std::string> keyframes;
    /// Kept keyframe `k`'s command string and time.
    MetaKey<std::string> KeyCommand(size_t k) const { return {prefix + "key" + std::to_string(k) + ".command"}; }
    MetaKey<int32_t> KeyTimeMs(size_t k) const { return {prefix + "key" + std::to_string(k) + ".timeMs"}; }
};
inline AnimKeys Anim(size_t index) {
    const std::string p = "abc:anim" + std::to_string(index) + ".";
    return {p, {p + "name"}, {p + "source"}, {p + "interpolationMs"}, {p + "compressionType"}, {p + "lengthMs"},
            {p + "extents"}, {p + "keyframes"}};
}
/// The keyframe-command keys of an animation end so (KeyCommand).
inline constexpr const char *kKeyCommandSuffix = ".command";
inline constexpr const char *kKeyTimeSuffix = ".timeMs";

// ---- nodes ---------------------------------------------------------------------
inline const MetaKey<int32_t> kNodeIndex{"abc:index"};
inline const MetaKey<int32_t> kNodeFlags{"abc:flags"};
inline const MetaKey<bool> kRemovable{"abc:removable"};
inline const MetaKey<bool> kRotationOnly{"abc:rotationOnly"};
inline const MetaKey<bool> kSocket{"abc:socket"}; ///< a socket: a child node of its node
inline MetaKey<float> WeightSetWeight(const std::string &setName) { ///< the node's weight in that set
    return {"abc:weightSet:" + setName};
}
/// A piece's mesh holder (v9+).
inline const MetaKey<int32_t> kPiece{"abc:piece"};
inline const MetaKey<int32_t> kMaterialIndex{"abc:materialIndex"};
inline const MetaKey<float> kSpecularPower{"abc:specularPower"};
inline const MetaKey<float> kSpecularScale{"abc:specularScale"};
inline const MetaKey<float> kLodWeight{"abc:lodWeight"};
/// A lower-detail mesh's node: its level, and (v9+) its distance or (v6) collapse steps.
inline const MetaKey<int32_t> kLod{"abc:lod"};
inline const MetaKey<float> kNodeLodDistance{"abc:lodDistance"};
inline const MetaKey<int32_t> kLodCollapseSteps{"abc:lodCollapseSteps"};

} // namespace keys
} // namespace abc
} // namespace assimp_retro
