// LTB vertex-animated pieces (mesh type 6) as morph targets, and the vertex
// stream attributes beyond ABC's (colours, UV sets 1-3), from the project's
// own LTB writer (test/writers/LithTech/LtbWriter): the scene's values, then
// the built tool's GLB (its `weights` channels play the frames; the Khronos
// validator reports nothing).
#include "AbcGlb.h"
#include "LtbTestHelpers.h"

#include "AssetLib/LithTech/LtbToAbcLt2.h"

#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

namespace {

using namespace assimp_retro::ltb;
using ltb_test::FindMesh;
using ltb_test::ImportLtb;
using ltb_test::ImportLtbUnturned;
using retro_test::ltb_writer::MultiLodVertexAnimationModel;
using retro_test::ltb_writer::SampleModel;
using retro_test::ltb_writer::VertexAnimationModel;
using retro_test::ltb_writer::WriteLtb;

using ltb_test::kMetresPerUnit;

/// The sample quad's vertex (0-3) a scene vertex (metres, mirrored in X) is
/// the bind position of; the duplicate vertex 4 is where vertex 0 is.
unsigned QuadVertex(const aiVector3D &p) {
    const bool right = -p.x > 0.f, top = p.y > 5 * kMetresPerUnit; // the file's x is -p.x
    return top ? (right ? 2u : 3u) : (right ? 1u : 0u);
}

/// Where VertexAnimationModel's "wave" puts quad vertex i at keyframe k, in
/// the scene: the file's (x + i k, y + k, z - 2k), mirrored in X, in metres.
aiVector3D WavePosition(const aiVector3D &bind, unsigned i, unsigned k) {
    const float x = -bind.x / kMetresPerUnit, y = bind.y / kMetresPerUnit, z = bind.z / kMetresPerUnit;
    return aiVector3D(-(x + float(i * k)), y + float(k), z - 2.f * float(k)) * kMetresPerUnit;
}

void ExpectNear(const aiVector3D &actual, const aiVector3D &expected, const std::string &what) {
    EXPECT_NEAR(actual.x, expected.x, 1e-6f) << what;
    EXPECT_NEAR(actual.y, expected.y, 1e-6f) << what;
    EXPECT_NEAR(actual.z, expected.z, 1e-6f) << what;
}

/// The targets VertexAnimationModel's frames give `mesh` (any LOD): "wave"'s
/// three and "flap"'s two, every vertex where its quad vertex is at that
/// keyframe; duplicates move like the vertex they duplicate.
void ExpectWaveAndFlapTargets(const aiMesh &mesh) {
    ASSERT_EQ(mesh.mNumAnimMeshes, 5u) << mesh.mName.C_Str();
    const char *names[5] = {"wave@0", "wave@500", "wave@1000", "flap@0", "flap@250"};
    for (unsigned t = 0; t < 5; ++t) {
        const aiAnimMesh &target = *mesh.mAnimMeshes[t];
        EXPECT_STREQ(target.mName.C_Str(), names[t]);
        ASSERT_EQ(target.mNumVertices, mesh.mNumVertices);
        EXPECT_EQ(target.mWeight, 0.f);
        for (unsigned v = 0; v < mesh.mNumVertices; ++v) {
            const aiVector3D &bind = mesh.mVertices[v];
            const unsigned i = QuadVertex(bind);
            const aiVector3D expected =
                    t < 3 ? WavePosition(bind, i, t) : bind + aiVector3D(0.f, 3 * kMetresPerUnit, 0.f);
            ExpectNear(target.mVertices[v], expected,
                    std::string(mesh.mName.C_Str()) + " " + names[t] + " vertex " + std::to_string(v));
        }
    }
}

const aiAnimation *AnimationNamed(const aiScene &scene, const std::string &name) {
    for (unsigned i = 0; i < scene.mNumAnimations; ++i) {
        if (name == scene.mAnimations[i]->mName.C_Str()) {
            return scene.mAnimations[i];
        }
    }
    return nullptr;
}

/// The morph channels VertexAnimationModel's animations give the nodes
/// `nodes` (in order, one each): at each keyframe "wave" weighs its targets
/// 0-2 and "flap" its targets 3-4, one at a time, with weight 1.
void ExpectWaveAndFlapChannels(const aiScene &scene, const std::vector<std::string> &nodes) {
    const struct {
        const char *name;
        std::vector<double> times;
        unsigned firstTarget;
    } expected[2] = {{"wave", {0., 500., 1000.}, 0u}, {"flap", {0., 250.}, 3u}};
    for (const auto &e : expected) {
        const aiAnimation *anim = AnimationNamed(scene, e.name);
        ASSERT_NE(anim, nullptr) << e.name;
        ASSERT_EQ(anim->mNumMorphMeshChannels, nodes.size()) << e.name;
        for (unsigned c = 0; c < nodes.size(); ++c) {
            const aiMeshMorphAnim &channel = *anim->mMorphMeshChannels[c];
            EXPECT_EQ(channel.mName.C_Str(), nodes[c]) << e.name;
            ASSERT_EQ(channel.mNumKeys, e.times.size()) << e.name;
            for (unsigned k = 0; k < channel.mNumKeys; ++k) {
                EXPECT_EQ(channel.mKeys[k].mTime, e.times[k]) << e.name << " key " << k;
                ASSERT_EQ(channel.mKeys[k].mNumValuesAndWeights, 1u);
                EXPECT_EQ(channel.mKeys[k].mValues[0], e.firstTarget + k) << e.name << " " << nodes[c] << " key " << k;
                EXPECT_EQ(channel.mKeys[k].mWeights[0], 1.0);
            }
        }
    }
}

/// Writes `model` to `<name>.ltb` in the test output folder, converts it to
/// `<name>.glb` with the built tool (`options` appended to its command) and
/// checks that the Khronos validator reports nothing; the GLB's path, or
/// empty after a failure.
std::string ValidToolGlb(const Model &model, const std::string &name, const std::string &options = "") {
    const std::string tool = retro_test::ToolPath();
    EXPECT_FALSE(tool.empty()) << "assimp-retro was not built";
    const std::string ltb = retro_test::OutputPath(name + ".ltb");
    const std::string glbPath = retro_test::OutputPath(name + ".glb");
    retro_test::WriteFile(ltb, WriteLtb(model));
    std::string log;
    const int status = tool.empty()
            ? -1
            : retro_test::RunCommand(retro_test::ShellQuote(tool) + " export " + retro_test::ShellQuote(ltb) + " " +
                              retro_test::ShellQuote(glbPath) + options,
                      &log);
    EXPECT_EQ(status, 0) << log;
    if (status != 0) {
        return "";
    }
#if defined(_WIN32)
    retro_test::ExpectValidGltf(glbPath);
#else
    const retro_test::GltfValidation result = retro_test::ValidateGltf(glbPath);
    EXPECT_TRUE(result.ran) << result.report;
    EXPECT_EQ(result.errors, 0) << result.report;
    EXPECT_EQ(result.warnings, 0) << result.report;
    if (!result.ran) {
        return "";
    }
#endif
    return glbPath;
}

} // namespace

