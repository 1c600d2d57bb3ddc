// assimp-retro: the ABC import settings, filled from import properties by
// AbcImporter::SetupProperties (v6 builder and v9+ import).
#pragma once

#include "Common/AnimationOptions.h"

#include <assimp/defs.h> // ai_real

#include <cstddef>
#include <string>

namespace assimp_retro {
namespace abc {

/// The unit of each engine generation in centimetres, from the games' own
/// character sizes (docs/formats/ABC.md "Units"): what the importer converts
/// from by default, and what the exporters write a scene that did not come
/// from an ABC file in.
constexpr double kLt1CentimetresPerUnit = 2.2; ///< LithTech 1.x (ABC v6)
constexpr double kLt2CentimetresPerUnit = 1.7; ///< LithTech 2.x (ABC v9-v13)
/// LTB (LithTech Talon/Jupiter): CrossFire's characters stand about 198 units
/// tall, so 1 unit is 1 cm (docs/units-and-collada.md).
constexpr double kLtbCentimetresPerUnit = 1.0;

/// Settings of the v6 scene builder.
struct Lt1BuildSettings {
    bool vertexAnimation = true; ///< AI_CONFIG_IMPORT_ABC_VERTEX_ANIMATION
    unsigned lodLevels = 0; ///< AI_CONFIG_IMPORT_ABC_LOD_LEVELS
    /// Morph target vertices (targets x mesh vertices, over all meshes) at
    /// most: 16M positions = 192 MB. Real models need a few million at most; a
    /// hostile file could ask for far more (keyframes x triangles). Beyond it
    /// a mesh keeps animation 0, frame 0 only, with a warning.
    size_t maxMorphVertices = size_t(16) << 20;
    std::string fileName; ///< for error messages (as BinaryReader::Prefix gives)
    /// Position keys are written times this (SceneUnitScale: the importer's
    /// unit conversion, done while writing them); 1 keeps file units.
    ai_real positionKeyScale = 1;
    AnimationOptions animations; ///< the animation properties every format reads
};

/// Import settings for v9+ files, filled from import properties by AbcImporter::SetupProperties.
struct Lt2ImportSettings {
    bool allLods = false; ///< AI_CONFIG_IMPORT_ABC_ALL_LODS
    bool childModels = true; ///< AI_CONFIG_IMPORT_ABC_CHILD_MODELS
    AnimationOptions animations; ///< the animation properties every format reads
};

} // namespace abc
} // namespace assimp_retro
