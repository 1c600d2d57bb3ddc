// assimp-retro: what the P3D export takes from a scene before it builds
// any geometry (docs/formats/P3D.md §9): its LODs, each material's texture
// game path, and the node metadata both read. P3dExportScene builds each
// LOD's MLOD from them.
#pragma once

#include "P3dExportScene.h"

#include <assimp/matrix4x4.h>

#include <string>
#include <vector>

struct aiMaterial;
struct aiMetadata;
struct aiNode;
struct aiScene;

namespace assimp_retro {
namespace p3d {

/// One LOD of the scene: a node and everything below it.
struct LodSource {
    const aiNode *node = nullptr;
    float resolution = 1.f;
    bool fromP3d = false; ///< the P3D importer's LOD node (it has p3d:resolution)
    float fileIndex = -1.f; ///< its place in the file it was imported from (p3d:lodIndex); -1: none
};

/// The string metadata `key` of `meta` ("" when absent; `found` says which).
std::string MetaText(const aiMetadata *meta, const std::string &key, bool *found = nullptr);

/// The numeric metadata `key` of `meta` as a float; false when absent.
bool MetaFloat(const aiMetadata *meta, const std::string &key, float &value);

/// A proxy's node: the importer's (p3d:proxy metadata) or one named "proxy:...".
bool IsProxyNode(const aiNode *node);

/// The LODs: the importer's LOD nodes, nodes named like LODs, else the whole
/// scene; in the order of the file they were imported from (p3d:lodIndex),
/// the others by resolution, as ODOL stores them (docs/formats/P3D.md §9.1).
std::vector<LodSource> FindLods(const aiScene &scene);

/// The game path of a material's diffuse texture (docs/formats/P3D.md §9.4).
///
/// `fromP3d`: the LOD is the P3D importer's (also read back from a glTF,
/// which keeps node metadata): its material names are texture paths.
std::string TexturePath(const aiScene &scene, const aiMaterial &material, const ExportOptions &options, bool fromP3d);

} // namespace p3d
} // namespace assimp_retro
