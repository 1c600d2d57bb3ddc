// assimp-retro importers inside Assimp (added by port/apply_to_assimp.py,
// together with the fixtures in test/models/assimp-retro/, which the
// project's own writers made): each format reads through a plain
// Assimp::Importer, passes the validator, and keeps its counts (LTB, which
// has no fixture here, is read from the real files by port/check_corpus.py); the
// exporters back to the games (abc6, abc12, ltb) are Assimp's own and write a
// file the importer reads back with the same skeleton, triangles and
// animations.
#include "UnitTestPCH.h"

#include <assimp/postprocess.h>
#include <assimp/scene.h>
#include <assimp/Exporter.hpp>
#include <assimp/Importer.hpp>

#include <string>

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

// The LTB importer is built in (with liblzma): it claims an LTB header by its
// content and refuses a model version it does not know, saying which.
TEST_F(utRetroImporters, lithTechLtbUnknownVersionIsRefused) {
    static const unsigned char kHeader[24] = {1, 0, 9, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                                              0, 0, 0, 0, 0, 0, 0, 0, 99, 0, 0, 0};
    Importer importer;
    EXPECT_TRUE(importer.IsExtensionSupported(".ltb"));
    EXPECT_EQ(nullptr, importer.ReadFileFromMemory(kHeader, sizeof(kHeader), 0, "ltb"));
    EXPECT_NE(std::string::npos, std::string(importer.GetErrorString()).find("model version 99")) << importer.GetErrorString();
}

TEST_F(utRetroImporters, lithTechExportersRoundTrip) {
    Importer importer;
    const aiScene *scene = importer.ReadFile(ASSIMP_TEST_MODELS_DIR "/assimp-retro/skinned_v6.abc", aiProcess_ValidateDataStructure);
    ASSERT_NE(nullptr, scene) << importer.GetErrorString();
    Exporter exporter;
    unsigned int found = 0;
    for (size_t i = 0; i < exporter.GetExportFormatCount(); ++i) {
        const std::string id = exporter.GetExportFormatDescription(i)->id;
        if (id == "abc6" || id == "abc12") {
            EXPECT_STREQ("abc", exporter.GetExportFormatDescription(i)->fileExtension) << id;
            ++found;
        }
    }
    EXPECT_EQ(2u, found) << "abc6 and abc12 are built-in exporters";
    unsigned int faces = 0;
    for (unsigned int m = 0; m < scene->mNumMeshes; ++m) {
        faces += scene->mMeshes[m]->mNumFaces;
    }
    for (const char *id : {"abc6", "abc12"}) {
        const aiExportDataBlob *blob = exporter.ExportToBlob(scene, id);
        ASSERT_NE(nullptr, blob) << id << ": " << exporter.GetErrorString();
        Importer back;
        const aiScene *again = back.ReadFileFromMemory(blob->data, blob->size, aiProcess_ValidateDataStructure, "abc");
        ASSERT_NE(nullptr, again) << id << ": " << back.GetErrorString();
        EXPECT_EQ(CountNodes(scene->mRootNode), CountNodes(again->mRootNode)) << id;
        EXPECT_EQ(scene->mNumAnimations, again->mNumAnimations) << id;
        unsigned int facesAgain = 0;
        for (unsigned int m = 0; m < again->mNumMeshes; ++m) {
            facesAgain += again->mMeshes[m]->mNumFaces;
        }
        EXPECT_EQ(faces, facesAgain) << id;
        for (unsigned int a = 0; a < scene->mNumAnimations; ++a) {
            EXPECT_STREQ(scene->mAnimations[a]->mName.C_Str(), again->mAnimations[a]->mName.C_Str()) << id;
        }
        const aiNode *root = scene->mRootNode->mNumChildren ? scene->mRootNode->mChildren[0] : scene->mRootNode;
        EXPECT_NE(nullptr, again->mRootNode->FindNode(root->mName)) << id << ": " << root->mName.C_Str();
    }
}

// The LTB exporter is Assimp's own too: the ABC fixture written as LTB (in
// memory: packed, as CrossFire's files) reads back through the built-in LTB
// importer with the same nodes, triangles and animations.
TEST_F(utRetroImporters, lithTechLtbExporterRoundTrip) {
    Importer importer;
    const aiScene *scene = importer.ReadFile(ASSIMP_TEST_MODELS_DIR "/assimp-retro/skinned_v6.abc", aiProcess_ValidateDataStructure);
    ASSERT_NE(nullptr, scene) << importer.GetErrorString();
    Exporter exporter;
    bool found = false;
    for (size_t i = 0; i < exporter.GetExportFormatCount(); ++i) {
        if (std::string(exporter.GetExportFormatDescription(i)->id) == "ltb") {
            EXPECT_STREQ("ltb", exporter.GetExportFormatDescription(i)->fileExtension);
            found = true;
        }
    }
    EXPECT_TRUE(found) << "ltb is a built-in exporter";
    const aiExportDataBlob *blob = exporter.ExportToBlob(scene, "ltb");
    ASSERT_NE(nullptr, blob) << exporter.GetErrorString();
    Importer back;
    const aiScene *again = back.ReadFileFromMemory(blob->data, blob->size, aiProcess_ValidateDataStructure, "ltb");
    ASSERT_NE(nullptr, again) << back.GetErrorString();
    unsigned int faces = 0, facesAgain = 0;
    for (unsigned int m = 0; m < scene->mNumMeshes; ++m) faces += scene->mMeshes[m]->mNumFaces;
    for (unsigned int m = 0; m < again->mNumMeshes; ++m) facesAgain += again->mMeshes[m]->mNumFaces;
    EXPECT_EQ(faces, facesAgain);
    EXPECT_EQ(scene->mNumAnimations, again->mNumAnimations);
    for (unsigned int a = 0; a < scene->mNumAnimations && a < again->mNumAnimations; ++a) {
        EXPECT_STREQ(scene->mAnimations[a]->mName.C_Str(), again->mAnimations[a]->mName.C_Str());
    }
    const aiNode *root = scene->mRootNode->mNumChildren ? scene->mRootNode->mChildren[0] : scene->mRootNode;
    EXPECT_NE(nullptr, again->mRootNode->FindNode(root->mName)) << root->mName.C_Str();
}
