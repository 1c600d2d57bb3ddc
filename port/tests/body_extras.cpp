#include "UnitTestPCH.h"

#include <assimp/metadata.h>
#include <assimp/scene.h>
#include <assimp/Exporter.hpp>

#include <rapidjson/document.h>

#include <cstdint>
#include <cstring>
#include <string>

using namespace Assimp;

#ifndef ASSIMP_BUILD_NO_EXPORT

class utglTF2ExportNodeExtras : public ::testing::Test {};

TEST_F(utglTF2ExportNodeExtras, nodeMetadataBecomesExtras) {
    aiScene *scene = new aiScene();
    scene->mRootNode = new aiNode("Root");
    scene->mRootNode->mNumChildren = 1;
    scene->mRootNode->mChildren = new aiNode *[1];
    aiNode *child = scene->mRootNode->mChildren[0] = new aiNode("Tagged");
    child->mParent = scene->mRootNode;
    aiMetadata *nested = aiMetadata::Alloc(1);
    nested->Set(0, "depth", 2.5);
    child->mMetaData = aiMetadata::Alloc(4);
    child->mMetaData->Set(0, "visible", true);
    child->mMetaData->Set(1, "count", int32_t(-7));
    child->mMetaData->Set(2, "label", aiString("door"));
    child->mMetaData->Set(3, "inner", *nested);
    delete nested;

    Exporter exporter;
    const aiExportDataBlob *blob = exporter.ExportToBlob(scene, "glb2");
    ASSERT_NE(nullptr, blob);
    ASSERT_GT(blob->size, 20u);
    uint32_t length = 0;
    std::memcpy(&length, static_cast<const uint8_t *>(blob->data) + 12, 4);
    rapidjson::Document doc;
    doc.Parse(static_cast<const char *>(blob->data) + 20, length);
    ASSERT_FALSE(doc.HasParseError());
    const rapidjson::Value *tagged = nullptr;
    for (const auto &node : doc["nodes"].GetArray()) {
        if (std::string(node["name"].GetString()) == "Tagged") {
            tagged = &node;
        }
    }
    ASSERT_NE(nullptr, tagged);
    ASSERT_TRUE(tagged->HasMember("extras"));
    const rapidjson::Value &extras = (*tagged)["extras"];
    EXPECT_TRUE(extras["visible"].GetBool());
    EXPECT_EQ(-7, extras["count"].GetInt());
    EXPECT_STREQ("door", extras["label"].GetString());
    EXPECT_DOUBLE_EQ(2.5, extras["inner"]["depth"].GetDouble());
    delete scene;
}

#endif // ASSIMP_BUILD_NO_EXPORT
