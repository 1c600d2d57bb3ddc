// assimp-retro: how the node animations of a scene are laid out in a glTF 2.0
// file, in one header-only file with no dependency beyond Assimp's public
// headers. Two users compile it, so they cannot drift (as GltfRules.h):
// - the glTF completion (code/Export/GltfAnimations.cpp), which writes the
//   animations on Debian's Assimp 5.2.5;
// - the glTF2 exporter patch for Assimp itself (port/patches/, 0013 and its
//   main-branch twin 0014), into
//   whose tree port/apply_to_assimp.py copies this file as
//   code/AssetLib/glTF2/glTF2RetroAnimationLayout.h.
// The layout shares what is the same (docs/gltf-export.md, "Shared animation
// data"):
// - one input accessor per distinct list of key times, one output accessor
//   per distinct list of values (and type), each written once;
// - two bufferViews for all of it: every key time, then every value;
// - one sampler per distinct input and output within an animation;
// - no channel for a path (translation, rotation, scale) of a node that no
//   animation of the scene moves away from the node's static value, as the
//   glTF node gives it (e.g. LithTech's scale, always 1). A path some
//   animation moves keeps its channel in every animation that has keys for
//   it, so a player switching animations never keeps a stale pose.
#pragma once

#include <assimp/anim.h>
#include <assimp/scene.h>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <limits>
#include <string>
#include <unordered_map>
#include <vector>

namespace assimp_retro {
namespace gltf_rules {

/// The glTF target paths of an aiNodeAnim, in the order channels are written.
enum class NodePath { Translation = 0, Rotation = 1, Scale = 2 };

inline const char *NodePathName(NodePath path) {
    return path == NodePath::Translation ? "translation" : (path == NodePath::Rotation ? "rotation" : "scale");
}

/// A glTF node's static transform as the file gives it: its translation,
/// rotation (x, y, z, w) and scale, glTF's defaults where the node leaves
/// them out. `known` is false for a node written as a matrix: no path of it
/// counts as still.
struct NodeRest {
    float translation[3] = {0.0f, 0.0f, 0.0f};
    float rotation[4] = {0.0f, 0.0f, 0.0f, 1.0f};
    float scale[3] = {1.0f, 1.0f, 1.0f};
    bool known = true;
};

/// The node animations as written: accessors in file order, the data of the
/// two bufferViews, and per aiAnimation its channels and samplers.
struct AnimationLayout {
    struct Accessor {
        bool input = false; ///< key times (SCALAR, in `times`), else values (in `values`)
        size_t first = 0; ///< index of its first float in `times` or `values`
        uint32_t count = 0; ///< elements
        uint32_t components = 1; ///< 1 (SCALAR), 3 (VEC3) or 4 (VEC4)
        double min = 0.0, max = 0.0; ///< inputs only: bounds over the finite times (glTF requires them)
    };
    struct Sampler {
        size_t input = 0, output = 0; ///< into `accessors`
    };
    struct Channel {
        size_t sampler = 0; ///< into the animation's samplers
        long long node = -1; ///< the glTF node
        NodePath path = NodePath::Translation;
    };
    struct Animation {
        std::string name; ///< as Assimp names it: the aiAnimation's name, or "anim"
        std::vector<Sampler> samplers;
        std::vector<Channel> channels;
    };

