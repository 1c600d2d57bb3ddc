// assimp-retro: the LTB exporter as an Assimp export entry.
//
//   ltb   PC (Direct3D) LTB, model version 25 (CrossFire; the format NOLF2 and
//         Tron 2.0 load), plain or LZMA-packed (AI_CONFIG_EXPORT_LTB_LZMA)
//
// Builds the format model (LtbExportModel), writes it (LtbWriter), packs it
// (Common/LzmaAlone) in memory, and only then writes the file through the
// IOSystem, so a refused scene leaves no file. Errors reach
// Exporter::GetErrorString() (Common/ExportError.h); warnings go to Assimp's
// DefaultLogger. docs/export-lithtech.md ("LTB") and docs/formats/LTB.md 10.
#pragma once

#include <assimp/Exporter.hpp>

namespace assimp_retro {
namespace ltb {

constexpr const char *kLtbExporterId = "ltb";

/// Assimp's export function (Exporter::fpExportFunc).
void ExportLtb(const char *path, Assimp::IOSystem *io, const aiScene *scene,
        const Assimp::ExportProperties *properties);

/// The entry to register: id "ltb", extension "ltb", triangulated by Assimp first.
Assimp::Exporter::ExportFormatEntry LtbExportEntry();

} // namespace ltb
} // namespace assimp_retro
