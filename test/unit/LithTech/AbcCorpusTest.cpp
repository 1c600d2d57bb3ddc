// The eight KISS Psycho Circus v6 models of ../shared/corpus/abc: counts
// against STATS.tsv, GLB export validity, the skinned bind pose, orientation
// and vertex animation as a viewer shows them.
#include "AbcTestHelpers.h"

#include "AssetLib/LithTech/AbcLt1Reader.h"
#include "support/TestSupport.h"

#include <assimp/Importer.hpp>
#include <assimp/postprocess.h>

#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <tuple>

using assimp_retro::abc::ReadLt1;
using assimp_retro::abc::Lt1Model;
using namespace abc_test;

namespace {

const char *const kFiles[] = {
    "CREATURES__ACIDBALL.ABC", "CREATURES__ARACHNICLOWN.ABC", "CREATURES__BATWING.ABC", "CREATURES__STARGRAVE.ABC",
    "CREATURES__TIBERIUS.ABC", "DECOS__BEERCAN.ABC", "DECOS__FLAG.ABC", "TEST__ORB_PV.ABC",
};

/// One row of STATS.tsv, by column name.
std::map<std::string, std::string> StatsRow(const std::string &file) {
    const std::string path = retro_test::CorpusPath("abc/STATS.tsv");
    std::ifstream in(path);
    std::string line;
    std::vector<std::string> header;
    while (std::getline(in, line)) {
        std::vector<std::string> cells;
        std::stringstream row(line);
        std::string cell;
        while (std::getline(row, cell, '\t')) cells.push_back(cell);
        if (line.size() && line.back() == '\t') cells.push_back("");
        if (header.empty()) {
            header = cells;
            continue;
        }
        if (!cells.empty() && cells[0] == file) {
            std::map<std::string, std::string> out;
            for (size_t i = 0; i < header.size(); ++i) out[header[i]] = i < cells.size() ? cells[i] : "";
            return out;
        }
    }
    ADD_FAILURE() << file << " is not in " << path;
    return {};
}

size_t Stat(const std::map<std::string, std::string> &row, const std::string &column) {
    return size_t(std::stoul(row.at(column)));
}

std::vector<uint8_t> Corpus(const std::string &file) {
    const std::string path = retro_test::CorpusPath("abc/" + file);
    return path.empty() ? std::vector<uint8_t>() : retro_test::ReadFile(path);
}

class AbcCorpus : public ::testing::TestWithParam<const char *> {};

} // namespace

TEST_P(AbcCorpus, ReaderMatchesStats) {
    const std::vector<uint8_t> bytes = Corpus(GetParam());
    ASSERT_FALSE(bytes.empty());
    const auto row = StatsRow(GetParam());
    ASSERT_FALSE(row.empty());
    const Lt1Model model = ReadLt1(bytes.data(), bytes.size(), GetParam());
    EXPECT_EQ(model.nodes.size(), Stat(row, "nodes"));
    EXPECT_EQ(model.geometry.triangles.size(), Stat(row, "tris"));
    EXPECT_EQ(model.geometry.vertices.size(), Stat(row, "verts_total"));
    EXPECT_EQ(model.geometry.normalVerts, Stat(row, "verts_lod0"));
    EXPECT_EQ(model.geometry.lodSteps, Stat(row, "num_lods"));
    EXPECT_EQ(model.geometry.usableLodSteps, Stat(row, "num_lods"));
    EXPECT_EQ(model.animations.size(), Stat(row, "anims"));
    size_t keyframes = 0, mdNodes = 0;
    for (const auto &a : model.animations) keyframes += a.keyframes.size();
    for (const auto &n : model.nodes) mdNodes += n.mdVertices.empty() ? 0 : 1;
    EXPECT_EQ(keyframes, Stat(row, "keyframes_total"));
    EXPECT_EQ(mdNodes, Stat(row, "md_nodes"));
    EXPECT_TRUE(model.hasTransformInfo);
    EXPECT_EQ("(" + std::to_string(model.flipGeom) + ", " + std::to_string(model.flipAnim) + ")", row.at("transforminfo(flipgeom,flipanim)"));
    EXPECT_EQ(model.commandString, row.at("command_string"));
    EXPECT_TRUE(model.warnings.empty()) << model.warnings.front();
    // Every base vertex is used by a triangle, so LOD 0 has NormalVerts vertices.
    std::set<uint32_t> used;
    for (const auto &t : model.geometry.triangles) used.insert(t.vertex, t.vertex + 3);
    EXPECT_EQ(used.size(), Stat(row, "verts_lod0"));
}

