// The ABC exporters (v6 and v12) with a skinned mesh whose node sits under a
// turned (and a scaled) node, as a character's mesh sits under its armature
// object: the bind pose and the vertices the file holds must be the scene's,
// not turned or scaled by that node. A hand-made scene (no Blender): Root ->
// Armature (turned +90 degrees about X and moved) -> Hips -> Spine, and the
// mesh node Body holding two boxes in the armature's (Z-up) space, one
// weighted to each bone.
// - Assimp's convention (offsets map the mesh node's space to the bones'):
//   the scene itself through the library, and as an .assbin file through the tool;
// - glTF's (a skinned mesh node's transform is ignored: vertices and inverse
//   bind matrices are in the scene's space, as Blender's glTF exporter writes
//   them with the mesh node under the armature): the same character as a
//   hand-written .gltf through the tool.
// Imported back, each bone's bind pose and every vertex are where the source puts them.
#include "AbcTestHelpers.h"

#include "support/ExportSupport.h"
#include "support/TestSupport.h"

#include <assimp/Exporter.hpp>
#include <assimp/Importer.hpp>
#include <assimp/scene.h>
#include <assimp_retro/config.h>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <array>
#include <cmath>
#include <cstring>
#include <map>
#include <memory>
#include <ostream>
#include <string>
#include <vector>

using abc_test::GlobalTransform;

