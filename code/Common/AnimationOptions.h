// assimp-retro: the animation import properties every format reads (config.h,
// "every format"), in one struct that each importer's settings hold.
#pragma once

#include "Common/AnimationChannels.h"
#include "Common/AnimationFilter.h"

namespace Assimp {
class Importer;
} // namespace Assimp

namespace assimp_retro {

struct AnimationOptions {
    KeyReduction keys = KeyReduction::DropRepeated; ///< AI_CONFIG_IMPORT_RETRO_KEEP_ALL_KEYS
    AnimationFilter filter; ///< AI_CONFIG_IMPORT_RETRO_ANIMATIONS (default: every animation)
};

/// Reads the animation properties of `importer` (in SetupProperties).
AnimationOptions ReadAnimationOptions(const Assimp::Importer *importer);

} // namespace assimp_retro