TEST_P(AbcCorpus, SceneMatchesStats) {
    const std::vector<uint8_t> bytes = Corpus(GetParam());
    ASSERT_FALSE(bytes.empty());
    const auto row = StatsRow(GetParam());
    ASSERT_FALSE(row.empty());
    Assimp::Importer importer;
    const aiScene *scene = ImportAbc(importer, bytes);
    ASSERT_NE(scene, nullptr) << importer.GetErrorString();
    ASSERT_EQ(scene->mRootNode->mNumChildren, 2u); // the file's root node, the mesh node
    EXPECT_EQ(CountNodes(scene->mRootNode->mChildren[0]), Stat(row, "nodes"));
    ASSERT_EQ(scene->mNumMeshes, 1u);
    EXPECT_EQ(scene->mMeshes[0]->mNumFaces, Stat(row, "tris"));
    EXPECT_EQ(scene->mMeshes[0]->mNumBones, Stat(row, "nodes"));
    // Vertices are the file's base vertices, split where corners' UVs differ.
    const Lt1Model model = ReadLt1(bytes.data(), bytes.size(), GetParam());
    std::set<std::tuple<uint32_t, float, float>> corners;
    std::set<uint32_t> sources;
    for (const auto &t : model.geometry.triangles)
        for (int c = 0; c < 3; ++c) {
            corners.emplace(t.vertex[c], t.u[c], t.v[c]);
            sources.insert(t.vertex[c]);
        }
    EXPECT_EQ(scene->mMeshes[0]->mNumVertices, corners.size());
    EXPECT_EQ(sources.size(), Stat(row, "verts_lod0"));
    size_t weights = 0;
    for (unsigned b = 0; b < scene->mMeshes[0]->mNumBones; ++b) weights += scene->mMeshes[0]->mBones[b]->mNumWeights;
    EXPECT_EQ(weights, scene->mMeshes[0]->mNumVertices); // one weight per vertex

    ASSERT_EQ(scene->mNumAnimations, Stat(row, "anims"));
    size_t keyframes = 0;
    for (unsigned a = 0; a < scene->mNumAnimations; ++a) {
        const aiAnimation *anim = scene->mAnimations[a];
        EXPECT_EQ(anim->mTicksPerSecond, 1000.0);
        EXPECT_EQ(anim->mNumChannels, Stat(row, "nodes"));
        keyframes += SceneKeyframes(*scene, a).size(); // the channels need not key every keyframe
        EXPECT_EQ(anim->mNumMorphMeshChannels, Stat(row, "md_nodes") ? 1u : 0u);
    }
    EXPECT_EQ(keyframes, Stat(row, "keyframes_total"));
    EXPECT_EQ(scene->mMeshes[0]->mNumAnimMeshes, Stat(row, "md_nodes") ? Stat(row, "keyframes_total") : 0u);

    aiString command;
    ASSERT_TRUE(scene->mMetaData->Get("abc:commandString", command));
    EXPECT_EQ(std::string(command.C_Str()), row.at("command_string"));
}

// Front faces are counter-clockwise: each face's (b - a) x (c - a) points the
// way its vertex normals do, for FlipGeom = 0 files and for ORB_PV (FlipGeom = 1)
// alike (ORB_PV: 715 of 756; its 27 faces stored the other way round stay so).
TEST_P(AbcCorpus, FrontFacesAreCounterClockwise) {
    const std::vector<uint8_t> bytes = Corpus(GetParam());
    ASSERT_FALSE(bytes.empty());
    Assimp::Importer importer;
    const aiScene *scene = ImportAbc(importer, bytes);
    ASSERT_NE(scene, nullptr) << importer.GetErrorString();
    const aiMesh *mesh = scene->mMeshes[0];
    unsigned agree = 0;
    for (unsigned f = 0; f < mesh->mNumFaces; ++f) {
        const unsigned *i = mesh->mFaces[f].mIndices;
        const aiVector3D n = (mesh->mVertices[i[1]] - mesh->mVertices[i[0]]) ^ (mesh->mVertices[i[2]] - mesh->mVertices[i[0]]);
        agree += n * (mesh->mNormals[i[0]] + mesh->mNormals[i[1]] + mesh->mNormals[i[2]]) > 0.f ? 1 : 0;
    }
    // Exact per file (agreeing faces, all faces): the few faces whose stored
    // normals disagree with their winding were counted once; any face whose
    // winding changes shows here.
    static const std::map<std::string, std::pair<unsigned, unsigned>> kAgreeOfFaces = {
            {"CREATURES__ACIDBALL.ABC", {24, 24}},
            {"CREATURES__ARACHNICLOWN.ABC", {1149, 1149}},
            {"CREATURES__BATWING.ABC", {12, 12}},
            {"CREATURES__STARGRAVE.ABC", {1576, 1580}},
            {"CREATURES__TIBERIUS.ABC", {1661, 1664}},
            {"DECOS__BEERCAN.ABC", {22, 22}},
            {"DECOS__FLAG.ABC", {62, 62}},
            {"TEST__ORB_PV.ABC", {715, 756}},
    };
    const auto expected = kAgreeOfFaces.find(GetParam());
    ASSERT_NE(expected, kAgreeOfFaces.end()) << GetParam() << ": " << agree << " of " << mesh->mNumFaces << " faces";
    EXPECT_EQ(mesh->mNumFaces, expected->second.second) << GetParam();
    EXPECT_EQ(agree, expected->second.first) << GetParam() << ": " << agree << " of " << mesh->mNumFaces << " faces";
}