TEST(LtbVertexAnimation, FramesBecomeMorphTargetsThroughTheDuplicateMap) {
    Assimp::Importer importer;
    const aiScene *scene = ImportLtbUnturned(importer, WriteLtb(VertexAnimationModel()));
    ASSERT_NE(scene, nullptr) << importer.GetErrorString();
    const aiMesh *mesh = FindMesh(*scene, "body");
    ASSERT_NE(mesh, nullptr);
    // wave: 3 keyframes; flap: keyframes 0 and 250 (the second time 0 is
    // dropped). Vertex 4 (in the second triangle) has no frame of its own:
    // the duplicate map gives it vertex 0's, so it moves like the corner it shares.
    ExpectWaveAndFlapTargets(*mesh);
}

TEST(LtbVertexAnimation, EachAnimationWeighsItsOwnTargets) {
    Assimp::Importer importer;
    const aiScene *scene = ImportLtb(importer, WriteLtb(VertexAnimationModel()));
    ASSERT_NE(scene, nullptr) << importer.GetErrorString();
    ExpectWaveAndFlapChannels(*scene, {"body"}); // the piece's node
}

TEST(LtbVertexAnimation, ShortFramesAndTheTargetLimitLeaveTheBindPoseWithAWarning) {
    Model shortFrames = VertexAnimationModel();
    shortFrames.animations[1].tracks[1].vertexFrames[2].pop_back(); // flap's last frame: 3 of 4 positions
    {
        const assimp_retro::abc::lt2::Model model = ToAbcLt2(shortFrames);
        const auto &animations = model.pieces[0].lods[0].vertexAnimations;
        ASSERT_EQ(animations.size(), 1u); // wave only
        EXPECT_EQ(animations[0].animation, 0u);
        ASSERT_FALSE(model.warnings.empty());
        EXPECT_NE(model.warnings[0].find("piece 0 ('body') LOD 0, animation 'flap': keyframe 2 holds 3 vertex positions, "
                                         "the mesh animates 4; its vertex animation is left out"),
                std::string::npos)
                << model.warnings[0];
    }
    // wave's 3 targets of 6 corners cost 3 x (6 + 100); flap's 3 more do not fit.
    const assimp_retro::abc::lt2::Model limited = ToAbcLt2(VertexAnimationModel(), 3 * 106 + 10);
    ASSERT_EQ(limited.pieces[0].lods[0].vertexAnimations.size(), 1u);
    EXPECT_NE(limited.warnings[0].find("animation 'flap': 3 morph targets of 6 vertices exceed the limit of 328"),
            std::string::npos)
            << limited.warnings[0];
}

