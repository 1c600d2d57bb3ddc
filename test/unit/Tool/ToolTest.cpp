// Tests of the assimp-retro command line tool, run as a separate process.
#include "support/LinkedAssimp.h"
#include "support/TestSupport.h"

#include <assimp_retro/assimp_retro.h>

#include <assimp/Importer.hpp>
#include <assimp/scene.h>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <regex>
#include <string>
#include <thread>
#include <vector>

namespace fs = std::filesystem;

namespace {

struct ToolRun {
    int exitCode = -1;
    std::string out; ///< stdout
    std::string err; ///< stderr
};

std::string ReadText(const std::string &path) {
    const std::vector<uint8_t> bytes = retro_test::ReadFile(path);
    return std::string(bytes.begin(), bytes.end());
}

void WriteText(const std::string &path, const std::string &text) {
    retro_test::WriteFile(path, std::vector<uint8_t>(text.begin(), text.end()));
}

std::string Quote(const std::string &text) {
    return "'" + text + "'";
}

// Runs the tool with `args` (already quoted where needed), stdout and stderr apart.
ToolRun RunTool(const std::string &args) {
    const std::string tool = retro_test::ToolPath();
    EXPECT_FALSE(tool.empty()) << "assimp-retro was not built";
    // One pair of files per test: ctest runs the tests in parallel processes.
    const std::string test = ::testing::UnitTest::GetInstance()->current_test_info()->name();
    const std::string outFile = retro_test::OutputPath("Tool/" + test + ".stdout");
    const std::string errFile = retro_test::OutputPath("Tool/" + test + ".stderr");
    ToolRun run;
    std::string combined;
    run.exitCode = retro_test::RunCommand("(" + Quote(tool) + " " + args + " >" + Quote(outFile) + " 2>" +
                                                  Quote(errFile) + ")",
            &combined);
    run.out = ReadText(outFile);
    run.err = ReadText(errFile);
    return run;
}

// A small valid OBJ: two triangles, one named object.
const char *const kObj = "o Tri\n"
                         "v 0 0 0\nv 1 0 0\nv 0 1 0\nv 0 0 1\n"
                         "vn 0 0 1\n"
                         "vt 0 0\nvt 1 0\nvt 0 1\n"
                         "f 1/1/1 2/2/1 3/3/1\n"
                         "f 1/1/1 3/3/1 4/3/1\n";

std::string WriteObj(const std::string &relative) {
    const std::string path = retro_test::OutputPath(relative);
    WriteText(path, kObj);
    return path;
}

bool Contains(const std::string &text, const std::string &part) {
    return text.find(part) != std::string::npos;
}

} // namespace

TEST(Tool, Version) {
    const ToolRun run = RunTool("version");
    EXPECT_EQ(run.exitCode, 0) << run.err;
    EXPECT_TRUE(Contains(run.out, std::string("assimp-retro ") + assimp_retro::Version())) << run.out;
    EXPECT_TRUE(Contains(run.out, "Assimp 5.")) << run.out;
    // Which copy serves each extension: the plugin's, whatever libassimp holds.
    const std::string builtIn = retro_test::LinkedAssimpHasOurImporters() ? "set aside" : "none";
    for (const char *served : {".oni (OBAN)", ".dat (OBAN)", ".abc (ABC)", ".p3d (P3D)"}) {
        EXPECT_TRUE(Contains(run.out, std::string(served) + ": plugin (assimp-retro " + assimp_retro::Version() + ")"))
                << served << "\n" << run.out;
    }
    EXPECT_TRUE(Contains(run.out, ".abc (ABC): plugin (assimp-retro " + std::string(assimp_retro::Version()) +
            "), LithTech ABC Importer (assimp-retro); libassimp's own copy: " + builtIn)) << run.out;
}

TEST(Tool, Help) {
    const ToolRun run = RunTool("help");
    EXPECT_EQ(run.exitCode, 0) << run.err;
    for (const char *verb : { "info", "listext", "export", "listexport", "version", "--recursive" }) {
        EXPECT_TRUE(Contains(run.out, verb)) << verb << "\n" << run.out;
    }
    const ToolRun exportHelp = RunTool("export --help");
    EXPECT_EQ(exportHelp.exitCode, 0);
    EXPECT_TRUE(Contains(exportHelp.out, "-vds")) << exportHelp.out;
    EXPECT_TRUE(Contains(exportHelp.out, "LimitBoneWeights")) << exportHelp.out;
}

