#include "LtbExporter.h"

#include "AbcSkins.h"
#include "LtbExportModel.h"
#include "LtbFaceFront.h"
#include "LtbWriter.h"
#include "Common/ExportError.h"
#include "Common/LzmaAlone.h"
#include "Common/SceneHelpers.h"

#include <assimp/postprocess.h>
#include <assimp/scene.h>
#include <assimp_retro/config.h>

#include <stdexcept>
#include <string>
#include <vector>

namespace assimp_retro {
namespace ltb {

namespace {

const std::string kPrefix = std::string(kLtbExportFormat) + " export: ";

/// An integer property within [low, high]; `fallback` when unset.
int IntegerProperty(const Assimp::ExportProperties *properties, const char *name, int fallback, int low, int high) {
    if (!properties || !properties->HasPropertyInteger(name)) {
        return fallback;
    }
    const int value = properties->GetPropertyInteger(name, fallback);
    if (value < low || value > high) {
        ThrowExportError(kPrefix + name + " is " + std::to_string(value) + "; expected " + std::to_string(low) +
                " to " + std::to_string(high));
    }
    return value;
}

} // namespace

void ExportLtb(const char *path, Assimp::IOSystem *io, const aiScene *scene,
        const Assimp::ExportProperties *properties) {
    if (!scene || !path) {
        ThrowExportError(kPrefix + "no scene");
    }
    LtbExportSettings settings;
    settings.compression = IntegerProperty(properties, AI_CONFIG_EXPORT_LTB_COMPRESSION, kCompressionAsSource,
            kCompressionAsSource, int(kCompressRelevantRot16));
    const int faceFront = IntegerProperty(properties, AI_CONFIG_EXPORT_LTB_FACE_FRONT, kFaceFrontByName,
            kFaceFrontByName, 1);
    settings.turn = ShouldTurnHalfAboutY(faceFront, path);
    // A bool property is an integer in Assimp's property store.
    const bool pack = !properties || properties->GetPropertyInteger(AI_CONFIG_EXPORT_LTB_LZMA, 1) != 0;

    std::vector<std::string> warnings;
    const Model model = BuildLtbModel(*scene, settings, &warnings);
    for (const std::string &w : warnings) {
        LogWarning(kPrefix + w);
    }
    std::vector<uint8_t> bytes = Write(model);
    if (pack) {
        try {
            bytes = EncodeLzmaAlone(bytes);
        } catch (const std::runtime_error &e) {
            ThrowExportError(kPrefix + e.what());
        }
    }
    abc::WriteModelAndSkins(path, io, bytes, {}, kLtbExportFormat);
}

Assimp::Exporter::ExportFormatEntry LtbExportEntry() {
    return Assimp::Exporter::ExportFormatEntry(kLtbExporterId,
            "LithTech LTB, PC model version 25 (CrossFire, NOLF2-era games; assimp-retro)", "ltb", &ExportLtb,
            aiProcess_Triangulate);
}

} // namespace ltb
} // namespace assimp_retro
