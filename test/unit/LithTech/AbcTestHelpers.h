// assimp-retro ABC v6 tests: shared helpers.
#pragma once

#include "AbcGlb.h"

#include <assimp/scene.h>

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace Assimp {
class Importer;
}

namespace abc_test {

/// Imports in-memory ABC bytes with every assimp-retro importer registered
/// (ValidateDataStructure always on). `lodLevels` / `vertexAnimation` set the
/// ABC properties.
const aiScene *ImportAbc(Assimp::Importer &importer, const std::vector<uint8_t> &bytes, unsigned flags = 0, int lodLevels = 0,
        bool vertexAnimation = true);

/// The library's GLB route as users get it (assimp_retro::ExportGltf:
/// checked, Assimp's "glb2", completed, skinned meshes on scene roots); fails
/// the test on errors. Returns the path written.
std::string ExportGlb(const aiScene *scene, const std::string &name);

const aiNode *FindNode(const aiNode *root, const std::string &name);
/// Global transform of `node` (product of the transforms up to the root).
aiMatrix4x4 GlobalTransform(const aiNode *node);
size_t CountNodes(const aiNode *node);

/// The keyframe times (ms) of the scene's animation `animation` from its
/// metadata (abc:anim<i>.keyframes); fails the test when absent or malformed.
std::vector<uint32_t> SceneKeyframes(const aiScene &scene, unsigned animation);

/// The message of the ImportError `action` throws ("" if it throws none;
/// any other exception fails the test).
std::string ErrorOf(const std::function<void()> &action);

} // namespace abc_test