TEST(Tool, ListExtIncludesBuiltInAndRegisteredImporters) {
    const ToolRun run = RunTool("listext");
    EXPECT_EQ(run.exitCode, 0) << run.err;
    EXPECT_TRUE(Contains(run.out, "*.obj;")) << run.out;
    for (const std::string &format : assimp_retro::Formats()) {
        if (format == "OBAN") {
            EXPECT_TRUE(Contains(run.out, "*.oni")) << run.out;
        } else if (format == "ABC") {
            EXPECT_TRUE(Contains(run.out, "*.abc")) << run.out;
        } else if (format == "P3D") {
            EXPECT_TRUE(Contains(run.out, "*.p3d")) << run.out;
        }
    }
}

TEST(Tool, ListExport) {
    const ToolRun run = RunTool("listexport");
    EXPECT_EQ(run.exitCode, 0) << run.err;
    EXPECT_TRUE(Contains(run.out, "glb2\n")) << run.out;
    EXPECT_TRUE(Contains(run.out, "gltf2\n")) << run.out;
    EXPECT_TRUE(Contains(run.out, "obj\n")) << run.out;
}

TEST(Tool, ExportObjToGlbByExtension) {
    const std::string in = WriteObj("Tool/export/tri.obj");
    const std::string out = retro_test::OutputPath("Tool/export/tri.glb");
    const ToolRun run = RunTool("export " + Quote(in) + " " + Quote(out) + " -vds");
    ASSERT_EQ(run.exitCode, 0) << run.out << run.err;
    EXPECT_TRUE(Contains(run.out, "'glb2'")) << run.out;
    ASSERT_TRUE(fs::exists(out));
    const std::vector<uint8_t> bytes = retro_test::ReadFile(out);
    ASSERT_GE(bytes.size(), 12u);
    EXPECT_EQ(std::string(bytes.begin(), bytes.begin() + 4), "glTF");
    retro_test::ExpectValidGltf(out);
}

TEST(Tool, ExportFormatSelection) {
    const std::string in = WriteObj("Tool/select/tri.obj");

    // -f<id> without an output name: the input name with the format's extension.
    const std::string glb = retro_test::OutputPath("Tool/select/tri.glb"); // (removes an old one)
    ToolRun run = RunTool("export " + Quote(in) + " -fglb");
    ASSERT_EQ(run.exitCode, 0) << run.out << run.err;
    EXPECT_TRUE(Contains(run.out, "'glb2'")) << run.out; // glb means glTF 2 binary
    ASSERT_TRUE(fs::exists(glb));
    retro_test::ExpectValidGltf(glb);

    // -f <id> as two arguments, and -f wins over the output's extension.
    const std::string gltf = retro_test::OutputPath("Tool/select/named.gltf");
    run = RunTool("export " + Quote(in) + " " + Quote(gltf) + " -f gltf");
    ASSERT_EQ(run.exitCode, 0) << run.out << run.err;
    const nlohmann::json json = nlohmann::json::parse(ReadText(gltf));
    EXPECT_EQ(json.at("asset").at("version"), "2.0");
    retro_test::ExpectValidGltf(gltf);

    const std::string dae = retro_test::OutputPath("Tool/select/tri.xml");
    run = RunTool("export " + Quote(in) + " " + Quote(dae) + " --format=collada");
    ASSERT_EQ(run.exitCode, 0) << run.out << run.err;
    EXPECT_TRUE(Contains(ReadText(dae), "<COLLADA")) << dae;

    // -fi is the find-instances step, not the format "i".
    const std::string objOut = retro_test::OutputPath("Tool/select/copy.obj");
    run = RunTool("export " + Quote(in) + " " + Quote(objOut) + " -fi -fobj");
    ASSERT_EQ(run.exitCode, 0) << run.out << run.err;
    EXPECT_TRUE(fs::exists(objOut));

    run = RunTool("export " + Quote(in) + " " + Quote(retro_test::OutputPath("Tool/select/x.out")) + " -fnope");
    EXPECT_EQ(run.exitCode, 4) << run.err; // docs/tool.md: exact code, never a crash or sanitizer abort
    EXPECT_TRUE(Contains(run.err, "unknown output format 'nope'")) << run.err;

    run = RunTool("export " + Quote(in) + " " + Quote(retro_test::OutputPath("Tool/select/x.unknownext")));
    EXPECT_EQ(run.exitCode, 4) << run.err;
    EXPECT_TRUE(Contains(run.err, "no output format")) << run.err;
}

