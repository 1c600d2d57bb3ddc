// assimp-retro tests: exporting a scene to memory through Assimp::Exporter
// with assimp-retro's exporters registered.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

struct aiScene;

namespace retro_test {

/// The bytes exporter `formatId` writes for `scene` (Exporter::ExportToBlob),
/// or empty with Exporter::GetErrorString() in `*error`.
std::vector<uint8_t> ExportToMemory(const aiScene &scene, const std::string &formatId, std::string *error = nullptr);

/// Runs the built tool: `assimp-retro export <in> <out> <arguments>` (paths
/// quoted for the platform's shell), stdout and stderr in `output`; returns
/// the exit code.
int RunToolExport(const std::string &in, const std::string &out, const std::string &arguments, std::string *output);

/// The files under the corpus' <folder> (recursively, for each of `folders`
/// that exists) whose bytes `keep` accepts, as "<folder>/<path>", sorted; where
/// the corpus is missing, CorpusParameters' placeholder.
std::vector<std::string> CorpusFiles(const std::vector<std::string> &folders,
        const std::function<bool(const std::vector<uint8_t> &)> &keep);

/// A gtest parameter name for a path: every character but letters and digits becomes '_'.
std::string ParamName(std::string path);

/// The largest absolute vertex coordinate of the scene's meshes (at least 1), for tolerances.
float LargestCoordinate(const aiScene &scene);

} // namespace retro_test
