// assimp-retro: the resolutions of P3D's special LODs and how the engine
// matches them (docs/formats/P3D.md; the full table of names is LodName's).
#pragma once

#include <cmath>

namespace assimp_retro {
namespace p3d {

constexpr float kResolutionViewGunner = 1000.f; ///< the first special LOD; below it, resolution LODs
constexpr float kResolutionViewPilot = 1100.f;
constexpr float kResolutionViewCargo = 1200.f;
constexpr float kResolutionShadowVolume = 1e4f; ///< 1e4 + n: shadow volume n
constexpr float kResolutionEdit = 2e4f; ///< 2e4 + n: edit LOD n
constexpr float kResolutionGeometry = 1e13f;
constexpr float kResolutionMemory = 1e15f;
constexpr float kResolutionViewCommander = 1e16f;

/// Whether a LOD of resolution `value` is the one of resolution `target`:
/// the engine's ±1%.
inline bool NearResolution(float value, float target) {
    return std::fabs(value - target) <= std::fabs(target) * 0.01f;
}

} // namespace p3d
} // namespace assimp_retro
