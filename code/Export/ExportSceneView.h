// A view of an aiScene for Assimp's exporters: the caller's meshes,
// materials, animations, ... shared, with its own node tree without
// aiMetadata. Assimp 5.2.5 aborts on a nested aiMetadata (ai_assert in
// SceneCombiner::Copy) and frees the caller's empty aiMetadata while copying
// a scene for export; its exporters write no node metadata anyway.
// CheckSceneForExport (SceneCheck.cpp) copies a scene through the same view.
// This library's game exporters (abc6, abc12, p3d) read node metadata: for
// them the view keeps it, with nested entries flattened (GameModelExport.h).
#pragma once

#include <memory>
#include <string>
#include <vector>

struct aiMetadata;
struct aiScene;

namespace assimp_retro {

class MetaBuilder;

/// Adds entry `i` of `metadata` to `out` as `key`; a nested aiMetadata's
/// entries become "<key>.<inner key>" (down to 64 levels). An entry without
/// key or value is left out; what cannot be copied is named in `notes`
/// (`where`: "scene", "node 'x'"), when given.
void AddFlattenedEntry(const aiMetadata &metadata, unsigned i, const std::string &key, const std::string &where,
        int depth, MetaBuilder &out, std::vector<std::string> *notes);

/// What the view does with node metadata.
enum class ViewMetadata {
    Drop, ///< no node metadata (Assimp's own exporters write none)
    KeepFlat, ///< flat copies; a nested entry's values become "outer.inner" keys
};

/// An aiScene sharing the caller's meshes, materials, animations, textures,
/// lights, cameras and skeletons, with its own metadata-free node tree. Scene
/// metadata is shared only when it is non-empty and flat. The shared arrays
/// are detached again before the view is destroyed. Without `withAnimations`
/// the view has no animations (the COLLADA pass writes them itself:
/// ColladaAnimations.h). With ViewMetadata::KeepFlat, node and scene
/// metadata are copied flat, and each nested entry flattened is named in
/// `notes` (when given).
struct ExportSceneView {
    explicit ExportSceneView(const aiScene &source, bool withAnimations = true,
            ViewMetadata metadata = ViewMetadata::Drop, std::vector<std::string> *notes = nullptr);
    ~ExportSceneView();
    ExportSceneView(const ExportSceneView &) = delete;
    ExportSceneView &operator=(const ExportSceneView &) = delete;

    aiScene *scene;

private:
    std::unique_ptr<aiMetadata> mFlatSceneMetadata; ///< owned when the scene's had to be flattened
};

} // namespace assimp_retro
