// assimp-retro: the animation import properties (AnimationOptions.h).
#include "AnimationOptions.h"

#include <assimp_retro/config.h>

#include <assimp/Importer.hpp>

namespace assimp_retro {

AnimationOptions ReadAnimationOptions(const Assimp::Importer *importer) {
    AnimationOptions options;
    options.keys = importer->GetPropertyBool(AI_CONFIG_IMPORT_RETRO_KEEP_ALL_KEYS, false) ? KeyReduction::KeepAll
                                                                                          : KeyReduction::DropRepeated;
    options.filter = AnimationFilter(importer->GetPropertyString(AI_CONFIG_IMPORT_RETRO_ANIMATIONS, ""));
    return options;
}

} // namespace assimp_retro