TEST(LtbVertexAnimation, ToolGlbPlaysTheFramesAndValidates) {
    const std::string glbPath = ValidToolGlb(VertexAnimationModel(), "LtbVertexAnimation/va");
    ASSERT_FALSE(glbPath.empty());
    abc_test::Glb glb;
    ASSERT_TRUE(glb.Load(glbPath));
    const int body = glb.NodeNamed("body");
    const int wave = glb.AnimationNamed("wave");
    const int flap = glb.AnimationNamed("flap");
    ASSERT_GE(body, 0);
    ASSERT_GE(wave, 0);
    ASSERT_GE(flap, 0);
    EXPECT_EQ(glb.ChannelTimes(wave, body, "weights"), (std::vector<float>{0.f, 0.5f, 1.f}));
    EXPECT_EQ(glb.ChannelTimes(flap, body, "weights"), (std::vector<float>{0.f, 0.25f}));
    EXPECT_EQ(glb.SampleAt(wave, body, "weights", 0.5f), (std::vector<float>{0, 1, 0, 0, 0}));
    EXPECT_EQ(glb.SampleAt(flap, body, "weights", 0.25f), (std::vector<float>{0, 0, 0, 0, 1}));
}

namespace {

/// The meshes a node holds, by name.
std::vector<std::string> NodeMeshes(const aiScene &scene, const aiNode &node) {
    std::vector<std::string> names;
    for (unsigned i = 0; i < node.mNumMeshes; ++i) {
        names.emplace_back(scene.mMeshes[node.mMeshes[i]]->mName.C_Str());
    }
    return names;
}

const aiScene *ImportAllLods(Assimp::Importer &importer, const assimp_retro::ltb::Model &model) {
    importer.SetPropertyBool(AI_CONFIG_IMPORT_ABC_ALL_LODS, true);
    return ImportLtbUnturned(importer, WriteLtb(model));
}

} // namespace

