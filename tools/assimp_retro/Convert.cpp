// assimp-retro tool: converting one file (shared by `export` and batch mode).
#include "Tool.h"

#include <assimp_retro/assimp_retro.h>
#include <assimp_retro/collada_export.h>
#include <assimp_retro/fbx_export.h>
#include <assimp_retro/gltf_completion.h>
#include <assimp_retro/gltf_texture_refs.h>
#include <assimp_retro/scene_export.h>

#include <assimp/Exporter.hpp>
#include <assimp/Importer.hpp>
#include <assimp/postprocess.h>
#include <assimp/scene.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <memory>

namespace retro_tool {

namespace {

// Short names accepted by -f besides the exporter ids. `glb`/`gltf` mean
// glTF 2 here (the stock tool maps them to the old glTF 1 exporters when given
// as -f ids, but to glTF 2 when taken from the output file's extension); the
// glTF 1 exporters stay reachable as glb1/gltf1.
const struct {
    const char *alias;
    const char *id;
} kFormatAliases[] = {
        {"glb", "glb2"},
        {"gltf", "gltf2"},
        {"glb1", "glb"},
        {"gltf1", "gltf"},
};

bool FillFormat(Assimp::Exporter &exporter, size_t index, OutputFormat &format) {
    const aiExportFormatDesc *desc = exporter.GetExportFormatDescription(index);
    if (!desc) {
        return false;
    }
    format.id = desc->id;
    format.extension = desc->fileExtension ? desc->fileExtension : "";
    format.description = desc->description ? desc->description : "";
    return true;
}

unsigned CountBones(const aiScene &scene) {
    unsigned bones = 0;
    for (unsigned m = 0; m < scene.mNumMeshes; ++m) {
        bones += scene.mMeshes[m]->mNumBones;
    }
    return bones;
}

double SecondsSince(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

/// Binary FBX with the null records Assimp 5.2.5 omits, in metres, with the
/// morph targets and metadata its exporter drops (ExportFbx).
bool ExportFbxFile(const aiScene &scene, const std::string &formatId, const std::string &output,
        ConversionResult &result) {
    std::string error;
    assimp_retro::FbxCompletionReport report;
    if (!assimp_retro::ExportFbx(scene, formatId, output, &error, &report)) {
        result.error = report.exported ? "FBX completion failed: " + error : error;
        result.exitCode = report.exported ? kExitCompletionFailed : kExitExportFailed;
        return false;
    }
    if (report.morphTargetsWritten > 0) {
        result.notes.push_back("FBX completion: " + std::to_string(report.morphTargetsWritten) + " morph target(s), " +
                std::to_string(report.morphWeightCurves) + " weight curve(s) added");
    }
    if (report.nodeCurveNodesWritten > 0 || report.stillPathsLeftOut > 0) {
        result.notes.push_back("FBX completion: node animation in " + std::to_string(report.nodeCurveNodesWritten) +
                " curve node(s); " + std::to_string(report.stillPathsLeftOut) +
                " node path(s) no animation moves left out");
    }
    if (report.metadataPropertiesWritten > 0) {
        result.notes.push_back("FBX completion: " + std::to_string(report.metadataPropertiesWritten) +
                " metadata entries as user properties of " + std::to_string(report.objectsWithMetadata) + " object(s)");
    }
    for (const std::string &note : report.notes) {
        result.notes.push_back("FBX completion: " + note);
    }
    return true;
}

/// This library's game exporters read node metadata (sockets, LODs,
/// selections): they get the scene with it, as the library and the patched
/// stock `assimp export` give it (assimp_retro::ExportGameModel).
bool ExportGameFile(Assimp::Exporter &exporter, const aiScene &scene, const std::string &exporterId,
        const std::string &output, const Assimp::ExportProperties &properties, ConversionResult &result) {
    std::vector<std::string> notes;
    const bool written = assimp_retro::ExportGameModel(exporter, scene, exporterId, output, &properties, &notes);
    for (const std::string &note : notes) {
        result.notes.push_back(note);
    }
    if (!written) {
        const char *message = exporter.GetErrorString();
        result.error = std::string("export failed: ") + ((message && *message) ? message : "unknown error");
        result.exitCode = kExitExportFailed;
    }
    return written;
}

/// Assimp's COLLADA file given the scene's node animations with a clip each
/// (its exporter, which got the scene without them, writes unusable ones) and
/// the scene's metadata (COLLADA <extra>), which it does not write
/// (assimp_retro::ExportCollada).
bool ExportColladaFile(const aiScene &scene, const std::string &output, const Assimp::ExportProperties &properties,
        ConversionResult &result) {
    std::string error;
    assimp_retro::ColladaExportReport report;
    const bool written = assimp_retro::ExportCollada(scene, output, &error, &report, 0u, &properties);
    if (!written && !report.exported) {
        result.error = error;
        result.exitCode = kExitExportFailed;
        return false;
    }
    if (report.animationsWritten > 0) {
        char seconds[32];
        std::snprintf(seconds, sizeof(seconds), "%.3f", report.timelineSeconds);
        result.notes.push_back("COLLADA completion: " + std::to_string(report.animationsWritten) +
                " animation(s) with " + std::to_string(report.channelsWritten) +
                " channel(s), one clip each, one after another on a " + seconds + " s timeline");
    }
    for (const std::string &note : report.animationNotes) {
        result.notes.push_back("COLLADA completion: " + note);
    }
    if (report.metadataEntriesWritten > 0) {
        result.notes.push_back("COLLADA completion: " + std::to_string(report.metadataEntriesWritten) +
                " metadata entries on " + std::to_string(report.elementsWithMetadata) + " element(s)");
    }
    for (const std::string &note : report.metadataNotes) {
        result.notes.push_back("COLLADA completion: " + note);
    }
    if (!written) {
        result.error = "COLLADA completion failed: " + error;
        result.exitCode = kExitCompletionFailed;
    }
    return written;
}

} // namespace

bool FindOutputFormat(Assimp::Exporter &exporter, const std::string &requested, OutputFormat &format) {
    std::string name = ToLower(requested);
    if (!name.empty() && name[0] == '.') {
        name.erase(0, 1);
    }
    if (name.empty()) {
        return false;
    }
    for (const auto &alias : kFormatAliases) {
        if (name == alias.alias) {
            name = alias.id;
            break;
        }
    }
    const size_t count = exporter.GetExportFormatCount();
    for (size_t i = 0; i < count; ++i) { // exporter id
        const aiExportFormatDesc *desc = exporter.GetExportFormatDescription(i);
        if (desc && name == desc->id) {
            return FillFormat(exporter, i, format);
        }
    }
    for (size_t i = 0; i < count; ++i) { // file extension: the first exporter wins, as in assimp
        const aiExportFormatDesc *desc = exporter.GetExportFormatDescription(i);
        if (desc && desc->fileExtension && name == desc->fileExtension) {
            format.byExtension = true;
            return FillFormat(exporter, i, format);
        }
    }
    return false;
}

unsigned EffectivePostProcessing(const ImportOptions &options, const OutputFormat &format) {
    unsigned flags = options.ppFlags;
    // glTF stores at most 4 joints/weights per vertex and Assimp 5.2.5's
    // exporter drops the extra weights without renormalising the rest, which
    // visibly distorts skinned meshes. LimitBoneWeights keeps the 4 largest
    // (AI_CONFIG_PP_LBW_MAX_WEIGHTS defaults to 4) and renormalises them.
    // Pointless with -ptv (no bones survive); can be switched off.
    if (format.IsGltf2() && !options.noDefaultLbw && !(flags & aiProcess_PreTransformVertices)) {
        flags |= aiProcess_LimitBoneWeights;
    }
    return flags;
}

namespace {

/// Imports `input` with the post-processing `flags`; the scene, owned (the
/// stages below change it), or nullptr with `result` saying why.
std::unique_ptr<aiScene> ImportScene(Assimp::Importer &importer, const std::string &input, unsigned flags,
        const ImportOptions &options, ConversionResult &result) {
    if (!importer.ValidateFlags(flags)) {
        result.error = "unsupported combination of post-processing flags";
        result.exitCode = kExitUsage;
        return nullptr;
    }
    ApplyImportProperties(importer, options);
    const auto start = std::chrono::steady_clock::now();
    if (!importer.ReadFile(input, flags)) {
        const char *message = importer.GetErrorString();
        result.error = (message && *message) ? message : "the importer returned no scene";
        result.exitCode = kExitImportFailed;
        return nullptr;
    }
    result.importSeconds = SecondsSince(start);
    std::unique_ptr<aiScene> scene(importer.GetOrphanedScene());
    // Exporters expand a joined (-jiv) scene back to one vertex per corner
    // but leave morph targets as they are, then join again and assert
    // (Assimp 5.2.5, Vertex.h). Joined or not, the meshes are valid as
    // they are: tell the exporter not to re-expand them.
    scene->mFlags &= ~AI_SCENE_FLAGS_NON_VERBOSE_FORMAT;
    if ((flags & aiProcess_LimitBoneWeights) && !(options.ppFlags & aiProcess_LimitBoneWeights) &&
            CountBones(*scene) > 0) {
        result.notes.push_back("applied -lbw (limit bone weights to 4, renormalised) for glTF output");
    }
    return scene;
}

/// What the output format needs of the scene before its export: the user's
/// rotation of the root node (as the stock tool's -rx/-ry/-rz), and COLLADA's
/// skeleton layout for Blender.
void PrepareSceneForFormat(aiScene &scene, const OutputFormat &format, const ImportOptions &options,
        ConversionResult &result) {
    if (options.rotation != aiVector3D() && scene.mRootNode) {
        aiMatrix4x4 rx, ry, rz;
        aiMatrix4x4::RotationX(options.rotation.x, rx);
        aiMatrix4x4::RotationY(options.rotation.y, ry);
        aiMatrix4x4::RotationZ(options.rotation.z, rz);
        scene.mRootNode->mTransformation *= rx;
        scene.mRootNode->mTransformation *= ry;
        scene.mRootNode->mTransformation *= rz;
    }
    if (format.id != "collada") {
        return;
    }
    // Blender stands a skeleton's armature up only when it is a COLLADA top
    // node (first, so that the wrapper below is not taken out again) ...
    for (const std::string &name : assimp_retro::LiftSkeletonsToTopForCollada(scene)) {
        result.notes.push_back("COLLADA: identity node \"" + name +
                "\" left out, its children put at the top (Blender stands skeletons up only there)");
    }
    // ... makes one armature of skeletons joined through nodes that are no bones ...
    const std::vector<std::string> joined = assimp_retro::JoinSkeletonsForCollada(scene);
    if (!joined.empty()) {
        result.notes.push_back("COLLADA: " + std::to_string(joined.size()) +
                " node(s) joining the skeletons made bones without weights (\"" + joined.front() +
                "\" first), for one armature in Blender");
    }
    // ... and rotates COLLADA top nodes to Z-up; an animated one would lose it.
    if (assimp_retro::WrapAnimatedRootChildrenForCollada(scene)) {
        result.notes.push_back("COLLADA: an identity node put above the animated top-level node(s)");
    }
}

/// glTF 2: game texture paths (.paa, .dtx) cannot be glTF images, so they
/// move out of the slots (the path stays visible in the material name:
/// assimp_retro::MoveNonGltfTextures); then Assimp's exporter, made safe for
/// these scenes, and the parts it drops.
bool ExportGltfFile(aiScene &scene, const OutputFormat &format, const std::string &output,
        const ImportOptions &options, ConversionResult &result) {
    assimp_retro::MoveNonGltfTextures(&scene, &result.notes);
    std::string error;
    assimp_retro::GltfCompletionReport report;
    if (!assimp_retro::ExportGltf(scene, format.id, output, &error, &report)) {
        result.error = report.exported ? "glTF completion failed: " + error : error;
        result.exitCode = report.exported ? kExitCompletionFailed : kExitExportFailed;
        return false;
    }
    if (report.camerasAdded || report.nodesWithExtras || report.weightChannelsAdded || options.verbose) {
        result.notes.push_back("glTF completion: " + std::to_string(report.camerasAdded) + " camera(s), " +
                std::to_string(report.nodesWithExtras) + " node(s) with extras, " +
                std::to_string(report.weightChannelsAdded) + " morph weight channel(s) added");
    }
    for (const std::string &note : report.notes) {
        result.notes.push_back("glTF completion: " + note);
    }
    return true;
}

/// Writes the prepared scene to `output` in `format`, through the exporter
/// that completes it (glTF, FBX, COLLADA), this library's game exporters, or
/// Assimp's own; false with `result` saying why.
bool ExportScene(Assimp::Exporter &exporter, aiScene &scene, const std::string &output, const OutputFormat &format,
        const ImportOptions &options, ConversionResult &result) {
    // Exporters sharing an extension (.abc: abc6, abc12): the scene picks.
    std::string exporterId = format.id;
    if (format.byExtension) {
        if (std::string preferred = assimp_retro::ExporterForExtension(scene, format.extension); !preferred.empty()) {
            exporterId = preferred;
        }
    }
    Assimp::ExportProperties exportProperties; // --set EXPORT_... for the exporters of this library
    ApplyExportProperties(exportProperties, options);
    if (format.IsGltf2()) {
        return ExportGltfFile(scene, format, output, options, result);
    }
    if (std::string invalid; !assimp_retro::CheckSceneForExport(scene, &invalid)) {
        result.error = "cannot export: " + invalid; // Assimp's exporters trust their input
        result.exitCode = kExitExportFailed;
        return false;
    }
    if (!format.StoresEmbeddedTextures() && !WriteTexturesBeside(scene, output, result.notes, result.error)) {
        result.exitCode = kExitExportFailed;
        return false;
    }
    if (format.id == "fbx" || format.id == "fbxa") {
        return ExportFbxFile(scene, format.id, output, result);
    }
    if (assimp_retro::IsGameExporter(exporterId)) {
        return ExportGameFile(exporter, scene, exporterId, output, exportProperties, result);
    }
    if (format.id == "collada") {
        return ExportColladaFile(scene, output, exportProperties, result);
    }
    if (!assimp_retro::ExportWithAssimp(exporter, scene, exporterId, output, 0u, &exportProperties)) {
        const char *message = exporter.GetErrorString();
        result.error = std::string("export failed: ") + ((message && *message) ? message : "unknown error");
        result.exitCode = kExitExportFailed;
        return false;
    }
    return true;
}

/// The files `output` stands for: itself, and for a .gltf its buffer
/// "<stem>.bin", which Assimp's glTF exporter writes beside it.
std::vector<std::string> FilesWritten(const std::string &output, const OutputFormat &format) {
    std::vector<std::string> files{output};
    if (format.id == "gltf2") {
        files.push_back(std::filesystem::u8path(output).replace_extension(".bin").u8string());
    }
    return files;
}

/// --split-animations: the model without animations to `output`, then each
/// animation, with the rest of the model, to its own file beside it
/// (SplitAnimationPaths). Nothing is written when any of those files exists.
bool ExportSplitAnimations(Assimp::Exporter &exporter, aiScene &scene, const std::string &output,
        const OutputFormat &format, const ImportOptions &options, ConversionResult &result) {
    std::vector<std::string> names;
    for (unsigned a = 0; a < scene.mNumAnimations; ++a) {
        names.emplace_back(scene.mAnimations[a]->mName.C_Str());
    }
    const std::vector<std::string> paths = SplitAnimationPaths(output, names);
    std::vector<std::string> existing;
    for (const std::string &target : FilesWritten(output, format)) {
        std::error_code ec;
        if (std::filesystem::exists(std::filesystem::u8path(target), ec)) existing.push_back(target);
    }
    for (const std::string &path : paths) {
        for (const std::string &target : FilesWritten(path, format)) {
            std::error_code ec;
            if (std::filesystem::exists(std::filesystem::u8path(target), ec)) existing.push_back(target);
        }
    }
    if (!existing.empty()) {
        result.error = "--split-animations would overwrite " + existing.front() +
                (existing.size() > 1 ? " and " + std::to_string(existing.size() - 1) + " other file(s)" : "") +
                "; nothing written (remove them, or choose another output name)";
        result.exitCode = kExitUsage;
        return false;
    }
    assimp_retro::AnimationSubset subset(scene);
    subset.Select({});
    if (!ExportScene(exporter, scene, output, format, options, result)) {
        return false;
    }
    for (unsigned a = 0; a < subset.Count(); ++a) {
        subset.Select({a});
        if (!ExportScene(exporter, scene, paths[a], format, options, result)) {
            result.error = paths[a] + ": " + result.error;
            return false;
        }
    }
    result.notes.push_back("--split-animations: the model without animations, and " + std::to_string(paths.size()) +
            " file(s) of one animation each beside it");
    return true;
}

} // namespace

ConversionResult ConvertFile(Assimp::Importer &importer, Assimp::Exporter &exporter, const std::string &input,
        const std::string &output, const OutputFormat &format, const ImportOptions &options) {
    ConversionResult result;
    result.exitCode = kExitExportFailed; // for exceptions; set per stage below
    ConvertCatchingAll(result, [&] {
        std::unique_ptr<aiScene> scene =
                ImportScene(importer, input, EffectivePostProcessing(options, format), options, result);
        if (!scene) {
            return;
        }
        if (options.inspectScene) {
            options.inspectScene(*scene);
        }
        PrepareSceneForFormat(*scene, format, options, result);
        const auto start = std::chrono::steady_clock::now();
        if (options.splitAnimations ? !ExportSplitAnimations(exporter, *scene, output, format, options, result)
                                    : !ExportScene(exporter, *scene, output, format, options, result)) {
            return;
        }
        result.exportSeconds = SecondsSince(start);
        result.ok = true;
        result.exitCode = kExitSuccess;
    });
    if (result.exitCode == kExitCompletionFailed) {
        // Assimp's own file lacks what the completion adds: never leave it
        // where it would pass for a finished conversion.
        std::error_code ec;
        if (std::filesystem::remove(std::filesystem::u8path(output), ec)) {
            result.error += " (the incomplete file was removed)";
        }
    }
    return result;
}

} // namespace retro_tool
