// LTB files from the project's own writer (test/writers/LithTech/LtbWriter): each
// mesh type (rigid, skeletal drawn directly or through a matrix palette,
// vertex-animated, null), each animation compression type, each vertex
// stream, model versions 23-25, plain and LZMA-packed, through the importer
// as users call it; and the refusals (PS2, Xbox, unknown versions, mesh and
// compression types) with their section and byte offset.
#include "LtbTestHelpers.h"

#include "AssetLib/LithTech/LtbFaceFront.h"

#include <assimp_retro/config.h>

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

namespace {

using namespace assimp_retro::ltb;
using ltb_test::FindBone;
using ltb_test::FindMesh;
using ltb_test::FindNode;
using ltb_test::ImportLtb;
using ltb_test::ImportLtbUnturned;
using retro_test::ltb_writer::PackLzmaAlone;
using retro_test::ltb_writer::SampleModel;
using retro_test::ltb_writer::WriteLtb;

using ltb_test::kMetresPerUnit;

/// The weight `bone` gives vertex `vertex` of `mesh` (0 if none).
float WeightOf(const aiMesh &mesh, const std::string &bone, unsigned vertex) {
    const aiBone *b = FindBone(mesh, bone);
    if (!b) {
        return 0.f;
    }
    for (unsigned i = 0; i < b->mNumWeights; ++i) {
        if (b->mWeights[i].mVertexId == vertex) {
            return b->mWeights[i].mWeight;
        }
    }
    return 0.f;
}

/// Checks the sample quad: 2 triangles, mirrored in X, in metres, facing +Z
/// (the mirror turns LithTech's -Z front into +Z), v flipped.
void ExpectSampleQuad(const aiScene &scene) {
    const aiMesh *mesh = FindMesh(scene, "body");
    ASSERT_NE(mesh, nullptr);
    ASSERT_EQ(mesh->mNumFaces, 2u);
    ASSERT_EQ(mesh->mNumVertices, 6u);
    for (unsigned i = 0; i < mesh->mNumVertices; ++i) {
        const aiVector3D &p = mesh->mVertices[i];
        EXPECT_NEAR(std::fabs(p.x), 5 * kMetresPerUnit, 1e-6f);
        EXPECT_TRUE(std::fabs(p.y) < 1e-6f || std::fabs(p.y - 10 * kMetresPerUnit) < 1e-6f) << p.y;
        EXPECT_NEAR(mesh->mNormals[i].z, 1.f, 1e-5f);
        // u follows the file's x (mirrored), v is flipped: the top (y 10) has v 1.
        const aiVector3D &uv = mesh->mTextureCoords[0][i];
        EXPECT_NEAR(uv.x, -p.x / (10 * kMetresPerUnit) + 0.5f, 1e-5f);
        EXPECT_NEAR(uv.y, p.y / (10 * kMetresPerUnit), 1e-5f);
    }
    // Counter-clockwise seen from +Z: the face normal from the winding is +Z.
    const aiFace &f = mesh->mFaces[0];
    const aiVector3D e1 = mesh->mVertices[f.mIndices[1]] - mesh->mVertices[f.mIndices[0]];
    const aiVector3D e2 = mesh->mVertices[f.mIndices[2]] - mesh->mVertices[f.mIndices[0]];
    EXPECT_GT((e1 ^ e2).z, 0.f);
}

/// Every vertex of `mesh`: weights to spine and arm as the sample has them.
void ExpectSkeletalWeights(const aiMesh &mesh) {
    for (unsigned v = 0; v < mesh.mNumVertices; ++v) {
        const bool top = mesh.mVertices[v].y > 5 * kMetresPerUnit;
        EXPECT_NEAR(WeightOf(mesh, "spine", v), top ? 0.25f : 1.f, 1e-6f) << v;
        EXPECT_NEAR(WeightOf(mesh, "arm", v), top ? 0.75f : 0.f, 1e-6f) << v;
    }
}

const aiNodeAnim *Channel(const aiAnimation &anim, const std::string &node) {
    for (unsigned i = 0; i < anim.mNumChannels; ++i) {
        if (node == anim.mChannels[i]->mNodeName.C_Str()) {
            return anim.mChannels[i];
        }
    }
    return nullptr;
}

/// The sample's animation: three keys, the arm turning about Z (mirrored:
/// the angle's sign flips), constant channels holding their one stored key,
/// which the reader holds to every keyframe and the scene keeps at the first
/// and last (the keys between add nothing).
void ExpectSampleAnimation(const aiScene &scene, float tolerance) {
    ASSERT_EQ(scene.mNumAnimations, 1u);
    const aiAnimation &anim = *scene.mAnimations[0];
    EXPECT_STREQ(anim.mName.C_Str(), "wave");
    EXPECT_DOUBLE_EQ(anim.mDuration, 1000.0);
    const aiNodeAnim *arm = Channel(anim, "arm");
    ASSERT_NE(arm, nullptr);
    ASSERT_EQ(arm->mNumRotationKeys, 3u);
    EXPECT_DOUBLE_EQ(arm->mRotationKeys[1].mTime, 500.0);
    EXPECT_NEAR(arm->mRotationKeys[1].mValue.z, -std::sin(0.3f), tolerance);
    EXPECT_NEAR(arm->mRotationKeys[1].mValue.w, std::cos(0.3f), tolerance);
    EXPECT_NEAR(arm->mRotationKeys[2].mValue.z, 0.f, tolerance);
    const aiNodeAnim *spine = Channel(anim, "spine");
    ASSERT_NE(spine, nullptr);
    ASSERT_EQ(spine->mNumPositionKeys, 2u);
    EXPECT_DOUBLE_EQ(spine->mPositionKeys[1].mTime, 1000.0);
    for (unsigned k = 0; k < 2; ++k) {
        EXPECT_NEAR(spine->mPositionKeys[k].mValue.y, 10 * kMetresPerUnit, tolerance) << k;
    }
}

struct Case {
    uint32_t meshType;
    uint32_t compression;
    bool matrixPalette;
};

class LtbSample : public ::testing::TestWithParam<Case> {};

} // namespace