TEST_P(AbcCorpus, ExportsValidGlbWithLods) {
    const std::vector<uint8_t> bytes = Corpus(GetParam());
    ASSERT_FALSE(bytes.empty());
    for (int lods : {0, 3}) {
        Assimp::Importer importer;
        const aiScene *scene = ImportAbc(importer, bytes, aiProcess_LimitBoneWeights, lods);
        ASSERT_NE(scene, nullptr) << importer.GetErrorString();
        const std::string glb = ExportGlb(scene, std::string(GetParam()) + (lods ? "_lod3" : ""));
        retro_test::ExpectValidGltf(glb);
    }
}

// The GLB skinned with animation 0 at time 0 is the importer's static mesh:
// joints, inverse bind matrices and node poses agree.
TEST_P(AbcCorpus, GlbSkinnedAtFirstFrameIsTheStaticMesh) {
    const std::vector<uint8_t> bytes = Corpus(GetParam());
    ASSERT_FALSE(bytes.empty());
    Assimp::Importer importer;
    const aiScene *scene = ImportAbc(importer, bytes, aiProcess_LimitBoneWeights);
    ASSERT_NE(scene, nullptr) << importer.GetErrorString();
    Glb glb;
    ASSERT_TRUE(glb.Load(ExportGlb(scene, std::string(GetParam()) + "_pose")));
    const int meshNode = glb.NodeNamed("Piece");
    ASSERT_GE(meshNode, 0);
    const int anim0 = glb.AnimationNamed(scene->mAnimations[0]->mName.C_Str());
    ASSERT_GE(anim0, 0);
    const std::vector<Vec3> rest = glb.Positions(meshNode, {}, {}, false);
    const std::vector<Vec3> skinned = glb.Positions(meshNode, glb.GlobalPose(anim0, 0.f), {}, true);
    ASSERT_EQ(rest.size(), skinned.size());
    float extent = 0;
    for (const Vec3 &p : rest) extent = std::max({extent, std::fabs(p[0]), std::fabs(p[1]), std::fabs(p[2])});
    const float tolerance = 1e-4f * std::max(extent, 1.f);
    for (size_t i = 0; i < rest.size(); ++i)
        for (int c = 0; c < 3; ++c) ASSERT_NEAR(skinned[i][size_t(c)], rest[i][size_t(c)], tolerance) << "vertex " << i;

    // ... and the GLB's vertices are the importer's.
    const aiMesh *mesh = scene->mMeshes[0];
    for (size_t i = 0; i < rest.size(); ++i) {
        float best = 1e30f;
        for (unsigned v = 0; v < mesh->mNumVertices; ++v) {
            const aiVector3D d = mesh->mVertices[v] - aiVector3D(rest[i][0], rest[i][1], rest[i][2]);
            best = std::min(best, d.Length());
        }
        ASSERT_LE(best, tolerance) << "GLB vertex " << i << " is not one of the importer's";
    }
}

INSTANTIATE_TEST_SUITE_P(Kpc, AbcCorpus, ::testing::ValuesIn(kFiles), [](const auto &info) {
    std::string name = info.param;
    for (char &c : name) if (!isalnum(static_cast<unsigned char>(c))) c = '_';
    return name;
});