TEST(Tool, ExportWithoutOutputNameUsesFormatExtension) {
    const std::string in = WriteObj("Tool/noout/model.obj");
    const std::string expected = retro_test::OutputPath("Tool/noout/model.glb");
    const ToolRun run = RunTool("export " + Quote(in) + " -fglb2");
    ASSERT_EQ(run.exitCode, 0) << run.out << run.err;
    ASSERT_TRUE(fs::exists(expected));
    retro_test::ExpectValidGltf(expected);
}

TEST(Tool, ExportRefusesToOverwriteItsInput) {
    const std::string in = WriteObj("Tool/self/model.obj");
    const ToolRun run = RunTool("export " + Quote(in) + " -fobj");
    EXPECT_EQ(run.exitCode, 1) << run.err;
    EXPECT_TRUE(Contains(run.err, "is the input file")) << run.err;
    EXPECT_EQ(ReadText(in), kObj);
}

TEST(Tool, ErrorsGoToStderrWithNonZeroExit) {
    ToolRun run = RunTool("frobnicate");
    EXPECT_EQ(run.exitCode, 2) << run.err;
    EXPECT_TRUE(Contains(run.err, "unrecognized command")) << run.err;

    run = RunTool("");
    EXPECT_EQ(run.exitCode, 1) << run.err;
    EXPECT_FALSE(run.err.empty());

    const std::string missing = retro_test::OutputPath("Tool/errors/does_not_exist.obj");
    run = RunTool("export " + Quote(missing) + " " + Quote(retro_test::OutputPath("Tool/errors/x.glb")));
    EXPECT_EQ(run.exitCode, 3) << run.err;
    EXPECT_TRUE(Contains(run.err, "does_not_exist.obj")) << run.err;
    EXPECT_FALSE(fs::exists(retro_test::OutputPath("Tool/errors/x.glb")));

    run = RunTool("info " + Quote(missing));
    EXPECT_EQ(run.exitCode, 3) << run.err;
    EXPECT_TRUE(Contains(run.err, "does_not_exist.obj")) << run.err;

    run = RunTool("info");
    EXPECT_EQ(run.exitCode, 1) << run.err;
    EXPECT_FALSE(run.err.empty());

    const std::string in = WriteObj("Tool/errors/tri.obj");
    run = RunTool("export " + Quote(in) + " " + Quote(retro_test::OutputPath("Tool/errors/y.glb")) + " -bogus");
    EXPECT_EQ(run.exitCode, 1) << run.err;
    EXPECT_TRUE(Contains(run.err, "-bogus")) << run.err;

    run = RunTool("export " + Quote(in) + " " + Quote(retro_test::OutputPath("Tool/errors/z.glb")) + " -rx=abc");
    EXPECT_EQ(run.exitCode, 1) << run.err;
    EXPECT_TRUE(Contains(run.err, "-rx=abc")) << run.err;
}

TEST(Tool, InfoPrintsSummaryMetadataAndHierarchy) {
    const std::string in = WriteObj("Tool/info/tri.obj");
    ToolRun run = RunTool("info " + Quote(in));
    ASSERT_EQ(run.exitCode, 0) << run.err;
    for (const char *label : { "Memory consumption:", "Nodes:              2", "Maximum depth       2",
                 "Meshes:             1", "Animations:         0", "Vertices:", "Faces:              2",
                 "Bones:              0", "Primitive Types:    triangles", "Meshes:  (name)", "0 (Tri):",
                 "Importer metadata:", "SourceAsset_Format", "Node hierarchy:\ntri.obj\n\xe2\x94\x94\xe2\x95\xb4Tri (mesh 0)" }) {
        EXPECT_TRUE(Contains(run.out, label)) << label << "\n" << run.out;
    }

    run = RunTool("info " + Quote(in) + " -r");
    ASSERT_EQ(run.exitCode, 0) << run.err;
    EXPECT_TRUE(Contains(run.out, "Nodes:")) << run.out;

    run = RunTool("info " + Quote(in) + " -s");
    ASSERT_EQ(run.exitCode, 0) << run.err;
    EXPECT_FALSE(Contains(run.out, "Node hierarchy:")) << run.out;

    // -v adds node transforms: rotate the root with the export verb, read it back.
    const std::string rotated = retro_test::OutputPath("Tool/info/rotated.gltf");
    run = RunTool("export " + Quote(in) + " " + Quote(rotated) + " -rx=1.5707963");
    ASSERT_EQ(run.exitCode, 0) << run.err;
    run = RunTool("info " + Quote(rotated) + " -v -r");
    ASSERT_EQ(run.exitCode, 0) << run.err;
    EXPECT_TRUE(Contains(run.out, "R:[")) << run.out;
}

