// The Blender add-on (integrations/blender) with an LTB whose vertex-animated
// piece has a LOD 1 (the project's writer: MultiLodVertexAnimationModel),
// imported with every LOD: Blender's glTF importer splits the piece's node
// and its own LOD holder `<piece>_LOD<n>` into an empty and a mesh object,
// which the add-on joins again, so each is one mesh object like the rigid
// piece and the LOD holder `LOD1_dist_50` (tools/blender/check_lod_holders.py
// checks the objects in Blender 3.4). Its export (abc12) then holds two
// pieces with a LOD 1 each, read back here, and the node `arm`, which no
// vertex weighs but an animation moves (a bone of the armature in Blender,
// like every animated node), with its socket `gunfire` in its place.
// Skipped, with the reason, where Blender is not installed.
#include "LtbTestHelpers.h"

#include "AssetLib/LithTech/AbcMetadataKeys.h"

#include <assimp_retro/config.h>

#include <gtest/gtest.h>

#include <filesystem>
#include <string>

namespace {

using ltb_test::FindMesh;
using ltb_test::FindNode;

std::string Quote(const std::string &s) {
    return retro_test::ShellQuote(s);
}

/// The node holding the mesh named `mesh` (nullptr if none).
const aiNode *HolderOf(const aiScene &scene, const aiNode &node, const std::string &mesh) {
    for (unsigned i = 0; i < node.mNumMeshes; ++i) {
        if (mesh == scene.mMeshes[node.mMeshes[i]]->mName.C_Str()) return &node;
    }
    for (unsigned c = 0; c < node.mNumChildren; ++c) {
        if (const aiNode *found = HolderOf(scene, *node.mChildren[c], mesh)) return found;
    }
    return nullptr;
}

/// The LOD level of the node holding `mesh` (abc:lod; 0 where the node has none).
int LodOf(const aiScene &scene, const std::string &mesh) {
    const aiNode *holder = HolderOf(scene, *scene.mRootNode, mesh);
    int32_t lod = 0;
    if (holder && holder->mMetaData) holder->mMetaData->Get(assimp_retro::abc::keys::kLod.name, lod);
    return holder ? lod : -1;
}

TEST(BlenderAddonLtb, AVertexAnimatedPiecesLodHolderIsOneObjectLikeTheOtherLods) {
    std::string output;
    if (retro_test::RunCommand("command -v blender", &output) != 0) {
        retro_test::EndTestUnavailable(
                "Blender is not installed (the add-on runs in it)\n"
                "tools/install_deps.sh --judges installs it, as the full tools/run_tests.sh does",
                "ASSIMP_RETRO_REQUIRE_JUDGES");
    }
    const std::string tool = retro_test::ToolPath();
    ASSERT_FALSE(tool.empty()) << "the assimp-retro tool was not built";
    const std::string ltb = retro_test::OutputPath("BlenderAddonLtb/va_lods.ltb");
    const std::string abc = retro_test::OutputPath("BlenderAddonLtb/va_lods.abc");
    retro_test::WriteFile(ltb,
            retro_test::ltb_writer::WriteLtb(retro_test::ltb_writer::MultiLodVertexAnimationModel()));
    const std::string source = ASSIMP_RETRO_SOURCE_DIR;
    const std::string toolDir = std::filesystem::path(tool).parent_path().string();
    const int status =
            retro_test::RunCommand("PATH=" + Quote(toolDir) + ":\"$PATH\" blender -b --factory-startup --python " +
                            Quote(source + "/tools/blender/check_lod_holders.py") + " -- --addon " +
                            Quote(source + "/integrations/blender") + " --ltb " + Quote(ltb) + " --abc " + Quote(abc),
                    &output);
    EXPECT_EQ(status, 0) << output;
    EXPECT_NE(output.find("RESULT"), std::string::npos) << output;
    EXPECT_NE(output.find(" 0 failure(s)"), std::string::npos) << output;

    // The export: both pieces, each with its LOD 1, and no node made of the
    // empties the glTF importer left.
    Assimp::Importer original, importer;
    original.SetPropertyBool(AI_CONFIG_IMPORT_ABC_ALL_LODS, true);
    const aiScene *before = ltb_test::ImportLtb(original, retro_test::ReadFile(ltb));
    ASSERT_NE(before, nullptr) << original.GetErrorString();
    importer.SetPropertyBool(AI_CONFIG_IMPORT_ABC_ALL_LODS, true);
    const aiScene *scene = retro_test::Import(importer, abc);
    ASSERT_NE(scene, nullptr) << importer.GetErrorString() << "\n" << output;
    const struct {
        const char *mesh;
        int lod;
    } expected[] = {{"body", 0}, {"base", 0}, {"body_LOD1", 1}, {"base_LOD1", 1}};
    for (const auto &e : expected) {
        const aiMesh *mesh = FindMesh(*scene, e.mesh);
        ASSERT_NE(mesh, nullptr) << e.mesh;
        EXPECT_EQ(mesh->mNumVertices, FindMesh(*before, e.mesh)->mNumVertices) << e.mesh;
        EXPECT_EQ(LodOf(*scene, e.mesh), e.lod) << e.mesh;
    }
    EXPECT_EQ(scene->mNumMeshes, 4u);
    for (const char *node : {"root", "spine", "arm"}) {
        EXPECT_NE(FindNode(*scene, node), nullptr) << node;
    }
    // `arm` stays a node, its socket a socket on it, at the same place.
    const aiNode *arm = FindNode(*scene, "arm");
    const aiNode *socket = FindNode(*scene, "gunfire");
    ASSERT_NE(arm, nullptr) << output;
    bool isSocket = false;
    EXPECT_FALSE(arm->mMetaData && arm->mMetaData->Get(assimp_retro::abc::keys::kSocket.name, isSocket) && isSocket)
            << "arm became a socket";
    ASSERT_NE(socket, nullptr) << "the socket gunfire is lost\n" << output;
    ASSERT_NE(socket->mParent, nullptr);
    EXPECT_STREQ(socket->mParent->mName.C_Str(), "arm");
    EXPECT_TRUE(socket->mMetaData && socket->mMetaData->Get(assimp_retro::abc::keys::kSocket.name, isSocket) &&
            isSocket);
    const aiNode *written = FindNode(*before, "gunfire");
    ASSERT_NE(written, nullptr);
    // Units apart (the two imports scale differently): the socket's place in
    // the model, to the spine's from the root, as in the LTB. (Its offset
    // from `arm` is in the bone's axes, which Blender chooses.)
    const auto offset = [](const aiNode *node) {
        return aiVector3D(node->mTransformation.a4, node->mTransformation.b4, node->mTransformation.c4);
    };
    const auto place = [](const aiNode *node) {
        aiMatrix4x4 global = node->mTransformation;
        for (const aiNode *parent = node->mParent; parent; parent = parent->mParent) {
            global = parent->mTransformation * global;
        }
        return aiVector3D(global.a4, global.b4, global.c4);
    };
    const float unit = offset(FindNode(*scene, "spine")).Length() / offset(FindNode(*before, "spine")).Length();
    const aiVector3D at = place(socket) / unit, expectedAt = place(written);
    EXPECT_LT((at - expectedAt).Length(), 1e-5f) << "gunfire at " << at.x << ", " << at.y << ", " << at.z
                                                  << "; the LTB: " << expectedAt.x << ", " << expectedAt.y << ", "
                                                  << expectedAt.z;
    EXPECT_LT((offset(written) - aiVector3D(-0.01f, 0.02f, 0.03f)).Length(), 1e-6f); // the writer's (1, 2, 3) cm, mirrored
    EXPECT_EQ(FindNode(*scene, "body.001"), nullptr);
    EXPECT_EQ(FindNode(*scene, "body_LOD1.001"), nullptr);
}

} // namespace