TEST_P(LtbSample, ImportsPlainAndPacked) {
    const Case c = GetParam();
    const std::vector<uint8_t> plain = WriteLtb(SampleModel(c.meshType, c.compression, 0x13, c.matrixPalette));
    for (const std::vector<uint8_t> &bytes : {plain, PackLzmaAlone(plain)}) {
        Assimp::Importer importer;
        const aiScene *scene = ImportLtbUnturned(importer, bytes);
        ASSERT_NE(scene, nullptr) << importer.GetErrorString();
        ASSERT_NE(FindNode(*scene, "arm"), nullptr);
        const aiNode *socket = FindNode(*scene, "gunfire");
        ASSERT_NE(socket, nullptr);
        EXPECT_STREQ(socket->mParent->mName.C_Str(), "arm");
        ExpectSampleAnimation(*scene, c.compression == kCompressNone || c.compression == kCompressRelevant ? 1e-6f : 2e-4f);
        if (c.meshType == kNullMesh) {
            EXPECT_EQ(scene->mNumMeshes, 0u);
            continue;
        }
        ExpectSampleQuad(*scene);
        const aiMesh &mesh = *FindMesh(*scene, "body");
        if (c.meshType == kSkeletalMesh) {
            ExpectSkeletalWeights(mesh);
        } else {
            ASSERT_EQ(mesh.mNumBones, 1u);
            EXPECT_STREQ(mesh.mBones[0]->mName.C_Str(), "spine"); // the mesh's bone
        }
    }
}

INSTANTIATE_TEST_SUITE_P(MeshAndCompressionTypes, LtbSample,
        ::testing::Values(Case{kRigidMesh, kCompressNone, false}, Case{kSkeletalMesh, kCompressNone, false},
                Case{kSkeletalMesh, kCompressRelevant, true}, Case{kVertexAnimatedMesh, kCompressNone, false},
                Case{kNullMesh, kCompressNone, false}, Case{kRigidMesh, kCompressRelevant, false},
                Case{kSkeletalMesh, kCompressRelevant16, false}, Case{kSkeletalMesh, kCompressRelevantRot16, true}),
        [](const ::testing::TestParamInfo<Case> &info) {
            return "mesh" + std::to_string(info.param.meshType) + "_compression" + std::to_string(info.param.compression) +
                   (info.param.matrixPalette ? "_palette" : "");
        });

