// The real CrossFire LTB files in ../shared/corpus/ltb against STATS.tsv (the
// values io_scene_lithtech's reader gives): nodes, pieces, LOD-0 triangles and
// vertices, animations (first name, keys, last key time), sockets and the
// LOD-0 bounding box in file units; and each one converted to GLB by the tool
// with no validator error or warning.
#include "LtbTestHelpers.h"

#include "AssetLib/LithTech/LtbReader.h"
#include "AbcTestHelpers.h"

#include "AssetLib/LithTech/AbcMetadataKeys.h"

#include <assimp_retro/config.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <cfloat>
#include <fstream>
#include <sstream>

namespace {

struct StatsRow {
    std::string file;
    unsigned modelVersion = 0, nodes = 0, pieces = 0, triangles = 0, vertices = 0, animations = 0;
    std::string firstAnimation;
    unsigned firstKeys = 0;
    double lastKeyMs = 0;
    unsigned sockets = 0;
    std::vector<std::string> socketNames;
    aiVector3D bboxMin, bboxMax;
};

std::vector<std::string> Split(const std::string &line, char separator) {
    std::vector<std::string> fields;
    std::string field;
    std::istringstream in(line);
    while (std::getline(in, field, separator)) {
        fields.push_back(field);
    }
    if (!line.empty() && line.back() == separator) {
        fields.emplace_back();
    }
    return fields;
}

aiVector3D ParseVector(const std::string &text) {
    std::istringstream in(text);
    aiVector3D v;
    in >> v.x >> v.y >> v.z;
    return v;
}

std::vector<StatsRow> ReadStats() {
    std::vector<StatsRow> rows;
    const std::string path = retro_test::CorpusPath("ltb/STATS.tsv");
    if (path.empty()) {
        return rows;
    }
    std::ifstream in(path);
    std::string line;
    std::getline(in, line); // the column names
    while (std::getline(in, line)) {
        const std::vector<std::string> f = Split(line, '\t');
        if (f.size() < 14) {
            continue;
        }
        StatsRow r;
        r.file = f[0];
        r.modelVersion = std::stoul(f[1]);
        r.nodes = std::stoul(f[2]);
        r.pieces = std::stoul(f[3]);
        r.triangles = std::stoul(f[4]);
        r.vertices = std::stoul(f[5]);
        r.animations = std::stoul(f[6]);
        r.firstAnimation = f[7];
        r.firstKeys = std::stoul(f[8]);
        r.lastKeyMs = f[9].empty() ? 0 : std::stod(f[9]);
        r.sockets = std::stoul(f[10]);
        r.socketNames = f[11].empty() ? std::vector<std::string>() : Split(f[11], ';');
        r.bboxMin = ParseVector(f[12]);
        r.bboxMax = ParseVector(f[13]);
        rows.push_back(r);
    }
    return rows;
}

/// The bounding box of every mesh at its node's place, in file space: the
/// mirror in X undone, and the half turn about Y that every model but a
/// player-view one gets (`turned`); the test helpers keep file units.
void FileBox(const aiScene &scene, const aiNode &node, const aiMatrix4x4 &parent, bool turned, aiVector3D &lo,
        aiVector3D &hi) {
    const aiMatrix4x4 global = parent * node.mTransformation;
    for (unsigned m = 0; m < node.mNumMeshes; ++m) {
        const aiMesh &mesh = *scene.mMeshes[node.mMeshes[m]];
        for (unsigned v = 0; v < mesh.mNumVertices; ++v) {
            aiVector3D p = global * mesh.mVertices[v];
            if (turned) {
                p.z = -p.z; // the mirror in X, then the half turn about Y: z negated
            } else {
                p.x = -p.x; // the mirror in X
            }
            lo.x = std::min(lo.x, p.x), lo.y = std::min(lo.y, p.y), lo.z = std::min(lo.z, p.z);
            hi.x = std::max(hi.x, p.x), hi.y = std::max(hi.y, p.y), hi.z = std::max(hi.z, p.z);
        }
    }
    for (unsigned c = 0; c < node.mNumChildren; ++c) {
        FileBox(scene, *node.mChildren[c], global, turned, lo, hi);
    }
}

void ExpectNear(const aiVector3D &a, const aiVector3D &b, const std::string &what) {
    EXPECT_NEAR(a.x, b.x, 2e-3) << what;
    EXPECT_NEAR(a.y, b.y, 2e-3) << what;
    EXPECT_NEAR(a.z, b.z, 2e-3) << what;
}

/// The local transform of `node` at the first keys of `animation` (its own
/// transform where the animation has no channel for it).
aiMatrix4x4 LocalAtFirstKeys(const aiNode &node, const aiAnimation *animation) {
    for (unsigned c = 0; animation && c < animation->mNumChannels; ++c) {
        const aiNodeAnim &channel = *animation->mChannels[c];
        if (channel.mNodeName != node.mName) {
            continue;
        }
        const aiVector3D scaling = channel.mNumScalingKeys ? channel.mScalingKeys[0].mValue : aiVector3D(1, 1, 1);
        const aiVector3D position = channel.mNumPositionKeys ? channel.mPositionKeys[0].mValue : aiVector3D();
        const aiQuaternion rotation = channel.mNumRotationKeys ? channel.mRotationKeys[0].mValue : aiQuaternion();
        return aiMatrix4x4(scaling, rotation, position);
    }
    return node.mTransformation;
}

/// Where the node named `name` is in the scene at the first keys of
/// `animation` (nullptr: the bind pose).
aiVector3D PlaceAtFirstKeys(const aiScene &scene, const std::string &name, const aiAnimation *animation) {
    const aiNode *node = ltb_test::FindNode(scene, name);
    EXPECT_NE(node, nullptr) << name;
    aiMatrix4x4 global;
    for (; node; node = node->mParent) {
        global = LocalAtFirstKeys(*node, animation) * global;
    }
    return global * aiVector3D();
}

/// The scene's animations that come from the file itself, in order: those
/// without a child model as their source (`abc:anim<i>.source`). A body with
/// its motion library beside it has the library's as well.
std::vector<const aiAnimation *> OwnAnimations(const aiScene &scene) {
    std::vector<const aiAnimation *> own;
    for (unsigned a = 0; a < scene.mNumAnimations; ++a) {
        std::string source;
        if (!assimp_retro::Get(scene.mMetaData, assimp_retro::abc::keys::Anim(a).source, source)) {
            own.push_back(scene.mAnimations[a]);
        }
    }
    return own;
}

} // namespace