TEST(Tool, InfoOnOniCorpusFile) {
    const std::vector<std::string> formats = assimp_retro::Formats();
    if (std::find(formats.begin(), formats.end(), "OBAN") == formats.end()) {
        GTEST_SKIP() << "built without the OBAN importer";
    }
    const std::string in = retro_test::CorpusPath("oban/OBANshpadoinkle.oni");
    ASSERT_FALSE(in.empty());
    ToolRun run = RunTool("info " + Quote(in) + " -v");
    ASSERT_EQ(run.exitCode, 0) << run.err;
    EXPECT_TRUE(Contains(run.out, "Animations:         1")) << run.out;
    EXPECT_TRUE(Contains(run.out, "Node hierarchy:")) << run.out;
    EXPECT_TRUE(Contains(run.out, "SourceAsset_Format")) << run.out;
    EXPECT_TRUE(Contains(run.out, "  M:")) << run.out; // -v: node metadata

    const std::string out = retro_test::OutputPath("Tool/oban/shpadoinkle.glb");
    run = RunTool("export " + Quote(in) + " " + Quote(out) + " -vds -l");
    ASSERT_EQ(run.exitCode, 0) << run.out << run.err;
    retro_test::ExpectValidGltf(out);
}

// Non-glTF texture paths (game formats, backslashes) must not reach the glTF as image URIs.
TEST(Tool, GltfExportMovesUnusableTexturePaths) {
    const std::string dir = fs::path(retro_test::OutputPath("Tool/textures/x")).parent_path().string();
    WriteText(dir + "/tex.mtl", "newmtl hull\nKd 1 1 1\nmap_Kd data\\hull.paa\n"
                                "newmtl glass\nKd 1 1 1\nmap_Kd tex\\glass.png\n");
    WriteText(dir + "/tex.obj", std::string("mtllib tex.mtl\n"
                                            "v 0 0 0\nv 1 0 0\nv 0 1 0\nv 0 0 1\n"
                                            "vt 0 0\nvt 1 0\nvt 0 1\n"
                                            "usemtl hull\nf 1/1 2/2 3/3\n"
                                            "usemtl glass\nf 1/1 3/3 4/3\n"));
    const std::string out = dir + "/tex.gltf";
    const ToolRun run = RunTool("export " + Quote(dir + "/tex.obj") + " " + Quote(out) + " -l");
    ASSERT_EQ(run.exitCode, 0) << run.out << run.err;
    EXPECT_TRUE(Contains(run.out, "data\\hull.paa")) << run.out; // reported with -l
    const nlohmann::json json = nlohmann::json::parse(ReadText(out));
    bool hullNamed = false;
    for (const auto &material : json.at("materials")) {
        hullNamed |= material.value("name", "") == "hull [data\\hull.paa]";
    }
    EXPECT_TRUE(hullNamed) << json.at("materials").dump(1);
    ASSERT_TRUE(json.contains("images"));
    for (const auto &image : json.at("images")) {
        EXPECT_EQ(image.value("uri", ""), "tex/glass.png");
    }
    // With the PNG in place the file is valid glTF (Assimp's own export of the
    // .paa reference is not: the validator cannot load it as an image).
    const std::vector<uint8_t> png = { 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49,
        0x48, 0x44, 0x52, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x02, 0x00, 0x00, 0x00, 0x90, 0x77,
        0x53, 0xde, 0x00, 0x00, 0x00, 0x0c, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9c, 0x63, 0xf8, 0xcf, 0xc0, 0x00, 0x00,
        0x03, 0x01, 0x01, 0x00, 0xc9, 0xfe, 0x92, 0xef, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42,
        0x60, 0x82 }; // 1x1 RGB PNG
    retro_test::WriteFile(dir + "/tex/glass.png", png);
    retro_test::ExpectValidGltf(out);
}

