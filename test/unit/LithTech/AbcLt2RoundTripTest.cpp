// ABC v9-v13 / v108: files from the test writer read back exactly; GLB export validates.
#include "AbcLt2TestHelpers.h"
#include "AbcTestHelpers.h"
#include "support/AnimationSampling.h"

#include "AssetLib/LithTech/AbcLt2Reader.h"
#include "Common/ImportError.h"
#include <cstring>

#include <assimp/DefaultLogger.hpp>

#include <cmath>
#include <map>

using namespace abcv9_test;
namespace w = abcv9_writer;

namespace {

template <typename T>
T Meta(const aiMetadata *meta, const std::string &key) {
    T value{};
    EXPECT_TRUE(meta && meta->Get(key, value)) << "metadata '" << key << "' missing";
    return value;
}

std::string MetaString(const aiMetadata *meta, const std::string &key) {
    return Meta<aiString>(meta, key).C_Str();
}

class AbcLt2Versions : public ::testing::TestWithParam<uint32_t> {};

TEST_P(AbcLt2Versions, ReadsBackExactly) {
    const uint32_t version = GetParam();
    const w::Model model = w::MakeTestModel(version, 3);
    Assimp::Importer importer;
    const aiScene *scene = ImportV9Bytes(importer, w::Write(model), "roundtrip_v" + std::to_string(version) + ".abc");
    ASSERT_NE(scene, nullptr) << importer.GetErrorString();

    EXPECT_EQ(MetaString(scene->mMetaData, "abc:layout.lodDistances"), "LODDistanceCount");
    EXPECT_EQ(Meta<int32_t>(scene->mMetaData, "abc:version"), int32_t(version));
    EXPECT_EQ(MetaString(scene->mMetaData, "abc:commandString"), "DrawIndexedDist 1000");
    EXPECT_FLOAT_EQ(Meta<float>(scene->mMetaData, "abc:internalRadius"), 2.5f);
    EXPECT_FLOAT_EQ(Meta<float>(scene->mMetaData, "abc:lodDistance1"), 20.f);

    // Nodes: tree, names, bind pose (global = mirrored stored global bind), flags.
    for (size_t i = 0; i < model.nodes.size(); ++i) {
        const w::Node &n = model.nodes[i];
        const aiNode *node = FindNode(scene, n.name);
        ASSERT_NE(node, nullptr) << n.name;
        ASSERT_NE(node->mParent, nullptr);
        if (n.parent >= 0) {
            EXPECT_EQ(std::string(node->mParent->mName.C_Str()), model.nodes[n.parent].name);
        } else {
            EXPECT_EQ(node->mParent, scene->mRootNode);
        }
        ExpectMatrixNear(GlobalTransform(node), MirrorX(FromRowMajor(n.bind)), 1e-5f, n.name);
        EXPECT_EQ(Meta<int32_t>(node->mMetaData, "abc:flags"), n.flags);
        EXPECT_EQ(Meta<bool>(node->mMetaData, "abc:rotationOnly"), (n.flags & 2) != 0);
        EXPECT_FLOAT_EQ(Meta<float>(node->mMetaData, "abc:weightSet:Upper"), model.weightSets[0].weights[i]);
    }
    EXPECT_EQ(scene->mRootNode->mTransformation, aiMatrix4x4());

    // Sockets: children of their node with T(pos)R(rot), mirrored.
    for (const w::Socket &s : model.sockets) {
        const aiNode *node = FindNode(scene, s.name);
        ASSERT_NE(node, nullptr) << s.name;
        EXPECT_EQ(std::string(node->mParent->mName.C_Str()), model.nodes[s.node].name);
        const aiMatrix4x4 raw(aiVector3D(1, 1, 1), aiQuaternion(s.rot.w, s.rot.x, s.rot.y, s.rot.z), aiVector3D(s.pos.x, s.pos.y, s.pos.z));
        ExpectMatrixNear(node->mTransformation, MirrorX(raw), 1e-6f, s.name);
    }

    // Meshes: LOD 0 of every piece, one node each; piece "Head" collides with
    // the node "Head", so its node name is made unique.
    ASSERT_EQ(scene->mNumMeshes, model.pieces.size());
    EXPECT_NE(FindNode(scene, "Head.1"), nullptr);
    EXPECT_EQ(scene->mNumMaterials, 2u); // material indices 0 and 3
    for (size_t p = 0; p < model.pieces.size(); ++p) {
        const w::Piece &piece = model.pieces[p];
        const w::Lod &lod = piece.lods[0];
        const aiMesh *mesh = scene->mMeshes[p];
        EXPECT_EQ(std::string(mesh->mName.C_Str()), piece.name);
        ASSERT_EQ(mesh->mNumFaces, lod.faces.size());
        ASSERT_EQ(mesh->mNumVertices, lod.faces.size() * 3);
        const aiMaterial *mat = scene->mMaterials[mesh->mMaterialIndex];
        int materialIndex = -1;
        EXPECT_EQ(mat->Get("$abc.materialIndex", 0, 0, materialIndex), AI_SUCCESS);
        EXPECT_EQ(materialIndex, piece.materialIndex);
        float shininess = 0.f;
        EXPECT_EQ(mat->Get(AI_MATKEY_SHININESS, shininess), AI_SUCCESS);
        if (piece.materialIndex == 3) {
            EXPECT_FLOAT_EQ(shininess, piece.specularPower);
        }
        // weights per output vertex
        std::vector<std::map<std::string, float>> weights(mesh->mNumVertices);
        for (unsigned b = 0; b < mesh->mNumBones; ++b) {
            const aiBone *bone = mesh->mBones[b];
            const aiNode *boneNode = FindNode(scene, bone->mName.C_Str());
            ASSERT_NE(boneNode, nullptr) << bone->mName.C_Str();
            aiMatrix4x4 inv = GlobalTransform(boneNode);
            inv.Inverse();
            ExpectMatrixNear(bone->mOffsetMatrix, inv, 1e-5f, bone->mName.C_Str());
            for (unsigned k = 0; k < bone->mNumWeights; ++k) {
                weights[bone->mWeights[k].mVertexId][bone->mName.C_Str()] += bone->mWeights[k].mWeight;
            }
        }
        static const int order[3] = {0, 2, 1}; // winding reversed by the mirror
        for (size_t f = 0; f < lod.faces.size(); ++f) {
            for (int k = 0; k < 3; ++k) {
                const unsigned out = mesh->mFaces[f].mIndices[k];
                const w::Corner &c = lod.faces[f][order[k]];
                const w::Vertex &v = lod.vertices[c.vertex];
                EXPECT_EQ(mesh->mVertices[out], aiVector3D(-v.position.x, v.position.y, v.position.z));
                EXPECT_EQ(mesh->mNormals[out], aiVector3D(-v.normal.x, v.normal.y, v.normal.z));
                EXPECT_FLOAT_EQ(mesh->mTextureCoords[0][out].x, c.u);
                EXPECT_FLOAT_EQ(mesh->mTextureCoords[0][out].y, 1.f - c.v);
                float sum = 0.f;
                for (const w::Weight &wt : v.weights) sum += wt.bias;
                ASSERT_EQ(weights[out].size(), v.weights.size());
                for (const w::Weight &wt : v.weights) {
                    EXPECT_NEAR(weights[out][model.nodes[wt.node].name], wt.bias / sum, 1e-6f);
                }
            }
        }
    }

    // Animations: keys in ms, parent-relative, mirrored; rotation-only nodes
    // keep their bind offset.
    ASSERT_EQ(scene->mNumAnimations, model.animations.size());
    for (size_t a = 0; a < model.animations.size(); ++a) {
        const w::Animation &anim = model.animations[a];
        const aiAnimation *out = scene->mAnimations[a];
        EXPECT_EQ(std::string(out->mName.C_Str()), anim.name);
        EXPECT_EQ(out->mTicksPerSecond, 1000.0);
        EXPECT_EQ(out->mDuration, double(anim.times.back()));
        ASSERT_EQ(out->mNumChannels, model.nodes.size());
        const std::string key = "abc:anim" + std::to_string(a) + ".";
        EXPECT_EQ(Meta<int32_t>(scene->mMetaData, key + "interpolationMs"), int32_t(version >= 12 ? anim.interpolationMs : 200));
        EXPECT_EQ(MetaString(scene->mMetaData, key + "key1.command"), anim.commands[1]);
        EXPECT_EQ(abc_test::SceneKeyframes(*scene, unsigned(a)), anim.times);
        for (unsigned c = 0; c < out->mNumChannels; ++c) {
            const aiNodeAnim *ch = out->mChannels[c];
            const aiNode *node = FindNode(scene, ch->mNodeName.C_Str());
            ASSERT_NE(node, nullptr);
            const w::Node &n = model.nodes[c];
            EXPECT_EQ(std::string(ch->mNodeName.C_Str()), n.name);
            // Keys that add nothing are left out: the channels give each
            // keyframe's value at its time.
            ASSERT_LE(ch->mNumPositionKeys, anim.times.size());
            ASSERT_LE(ch->mNumRotationKeys, anim.times.size());
            for (size_t k = 0; k < anim.times.size(); ++k) {
                const w::Key &wk = anim.tracks[c][k];
                const aiVector3D position = retro_test::SampleTrack(ch->mPositionKeys, ch->mNumPositionKeys, anim.times[k]);
                if (n.flags & 2) {
                    const aiVector3D bindOffset(node->mTransformation.a4, node->mTransformation.b4, node->mTransformation.c4);
                    EXPECT_EQ(position, bindOffset);
                } else {
                    EXPECT_EQ(position, aiVector3D(-wk.pos.x, wk.pos.y, wk.pos.z));
                }
                const aiQuaternion expected(wk.rot.w, wk.rot.x, -wk.rot.y, -wk.rot.z);
                const aiQuaternion got = retro_test::SampleTrack(ch->mRotationKeys, ch->mNumRotationKeys, anim.times[k]);
                const float dot = expected.w * got.w + expected.x * got.x + expected.y * got.y + expected.z * got.z;
                EXPECT_NEAR(std::fabs(dot), 1.f, 1e-5f) << anim.name << " " << n.name << " key " << k;
            }
        }
    }

    // Child models and anim bindings as metadata.
    EXPECT_EQ(MetaString(scene->mMetaData, "abc:childModel0.name"), "");
    EXPECT_EQ(MetaString(scene->mMetaData, "abc:animBinding0.0.name"), "idle");
    EXPECT_EQ(MetaString(scene->mMetaData, "abc:weightSet1.name"), "Null");
}

TEST_P(AbcLt2Versions, GlbPassesKhronosValidator) {
    const uint32_t version = GetParam();
    Assimp::Importer importer;
    importer.SetPropertyBool(AI_CONFIG_IMPORT_ABC_ALL_LODS, true);
    const aiScene *scene = ImportV9Bytes(importer, w::Write(w::MakeTestModel(version, 3)), "glb_v" + std::to_string(version) + ".abc",
            aiProcess_LimitBoneWeights);
    ASSERT_NE(scene, nullptr) << importer.GetErrorString();
    EXPECT_EQ(scene->mNumMeshes, 9u);
    const std::string glb = ExportGlb(scene, "abc_v" + std::to_string(version) + ".glb");
    retro_test::ExpectValidGltf(glb);
}

TEST_P(AbcLt2Versions, AllLodsProperty) {
    const uint32_t version = GetParam();
    const w::Model model = w::MakeTestModel(version, 3);
    Assimp::Importer importer;
    importer.SetPropertyBool(AI_CONFIG_IMPORT_ABC_ALL_LODS, true);
    const aiScene *scene = ImportV9Bytes(importer, w::Write(model), "lods_v" + std::to_string(version) + ".abc");
    ASSERT_NE(scene, nullptr) << importer.GetErrorString();
    ASSERT_EQ(scene->mNumMeshes, 9u);
    const aiNode *lod1 = FindNode(scene, "LOD1_dist_10");
    const aiNode *lod2 = FindNode(scene, "LOD2_dist_20");
    ASSERT_NE(lod1, nullptr);
    ASSERT_NE(lod2, nullptr);
    EXPECT_EQ(lod1->mNumMeshes, 3u);
    EXPECT_EQ(Meta<int32_t>(lod2->mMetaData, "abc:lod"), 2);
    EXPECT_FLOAT_EQ(Meta<float>(lod2->mMetaData, "abc:lodDistance"), 20.f);
    for (unsigned i = 0; i < lod2->mNumMeshes; ++i) {
        const aiMesh *mesh = scene->mMeshes[lod2->mMeshes[i]];
        EXPECT_EQ(mesh->mNumFaces, model.pieces[i].lods[2].faces.size());
        EXPECT_EQ(std::string(mesh->mName.C_Str()), model.pieces[i].name + "_LOD2");
    }
}

INSTANTIATE_TEST_SUITE_P(AllVersions, AbcLt2Versions, ::testing::Values(9u, 10u, 11u, 12u, 13u, 108u),
        [](const ::testing::TestParamInfo<uint32_t> &info) { return "v" + std::to_string(info.param); });

// ---- the UNSURE layouts are told apart by the section-end check ----------------------

struct LayoutCase {
    uint32_t version;
    w::Layout layout;
    std::string key, expected;
};

TEST(AbcLt2Layouts, AlternativeLayoutsAreDetected) {
    std::vector<LayoutCase> cases;
    w::Layout l;
    l.distancesFromLodCount = true;
    cases.push_back({12, l, "abc:layout.lodDistances", "LODCount"});
    l = w::Layout();
    l.childRelation36 = true;
    cases.push_back({13, l, "abc:layout.childModelRelation", "36 bytes"});
    l = w::Layout();
    cases.push_back({13, l, "abc:layout.childModelRelation", "28 bytes"});
    for (uint32_t v : {9u, 10u, 11u}) {
        l = w::Layout();
        cases.push_back({v, l, "abc:layout.animationHeader", "compression"});
        l.animationHeader = 2;
        cases.push_back({v, l, "abc:layout.animationHeader", "compression+interpolation"});
        l.animationHeader = 0;
        cases.push_back({v, l, "abc:layout.animationHeader", "none"});
    }
    l = w::Layout();
    l.singleBindingList = true;
    cases.push_back({12, l, "abc:layout.animBindings", "one list"});
    l = w::Layout();
    cases.push_back({12, l, "abc:layout.animBindings", "one list per child model"});
    l = w::Layout();
    l.lodWeight = 0;
    cases.push_back({12, l, "abc:layout.pieceLodWeight", "no"});
    l.lodWeight = 1;
    cases.push_back({9, l, "abc:layout.pieceLodWeight", "yes"});

    int index = 0;
    for (const LayoutCase &c : cases) {
        SCOPED_TRACE(c.key + " = " + c.expected + " (v" + std::to_string(c.version) + ")");
        // two child models, so one list per child model differs from one list
        const w::Model model = w::MakeTestModel(c.version, 2, {"Other"});
        Assimp::Importer importer;
        importer.SetPropertyBool(AI_CONFIG_IMPORT_ABC_CHILD_MODELS, false);
        const aiScene *scene = ImportV9Bytes(importer, w::Write(model, c.layout), "layout" + std::to_string(index++) + ".abc");
        ASSERT_NE(scene, nullptr) << importer.GetErrorString();
        EXPECT_EQ(MetaString(scene->mMetaData, c.key), c.expected);
        EXPECT_EQ(scene->mNumMeshes, 3u);
        EXPECT_EQ(scene->mNumAnimations, 2u);
    }
}

// ---- hostile input -----------------------------------------------------------------

/// Inserts `count` bytes at the end of `section`'s payload and moves every
/// later next-section offset, so only that section fails the end check.
std::vector<uint8_t> GrowSection(std::vector<uint8_t> file, const std::string &section, size_t count) {
    const auto sections = w::SectionOffsets(file);
    size_t insertAt = std::string::npos;
    for (const auto &s : sections) {
        const size_t field = s.second + 2 + s.first.size();
        int32_t next;
        std::memcpy(&next, &file[field], 4);
        if (insertAt == std::string::npos && s.first == section) {
            insertAt = next < 0 ? file.size() : size_t(next);
        }
    }
    EXPECT_NE(insertAt, std::string::npos);
    for (const auto &s : sections) {
        const size_t field = s.second + 2 + s.first.size();
        int32_t next;
        std::memcpy(&next, &file[field], 4);
        if (next >= 0 && size_t(next) >= insertAt) {
            next += int32_t(count);
            std::memcpy(&file[field], &next, 4);
        }
    }
    file.insert(file.begin() + insertAt, count, 0);
    return file;
}

TEST(AbcLt2Hostile, SectionNotEndingAtOffsetIsRejectedWithItsName) {
    for (uint32_t version : {9u, 12u, 13u, 108u}) {
        const std::vector<uint8_t> good = w::Write(w::MakeTestModel(version, 2));
        for (const char *section : {"Header", "Pieces", "Nodes", "ChildModels", "Animation", "Sockets", "AnimBindings"}) {
            SCOPED_TRACE(std::string(section) + " v" + std::to_string(version));
            Assimp::Importer importer;
            const aiScene *scene = ImportV9Bytes(importer, GrowSection(good, section, 3), "grown.abc");
            EXPECT_EQ(scene, nullptr);
            const std::string error = importer.GetErrorString();
            EXPECT_NE(error.find(std::string("section '") + section + "'"), std::string::npos) << error;
            EXPECT_NE(error.find("does not end at its next-section offset"), std::string::npos) << error;
        }
    }
}

TEST(AbcLt2Hostile, TruncatedFilesFailClearly) {
    const std::vector<uint8_t> good = w::Write(w::MakeTestModel(13, 2));
    const std::string path = retro_test::OutputPath("AbcLt2/truncated.abc");
    for (size_t size = 0; size < good.size(); size += (size < 300 ? 1 : 37)) {
        retro_test::WriteFile(path, std::vector<uint8_t>(good.begin(), good.begin() + size));
        Assimp::Importer importer;
        assimp_retro::UnregisterBuiltIn(importer);
        importer.RegisterLoader(new Lt2TestImporter());
        const aiScene *scene = importer.ReadFile(path, aiProcess_ValidateDataStructure);
        EXPECT_EQ(scene, nullptr) << "size " << size;
        EXPECT_FALSE(std::string(importer.GetErrorString()).empty());
    }
    // direct call: a clear ImportError, never a crash
    const std::vector<uint8_t> cut(good.begin(), good.begin() + good.size() / 2);
    try {
        assimp_retro::abc::lt2::ReadModel(cut.data(), cut.size(), "cut.abc");
        FAIL() << "a truncated file was accepted";
    } catch (const assimp_retro::ImportError &e) {
        EXPECT_NE(std::string(e.what()).find("ABC: cut.abc: "), std::string::npos) << e.what();
        EXPECT_NE(std::string(e.what()).find("truncated or corrupt"), std::string::npos) << e.what();
    }
}

TEST(AbcLt2Hostile, CorruptedFilesNeverCrash) {
    const std::vector<uint8_t> good = w::Write(w::MakeTestModel(12, 2));
    uint32_t seed = 12345;
    auto next = [&seed]() { return seed = seed * 1103515245u + 12345u; };
    size_t failures = 0;
    for (int round = 0; round < 400; ++round) {
        std::vector<uint8_t> bad = good;
        const int edits = 1 + int(next() % 4);
        for (int e = 0; e < edits; ++e) {
            const size_t at = next() % bad.size();
            static const uint8_t values[] = {0x00, 0xff, 0x7f, 0x80, 0x01};
            bad[at] = (next() & 1) ? values[next() % 5] : uint8_t(bad[at] ^ (1u << (next() % 8)));
        }
        try {
            aiScene scene;
            assimp_retro::abc::ImportLt2(bad.data(), bad.size(), "corrupt.abc", nullptr, assimp_retro::abc::Lt2ImportSettings(), &scene);
        } catch (const assimp_retro::ImportError &) {
            ++failures;
        }
    }
    EXPECT_GT(failures, 0u);
}

TEST(AbcLt2Hostile, BadStructureMessages) {
    w::Model model = w::MakeTestModel(12, 1);
    // a node claiming more children than exist
    w::Model broken = model;
    broken.nodes.back().parent = 99; // writer counts children per parent: node 5 lost, node 1 has fewer
    std::vector<uint8_t> bytes = w::Write(broken);
    Assimp::Importer importer;
    EXPECT_EQ(ImportV9Bytes(importer, bytes, "orphan.abc"), nullptr);
    EXPECT_NE(std::string(importer.GetErrorString()).find("has no parent"), std::string::npos) << importer.GetErrorString();

    // weight referencing a node that does not exist
    w::Model badWeight = model;
    badWeight.pieces[0].lods[0].vertices[0].weights[0].node = 42;
    Assimp::Importer importer2;
    EXPECT_EQ(ImportV9Bytes(importer2, w::Write(badWeight), "badweight.abc"), nullptr);
    EXPECT_NE(std::string(importer2.GetErrorString()).find("node index 42"), std::string::npos) << importer2.GetErrorString();

    // unknown version
    std::vector<uint8_t> v = w::Write(model);
    v[12] = 14;
    Assimp::Importer importer3;
    assimp_retro::UnregisterBuiltIn(importer3);
    importer3.RegisterLoader(new Lt2TestImporter());
    const std::string path = retro_test::OutputPath("AbcLt2/v14.abc");
    retro_test::WriteFile(path, v);
    EXPECT_EQ(importer3.ReadFile(path, 0), nullptr);
}

TEST(AbcLt2Hostile, AbsurdlyDeepNodeTreeIsRejected) {
    w::Model chain;
    chain.version = 12;
    for (int i = 0; i < 1100; ++i) {
        w::Node n;
        n.name = "n" + std::to_string(i);
        n.parent = i - 1;
        n.bind = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};
        chain.nodes.push_back(n);
    }
    Assimp::Importer importer;
    EXPECT_EQ(ImportV9Bytes(importer, w::Write(chain), "deep.abc"), nullptr);
    EXPECT_NE(std::string(importer.GetErrorString()).find("deeper than 1024 levels"), std::string::npos) << importer.GetErrorString();
}

