// assimp-retro importers inside Assimp (added by port/apply_to_assimp.py,
// together with the fixtures in test/models/assimp-retro/, which the
// project's own writers made): each format reads through a plain
// Assimp::Importer, passes the validator, and keeps its counts.
#include "UnitTestPCH.h"

#include <assimp/postprocess.h>
#include <assimp/scene.h>
#include <assimp/Importer.hpp>

using namespace Assimp;

class utRetroImporters : public ::testing::Test {
public:
    static unsigned int CountNodes(const aiNode *node) {
        unsigned int count = 1;
        for (unsigned int i = 0; i < node->mNumChildren; ++i) {
            count += CountNodes(node->mChildren[i]);
        }
        return count;
    }

    static void ExpectCounts(const char *file, unsigned int nodes, unsigned int meshes, unsigned int animations,
            unsigned int cameras, bool obanCamera = false) {
        Importer importer;
        importer.SetPropertyBool("IMPORT_OBAN_CAMERA", obanCamera);
        const std::string path = std::string(ASSIMP_TEST_MODELS_DIR "/assimp-retro/") + file;
        const aiScene *scene = importer.ReadFile(path, aiProcess_ValidateDataStructure);
        ASSERT_NE(nullptr, scene) << file << ": " << importer.GetErrorString();
        EXPECT_EQ(nodes, CountNodes(scene->mRootNode)) << file;
        EXPECT_EQ(meshes, scene->mNumMeshes) << file;
        EXPECT_EQ(animations, scene->mNumAnimations) << file;
        EXPECT_EQ(cameras, scene->mNumCameras) << file;
    }
};

TEST_F(utRetroImporters, lithTechAbc) {
    ExpectCounts("skinned_v6.abc", 5, 1, 2, 0);
}

TEST_F(utRetroImporters, oniOban) {
    ExpectCounts("OBANcamera_dolly.oni", 3, 0, 1, 0);
}

TEST_F(utRetroImporters, oniObanCameraProperty) {
    ExpectCounts("OBANcamera_dolly.oni", 3, 0, 1, 1, true);
}

TEST_F(utRetroImporters, flashpointP3dMlod) {
    ExpectCounts("sample_mlod.p3d", 3, 1, 1, 0);
}

TEST_F(utRetroImporters, flashpointP3dOdol) {
    ExpectCounts("sample_odol.p3d", 3, 2, 1, 0);
}

TEST_F(utRetroImporters, hostileInputGivesAnError) {
    static const char kTruncated[] = "OBAN";
    Importer importer;
    EXPECT_EQ(nullptr, importer.ReadFileFromMemory(kTruncated, sizeof(kTruncated) - 1, 0, "oni"));
}