TEST(Tool, BatchConvertsFolderTreeAndReportsFailures) {
    const fs::path in = fs::path(retro_test::OutputPath("Tool/batch/in/x")).parent_path();
    const fs::path out = fs::path(retro_test::OutputPath("Tool/batch/out/x")).parent_path();
    fs::remove_all(in);
    fs::remove_all(out);
    WriteText((in / "top.obj").string(), kObj);
    WriteText((in / "a" / "one.obj").string(), kObj);
    WriteText((in / "a" / "b" / "two.obj").string(), kObj);
    WriteText((in / "a" / "b" / "broken.obj").string(), "f 1 2 3\n"); // known extension, not a model
    WriteText((in / "a" / "notes.txtx").string(), "not a model\n");    // unknown extension: skipped

    ToolRun run = RunTool("export --recursive " + Quote(in.string()) + " " + Quote(out.string()) + " -f glb -j 2");
    EXPECT_EQ(run.exitCode, 6) << run.out << run.err; // non-zero because of broken.obj
    EXPECT_TRUE(fs::exists(out / "top.glb"));
    EXPECT_TRUE(fs::exists(out / "a" / "one.glb"));
    EXPECT_TRUE(fs::exists(out / "a" / "b" / "two.glb"));
    EXPECT_FALSE(fs::exists(out / "a" / "b" / "broken.glb"));
    EXPECT_FALSE(fs::exists(out / "a" / "notes.glb"));
    EXPECT_TRUE(Contains(run.out, "Summary: 3 converted, 1 failed, 1 skipped")) << run.out;
    EXPECT_TRUE(Contains(run.out, "a/b/broken.obj: OBJ-file is too small")) << run.out;
    // Not a terminal: one plain line per file on stderr.
    EXPECT_TRUE(Contains(run.err, "ok a/one.obj")) << run.err;
    EXPECT_TRUE(Contains(run.err, "FAILED a/b/broken.obj")) << run.err;
    retro_test::ExpectValidGltf((out / "a" / "b" / "two.glb").string());

    // -f<id> spelling, another format, a clean folder: exit code 0.
    fs::remove(in / "a" / "b" / "broken.obj");
    const fs::path objOut = fs::path(retro_test::OutputPath("Tool/batch/objout/x")).parent_path();
    fs::remove_all(objOut);
    run = RunTool("export " + Quote(in.string()) + " " + Quote(objOut.string()) + " --recursive -fobj -j1");
    EXPECT_EQ(run.exitCode, 0) << run.out << run.err;
    EXPECT_TRUE(fs::exists(objOut / "a" / "b" / "two.obj"));
    EXPECT_TRUE(Contains(run.out, "Summary: 3 converted, 0 failed, 1 skipped")) << run.out;
}

TEST(Tool, BatchSkipsItsOwnOutputFolderInsideTheInput) {
    const fs::path in = fs::path(retro_test::OutputPath("Tool/batchnested/in/x")).parent_path();
    fs::remove_all(in);
    WriteText((in / "m.obj").string(), kObj);
    WriteText((in / "out" / "old.obj").string(), kObj); // inside the output folder: not an input
    const ToolRun run = RunTool("export --recursive " + Quote(in.string()) + " " + Quote((in / "out").string()) + " -fglb");
    EXPECT_EQ(run.exitCode, 0) << run.out << run.err;
    EXPECT_TRUE(fs::exists(in / "out" / "m.glb"));
    EXPECT_FALSE(fs::exists(in / "out" / "out" / "old.glb"));
    EXPECT_TRUE(Contains(run.out, "Summary: 1 converted, 0 failed")) << run.out;
}

TEST(Tool, BatchNeedsAFolder) {
    const std::string in = WriteObj("Tool/batcherr/file.obj");
    const ToolRun run = RunTool("export --recursive " + Quote(in) + " " +
                            Quote(retro_test::OutputPath("Tool/batcherr/out")));
    EXPECT_EQ(run.exitCode, 1) << run.err;
    EXPECT_TRUE(Contains(run.err, "is not a folder")) << run.err;
}