TEST(LtbStreams, EveryStreamKindAndUvSetCountReads) {
    // The UV flag gives the number of sets (the engine's reading); basis
    // vectors are read and stepped over (LtbVertexAnimationTest checks the
    // colours and further UV sets).
    for (uint32_t extra : {0x10u, 0x20u, 0x40u, 0x80u, 0x14u, 0x110u, 0x194u}) {
        Assimp::Importer importer;
        const aiScene *scene = ImportLtbUnturned(importer, WriteLtb(SampleModel(kSkeletalMesh, kCompressNone, 0x3 | extra)));
        ASSERT_NE(scene, nullptr) << "flags " << extra << ": " << importer.GetErrorString();
        ExpectSampleQuad(*scene);
    }
}

TEST(LtbVersions, ModelVersions23To25Read) {
    for (uint32_t version : {23u, 24u, 25u}) {
        Assimp::Importer importer;
        const aiScene *scene = ImportLtb(importer, WriteLtb(SampleModel(kRigidMesh, kCompressNone, 0x13, false, version)));
        ASSERT_NE(scene, nullptr) << version << ": " << importer.GetErrorString();
        int32_t stored = 0;
        ASSERT_TRUE(scene->mMetaData->Get("abc:version", stored));
        EXPECT_EQ(stored, int32_t(version));
    }
}

namespace {

std::string ImportError(const std::vector<uint8_t> &bytes) {
    Assimp::Importer importer;
    return ImportLtb(importer, bytes) ? "" : importer.GetErrorString();
}

} // namespace

TEST(LtbRefusals, UnknownVersionNamesTheHeaderAndOffset) {
    const std::string error = ImportError(WriteLtb(SampleModel(kRigidMesh, kCompressNone, 0x13, false, 26)));
    EXPECT_NE(error.find("header"), std::string::npos) << error;
    EXPECT_NE(error.find("at byte 0x14"), std::string::npos) << error;
    EXPECT_NE(error.find("model version 26 is not one this reader knows (23-25)"), std::string::npos) << error;
}

TEST(LtbRefusals, Ps2AndXboxFilesAreNamed) {
    std::vector<uint8_t> bytes = WriteLtb(SampleModel(kRigidMesh, kCompressNone));
    bytes[0] = kFilePS2;
    EXPECT_NE(ImportError(bytes).find("a PlayStation 2 LTB (file type 2); only PC (Direct3D, type 1) files are read"), std::string::npos)
            << ImportError(bytes);
    bytes[0] = kFileXbox;
    const std::string packed = ImportError(PackLzmaAlone(bytes));
    EXPECT_NE(packed.find("an Xbox LTB (file type 3)"), std::string::npos) << packed;
    EXPECT_NE(packed.find("(unpacked)"), std::string::npos) << packed; // offsets of a packed file are in its unpacked bytes
}

TEST(LtbRefusals, UnknownMeshTypeNamesThePieceLod) {
    Model model = SampleModel(kRigidMesh, kCompressNone);
    model.pieces[0].lods[0].meshType = 8;
    const std::string error = ImportError(WriteLtb(model));
    EXPECT_NE(error.find("piece 0 LOD 0"), std::string::npos) << error;
    EXPECT_NE(error.find("unknown mesh type 8 (4 rigid, 5 skeletal, 6 vertex-animated, 7 null)"), std::string::npos) << error;
    EXPECT_NE(error.find("at byte 0x"), std::string::npos) << error;
}

TEST(LtbRefusals, UnknownCompressionTypeNamesTheAnimation) {
    Model model = SampleModel(kRigidMesh, kCompressNone);
    model.animations[0].compression = 4;
    const std::string error = ImportError(WriteLtb(model));
    EXPECT_NE(error.find("animation 0"), std::string::npos) << error;
    EXPECT_NE(error.find("unknown animation compression type 4 (0-3)"), std::string::npos) << error;
}

TEST(LtbRefusals, AnLzmaStreamOfSomethingElseIsRefusedClearly) {
    // Detection does not claim it; Assimp may still hand a ".ltb" to the LTB
    // importer by its extension, which then names what it found.
    const std::vector<uint8_t> other(200, 'x');
    const std::string error = ImportError(PackLzmaAlone(other));
    EXPECT_NE(error.find("file type 30840 is not a PC (Direct3D) model (1)"), std::string::npos) << error;
    EXPECT_NE(error.find("at byte 0x0"), std::string::npos) << error;
}