    std::vector<float> times; ///< the key times bufferView: every distinct list once, in accessor order
    std::vector<float> values; ///< the values bufferView: every distinct list once, in accessor order
    std::vector<Accessor> accessors;
    std::vector<Animation> animations; ///< one per aiAnimation (null ones left out), even without channels
    size_t tracksLeftOut = 0; ///< tracks of never-moving paths not written
    std::vector<std::string> notes; ///< what was skipped or changed, and why
};

namespace layout_detail {

/// One track of an aiNodeAnim: keys of one path.
struct Track {
    NodePath path = NodePath::Translation;
    const aiVectorKey *vectorKeys = nullptr; ///< translation, scale
    const aiQuatKey *quatKeys = nullptr; ///< rotation
    unsigned count = 0;
};

/// The tracks of a channel that have keys, in the order they are written.
struct Tracks {
    Track tracks[3];
    unsigned count = 0;
    const Track *begin() const { return tracks; }
    const Track *end() const { return tracks + count; }
};

inline Tracks TracksOf(const aiNodeAnim &channel) {
    Tracks found;
    if (channel.mNumPositionKeys > 0 && channel.mPositionKeys) {
        found.tracks[found.count++] = {NodePath::Translation, channel.mPositionKeys, nullptr, channel.mNumPositionKeys};
    }
    if (channel.mNumRotationKeys > 0 && channel.mRotationKeys) {
        found.tracks[found.count++] = {NodePath::Rotation, nullptr, channel.mRotationKeys, channel.mNumRotationKeys};
    }
    if (channel.mNumScalingKeys > 0 && channel.mScalingKeys) {
        found.tracks[found.count++] = {NodePath::Scale, channel.mScalingKeys, nullptr, channel.mNumScalingKeys};
    }
    return found;
}

inline unsigned Components(NodePath path) {
    return path == NodePath::Rotation ? 4u : 3u;
}

/// Key `k`'s value as glTF writes it (rotation x, y, z, w), as floats.
inline void KeyValue(const Track &track, unsigned k, float *out) {
    if (track.quatKeys) {
        const aiQuaternion &q = track.quatKeys[k].mValue;
        out[0] = static_cast<float>(q.x);
        out[1] = static_cast<float>(q.y);
        out[2] = static_cast<float>(q.z);
        out[3] = static_cast<float>(q.w);
    } else {
        const aiVector3D &v = track.vectorKeys[k].mValue;
        out[0] = static_cast<float>(v.x);
        out[1] = static_cast<float>(v.y);
        out[2] = static_cast<float>(v.z);
    }
}

inline double KeyTime(const Track &track, unsigned k) {
    return track.quatKeys ? track.quatKeys[k].mTime : track.vectorKeys[k].mTime;
}

inline const float *RestValue(const NodeRest &rest, NodePath path) {
    return path == NodePath::Translation ? rest.translation
                                         : (path == NodePath::Rotation ? rest.rotation : rest.scale);
}

/// True when some key of `track` is not bit for bit the node's rest value.
inline bool MovesAway(const Track &track, const NodeRest &rest) {
    if (!rest.known) {
        return true;
    }
    const float *still = RestValue(rest, track.path);
    const unsigned components = Components(track.path);
    float value[4];
    for (unsigned k = 0; k < track.count; ++k) {
        KeyValue(track, k, value);
        if (std::memcmp(value, still, components * sizeof(float)) != 0) {
            return true;
        }
    }
    return false;
}

/// The animation's name in glTF: Assimp's ("anim" when it has none).
inline std::string AnimationName(const aiAnimation &animation) {
    return animation.mName.length > 0 ? std::string(animation.mName.C_Str()) : std::string("anim");
}

/// Distinct float lists of one kind (times, or values of one type), each
/// kept once: FindOrAdd gives the accessor of an equal list, or adds one.
class DistinctLists {
public:
    DistinctLists(AnimationLayout &layout, bool input) :
            mLayout(layout), mData(input ? layout.times : layout.values), mInput(input) {}

    /// The accessor holding `list` (`components` floats per element), new or shared.
    size_t FindOrAdd(const std::vector<float> &list, uint32_t components) {
        const uint64_t hash = Hash(list, components);
        const auto range = mByHash.equal_range(hash);
        for (auto it = range.first; it != range.second; ++it) {
            const AnimationLayout::Accessor &accessor = mLayout.accessors[it->second];
            if (accessor.components == components && size_t(accessor.count) * components == list.size() &&
                    std::memcmp(&mData[accessor.first], list.data(), list.size() * sizeof(float)) == 0) {
                return it->second;
            }
        }
        AnimationLayout::Accessor accessor;
        accessor.input = mInput;
        accessor.first = mData.size();
        accessor.count = static_cast<uint32_t>(list.size() / components);
        accessor.components = components;
        if (mInput) {
            // Bounds as Assimp's SetAccessorRange computes them: doubles, non-finite values skipped.
            accessor.min = std::numeric_limits<double>::max();
            accessor.max = -std::numeric_limits<double>::max();
            for (float time : list) {
                if (std::isfinite(time)) {
                    accessor.min = std::min(accessor.min, static_cast<double>(time));
                    accessor.max = std::max(accessor.max, static_cast<double>(time));
                }
            }
        }
        mData.insert(mData.end(), list.begin(), list.end());
        mLayout.accessors.push_back(accessor);
        mByHash.emplace(hash, mLayout.accessors.size() - 1);
        return mLayout.accessors.size() - 1;
    }

private:
    static uint64_t Hash(const std::vector<float> &list, uint32_t components) {
        uint64_t hash = 1469598103934665603ull ^ components; // FNV-1a over the bits
        for (float value : list) {
            uint32_t bits;
            std::memcpy(&bits, &value, sizeof bits);
            hash = (hash ^ bits) * 1099511628211ull;
        }
        return hash;
    }

