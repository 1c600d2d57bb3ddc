// Helpers for the OBAN tests: evaluating an animated node hierarchy at a frame.
#pragma once

#include <assimp/anim.h>
#include <assimp/scene.h>

#include <string>

namespace retro_test {

/// Samples a channel at `time` the way Oni's engine does: translation lerp,
/// rotation nlerp with hemisphere flip, clamped at both ends.
aiMatrix4x4 SampleChannelNlerp(const aiNodeAnim &channel, double time);

/// The channel of `animation` for `nodeName`, or nullptr.
const aiNodeAnim *FindChannel(const aiAnimation &animation, const std::string &nodeName);

/// World matrix of `node` with `animation` applied at `time` (ticks).
aiMatrix4x4 WorldAt(const aiNode &node, const aiAnimation *animation, double time);

} // namespace retro_test
