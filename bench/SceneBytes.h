// assimp-retro benchmarks: what an aiScene holds, found by walking it.
#pragma once

#include <cstddef>

struct aiScene;

namespace assimp_retro_bench {

/// Element counts of a scene, to tell whether two scenes hold the same data.
struct SceneCounts {
    size_t nodes = 0, meshes = 0, vertices = 0, faces = 0, indices = 0, bones = 0, weights = 0;
    size_t animMeshes = 0, animMeshVertices = 0;
    size_t animations = 0, channels = 0, keys = 0, meshChannels = 0, morphChannels = 0, morphKeys = 0;
    size_t materials = 0, materialProperties = 0, textures = 0, cameras = 0, lights = 0;

    bool operator==(const SceneCounts &o) const;
    bool operator!=(const SceneCounts &o) const { return !(*this == o); }
};

SceneCounts CountScene(const aiScene *scene);

/// The bytes the scene's own structures and arrays occupy (sizeof of every
/// struct plus every array it points to; allocator overhead not included).
size_t SceneBytes(const aiScene *scene);

} // namespace assimp_retro_bench
