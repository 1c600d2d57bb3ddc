// Test-side pose comparison across layouts: every node's local translation,
// rotation and scale of an animation at a time, from a glTF file (read by
// GltfFileReader, apart from the library) or from an aiScene, and the
// comparison of two outputs at every key time of the first. A path a file
// has no channel for is the node's static value (glTF's rule), so a file
// that leaves out the channels of never-moving paths compares too (issue 42).
//
// Tracks are sampled by AnimationSampling.h's SampleTrack (the one
// interpolation rule of the tests: a key's value at its time, equal
// neighbours given back as they are, else lerp or slerp), on keys whose
// times are seconds.
#pragma once

#include <assimp/anim.h>

#include <array>
#include <map>
#include <string>
#include <vector>

struct aiScene;

namespace gltf_test {
struct GltfFile;
}

namespace retro_test {

/// A node's local transform: translation, rotation (x, y, z, w), scale.
struct NodePose {
    std::array<float, 3> translation{{0.0f, 0.0f, 0.0f}};
    std::array<float, 4> rotation{{0.0f, 0.0f, 0.0f, 1.0f}};
    std::array<float, 3> scale{{1.0f, 1.0f, 1.0f}};
};

struct NodeTracks {
    std::vector<aiVectorKey> translation; ///< mTime in seconds
    std::vector<aiQuatKey> rotation;
    std::vector<aiVectorKey> scale;
};

struct AnimationPoses {
    std::string name;
    std::map<std::string, NodeTracks> nodes; ///< by node name
};

/// The animations of a file or scene, and each node's static transform.
struct PoseSource {
    std::vector<AnimationPoses> animations;
    std::map<std::string, NodePose> rest; ///< by node name
};

/// From a glTF file: node rest transforms from `translation`/`rotation`/
/// `scale` (a `matrix` node is decomposed), times as the file's floats.
PoseSource PosesFromGltf(const gltf_test::GltfFile &file);

/// How PosesFromScene turns ticks into seconds.
enum class SceneTimes {
    Exact, ///< mTime / mTicksPerSecond in double
    AsGltf, ///< float(mTime / float(mTicksPerSecond)), as Assimp's glTF2 exporter and the completion write them
};

/// From an aiScene: times in seconds (25 ticks per second when
/// mTicksPerSecond is not positive), rest transforms decomposed from
/// aiNode::mTransformation.
PoseSource PosesFromScene(const aiScene &scene, SceneTimes times = SceneTimes::Exact);

/// Node `node`'s pose in `animation` at `seconds` (its rest transform for the
/// paths the animation does not drive).
NodePose SamplePose(const PoseSource &source, const AnimationPoses &animation, const std::string &node, double seconds);

/// Every key time of the animation, over all its tracks, sorted, distinct.
std::vector<double> KeyTimes(const AnimationPoses &animation);

/// Compares `after` with `before`: the same animation names in the same
/// order, and for each animation, at every key time of `before`'s, every path
/// (translation, rotation, scale) of every node that either side animates
/// (by a track, or by the node's rest transform where the other side has a
/// track) gives the same value: bit for bit when `relativeTolerance` is 0,
/// else each component within relativeTolerance * max(1, |value|) (a
/// rotation q and -q are the same). A path neither side has a track for is
/// not compared (exporters write rest transforms differently). Scale is
/// compared within `scaleTolerance` instead, where that is not negative (for
/// a reader that derives scale from a float matrix, see FbxAnimationsTest).
/// Returns the differences found (at most `limit`), empty when there are none.
std::vector<std::string> ComparePoses(const PoseSource &before, const PoseSource &after, double relativeTolerance,
        double scaleTolerance = -1.0, size_t limit = 20);

} // namespace retro_test