TEST(LtbCorpus, EveryFileMatchesStats) {
    const std::vector<StatsRow> rows = ReadStats();
    if (rows.empty()) {
        return; // CorpusPath said why
    }
    EXPECT_EQ(rows.size(), 5u);
    unsigned libraryAnimations = 0; // M-MOTION_BLUE's, which the body names as its child model
    for (const StatsRow &row : rows) {
        if (row.file == "M-MOTION_BLUE.LTB") {
            libraryAnimations = row.animations;
        }
    }
    EXPECT_EQ(libraryAnimations, 2282u);
    for (const StatsRow &row : rows) {
        SCOPED_TRACE(row.file);
        const std::string path = retro_test::CorpusPath("ltb/" + row.file);
        ASSERT_FALSE(path.empty());
        // The format model: what the file holds.
        const std::vector<uint8_t> bytes = retro_test::ReadFile(path);
        const assimp_retro::ltb::Model model = assimp_retro::ltb::ReadModel(bytes.data(), bytes.size(), row.file);
        EXPECT_EQ(model.header.modelVersion, row.modelVersion);
        EXPECT_EQ(model.nodes.size(), row.nodes);
        EXPECT_EQ(model.pieces.size(), row.pieces);
        size_t vertices = 0;
        for (const auto &piece : model.pieces) {
            vertices += piece.lods.empty() ? 0 : piece.lods[0].vertices.size();
        }
        EXPECT_EQ(vertices, row.vertices);
        ASSERT_EQ(model.sockets.size(), row.sockets);
        for (size_t i = 0; i < row.socketNames.size(); ++i) {
            EXPECT_EQ(model.sockets[i].name, row.socketNames[i]);
        }
        // STATS.tsv counts the file's own animations, and the keyframes of
        // the first one from its keyframe list (not from one node's keys).
        ASSERT_EQ(model.animations.size(), row.animations);
        if (row.animations > 0) {
            EXPECT_EQ(model.animations[0].name, row.firstAnimation);
            EXPECT_EQ(model.animations[0].keyframes.size(), row.firstKeys);
            EXPECT_DOUBLE_EQ(model.animations[0].keyframes.back().timeMs, row.lastKeyMs);
        }
        // The scene, through the importer.
        Assimp::Importer importer;
        const aiScene *scene = retro_test::Import(importer, path);
        ASSERT_NE(scene, nullptr) << importer.GetErrorString();
        unsigned triangles = 0;
        for (unsigned m = 0; m < scene->mNumMeshes; ++m) {
            triangles += scene->mMeshes[m]->mNumFaces;
        }
        EXPECT_EQ(triangles, row.triangles);
        for (const std::string &socket : row.socketNames) {
            EXPECT_NE(ltb_test::FindNode(*scene, socket), nullptr) << socket;
        }
        // The scene holds the file's own animations first, then those of
        // its child models found beside it: the body's motion library.
        const std::vector<const aiAnimation *> own = OwnAnimations(*scene);
        ASSERT_EQ(own.size(), row.animations);
        const bool namesLibrary = std::find(model.childModels.begin(), model.childModels.end(),
                                          "M-motion_blue.ltb") != model.childModels.end();
        EXPECT_EQ(scene->mNumAnimations, row.animations + (namesLibrary ? libraryAnimations : 0u));
        if (row.animations > 0) {
            const aiAnimation &first = *own[0];
            EXPECT_EQ(std::string(first.mName.C_Str()), row.firstAnimation);
            EXPECT_DOUBLE_EQ(first.mDuration, row.lastKeyMs);
            // The scene's keyframe list, which its channels' keys need not match.
            const unsigned index = unsigned(std::find(scene->mAnimations, scene->mAnimations + scene->mNumAnimations,
                                                    own[0]) - scene->mAnimations);
            const std::vector<uint32_t> keyframes = abc_test::SceneKeyframes(*scene, index);
            ASSERT_EQ(keyframes.size(), row.firstKeys);
            EXPECT_EQ(keyframes.back(), row.lastKeyMs);
        }
        aiVector3D lo(FLT_MAX, FLT_MAX, FLT_MAX), hi(-FLT_MAX, -FLT_MAX, -FLT_MAX);
        // The corpus's two player-view models are named PV-...: not turned.
        const bool turned = row.file.compare(0, 3, "PV-") != 0;
        FileBox(*scene, *scene->mRootNode, aiMatrix4x4(), turned, lo, hi);
        ExpectNear(lo, row.bboxMin, "LOD-0 bounding box minimum");
        ExpectNear(hi, row.bboxMax, "LOD-0 bounding box maximum");
    }
}

