// assimp-retro: builds an aiScene from OBAN animations.
//
// Oni's world is right-handed and Y-up like Assimp's, so no axis changes;
// what needs care is the engine's quaternion convention (it builds the
// transposed matrix, so the rotation is the conjugate) and where the base
// transform and the local flag go (docs/formats/OBAN.md §2a-math):
//
//   root (static, named after the file: "OBANdoor.oni", "level1_Final.dat")
//   └ <name>_local   only with flag 0x10 (ZAxisUp): RotX(+90 deg), static
//     └ <name>       animated: T(key.translation) * R(conj(key.rotation)); camera here
//       └ <name>_base  static: the BaseTransform (the object's meshes would go here)
//
// The animation is named after the Oni resource ("OBANdoor"), node names drop
// the "OBAN" prefix ("door").
#pragma once

#include "ObanModel.h"

#include "Common/AnimationOptions.h"

#include <assimp/defs.h> // ai_real

#include <cstdint>
#include <set>
#include <string>
#include <vector>

struct aiScene;

namespace assimp_retro {
namespace oni {

struct ObanSceneOptions {
    bool camerasOnAll = false; ///< AI_CONFIG_IMPORT_OBAN_CAMERA
    std::set<std::string> cameraNames; ///< AI_CONFIG_IMPORT_OBAN_CAMERA_NAMES, without "OBAN" prefix
    bool resampleEveryFrame = false; ///< AI_CONFIG_IMPORT_OBAN_RESAMPLE
    /// Every position (node translations, position keys, camera clip planes)
    /// is written times this (SceneUnitScale: the importer's unit conversion,
    /// done while building); 1 keeps Oni units.
    ai_real positionScale = 1;
    AnimationOptions animations; ///< the animation properties every format reads
};

/// Most frames AI_CONFIG_IMPORT_OBAN_RESAMPLE writes per OBAN (about 4.8
/// hours at 60 fps; a door takes a second or two).
constexpr int64_t kMaxResampledFrames = int64_t(1) << 20;

/// Oni's horizontal field of view for cameras (OniSplit's DAE uses xfov 45).
constexpr float kCameraHorizontalFovDegrees = 45.f;
/// Oni renders 4:3.
constexpr float kCameraAspect = 4.f / 3.f;

/// The display name of an OBAN: the instance name without the "OBAN" tag prefix.
std::string ObanDisplayName(const std::string &instanceName);

/// Fills `scene` (empty, as handed to InternReadFile) with one animated node
/// per OBAN (at least one) and one aiAnimation per OBAN the animation filter
/// keeps (options.animations.filter: the OBAN's instance name, "OBANdoor").
/// `rootName` names the static root node; `messagePrefix` ("OBAN: <file>: ")
/// starts the error of a filter that keeps none.
void BuildObanScene(const std::vector<ObanAnimation> &animations, const std::vector<std::string> &placeholders,
        bool levelFile, std::string rootName, const ObanSceneOptions &options, aiScene *scene,
        const std::string &messagePrefix);

} // namespace oni
} // namespace assimp_retro
