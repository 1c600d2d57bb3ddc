// assimp-retro: the "p3d" exporter (editable MLOD, SP3X LODs, as Operation
// Flashpoint's tools open it). docs/export-ofp.md, docs/formats/P3D.md §9.
#pragma once

#include <assimp/Exporter.hpp>

namespace assimp_retro {

/// Assimp's export entry: builds the whole file in memory (SceneToMlod,
/// CheckMlod, WriteMlodBytes) and only then writes it, so a refused scene
/// leaves no file; a failed write removes what was written.
void ExportP3d(const char *path, Assimp::IOSystem *io, const aiScene *scene,
        const Assimp::ExportProperties *properties);

/// The format entry: id "p3d", extension "p3d".
Assimp::Exporter::ExportFormatEntry P3dExportFormat();

} // namespace assimp_retro
