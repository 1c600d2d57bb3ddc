// assimp-retro tests: what the LTB tests share (the sample fixtures, imported).
#pragma once

#include "support/TestSupport.h"
#include "writers/LithTech/LtbWriter.h"

#include <assimp_retro/config.h>

#include <assimp/Importer.hpp>
#include <assimp/scene.h>

#include <string>
#include <vector>

namespace ltb_test {

constexpr float kMetresPerUnit = 0.01f; // the LTB default: 1 unit = 1 cm

/// Imports LTB bytes from memory in metres (the importer's default, which
/// the test helpers otherwise turn off); nullptr when the import fails.
inline const aiScene *ImportLtb(Assimp::Importer &importer, const std::vector<uint8_t> &bytes) {
    importer.SetPropertyBool(AI_CONFIG_IMPORT_RETRO_UNITS_TO_METRES, true);
    return retro_test::ImportMemory(importer, bytes, "ltb");
}

/// ImportLtb without the half turn about +Y (AI_CONFIG_IMPORT_LTB_FACE_FRONT
/// false): mesh data in the ABC scene builder's space (mirrored in X), for
/// tests of what the vertex streams hold; LtbFacing tests the turn.
inline const aiScene *ImportLtbUnturned(Assimp::Importer &importer, const std::vector<uint8_t> &bytes) {
    importer.SetPropertyBool(AI_CONFIG_IMPORT_LTB_FACE_FRONT, false);
    return ImportLtb(importer, bytes);
}

/// The node named `name` (nullptr if none).
inline const aiNode *FindNode(const aiScene &scene, const std::string &name) {
    return scene.mRootNode ? scene.mRootNode->FindNode(name.c_str()) : nullptr;
}

/// The mesh named `name` (nullptr if none).
inline const aiMesh *FindMesh(const aiScene &scene, const std::string &name) {
    for (unsigned i = 0; i < scene.mNumMeshes; ++i) {
        if (name == scene.mMeshes[i]->mName.C_Str()) {
            return scene.mMeshes[i];
        }
    }
    return nullptr;
}

/// The bone of `mesh` named `name` (nullptr if none).
inline const aiBone *FindBone(const aiMesh &mesh, const std::string &name) {
    for (unsigned i = 0; i < mesh.mNumBones; ++i) {
        if (name == mesh.mBones[i]->mName.C_Str()) {
            return mesh.mBones[i];
        }
    }
    return nullptr;
}

} // namespace ltb_test