TEST(LtbRefusals, BonesOutsideTheSkeletonNameTheirByte) {
    Model sets = SampleModel(kSkeletalMesh, kCompressNone);
    sets.pieces[0].lods[0].boneSets[0].bones[1] = 9;
    std::string error = ImportError(WriteLtb(sets));
    EXPECT_NE(error.find("bone sets, field 'bone' at byte 0x"), std::string::npos) << error;
    EXPECT_NE(error.find("node 9 is not below the node count 3"), std::string::npos) << error;
    Model rigid = SampleModel(kRigidMesh, kCompressNone);
    rigid.pieces[0].lods[0].boneEffector = 3;
    error = ImportError(WriteLtb(rigid));
    EXPECT_NE(error.find("node 3 is not below the node count 3"), std::string::npos) << error;
    Model palette = SampleModel(kSkeletalMesh, kCompressNone, 0x13, true);
    palette.pieces[0].lods[0].vertices[2].paletteIndex[1] = 2; // the re-indexed list has 2 entries
    error = ImportError(WriteLtb(palette));
    EXPECT_NE(error.find("vertex 2: palette index 2 is not below 2"), std::string::npos) << error;
}

TEST(LtbSkinning, AShortBoneSetGivesTheLastBoneTheRest) {
    // Four bones per triangle, the set naming two: the first stored weight is
    // the first bone's, the second bone gets the rest (Direct3D's blending).
    Model model = SampleModel(kSkeletalMesh, kCompressNone);
    Lod &lod = model.pieces[0].lods[0];
    lod.maxBonesPerTriangle = 4;
    for (Vertex &v : lod.vertices) {
        v.blend = {v.blend[0], 1.f - v.blend[0], 0.f};
    }
    Assimp::Importer importer;
    const aiScene *scene = ImportLtb(importer, WriteLtb(model));
    ASSERT_NE(scene, nullptr) << importer.GetErrorString();
    ExpectSkeletalWeights(*FindMesh(*scene, "body"));
}

namespace {

/// Every mesh's vertices where its holder puts them, and every bone's bind
/// matrix (global transform times offset: mesh space to world), walking the
/// node tree from the root.
void WorldPlaces(const aiScene &scene, const aiNode &node, const aiMatrix4x4 &parent, std::vector<aiVector3D> &points,
        std::vector<aiMatrix4x4> &binds) {
    const aiMatrix4x4 global = parent * node.mTransformation;
    for (unsigned m = 0; m < node.mNumMeshes; ++m) {
        const aiMesh &mesh = *scene.mMeshes[node.mMeshes[m]];
        for (unsigned v = 0; v < mesh.mNumVertices; ++v) {
            points.push_back(global * mesh.mVertices[v]);
        }
        for (unsigned b = 0; b < mesh.mNumBones; ++b) {
            const aiNode *bone = FindNode(scene, mesh.mBones[b]->mName.C_Str());
            aiMatrix4x4 boneGlobal;
            for (const aiNode *n = bone; n; n = n->mParent) {
                boneGlobal = n->mTransformation * boneGlobal;
            }
            binds.push_back(boneGlobal * mesh.mBones[b]->mOffsetMatrix * aiMatrix4x4(global).Inverse());
        }
    }
    for (unsigned c = 0; c < node.mNumChildren; ++c) {
        WorldPlaces(scene, *node.mChildren[c], global, points, binds);
    }
}

} // namespace