// TIBERIUS as the game shows it: standing on +Y, facing +Z (glTF's front),
// its right hand on -X (the model's right when it faces +Z), checked on the
// exported GLB's nodes in the first frame.
TEST(AbcCorpusOrientation, TiberiusStandsUpFacingPlusZ) {
    const std::vector<uint8_t> bytes = Corpus("CREATURES__TIBERIUS.ABC");
    ASSERT_FALSE(bytes.empty());
    Assimp::Importer importer;
    const aiScene *scene = ImportAbc(importer, bytes, aiProcess_LimitBoneWeights);
    ASSERT_NE(scene, nullptr) << importer.GetErrorString();
    Glb glb;
    ASSERT_TRUE(glb.Load(ExportGlb(scene, "TIBERIUS_orientation")));
    const std::vector<Mat4> pose = glb.GlobalPose(glb.AnimationNamed(scene->mAnimations[0]->mName.C_Str()), 0.f);
    auto at = [&](const char *name) {
        const int node = glb.NodeNamed(name);
        EXPECT_GE(node, 0) << name;
        return node < 0 ? Vec3{0, 0, 0} : Vec3{pose[size_t(node)][12], pose[size_t(node)][13], pose[size_t(node)][14]};
    };
    const Vec3 head = at("Head"), jaw = at("Jaw"), leftFoot = at("L_Foot"), rightFoot = at("R_Foot"), tail = at("Tail10");
    const Vec3 leftHand = at("L_Hand"), rightHand = at("R_Hand");
    EXPECT_GT(head[1], leftFoot[1] + 100.f);  // upright: head 44, feet -72
    EXPECT_GT(head[1], rightFoot[1] + 100.f);
    EXPECT_GT(jaw[2], tail[2] + 100.f);       // faces +Z: jaw 46, tail tip -96
    EXPECT_GT(jaw[2], 30.f);
    EXPECT_LT(rightHand[0], -50.f);           // not mirrored: right hand at -X
    EXPECT_GT(leftHand[0], 50.f);

    // The mesh agrees: the vertices bound to the jaw are in front of the body.
    const aiMesh *mesh = scene->mMeshes[0];
    float jawZ = 0, allZ = 0;
    unsigned jawCount = 0;
    for (unsigned b = 0; b < mesh->mNumBones; ++b) {
        for (unsigned w = 0; w < mesh->mBones[b]->mNumWeights; ++w) {
            const float z = mesh->mVertices[mesh->mBones[b]->mWeights[w].mVertexId].z;
            allZ += z;
            if (std::string(mesh->mBones[b]->mName.C_Str()) == "Jaw") {
                jawZ += z;
                ++jawCount;
            }
        }
    }
    ASSERT_GT(jawCount, 0u);
    EXPECT_GT(jawZ / jawCount, allZ / mesh->mNumVertices + 20.f);
}

// Vertex-animated models: the GLB's `weights` channels move the morph targets
// so that at every keyframe each vertex, taken back into its node's space, is
// the file's decompressed frame (byte * Scale + Translate).
class AbcCorpusMorph : public ::testing::TestWithParam<const char *> {};

