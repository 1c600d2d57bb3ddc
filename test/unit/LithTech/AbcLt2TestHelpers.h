// Shared helpers of the ABC v9+ tests.
#pragma once

#include "Lt2TestImporter.h"
#include "writers/LithTech/AbcLt2Fixtures.h"

#include "support/TestSupport.h"

#include <assimp_retro/assimp_retro.h>
#include <assimp_retro/gltf_completion.h>

#include <assimp/Importer.hpp>
#include <assimp/postprocess.h>
#include <assimp/scene.h>

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace abcv9_test {

/// Reads a file with only the v9 test importer registered (validated); a
/// patched libassimp's own ABC importer is taken out first.
inline const aiScene *ImportV9File(Assimp::Importer &importer, const std::string &path, unsigned flags = 0) {
    assimp_retro::UnregisterBuiltIn(importer);
    importer.RegisterLoader(new Lt2TestImporter());
    return importer.ReadFile(path, flags | aiProcess_ValidateDataStructure);
}

/// Writes `bytes` to the test output folder and imports it.
inline const aiScene *ImportV9Bytes(Assimp::Importer &importer, const std::vector<uint8_t> &bytes, const std::string &name,
        unsigned flags = 0) {
    const std::string path = retro_test::OutputPath("AbcLt2/" + name);
    retro_test::WriteFile(path, bytes);
    return ImportV9File(importer, path, flags);
}

inline const aiNode *FindNode(const aiScene *scene, const std::string &name) {
    return scene->mRootNode->FindNode(name.c_str());
}

inline aiMatrix4x4 GlobalTransform(const aiNode *node) {
    aiMatrix4x4 m = node->mTransformation;
    for (const aiNode *p = node->mParent; p; p = p->mParent) {
        m = p->mTransformation * m;
    }
    return m;
}

inline aiVector3D MirrorX(const aiVector3D &v) {
    return aiVector3D(-v.x, v.y, v.z);
}

inline aiMatrix4x4 MirrorX(const aiMatrix4x4 &m) {
    const aiMatrix4x4 s(-1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1);
    return s * m * s;
}

inline aiMatrix4x4 FromRowMajor(const std::array<float, 16> &f) {
    return aiMatrix4x4(f[0], f[1], f[2], f[3], f[4], f[5], f[6], f[7], f[8], f[9], f[10], f[11], f[12], f[13], f[14], f[15]);
}

inline void ExpectMatrixNear(const aiMatrix4x4 &a, const aiMatrix4x4 &b, float tolerance, const std::string &what) {
    for (unsigned r = 0; r < 4; ++r) {
        for (unsigned c = 0; c < 4; ++c) {
            EXPECT_NEAR(a[r][c], b[r][c], tolerance) << what << " [" << r << "][" << c << "]";
        }
    }
}

/// Exports `scene` as GLB to the output folder as the tool does
/// (assimp_retro::ExportGltf: Assimp's glb2 exporter and the completion,
/// which puts the skinned meshes on scene roots, so the validator warns of
/// nothing).
inline std::string ExportGlb(const aiScene *scene, const std::string &name) {
    const std::string path = retro_test::OutputPath("AbcLt2/" + name);
    std::string error;
    EXPECT_TRUE(assimp_retro::ExportGltf(*scene, "glb2", path, &error)) << error;
    return path;
}

} // namespace abcv9_test
