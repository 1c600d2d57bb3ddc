// assimp-retro: LithTech ABC v6 (LithTech 1.x: Shogo, Blood 2, KISS Psycho
// Circus): reader, then scene builder. AbcImporter calls this when the file
// starts with the v6 token; AbcLt2Import.h is the same step for v9+.
#pragma once

#include "AbcSettings.h"

#include <cstddef>
#include <cstdint>
#include <string>

struct aiScene;

namespace assimp_retro {
namespace abc {

/// Reads a whole v6 file (already in memory) into `scene`. The model points
/// into `data` only while this runs: the caller may free it afterwards.
/// v6 names no other file, so no IOSystem. Throws ImportError.
void ImportLt1(const uint8_t *data, size_t size, const std::string &fileName, const Lt1BuildSettings &settings,
        aiScene *scene);

} // namespace abc
} // namespace assimp_retro
