#include "UnitTestPCH.h"

#include <assimp/anim.h>
#include <assimp/mesh.h>
#include <assimp/scene.h>
#include <assimp/Exporter.hpp>
#include <assimp/Importer.hpp>

#include <rapidjson/document.h>

#include <cstdint>
#include <cstring>
#include <string>

using namespace Assimp;

#ifndef ASSIMP_BUILD_NO_EXPORT

class utglTF2ExportMorphAnim : public ::testing::Test {
public:
    // One triangle on node "Morpher" with two morph targets, and an animation
    // that has only a morph channel: 3 keys at 0, 5 and 10 ticks, 10 ticks/s.
    static aiScene *MakeScene() {
        aiScene *scene = new aiScene();
        scene->mNumMaterials = 1;
        scene->mMaterials = new aiMaterial *[1];
        scene->mMaterials[0] = new aiMaterial();
        scene->mNumMeshes = 1;
        scene->mMeshes = new aiMesh *[1];
        aiMesh *mesh = scene->mMeshes[0] = new aiMesh();
        mesh->mName = aiString("Triangle");
        mesh->mPrimitiveTypes = aiPrimitiveType_TRIANGLE;
        mesh->mNumVertices = 3;
        mesh->mVertices = new aiVector3D[3]{ aiVector3D(0, 0, 0), aiVector3D(1, 0, 0), aiVector3D(0, 1, 0) };
        mesh->mNumFaces = 1;
        mesh->mFaces = new aiFace[1];
        mesh->mFaces[0].mNumIndices = 3;
        mesh->mFaces[0].mIndices = new unsigned int[3]{ 0, 1, 2 };
        mesh->mNumAnimMeshes = 2;
        mesh->mAnimMeshes = new aiAnimMesh *[2];
        for (unsigned int t = 0; t < 2; ++t) {
            aiAnimMesh *target = mesh->mAnimMeshes[t] = new aiAnimMesh();
            target->mNumVertices = 3;
            target->mVertices = new aiVector3D[3];
            for (unsigned int v = 0; v < 3; ++v) {
                target->mVertices[v] = mesh->mVertices[v] + aiVector3D(0, 0, 1.f + t);
            }
        }
        scene->mRootNode = new aiNode("Root");
        scene->mRootNode->mNumChildren = 1;
        scene->mRootNode->mChildren = new aiNode *[1];
        aiNode *node = scene->mRootNode->mChildren[0] = new aiNode("Morpher");
        node->mParent = scene->mRootNode;
        node->mNumMeshes = 1;
        node->mMeshes = new unsigned int[1]{ 0 };

        scene->mNumAnimations = 1;
        scene->mAnimations = new aiAnimation *[1];
        aiAnimation *anim = scene->mAnimations[0] = new aiAnimation();
        anim->mName = aiString("Blink");
        anim->mTicksPerSecond = 10.0;
        anim->mDuration = 10.0;
        anim->mNumMorphMeshChannels = 1;
        anim->mMorphMeshChannels = new aiMeshMorphAnim *[1];
        aiMeshMorphAnim *channel = anim->mMorphMeshChannels[0] = new aiMeshMorphAnim();
        channel->mName = aiString("Morpher");
        channel->mNumKeys = 3;
        channel->mKeys = new aiMeshMorphKey[3];
        const double times[3] = { 0.0, 5.0, 10.0 };
        for (unsigned int k = 0; k < 3; ++k) {
            aiMeshMorphKey &key = channel->mKeys[k];
            key.mTime = times[k];
            key.mNumValuesAndWeights = 1; // one target per key: the other weighs 0
            key.mValues = new unsigned int[1]{ k % 2 };
            key.mWeights = new double[1]{ 0.25 * (k + 1) };
        }
        return scene;
    }

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
};

TEST_F(utglTF2ExportMorphAnim, morphChannelBecomesWeightsChannel) {
    aiScene *scene = MakeScene();
    Exporter exporter;
    const aiExportDataBlob *blob = exporter.ExportToBlob(scene, "glb2");
    ASSERT_NE(nullptr, blob);
    rapidjson::Document doc;
    ASSERT_TRUE(ParseGlbJson(blob, doc));
    ASSERT_TRUE(doc.HasMember("animations"));
    ASSERT_EQ(1u, doc["animations"].Size());
    const rapidjson::Value &anim = doc["animations"][0];
    EXPECT_STREQ("Blink", anim["name"].GetString());
    ASSERT_EQ(1u, anim["channels"].Size());
    const rapidjson::Value &target = anim["channels"][0]["target"];
    EXPECT_STREQ("weights", target["path"].GetString());
    EXPECT_STREQ("Morpher", doc["nodes"][target["node"].GetInt()]["name"].GetString());
    const rapidjson::Value &sampler = anim["samplers"][anim["channels"][0]["sampler"].GetInt()];
    EXPECT_STREQ("LINEAR", sampler["interpolation"].GetString());
    const rapidjson::Value &input = doc["accessors"][sampler["input"].GetInt()];
    const rapidjson::Value &output = doc["accessors"][sampler["output"].GetInt()];
    EXPECT_EQ(3, input["count"].GetInt());
    EXPECT_NEAR(1.0, input["max"][0].GetDouble(), 1e-6); // 10 ticks at 10 ticks/s
    EXPECT_EQ(6, output["count"].GetInt()); // 3 keys x 2 targets

    // Assimp's importer reads the channel back: times in ms, both weights per key.
    Importer importer;
    const aiScene *back = importer.ReadFileFromMemory(blob->data, blob->size, 0, "glb");
    ASSERT_NE(nullptr, back);
    ASSERT_EQ(1u, back->mNumAnimations);
    ASSERT_EQ(1u, back->mAnimations[0]->mNumMorphMeshChannels);
    const aiMeshMorphAnim *channel = back->mAnimations[0]->mMorphMeshChannels[0];
    ASSERT_EQ(3u, channel->mNumKeys);
    EXPECT_NEAR(500.0, channel->mKeys[1].mTime, 1e-3);
    ASSERT_EQ(2u, channel->mKeys[1].mNumValuesAndWeights);
    EXPECT_NEAR(0.0, channel->mKeys[1].mWeights[0], 1e-6);
    EXPECT_NEAR(0.5, channel->mKeys[1].mWeights[1], 1e-6);
    delete scene;
}

TEST_F(utglTF2ExportMorphAnim, animationWithoutUsableChannelIsNotWritten) {
    aiScene *scene = MakeScene();
    scene->mAnimations[0]->mMorphMeshChannels[0]->mName = aiString("NoSuchNode");
    Exporter exporter;
    const aiExportDataBlob *blob = exporter.ExportToBlob(scene, "glb2");
    rapidjson::Document doc;
    ASSERT_TRUE(ParseGlbJson(blob, doc));
    EXPECT_FALSE(doc.HasMember("animations")); // an animation without channels is invalid glTF
    delete scene;
}

#endif // ASSIMP_BUILD_NO_EXPORT
