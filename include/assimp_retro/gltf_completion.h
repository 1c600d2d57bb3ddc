// assimp-retro: completing a glTF / GLB file written by Assimp's glTF2 exporter
// with what that exporter drops (see README "glTF completion"): cameras on
// their nodes, node metadata as `extras`, and morph-target `weights`
// animation channels from aiAnimation::mMorphMeshChannels.
//
//   Assimp::Exporter exporter;
//   exporter.Export(scene, "glb2", "out.glb");
//   std::string error;
//   if (!assimp_retro::CompleteGltf(*scene, "out.glb", &error)) { ... }
//
// Pass the same scene that was exported. Parts the exporter already wrote
// (a newer Assimp) are left as they are, never duplicated.
#pragma once

#include <string>

struct aiScene;

namespace assimp_retro {

struct GltfCompletionReport {
    unsigned camerasAdded = 0;       ///< cameras written and attached to nodes
    unsigned nodesWithExtras = 0;    ///< nodes given `extras` from aiNode::mMetaData
    unsigned weightChannelsAdded = 0; ///< `weights` animation channels written
};

/// Rewrites `path` (.gltf with its .bin, or .glb) in place. Returns false and
/// sets `error` if the file cannot be read, parsed or written.
bool CompleteGltf(const aiScene &scene, const std::string &path, std::string *error = nullptr,
        GltfCompletionReport *report = nullptr);

} // namespace assimp_retro