    AnimationLayout &mLayout;
    std::vector<float> &mData;
    bool mInput;
    std::unordered_multimap<uint64_t, size_t> mByHash;
};

/// The glTF node of every channel of every animation (-1: none), and per
/// node a bit per NodePath that some track moves away from its rest value.
struct ChannelNodes {
    std::vector<std::vector<long long>> nodes; ///< [animation][channel]
    std::unordered_map<long long, unsigned> moved; ///< node -> bits (1 << NodePath)

    bool Moves(long long node, NodePath path) const {
        const auto found = moved.find(node);
        return found != moved.end() && (found->second & (1u << static_cast<unsigned>(path))) != 0;
    }
};

template <typename NodeOf, typename RestOf>
ChannelNodes FindChannelNodes(const aiScene &scene, NodeOf nodeOf, RestOf restOf) {
    ChannelNodes found;
    found.nodes.resize(scene.mNumAnimations);
    std::unordered_map<long long, NodeRest> rests;
    // Per channel index, the name last looked up there and its node: the
    // animations of a file mostly list the same nodes in the same order (a
    // motion library's 2,282 animations, 29 channels each).
    std::vector<std::pair<const char *, long long>> lastAt;
    for (unsigned a = 0; a < scene.mNumAnimations && scene.mAnimations; ++a) {
        const aiAnimation *animation = scene.mAnimations[a];
        for (unsigned c = 0; animation && animation->mChannels && c < animation->mNumChannels; ++c) {
            const aiNodeAnim *channel = animation->mChannels[c];
            long long node = -1;
            if (channel) {
                const char *name = channel->mNodeName.C_Str();
                if (c >= lastAt.size()) {
                    lastAt.resize(c + 1, {nullptr, -1});
                }
                if (!lastAt[c].first || std::strcmp(lastAt[c].first, name) != 0) {
                    lastAt[c] = {name, nodeOf(std::string(name))};
                }
                node = lastAt[c].second;
            }
            found.nodes[a].push_back(node);
            if (node < 0) {
                continue;
            }
            auto rest = rests.find(node); // one restOf per node, not per channel
            if (rest == rests.end()) {
                rest = rests.emplace(node, restOf(node)).first;
            }
            unsigned &bits = found.moved[node];
            for (const Track &track : TracksOf(*channel)) {
                const unsigned bit = 1u << static_cast<unsigned>(track.path);
                if (!(bits & bit) && MovesAway(track, rest->second)) {
                    bits |= bit;
                }
            }
        }
    }
    return found;
}

/// A track to write or leave out, with its last time.
struct PendingTrack {
    Track track;
    long long node;
    bool still; ///< its path never moves: left out
    float end; ///< its last finite time, seconds
};

/// The tracks of an animation, still or not; an animation whose moving
/// tracks would end before its end (or that has none) keeps its first still
/// track that ends there.
inline std::vector<PendingTrack> AnimationTracks(const aiAnimation &animation, const std::vector<long long> &nodes,
        const ChannelNodes &found, float ticksPerSecond, const std::string &name, std::vector<std::string> &notes) {
    std::vector<PendingTrack> pending;
    float end = -std::numeric_limits<float>::infinity(), keptEnd = end;
    for (unsigned c = 0; c < nodes.size(); ++c) {
        const aiNodeAnim *channel = animation.mChannels[c];
        if (!channel) {
            continue;
        }
        if (nodes[c] < 0) {
            notes.push_back("animation \"" + name + "\" channel \"" + channel->mNodeName.C_Str() +
                    "\": no glTF node has that name, skipped");
            continue;
        }
        for (const Track &track : TracksOf(*channel)) {
            PendingTrack entry{track, nodes[c], !found.Moves(nodes[c], track.path), -std::numeric_limits<float>::infinity()};
            for (unsigned k = 0; k < track.count; ++k) {
                const float time = static_cast<float>(KeyTime(track, k) / ticksPerSecond);
                if (std::isfinite(time) && time > entry.end) {
                    entry.end = time;
                }
            }
            end = std::max(end, entry.end);
            keptEnd = entry.still ? keptEnd : std::max(keptEnd, entry.end);
            pending.push_back(entry);
        }
    }
    if (keptEnd < end) {
        for (PendingTrack &entry : pending) {
            if (entry.still && entry.end == end) {
                entry.still = false; // the animation keeps its length (and a channel)
                break;
            }
        }
    }
    return pending;
}

} // namespace layout_detail

/// Lays out the node animations of `scene`. `nodeOf(name)` gives the glTF
/// node a channel targets (-1: none; the channel is skipped with a note);
/// `restOf(node)` that node's NodeRest. Times are seconds as Assimp 5.2.5
/// writes them, float(mTime / float(mTicksPerSecond)); a non-positive or
/// non-finite mTicksPerSecond, which Assimp divides by as it is, is replaced
/// by kDefaultTicksPerSecond with a note.
///
/// A track of a path no animation moves (every key of every track of that
/// node and path equals the node's rest value, bit for bit) is left out,
/// except where that would take an animation's last channel or shorten it:
/// then the first such track that ends at the animation's end is kept.
/// Channels of one animation with the same input and output share a sampler.
template <typename NodeOf, typename RestOf>
AnimationLayout LayOutNodeAnimations(const aiScene &scene, NodeOf nodeOf, RestOf restOf, double defaultTicksPerSecond) {
    using namespace layout_detail;
    AnimationLayout layout;
    const ChannelNodes found = FindChannelNodes(scene, nodeOf, restOf);
    DistinctLists inputs(layout, true), outputs(layout, false);
    std::vector<float> times, values;
    for (unsigned a = 0; a < scene.mNumAnimations && scene.mAnimations; ++a) {
        const aiAnimation *animation = scene.mAnimations[a];
        if (!animation) {
            continue;
        }
        AnimationLayout::Animation out;
        out.name = AnimationName(*animation);
        float ticksPerSecond = static_cast<float>(animation->mTicksPerSecond);
        if (!(ticksPerSecond > 0.0f) || !std::isfinite(ticksPerSecond)) {
            ticksPerSecond = static_cast<float>(defaultTicksPerSecond);
            if (animation->mNumChannels > 0) {
                layout.notes.push_back("animation \"" + out.name + "\": mTicksPerSecond is " +
                        std::to_string(animation->mTicksPerSecond) + ", node keys timed at " +
                        std::to_string(defaultTicksPerSecond) + " ticks per second");
            }
        }
        std::unordered_map<uint64_t, size_t> samplerOf; // (input, output) -> sampler
        for (const PendingTrack &entry :
                AnimationTracks(*animation, found.nodes[a], found, ticksPerSecond, out.name, layout.notes)) {
            if (entry.still) {
                ++layout.tracksLeftOut;
                continue;
            }
            const unsigned components = Components(entry.track.path);
            times.resize(entry.track.count);
            values.resize(size_t(entry.track.count) * components);
            for (unsigned k = 0; k < entry.track.count; ++k) {
                times[k] = static_cast<float>(KeyTime(entry.track, k) / ticksPerSecond);
                KeyValue(entry.track, k, &values[size_t(k) * components]);
            }
            AnimationLayout::Sampler sampler;
            sampler.input = inputs.FindOrAdd(times, 1);
            sampler.output = outputs.FindOrAdd(values, components);
            const auto shared = samplerOf.emplace((uint64_t(sampler.input) << 32) | sampler.output, out.samplers.size());
            if (shared.second) {
                out.samplers.push_back(sampler);
            }
            out.channels.push_back({shared.first->second, entry.node, entry.track.path});
        }
        layout.animations.push_back(std::move(out));
    }
    return layout;
}

} // namespace gltf_rules
} // namespace assimp_retro
