// The tool's side of the p3d exporter: listexport names it, export -f p3d
// writes an MLOD that imports back, --set EXPORT_P3D_MASS reaches it, and a
// refused scene gives exit code 4 and no file.
#include "AssetLib/Poseidon/P3dMetadataKeys.h"
#include "support/TestSupport.h"

#include <assimp_retro/assimp_retro.h>
#include <assimp_retro/config.h>

#include <assimp/Importer.hpp>
#include <assimp/scene.h>

#include <gtest/gtest.h>

#include <filesystem>

namespace {

namespace keys = assimp_retro::p3d::keys;

using retro_test::ShellQuote;

int RunTool(const std::string &arguments, std::string *output) {
    return retro_test::RunCommand(ShellQuote(retro_test::ToolPath()) + " " + arguments + " 2>&1", output);
}

std::string Model(const std::string &relative) {
    return std::string(ASSIMP_RETRO_SOURCE_DIR) + "/test/models/" + relative;
}

} // namespace

TEST(ToolP3dExport, ListexportNamesIt) {
    std::string output;
    ASSERT_EQ(RunTool("listexport", &output), 0) << output;
    EXPECT_NE(output.find("\np3d\n"), std::string::npos) << output;
}

TEST(ToolP3dExport, OdolBecomesMlodWithEveryLodAndTheMass) {
    const std::string out = retro_test::OutputPath("ToolP3dExport/sample.p3d");
    std::filesystem::remove(out);
    std::string output;
    ASSERT_EQ(RunTool("export " + ShellQuote(Model("p3d/sample_odol.p3d")) + " " + ShellQuote(out) +
                      " -f p3d --set IMPORT_P3D_LODS=2 --set EXPORT_P3D_MASS=2500",
                      &output),
            0)
            << output;
    const std::vector<uint8_t> bytes = retro_test::ReadFile(out);
    ASSERT_GE(bytes.size(), 12u);
    EXPECT_EQ(std::string(bytes.begin(), bytes.begin() + 4), "MLOD");
    Assimp::Importer importer;
    importer.SetPropertyInteger(AI_CONFIG_IMPORT_P3D_LODS, 2);
    const aiScene *scene = retro_test::Import(importer, out);
    ASSERT_NE(scene, nullptr) << importer.GetErrorString();
    EXPECT_EQ(scene->mRootNode->mNumChildren, 5u);
    float mass = 0.f;
    ASSERT_TRUE(assimp_retro::Get(scene->mRootNode->mMetaData, keys::kMass, mass));
    EXPECT_FLOAT_EQ(mass, 2500.f);
}

TEST(ToolP3dExport, BadMassIsRefusedBeforeAnything) {
    std::string output;
    EXPECT_EQ(RunTool("export " + ShellQuote(Model("p3d/sample_odol.p3d")) + " x.p3d -f p3d --set EXPORT_P3D_MASS=heavy", &output),
            1)
            << output;
    EXPECT_NE(output.find("property EXPORT_P3D_MASS is a number, not 'heavy'"), std::string::npos) << output;
}

// The textures go beside the model as PAA at their game paths (not as PNG in
// a "<name>_textures" folder as for OBJ or FBX); --set EXPORT_P3D_GAME_ROOT
// and EXPORT_P3D_TEXTURES reach the exporter.
TEST(ToolP3dExport, TexturesAreWrittenAsPaaAtTheirGamePaths) {
    const std::string folder = retro_test::OutputPath("ToolP3dExport/textures");
    std::filesystem::remove_all(folder);
    std::filesystem::create_directories(folder + "/myaddon");
    std::string output;
    ASSERT_EQ(RunTool("export " + ShellQuote(Model("p3d/vehicle_lods.glb")) + " " + ShellQuote(folder + "/myaddon/vehicle.p3d") +
                      " --set " + ShellQuote("EXPORT_P3D_TEXTURE_ROOT=myaddon\\tex"),
                      &output),
            0)
            << output;
    EXPECT_TRUE(std::filesystem::is_regular_file(folder + "/myaddon/tex/hull.paa")) << output;
    EXPECT_FALSE(std::filesystem::exists(folder + "/myaddon/vehicle_textures")) << output;

    ASSERT_EQ(RunTool("export " + ShellQuote(Model("p3d/vehicle_lods.glb")) + " " + ShellQuote(folder + "/rooted.p3d") +
                      " --set " + ShellQuote("EXPORT_P3D_TEXTURE_ROOT=myaddon\\tex") + " --set " +
                      ShellQuote("EXPORT_P3D_GAME_ROOT=" + folder + "/game"),
                      &output),
            0)
            << output;
    EXPECT_TRUE(std::filesystem::is_regular_file(folder + "/game/myaddon/tex/hull.paa")) << output;

    ASSERT_EQ(RunTool("export " + ShellQuote(Model("p3d/vehicle_lods.glb")) + " " + ShellQuote(folder + "/alone.p3d") +
                      " --set EXPORT_P3D_TEXTURES=no",
                      &output),
            0)
            << output;
    EXPECT_FALSE(std::filesystem::exists(folder + "/hull.paa")) << output;
    EXPECT_FALSE(std::filesystem::exists(folder + "/alone_textures")) << output;
}
