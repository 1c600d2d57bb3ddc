// assimp-retro tool: exit code 5 (glTF completion failed), the default -lbw
// for glTF outputs and the metadata in COLLADA and FBX outputs, run as a
// separate process on the bundled models.
#include "support/TestSupport.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <string>

namespace fs = std::filesystem;

namespace {

std::string Quote(const std::string &text) {
    return "'" + text + "'";
}

std::string Model(const std::string &relative) {
    return std::string(ASSIMP_RETRO_SOURCE_DIR) + "/test/models/" + relative;
}

struct ToolResult {
    int exitCode = -1;
    std::string output; ///< stdout and stderr together
};

// `prelude` runs in the same shell first; the tool then replaces that shell
// (exec), so `$$` in the prelude is the tool's own process id.
ToolResult RunTool(const std::string &args, const std::string &prelude = "true") {
    const std::string tool = retro_test::ToolPath();
    EXPECT_FALSE(tool.empty()) << "assimp-retro was not built";
    ToolResult run;
    run.exitCode = retro_test::RunCommand(prelude + " && exec " + Quote(tool) + " " + args, &run.output);
    return run;
}

bool Contains(const std::string &text, const std::string &part) {
    return text.find(part) != std::string::npos;
}

const char kLbwNote[] = "note: applied -lbw (limit bone weights to 4, renormalised) for glTF output";

} // namespace

// The exporter writes out.glb; the completion (it adds the OBAN camera) then
// replaces the file through "<out>.tmp-<pid>", which is made a directory here,
// so only the completion's write fails.
TEST(ToolExitCodes, CompletionFailureIsExitCode5) {
    const std::string dir = retro_test::OutputPath("ToolExit/completion");
    fs::remove_all(dir);
    fs::create_directories(dir);
    const std::string out = dir + "/out.glb";
    const std::string args = "export " + Quote(Model("oban/OBANcamera_dolly.oni")) + " " + Quote(out) +
                             " --set IMPORT_OBAN_CAMERA=1";

    const ToolResult blocked = RunTool(args, "mkdir " + Quote(out) + ".tmp-$$");
    EXPECT_EQ(blocked.exitCode, 5) << blocked.output;
    EXPECT_TRUE(Contains(blocked.output, "glTF completion failed: cannot create " + out + ".tmp-")) << blocked.output;
    EXPECT_TRUE(Contains(blocked.output, "(the incomplete file was removed)")) << blocked.output;
    EXPECT_FALSE(fs::exists(out)) << "the exporter's own file, written before the completion failed, is removed";

    // The same conversion without the obstacle succeeds: the obstacle is the cause.
    const ToolResult unblocked = RunTool(args);
    EXPECT_EQ(unblocked.exitCode, 0) << unblocked.output;
}

// A folder that does not exist is named before anything is imported.
TEST(ToolExitCodes, MissingOutputFolderIsExitCode4) {
    const std::string dir = retro_test::OutputPath("ToolExit/no_such_folder");
    fs::remove_all(dir);
    const std::string out = dir + "/out.glb";
    const ToolResult run = RunTool("export " + Quote(Model("abc/skinned_v6.abc")) + " " + Quote(out));
    EXPECT_EQ(run.exitCode, 4) << run.output;
    EXPECT_TRUE(Contains(run.output, "assimp-retro export: cannot write " + out + ": the folder " + dir +
                                         " does not exist")) << run.output;
    EXPECT_FALSE(Contains(run.output, "Importing file")) << run.output;
}

// glTF output adds -lbw (the note says so with -l) when the scene has bones.
TEST(ToolLimitBoneWeights, AddedByDefaultForGltfWithBones) {
    const std::string out = retro_test::OutputPath("ToolExit/lbw_default.glb");
    const ToolResult run = RunTool("export " + Quote(Model("abc/skinned_v6.abc")) + " " + Quote(out) + " -l");
    ASSERT_EQ(run.exitCode, 0) << run.output;
    EXPECT_TRUE(Contains(run.output, kLbwNote)) << run.output;
}