TEST(LtbCorpus, EveryFileConvertsToAValidGlb) {
    const std::vector<StatsRow> rows = ReadStats();
    if (rows.empty()) {
        return;
    }
    const std::string tool = retro_test::ToolPath();
    ASSERT_FALSE(tool.empty()) << "assimp-retro was not built";
    for (const StatsRow &row : rows) {
        const std::string path = retro_test::CorpusPath("ltb/" + row.file);
        const std::string glb = retro_test::OutputPath("LtbCorpus/" + row.file + ".glb");
        std::string log;
        const int status = retro_test::RunCommand(
                retro_test::ShellQuote(tool) + " export " + retro_test::ShellQuote(path) + " " + retro_test::ShellQuote(glb), &log);
        ASSERT_EQ(status, 0) << row.file << ": " << log;
#if defined(_WIN32)
        // The validator is a Node.js program of the Linux side: listed, and
        // validated there after ctest (docs/windows.md).
        retro_test::ExpectValidGltf(glb);
#else
        const retro_test::GltfValidation result = retro_test::ValidateGltf(glb);
        ASSERT_TRUE(result.ran) << result.report;
        EXPECT_EQ(result.errors, 0) << row.file << "\n" << result.report;
        EXPECT_EQ(result.warnings, 0) << row.file << "\n" << result.report;
#endif
    }
}

