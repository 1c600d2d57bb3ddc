// assimp-retro: completing a glTF / GLB file written by Assimp's glTF2 exporter
// with what that exporter drops (see docs/outputs.md "glTF completion"): cameras on
// their nodes, node metadata as `extras`, and morph-target `weights`
// animation channels from aiAnimation::mMorphMeshChannels; scene metadata as
// the glTF scene's `extras`; every node an animation moves made a joint of
// the skin (Assimp's joints are the meshes' bones); skinned meshes moved to scene root nodes (the
// validator warns NODE_SKINNED_MESH_NON_ROOT otherwise; glTF ignores the
// transform of a skinned mesh's node and its parents); bytes of the buffer
// that no bufferView references removed (Assimp's exporter leaves
// uninitialised heap memory there after JOINTS_0), the views moved down.
//
//   Assimp::Exporter exporter;
//   exporter.Export(scene, "glb2", "out.glb");
//   std::string error;
//   if (!assimp_retro::CompleteGltf(*scene, "out.glb", &error)) { ... }
//
// or, in one step and safe for every scene (see ExportGltf below):
//
//   if (!assimp_retro::ExportGltf(*scene, "glb2", "out.glb", &error)) { ... }
//
// Pass the same scene that was exported. Parts the exporter already wrote
// (a newer Assimp) are left as they are, never duplicated.
//
// Conventions (the inverse of Assimp's glTF2 importer):
// - aiCamera::mHorizontalFOV is the FULL horizontal angle in radians (what
//   Assimp's COLLADA, FBX (5.2.5) and glTF2 importers store, and what upstream
//   PR #3912 made the doc say; the sentence "angle between the center line and
//   the border" in camera.h is a leftover). glTF yfov = 2 atan(tan(hfov/2) /
//   mAspect) when mAspect > 0 (aspectRatio = mAspect), else yfov = hfov.
//   mOrthographicWidth > 0 makes an orthographic camera (xmag = width,
//   ymag = width / mAspect).
// - A camera whose aiCamera frame is glTF's (mPosition 0, mLookAt -Z, mUp +Y)
//   goes on its node; any other frame gets a child node "<name>.Camera" whose
//   TRS turns glTF's camera frame into the aiCamera's.
// - aiMeshMorphAnim::mName names the node whose mesh carries the targets (as
//   Assimp's glTF2 importer does); if no node has that name, the nodes that
//   reference an aiMesh of that name are used. Times are mTime /
//   mTicksPerSecond (25 if that is 0), LINEAR, one weight per target per key
//   (0 for targets a key does not name).
// - Metadata: bool, int32, uint64, float, double, string as JSON scalars,
//   aiVector3D as [x, y, z], nested aiMetadata as an object (int64 and uint32
//   too when the Assimp headers have them).
#pragma once

#include <string>
#include <vector>

struct aiScene;
namespace Assimp {
class ExportProperties;
}

namespace assimp_retro {

struct GltfCompletionReport {
    unsigned camerasAdded = 0; ///< cameras written and attached to nodes
    unsigned nodesWithExtras = 0; ///< nodes given `extras` (or more `extras` keys) from aiNode::mMetaData
    unsigned weightChannelsAdded = 0; ///< `weights` animation channels written
    unsigned cameraFrameNodesAdded = 0; ///< "<name>.Camera" child nodes made for cameras with a non-glTF frame
    unsigned extrasKeysAdded = 0; ///< top-level `extras` keys written, over all nodes
    unsigned emptyAnimationsRemoved = 0; ///< animations without channels (invalid glTF) dropped
    unsigned sceneExtrasKeysAdded = 0; ///< `extras` keys written on the glTF scene from aiScene::mMetaData
    unsigned skinnedMeshesMovedToRoot =
            0; ///< skinned meshes put on a scene root node (glTF ignores their node's transform)
    unsigned skinJointsAdded = 0; ///< nodes an animation moves that joined the skin (Assimp's joints are the
    ///< meshes' bones only; Blender made each other animated node an object with actions of its own)
    unsigned long long unreferencedBytesRemoved =
            0; ///< bytes of buffer 0 no bufferView referenced, removed (Assimp's JOINTS_0 leftovers)
    unsigned nodeChannelsWritten = 0; ///< ExportGltf: glTF channels (translation, rotation, scale) the completion
    ///< wrote for the aiNodeAnim tracks, in place of Assimp's exporter (docs/gltf-export.md)
    unsigned nodeTracksLeftOut = 0; ///< ExportGltf: aiNodeAnim tracks not written, of a path no animation moves
    ///< away from the node's static value (LithTech's scale)
    bool fileChanged = false; ///< false: nothing was missing, the file was not rewritten
    bool exported = false; ///< ExportGltf: Assimp's exporter wrote the file (a failure after this is the completion's)
    std::vector<std::string> notes; ///< every part that was skipped, and why
};

/// Rewrites `path` (.gltf with its .bin or data: URI buffer, or .glb) in
/// place. Returns false and sets `error` if the file cannot be read, parsed
/// or written; parts that cannot be mapped onto the file are skipped with a
/// note in the report instead.
bool CompleteGltf(const aiScene &scene, const std::string &path, std::string *error = nullptr,
        GltfCompletionReport *report = nullptr);

/// Assimp::Exporter::Export(scene, formatId ("gltf2" or "glb2"), path,
/// preprocessing, properties) followed by CompleteGltf. The exporter is given
/// a view of `scene` whose nodes carry no aiMetadata, because Debian's Assimp
/// 5.2.5 aborts on a nested aiMetadata (ai_assert in SceneCombiner::Copy) and
/// frees the caller's empty aiMetadata (use after free) while copying the
/// scene, and its glTF2 exporter writes no node metadata anyway: CompleteGltf
/// writes all of it as `extras`. `scene` itself is not modified.
/// A scene the 5.2.5 exporter would crash on (a bone or animation channel
/// naming no node) is refused with an error instead.
bool ExportGltf(const aiScene &scene, const std::string &formatId, const std::string &path,
        std::string *error = nullptr, GltfCompletionReport *report = nullptr, unsigned preprocessing = 0,
        const Assimp::ExportProperties *properties = nullptr);

} // namespace assimp_retro
