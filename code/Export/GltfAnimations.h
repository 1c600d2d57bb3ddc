// assimp-retro: the node animations of a glTF written by ExportGltf, written
// by the completion instead of Assimp's glTF2 exporter, byte for byte as
// Assimp 5.2.5 writes them.
//
// Why: Assimp 5.2.5's exporter appends each accessor to its one buffer with
// Buffer::Grow, which copies the whole buffer every time (glTF2Asset.inl,
// inline code compiled into libassimp: nothing outside can change it). An
// animated model is mostly animation accessors (TIBERIUS: 2,880 of 2,887, six
// per channel), so its export cost grows with the square of the animation
// data: 44 ms of thread CPU for TIBERIUS against 0.9 ms without the
// animations. ExportGltf hands Assimp the scene without them
// (ExportSceneView) and the completion appends them here in one pass.
// docs/gltf-export.md has the measurements.
#pragma once

#include <functional>
#include <string>
#include <vector>

struct aiScene;

namespace assimp_retro {

class GltfDocument;
struct GltfCompletionReport;

/// Appends every aiAnimation of `scene` to `document` as Assimp 5.2.5's
/// glTF2 exporter would have (glTF2Exporter::ExportAnimations): one glTF
/// animation per aiAnimation, named as it is or "anim", even without node
/// channels (the completion adds morph weight channels to it, or drops it);
/// for each aiNodeAnim its translation, rotation and scale keys, each as a
/// LINEAR sampler with its own time accessor (seconds as float(mTime /
/// float(mTicksPerSecond))) and value accessor (FLOAT, min/max of the finite
/// values), in that order, each accessor in its own bufferView of buffer 0.
/// The JSON is rapidjson's, as Assimp writes it. `nodeOfName` gives the glTF
/// node a channel targets (-1: none; the channel is skipped with a note).
/// A non-positive or non-finite mTicksPerSecond, which Assimp divides by as
/// it is, is replaced by gltf_rules::kDefaultTicksPerSecond with a note.
/// Returns the aiNodeAnim channels written (those with keys), or -1 and sets
/// `error`.
long long WriteNodeAnimations(const aiScene &scene, GltfDocument &document,
        const std::function<long long(const std::string &)> &nodeOfName, std::vector<std::string> &notes,
        std::string &error);

/// CompleteGltf for a file Assimp's exporter wrote from `scene` without its
/// animations (ExportGltf): the completion writes them first.
bool CompleteGltfWithAnimations(const aiScene &scene, const std::string &path, std::string *error,
        GltfCompletionReport *report);

} // namespace assimp_retro
