#include "UnitTestPCH.h"

#include <assimp/camera.h>
#include <assimp/scene.h>
#include <assimp/Exporter.hpp>
#include <assimp/Importer.hpp>

#include <rapidjson/document.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>

using namespace Assimp;

#ifndef ASSIMP_BUILD_NO_EXPORT

class utglTF2ExportCameras : public ::testing::Test {
public:
    // A root with two children, "Straight" and "Framed", and a camera of each
    // name: "Straight" looks along -Z with +Y up (glTF's camera frame),
    // "Framed" sits at (1, 2, 3) and looks along +X.
    static aiScene *MakeScene() {
        aiScene *scene = new aiScene();
        scene->mRootNode = new aiNode("Root");
        scene->mRootNode->mNumChildren = 2;
        scene->mRootNode->mChildren = new aiNode *[2];
        scene->mRootNode->mChildren[0] = new aiNode("Straight");
        scene->mRootNode->mChildren[1] = new aiNode("Framed");
        scene->mRootNode->mChildren[0]->mParent = scene->mRootNode;
        scene->mRootNode->mChildren[1]->mParent = scene->mRootNode;
        scene->mNumCameras = 2;
        scene->mCameras = new aiCamera *[2];
        aiCamera *straight = scene->mCameras[0] = new aiCamera();
        straight->mName = aiString("Straight");
        straight->mHorizontalFOV = 1.2f;
        straight->mAspect = 1.5f;
        straight->mClipPlaneNear = 0.5f;
        straight->mClipPlaneFar = 500.f;
        aiCamera *framed = scene->mCameras[1] = new aiCamera();
        framed->mName = aiString("Framed");
        framed->mPosition = aiVector3D(1.f, 2.f, 3.f);
        framed->mLookAt = aiVector3D(1.f, 0.f, 0.f);
        framed->mUp = aiVector3D(0.f, 1.f, 0.f);
        framed->mHorizontalFOV = 0.8f;
        framed->mAspect = 0.f; // unknown aspect: yfov = hfov
        framed->mClipPlaneNear = 0.1f;
        framed->mClipPlaneFar = 100.f;
        return scene;
    }

    // The JSON chunk of a GLB blob.
    static bool ParseGlbJson(const aiExportDataBlob *blob, rapidjson::Document &doc) {
        if (blob == nullptr || blob->size < 20) {
            return false;
        }
        const uint8_t *bytes = static_cast<const uint8_t *>(blob->data);
        uint32_t length = 0;
        std::memcpy(&length, bytes + 12, 4);
        if (20 + static_cast<size_t>(length) > blob->size) {
            return false;
        }
        doc.Parse(reinterpret_cast<const char *>(bytes + 20), length);
        return !doc.HasParseError();
    }

    static int NodeIndex(const rapidjson::Document &doc, const char *name) {
        const rapidjson::Value &nodes = doc["nodes"];
        for (rapidjson::SizeType i = 0; i < nodes.Size(); ++i) {
            if (nodes[i].HasMember("name") && std::string(nodes[i]["name"].GetString()) == name) {
                return static_cast<int>(i);
            }
        }
        return -1;
    }
};

