// assimp-retro: reading P3D files (ODOL v7 and MLOD) into the format model.
#pragma once

#include "P3dModel.h"

#include <cstddef>
#include <cstdint>
#include <string>

namespace assimp_retro {
namespace p3d {

/// True if the bytes start with a P3D signature this reader knows ("ODOL",
/// "MLOD"). The version is checked by ReadP3d, so an Arma-era ODOL is
/// claimed and then rejected with a message naming its version.
bool LooksLikeP3d(const uint8_t *data, size_t size);

/// Reads an ODOL v7 or MLOD file. Throws ImportError with the file name,
/// section, field and byte offset on any inconsistency. `fileName` is only
/// used in messages.
Model ReadP3d(const uint8_t *data, size_t size, const std::string &fileName);

Model ReadOdol(const uint8_t *data, size_t size, const std::string &fileName);
Model ReadMlod(const uint8_t *data, size_t size, const std::string &fileName);

} // namespace p3d
} // namespace assimp_retro