namespace {

constexpr float kHalfPi = 1.57079632679f;
constexpr float kTolerance = 1e-3f; // metres: float32 files in LithTech units

enum class Holder {
    AtIdentity,         ///< the mesh node is a child of the root, its vertices in scene space
    UnderTurnedArmature, ///< the mesh node is a child of Armature (turned, moved)
    UnderScaledArmature, ///< the same with Armature scaled by 0.5
};

aiNode *AddChild(aiNode *parent, const char *name, const aiMatrix4x4 &transform) {
    aiNode *child = new aiNode(name);
    child->mTransformation = transform;
    child->mParent = parent;
    aiNode **children = new aiNode *[parent->mNumChildren + 1];
    for (unsigned c = 0; c < parent->mNumChildren; ++c) children[c] = parent->mChildren[c];
    children[parent->mNumChildren] = child;
    delete[] parent->mChildren;
    parent->mChildren = children;
    ++parent->mNumChildren;
    return child;
}

/// A box's 8 corners (bit 0: x, 1: y, 2: z high) and 12 triangles, outward, counter-clockwise.
void AddBox(const aiVector3D &lo, const aiVector3D &hi, std::vector<aiVector3D> &vertices,
        std::vector<std::array<unsigned, 3>> &triangles) {
    const unsigned base = static_cast<unsigned>(vertices.size());
    for (unsigned i = 0; i < 8; ++i) {
        vertices.emplace_back(i & 1 ? hi.x : lo.x, i & 2 ? hi.y : lo.y, i & 4 ? hi.z : lo.z);
    }
    const unsigned quads[6][4] = {{0, 4, 6, 2}, {1, 3, 7, 5}, {0, 1, 5, 4}, {2, 6, 7, 3}, {0, 2, 3, 1}, {4, 5, 7, 6}};
    for (const auto &q : quads) {
        triangles.push_back({base + q[0], base + q[1], base + q[2]});
        triangles.push_back({base + q[0], base + q[2], base + q[3]});
    }
}

/// The scene described at the top; the bind pose is the static pose.
std::unique_ptr<aiScene> MakeScene(Holder holder) {
    auto scene = std::make_unique<aiScene>();
    scene->mRootNode = new aiNode("Root");
    aiMatrix4x4 turn, move, scale;
    aiMatrix4x4::RotationX(kHalfPi, turn);
    aiMatrix4x4::Translation(aiVector3D(0.3f, 0.1f, -0.2f), move);
    if (holder == Holder::UnderScaledArmature) {
        aiMatrix4x4::Scaling(aiVector3D(0.5f), scale);
    }
    aiNode *armature = AddChild(scene->mRootNode, "Armature", move * turn * scale);
    aiMatrix4x4 hipsTurn, hipsMove, spineTurn, spineMove;
    aiMatrix4x4::RotationZ(0.3f, hipsTurn);
    aiMatrix4x4::Translation(aiVector3D(0, 0, 1.0f), hipsMove);
    aiMatrix4x4::RotationX(0.2f, spineTurn);
    aiMatrix4x4::Translation(aiVector3D(0, 0.02f, 0.5f), spineMove);
    aiNode *hips = AddChild(armature, "Hips", hipsMove * hipsTurn);
    aiNode *spine = AddChild(hips, "Spine", spineMove * spineTurn);
    aiNode *body = AddChild(holder == Holder::AtIdentity ? scene->mRootNode : armature, "Body", aiMatrix4x4());
    body->mNumMeshes = 1;
    body->mMeshes = new unsigned[1]{0};

    // Two boxes in the armature's space (Z up), unequal on every axis.
    std::vector<aiVector3D> vertices;
    std::vector<std::array<unsigned, 3>> triangles;
    AddBox(aiVector3D(-0.20f, -0.10f, 0.80f), aiVector3D(0.20f, 0.12f, 1.20f), vertices, triangles);
    AddBox(aiVector3D(-0.25f, -0.12f, 1.25f), aiVector3D(0.25f, 0.15f, 1.85f), vertices, triangles);
    const aiMatrix4x4 holderGlobal = GlobalTransform(body);
    const aiMatrix4x4 toHolder = aiMatrix4x4(holderGlobal).Inverse() * GlobalTransform(armature);
    aiMesh *mesh = new aiMesh();
    mesh->mName = aiString("BodyMesh");
    mesh->mPrimitiveTypes = aiPrimitiveType_TRIANGLE;
    mesh->mNumVertices = static_cast<unsigned>(vertices.size());
    mesh->mVertices = new aiVector3D[vertices.size()];
    for (size_t v = 0; v < vertices.size(); ++v) mesh->mVertices[v] = toHolder * vertices[v];
    mesh->mNumFaces = static_cast<unsigned>(triangles.size());
    mesh->mFaces = new aiFace[triangles.size()];
    for (size_t f = 0; f < triangles.size(); ++f) {
        mesh->mFaces[f].mNumIndices = 3;
        mesh->mFaces[f].mIndices = new unsigned[3]{triangles[f][0], triangles[f][1], triangles[f][2]};
    }
    // Offsets: the holder's space to each bone's, at the static pose.
    const aiNode *bones[2] = {hips, spine};
    mesh->mNumBones = 2;
    mesh->mBones = new aiBone *[2];
    for (unsigned b = 0; b < 2; ++b) {
        aiBone *bone = new aiBone();
        bone->mName = bones[b]->mName;
        bone->mOffsetMatrix = (aiMatrix4x4(holderGlobal).Inverse() * GlobalTransform(bones[b])).Inverse();
        bone->mNumWeights = 8;
        bone->mWeights = new aiVertexWeight[8];
        for (unsigned w = 0; w < 8; ++w) bone->mWeights[w] = aiVertexWeight(8 * b + w, 1.f);
        mesh->mBones[b] = bone;
    }
    scene->mNumMeshes = 1;
    scene->mMeshes = new aiMesh *[1]{mesh};
    scene->mNumMaterials = 1;
    scene->mMaterials = new aiMaterial *[1]{new aiMaterial()};
    return scene;
}

/// What a viewer shows of a scene at its bind pose: each bone's bind
/// (mesh node's global times inverse offset, rigid) and every vertex, in scene space.
struct BindPose {
    std::map<std::string, aiMatrix4x4> bones;
    std::vector<aiVector3D> vertices;
};

const aiNode *HolderOf(const aiNode *node, unsigned mesh) {
    for (unsigned i = 0; i < node->mNumMeshes; ++i) {
        if (node->mMeshes[i] == mesh) return node;
    }
    for (unsigned c = 0; c < node->mNumChildren; ++c) {
        if (const aiNode *found = HolderOf(node->mChildren[c], mesh)) return found;
    }
    return nullptr;
}

BindPose BindPoseOf(const aiScene &scene) {
    BindPose pose;
    for (unsigned m = 0; m < scene.mNumMeshes; ++m) {
        const aiMesh &mesh = *scene.mMeshes[m];
        const aiNode *holder = HolderOf(scene.mRootNode, m);
        EXPECT_NE(holder, nullptr) << "no node holds mesh " << m;
        if (!holder) continue;
        const aiMatrix4x4 global = GlobalTransform(holder);
        for (unsigned v = 0; v < mesh.mNumVertices; ++v) pose.vertices.push_back(global * mesh.mVertices[v]);
        for (unsigned b = 0; b < mesh.mNumBones; ++b) {
            aiVector3D scaling, position;
            aiQuaternion rotation;
            (global * aiMatrix4x4(mesh.mBones[b]->mOffsetMatrix).Inverse()).Decompose(scaling, rotation, position);
            pose.bones[mesh.mBones[b]->mName.C_Str()] = aiMatrix4x4(aiVector3D(1.f), rotation.Normalize(), position);
        }
    }
    return pose;
}

bool Near(const aiVector3D &a, const aiVector3D &b) {
    return (a - b).Length() <= kTolerance;
}

/// The same bones at the same bind poses and the same vertex positions (as sets:
/// the importers split vertices their own way).
void ExpectSameBindPose(const aiScene &source, const aiScene &back) {
    const BindPose expected = BindPoseOf(source), actual = BindPoseOf(back);
    ASSERT_EQ(expected.bones.size(), 2u);
    for (const auto &[name, bind] : expected.bones) {
        const auto found = actual.bones.find(name);
        ASSERT_NE(found, actual.bones.end()) << "bone " << name << " did not come back";
        for (unsigned r = 0; r < 3; ++r) {
            for (unsigned c = 0; c < 4; ++c) {
                EXPECT_NEAR(found->second[r][c], bind[r][c], kTolerance) << name << "'s bind pose, row " << r << " column " << c;
            }
        }
    }
    for (const aiVector3D &p : actual.vertices) {
        bool matched = false;
        for (const aiVector3D &q : expected.vertices) matched = matched || Near(p, q);
        EXPECT_TRUE(matched) << "a vertex came back at (" << p.x << ", " << p.y << ", " << p.z << "), where the source has none";
    }
    for (const aiVector3D &q : expected.vertices) {
        bool matched = false;
        for (const aiVector3D &p : actual.vertices) matched = matched || Near(p, q);
        EXPECT_TRUE(matched) << "the source's vertex (" << q.x << ", " << q.y << ", " << q.z << ") did not come back";
    }
}

const aiScene *ImportInMetres(Assimp::Importer &importer, const std::vector<uint8_t> &bytes) {
    importer.SetPropertyBool(AI_CONFIG_IMPORT_RETRO_UNITS_TO_METRES, true); // the source is in metres
    return retro_test::ImportMemory(importer, bytes, "abc");
}

struct Case {
    std::string format;
    Holder holder;
    std::string name;
};

void PrintTo(const Case &c, std::ostream *out) {
    *out << c.name;
}

class AbcExportTurnedHolder : public ::testing::TestWithParam<Case> {};

TEST_P(AbcExportTurnedHolder, BindPoseAndVerticesComeBackInSceneSpace) {
    const std::unique_ptr<aiScene> scene = MakeScene(GetParam().holder);
    std::string error;
    const std::vector<uint8_t> bytes = retro_test::ExportToMemory(*scene, GetParam().format, &error);
    ASSERT_FALSE(bytes.empty()) << error;
    Assimp::Importer importer;
    const aiScene *back = ImportInMetres(importer, bytes);
    ASSERT_NE(back, nullptr) << importer.GetErrorString();
    ExpectSameBindPose(*scene, *back);
}

INSTANTIATE_TEST_SUITE_P(Scenes, AbcExportTurnedHolder,
        ::testing::Values(Case{"abc12", Holder::AtIdentity, "abc12_HolderAtIdentity"},
                Case{"abc12", Holder::UnderTurnedArmature, "abc12_HolderUnderTurnedArmature"},
                Case{"abc12", Holder::UnderScaledArmature, "abc12_HolderUnderScaledArmature"},
                Case{"abc6", Holder::AtIdentity, "abc6_HolderAtIdentity"},
                Case{"abc6", Holder::UnderTurnedArmature, "abc6_HolderUnderTurnedArmature"},
                Case{"abc6", Holder::UnderScaledArmature, "abc6_HolderUnderScaledArmature"}),
        [](const auto &info) { return info.param.name; });

/// `input` (made from `source`) through the tool to abc12 and abc6, imported
/// back: the bind pose and vertices of `source`.
void ExpectToolKeepsBindPose(const aiScene &source, const std::string &input, const std::string &label) {
    for (const std::string format : {"abc12", "abc6"}) {
        SCOPED_TRACE(format);
        const std::string abc = retro_test::OutputPath("LithTech/turned_holder_" + label + "_" + format + ".abc");
        std::string output;
        ASSERT_EQ(retro_test::RunToolExport(input, abc, "-f " + format, &output), 0) << output;
        Assimp::Importer importer;
        const aiScene *back = ImportInMetres(importer, retro_test::ReadFile(abc));
        ASSERT_NE(back, nullptr) << importer.GetErrorString();
        ExpectSameBindPose(source, *back);
    }
}

// The path users run, in Assimp's convention: the scene as an .assbin file
// (Assimp's own, which keeps the aiScene as it is), through the tool.
TEST(AbcExportTurnedHolderTool, AssbinWithTheMeshUnderATurnedArmature) {
    if (!Assimp::Importer().IsExtensionSupported(".assbin")) {
        GTEST_SKIP() << "this Assimp has no ASSBIN importer, so the tool cannot read the input "
                        "(the Windows build leaves it out: docs/windows.md)";
    }
    const std::unique_ptr<aiScene> scene = MakeScene(Holder::UnderTurnedArmature);
    const std::string assbin = retro_test::OutputPath("LithTech/turned_holder.assbin");
    Assimp::Exporter exporter;
    ASSERT_EQ(exporter.Export(scene.get(), "assbin", assbin), AI_SUCCESS) << exporter.GetErrorString();
    ExpectToolKeepsBindPose(*scene, assbin, "assbin");
}

/// Appends `count` elements of `bytes` to the buffer as a buffer view and an
/// accessor; returns the accessor's index.
size_t AddAccessor(nlohmann::json &gltf, std::vector<uint8_t> &buffer, const void *bytes, size_t size, size_t count,
        int componentType, const char *type) {
    while (buffer.size() % 4) buffer.push_back(0);
    gltf["bufferViews"].push_back({{"buffer", 0}, {"byteOffset", buffer.size()}, {"byteLength", size}});
    buffer.insert(buffer.end(), static_cast<const uint8_t *>(bytes), static_cast<const uint8_t *>(bytes) + size);
    gltf["accessors"].push_back({{"bufferView", gltf["bufferViews"].size() - 1}, {"componentType", componentType},
            {"count", count}, {"type", type}});
    return gltf["accessors"].size() - 1;
}

nlohmann::json ColumnMajor(const aiMatrix4x4 &m) {
    nlohmann::json values = nlohmann::json::array();
    for (unsigned c = 0; c < 4; ++c)
        for (unsigned r = 0; r < 4; ++r) values.push_back(m[r][c]);
    return values;
}

/// The scene (MakeScene(UnderTurnedArmature)) as Blender's glTF exporter
/// writes such a character: the mesh node, without a transform, under the
/// armature node; vertices in the scene's space; inverse bind matrices from
/// the scene's space to each joint's. Returns the .gltf path (its .bin beside it).
std::string WriteBlenderStyleGltf(const aiScene &scene, const std::string &name) {
    const aiNode *armature = scene.mRootNode->FindNode("Armature");
    const aiNode *body = scene.mRootNode->FindNode("Body");
    const aiMesh &mesh = *scene.mMeshes[0];
    const aiMatrix4x4 holder = GlobalTransform(body);
    using nlohmann::json;
    json gltf = json::object();
    gltf["asset"] = {{"version", "2.0"}, {"generator", "hand-written like Blender's io_scene_gltf2"}};
    gltf["scene"] = 0;
    gltf["scenes"] = json::array({json::object({{"nodes", json::array({0})}})});
    gltf["bufferViews"] = json::array();
    gltf["accessors"] = json::array();
    const aiNode *hips = armature->mChildren[0];
    gltf["nodes"] = json::array(
            {json::object({{"name", "Armature"}, {"matrix", ColumnMajor(armature->mTransformation)}, {"children", json::array({1, 3})}}),
                    json::object({{"name", "Hips"}, {"matrix", ColumnMajor(hips->mTransformation)}, {"children", json::array({2})}}),
                    json::object({{"name", "Spine"}, {"matrix", ColumnMajor(hips->mChildren[0]->mTransformation)}}),
                    json::object({{"name", "Body"}, {"mesh", 0}, {"skin", 0}})});
    std::vector<uint8_t> buffer;
    std::vector<float> positions;
    aiVector3D lo(1e30f), hi(-1e30f);
    std::vector<uint8_t> joints;
    std::vector<float> weights;
    for (unsigned v = 0; v < mesh.mNumVertices; ++v) {
        const aiVector3D p = holder * mesh.mVertices[v];
        positions.insert(positions.end(), {p.x, p.y, p.z});
        lo = aiVector3D(std::min(lo.x, p.x), std::min(lo.y, p.y), std::min(lo.z, p.z));
        hi = aiVector3D(std::max(hi.x, p.x), std::max(hi.y, p.y), std::max(hi.z, p.z));
    }
    joints.assign(size_t(mesh.mNumVertices) * 4, 0);
    weights.assign(size_t(mesh.mNumVertices) * 4, 0.f);
    std::vector<float> inverseBinds;
    for (unsigned b = 0; b < mesh.mNumBones; ++b) {
        const aiBone &bone = *mesh.mBones[b];
        for (unsigned w = 0; w < bone.mNumWeights; ++w) {
            joints[bone.mWeights[w].mVertexId * 4] = uint8_t(b);
            weights[bone.mWeights[w].mVertexId * 4] = bone.mWeights[w].mWeight;
        }
        const aiMatrix4x4 inverseBind = aiMatrix4x4(bone.mOffsetMatrix) * aiMatrix4x4(holder).Inverse();
        for (const auto &value : ColumnMajor(inverseBind)) inverseBinds.push_back(value.get<float>());
    }
    std::vector<uint16_t> indices;
    for (unsigned f = 0; f < mesh.mNumFaces; ++f)
        for (unsigned i = 0; i < 3; ++i) indices.push_back(uint16_t(mesh.mFaces[f].mIndices[i]));
    const size_t position = AddAccessor(gltf, buffer, positions.data(), positions.size() * 4, mesh.mNumVertices, 5126, "VEC3");
    gltf["accessors"][position]["min"] = {lo.x, lo.y, lo.z};
    gltf["accessors"][position]["max"] = {hi.x, hi.y, hi.z};
    const size_t joint = AddAccessor(gltf, buffer, joints.data(), joints.size(), mesh.mNumVertices, 5121, "VEC4");
    const size_t weight = AddAccessor(gltf, buffer, weights.data(), weights.size() * 4, mesh.mNumVertices, 5126, "VEC4");
    const size_t index = AddAccessor(gltf, buffer, indices.data(), indices.size() * 2, indices.size(), 5123, "SCALAR");
    const size_t binds = AddAccessor(gltf, buffer, inverseBinds.data(), inverseBinds.size() * 4, mesh.mNumBones, 5126, "MAT4");
    json primitive = json::object();
    primitive["attributes"] = {{"POSITION", position}, {"JOINTS_0", joint}, {"WEIGHTS_0", weight}};
    primitive["indices"] = index;
    gltf["meshes"] = json::array({json::object({{"primitives", json::array({primitive})}})});
    gltf["skins"] = json::array({json::object({{"joints", json::array({1, 2})}, {"inverseBindMatrices", binds}})});
    gltf["buffers"] = json::array({json::object({{"byteLength", buffer.size()}, {"uri", name + ".bin"}})});
    const std::string path = retro_test::OutputPath("LithTech/" + name + ".gltf");
    retro_test::WriteFile(retro_test::OutputPath("LithTech/" + name + ".bin"), buffer);
    const std::string text = gltf.dump(1);
    retro_test::WriteFile(path, std::vector<uint8_t>(text.begin(), text.end()));
    return path;
}

// The path users run from Blender, in glTF's convention: the same character
// as Blender's glTF exporter writes it, through the tool.
TEST(AbcExportTurnedHolderTool, GltfWithTheMeshUnderATurnedArmatureAsBlenderWritesIt) {
    const std::unique_ptr<aiScene> scene = MakeScene(Holder::UnderTurnedArmature);
    const std::string gltf = WriteBlenderStyleGltf(*scene, "turned_holder_blender");
    Assimp::Importer source;
    const aiScene *read = retro_test::Import(source, gltf);
    ASSERT_NE(read, nullptr) << source.GetErrorString();
    const aiNode *body = read->mRootNode->FindNode("Body");
    ASSERT_TRUE(body && body->mParent && std::strcmp(body->mParent->mName.C_Str(), "Armature") == 0)
            << "Assimp's glTF importer no longer keeps the mesh node under the armature: the test needs another input";
    ExpectToolKeepsBindPose(*scene, gltf, "gltf");
}

} // namespace