TEST(LtbVertexAnimationLods, EveryLodTakesItsFramesThroughItsOwnUndupCountAndDuplicateMap) {
    Assimp::Importer importer;
    const aiScene *scene = ImportAllLods(importer, MultiLodVertexAnimationModel());
    ASSERT_NE(scene, nullptr) << importer.GetErrorString();
    const aiMesh *lod0 = FindMesh(*scene, "body");
    const aiMesh *lod1 = FindMesh(*scene, "body_LOD1");
    ASSERT_NE(lod0, nullptr);
    ASSERT_NE(lod1, nullptr);
    ASSERT_EQ(lod1->mNumVertices, 3u); // one triangle: quad vertices 0, 1 and 2 (the duplicate)
    ExpectWaveAndFlapTargets(*lod0);
    ExpectWaveAndFlapTargets(*lod1);
    // The rigid piece's LODs have none.
    ASSERT_NE(FindMesh(*scene, "base_LOD1"), nullptr);
    EXPECT_EQ(FindMesh(*scene, "base_LOD1")->mNumAnimMeshes, 0u);
}

TEST(LtbVertexAnimationLods, AVertexAnimatedLodHoldsANodeOfItsOwnThatItsMorphChannelsName) {
    Assimp::Importer importer;
    const aiScene *scene = ImportAllLods(importer, MultiLodVertexAnimationModel());
    ASSERT_NE(scene, nullptr) << importer.GetErrorString();
    // The LOD holder keeps the other pieces' meshes; the vertex-animated one
    // is a LOD holder of its own (a glTF node's primitives share one target list).
    const aiNode *holder = ltb_test::FindNode(*scene, "LOD1_dist_50");
    const aiNode *own = ltb_test::FindNode(*scene, "body_LOD1");
    ASSERT_NE(holder, nullptr);
    ASSERT_NE(own, nullptr);
    EXPECT_EQ(NodeMeshes(*scene, *holder), std::vector<std::string>{"base_LOD1"});
    EXPECT_EQ(NodeMeshes(*scene, *own), std::vector<std::string>{"body_LOD1"});
    EXPECT_EQ(own->mParent, scene->mRootNode);
    int32_t lod = 0;
    float distance = 0.f;
    ASSERT_TRUE(
            own->mMetaData && own->mMetaData->Get("abc:lod", lod) && own->mMetaData->Get("abc:lodDistance", distance));
    EXPECT_EQ(lod, 1);
    EXPECT_EQ(distance, 50.f);
    ExpectWaveAndFlapChannels(*scene, {"body", "body_LOD1"});
}

TEST(LtbVertexAnimationLods, FramesTooShortForOneLodLeaveOnlyThatLodInTheBindPose) {
    // Frames of three positions: enough for LOD 1 (three undup vertices), not for LOD 0 (four).
    Model model = MultiLodVertexAnimationModel();
    for (std::vector<assimp_retro::Vec3> &frame : model.animations[0].tracks[1].vertexFrames) {
        frame.pop_back();
    }
    const assimp_retro::abc::lt2::Model converted = ToAbcLt2(model);
    ASSERT_EQ(converted.pieces[0].lods[0].vertexAnimations.size(), 1u); // flap only
    EXPECT_EQ(converted.pieces[0].lods[0].vertexAnimations[0].animation, 1u);
    ASSERT_EQ(converted.pieces[0].lods[1].vertexAnimations.size(), 2u); // wave and flap
    ASSERT_EQ(converted.warnings.size(), 1u);
    EXPECT_NE(converted.warnings[0].find("piece 0 ('body') LOD 0, animation 'wave': keyframe 0 holds 3 vertex "
                                         "positions, the mesh animates 4"),
            std::string::npos)
            << converted.warnings[0];
    // Without every LOD (AI_CONFIG_IMPORT_ABC_ALL_LODS), LOD 1's frames are not kept.
    const assimp_retro::abc::lt2::Model lod0Only = ToAbcLt2(MultiLodVertexAnimationModel(), kMaxMorphVertices, false);
    EXPECT_EQ(lod0Only.pieces[0].lods[0].vertexAnimations.size(), 2u);
    EXPECT_TRUE(lod0Only.pieces[0].lods[1].vertexAnimations.empty());
}

