// ExportCollada: Assimp's COLLADA exporter on a view of the scene without its
// animations and node metadata, then the passes that write them
// (include/assimp_retro/collada_export.h).
#include <assimp_retro/collada_export.h>

#include "Common/ExportError.h"
#include "Export/ColladaAnimations.h"
#include "Export/ColladaMetadata.h"
#include "Export/ExportSceneView.h"

#include <assimp/Exporter.hpp>
#include <assimp/scene.h>

#include <string>
#include <utility>

namespace assimp_retro {
namespace {

/// The two passes, animations first. The report counts what was written: a
/// pass that fails leaves its part of the report empty (and the file as the
/// failing pass left it).
bool CompleteCollada(const aiScene &scene, const std::string &path, std::string *error, ColladaExportReport &report) {
    ColladaAnimationReport animations;
    if (!AddColladaAnimations(scene, path, error, &animations)) {
        return false;
    }
    report.animationsWritten = animations.animationsWritten;
    report.channelsWritten = animations.channelsWritten;
    report.timelineSeconds = animations.timelineSeconds;
    report.animationNotes = std::move(animations.notes);
    ColladaMetadataReport metadata;
    if (!AddColladaMetadata(scene, path, error, &metadata)) {
        return false;
    }
    report.metadataEntriesWritten = metadata.entriesWritten;
    report.elementsWithMetadata = metadata.elementsWithMetadata;
    report.metadataNotes = std::move(metadata.notes);
    return true;
}

} // namespace

bool ExportCollada(const aiScene &scene, const std::string &path, std::string *error, ColladaExportReport *report,
        unsigned preprocessing, const Assimp::ExportProperties *properties) {
    ColladaExportReport local;
    ColladaExportReport &result = report ? *report : local;
    result = ColladaExportReport();
    {
        // Without the animations: the completion writes them (ColladaAnimations.h).
        const ExportSceneView view(scene, false);
        Assimp::Exporter exporter;
        if (exporter.Export(view.scene, "collada", path.c_str(), preprocessing, properties) != AI_SUCCESS) {
            const char *message = exporter.GetErrorString();
            return FailWith(error, std::string("export failed: ") + ((message && *message) ? message : "unknown error"));
        }
    }
    result.exported = true;
    return CompleteCollada(scene, path, error, result);
}

} // namespace assimp_retro
