// Scene and node metadata in the FBX (user properties, ExportFbx) and COLLADA
// (<extra>, AddColladaMetadata) outputs, which Assimp's exporters leave out.
// The FBX is read back by Assimp 5.2.5's FBX importer (node metadata) and by
// the pass's own record reader (the Document); the COLLADA file as text.
#include "support/TestSupport.h"

#include "Export/ColladaMetadata.h"
#include "Export/ExportSceneView.h"
#include "Export/FbxRecords.h"
#include "support/GltfTestScenes.h"

#include <assimp_retro/fbx_export.h>

#include <assimp/Exporter.hpp>
#include <assimp/Importer.hpp>
#include <assimp/scene.h>

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace {

using assimp_retro::fbx::Record;
using assimp_retro::fbx::RecordReader;

/// MakeMetadataScene (Props: 8 keys, 12 leaves; Tagged: 2; Floor: 1) with
/// scene metadata (2 keys) and root-node metadata (1 key, and one the scene
/// has too).
std::unique_ptr<aiScene> MakeScene() {
    auto scene = gltf_test::MakeMetadataScene();
    scene->mMetaData = new aiMetadata();
    scene->mMetaData->Add("abc:command", aiString("-scale 2 <x> & 'y'"));
    scene->mMetaData->Add("UnitScaleFactor", 100.0);
    scene->mRootNode->mMetaData = new aiMetadata();
    scene->mRootNode->mMetaData->Add("p3d:lods", int32_t(5));
    scene->mRootNode->mMetaData->Add("abc:command", aiString("again"));
    return scene;
}

const aiNode &NodeNamed(const aiScene &scene, const char *name) {
    const aiNode *node = scene.mRootNode->FindNode(name);
    if (!node) {
        throw std::runtime_error(std::string("no node ") + name);
    }
    return *node;
}

TEST(FbxMetadata, NodeMetadataReadsBackThroughAssimpsFbxImporter) {
    auto scene = MakeScene();
    const std::string path = retro_test::OutputPath("Export/metadata/scene.fbx");
    std::string error;
    assimp_retro::FbxCompletionReport report;
    ASSERT_TRUE(assimp_retro::ExportFbx(*scene, "fbx", path, &error, &report)) << error;
    // 12 + 2 + 1 on Models; 2 + 1 on the Document (the root's second
    // "abc:command" is left out with a note).
    EXPECT_EQ(report.metadataPropertiesWritten, 18u);
    EXPECT_EQ(report.objectsWithMetadata, 4u);
    ASSERT_EQ(report.notes.size(), 1u);
    EXPECT_EQ(report.notes[0], "root node \"Root\" key \"abc:command\": the FBX Document has it already, left out");

    Assimp::Importer importer;
    const aiScene *back = importer.ReadFile(path, 0);
    ASSERT_NE(back, nullptr) << importer.GetErrorString();
    const aiMetadata *props = NodeNamed(*back, "Props").mMetaData;
    ASSERT_NE(props, nullptr);
    bool flag = false;
    int32_t count = 0;
    float ratio = 0, precise = 0, mass = 0, max = 0;
    aiString label, big, material;
    aiVector3D offset, min;
    EXPECT_TRUE(props->Get("flag", flag) && flag);
    EXPECT_TRUE(props->Get("count", count));
    EXPECT_EQ(count, -42);
    EXPECT_TRUE(props->Get("big", big)); // beyond int32: exact decimal text
    EXPECT_STREQ(big.C_Str(), "1099511627783");
    EXPECT_TRUE(props->Get("ratio", ratio)); // Assimp's FBX importer reads doubles as float
    EXPECT_FLOAT_EQ(ratio, 0.1f);
    EXPECT_TRUE(props->Get("precise", precise));
    EXPECT_FLOAT_EQ(precise, 0.1f);
    EXPECT_TRUE(props->Get("label", label));
    EXPECT_STREQ(label.C_Str(), "crate \"A\" \xc3\xbc");
    EXPECT_TRUE(props->Get("offset", offset));
    EXPECT_EQ(offset, aiVector3D(1.5f, -2.0f, 0.25f));
    EXPECT_TRUE(props->Get("physics.mass", mass));
    EXPECT_FLOAT_EQ(mass, 2.5f);
    EXPECT_TRUE(props->Get("physics.material", material));
    EXPECT_STREQ(material.C_Str(), "wood");
    EXPECT_TRUE(props->Get("physics.limits.min", min));
    EXPECT_EQ(min, aiVector3D(-1, -1, -1));
    EXPECT_TRUE(props->Get("physics.limits.max", max));
    EXPECT_FLOAT_EQ(max, 10.0f);
    bool isStatic = true;
    EXPECT_TRUE(props->Get("physics.static", isStatic));
    EXPECT_FALSE(isStatic);
    int32_t team = 0;
    EXPECT_TRUE(NodeNamed(*back, "Tagged").mMetaData->Get("team", team));
    EXPECT_EQ(team, 3);
    bool walkable = false;
    EXPECT_TRUE(NodeNamed(*back, "Floor").mMetaData->Get("walkable", walkable) && walkable);
}

/// The names and string values of the user properties of the file's Document.
std::vector<std::string> DocumentUserProperties(const std::string &path) {
    const std::vector<uint8_t> data = retro_test::ReadFile(path);
    const std::vector<char> bytes(data.begin(), data.end());
    const RecordReader reader(bytes, true);
    std::vector<std::string> found;
    for (size_t at = 27; at < bytes.size() && !reader.IsNullRecord(at);) {
        const Record top = reader.Read(at, bytes.size(), 0);
        at = static_cast<size_t>(reader.Field(at));
        const Record *document = top.name == "Documents" ? assimp_retro::fbx::Child(top, "Document") : nullptr;
        const Record *properties = document ? assimp_retro::fbx::Child(*document, "Properties70") : nullptr;
        for (const Record &entry : properties ? properties->children : std::vector<Record>()) {
            const auto values = reader.Properties(entry);
            if (values.size() == 5 && reader.String(values[3]) == "U") {
                const std::string value = values[4].type == 'S' ? reader.String(values[4])
                                                                : std::to_string(reader.Number(values[4]));
                found.push_back(reader.String(values[0]) + "=" + reader.String(values[1]) + ":" + value);
            }
        }
    }
    return found;
}

TEST(FbxMetadata, SceneAndRootMetadataAreUserPropertiesOfTheDocument) {
    auto scene = MakeScene();
    const std::string path = retro_test::OutputPath("Export/metadata/document.fbx");
    std::string error;
    ASSERT_TRUE(assimp_retro::ExportFbx(*scene, "fbx", path, &error)) << error;
    EXPECT_EQ(DocumentUserProperties(path),
            (std::vector<std::string>{"abc:command=KString:-scale 2 <x> & 'y'", "UnitScaleFactor=double:100.000000",
                    "p3d:lods=int:5.000000"}));
}

TEST(FbxMetadata, AsciiFbxLeavesItOutWithANote) {
    auto scene = MakeScene();
    const std::string path = retro_test::OutputPath("Export/metadata/ascii.fbx");
    std::string error;
    assimp_retro::FbxCompletionReport report;
    ASSERT_TRUE(assimp_retro::ExportFbx(*scene, "fbxa", path, &error, &report)) << error;
    EXPECT_EQ(report.metadataPropertiesWritten, 0u);
    EXPECT_EQ(report.notes, std::vector<std::string>{"scene and node metadata left out of ASCII FBX"});
}

TEST(ColladaMetadata, ExtrasOnNodesAndTheVisualScene) {
    auto scene = MakeScene();
    const std::string path = retro_test::OutputPath("Export/metadata/scene.dae");
    Assimp::Exporter exporter; // on the metadata-free view: Assimp 5.2.5 aborts copying nested metadata
    const assimp_retro::ExportSceneView view(*scene);
    ASSERT_EQ(exporter.Export(view.scene, "collada", path), AI_SUCCESS) << exporter.GetErrorString();
    std::string error;
    assimp_retro::ColladaMetadataReport report;
    ASSERT_TRUE(assimp_retro::AddColladaMetadata(*scene, path, &error, &report)) << error;
    EXPECT_EQ(report.entriesWritten, 18u);
    EXPECT_EQ(report.elementsWithMetadata, 4u);
    EXPECT_EQ(report.notes, std::vector<std::string>{"root node key \"abc:command\": already there, left out"});
    const std::vector<uint8_t> data = retro_test::ReadFile(path);
    const std::string text(data.begin(), data.end());
    const std::string technique = "<technique profile=\"assimp-retro\">";
    const size_t props = text.find("name=\"Props\"");
    const size_t tagged = text.find("name=\"Tagged\"");
    const size_t taggedExtra = text.find(technique, tagged);
    const size_t propsExtra = text.find(technique, taggedExtra + 1);
    const size_t sceneExtra = text.find(technique, text.find("name=\"Floor\""));
    ASSERT_NE(props, std::string::npos);
    ASSERT_NE(propsExtra, std::string::npos);
    // Props's <extra> is its last child, after the <node> of Tagged.
    EXPECT_LT(props, tagged);
    EXPECT_LT(taggedExtra, propsExtra);
    EXPECT_LT(propsExtra, text.find("</node>", propsExtra));
    EXPECT_NE(text.find("<property name=\"team\" type=\"int\">3</property>", taggedExtra), std::string::npos);
    for (const char *property : {"<property name=\"flag\" type=\"bool\">true</property>",
                 "<property name=\"count\" type=\"int\">-42</property>",
                 "<property name=\"big\" type=\"int\">1099511627783</property>",
                 "<property name=\"ratio\" type=\"float\">0.10000000000000001</property>",
                 "<property name=\"label\" type=\"string\">crate &quot;A&quot; \xc3\xbc</property>",
                 "<property name=\"offset\" type=\"float3\">1.5 -2 0.25</property>",
                 "<property name=\"physics.limits.min\" type=\"float3\">-1 -1 -1</property>"}) {
        const size_t at = text.find(property, propsExtra);
        EXPECT_TRUE(at != std::string::npos && at < text.find("</extra>", propsExtra)) << property;
    }
    const size_t sceneEnd = text.find("</visual_scene>");
    ASSERT_NE(sceneExtra, std::string::npos);
    EXPECT_LT(sceneExtra, sceneEnd);
    for (const char *property : {"<property name=\"abc:command\" type=\"string\">-scale 2 &lt;x&gt; &amp; &apos;y&apos;</property>",
                 "<property name=\"UnitScaleFactor\" type=\"float\">100</property>",
                 "<property name=\"p3d:lods\" type=\"int\">5</property>"}) {
        const size_t at = text.find(property, sceneExtra);
        EXPECT_TRUE(at != std::string::npos && at < sceneEnd) << property;
    }
    // Assimp's COLLADA importer opens it as before.
    Assimp::Importer importer;
    const aiScene *back = importer.ReadFile(path, 0);
    ASSERT_NE(back, nullptr) << importer.GetErrorString();
    EXPECT_EQ(back->mNumMeshes, 1u);
}

TEST(ColladaMetadata, InvalidXmlCharactersAreReplacedAndBrokenFilesRefused) {
    auto scene = gltf_test::MakeMetadataScene();
    scene->mMetaData = new aiMetadata();
    scene->mMetaData->Add("text", aiString(std::string("a\x01" "b\xff" "c")));
    const std::string path = retro_test::OutputPath("Export/metadata/chars.dae");
    Assimp::Exporter exporter; // on the metadata-free view: Assimp 5.2.5 aborts copying nested metadata
    const assimp_retro::ExportSceneView view(*scene);
    ASSERT_EQ(exporter.Export(view.scene, "collada", path), AI_SUCCESS) << exporter.GetErrorString();
    std::string error;
    ASSERT_TRUE(assimp_retro::AddColladaMetadata(*scene, path, &error)) << error;
    const std::vector<uint8_t> data = retro_test::ReadFile(path);
    const std::string text(data.begin(), data.end());
    EXPECT_NE(text.find("<property name=\"text\" type=\"string\">a\xEF\xBF\xBD" "b\xEF\xBF\xBD" "c</property>"),
            std::string::npos);

    const std::string broken = retro_test::OutputPath("Export/metadata/broken.dae");
    const size_t scenes = text.find("<library_visual_scenes>");
    ASSERT_NE(scenes, std::string::npos);
    retro_test::WriteFile(broken, std::vector<uint8_t>(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(scenes)));
    EXPECT_FALSE(assimp_retro::AddColladaMetadata(*scene, broken, &error));
    EXPECT_EQ(error, "COLLADA metadata: no </visual_scene> in '" + broken + "'");
    const std::string unterminated = "<COLLADA><library_visual_scenes><visual_scene id=\"x\"";
    retro_test::WriteFile(broken, std::vector<uint8_t>(unterminated.begin(), unterminated.end()));
    EXPECT_FALSE(assimp_retro::AddColladaMetadata(*scene, broken, &error));
    EXPECT_EQ(error, "COLLADA metadata: unterminated tag at byte offset 32 in '" + broken + "'");
}

TEST(ColladaMetadata, SurvivesTruncationAtAnyByte) {
    auto scene = MakeScene();
    const std::string path = retro_test::OutputPath("Export/metadata/whole.dae");
    Assimp::Exporter exporter;
    const assimp_retro::ExportSceneView view(*scene);
    ASSERT_EQ(exporter.Export(view.scene, "collada", path), AI_SUCCESS) << exporter.GetErrorString();
    const std::vector<uint8_t> whole = retro_test::ReadFile(path);
    const std::string cut = retro_test::OutputPath("Export/metadata/cut.dae");
    // A cut before the end of </visual_scene> leaves no place for the scene's
    // <extra>: refused. A later cut may end inside a tag: refused, or not.
    const std::string endTag = "</visual_scene>";
    const size_t completeFrom = std::string(whole.begin(), whole.end()).find(endTag) + endTag.size();
    ASSERT_GT(completeFrom, endTag.size());
    for (size_t size = 0; size < whole.size(); size += 7) {
        retro_test::WriteFile(cut, std::vector<uint8_t>(whole.begin(), whole.begin() + static_cast<std::ptrdiff_t>(size)));
        std::string error;
        const bool completed = assimp_retro::AddColladaMetadata(*scene, cut, &error);
        if (size < completeFrom) {
            EXPECT_FALSE(completed) << size;
        }
        if (!completed) {
            EXPECT_EQ(error.rfind("COLLADA metadata: ", 0), 0u) << error;
        }
    }
}

} // namespace
