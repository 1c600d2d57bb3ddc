// RepairNormals: zero, non-finite and non-unit normals from a file made unit.
#include "Common/NormalRepair.h"

#include <assimp/DefaultLogger.hpp>
#include <assimp/scene.h>

#include <cmath>
#include <vector>

namespace assimp_retro {
namespace {

bool IsFinite(const aiVector3D &v) {
    return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z);
}

/// Sum of the cross products of the faces using each vertex in `wanted`
/// (twice the area-weighted face normal).
std::vector<aiVector3D> FaceNormalSums(const aiMesh &mesh, const std::vector<bool> &wanted) {
    std::vector<aiVector3D> sums(mesh.mNumVertices, aiVector3D(0, 0, 0));
    for (unsigned f = 0; f < mesh.mNumFaces && mesh.mFaces; ++f) {
        const aiFace &face = mesh.mFaces[f];
        if (face.mNumIndices < 3 || !face.mIndices) {
            continue;
        }
        bool valid = true;
        bool needed = false;
        for (unsigned i = 0; i < face.mNumIndices; ++i) {
            valid = valid && face.mIndices[i] < mesh.mNumVertices;
            needed = needed || (valid && wanted[face.mIndices[i]]);
        }
        if (!valid || !needed) {
            continue;
        }
        // Newell's method: right for triangles and planar polygons alike.
        aiVector3D normal(0, 0, 0);
        for (unsigned i = 0; i < face.mNumIndices; ++i) {
            const aiVector3D &a = mesh.mVertices[face.mIndices[i]];
            const aiVector3D &b = mesh.mVertices[face.mIndices[(i + 1) % face.mNumIndices]];
            normal += aiVector3D((a.y - b.y) * (a.z + b.z), (a.z - b.z) * (a.x + b.x), (a.x - b.x) * (a.y + b.y));
        }
        if (!IsFinite(normal)) {
            continue;
        }
        for (unsigned i = 0; i < face.mNumIndices; ++i) {
            sums[face.mIndices[i]] += normal;
        }
    }
    return sums;
}

} // namespace

NormalRepairCount RepairNormals(aiMesh &mesh) {
    NormalRepairCount count;
    if (!mesh.mNormals || !mesh.mVertices || mesh.mNumVertices == 0) {
        return count;
    }
    std::vector<bool> broken(mesh.mNumVertices, false);
    bool anyBroken = false;
    // Squared lengths decide (a float vector's squared length is finite in
    // double); the square root is only taken for a normal to normalise.
    constexpr double kMinSquared = 1e-24; // a length of 1e-12
    // A length within 1e-4 of 1 is left as it is.
    constexpr double kUnitLow = (1 - 1e-4) * (1 - 1e-4), kUnitHigh = (1 + 1e-4) * (1 + 1e-4);
    for (unsigned v = 0; v < mesh.mNumVertices; ++v) {
        aiVector3D &normal = mesh.mNormals[v];
        const double squared = IsFinite(normal)
                ? double(normal.x) * normal.x + double(normal.y) * normal.y + double(normal.z) * normal.z
                : 0.0;
        if (!(squared >= kMinSquared)) {
            broken[v] = true;
            anyBroken = true;
        } else if (squared < kUnitLow || squared > kUnitHigh) {
            const double length = std::sqrt(squared);
            normal = aiVector3D(static_cast<ai_real>(normal.x / length), static_cast<ai_real>(normal.y / length),
                    static_cast<ai_real>(normal.z / length));
            ++count.normalised;
        }
    }
    if (!anyBroken) {
        return count;
    }
    const std::vector<aiVector3D> sums = FaceNormalSums(mesh, broken);
    for (unsigned v = 0; v < mesh.mNumVertices; ++v) {
        if (!broken[v]) {
            continue;
        }
        const aiVector3D &sum = sums[v];
        const double length = std::sqrt(double(sum.x) * sum.x + double(sum.y) * sum.y + double(sum.z) * sum.z);
        mesh.mNormals[v] = (length > 0 && std::isfinite(length))
                ? aiVector3D(static_cast<ai_real>(sum.x / length), static_cast<ai_real>(sum.y / length),
                          static_cast<ai_real>(sum.z / length))
                : aiVector3D(0, 1, 0);
        ++count.recomputed;
    }
    return count;
}

NormalRepairCount RepairSceneNormals(aiScene &scene, const std::string &format) {
    NormalRepairCount total;
    for (unsigned m = 0; m < scene.mNumMeshes && scene.mMeshes; ++m) {
        aiMesh *mesh = scene.mMeshes[m];
        if (!mesh) {
            continue;
        }
        const NormalRepairCount count = RepairNormals(*mesh);
        if (count.recomputed == 0 && count.normalised == 0) {
            continue;
        }
        total.recomputed += count.recomputed;
        total.normalised += count.normalised;
        const std::string message = format + ": mesh '" + mesh->mName.C_Str() +
                "': " + std::to_string(count.recomputed) + " zero or non-finite normals recomputed from the faces, " +
                std::to_string(count.normalised) + " non-unit normals normalised";
        Assimp::DefaultLogger::get()->warn(message.c_str());
    }
    return total;
}

} // namespace assimp_retro