TEST_F(utglTF2ExportCameras, camerasAreWrittenOnTheirNodes) {
    aiScene *scene = MakeScene();
    Exporter exporter;
    const aiExportDataBlob *blob = exporter.ExportToBlob(scene, "glb2");
    ASSERT_NE(nullptr, blob);
    rapidjson::Document doc;
    ASSERT_TRUE(ParseGlbJson(blob, doc));
    ASSERT_TRUE(doc.HasMember("cameras"));
    ASSERT_EQ(2u, doc["cameras"].Size());

    // "Straight": on its own node; yfov = 2 atan(tan(hfov / 2) / aspect).
    const int straight = NodeIndex(doc, "Straight");
    ASSERT_GE(straight, 0);
    ASSERT_TRUE(doc["nodes"][straight].HasMember("camera"));
    const rapidjson::Value &cam0 = doc["cameras"][doc["nodes"][straight]["camera"].GetInt()];
    EXPECT_STREQ("perspective", cam0["type"].GetString());
    EXPECT_NEAR(2.0 * std::atan(std::tan(0.6) / 1.5), cam0["perspective"]["yfov"].GetDouble(), 1e-6);
    EXPECT_NEAR(1.5, cam0["perspective"]["aspectRatio"].GetDouble(), 1e-6);
    EXPECT_NEAR(0.5, cam0["perspective"]["znear"].GetDouble(), 1e-6);
    EXPECT_NEAR(500.0, cam0["perspective"]["zfar"].GetDouble(), 1e-4);

    // "Framed": a child "Framed.Camera" at (1, 2, 3), turned so that its -Z
    // looks along +X: a rotation of -90 degrees about Y.
    const int framed = NodeIndex(doc, "Framed");
    const int frame = NodeIndex(doc, "Framed.Camera");
    ASSERT_GE(framed, 0);
    ASSERT_GE(frame, 0);
    EXPECT_FALSE(doc["nodes"][framed].HasMember("camera"));
    ASSERT_TRUE(doc["nodes"][framed].HasMember("children"));
    EXPECT_EQ(frame, doc["nodes"][framed]["children"][0].GetInt());
    const rapidjson::Value &frameNode = doc["nodes"][frame];
    ASSERT_TRUE(frameNode.HasMember("camera"));
    const rapidjson::Value &t = frameNode["translation"];
    EXPECT_NEAR(1.0, t[0].GetDouble(), 1e-6);
    EXPECT_NEAR(2.0, t[1].GetDouble(), 1e-6);
    EXPECT_NEAR(3.0, t[2].GetDouble(), 1e-6);
    const rapidjson::Value &r = frameNode["rotation"];
    EXPECT_NEAR(0.0, r[0].GetDouble(), 1e-6);
    EXPECT_NEAR(-std::sqrt(0.5), r[1].GetDouble(), 1e-6);
    EXPECT_NEAR(0.0, r[2].GetDouble(), 1e-6);
    EXPECT_NEAR(std::sqrt(0.5), r[3].GetDouble(), 1e-6);
    const rapidjson::Value &cam1 = doc["cameras"][frameNode["camera"].GetInt()];
    EXPECT_NEAR(0.8, cam1["perspective"]["yfov"].GetDouble(), 1e-6);
    EXPECT_FALSE(cam1["perspective"].HasMember("aspectRatio"));

    // Assimp's own importer reads both cameras back.
    Importer importer;
    const aiScene *back = importer.ReadFileFromMemory(blob->data, blob->size, 0, "glb");
    ASSERT_NE(nullptr, back);
    EXPECT_EQ(2u, back->mNumCameras);
    delete scene;
}

TEST_F(utglTF2ExportCameras, orthographicCamera) {
    aiScene *scene = MakeScene();
    scene->mCameras[0]->mOrthographicWidth = 4.f;
    Exporter exporter;
    const aiExportDataBlob *blob = exporter.ExportToBlob(scene, "glb2");
    rapidjson::Document doc;
    ASSERT_TRUE(ParseGlbJson(blob, doc));
    const rapidjson::Value &cam = doc["cameras"][doc["nodes"][NodeIndex(doc, "Straight")]["camera"].GetInt()];
    EXPECT_STREQ("orthographic", cam["type"].GetString());
    EXPECT_NEAR(4.0, cam["orthographic"]["xmag"].GetDouble(), 1e-6);
    EXPECT_NEAR(4.0 / 1.5, cam["orthographic"]["ymag"].GetDouble(), 1e-6);
    delete scene;
}

TEST_F(utglTF2ExportCameras, cameraWithoutNodeIsSkipped) {
    aiScene *scene = MakeScene();
    scene->mCameras[1]->mName = aiString("NoSuchNode");
    Exporter exporter;
    const aiExportDataBlob *blob = exporter.ExportToBlob(scene, "glb2");
    rapidjson::Document doc;
    ASSERT_TRUE(ParseGlbJson(blob, doc));
    EXPECT_EQ(1u, doc["cameras"].Size());
    delete scene;
}

#endif // ASSIMP_BUILD_NO_EXPORT
