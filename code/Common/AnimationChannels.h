// assimp-retro: the one builder of node channels (aiNodeAnim) that every
// format's scene builder uses, so that every scene follows one rule about
// keys:
//
//   A key whose value is bitwise equal to both its neighbours' is left out;
//   no other key is.
//
// So a run of equal values keeps its first and last key: a constant track
// keeps two keys, which keep the animation's length in every output (one
// key stays one key), and a track whose format stores only its first keys
// and holds the last value (LTB's "relevant" compression, expanded by the
// reader) ends in two. Any interpolation that gives `a` between two keys of
// value `a` (lerp as a + (b - a) * t, slerp) gives the same pose at every
// time as with every key: docs/properties.md, AI_CONFIG_IMPORT_RETRO_KEEP_ALL_KEYS.
// A format's keyframes are not its channels' keys: an importer that needs
// them keeps them in its metadata (LithTech: abc:anim<i>.keyframes).
#pragma once

#include <assimp/anim.h>
#include <assimp/types.h>

#include <memory>
#include <vector>

namespace assimp_retro {

/// Which keys a NodeAnimBuilder keeps.
enum class KeyReduction {
    DropRepeated, ///< the rule above (the default)
    KeepAll, ///< every key added (AI_CONFIG_IMPORT_RETRO_KEEP_ALL_KEYS)
};

/// Collects one channel's keys, track by track, and makes the aiNodeAnim.
/// One builder serves every channel of a scene: Build() empties it and keeps
/// its memory, so a channel costs one allocation per track, of its final size.
class NodeAnimBuilder {
public:
    explicit NodeAnimBuilder(KeyReduction reduction = KeyReduction::DropRepeated) : mReduction(reduction) {}

    /// Keys in time order: each time must be greater than the track's last
    /// (std::logic_error otherwise, a builder's mistake).
    void AddPosition(double time, const aiVector3D &value);
    void AddRotation(double time, const aiQuaternion &value);
    void AddScaling(double time, const aiVector3D &value);
    /// A position and a rotation key at one time.
    void AddKey(double time, const aiVector3D &position, const aiQuaternion &rotation) {
        AddPosition(time, position);
        AddRotation(time, rotation);
    }

    /// The channel of `nodeName` with the keys added since the last Build;
    /// the builder is then empty. Every track keeps at least one key (Assimp's
    /// preprocessing adds a key to an empty track, finding the node by name
    /// for every channel): positions and rotations need one added
    /// (std::logic_error otherwise); scaling without keys gets the unit scale
    /// at the channel's first key time, as none of these formats scales.
    std::unique_ptr<aiNodeAnim> Build(const aiString &nodeName);

private:
    KeyReduction mReduction;
    std::vector<aiVectorKey> mPositions, mScalings;
    std::vector<aiQuatKey> mRotations;
};

} // namespace assimp_retro
