// The v9+ import through the registered ABC importer (AbcImporter dispatches
// every non-v6 file to ImportLt2), with its properties and the IOSystem.
#include "AbcLt2TestHelpers.h"
#include "support/LogCapture.h"

#include <assimp_retro/assimp_retro.h>

namespace w = abcv9_writer;
using namespace abcv9_test;

namespace {

TEST(AbcLt2ThroughImporter, PropertiesAndChildModels) {
    const std::string marker = retro_test::OutputPath("AbcLt2/through/x");
    const std::string folder = marker.substr(0, marker.size() - 1);
    retro_test::WriteFile(folder + "knight.abc", w::Write(w::MakeTestModel(13, 2, {"Models\\Shared\\knight_anims"})));
    retro_test::WriteFile(folder + "knight_anims.abc", w::Write(w::MakeAnimationModel(12, "swing")));
    {
        Assimp::Importer importer;
        const aiScene *scene = retro_test::Import(importer, folder + "knight.abc", aiProcess_LimitBoneWeights);
        ASSERT_NE(scene, nullptr) << importer.GetErrorString();
        EXPECT_EQ(scene->mNumMeshes, 3u);
        ASSERT_EQ(scene->mNumAnimations, 3u);
        EXPECT_STREQ(scene->mAnimations[2]->mName.C_Str(), "swing");
        retro_test::ExpectValidGltf(ExportGlb(scene, "through_knight.glb"));
    }
    {
        Assimp::Importer importer;
        importer.SetPropertyBool(AI_CONFIG_IMPORT_ABC_ALL_LODS, true);
        importer.SetPropertyBool(AI_CONFIG_IMPORT_ABC_CHILD_MODELS, false);
        const aiScene *scene = retro_test::Import(importer, folder + "knight.abc");
        ASSERT_NE(scene, nullptr) << importer.GetErrorString();
        EXPECT_EQ(scene->mNumMeshes, 6u);
        EXPECT_EQ(scene->mNumAnimations, 2u);
    }
    {
        // from memory: no folder to look in, the child model is a warning only
        Assimp::Importer importer;
        retro_test::LogCapture log;
        const aiScene *scene = retro_test::ImportMemory(importer, retro_test::ReadFile(folder + "knight.abc"), "abc");
        ASSERT_NE(scene, nullptr) << importer.GetErrorString();
        EXPECT_EQ(scene->mNumAnimations, 2u);
        EXPECT_TRUE(log.Contains("child model 'Models\\Shared\\knight_anims' not found next to the model; its animations are not imported"))
                << log.Text();
    }
}

TEST(AbcLt2ThroughImporter, BrokenSectionIsNamed) {
    std::vector<uint8_t> bytes = w::Write(w::MakeTestModel(12, 1));
    // cut the file inside the Animation section but keep the chain offsets
    const auto sections = w::SectionOffsets(bytes);
    size_t animation = 0;
    for (const auto &s : sections) {
        if (s.first == "Animation") animation = s.second;
    }
    ASSERT_GT(animation, 0u);
    bytes[animation + 2 + 9 + 4] = 0xff; // AnimCount low byte: far more animations than bytes
    bytes[animation + 2 + 9 + 7] = 0x7f;
    Assimp::Importer importer;
    EXPECT_EQ(retro_test::ImportMemory(importer, bytes, "abc"), nullptr);
    const std::string error = importer.GetErrorString();
    EXPECT_NE(error.find("section 'Animation'"), std::string::npos) << error;
    EXPECT_NE(error.find("AnimCount"), std::string::npos) << error;
}

} // namespace