TEST(LtbVertexAnimationLods, ToolGlbPlaysEveryLodsFramesAndValidates) {
    const std::string glbPath =
            ValidToolGlb(MultiLodVertexAnimationModel(), "LtbVertexAnimation/va_lods", " --set IMPORT_ABC_ALL_LODS=1");
    ASSERT_FALSE(glbPath.empty());
    abc_test::Glb glb;
    ASSERT_TRUE(glb.Load(glbPath));
    const int wave = glb.AnimationNamed("wave");
    const int flap = glb.AnimationNamed("flap");
    ASSERT_GE(wave, 0);
    ASSERT_GE(flap, 0);
    for (const char *name : {"body", "body_LOD1"}) {
        const int node = glb.NodeNamed(name);
        ASSERT_GE(node, 0) << name;
        EXPECT_EQ(glb.ChannelTimes(wave, node, "weights"), (std::vector<float>{0.f, 0.5f, 1.f})) << name;
        EXPECT_EQ(glb.ChannelTimes(flap, node, "weights"), (std::vector<float>{0.f, 0.25f})) << name;
        EXPECT_EQ(glb.SampleAt(wave, node, "weights", 0.5f), (std::vector<float>{0, 1, 0, 0, 0})) << name;
        EXPECT_EQ(glb.SampleAt(flap, node, "weights", 0.25f), (std::vector<float>{0, 0, 0, 0, 1})) << name;
    }
    // LOD 1 at wave's middle keyframe: the quad's vertices 0-2 as wave moves them.
    const int lod1 = glb.NodeNamed("body_LOD1");
    const std::vector<abc_test::Vec3> posed = glb.Positions(lod1, {}, {0, 1, 0, 0, 0}, false);
    const std::vector<abc_test::Vec3> bind = glb.Positions(lod1, {}, {}, false);
    ASSERT_EQ(posed.size(), 3u);
    ASSERT_EQ(bind.size(), 3u);
    for (size_t v = 0; v < 3; ++v) {
        // The default import turns the scene half about +Y (x and z negated): undone here.
        const aiVector3D unturned(-bind[v][0], bind[v][1], -bind[v][2]);
        const aiVector3D expected = WavePosition(unturned, QuadVertex(unturned), 1);
        ExpectNear(aiVector3D(-posed[v][0], posed[v][1], -posed[v][2]), expected, "LOD 1 vertex " + std::to_string(v));
    }
}

TEST(LtbStreams, ColoursAndUvSetsReachTheMesh) {
    // Stream 1 holds a colour and three UV sets (flag 0x40: the count).
    Assimp::Importer importer;
    const aiScene *scene = ImportLtbUnturned(importer, WriteLtb(SampleModel(kRigidMesh, kCompressNone, 0x3 | 0x4 | 0x40)));
    ASSERT_NE(scene, nullptr) << importer.GetErrorString();
    const aiMesh &mesh = *FindMesh(*scene, "body");
    ASSERT_TRUE(mesh.HasVertexColors(0));
    EXPECT_FALSE(mesh.HasVertexColors(1));
    ASSERT_EQ(mesh.GetNumUVChannels(), 3u);
    const uint32_t colours[4] = {0xFF102030u, 0xFF405060u, 0xFF708090u, 0x80A0B0C0u}; // the writer's, 0xAARRGGBB
    for (unsigned v = 0; v < mesh.mNumVertices; ++v) {
        const unsigned i = QuadVertex(mesh.mVertices[v]);
        const aiColor4D &c = mesh.mColors[0][v];
        EXPECT_FLOAT_EQ(c.r, float((colours[i] >> 16) & 0xFF) / 255.f) << v;
        EXPECT_FLOAT_EQ(c.g, float((colours[i] >> 8) & 0xFF) / 255.f) << v;
        EXPECT_FLOAT_EQ(c.b, float(colours[i] & 0xFF) / 255.f) << v;
        EXPECT_FLOAT_EQ(c.a, float(colours[i] >> 24) / 255.f) << v;
        // Set k stores set 0's u times k + 1 and its v plus k; every v is flipped.
        const aiVector3D &uv0 = mesh.mTextureCoords[0][v];
        for (unsigned k = 1; k < 3; ++k) {
            EXPECT_EQ(mesh.mNumUVComponents[k], 2u);
            EXPECT_NEAR(mesh.mTextureCoords[k][v].x, uv0.x * float(k + 1), 1e-6f) << v << " set " << k;
            EXPECT_NEAR(mesh.mTextureCoords[k][v].y, uv0.y - float(k), 1e-6f) << v << " set " << k;
        }
    }
}

