#include "AbcExporter.h"

#include "AbcMetadataKeys.h"
#include "AbcSkins.h"
#include "AbcLt1ExportModel.h"
#include "AbcLt1Writer.h"
#include "AbcLt2ExportModel.h"
#include "AbcLt2Writer.h"
#include "Common/ExportError.h"
#include "Common/SceneHelpers.h"

#include <assimp/IOStream.hpp>
#include <assimp/IOSystem.hpp>
#include <assimp/postprocess.h>
#include <assimp/scene.h>
#include <assimp_retro/config.h>

#include <memory>
#include <string>
#include <vector>

namespace assimp_retro {
namespace abc {

namespace {

void LogWarnings(const std::string &format, const std::vector<std::string> &warnings) {
    for (const std::string &w : warnings) {
        LogWarning(format + " export: " + w);
    }
}

} // namespace

void ExportAbcV6(const char *path, Assimp::IOSystem *io, const aiScene *scene,
        const Assimp::ExportProperties *properties) {
    if (!scene) {
        ThrowExportError("ABC v6 export: no scene");
    }
    const SkinSettings skinSettings = ReadSkinSettings(properties, SkinGeneration::LithTech1, "ABC v6");
    std::vector<std::string> warnings;
    const Lt1OutModel model = BuildLt1Model(*scene, &warnings);
    const std::vector<SkinFile> skins = BuildSkins(*scene, path, false, skinSettings, io, "ABC v6", &warnings);
    LogWarnings("ABC v6", warnings);
    WriteModelAndSkins(path, io, WriteLt1(model), skins, "ABC v6");
}

Assimp::Exporter::ExportFormatEntry AbcV6ExportEntry() {
    // Triangulated by Assimp first (the format stores triangles only).
    return Assimp::Exporter::ExportFormatEntry(kAbcV6ExporterId,
            "LithTech ABC v6 (Shogo, Blood 2, KISS Psycho Circus; assimp-retro)", "abc", &ExportAbcV6,
            aiProcess_Triangulate);
}

void ExportAbcV12(const char *path, Assimp::IOSystem *io, const aiScene *scene,
        const Assimp::ExportProperties *properties) {
    if (!scene) {
        ThrowExportError("ABC v12 export: no scene");
    }
    const SkinSettings skinSettings = ReadSkinSettings(properties, SkinGeneration::LithTech2, "ABC v12");
    V12ExportSettings settings;
    if (properties) {
        settings.pieceLodWeight = properties->GetPropertyString(AI_CONFIG_EXPORT_ABC_V12_PIECE_LOD_WEIGHT, "");
        if (!settings.pieceLodWeight.empty() && settings.pieceLodWeight != "yes" && settings.pieceLodWeight != "no") {
            ThrowExportError("ABC v12 export: " + std::string(AI_CONFIG_EXPORT_ABC_V12_PIECE_LOD_WEIGHT) + " is '" +
                    settings.pieceLodWeight + "'; expected 'yes', 'no' or ''");
        }
        settings.bakeChildModels = properties->GetPropertyBool(AI_CONFIG_EXPORT_ABC_V12_BAKE_CHILD_MODELS, false);
    }
    std::vector<std::string> warnings;
    const lt2::Model model = BuildV12Model(*scene, settings, &warnings);
    const std::vector<SkinFile> skins = BuildSkins(*scene, path, true, skinSettings, io, "ABC v12", &warnings);
    LogWarnings("ABC v12", warnings);
    WriteModelAndSkins(path, io, lt2::Write(model), skins, "ABC v12");
}

Assimp::Exporter::ExportFormatEntry AbcV12ExportEntry() {
    return Assimp::Exporter::ExportFormatEntry(kAbcV12ExporterId, "LithTech ABC v12 (NOLF, AVP2; assimp-retro)", "abc",
            &ExportAbcV12, aiProcess_Triangulate);
}

const char *AbcExporterFor(const aiScene &scene) {
    int32_t version = 0;
    if (scene.mMetaData && scene.mMetaData->Get(keys::kVersion.name, version) && version >= 9 && version <= 13) {
        return kAbcV12ExporterId;
    }
    return kAbcV6ExporterId;
}

} // namespace abc
} // namespace assimp_retro
