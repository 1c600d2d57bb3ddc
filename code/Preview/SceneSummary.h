// assimp-retro: the parts of the scene summary (<assimp_retro/scene_summary.h>)
// the thumbnail shares: which nodes hold a LOD other than the first. Like
// Register.cpp, SceneSummary.cpp knows every format's metadata keys.
#pragma once

#include <vector>

struct aiScene;
struct aiNode;

namespace assimp_retro {

/// The nodes holding a LOD other than the first (ABC/LTB abc:lod > 0; P3D
/// LOD nodes after the first), in node order.
std::vector<const aiNode *> LaterLodNodes(const aiScene &scene);

} // namespace assimp_retro
