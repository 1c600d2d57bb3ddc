// assimp-retro tests: exporting a scene to memory through Assimp::Exporter
// with assimp-retro's exporters registered.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

struct aiScene;

namespace retro_test {

/// The bytes exporter `formatId` writes for `scene` (Exporter::ExportToBlob),
/// or empty with Exporter::GetErrorString() in `*error`.
std::vector<uint8_t> ExportToMemory(const aiScene &scene, const std::string &formatId, std::string *error = nullptr);

} // namespace retro_test