TEST(LtbStreams, WithoutColourOrMoreUvSetsTheMeshHasNone) {
    Assimp::Importer importer;
    const aiScene *scene = ImportLtb(importer, WriteLtb(SampleModel(kSkeletalMesh, kCompressNone)));
    ASSERT_NE(scene, nullptr) << importer.GetErrorString();
    const aiMesh &mesh = *FindMesh(*scene, "body");
    EXPECT_FALSE(mesh.HasVertexColors(0));
    EXPECT_EQ(mesh.GetNumUVChannels(), 1u);
    EXPECT_EQ(mesh.mNumAnimMeshes, 0u);
}

namespace {

/// A unit vector along `v` (zero stays zero).
aiVector3D Unit(const aiVector3D &v) {
    const float length = v.Length();
    return length > 0.f ? v / length : v;
}

/// Checks that every vertex of `mesh` has unit tangents along increasing u
/// and bitangents along increasing v of its own UV set 0: the gradients of
/// position over (u, v), solved from each triangle's edges.
void ExpectTangentsAlongTheMeshUvs(const aiMesh &mesh) {
    ASSERT_NE(mesh.mTangents, nullptr) << mesh.mName.C_Str();
    ASSERT_NE(mesh.mBitangents, nullptr) << mesh.mName.C_Str();
    for (unsigned f = 0; f < mesh.mNumFaces; ++f) {
        const unsigned *i = mesh.mFaces[f].mIndices;
        const aiVector3D e1 = mesh.mVertices[i[1]] - mesh.mVertices[i[0]];
        const aiVector3D e2 = mesh.mVertices[i[2]] - mesh.mVertices[i[0]];
        const aiVector3D t1 = mesh.mTextureCoords[0][i[1]] - mesh.mTextureCoords[0][i[0]];
        const aiVector3D t2 = mesh.mTextureCoords[0][i[2]] - mesh.mTextureCoords[0][i[0]];
        const float det = t1.x * t2.y - t2.x * t1.y;
        ASSERT_NE(det, 0.f);
        const aiVector3D dPdu = Unit((e1 * t2.y - e2 * t1.y) / det);
        const aiVector3D dPdv = Unit((e2 * t1.x - e1 * t2.x) / det);
        for (int k = 0; k < 3; ++k) {
            ExpectNear(mesh.mTangents[i[k]], dPdu, "tangent of face " + std::to_string(f));
            ExpectNear(mesh.mBitangents[i[k]], dPdv, "bitangent of face " + std::to_string(f));
        }
    }
}

} // namespace

TEST(LtbStreams, BasisVectorsBecomeTangentsAlongTheSceneUvs) {
    // The writer stores S = (1, 0, 0) and T = (0, 1, 0) for the quad, whose u
    // grows with x and stored v with -y: as the LithTech packer computes them
    // (S along +u, T along -v).
    for (uint32_t meshType : {kRigidMesh, kSkeletalMesh, kVertexAnimatedMesh}) {
        SCOPED_TRACE("mesh type " + std::to_string(meshType));
        const std::vector<uint8_t> bytes = WriteLtb(SampleModel(meshType, kCompressNone, 0x13 | 0x100));
        Assimp::Importer unturnedImporter;
        const aiScene *unturned = ImportLtbUnturned(unturnedImporter, bytes);
        ASSERT_NE(unturned, nullptr) << unturnedImporter.GetErrorString();
        const aiMesh &mesh = *FindMesh(*unturned, "body");
        ASSERT_TRUE(mesh.HasTangentsAndBitangents());
        for (unsigned v = 0; v < mesh.mNumVertices; ++v) {
            // Mirrored in X like positions; no sign change for the v flip.
            ExpectNear(mesh.mTangents[v], aiVector3D(-1.f, 0.f, 0.f), "tangent " + std::to_string(v));
            ExpectNear(mesh.mBitangents[v], aiVector3D(0.f, 1.f, 0.f), "bitangent " + std::to_string(v));
        }
        ExpectTangentsAlongTheMeshUvs(mesh);
        // The default import (turned half about +Y) keeps them along its UVs.
        Assimp::Importer importer;
        const aiScene *scene = ImportLtb(importer, bytes);
        ASSERT_NE(scene, nullptr) << importer.GetErrorString();
        ExpectTangentsAlongTheMeshUvs(*FindMesh(*scene, "body"));
    }
}

