// assimp-retro tests: a P3D scene's LODs as values, independent of vertex
// and face order, to compare two imports of one model (ODOL and the MLOD
// written from it, say): triangles with texture and face flags, per-LOD
// selection members (vertices with weights, triangles), loose points,
// named properties, proxies and other child nodes, morph frames.
#pragma once

#include <map>
#include <set>
#include <string>

struct aiScene;

namespace retro_test {

/// A LOD as values, independent of vertex and face order.
struct LodValues {
    std::multiset<std::string> triangles;             ///< texture|flags|corners, rotated to a canonical start
    std::map<std::string, std::multiset<std::string>> selectionVertices; ///< corner value + weight
    std::map<std::string, std::multiset<std::string>> selectionTriangles;
    std::multiset<std::string> loose;
    std::map<std::string, std::string> properties;
    std::map<std::string, std::string> children; ///< proxies: name -> transform
    unsigned frames = 0;
    bool operator==(const LodValues &o) const {
        return triangles == o.triangles && selectionVertices == o.selectionVertices &&
                selectionTriangles == o.selectionTriangles && loose == o.loose && properties == o.properties &&
                children == o.children && frames == o.frames;
    }
};

/// Every LOD node of `scene` (the root's children) by name. Without `flags`
/// the triangles hold the texture path only (glTF keeps no face flags).
std::map<std::string, LodValues> LodValuesOf(const aiScene *scene, bool flags = true);

/// EXPECTs equal LODs and says where they differ.
void ExpectSameLods(const std::map<std::string, LodValues> &a, const std::map<std::string, LodValues> &b);

/// EXPECTs `after` to hold the LODs of `before` (by node name, whatever
/// their order), each with its resolution bit for bit
/// and equal values (ExpectSameLods).
void ExpectSameP3dLods(const aiScene &before, const aiScene &after);

} // namespace retro_test
