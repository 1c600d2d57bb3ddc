// Names with embedded NUL bytes (fixed-size MLOD fields keep whatever follows
// the terminator): the scene holds the text up to the first NUL and passes
// Assimp's validator (an aiString whose length ran past a NUL failed it and
// crashed the glTF exporter).
#include "support/TestSupport.h"
#include "writers/Poseidon/P3dWriter.h"

#include <assimp_retro/assimp_retro.h>

#include <assimp/Importer.hpp>
#include <assimp/scene.h>

#include <gtest/gtest.h>

#include <string>

namespace {

using namespace std::string_literals;

// The value of metadata `key` on the first node (depth-first) that has it.
std::string FindMetaString(const aiNode *node, const std::string &key) {
    aiString value;
    if (node->mMetaData && node->mMetaData->Get(key, value)) {
        return value.C_Str();
    }
    for (unsigned i = 0; i < node->mNumChildren; ++i) {
        const std::string found = FindMetaString(node->mChildren[i], key);
        if (!found.empty()) {
            return found;
        }
    }
    return "";
}

bool HasMaterialNamed(const aiScene *scene, const std::string &name) {
    for (unsigned i = 0; i < scene->mNumMaterials; ++i) {
        if (scene->mMaterials[i]->GetName().C_Str() == name) {
            return true;
        }
    }
    return false;
}

} // namespace

TEST(P3dNulNames, MlodFixedFieldsAreCutAtTheFirstNul) {
    auto model = retro_test::p3d::SampleModel();
    auto &lod = model.lods[0];
    ASSERT_EQ(lod.textures[0], "data\\grid_a.paa");
    lod.textures[0] = "data\\grid_a.paa\0junk"s; // a 32-byte SP3X face field
    lod.properties[0].first = "class\0junk"s;     // 64-byte property fields
    lod.properties[0].second = "vehicle\0x"s;
    Assimp::Importer importer;
    importer.SetPropertyInteger(AI_CONFIG_IMPORT_P3D_LODS, 2);
    const aiScene *scene = retro_test::ImportMemory(importer, retro_test::p3d::WriteMlod(model), "p3d");
    ASSERT_NE(scene, nullptr) << importer.GetErrorString();
    EXPECT_EQ(FindMetaString(scene->mRootNode, "property:class"), "vehicle");
    EXPECT_EQ(FindMetaString(scene->mRootNode, "texture:0"), "data\\grid_a.paa");
    EXPECT_TRUE(HasMaterialNamed(scene, "data\\grid_a.paa"));
}