// Batch over the real files of each compiled format: every file converts and
// every GLB passes the Khronos validator.
TEST(Tool, BatchConvertsCorpusFolders) {
    const std::vector<std::string> formats = assimp_retro::Formats();
    const struct {
        const char *format;
        const char *folder;
        const char *probe; ///< a file that must exist in the folder
    } kFolders[] = { { "ABC", "abc", "abc/DECOS__FLAG.ABC" }, { "P3D", "p3d", "p3d/cwr_animated_morph_odol.p3d" } };
    bool ranAny = false;
    for (const auto &entry : kFolders) {
        if (std::find(formats.begin(), formats.end(), entry.format) == formats.end()) {
            continue;
        }
        const std::string probe = retro_test::CorpusPath(entry.probe);
        ASSERT_FALSE(probe.empty());
        ranAny = true;
        const fs::path in = fs::path(probe).parent_path();
        const fs::path out = fs::path(retro_test::OutputPath(std::string("Tool/corpus/") + entry.folder + "/x")).parent_path();
        fs::remove_all(out);
        const ToolRun run = RunTool("export --recursive " + Quote(in.string()) + " " + Quote(out.string()) + " -fglb -vds");
        EXPECT_EQ(run.exitCode, 0) << run.out << run.err;
        EXPECT_TRUE(Contains(run.out, " 0 failed")) << run.out;
        size_t glbs = 0;
        for (const auto &file : fs::recursive_directory_iterator(out)) {
            if (file.path().extension() == ".glb") {
                ++glbs;
                retro_test::ExpectValidGltf(file.path().string());
            }
        }
        EXPECT_GT(glbs, 0u) << entry.folder;
    }
    if (!ranAny) {
        GTEST_SKIP() << "built without the ABC and P3D importers";
    }
}

TEST(Tool, BatchRefusesTheInputFolderAsOutput) {
    const fs::path in = fs::path(retro_test::OutputPath("Tool/samefolder/x")).parent_path();
    WriteObj("Tool/samefolder/m.obj");
    ToolRun run = RunTool("export --recursive " + Quote(in.string()) + " " + Quote(in.string()));
    EXPECT_EQ(run.exitCode, 1);
    EXPECT_TRUE(Contains(run.err, "the output folder must differ from the input folder")) << run.err;
    EXPECT_FALSE(fs::exists(in / "m.glb"));
    run = RunTool("export --recursive " + Quote(in.string()) + " ''");
    EXPECT_EQ(run.exitCode, 1);
    EXPECT_TRUE(Contains(run.err, "is not a folder")) << run.err;
}

TEST(Tool, SetChecksTheTypeOfKnownProperties) {
    const std::string in = WriteObj("Tool/set/m.obj");
    ToolRun run = RunTool("export " + Quote(in) + " " + Quote(retro_test::OutputPath("Tool/set/m.glb")) +
                          " --set IMPORT_OBAN_CAMERA=maybe");
    EXPECT_EQ(run.exitCode, 1);
    EXPECT_TRUE(Contains(run.err, "property IMPORT_OBAN_CAMERA is a bool")) << run.err;
    run = RunTool("export " + Quote(in) + " " + Quote(retro_test::OutputPath("Tool/set/m.glb")) + " --set IMPORT_P3D_LODS=all");
    EXPECT_EQ(run.exitCode, 1);
    EXPECT_TRUE(Contains(run.err, "property IMPORT_P3D_LODS is an integer")) << run.err;
    // The properties every importer reads are known too.
    for (const char *property : {"IMPORT_RETRO_UNITS_TO_METRES", "IMPORT_RETRO_MAP_FILES"}) {
        run = RunTool("export " + Quote(in) + " " + Quote(retro_test::OutputPath("Tool/set/m.glb")) + " --set " +
                      property + "=maybe");
        EXPECT_EQ(run.exitCode, 1);
        EXPECT_TRUE(Contains(run.err, std::string("property ") + property + " is a bool")) << run.err;
    }
    run = RunTool("export " + Quote(in) + " " + Quote(retro_test::OutputPath("Tool/set/m.glb")) +
                  " --set IMPORT_RETRO_METRES_PER_UNIT=two");
    EXPECT_EQ(run.exitCode, 1);
    EXPECT_TRUE(Contains(run.err, "property IMPORT_RETRO_METRES_PER_UNIT is a number, not 'two'")) << run.err;
    run = RunTool("export " + Quote(in) + " " + Quote(retro_test::OutputPath("Tool/set/m.glb")) + " --set");
    EXPECT_EQ(run.exitCode, 1);
    EXPECT_TRUE(Contains(run.err, "--set needs NAME=VALUE")) << run.err;
    // The macro's name works too; a property nobody knows is passed on with a note.
    run = RunTool("export " + Quote(in) + " " + Quote(retro_test::OutputPath("Tool/set/m.glb")) +
                  " --set AI_CONFIG_IMPORT_OBAN_CAMERA=yes --set SOMETHING_ELSE=1");
    EXPECT_EQ(run.exitCode, 0) << run.err;
    EXPECT_TRUE(Contains(run.err, "SOMETHING_ELSE is not an assimp-retro import property")) << run.err;
}

