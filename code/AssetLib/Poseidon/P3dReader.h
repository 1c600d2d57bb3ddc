// assimp-retro: reading P3D files (ODOL v7 and MLOD) into the format model.
#pragma once

#include "P3dModel.h"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace assimp_retro {
namespace p3d {

/// True if the bytes start with a P3D signature this reader knows ("ODOL",
/// "MLOD"). The version is checked by ReadP3d, so an Arma-era ODOL is
/// claimed and then rejected with a message naming its version.
bool LooksLikeP3d(const uint8_t *data, size_t size);

/// Picks the LODs to decode, given a model whose LODs hold only their
/// resolutions (every Lod::skipped is true); returns their indices.
using LodChooser = std::function<std::vector<size_t>(const Model &)>;

/// Reads an ODOL v7 or MLOD file. Throws ImportError with the file name,
/// section, field and byte offset on any inconsistency. `fileName` is only
/// used in messages.
///
/// Without `choose`, every LOD is decoded and every LZSS checksum verified.
/// With it (ODOL only; MLOD always decodes everything), every LOD is walked
/// and checked except for what needs its decoded data (LZSS checksums, index
/// values inside compressed selection arrays), then only the chosen LODs are
/// decoded; the others keep their resolution, `skipped` set and no data.
Model ReadP3d(const uint8_t *data, size_t size, const std::string &fileName, const LodChooser &choose = nullptr);

Model ReadOdol(const uint8_t *data, size_t size, const std::string &fileName, const LodChooser &choose = nullptr);
Model ReadMlod(const uint8_t *data, size_t size, const std::string &fileName);

} // namespace p3d
} // namespace assimp_retro
