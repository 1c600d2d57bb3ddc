// assimp-retro: the metadata the P3D importer writes and the p3d exporter
// reads, declared once (Common/MetadataKey.h). Documented for users in
// docs/importers.md ("Operation Flashpoint P3D").
#pragma once

#include "Common/MetadataKey.h"

#include <cstdint>
#include <string>

namespace assimp_retro {
namespace p3d {
namespace keys {

// ---- the root node ---------------------------------------------------------------
inline const MetaKey<std::string> kFormat{"p3d:format"}; ///< "ODOL v7" or "MLOD"
inline const MetaKey<int32_t> kLods{"p3d:lods"}; ///< LODs in the file
inline const MetaKey<float> kMass{"p3d:mass"}; ///< also on the LOD that holds point masses
inline const MetaKey<float> kArmor{"p3d:armor"}; ///< ODOL
inline const MetaKey<int32_t> kMapType{"p3d:mapType"}; ///< ODOL

// ---- a LOD node (a child of the root) --------------------------------------------
inline const MetaKey<float> kResolution{"p3d:resolution"};
inline const MetaKey<int32_t> kLodIndex{"p3d:lodIndex"}; ///< the LOD's position in the file, from 0
inline const MetaKey<int32_t> kVertices{"p3d:vertices"};
inline const MetaKey<int32_t> kFaces{"p3d:faces"};
inline const MetaKey<int32_t> kFrames{"p3d:frames"};
/// Long lists (Common/MetadataLists.h: AddLongString, GetLongString).
inline const MetaKey<std::string> kLoosePoints{"p3d:loosePoints"};
inline const MetaKey<std::string> kMeshSizes{"p3d:meshSizes"};
inline const MetaKey<std::string> kQuads{"p3d:quads"};
inline const MetaKey<std::string> kZeroAreaFaces{"p3d:zeroAreaFaces"};
/// A named property: "property:<name>" = its value.
inline constexpr const char *kPropertyPrefix = "property:";
inline MetaKey<std::string> Property(const std::string &name) {
    return {kPropertyPrefix + name};
}
/// A selection's summary ("N vertices, M faces"), for people reading metadata.
inline MetaKey<std::string> SelectionSummary(const std::string &name) {
    return {"selection:" + name};
}
inline MetaKey<std::string> Texture(size_t index) {
    return {"texture:" + std::to_string(index)};
}
/// A selection's members, as long lists: "p3d:selection:<name>:vertices"
/// (index ranges), ":weights" (byte runs, absent when all are 255) and
/// ":triangles" (index ranges).
inline constexpr const char *kSelectionPrefix = "p3d:selection:";
inline constexpr const char *kSelectionVerticesSuffix = ":vertices";
struct SelectionKeys {
    MetaKey<std::string> vertices, weights, triangles;
};
inline SelectionKeys Selection(const std::string &name) {
    const std::string base = kSelectionPrefix + name;
    return {{base + kSelectionVerticesSuffix}, {base + ":weights"}, {base + ":triangles"}};
}

// ---- children of a LOD node --------------------------------------------------------
inline const MetaKey<std::string> kProxy{"p3d:proxy"}; ///< a proxy: the model path it places
inline const MetaKey<int32_t> kProxyId{"p3d:proxyId"};
/// A proxy's placeholder triangle in another named selection (a turret's, so
/// that the proxy turns with it): "p3d:proxyIn:<selection>" = its points' weight.
inline constexpr const char *kProxyInPrefix = "p3d:proxyIn:";
inline MetaKey<int32_t> ProxyIn(const std::string &selection) {
    return {kProxyInPrefix + selection};
}
inline const MetaKey<int32_t> kPoints{"p3d:points"}; ///< a memory point: vertices of its selection

} // namespace keys
} // namespace p3d
} // namespace assimp_retro