TEST(LtbCorpus, TheBatchConvertsTheFolderWithTwoJobs) {
    const std::string folder = retro_test::CorpusPath("ltb");
    if (folder.empty()) {
        return;
    }
    const std::string tool = retro_test::ToolPath();
    ASSERT_FALSE(tool.empty()) << "assimp-retro was not built";
    const std::string out = retro_test::OutputPath("LtbBatch/out");
    std::string log;
    const int status = retro_test::RunCommand(retro_test::ShellQuote(tool) + " export --recursive " + retro_test::ShellQuote(folder) +
                                                      " " + retro_test::ShellQuote(out) + " -f glb -j 2",
            &log);
    EXPECT_EQ(status, 0) << log;
    EXPECT_NE(log.find("5 converted, 0 failed"), std::string::npos) << log;
#if !defined(__SANITIZE_ADDRESS__) && !defined(_WIN32) // the normal Linux build only: 5 more conversions
    // Issue 42: the batch's workers give the same bytes as the tool on one
    // file (the body with its motion library beside it included).
    for (const char *name : {"FoxHowl_Teacher_BODY_GR", "M-MOTION_BLUE", "PV-KACChainSAW_RedBandag_Gn_decompress",
                 "PV-M4A1", "Yun_WAIST_GR"}) {
        SCOPED_TRACE(name);
        const std::string single = retro_test::OutputPath(std::string("LtbBatch/single-") + name + ".glb");
        ASSERT_EQ(retro_test::RunCommand(retro_test::ShellQuote(tool) + " export " +
                                  retro_test::ShellQuote(folder + "/" + name + ".LTB") + " " +
                                  retro_test::ShellQuote(single),
                          &log),
                0)
                << log;
        const std::vector<uint8_t> bytes = retro_test::ReadFile(single);
        ASSERT_GT(bytes.size(), 1000u);
        EXPECT_TRUE(bytes == retro_test::ReadFile(out + "/" + name + ".glb")) << "the -j 2 batch and the tool differ";
    }
#endif
}

// As the game shows them, every corpus model faces +Z (glTF's front) by
// default: the player-view weapons, drawn in the camera's space, point their
// muzzle (the gunfire socket) away from the hand that holds them along +Z
// in their idle pose; the body's eyewear socket is in front of its backpack.
TEST(LtbCorpus, EveryModelFacesPlusZByDefault) {
    for (const char *file : {"PV-M4A1.LTB", "PV-KACChainSAW_RedBandag_Gn_decompress.LTB"}) {
        SCOPED_TRACE(file);
        const std::string path = retro_test::CorpusPath(std::string("ltb/") + file);
        if (path.empty()) {
            return; // CorpusPath said why
        }
        Assimp::Importer importer;
        const aiScene *scene = retro_test::Import(importer, path);
        ASSERT_NE(scene, nullptr) << importer.GetErrorString();
        ASSERT_GT(scene->mNumAnimations, 0u);
        const aiAnimation *idle = scene->mAnimations[0];
        ASSERT_EQ(std::string(idle->mName.C_Str()), "idle_0");
        const aiVector3D muzzle = PlaceAtFirstKeys(*scene, "gunfire", idle);
        const aiVector3D hand = PlaceAtFirstKeys(*scene, "FvARM-bone R Hand", idle);
        EXPECT_GT(muzzle.z - hand.z, 5.f) << "muzzle z " << muzzle.z << ", hand z " << hand.z;
        EXPECT_GT(muzzle.z, 0.f) << "in front of the camera";
    }
    const std::string body = retro_test::CorpusPath("ltb/FoxHowl_Teacher_BODY_GR.LTB");
    ASSERT_FALSE(body.empty());
    Assimp::Importer importer;
    const aiScene *scene = retro_test::Import(importer, body);
    ASSERT_NE(scene, nullptr) << importer.GetErrorString();
    const aiVector3D eyewear = PlaceAtFirstKeys(*scene, "eyewear", nullptr);
    const aiVector3D backpack = PlaceAtFirstKeys(*scene, "Backpack", nullptr);
    EXPECT_GT(eyewear.z - backpack.z, 5.f) << "eyewear z " << eyewear.z << ", backpack z " << backpack.z;
}