// Every property include/assimp_retro/config.h defines is one --set knows
// (type-checked, no "not an assimp-retro import property" note): read from the
// header itself, so a property added there and forgotten in the tool fails here.
TEST(Tool, SetKnowsEveryPropertyOfConfigH) {
    std::ifstream header(fs::path(ASSIMP_RETRO_SOURCE_DIR) / "include" / "assimp_retro" / "config.h");
    ASSERT_TRUE(header) << "config.h not found";
    const std::regex define(R"re(^\s*#\s*define\s+AI_CONFIG_[A-Z0-9_]+\s+"([A-Z0-9_]+)")re");
    std::vector<std::string> names;
    for (std::string line; std::getline(header, line);) {
        std::smatch match;
        if (std::regex_search(line, match, define)) {
            names.push_back(match[1]);
        }
    }
    ASSERT_GE(names.size(), 20u);
    const std::string in = WriteObj("Tool/setall/m.obj");
    for (const std::string &name : names) {
        if (name == "IMPORT_RETRO_TEXTURE_CACHE") {
            continue; // a pointer (SetPropertyPointer), set by the batch itself, never text
        }
        const ToolRun run = RunTool("export " + Quote(in) + " " + Quote(retro_test::OutputPath("Tool/setall/m.glb")) +
                                    " --set " + name + "=maybe");
        EXPECT_FALSE(Contains(run.err, "not an assimp-retro import property")) << name << ": " << run.err;
    }
}

// --set IMPORT_RETRO_METRES_PER_UNIT reaches the importer as a float: the
// factor is recorded in the info output's metadata, and a bad value fails the
// import with the importer's message.
TEST(Tool, SetMetresPerUnit) {
    const std::string model = retro_test::CorpusPath("abc/DECOS__BEERCAN.ABC");
    ToolRun run = RunTool("info " + Quote(model) + " --set IMPORT_RETRO_METRES_PER_UNIT=0.0165");
    EXPECT_EQ(run.exitCode, 0) << run.err;
    EXPECT_TRUE(Contains(run.out, "OriginalUnitScaleFactor")) << run.out;
    EXPECT_TRUE(Contains(run.out, "1.65")) << run.out;
    run = RunTool("info " + Quote(model) + " --set AI_CONFIG_IMPORT_RETRO_METRES_PER_UNIT=-2");
    EXPECT_NE(run.exitCode, 0);
    EXPECT_TRUE(Contains(run.out + run.err, "IMPORT_RETRO_METRES_PER_UNIT is -2")) << run.out << run.err;
}

// A DAE keeps every animation: the tool writes them itself (one timeline, a
// clip each), and Assimp's own COLLADA importer reads all twelve back.
TEST(Tool, DaeKeepsEveryAnimation) {
    const std::string dae = retro_test::OutputPath("Tool/dae/tiberius.dae");
    const ToolRun run = RunTool("export " + Quote(retro_test::CorpusPath("abc/CREATURES__TIBERIUS.ABC")) + " " + Quote(dae) + " -v");
    ASSERT_EQ(run.exitCode, 0) << run.err;
    EXPECT_TRUE(Contains(run.out + run.err, "COLLADA completion: 12 animation(s) with 480 channel(s), one clip each"))
            << run.out << run.err;
    Assimp::Importer reader; // Assimp's own importers only
    const aiScene *back = reader.ReadFile(dae, 0);
    ASSERT_NE(back, nullptr) << reader.GetErrorString();
    EXPECT_EQ(back->mNumAnimations, 12u);
}

TEST(Tool, JoinedVerticesWithMorphTargetsExport) {
    // Assimp 5.2.5's exporters assert on a -jiv scene with morph targets unless
    // the tool marks the scene as not to be re-expanded.
    const std::string glb = retro_test::OutputPath("Tool/jiv/batwing.glb");
    for (const char *flags : {"-jiv", "-cfast"}) {
        const ToolRun run = RunTool("export " + Quote(retro_test::CorpusPath("abc/CREATURES__BATWING.ABC")) + " " + Quote(glb) +
                                    " " + flags);
        EXPECT_EQ(run.exitCode, 0) << flags << ": " << run.err;
        retro_test::ExpectValidGltf(glb);
    }
}

