// The LTB exporter's rules (docs/formats/LTB.md 10) on small scenes: each
// scene that breaks one is refused with the rule and the object named, and no
// file is written; the fixtures of the LTB test writer (one per mesh type)
// imported and exported read back alike, their vertex animation too; and a
// file the exporter wrote, cut or corrupted, is refused by the importer with
// a byte offset.
#include "LtbTestHelpers.h"

#include "AssetLib/LithTech/AbcMetadataKeys.h"
#include "AssetLib/LithTech/LtbReader.h"
#include "Common/MetadataKey.h"
#include "support/ExportSupport.h"
#include "support/SceneCompare.h"
#include "support/TriangleScene.h"

#include <assimp/CreateAnimMesh.h>
#include <assimp/Exporter.hpp>
#include <assimp_retro/assimp_retro.h>
#include <assimp_retro/config.h>

#include <gtest/gtest.h>

#include <cstdio>
#include <string>

namespace {

using namespace assimp_retro::ltb;
namespace abc_keys = assimp_retro::abc::keys;

/// A scene: root "Root" -> nodes "b0".."b<n-1>" in a chain below it, and a
/// holder "Mesh" (child of the root) holding `mesh`, skinned to the bones
/// `weights` names: per vertex (bone, weight) pairs.
std::unique_ptr<aiScene> SkinnedScene(aiMesh *mesh, unsigned boneCount,
        const std::vector<std::vector<std::pair<unsigned, float>>> &weights) {
    auto scene = retro_test::NewTriangleScene("Root", "Mesh", mesh);
    aiNode *parent = scene->mRootNode;
    for (unsigned b = 0; b < boneCount; ++b) {
        aiNode *bone = new aiNode("b" + std::to_string(b));
        bone->mTransformation.a4 = 0.01f; // a centimetre along x from its parent
        parent->addChildren(1, &bone);
        parent = bone;
    }
    std::vector<std::vector<aiVertexWeight>> perBone(boneCount);
    for (unsigned v = 0; v < weights.size(); ++v) {
        for (const auto &w : weights[v]) perBone[w.first].push_back(aiVertexWeight(v, w.second));
    }
    std::vector<aiBone *> bones;
    for (unsigned b = 0; b < boneCount; ++b) {
        if (perBone[b].empty()) continue;
        aiBone *bone = new aiBone();
        bone->mName = aiString("b" + std::to_string(b));
        bone->mOffsetMatrix.a4 = -0.01f * float(b + 1);
        bone->mNumWeights = static_cast<unsigned>(perBone[b].size());
        bone->mWeights = new aiVertexWeight[bone->mNumWeights];
        std::copy(perBone[b].begin(), perBone[b].end(), bone->mWeights);
        bones.push_back(bone);
    }
    mesh->mNumBones = static_cast<unsigned>(bones.size());
    mesh->mBones = new aiBone *[bones.size()];
    std::copy(bones.begin(), bones.end(), mesh->mBones);
    return scene;
}

/// The exporter's error for `scene` (properties optional); "" when it exported.
std::string ExportError(const aiScene &scene, const Assimp::ExportProperties *properties = nullptr) {
    Assimp::Exporter exporter;
    assimp_retro::RegisterExporters(exporter);
    const aiExportDataBlob *blob = exporter.ExportToBlob(&scene, "ltb", 0, properties);
    return blob ? std::string() : std::string(exporter.GetErrorString());
}

void ExpectRefused(const aiScene &scene, const std::string &message, const Assimp::ExportProperties *properties = nullptr) {
    const std::string error = ExportError(scene, properties);
    EXPECT_NE(error.find(message), std::string::npos) << "error: '" << error << "'";
    EXPECT_EQ(error.rfind("LTB export: ", 0), 0u) << error;
}

TEST(LtbExportRules, AVertexOfMoreThanFourBonesIsRefused) {
    auto scene = SkinnedScene(retro_test::NewTexturedTriangle("Tri"), 5,
            {{{0, .2f}, {1, .2f}, {2, .2f}, {3, .2f}, {4, .2f}}, {{0, 1.f}}, {{0, 1.f}}});
    ExpectRefused(*scene, "mesh 'Tri': vertex 0 is weighted to 5 bones; the game blends at most 4 per vertex");
}

TEST(LtbExportRules, ATriangleOfMoreThanFourBonesIsRefused) {
    auto scene = SkinnedScene(retro_test::NewTexturedTriangle("Tri"), 5,
            {{{0, .5f}, {1, .5f}}, {{2, .5f}, {3, .5f}}, {{4, 1.f}}});
    ExpectRefused(*scene, "mesh 'Tri': triangle 0's vertices are weighted to 5 bones; drawn directly, a triangle's "
                          "bones must fit one bone set of 4");
}

TEST(LtbExportRules, FourBonesPerTriangleAreWrittenAsBoneSets) {
    auto scene = SkinnedScene(retro_test::NewTexturedTriangle("Tri"), 4,
            {{{0, .5f}, {1, .5f}}, {{2, .75f}, {3, .25f}}, {{3, 1.f}}});
    EXPECT_EQ(ExportError(*scene), "");
}

TEST(LtbExportRules, AMeshOnANodeBeyondTheFirst255IsRefused) {
    auto scene = SkinnedScene(retro_test::NewTexturedTriangle("Tri"), 300, {{{299, 1.f}}, {{299, 1.f}}, {{299, 1.f}}});
    ExpectRefused(*scene, "mesh 'Tri': node 'b299' (index 300) moves it; a mesh's nodes are stored in bytes");
}

TEST(LtbExportRules, MoreThan64PiecesAreRefused) {
    auto scene = retro_test::NewTriangleScene("Root", "Mesh0", retro_test::NewTexturedTriangle("Tri0"));
    std::vector<aiMesh *> meshes{scene->mMeshes[0]};
    for (unsigned m = 1; m < 65; ++m) {
        meshes.push_back(retro_test::NewTexturedTriangle("Tri" + std::to_string(m)));
        aiNode *holder = new aiNode("Mesh" + std::to_string(m));
        holder->mNumMeshes = 1;
        holder->mMeshes = new unsigned[1]{m};
        scene->mRootNode->addChildren(1, &holder);
    }
    delete[] scene->mMeshes;
    scene->mNumMeshes = static_cast<unsigned>(meshes.size());
    scene->mMeshes = new aiMesh *[meshes.size()];
    std::copy(meshes.begin(), meshes.end(), scene->mMeshes);
    ExpectRefused(*scene, "the scene has 65 meshes; an LTB model holds at most 64 pieces (the engine's "
                          "MAX_PIECES_PER_MODEL, load error 3)");
}

TEST(LtbExportRules, MoreThan31ChildModelsAreRefused) {
    auto scene = retro_test::NewTriangleScene("Root", "Mesh", retro_test::NewTexturedTriangle("Tri"));
    scene->mMetaData = new aiMetadata();
    for (int c = 1; c <= 32; ++c) {
        scene->mMetaData->Add(abc_keys::ChildModelName(c).name, aiString("child" + std::to_string(c) + ".ltb"));
    }
    ExpectRefused(*scene, "the scene names 32 child models; LTB allows 31 (MAX_CHILD_MODELS with the model itself");
}

/// The triangle scene with one animation moving node "Mesh" to `x` metres.
std::unique_ptr<aiScene> AnimatedScene(float x, const std::vector<std::string> &names) {
    auto scene = retro_test::NewTriangleScene("Root", "Mesh", retro_test::NewTexturedTriangle("Tri"));
    scene->mNumAnimations = static_cast<unsigned>(names.size());
    scene->mAnimations = new aiAnimation *[names.size()];
    for (size_t a = 0; a < names.size(); ++a) {
        aiAnimation *anim = scene->mAnimations[a] = new aiAnimation();
        anim->mName = aiString(names[a]);
        anim->mTicksPerSecond = 1000.0;
        anim->mDuration = 100.0;
        anim->mNumChannels = 1;
        anim->mChannels = new aiNodeAnim *[1]{new aiNodeAnim()};
        aiNodeAnim &ch = *anim->mChannels[0];
        ch.mNodeName = aiString("Mesh");
        ch.mNumPositionKeys = 2;
        ch.mPositionKeys = new aiVectorKey[2]{aiVectorKey(0.0, aiVector3D()), aiVectorKey(100.0, aiVector3D(x, 0, 0))};
    }
    return scene;
}

TEST(LtbExportRules, Relevant16PositionsOutOfRangeAreRefusedOthersWritten) {
    auto scene = AnimatedScene(30.f, {"walk"}); // 3000 units of 1 cm
    ExpectRefused(*scene, "animation 'walk', node 'Mesh': a position 3000.000000 units from its parent is beyond the "
                          "2047.937500 that 'relevant 16' compression holds");
    Assimp::ExportProperties properties;
    properties.SetPropertyInteger(AI_CONFIG_EXPORT_LTB_COMPRESSION, 1);
    EXPECT_EQ(ExportError(*scene, &properties), "");
    properties.SetPropertyInteger(AI_CONFIG_EXPORT_LTB_COMPRESSION, 7);
    ExpectRefused(*scene, "EXPORT_LTB_COMPRESSION is 7; expected -1 to 3", &properties);
}

TEST(LtbExportRules, TwoAnimationsOfOneNameAreRefused) {
    ExpectRefused(*AnimatedScene(1.f, {"run", "run"}), "two animations are named 'run'; the engine finds animations by name");
}

TEST(LtbExportRules, AnimationNamesLongerThan255BytesAreRefused) {
    ExpectRefused(*AnimatedScene(1.f, {std::string(300, 'a')}), "has a name of 300 bytes; the engine binds animations "
                                                               "by names of at most 255");
}

TEST(LtbExportRules, MoreThan65535VerticesInAMeshAreRefused) {
    aiMesh *mesh = new aiMesh();
    mesh->mName = aiString("Soup");
    mesh->mPrimitiveTypes = aiPrimitiveType_TRIANGLE;
    mesh->mNumFaces = 22000;
    mesh->mNumVertices = 66000;
    mesh->mVertices = new aiVector3D[mesh->mNumVertices];
    mesh->mFaces = new aiFace[mesh->mNumFaces];
    for (unsigned v = 0; v < mesh->mNumVertices; ++v) mesh->mVertices[v] = aiVector3D(float(v) * 1e-3f, float(v % 3), 0);
    for (unsigned f = 0; f < mesh->mNumFaces; ++f) {
        mesh->mFaces[f].mNumIndices = 3;
        mesh->mFaces[f].mIndices = new unsigned[3]{3 * f, 3 * f + 1, 3 * f + 2};
    }
    auto scene = retro_test::NewTriangleScene("Root", "Mesh", mesh);
    ExpectRefused(*scene, "mesh 'Soup': has 66000 distinct vertices; an LTB render object holds at most 65535");
}

TEST(LtbExportRules, AVertexAnimatedMeshOnTwoNodesIsRefused) {
    auto scene = SkinnedScene(retro_test::NewTexturedTriangle("Tri"), 2, {{{0, 1.f}}, {{1, 1.f}}, {{1, 1.f}}});
    aiMesh &mesh = *scene->mMeshes[0];
    mesh.mNumAnimMeshes = 1;
    mesh.mAnimMeshes = new aiAnimMesh *[1]{Assimp::aiCreateAnimMesh(&mesh)};
    scene->mNumAnimations = 1;
    scene->mAnimations = new aiAnimation *[1]{new aiAnimation()};
    aiAnimation &anim = *scene->mAnimations[0];
    anim.mName = aiString("morph");
    anim.mTicksPerSecond = 1000.0;
    anim.mNumMorphMeshChannels = 1;
    anim.mMorphMeshChannels = new aiMeshMorphAnim *[1]{new aiMeshMorphAnim()};
    aiMeshMorphAnim &ch = *anim.mMorphMeshChannels[0];
    ch.mName = aiString("Mesh");
    ch.mNumKeys = 1;
    ch.mKeys = new aiMeshMorphKey[1];
    ch.mKeys[0].mTime = 0.0;
    ch.mKeys[0].mNumValuesAndWeights = 1;
    ch.mKeys[0].mValues = new unsigned[1]{0};
    ch.mKeys[0].mWeights = new double[1]{1.0};
    ExpectRefused(*scene, "mesh 'Tri': has morph targets that an animation plays, and its vertices follow 2 nodes; a "
                          "vertex-animated LTB mesh follows one node");
}

// ---- the test writer's fixtures through the exporter -------------------------------

/// `bytes` imported (every LOD, file units, unturned), exported plain by the
/// library, imported again: both scenes.
struct RoundTrip {
    Assimp::Importer first, second;
    const aiScene *original = nullptr, *again = nullptr;
    std::vector<uint8_t> exported;
};

void ImportExportImport(const std::vector<uint8_t> &bytes, RoundTrip &trip) {
    for (Assimp::Importer *importer : {&trip.first, &trip.second}) {
        importer->SetPropertyBool(AI_CONFIG_IMPORT_ABC_ALL_LODS, true);
        importer->SetPropertyBool(AI_CONFIG_IMPORT_LTB_FACE_FRONT, false);
    }
    trip.original = retro_test::ImportMemory(trip.first, bytes, "ltb");
    ASSERT_NE(trip.original, nullptr) << trip.first.GetErrorString();
    Assimp::Exporter exporter;
    assimp_retro::RegisterExporters(exporter);
    Assimp::ExportProperties properties;
    properties.SetPropertyInteger(AI_CONFIG_EXPORT_LTB_FACE_FRONT, 0);
    properties.SetPropertyBool(AI_CONFIG_EXPORT_LTB_LZMA, false);
    const aiExportDataBlob *blob = exporter.ExportToBlob(trip.original, "ltb", 0, &properties);
    ASSERT_NE(blob, nullptr) << exporter.GetErrorString();
    trip.exported.assign(static_cast<const uint8_t *>(blob->data), static_cast<const uint8_t *>(blob->data) + blob->size);
    trip.again = retro_test::ImportMemory(trip.second, trip.exported, "ltb");
    ASSERT_NE(trip.again, nullptr) << trip.second.GetErrorString();
}

TEST(LtbExportFixtures, EveryMeshTypeAndCompressionReadsBackAlike) {
    using retro_test::ltb_writer::SampleModel;
    const std::vector<std::pair<std::string, Model>> models = {{"rigid", SampleModel(kRigidMesh, kCompressNone)},
            {"skeletal", SampleModel(kSkeletalMesh, kCompressRelevant)},
            {"skeletal 16", SampleModel(kSkeletalMesh, kCompressRelevant16)},
            {"rotation 16", SampleModel(kRigidMesh, kCompressRelevantRot16)},
            {"palette", SampleModel(kSkeletalMesh, kCompressNone, 0x13, true)},
            {"vertex animation", retro_test::ltb_writer::VertexAnimationModel()},
            {"LODs", retro_test::ltb_writer::MultiLodVertexAnimationModel()}};
    for (const auto &named : models) {
        SCOPED_TRACE(named.first);
        RoundTrip trip;
        ImportExportImport(retro_test::ltb_writer::WriteLtb(named.second), trip);
        if (!trip.again) continue;
        retro_test::SceneCompareOptions options;
        options.compareNodeMetadata = true;
        options.compareTransforms = true;
        options.compareWeights = true;
        options.positionTolerance = 1e-4f;
        options.morphTolerance = 1e-4f;
        if (named.first == "vertex animation" || named.first == "LODs") {
            // The fixture's binding list names "wave" only; the model's own list
            // names every animation of the model (the packer's rule), "flap" too.
            for (const char *field : {"name", "dims", "translation"}) {
                options.lostMetadata.insert(std::string("abc:animBinding0.1.") + field);
            }
        }
        if (named.first == "LODs") {
            // LOD 1's own frames cannot be stored (the engine gives it LOD 0's):
            // written in its stored shape, it joins the other pieces' LOD 1 node.
            options.compareMorphTargets = false;
            options.compareNodes = false;
        }
        retro_test::ExpectEqualScenes(*trip.original, *trip.again, options);
    }
}

TEST(LtbExportFixtures, ACutOrCorruptExportIsRefusedWithAByteOffset) {
    RoundTrip trip;
    ImportExportImport(retro_test::ltb_writer::WriteLtb(retro_test::ltb_writer::SampleModel(kSkeletalMesh,
                               kCompressRelevant16)),
            trip);
    const std::vector<uint8_t> &bytes = trip.exported;
    ASSERT_GT(bytes.size(), 100u);
    // The binding lists close the file; the importer keeps a model without them.
    const Model model = ParseModel(bytes.data(), bytes.size(), "exported");
    size_t bindings = 0;
    for (const auto &list : model.animBindings) {
        bindings += 4;
        for (const auto &b : list) bindings += 2 + b.animName.size() + 24;
    }
    size_t refused = 0;
    for (size_t at = 24; at + bindings < bytes.size(); ++at) {
        Assimp::Importer importer;
        const aiScene *scene = retro_test::ImportMemory(importer, std::vector<uint8_t>(bytes.begin(), bytes.begin() + at), "ltb");
        ASSERT_EQ(scene, nullptr) << "cut at " << at;
        const std::string error = importer.GetErrorString();
        EXPECT_NE(error.find("at byte 0x"), std::string::npos) << at << ": " << error;
        ++refused;
    }
    // The mesh type of piece 0's LOD 0 made unknown: refused at its offset.
    std::vector<uint8_t> corrupt = bytes;
    const size_t meshType = 24 + 60 + 2 + model.header.commandString.size() + 4 + 4 + 4 + 2 + model.pieces[0].name.size() +
            4 + 4 * model.pieces[0].lods.size() + 8 + 4 + 16 + 4 + 1;
    ASSERT_EQ(corrupt[meshType], kSkeletalMesh);
    corrupt[meshType] = 9;
    Assimp::Importer importer;
    EXPECT_EQ(retro_test::ImportMemory(importer, corrupt, "ltb"), nullptr);
    char offset[32];
    std::snprintf(offset, sizeof(offset), "0x%zx", meshType);
    EXPECT_NE(std::string(importer.GetErrorString()).find(std::string("unknown mesh type 9")), std::string::npos)
            << importer.GetErrorString();
    EXPECT_NE(std::string(importer.GetErrorString()).find(offset), std::string::npos) << importer.GetErrorString();
    EXPECT_GT(refused, 100u);
}

} // namespace