TEST(AbcLt2, AnimationOnlyFileIsIncomplete) {
    Assimp::Importer importer;
    const aiScene *scene = ImportV9Bytes(importer, w::Write(w::MakeAnimationModel(12, "run")), "animonly.abc");
    ASSERT_NE(scene, nullptr) << importer.GetErrorString();
    EXPECT_EQ(scene->mNumMeshes, 0u);
    EXPECT_TRUE(scene->mFlags & AI_SCENE_FLAGS_INCOMPLETE);
    ASSERT_EQ(scene->mNumAnimations, 1u);
    const std::string glb = ExportGlb(scene, "animonly.glb");
    retro_test::ExpectValidGltf(glb);
}

// ---- child models ------------------------------------------------------------------

TEST(AbcLt2ChildModels, AnimationsComeFromFilesNextToTheModel) {
    const std::string dir = retro_test::OutputPath("AbcLt2/children/x");
    const std::string folder = dir.substr(0, dir.size() - 1);
    // Main -> "Models\\Shared.abc" (present), "Missing" (absent); Shared -> Main (a cycle) and Deeper.
    retro_test::WriteFile(folder + "Main.abc", w::Write(w::MakeTestModel(12, 1, {"Models\\Shared.abc", "Missing"})));
    retro_test::WriteFile(folder + "Shared.abc", w::Write(w::MakeAnimationModel(12, "run", {"Main", "deeper"})));
    retro_test::WriteFile(folder + "deeper.abc", w::Write(w::MakeAnimationModel(13, "crawl", {"Shared"})));

    {
        Assimp::Importer importer;
        const aiScene *scene = ImportV9File(importer, folder + "Main.abc");
        ASSERT_NE(scene, nullptr) << importer.GetErrorString();
        ASSERT_EQ(scene->mNumAnimations, 4u);
        EXPECT_STREQ(scene->mAnimations[2]->mName.C_Str(), "run");
        EXPECT_STREQ(scene->mAnimations[3]->mName.C_Str(), "crawl");
        // the child's keys land on this skeleton's nodes by name
        const w::Model shared = w::MakeAnimationModel(12, "run", {"Main", "deeper"});
        const aiAnimation *run = scene->mAnimations[2];
        ASSERT_EQ(run->mNumChannels, shared.nodes.size());
        for (unsigned c = 0; c < run->mNumChannels; ++c) {
            const aiNodeAnim *ch = run->mChannels[c];
            EXPECT_STREQ(ch->mNodeName.C_Str(), shared.nodes[c].name.c_str());
            if (!(shared.nodes[c].flags & 2)) {
                const w::V3 &p = shared.animations[0].tracks[c][1].pos;
                EXPECT_EQ(ch->mPositionKeys[1].mValue, aiVector3D(-p.x, p.y, p.z));
            }
        }
        aiString source;
        EXPECT_TRUE(scene->mMetaData->Get("abc:anim2.source", source));
        EXPECT_NE(std::string(source.C_Str()).find("Shared.abc"), std::string::npos);
        const std::string glb = ExportGlb(scene, "children.glb");
        retro_test::ExpectValidGltf(glb);
    }
    {
        Assimp::Importer importer;
        importer.SetPropertyBool(AI_CONFIG_IMPORT_ABC_CHILD_MODELS, false);
        const aiScene *scene = ImportV9File(importer, folder + "Main.abc");
        ASSERT_NE(scene, nullptr) << importer.GetErrorString();
        EXPECT_EQ(scene->mNumAnimations, 2u);
    }
}

} // namespace
