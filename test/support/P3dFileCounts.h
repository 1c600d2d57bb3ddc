// assimp-retro tests: what a P3D file holds, counted as its reader reads it
// (code/AssetLib/Poseidon/P3dReader.h), not through the scene: the faces of
// each LOD (quads and triangles apart, each with its corners in the file's
// order from its first corner, by position and UV), the members of each
// named selection and the LOD order. Two imports that both drop a face agree;
// these counts do not (docs/formats/P3D.md §9.5).
#pragma once

#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <vector>

namespace retro_test {

/// One LOD of a P3D file, as values independent of vertex and face order.
struct P3dFileLod {
    float resolution = 0.f;
    size_t quads = 0, triangles = 0; ///< faces but the hidden ones (0x400000) and proxy placeholders
    size_t hidden = 0, placeholders = 0;
    /// "texture|x,y,z u,v|..." per face: ODOL corner order from the first corner,
    /// author coordinates (ODOL's bounding centre added back).
    std::multiset<std::string> faces;
    std::map<std::string, std::set<std::string>> selectionPoints; ///< name -> "x,y,z|weight" of its points but placeholders'
    std::map<std::string, std::multiset<std::string>> selectionFaces; ///< name -> its faces as in `faces`
    std::map<std::string, size_t> selectionProxies; ///< name -> the proxy placeholders it holds
    std::set<std::string> proxies; ///< "proxy:<path>.<nn>" of the proxy table (MLOD: the reader's)

    size_t SelectionPoints() const;
    size_t SelectionFaces() const;
};

/// Every LOD of a P3D file in the file's order. A face is a proxy placeholder
/// when it is in a selection named in `placeholderSelections` for its LOD
/// (by index in the file; a missing entry means the LOD's own proxy table),
/// or, in an ODOL, flagged as one; those selections are left out too, as
/// the exporter writes each proxy's triangle anew. Fails the test (ADD_FAILURE)
/// when the file does not read.
std::vector<P3dFileLod> ReadP3dFileLods(const std::vector<uint8_t> &bytes, const std::string &name,
        const std::vector<std::set<std::string>> &placeholderSelections = {});

/// The file at `path`, with `original`'s proxies as the placeholders: what a
/// round trip of `original` wrote is compared LOD by LOD with it.
std::vector<P3dFileLod> ReadP3dFileLodsLike(const std::string &path, const std::vector<P3dFileLod> &original);

/// EXPECTs the same LODs in the same order with the same faces and selections.
void ExpectSameFileLods(const std::vector<P3dFileLod> &expected, const std::vector<P3dFileLod> &actual);

} // namespace retro_test
