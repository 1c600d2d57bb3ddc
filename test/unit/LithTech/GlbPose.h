// A small, independent GLB evaluator for tests: parses a .glb (JSON + BIN
// chunk), samples its animation at a time (LINEAR: lerp / shortest-path slerp;
// STEP), and skins every skinned mesh primitive the way glTF defines it:
//   v' = sum_k w_k * global(joint_k) * inverseBind_k * v
// (the skinned mesh node's own transform is ignored, as the spec says).
#pragma once

#include <assimp/types.h>

#include <map>
#include <string>
#include <vector>

namespace abcv9_test {

struct GlbPose {
    /// Skinned positions per glTF mesh name, one per triangle corner (through the
    /// index buffer), primitives appended.
    std::map<std::string, std::vector<aiVector3D>> meshes;
    std::vector<std::string> animationNames;
};

/// Evaluates animation `animation` (by name) of `glbPath` at `seconds`.
/// Throws std::runtime_error on anything it does not understand.
GlbPose EvaluateGlb(const std::string &glbPath, const std::string &animation, double seconds);

} // namespace abcv9_test