// The half turn goes below the root, whose transform stays the identity (as in
// an ABC scene: COLLADA and FBX treat a transformed root apart); in world space
// every vertex has x and z negated and every bone still binds its vertices.
TEST(LtbFacing, EverythingBelowTheRootTurnsHalfAboutYUnlessTurnedOff) {
    const std::vector<uint8_t> bytes = WriteLtb(SampleModel(kRigidMesh, kCompressNone));
    std::vector<aiVector3D> points[2];
    std::vector<aiMatrix4x4> binds[2];
    for (bool faceFront : {true, false}) {
        Assimp::Importer importer;
        importer.SetPropertyBool(AI_CONFIG_IMPORT_LTB_FACE_FRONT, faceFront);
        const aiScene *scene = ImportLtb(importer, bytes);
        ASSERT_NE(scene, nullptr) << importer.GetErrorString();
        EXPECT_TRUE(scene->mRootNode->mTransformation.IsIdentity());
        WorldPlaces(*scene, *scene->mRootNode, aiMatrix4x4(), points[faceFront], binds[faceFront]);
    }
    ASSERT_EQ(points[0].size(), points[1].size());
    ASSERT_FALSE(points[0].empty());
    for (size_t i = 0; i < points[0].size(); ++i) {
        EXPECT_FLOAT_EQ(points[1][i].x, -points[0][i].x) << i;
        EXPECT_FLOAT_EQ(points[1][i].y, points[0][i].y) << i;
        EXPECT_FLOAT_EQ(points[1][i].z, -points[0][i].z) << i;
    }
    ASSERT_EQ(binds[0].size(), binds[1].size());
    for (size_t i = 0; i < binds[0].size(); ++i) {
        for (unsigned r = 0; r < 3; ++r) {
            for (unsigned c = 0; c < 4; ++c) {
                EXPECT_NEAR(binds[1][i][r][c], binds[0][i][r][c], 1e-5f) << "bone " << i << " bind to mesh space";
            }
        }
    }
}

// Unset, AI_CONFIG_IMPORT_LTB_FACE_FRONT turns every file but a first-person
// (player-view) model, which the name says (PV- or PV_, any case, folders
// ignored); set, it turns every file (1, true) or none (0, false).
TEST(LtbFacing, UnsetTurnsEveryFileButAPlayerViewModelByItsName) {
    EXPECT_TRUE(IsPlayerViewModelName("PV-M4A1.LTB"));
    EXPECT_TRUE(IsPlayerViewModelName("models/weapons/pv_beretta.ltb"));
    EXPECT_TRUE(IsPlayerViewModelName("C:\\CF\\Pv-Knife.ltb"));
    EXPECT_FALSE(IsPlayerViewModelName("PVT_Body.ltb"));
    EXPECT_FALSE(IsPlayerViewModelName("PV-dir/Body.ltb"));
    EXPECT_FALSE(IsPlayerViewModelName("Body_PV-.ltb"));
    EXPECT_FALSE(ShouldTurnHalfAboutY(kFaceFrontByName, "x/PV-M4A1.LTB"));
    EXPECT_TRUE(ShouldTurnHalfAboutY(kFaceFrontByName, "x/M4A1.LTB"));
    EXPECT_TRUE(ShouldTurnHalfAboutY(1, "x/PV-M4A1.LTB"));
    EXPECT_FALSE(ShouldTurnHalfAboutY(0, "x/M4A1.LTB"));

    // Through the importer, by path: the same bytes under both names.
    const std::vector<uint8_t> bytes = WriteLtb(SampleModel(kRigidMesh, kCompressNone));
    std::vector<aiVector3D> points[4];
    std::vector<aiMatrix4x4> binds[4];
    const struct {
        const char *name;
        int setting; // kFaceFrontByName: unset
    } kCases[] = {{"Sample.ltb", kFaceFrontByName}, {"PV-Sample.ltb", kFaceFrontByName}, {"Sample.ltb", 0},
            {"PV-Sample.ltb", 1}};
    for (size_t i = 0; i < 4; ++i) {
        const std::string path = retro_test::OutputPath(std::string("LtbFacing/") + kCases[i].name);
        retro_test::WriteFile(path, bytes);
        Assimp::Importer importer;
        if (kCases[i].setting != kFaceFrontByName) {
            importer.SetPropertyBool(AI_CONFIG_IMPORT_LTB_FACE_FRONT, kCases[i].setting != 0);
        }
        const aiScene *scene = retro_test::Import(importer, path);
        ASSERT_NE(scene, nullptr) << importer.GetErrorString();
        WorldPlaces(*scene, *scene->mRootNode, aiMatrix4x4(), points[i], binds[i]);
        ASSERT_EQ(points[i].size(), points[0].size());
    }
    ASSERT_FALSE(points[0].empty());
    for (size_t v = 0; v < points[0].size(); ++v) {
        // Unset: Sample turned, PV-Sample not; set: the other way round.
        EXPECT_FLOAT_EQ(points[1][v].x, -points[0][v].x) << v;
        EXPECT_FLOAT_EQ(points[1][v].z, -points[0][v].z) << v;
        EXPECT_EQ(points[2][v], points[1][v]) << v;
        EXPECT_EQ(points[3][v], points[0][v]) << v;
    }
}
