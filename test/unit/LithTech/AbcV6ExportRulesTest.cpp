// The abc6 exporter's rules (docs/formats/ABC.md "Writing ABC") on small
// scenes made here: the static pose as the one animation, every node keyed at
// every keyframe time, boxes per keyframe, the unit and axis conversion,
// winding, one node per vertex, and the refusals (no file left behind).
#include "AssetLib/LithTech/AbcExporter.h"
#include "AssetLib/LithTech/AbcSettings.h"
#include "AssetLib/LithTech/AbcLt1ExportModel.h"
#include "AssetLib/LithTech/AbcLt1Reader.h"
#include "support/ExportSupport.h"
#include "support/LogCapture.h"
#include "support/TestSupport.h"
#include "support/TriangleScene.h"

#include <assimp/Exporter.hpp>
#include <assimp/scene.h>

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <memory>

using namespace assimp_retro::abc;

namespace {

/// Root (at (0, 1, 0) m) -> Box holding one triangle, in metres (no unit metadata).
std::unique_ptr<aiScene> StaticScene() {
    auto scene = retro_test::NewTriangleScene("Root", "Box", retro_test::NewTexturedTriangle("Tri"));
    scene->mRootNode->mTransformation = aiMatrix4x4::Translation(aiVector3D(0, 1, 0), scene->mRootNode->mTransformation);
    return scene;
}

aiNodeAnim *Channel(const std::string &node, const std::vector<std::pair<double, aiVector3D>> &positions) {
    aiNodeAnim *c = new aiNodeAnim();
    c->mNodeName = aiString(node);
    c->mNumPositionKeys = unsigned(positions.size());
    c->mPositionKeys = new aiVectorKey[positions.size()];
    c->mNumRotationKeys = 1;
    c->mRotationKeys = new aiQuatKey[1];
    c->mRotationKeys[0].mTime = positions[0].first;
    for (size_t i = 0; i < positions.size(); ++i) {
        c->mPositionKeys[i].mTime = positions[i].first;
        c->mPositionKeys[i].mValue = positions[i].second;
    }
    return c;
}

Lt1Model ReadBack(const std::vector<uint8_t> &bytes) {
    return ReadLt1(bytes.data(), bytes.size(), "exported.abc");
}

// A scene from another format is in metres; abc6 writes LithTech 1 units.
const float kUnitsPerMetre = float(100.0 / kLt1CentimetresPerUnit);

TEST(AbcV6ExportRules, StaticSceneGetsTheStaticPoseAsItsOneAnimation) {
    auto scene = StaticScene();
    std::string error;
    const std::vector<uint8_t> bytes = retro_test::ExportToMemory(*scene, "abc6", &error);
    ASSERT_FALSE(bytes.empty()) << error;
    const Lt1Model model = ReadBack(bytes);
    ASSERT_EQ(model.nodes.size(), 2u);
    EXPECT_EQ(model.nodes[0].name, "Root");
    EXPECT_EQ(model.nodes[0].flags, kV6NodeNull);
    EXPECT_EQ(model.nodes[1].name, "Box");
    EXPECT_EQ(model.nodes[1].flags, kV6NodeTriangles);
    ASSERT_EQ(model.animations.size(), 1u);
    const Lt1Animation &anim = model.animations[0];
    EXPECT_EQ(anim.name, "static");
    ASSERT_EQ(anim.keyframes.size(), 1u);
    EXPECT_EQ(anim.keyframes[0].time, 0u);
    // Metres -> LithTech 1 units (2.2 cm, kLt1CentimetresPerUnit): the root sits 1 m up.
    const Lt1NodeKey root = anim.nodes[0].keys[0];
    EXPECT_FLOAT_EQ(root.position.y, kUnitsPerMetre);
    // Clockwise in LithTech's space: the scene's corners 0, 2, 1; v flipped.
    // Vertices in Box's space, mirrored in X: (1, 0, 0) m -> (-1 m, 0, 0).
    ASSERT_EQ(model.geometry.vertices.size(), 3u);
    ASSERT_EQ(model.geometry.triangles.size(), 1u);
    const Lt1Triangle &t = model.geometry.triangles[0];
    const auto &vertices = model.geometry.vertices;
    EXPECT_FLOAT_EQ(vertices[t.vertex[0]].position.x, 0.f);
    EXPECT_FLOAT_EQ(vertices[t.vertex[1]].position.y, kUnitsPerMetre); // scene vertex 2
    EXPECT_FLOAT_EQ(vertices[t.vertex[2]].position.x, -kUnitsPerMetre); // scene vertex 1
    for (const Lt1Vertex &v : vertices) {
        EXPECT_EQ(v.node, 1);
    }
    EXPECT_FLOAT_EQ(t.v[1], 0.f); // scene uv (0, 1)
    EXPECT_FLOAT_EQ(t.v[0], 1.f);
    // The face normal: scene +Z stays +Z (mirroring X does not touch it).
    EXPECT_EQ(t.normal.z, 127);
    // Every keyframe carries the posed model's box; dims hold it around the origin.
    EXPECT_FLOAT_EQ(anim.keyframes[0].boundsMin.x, -kUnitsPerMetre);
    EXPECT_FLOAT_EQ(anim.keyframes[0].boundsMax.y, 2 * kUnitsPerMetre);
    EXPECT_FLOAT_EQ(anim.dims.x, kUnitsPerMetre);
    EXPECT_FLOAT_EQ(anim.dims.y, 2 * kUnitsPerMetre);
    EXPECT_TRUE(model.hasTransformInfo);
}

TEST(AbcV6ExportRules, EveryNodeIsKeyedAtEveryKeyframeTime) {
    auto scene = StaticScene();
    aiAnimation *anim = new aiAnimation();
    anim->mName = aiString("walk");
    anim->mTicksPerSecond = 1000;
    anim->mDuration = 200;
    anim->mNumChannels = 2;
    anim->mChannels = new aiNodeAnim *[2]{Channel("Root", {{0, {0, 0, 0}}, {100, {0, 2, 0}}}),
            Channel("Box", {{0, {0, 0, 0}}, {50, {0, 0, 0}}, {200, {1, 0, 0}}})};
    scene->mNumAnimations = 1;
    scene->mAnimations = new aiAnimation *[1]{anim};
    std::string error;
    const std::vector<uint8_t> bytes = retro_test::ExportToMemory(*scene, "abc6", &error);
    ASSERT_FALSE(bytes.empty()) << error;
    const Lt1Model model = ReadBack(bytes);
    ASSERT_EQ(model.animations.size(), 1u);
    const Lt1Animation &a = model.animations[0];
    ASSERT_EQ(a.keyframes.size(), 4u);
    EXPECT_EQ(a.keyframes[1].time, 50u);
    EXPECT_EQ(a.keyframes[3].time, 200u);
    EXPECT_EQ(a.length, 200u);
    for (const Lt1NodeTrack &track : a.nodes) {
        EXPECT_EQ(track.keys.size(), 4u);
    }
    // Root at 50 ms: halfway to 2 m up; at 200 ms: held at its last key.
    EXPECT_NEAR(a.nodes[0].keys[1].position.y, kUnitsPerMetre, 1e-3f);
    EXPECT_NEAR(a.nodes[0].keys[3].position.y, 2 * kUnitsPerMetre, 1e-3f);
    // Box at 100 ms: a third of the way to x = 1 m, mirrored.
    EXPECT_NEAR(a.nodes[1].keys[2].position.x, -kUnitsPerMetre / 3.f, 1e-3f);
    for (const Lt1KeyframeInfo &k : a.keyframes) {
        EXPECT_GT(k.boundsMax.y - k.boundsMin.y, 0.99f * kUnitsPerMetre) << k.time;
    }
}

TEST(AbcV6ExportRules, SkinnedVerticesKeepTheirStrongestBone) {
    auto scene = StaticScene();
    aiNode *bone = new aiNode("Bone");
    bone->mParent = scene->mRootNode;
    scene->mRootNode->addChildren(1, &bone);
    aiMesh *mesh = scene->mMeshes[0];
    mesh->mNumBones = 2;
    mesh->mBones = new aiBone *[2]{new aiBone(), new aiBone()};
    const char *names[2] = {"Box", "Bone"};
    for (int b = 0; b < 2; ++b) {
        mesh->mBones[b]->mName = aiString(names[b]);
        mesh->mBones[b]->mOffsetMatrix = aiMatrix4x4::Translation(aiVector3D(0, -1, 0), mesh->mBones[b]->mOffsetMatrix);
        mesh->mBones[b]->mNumWeights = 3;
        mesh->mBones[b]->mWeights = new aiVertexWeight[3];
        for (unsigned v = 0; v < 3; ++v) {
            const float w = (v == 2) == (b == 1) ? 0.7f : 0.3f; // vertex 2 mostly on Bone
            mesh->mBones[b]->mWeights[v] = aiVertexWeight(v, w);
        }
    }
    retro_test::LogCapture log;
    std::string error;
    const std::vector<uint8_t> bytes = retro_test::ExportToMemory(*scene, "abc6", &error);
    ASSERT_FALSE(bytes.empty()) << error;
    const Lt1Model model = ReadBack(bytes);
    ASSERT_EQ(model.nodes.size(), 3u);
    ASSERT_EQ(model.geometry.vertices.size(), 3u);
    const Lt1Triangle &t = model.geometry.triangles[0]; // the scene's corners 0, 2, 1
    EXPECT_EQ(model.nodes[model.geometry.vertices[t.vertex[0]].node].name, "Box");
    EXPECT_EQ(model.nodes[model.geometry.vertices[t.vertex[2]].node].name, "Box");
    EXPECT_EQ(model.nodes[model.geometry.vertices[t.vertex[1]].node].name, "Bone");
    // Bone-local: the offset moves the vertex (0, 1, 0) m to the bone's origin.
    EXPECT_NEAR(model.geometry.vertices[t.vertex[1]].position.y, 0.f, 1e-4f);
    EXPECT_TRUE(log.Contains("3 vertices were weighted to more than one bone")) << log.Text();
}

TEST(AbcV6ExportRules, RefusesAScenewithoutTriangles) {
    auto scene = StaticScene();
    scene->mRootNode->mChildren[0]->mNumMeshes = 0;
    std::string error;
    EXPECT_TRUE(retro_test::ExportToMemory(*scene, "abc6", &error).empty());
    EXPECT_EQ(error, "ABC v6 export: the scene has no triangles to write (ABC v6 needs geometry)");
}

TEST(AbcV6ExportRules, RefusesNonFiniteVerticesNamingTheMesh) {
    auto scene = StaticScene();
    scene->mMeshes[0]->mVertices[1].y = std::nanf("");
    std::string error;
    EXPECT_TRUE(retro_test::ExportToMemory(*scene, "abc6", &error).empty());
    EXPECT_EQ(error, "ABC v6 export: mesh 'Tri': vertex 1 is not finite");
}

TEST(AbcV6ExportRules, RefusesMoreNodesThanAVertexCanName) {
    auto scene = StaticScene();
    std::vector<aiNode *> extra;
    for (int i = 0; i < 300; ++i) {
        extra.push_back(new aiNode("n" + std::to_string(i)));
        extra.back()->mParent = scene->mRootNode;
    }
    scene->mRootNode->addChildren(unsigned(extra.size()), extra.data());
    std::string error;
    EXPECT_TRUE(retro_test::ExportToMemory(*scene, "abc6", &error).empty());
    EXPECT_EQ(error, "ABC v6 export: the scene has 302 nodes; ABC v6 allows at most 256 (a vertex names its node in one byte)");
}

TEST(AbcV6ExportRules, RefusesDuplicateNodeNames) {
    auto scene = StaticScene();
    scene->mRootNode->mChildren[0]->mName = aiString("Root");
    std::string error;
    EXPECT_TRUE(retro_test::ExportToMemory(*scene, "abc6", &error).empty());
    EXPECT_EQ(error, "ABC v6 export: two nodes are named 'Root'; the games find nodes by name, so names must be unique");
}

TEST(AbcV6ExportRules, ARefusedSceneLeavesNoFile) {
    auto scene = StaticScene();
    scene->mMeshes[0]->mVertices[0].x = INFINITY;
    const std::string path = retro_test::OutputPath("abc6/refused.abc");
    std::filesystem::remove(path);
    Assimp::Exporter exporter;
    exporter.RegisterExporter(AbcV6ExportEntry());
    EXPECT_EQ(exporter.Export(scene.get(), "abc6", path.c_str()), AI_FAILURE);
    EXPECT_EQ(std::string(exporter.GetErrorString()), "ABC v6 export: mesh 'Tri': vertex 0 is not finite");
    EXPECT_FALSE(std::filesystem::exists(path));
    // And a good one is written.
    scene->mMeshes[0]->mVertices[0].x = 0;
    EXPECT_EQ(exporter.Export(scene.get(), "abc6", path.c_str()), AI_SUCCESS) << exporter.GetErrorString();
    EXPECT_TRUE(std::filesystem::exists(path));
}

} // namespace