TEST(LtbStreams, StoredBasisVectorsAreNormalisedAndUnusableOnesLeaveNoTangents) {
    Model model = SampleModel(kRigidMesh, kCompressNone, 0x13 | 0x100);
    for (Vertex &v : model.pieces[0].lods[0].vertices) {
        v.basisS = assimp_retro::Vec3{-4.f, 0.f, 0.f};
        v.basisT = assimp_retro::Vec3{0.f, 0.5f, 0.f};
    }
    {
        Assimp::Importer importer;
        const aiScene *scene = ImportLtbUnturned(importer, WriteLtb(model));
        ASSERT_NE(scene, nullptr) << importer.GetErrorString();
        const aiMesh &mesh = *FindMesh(*scene, "body");
        ASSERT_TRUE(mesh.HasTangentsAndBitangents());
        ExpectNear(mesh.mTangents[0], aiVector3D(1.f, 0.f, 0.f), "tangent");
        ExpectNear(mesh.mBitangents[0], aiVector3D(0.f, 1.f, 0.f), "bitangent");
    }
    // A vertex whose S is zero (degenerate UVs) or T not finite (which the
    // reader refuses in a file): none for the mesh.
    model.pieces[0].lods[0].vertices[2].basisS = assimp_retro::Vec3{};
    model.pieces[0].lods[0].vertices[3].basisT.y = std::nanf("");
    const assimp_retro::abc::lt2::Model converted = ToAbcLt2(model);
    EXPECT_TRUE(converted.pieces[0].lods[0].tangents.empty());
    ASSERT_EQ(converted.warnings.size(), 1u);
    EXPECT_EQ(converted.warnings[0],
            "piece 0 ('body') LOD 0: 2 of 4 vertices have a basis vector of zero length or "
            "not finite; the mesh's tangents are left out");
    model.pieces[0].lods[0].vertices[3].basisT.y = 1.f;
    Assimp::Importer importer;
    const aiScene *scene = ImportLtb(importer, WriteLtb(model)); // validated (ImportMemory)
    ASSERT_NE(scene, nullptr) << importer.GetErrorString();
    EXPECT_FALSE(FindMesh(*scene, "body")->HasTangentsAndBitangents());
}

TEST(LtbStreams, ToolGlbOfAModelWithBasisVectorsValidates) {
    const std::string glbPath =
            ValidToolGlb(SampleModel(kSkeletalMesh, kCompressNone, 0x13 | 0x100), "LtbStreams/basis");
    ASSERT_FALSE(glbPath.empty());
    // Assimp 5.2.5's glTF 2 exporter writes no TANGENT; one that does (Assimp
    // 6) must write glTF's VEC4 (xyz unit, w the handedness).
    abc_test::Glb glb;
    ASSERT_TRUE(glb.Load(glbPath));
    for (const auto &mesh : glb.json["meshes"]) {
        for (const auto &primitive : mesh["primitives"]) {
            if (primitive["attributes"].contains("TANGENT")) {
                const auto &accessor = glb.json["accessors"][primitive["attributes"]["TANGENT"].get<size_t>()];
                EXPECT_EQ(accessor["type"], "VEC4");
            }
        }
    }
}