TEST_P(AbcCorpusMorph, GlbWeightsPlayTheFileFrames) {
    const std::vector<uint8_t> bytes = Corpus(GetParam());
    ASSERT_FALSE(bytes.empty());
    const Lt1Model model = ReadLt1(bytes.data(), bytes.size(), GetParam());
    Assimp::Importer importer;
    const aiScene *scene = ImportAbc(importer, bytes, aiProcess_LimitBoneWeights);
    ASSERT_NE(scene, nullptr) << importer.GetErrorString();
    const std::string path = ExportGlb(scene, std::string(GetParam()) + "_morph");
    retro_test::ExpectValidGltf(path);
    Glb glb;
    ASSERT_TRUE(glb.Load(path));
    const int meshNode = glb.NodeNamed("Piece");
    ASSERT_GE(meshNode, 0);
    const auto &node = glb.json["nodes"][size_t(meshNode)];
    const auto &primitive = glb.json["meshes"][node["mesh"].get<size_t>()]["primitives"][0];
    size_t keyframes = 0;
    for (const auto &a : model.animations) keyframes += a.keyframes.size();
    ASSERT_EQ(primitive["targets"].size(), keyframes);

    // Each GLB vertex: its joint (weight 1) as a file node index, and that joint's inverse bind matrix.
    const auto &skin = glb.json["skins"][node["skin"].get<size_t>()];
    const std::vector<float> ibm = glb.Floats(skin["inverseBindMatrices"].get<size_t>());
    const std::vector<float> joints = glb.Floats(primitive["attributes"]["JOINTS_0"].get<size_t>());
    const std::vector<float> weights = glb.Floats(primitive["attributes"]["WEIGHTS_0"].get<size_t>());
    const size_t count = glb.Count(primitive["attributes"]["POSITION"].get<size_t>());
    std::vector<size_t> fileNodeOf(count);
    std::vector<Mat4> toLocal(count);
    for (size_t i = 0; i < count; ++i) {
        ASSERT_FLOAT_EQ(weights[4 * i], 1.f);
        const size_t joint = size_t(joints[4 * i]);
        const std::string name = glb.json["nodes"][skin["joints"][joint].get<size_t>()]["name"];
        size_t n = 0;
        while (n < model.nodes.size() && model.nodes[n].name != name) ++n;
        ASSERT_LT(n, model.nodes.size()) << name;
        fileNodeOf[i] = n;
        std::copy(ibm.begin() + long(16 * joint), ibm.begin() + long(16 * joint + 16), toLocal[i].begin());
    }

    // File-space node-local position of vertex v at (animation, keyframe).
    auto expected = [&](size_t v, size_t a, size_t k) {
        const auto &vertex = model.geometry.vertices[v];
        const auto &node = model.nodes[vertex.node];
        for (size_t j = 0; j < node.mdVertices.size(); ++j) {
            if (node.mdVertices[j] == v) {
                const auto p = model.animations[a].nodes[vertex.node].MdPosition(k, j, node.mdVertices.size());
                return Vec3{p.x, p.y, p.z};
            }
        }
        return Vec3{vertex.position.x, vertex.position.y, vertex.position.z};
    };
    // GLB vertex i at (a, k), in its node's space, mirrored back to LithTech's.
    std::vector<std::vector<std::vector<Vec3>>> actual(model.animations.size());
    bool moved = false;
    const std::vector<Vec3> rest = glb.Positions(meshNode, {}, {}, false);
    for (size_t a = 0; a < model.animations.size(); ++a) {
        const int anim = glb.AnimationNamed(model.animations[a].name);
        ASSERT_GE(anim, 0) << model.animations[a].name;
        const std::vector<float> times = glb.ChannelTimes(anim, meshNode, "weights");
        ASSERT_EQ(times.size(), model.animations[a].keyframes.size()) << "no weights channel in " << model.animations[a].name;
        for (size_t k = 0; k < times.size(); ++k) {
            const float seconds = model.animations[a].keyframes[k].time / 1000.f;
            const std::vector<float> w = glb.SampleAt(anim, meshNode, "weights", seconds);
            ASSERT_EQ(w.size(), keyframes);
            const std::vector<Vec3> morphed = glb.Positions(meshNode, {}, w, false);
            std::vector<Vec3> local(count);
            for (size_t i = 0; i < count; ++i) {
                local[i] = Transform(toLocal[i], morphed[i]);
                local[i][0] = -local[i][0];
                for (int c = 0; c < 3; ++c) moved |= std::fabs(morphed[i][size_t(c)] - rest[i][size_t(c)]) > 1e-3f;
            }
            actual[a].push_back(local);
        }
    }
    EXPECT_TRUE(moved) << "the weights never move a vertex";

    std::set<size_t> matched;
    for (size_t i = 0; i < count; ++i) {
        bool found = false;
        for (size_t v = 0; v < model.geometry.normalVerts && !found; ++v) {
            if (model.geometry.vertices[v].node != fileNodeOf[i]) continue;
            bool all = true;
            for (size_t a = 0; a < actual.size() && all; ++a)
                for (size_t k = 0; k < actual[a].size() && all; ++k) {
                    const Vec3 e = expected(v, a, k);
                    for (int c = 0; c < 3; ++c) all &= std::fabs(actual[a][k][i][size_t(c)] - e[size_t(c)]) < 2e-3f;
                }
            if (all) {
                found = true;
                matched.insert(v);
            }
        }
        EXPECT_TRUE(found) << "GLB vertex " << i << " follows no file vertex through the frames";
    }
    for (const auto &n : model.nodes)
        for (uint16_t v : n.mdVertices) EXPECT_TRUE(matched.count(v)) << "vertex-animated vertex " << v << " not in the GLB";
}

INSTANTIATE_TEST_SUITE_P(Kpc, AbcCorpusMorph, ::testing::Values("CREATURES__BATWING.ABC", "DECOS__FLAG.ABC", "TEST__ORB_PV.ABC"),
        [](const auto &info) {
            std::string name = info.param;
            for (char &c : name) if (!isalnum(static_cast<unsigned char>(c))) c = '_';
            return name;
        });