TEST(ToolLimitBoneWeights, NotAddedWithPreTransformVertices) {
    const std::string out = retro_test::OutputPath("ToolExit/lbw_ptv.glb");
    const ToolResult run = RunTool("export " + Quote(Model("abc/skinned_v6.abc")) + " " + Quote(out) + " -l -ptv");
    ASSERT_EQ(run.exitCode, 0) << run.output;
    EXPECT_FALSE(Contains(run.output, "applied -lbw")) << run.output;
}

TEST(ToolLimitBoneWeights, NotAddedWhenSwitchedOff) {
    const std::string out = retro_test::OutputPath("ToolExit/lbw_off.glb");
    const ToolResult run = RunTool("export " + Quote(Model("abc/skinned_v6.abc")) + " " + Quote(out) +
                            " -l --no-limit-bone-weights");
    ASSERT_EQ(run.exitCode, 0) << run.output;
    EXPECT_FALSE(Contains(run.output, "applied -lbw")) << run.output;
}

TEST(ToolLimitBoneWeights, NotAddedForOtherFormatsOrWhenGivenByTheUser) {
    const std::string dae = retro_test::OutputPath("ToolExit/lbw.dae");
    ToolResult run = RunTool("export " + Quote(Model("abc/skinned_v6.abc")) + " " + Quote(dae) + " -l");
    ASSERT_EQ(run.exitCode, 0) << run.output;
    EXPECT_FALSE(Contains(run.output, "applied -lbw")) << run.output;

    // The user's own -lbw is not something the tool added.
    const std::string glb = retro_test::OutputPath("ToolExit/lbw_user.glb");
    run = RunTool("export " + Quote(Model("abc/skinned_v6.abc")) + " " + Quote(glb) + " -l -lbw");
    ASSERT_EQ(run.exitCode, 0) << run.output;
    EXPECT_FALSE(Contains(run.output, "applied -lbw")) << run.output;
}

// Scene and node metadata reach COLLADA (<extra>) and FBX (user properties):
// the bundled ODOL has 3 scene keys, 5 on its root node (the FBX Document and
// the DAE's <visual_scene>), 17 on its LOD node (10, p3d:lodIndex among them, then 7 of the selection
// membership: p3d:meshSizes, p3d:quads and two selections' vertices and triangles, one's
// weights; docs/formats/P3D.md §3.6) and 2 on its proxy node.
TEST(ToolMetadata, ColladaAndFbxCarryTheSceneMetadata) {
    const std::string dir = retro_test::OutputPath("ToolMetadata");
    fs::create_directories(dir);
    const ToolResult dae = RunTool("export " + Quote(Model("p3d/sample_odol.p3d")) + " " + Quote(dir + "/odol.dae") + " -v");
    ASSERT_EQ(dae.exitCode, 0) << dae.output;
    EXPECT_TRUE(Contains(dae.output, "note: COLLADA completion: 27 metadata entries on 3 element(s)")) << dae.output;
    const std::vector<uint8_t> bytes = retro_test::ReadFile(dir + "/odol.dae");
    const std::string text(bytes.begin(), bytes.end());
    EXPECT_TRUE(Contains(text, "<property name=\"p3d:lods\" type=\"int\">5</property>"));
    EXPECT_TRUE(Contains(text, "<property name=\"p3d:proxy\" type=\"string\">data\\proxies\\driver</property>"));
    const ToolResult fbx = RunTool("export " + Quote(Model("p3d/sample_odol.p3d")) + " " + Quote(dir + "/odol.fbx") + " -v");
    ASSERT_EQ(fbx.exitCode, 0) << fbx.output;
    EXPECT_TRUE(Contains(fbx.output, "note: FBX completion: 27 metadata entries as user properties of 3 object(s)"))
            << fbx.output;
}
