// assimp-retro: repairing the normals a file stores.
//
// Some files store all-zero normals for some vertices (two real ABC v12 files
// written by another tool), and a hostile file can store NaN, infinite or
// non-unit ones. glTF requires unit normals (validator
// ACCESSOR_VECTOR3_NON_UNIT) and shading with them is wrong anyway. Every
// importer calls RepairSceneNormals after building its scene.
#pragma once

#include <string>

struct aiMesh;
struct aiScene;

namespace assimp_retro {

struct NormalRepairCount {
    unsigned recomputed = 0; ///< zero or non-finite normals replaced by the faces' normal
    unsigned normalised = 0; ///< finite non-unit normals scaled to unit length
};

/// Repairs mesh.mNormals in place: a zero (length < 1e-12) or non-finite
/// normal becomes the normalised sum of the (area-weighted) normals of the
/// faces using that vertex (CCW front faces), or +Y when those faces have no
/// area; a finite normal whose length differs from 1 by more than 1e-4 is
/// normalised. A mesh without normals is left alone.
NormalRepairCount RepairNormals(aiMesh &mesh);

/// RepairNormals on every mesh of `scene`; logs one Assimp warning per mesh
/// that needed repairs ("<format>: mesh '<name>': N zero or non-finite
/// normals recomputed from the faces, M non-unit normals normalised").
/// Returns the totals.
NormalRepairCount RepairSceneNormals(aiScene &scene, const std::string &format);

} // namespace assimp_retro
