// assimp-retro tests: an animation's node channels sampled as players do,
// to check that what an importer or exporter leaves out of the keys changes
// no pose (AI_CONFIG_IMPORT_RETRO_KEEP_ALL_KEYS, docs/properties.md).
//
// A track is sampled as Assimp's Interpolator does (anim.h): the key's value
// at a key's time; between keys k and k+1, factor t = (time - t_k) /
// (t_k+1 - t_k), positions and scales a + (b - a) * t, rotations with
// aiQuaternion::Interpolate (slerp, the shorter way); before the first key
// the first value, after the last the last. Between two keys of one value
// every one of these gives that value exactly, as glTF players' slerps
// (three.js returns a quaternion unchanged when both ends are the same);
// Assimp's own slerp blends the two equal ends with weights 1 - t and t,
// which can round, so equal ends are given back as they are here too.
#pragma once

#include <assimp/anim.h>
#include <assimp/matrix4x4.h>

#include <string>
#include <vector>

struct aiScene;

namespace retro_test {

aiVector3D SampleTrack(const aiVectorKey *keys, unsigned count, double time);
aiQuaternion SampleTrack(const aiQuatKey *keys, unsigned count, double time);

/// The channel's local transform at `time` (ticks): T * R * S.
aiMatrix4x4 SampleLocal(const aiNodeAnim &channel, double time);

/// Every key time of the animation's node channels (positions, rotations,
/// scalings), sorted, each once.
std::vector<double> AnimationKeyTimes(const aiAnimation &animation);

/// How two samples may differ: 0 asks for the same bits (an aiMatrix4x4
/// compared float by float, so -0 and 0 differ).
struct PoseTolerance {
    float absolute = 0.f; ///< per matrix entry
};

/// EXPECTs that every channel of `expected` has a channel of the same node in
/// `actual`, and the reverse, and that both give the same local transform at
/// every time in `times` (ticks of `expected`, scaled to `actual`'s ticks).
/// `what` names the pair in failures (at most a few per animation, then a
/// count). Returns the number of transforms compared.
size_t ExpectSamePoses(const aiAnimation &expected, const aiAnimation &actual, const std::vector<double> &times,
        const PoseTolerance &tolerance, const std::string &what);

/// EXPECTs the same animations in the same order (names, durations, ticks per
/// second) and the same poses at every key time of `expected`'s channels:
/// ExpectSamePoses for each. Returns the number of transforms compared.
size_t ExpectSameAnimations(const aiScene &expected, const aiScene &actual, const PoseTolerance &tolerance,
        const std::string &what);

} // namespace retro_test