TEST(Tool, BatchJobsDefaultAndBadValues) {
    const fs::path in = retro_test::OutputPath("Tool/jobs/in/x");
    for (int i = 0; i < 5; ++i) {
        WriteText((in.parent_path() / ("m" + std::to_string(i) + ".obj")).string(), kObj);
    }
    const std::string out = Quote(retro_test::OutputPath("Tool/jobs/out"));
    const std::string batch = "export --recursive " + Quote(in.parent_path().string()) + " " + out;
    ToolRun run = RunTool(batch); // default: one worker per CPU, never more than files
    ASSERT_EQ(run.exitCode, 0) << run.err;
    const unsigned cpus = std::max(1u, std::thread::hardware_concurrency());
    EXPECT_TRUE(Contains(run.out, "with " + std::to_string(std::min(cpus, 5u)) + " worker(s)")) << run.out;
    run = RunTool(batch + " -j 3");
    ASSERT_EQ(run.exitCode, 0) << run.err;
    EXPECT_TRUE(Contains(run.out, "with 3 worker(s)")) << run.out;
    run = RunTool(batch + " --jobs=1024"); // the largest allowed; never more workers than files
    EXPECT_EQ(run.exitCode, 0) << run.err;
    run = RunTool(batch + " -j 2 -l"); // a log keeps the workers, each line naming its file (JobLog.h)
    EXPECT_EQ(run.exitCode, 0) << run.err;
    EXPECT_TRUE(Contains(run.out, "with 2 worker(s)")) << run.out;
    for (int i = 0; i < 5; ++i) {
        EXPECT_TRUE(Contains(run.err, "Info,  m" + std::to_string(i) + ".obj: ")) << run.err;
    }
    for (const std::string bad : {"-j0", "-j1025", "-jabc", "--jobs=", "-j -1"}) {
        run = RunTool(batch + " " + bad);
        EXPECT_EQ(run.exitCode, 1) << bad << ": " << run.err;
        EXPECT_TRUE(Contains(run.err, "invalid job count")) << bad << ": " << run.err;
    }
    run = RunTool(batch + " -j");
    EXPECT_EQ(run.exitCode, 1) << run.err;
    EXPECT_TRUE(Contains(run.err, "missing value after -j")) << run.err;
}

TEST(Tool, BatchSkipsXmlAndLevelCompanions) {
    const std::vector<std::string> formats = assimp_retro::Formats();
    if (std::find(formats.begin(), formats.end(), "OBAN") == formats.end()) {
        GTEST_SKIP() << "built without the OBAN importer";
    }
    // The OBAN corpus folder: two .oni with the OniSplit .xml they came from,
    // and a level .dat with its .raw (plus a .sep made here).
    const std::string corpus = retro_test::CorpusPath("oban");
    ASSERT_FALSE(corpus.empty());
    const fs::path in = fs::path(retro_test::OutputPath("Tool/companions/in/x")).parent_path();
    fs::remove_all(in);
    fs::copy(corpus, in, fs::copy_options::recursive);
    WriteText((in / "level_pc" / "level1_Final.sep").string(), "not a model");
    const fs::path out = fs::path(retro_test::OutputPath("Tool/companions/out/x")).parent_path();
    const ToolRun run = RunTool("export --recursive " + Quote(in.string()) + " " + Quote(out.string()));
    EXPECT_EQ(run.exitCode, 0) << run.out << run.err;
    EXPECT_TRUE(Contains(run.out, "Summary: 3 converted, 0 failed, 5 skipped")) << run.out;
    // Companions are left out before any importer sees them: with a libassimp
    // whose COLLADA importer is its only one for .xml (port/'s small build),
    // the OniSplit .xml failed as an empty COLLADA file.
    EXPECT_FALSE(Contains(run.err, "OBANshpadoinkle.xml")) << run.err;
    EXPECT_TRUE(fs::exists(out / "level_pc" / "level1_Final.glb"));
    EXPECT_FALSE(fs::exists(out / "level_pc" / "level1_Final.raw.glb"));
    EXPECT_FALSE(fs::exists(out / "level_pc" / "level1_Final.sep.glb"));
    EXPECT_FALSE(fs::exists(out / "OBANshpadoinkle.xml.glb"));
}
