// A view of an aiScene for Assimp's exporters: the caller's meshes,
// materials, animations, ... shared, with its own node tree without
// aiMetadata. Assimp 5.2.5 aborts on a nested aiMetadata (ai_assert in
// SceneCombiner::Copy) and frees the caller's empty aiMetadata while copying
// a scene for export; its exporters write no node metadata anyway.
// CheckSceneForExport (SceneCheck.cpp) copies a scene through the same view.
#pragma once

struct aiScene;

namespace assimp_retro {

/// An aiScene sharing the caller's meshes, materials, animations, textures,
/// lights, cameras and skeletons, with its own metadata-free node tree. Scene
/// metadata is shared only when it is non-empty and flat. The shared arrays
/// are detached again before the view is destroyed. Without `withAnimations`
/// the view has no animations (the COLLADA pass writes them itself:
/// ColladaAnimations.h).
struct ExportSceneView {
    explicit ExportSceneView(const aiScene &source, bool withAnimations = true);
    ~ExportSceneView();
    ExportSceneView(const ExportSceneView &) = delete;
    ExportSceneView &operator=(const ExportSceneView &) = delete;

    aiScene *scene;
};

} // namespace assimp_retro
