// assimp-retro: the node animations of a glTF written by ExportGltf, written
// by the completion instead of Assimp's glTF2 exporter, in the shared layout
// of GltfAnimationLayout.h, which the port's exporter patch 0013 writes too.
//
// Why the completion and not Assimp 5.2.5's exporter: it appends each
// accessor to its one buffer with Buffer::Grow, which copies the whole
// buffer every time (glTF2Asset.inl, inline code compiled into libassimp:
// nothing outside can change it), and it writes every track with accessors
// and a bufferView of its own. ExportGltf hands Assimp the scene without the
// animations (ExportSceneView) and the completion appends them here in one
// pass. docs/gltf-export.md has the measurements.
#pragma once

#include <functional>
#include <string>
#include <vector>

struct aiScene;

namespace assimp_retro {

class GltfDocument;
struct GltfCompletionReport;

/// Appends every aiAnimation of `scene` to `document`, laid out by
/// gltf_rules::LayOutNodeAnimations: one glTF animation per aiAnimation,
/// named as it is or "anim", even without node channels (the completion adds
/// morph weight channels to it, or drops it); two bufferViews of buffer 0
/// (every distinct list of key times, then every distinct list of values),
/// one accessor per distinct list (inputs with min/max, outputs without),
/// samplers without the default "LINEAR". The JSON is rapidjson's, laid out
/// as Assimp's writer lays it out. `nodeOfName` gives the glTF node a channel
/// targets (-1: none; the channel is skipped with a note); the nodes' static
/// transforms are read from the document's `nodes`. Returns the glTF channels
/// written and sets `tracksLeftOut` (tracks of paths no animation moves) and
/// `withoutChannels` (animations written without a channel), or -1 and sets
/// `error`.
long long WriteNodeAnimations(const aiScene &scene, GltfDocument &document,
        const std::function<long long(const std::string &)> &nodeOfName, std::vector<std::string> &notes,
        std::string &error, size_t *tracksLeftOut = nullptr, size_t *withoutChannels = nullptr);

/// CompleteGltf for a file Assimp's exporter wrote from `scene` without its
/// animations (ExportGltf): the completion writes them first.
bool CompleteGltfWithAnimations(const aiScene &scene, const std::string &path, std::string *error,
        GltfCompletionReport *report);

} // namespace assimp_retro
