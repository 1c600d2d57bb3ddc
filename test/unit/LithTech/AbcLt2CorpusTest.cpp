// ABC v12 files written by io_scene_lithtech (../shared/corpus/abc-v12): counts
// from STATS.tsv, and the same node tree, bind pose and mesh as the v6
// importer makes of the KISS Psycho Circus models they were converted from.
#include "AbcLt2TestHelpers.h"
#include "AbcTestHelpers.h"

#include "AssetLib/LithTech/AbcLt2Reader.h"

#include <assimp_retro/assimp_retro.h>

#include <cmath>
#include <fstream>
#include <sstream>

using namespace abcv9_test;

namespace {

struct StatsRow {
    std::string file;
    unsigned version, nodes, pieces, lods, lod0Tris, lod0Verts, animations, sockets;
    std::vector<unsigned> keyframes;
};

std::vector<StatsRow> ReadStats() {
    std::vector<StatsRow> rows;
    const std::string path = retro_test::CorpusPath("abc-v12/STATS.tsv");
    if (path.empty()) {
        return rows;
    }
    std::ifstream in(path);
    std::string line;
    std::getline(in, line); // header
    while (std::getline(in, line)) {
        if (line.empty()) continue;
        std::istringstream fields(line);
        StatsRow r;
        std::string keyframes;
        fields >> r.file >> r.version >> r.nodes >> r.pieces >> r.lods >> r.lod0Tris >> r.lod0Verts >> r.animations >> keyframes >> r.sockets;
        std::istringstream list(keyframes);
        std::string item;
        while (std::getline(list, item, ',')) r.keyframes.push_back(unsigned(std::stoul(item)));
        rows.push_back(r);
    }
    return rows;
}

TEST(AbcLt2Corpus, V12FilesMatchStats) {
    const std::vector<StatsRow> rows = ReadStats();
    ASSERT_EQ(rows.size(), 2u);
    for (const StatsRow &row : rows) {
        SCOPED_TRACE(row.file);
        const std::string path = retro_test::CorpusPath("abc-v12/" + row.file);
        const std::vector<uint8_t> bytes = retro_test::ReadFile(path);
        // the reader: every section ends at its offset, with the documented layouts
        const auto model = assimp_retro::abc::lt2::ReadModel(bytes.data(), bytes.size(), row.file);
        EXPECT_EQ(model.header.version, row.version);
        EXPECT_EQ(model.nodes.size(), row.nodes);
        ASSERT_EQ(model.pieces.size(), row.pieces);
        EXPECT_EQ(model.header.lodCount, row.lods);
        EXPECT_EQ(model.pieces[0].lods[0].faces.size(), row.lod0Tris);
        EXPECT_EQ(model.pieces[0].lods[0].vertices.size(), row.lod0Verts);
        ASSERT_EQ(model.animations.size(), row.animations);
        for (size_t a = 0; a < model.animations.size(); ++a) {
            EXPECT_EQ(model.animations[a].keyframes.size(), row.keyframes.at(a));
        }
        EXPECT_EQ(model.sockets.size(), row.sockets);
        EXPECT_EQ(model.layout.lodDistances, "LODDistanceCount");
        EXPECT_EQ(model.layout.pieceLodWeight, "yes");
        EXPECT_EQ(model.layout.childModelRelation, "28 bytes");
        EXPECT_EQ(model.layout.animBindings, "one list per child model");

        // the scene, through the registered ABC importer
        Assimp::Importer importer;
        const aiScene *scene = retro_test::Import(importer, path, aiProcess_LimitBoneWeights);
        ASSERT_NE(scene, nullptr) << importer.GetErrorString();
        EXPECT_EQ(scene->mNumMeshes, row.pieces);
        EXPECT_EQ(scene->mMeshes[0]->mNumFaces, row.lod0Tris);
        EXPECT_EQ(scene->mNumAnimations, row.animations);
        for (unsigned a = 0; a < scene->mNumAnimations; ++a) {
            EXPECT_EQ(abc_test::SceneKeyframes(*scene, a).size(), row.keyframes.at(a));
        }
        for (const auto &n : model.nodes) {
            EXPECT_NE(FindNode(scene, n.name), nullptr) << n.name;
        }
        for (const auto &s : model.sockets) {
            EXPECT_NE(FindNode(scene, s.name), nullptr) << s.name;
        }
        const std::string glb = ExportGlb(scene, row.file + ".glb");
        retro_test::ExpectValidGltf(glb);
    }
}

/// Positions, normals and UVs of a mesh's triangles, corner by corner.
struct Corner {
    aiVector3D pos, normal, uv;
};
using Triangle = std::array<Corner, 3>;

std::vector<Triangle> Triangles(const aiMesh *mesh) {
    std::vector<Triangle> out;
    for (unsigned f = 0; f < mesh->mNumFaces; ++f) {
        Triangle t;
        for (unsigned k = 0; k < 3; ++k) {
            const unsigned i = mesh->mFaces[f].mIndices[k];
            t[k].pos = mesh->mVertices[i];
            t[k].normal = mesh->HasNormals() ? mesh->mNormals[i] : aiVector3D();
            t[k].uv = mesh->HasTextureCoords(0) ? mesh->mTextureCoords[0][i] : aiVector3D();
        }
        out.push_back(t);
    }
    return out;
}

bool Near(const aiVector3D &a, const aiVector3D &b, float tolerance) {
    return std::fabs(a.x - b.x) <= tolerance && std::fabs(a.y - b.y) <= tolerance && std::fabs(a.z - b.z) <= tolerance;
}

/// Same corners in the same cyclic order (so the same winding).
bool SameTriangle(const Triangle &a, const Triangle &b, float tolerance) {
    for (int shift = 0; shift < 3; ++shift) {
        bool all = true;
        for (int k = 0; k < 3 && all; ++k) {
            const Corner &x = a[k], &y = b[(k + shift) % 3];
            all = Near(x.pos, y.pos, tolerance) && Near(x.uv, y.uv, 1e-4f) && Near(x.normal, y.normal, 0.02f);
        }
        if (all) return true;
    }
    return false;
}

void CompareWithV6(const std::string &v12File, const std::string &v6File) {
    SCOPED_TRACE(v12File + " vs " + v6File);
    const std::string v12Path = retro_test::CorpusPath("abc-v12/" + v12File);
    const std::string v6Path = retro_test::CorpusPath("abc/" + v6File);
    Assimp::Importer i12, i6;
    const aiScene *s12 = retro_test::Import(i12, v12Path);
    const aiScene *s6 = retro_test::Import(i6, v6Path);
    ASSERT_NE(s12, nullptr) << i12.GetErrorString();
    ASSERT_NE(s6, nullptr) << i6.GetErrorString();
    const std::vector<uint8_t> bytes = retro_test::ReadFile(v12Path);
    const auto model = assimp_retro::abc::lt2::ReadModel(bytes.data(), bytes.size(), v12File);

    // node tree and bind pose
    EXPECT_STREQ(s12->mRootNode->mName.C_Str(), s6->mRootNode->mName.C_Str());
    for (const auto &n : model.nodes) {
        const aiNode *a = FindNode(s12, n.name);
        const aiNode *b = FindNode(s6, n.name);
        ASSERT_NE(a, nullptr) << n.name;
        ASSERT_NE(b, nullptr) << n.name << " is missing in the v6 import";
        EXPECT_STREQ(a->mParent->mName.C_Str(), b->mParent->mName.C_Str()) << n.name;
        ExpectMatrixNear(GlobalTransform(a), GlobalTransform(b), 1e-4f, "global bind of " + n.name);
    }
    // mesh: the same triangles (positions, winding, UVs), and bone offsets
    ASSERT_GE(s6->mNumMeshes, 1u);
    ASSERT_EQ(s12->mNumMeshes, 1u);
    const aiMesh *m12 = s12->mMeshes[0];
    const aiMesh *m6 = s6->mMeshes[0];
    ASSERT_EQ(m12->mNumFaces, m6->mNumFaces);
    const std::vector<Triangle> t12 = Triangles(m12), t6 = Triangles(m6);
    std::vector<bool> used(t6.size(), false);
    size_t unmatched = 0;
    for (const Triangle &t : t12) {
        bool found = false;
        for (size_t j = 0; j < t6.size() && !found; ++j) {
            if (!used[j] && SameTriangle(t, t6[j], 1e-3f)) {
                used[j] = found = true;
            }
        }
        unmatched += found ? 0 : 1;
    }
    EXPECT_EQ(unmatched, 0u) << "of " << t12.size() << " triangles";
    for (unsigned b = 0; b < m12->mNumBones; ++b) {
        const aiBone *bone = m12->mBones[b];
        for (unsigned c = 0; c < m6->mNumBones; ++c) {
            if (m6->mBones[c]->mName == bone->mName) {
                ExpectMatrixNear(bone->mOffsetMatrix, m6->mBones[c]->mOffsetMatrix, 1e-4f, std::string("offset of ") + bone->mName.C_Str());
            }
        }
    }
}

TEST(AbcLt2Corpus, AcidballV12EqualsV6Import) {
    CompareWithV6("CREATURES__ACIDBALL_v12.abc", "CREATURES__ACIDBALL.ABC");
}

TEST(AbcLt2Corpus, TiberiusV12EqualsV6Import) {
    CompareWithV6("CREATURES__TIBERIUS_v12.abc", "CREATURES__TIBERIUS.ABC");
}

} // namespace
