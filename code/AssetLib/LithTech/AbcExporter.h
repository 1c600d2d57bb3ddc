// assimp-retro: the ABC exporters as Assimp export entries.
//
//   abc6   ABC v6  (LithTech 1/1.5: Shogo, Blood 2, KISS Psycho Circus)
//   abc12  ABC v12 (LithTech 2: NOLF, AVP2)
//
// Both use the extension .abc. Each builds its format model from the scene,
// writes the file to memory, and only then writes it through the IOSystem, so
// a refused scene leaves no file behind. Errors reach
// Exporter::GetErrorString() (Common/ExportError.h); warnings go to Assimp's
// DefaultLogger.
#pragma once

#include <assimp/Exporter.hpp>

namespace assimp_retro {
namespace abc {

constexpr const char *kAbcV6ExporterId = "abc6";
constexpr const char *kAbcV12ExporterId = "abc12";

/// Assimp export functions (Exporter::fpExportFunc).
void ExportAbcV6(const char *path, Assimp::IOSystem *io, const aiScene *scene,
        const Assimp::ExportProperties *properties);

void ExportAbcV12(const char *path, Assimp::IOSystem *io, const aiScene *scene,
        const Assimp::ExportProperties *properties);

/// The entries to register (Exporter::RegisterExporter).
Assimp::Exporter::ExportFormatEntry AbcV6ExportEntry();
Assimp::Exporter::ExportFormatEntry AbcV12ExportEntry();

/// The id that serves an output named only by its extension (.abc): the
/// source's generation when the scene came from an ABC (abc:version 9-13 ->
/// abc12), else abc6.
const char *AbcExporterFor(const aiScene &scene);

} // namespace abc
} // namespace assimp_retro
