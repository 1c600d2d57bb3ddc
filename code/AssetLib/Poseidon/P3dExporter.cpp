// assimp-retro: the "p3d" exporter: a thin layer over SceneToMlod and the
// MLOD writer, as P3dImporter is over the reader and the scene builder.
#include "P3dExporter.h"

#include "MlodModel.h"
#include "P3dExportScene.h"

#include "Common/ExportError.h"
#include "Common/SceneHelpers.h"

#include <assimp_retro/config.h>

#include <assimp/IOStream.hpp>
#include <assimp/IOSystem.hpp>
#include <assimp/scene.h>

#include <memory>

namespace assimp_retro {

void ExportP3d(const char *path, Assimp::IOSystem *io, const aiScene *scene, const Assimp::ExportProperties *properties) {
    if (!scene || !io || !path) {
        ThrowExportError("P3D export: no scene or no output");
    }
    p3d::ExportOptions options;
    if (properties) {
        options.textureRoot = properties->GetPropertyString(AI_CONFIG_EXPORT_P3D_TEXTURE_ROOT, "");
        // A float; an integer too (the tool's --set and other callers may give 1500).
        if (properties->HasPropertyFloat(AI_CONFIG_EXPORT_P3D_MASS)) {
            options.mass = properties->GetPropertyFloat(AI_CONFIG_EXPORT_P3D_MASS, -1.f);
        } else if (properties->HasPropertyInteger(AI_CONFIG_EXPORT_P3D_MASS)) {
            options.mass = static_cast<float>(properties->GetPropertyInteger(AI_CONFIG_EXPORT_P3D_MASS, -1));
        }
    }
    std::vector<std::string> warnings;
    const p3d::MlodFile file = p3d::SceneToMlod(*scene, options, warnings);
    const std::vector<uint8_t> bytes = p3d::WriteMlodBytes(file);
    for (const std::string &warning : warnings) {
        LogWarning(warning);
    }
    std::unique_ptr<Assimp::IOStream, std::function<void(Assimp::IOStream *)>> out(
            io->Open(path, "wb"), [io](Assimp::IOStream *stream) { io->Close(stream); });
    if (!out) {
        ThrowExportError(std::string("P3D export: cannot open '") + path + "' for writing");
    }
    const size_t written = out->Write(bytes.data(), 1, bytes.size());
    out.reset();
    if (written != bytes.size()) {
        io->DeleteFile(path);
        ThrowExportError(std::string("P3D export: writing '") + path + "' failed after " + std::to_string(written) +
                " of " + std::to_string(bytes.size()) + " bytes (the file was removed)");
    }
}

Assimp::Exporter::ExportFormatEntry P3dExportFormat() {
    return Assimp::Exporter::ExportFormatEntry(
            "p3d", "Operation Flashpoint editable P3D (MLOD, SP3X LODs)", "p3d", &ExportP3d, 0u);
}

} // namespace assimp_retro
