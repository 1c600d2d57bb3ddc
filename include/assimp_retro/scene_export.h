// assimp-retro: Assimp's own exporters (OBJ, COLLADA, STL, ...) made safe for
// the scenes the assimp-retro importers make. Assimp 5.2.5's exporters trust
// their input (an invalid scene can crash them), abort on a nested
// aiMetadata while copying the scene (ai_assert in SceneCombiner::Copy) and
// free the caller's empty aiMetadata; they write no node metadata anyway.
//
//   std::string error;
//   if (!assimp_retro::CheckSceneForExport(*scene, &error)) { ... }
//   if (!assimp_retro::ExportWithAssimp(exporter, *scene, "obj", "out.obj")) {
//       ... exporter.GetErrorString() ...
//   }
//
// glTF, FBX and COLLADA have their own entries that also write what Assimp's
// exporters drop (gltf_completion.h, fbx_export.h, collada_export.h); the
// game formats ExportGameModel (assimp_retro.h).
#pragma once

#include <memory>
#include <string>
#include <vector>

struct aiScene;
namespace Assimp {
class Exporter;
class ExportProperties;
} // namespace Assimp

namespace assimp_retro {

/// Runs Assimp's ValidateDataStructure step on a copy of `scene` (node
/// metadata, and scene metadata that is not flat, left out: Assimp 5.2.5
/// cannot copy every aiMetadata, and the validator does not look at it).
/// Returns false, with the validator's message in `*error`, when the scene is
/// invalid or cannot be copied. `scene` is not modified. Costs one deep copy
/// of the scene, made in parts: the animations are copied and validated a
/// batch of about 8 MB of keys at a time.
bool CheckSceneForExport(const aiScene &scene, std::string *error = nullptr);

/// exporter.Export(scene, formatId, path, preprocessing, properties) on a
/// view of `scene` that shares its meshes, materials, animations, ... with a
/// node tree of its own without aiMetadata. False when the exporter fails
/// (its message in exporter.GetErrorString()). `scene` is not modified.
bool ExportWithAssimp(Assimp::Exporter &exporter, const aiScene &scene, const std::string &formatId,
        const std::string &path, unsigned preprocessing = 0, const Assimp::ExportProperties *properties = nullptr);

/// While it lives, `scene` holds only the animations last chosen with Select,
/// for writing some of a scene's animations (the tool's --split-animations):
/// everything else is the scene's own. Scene metadata keyed by animation
/// index, "<format>:anim<i>.<field>" (LithTech's abc:anim<i>.*), follows the
/// chosen animations' new indices, and the keys of the others are left out,
/// so that the game exporters (abc6, abc12, ltb) find each animation's
/// keyframes and commands; so does LithTech's own binding list
/// (abc:animBinding0.<j>.*, which names its animations), by name. Destroyed, it gives the scene back its animations
/// and metadata as they were. Costs one pass over the metadata, then per
/// Select a copy of the entries kept (not of the animations).
class AnimationSubset {
public:
    explicit AnimationSubset(aiScene &scene);
    ~AnimationSubset();
    AnimationSubset(const AnimationSubset &) = delete;
    AnimationSubset &operator=(const AnimationSubset &) = delete;

    /// The scene's animations as they were.
    unsigned Count() const;
    /// Makes the scene hold the animations `indices` (into the scene's list
    /// as it was; each below Count()), in that order; none for an empty list.
    void Select(const std::vector<unsigned> &indices);

private:
    struct State;
    std::unique_ptr<State> mState;
};

} // namespace assimp_retro
