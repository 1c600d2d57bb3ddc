#include "AbcTestHelpers.h"

#include "AssetLib/LithTech/AbcMetadataKeys.h"
#include "Common/ImportError.h"
#include "Common/MetadataLists.h"
#include "support/TestSupport.h"

#include <assimp_retro/config.h>
#include <assimp_retro/gltf_completion.h>

#include <assimp/Importer.hpp>

#include <gtest/gtest.h>

namespace abc_test {

const aiScene *ImportAbc(Assimp::Importer &importer, const std::vector<uint8_t> &bytes, unsigned flags, int lodLevels,
        bool vertexAnimation) {
    importer.SetPropertyInteger(AI_CONFIG_IMPORT_ABC_LOD_LEVELS, lodLevels);
    importer.SetPropertyBool(AI_CONFIG_IMPORT_ABC_VERTEX_ANIMATION, vertexAnimation);
    return retro_test::ImportMemory(importer, bytes, "abc", flags);
}

std::string ExportGlb(const aiScene *scene, const std::string &name) {
    const std::string path = retro_test::OutputPath("LithTech/" + name + ".glb");
    std::string error;
    EXPECT_TRUE(assimp_retro::ExportGltf(*scene, "glb2", path, &error)) << error;
    return path;
}

const aiNode *FindNode(const aiNode *root, const std::string &name) {
    return root ? root->FindNode(name.c_str()) : nullptr;
}

aiMatrix4x4 GlobalTransform(const aiNode *node) {
    aiMatrix4x4 m;
    for (; node; node = node->mParent) {
        m = node->mTransformation * m;
    }
    return m;
}

size_t CountNodes(const aiNode *node) {
    size_t count = 1;
    for (unsigned i = 0; i < node->mNumChildren; ++i) {
        count += CountNodes(node->mChildren[i]);
    }
    return count;
}

std::vector<uint32_t> SceneKeyframes(const aiScene &scene, unsigned animation) {
    std::string list;
    std::vector<uint32_t> keyframes;
    const std::string key = assimp_retro::abc::keys::Anim(animation).keyframes.name;
    EXPECT_TRUE(assimp_retro::GetLongString(scene.mMetaData, key, list)) << key;
    EXPECT_TRUE(assimp_retro::ParseIndexRanges(list, UINT32_MAX, keyframes)) << key << ": " << list;
    return keyframes;
}

std::string ErrorOf(const std::function<void()> &action) {
    try {
        action();
    } catch (const assimp_retro::ImportError &e) {
        return e.what();
    }
    return "";
}

} // namespace abc_test
