// ExportGltf: Assimp's glTF2 exporter on a metadata-free view of the scene,
// then the glTF completion (which writes the metadata as `extras`).
#include <assimp_retro/gltf_completion.h>

#include "Export/ExportSceneView.h"
#include "Export/GltfAnimations.h"
#include <assimp_retro/scene_export.h>

#include <assimp/Exporter.hpp>
#include <assimp/metadata.h>
#include <assimp/scene.h>

#include <memory>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace assimp_retro {
namespace {

/// The text of `name` (its length says where it ends: the scene check has
/// refused a name with a zero inside).
std::string_view View(const aiString &name) {
    return std::string_view(name.data, name.length);
}

void CollectNodeNames(const aiNode *node, std::set<std::string, std::less<>> &names) {
    if (!node) {
        return;
    }
    names.insert(node->mName.C_Str());
    for (unsigned i = 0; i < node->mNumChildren; ++i) {
        CollectNodeNames(node->mChildren[i], names);
    }
}

/// Assimp 5.2.5's glTF2 exporter looks bones and animation channels up by
/// node name and dereferences the result unchecked: a name without a node
/// segfaults (glTF2Exporter.cpp 938 and 1516). Returns why, or "".
std::string FindExporterCrash(const aiScene &scene) {
    std::set<std::string, std::less<>> nodes; // looked up by View, without a copy of each name
    CollectNodeNames(scene.mRootNode, nodes);
    for (unsigned m = 0; m < scene.mNumMeshes; ++m) {
        const aiMesh *mesh = scene.mMeshes[m];
        for (unsigned b = 0; mesh && b < mesh->mNumBones; ++b) {
            const std::string_view bone = View(mesh->mBones[b]->mName);
            if (nodes.find(bone) == nodes.end()) {
                return "bone '" + std::string(bone) + "' of mesh " + std::to_string(m) + " names no node";
            }
        }
    }
    for (unsigned a = 0; a < scene.mNumAnimations; ++a) {
        const aiAnimation *animation = scene.mAnimations[a];
        for (unsigned c = 0; animation && c < animation->mNumChannels; ++c) {
            const std::string_view node = View(animation->mChannels[c]->mNodeName);
            if (nodes.find(node) == nodes.end()) {
                return "animation " + std::to_string(a) + " channel '" + std::string(node) + "' names no node";
            }
        }
    }
    return "";
}

} // namespace

bool ExportGltf(const aiScene &scene, const std::string &formatId, const std::string &path, std::string *error,
        GltfCompletionReport *report, unsigned preprocessing, const Assimp::ExportProperties *properties) {
    if (report) {
        *report = GltfCompletionReport();
    }
    if (formatId != "gltf2" && formatId != "glb2") {
        if (error) {
            *error = "ExportGltf: format id must be \"gltf2\" or \"glb2\", not \"" + formatId + "\"";
        }
        return false;
    }
    std::string invalid;
    if (!CheckSceneForExport(scene, &invalid)) {
        if (error) {
            *error = "cannot export to glTF: " + invalid;
        }
        return false;
    }
    const std::string crash = FindExporterCrash(scene);
    if (!crash.empty()) {
        if (error) {
            *error = "cannot export to glTF: " + crash + " (Assimp's glTF2 exporter would crash)";
        }
        return false;
    }
    {
        // Without the animations: Assimp 5.2.5 copies its whole buffer for
        // every accessor it appends, and an animated model is mostly animation
        // accessors. The completion writes them as Assimp would (GltfAnimations.h).
        ExportSceneView view(scene, false);
        // Assimp writes the nodes of an animated scene as translation,
        // rotation and scale instead of a matrix (what channels replace);
        // this property, which 5.2.5 and main test for presence, keeps that.
        Assimp::ExportProperties withTrs = properties ? *properties : Assimp::ExportProperties();
        if (scene.mNumAnimations > 0) {
            withTrs.SetPropertyBool("GLTF2_NODE_IN_TRS", true);
        }
        Assimp::Exporter exporter;
        if (exporter.Export(view.scene, formatId.c_str(), path.c_str(), preprocessing, &withTrs) != AI_SUCCESS) {
            if (error) {
                *error = std::string("Assimp's glTF2 exporter failed: ") + exporter.GetErrorString();
            }
            return false;
        }
    }
    GltfCompletionReport local;
    GltfCompletionReport &result = report ? *report : local;
    const bool completed = CompleteGltfWithAnimations(scene, path, error, &result);
    result.exported = true;
    return completed;
}

} // namespace assimp_retro
