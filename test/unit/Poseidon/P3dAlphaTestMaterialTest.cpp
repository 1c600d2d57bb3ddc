// P3D faces with the alpha-test flag (IsTransparent 0x200) become glTF
// alphaMode MASK with cutoff 0.5; $mat.p3d.special keeps the material flags.
#include "support/TestSupport.h"
#include "writers/Poseidon/P3dWriter.h"

#include <assimp_retro/assimp_retro.h>
#include <assimp_retro/config.h>
#include <assimp_retro/gltf_completion.h>

#include <assimp/GltfMaterial.h>
#include <assimp/Importer.hpp>
#include <assimp/scene.h>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cstring>
#include <string>

namespace wp = retro_test::p3d;
using namespace assimp_retro::p3d;

namespace {

// The sample model with grid_a's faces (NoClamp 0x2000) also alpha-tested.
std::vector<uint8_t> AlphaTestedSample() {
    Model model = wp::SampleModel();
    for (Polygon &face : model.lods[0].faces) {
        if (face.texIndex == 0 && (face.special & kNoClamp)) {
            face.special |= kIsTransparent;
        }
    }
    return wp::WriteOdol(model);
}

const aiMaterial *FindMaterial(const aiScene &scene, const char *name) {
    for (unsigned i = 0; i < scene.mNumMaterials; ++i) {
        if (std::strcmp(scene.mMaterials[i]->GetName().C_Str(), name) == 0) {
            return scene.mMaterials[i];
        }
    }
    return nullptr;
}

nlohmann::json GlbJson(const std::string &path) {
    const std::vector<uint8_t> bytes = retro_test::ReadFile(path);
    EXPECT_GE(bytes.size(), 20u);
    uint32_t length = 0;
    std::memcpy(&length, bytes.data() + 12, 4);
    return nlohmann::json::parse(bytes.begin() + 20, bytes.begin() + 20 + length);
}

} // namespace

TEST(P3dAlphaTest, MaterialIsMaskWithCutoffHalf) {
    Assimp::Importer importer;
    importer.SetPropertyInteger(AI_CONFIG_IMPORT_P3D_LODS, 1);
    const aiScene *scene = retro_test::ImportMemory(importer, AlphaTestedSample(), "p3d");
    ASSERT_NE(scene, nullptr) << importer.GetErrorString();
    const aiMaterial *tested = FindMaterial(*scene, "data\\grid_a.paa");
    ASSERT_NE(tested, nullptr);
    aiString mode;
    ASSERT_EQ(tested->Get(AI_MATKEY_GLTF_ALPHAMODE, mode), AI_SUCCESS);
    EXPECT_STREQ(mode.C_Str(), "MASK");
    float cutoff = 0.f;
    ASSERT_EQ(tested->Get(AI_MATKEY_GLTF_ALPHACUTOFF, cutoff), AI_SUCCESS);
    EXPECT_FLOAT_EQ(cutoff, 0.5f);
    int special = 0;
    ASSERT_EQ(tested->Get("$mat.p3d.special", 0, 0, special), AI_SUCCESS);
    EXPECT_EQ(special, int(kNoClamp | kIsTransparent));

    // Alpha blend (0x100) stays BLEND, without a cutoff, with its clamp flags.
    const aiMaterial *blended = FindMaterial(*scene, "data\\grid_b.pac");
    ASSERT_NE(blended, nullptr);
    ASSERT_EQ(blended->Get(AI_MATKEY_GLTF_ALPHAMODE, mode), AI_SUCCESS);
    EXPECT_STREQ(mode.C_Str(), "BLEND");
    EXPECT_NE(blended->Get(AI_MATKEY_GLTF_ALPHACUTOFF, cutoff), AI_SUCCESS);
    ASSERT_EQ(blended->Get("$mat.p3d.special", 0, 0, special), AI_SUCCESS);
    EXPECT_EQ(special, int(kIsAlpha | kClampU | kClampV));

    // In the glTF file: MASK with alphaCutoff 0.5 (the default, so not written).
    const std::string path = retro_test::OutputPath("Poseidon/alpha_test.glb");
    std::string error;
    ASSERT_TRUE(assimp_retro::ExportGltf(*scene, "glb2", path, &error)) << error;
    const nlohmann::json gltf = GlbJson(path);
    bool found = false;
    for (const auto &material : gltf.at("materials")) {
        if (material.value("name", "") == "data\\grid_a.paa") {
            found = true;
            EXPECT_EQ(material.value("alphaMode", ""), "MASK");
            // Assimp writes alphaCutoff only when it differs from glTF's default, 0.5.
            EXPECT_DOUBLE_EQ(material.value("alphaCutoff", 0.5), 0.5);
        }
    }
    EXPECT_TRUE(found) << gltf.at("materials").dump();
}
