// assimp-retro ABC tests: just enough GLB reading to check what a viewer
// would show: accessors, node poses sampled from an animation, skinning and
// morph targets.
#pragma once

#include <nlohmann/json.hpp>

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace abc_test {

using Vec3 = std::array<float, 3>;
using Mat4 = std::array<float, 16>; // column-major, as glTF stores it

struct Glb {
    nlohmann::json json;
    std::vector<uint8_t> bin;

    /// Reads a .glb file; fails the current test (and returns false) when it cannot.
    bool Load(const std::string &path);
    /// Every element of an accessor as floats (components in a row), normalised
    /// integers converted as glTF says, plain integers as their values.
    std::vector<float> Floats(size_t accessor) const;
    size_t Count(size_t accessor) const;
    /// Index of the node named `name`, or -1.
    int NodeNamed(const std::string &name) const;
    /// Index of the animation named `name`, or -1.
    int AnimationNamed(const std::string &name) const;

    /// Global matrix of every node when animation `animation` (-1: none) is
    /// sampled at `seconds` (keys must hit the time exactly: the tests sample
    /// at keyframes).
    std::vector<Mat4> GlobalPose(int animation, float seconds) const;
    /// The output row of `animation`'s sampler for (node, path) at `seconds`;
    /// empty if the animation has no such channel or no key at that time.
    std::vector<float> SampleAt(int animation, int node, const std::string &path, float seconds) const;
    /// Input times of that channel (empty if none).
    std::vector<float> ChannelTimes(int animation, int node, const std::string &path) const;

    /// Positions of primitive `primitive` of mesh `mesh`, morphed with
    /// `weights` (one per target; empty: none), then skinned with the pose
    /// (only when the mesh node has a skin; `meshNode` is that node).
    std::vector<Vec3> Positions(int meshNode, const std::vector<Mat4> &pose, const std::vector<float> &weights,
            bool skin, size_t primitive = 0) const;
};

Mat4 Multiply(const Mat4 &a, const Mat4 &b);
Vec3 Transform(const Mat4 &m, const Vec3 &p);

} // namespace abc_test
