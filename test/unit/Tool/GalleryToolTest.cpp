// `assimp-retro export --recursive IN OUT --gallery` (and --thumbnails), run
// as a separate process: OUT/index.html holds one card per source file with
// its counts, thumbnail, warnings and errors, each file's messages on its
// own card while several workers convert at once. The page itself is
// checked in a real browser (test/browser, docs/gallery.md).
#include "support/TestSupport.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace fs = std::filesystem;
using namespace retro_test;

namespace {

std::string ReadText(const fs::path &path) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

void WriteText(const fs::path &path, const std::string &text) {
    fs::create_directories(path.parent_path());
    std::ofstream(path, std::ios::binary) << text;
}

/// The cards' JSON inside the page (its <script type="application/json">).
nlohmann::json GalleryData(const fs::path &page) {
    const std::string html = ReadText(page);
    const std::string open = "<script id=\"gallery-data\" type=\"application/json\">";
    const size_t begin = html.find(open);
    const size_t end = html.find("</script>", begin);
    EXPECT_NE(begin, std::string::npos);
    if (begin == std::string::npos || end == std::string::npos) {
        return {};
    }
    return nlohmann::json::parse(html.substr(begin + open.size(), end - begin - open.size()));
}

const nlohmann::json *CardOf(const nlohmann::json &data, const std::string &path) {
    for (const auto &card : data["cards"]) {
        if (card["path"] == path) {
            return &card;
        }
    }
    ADD_FAILURE() << "no card for " << path;
    return nullptr;
}

// An OBJ square (2 triangles); `mtl` names a material library that is missing
// (Assimp's OBJ importer warns), so that the warning's card can be checked.
std::string Square(const std::string &mtl) {
    return (mtl.empty() ? "" : "mtllib " + mtl + "\n") +
            std::string("v 0 0 0\nv 1 0 0\nv 1 1 0\nv 0 1 0\nf 1 2 3\nf 1 3 4\n");
}

TEST(GalleryTool, OneCardPerFileWithItsCountsAndMessages) {
    const fs::path in = fs::path(OutputPath("Tool/gallery/in/x")).parent_path();
    const fs::path out = fs::path(OutputPath("Tool/gallery/out/x")).parent_path();
    fs::remove_all(in);
    fs::remove_all(out);
    for (int i = 0; i < 6; ++i) {
        WriteText(in / "squares" / ("square" + std::to_string(i) + ".obj"), Square(i == 3 ? "gone.mtl" : ""));
    }
    WriteText(in / "broken" / "BROKEN.ABC", "not an ABC model at all");
    std::string log;
    const std::string tool = ToolPath();
    ASSERT_FALSE(tool.empty());
    const int status = RunCommand("'" + tool + "' export --recursive '" + in.string() + "' '" + out.string() +
                    "' -f glb --gallery -j 3",
            &log);
    EXPECT_NE(status, 0) << log; // the broken file fails the batch
    EXPECT_NE(log.find("with 3 worker(s)"), std::string::npos) << log;
    ASSERT_TRUE(fs::exists(out / "index.html")) << log;
    const nlohmann::json data = GalleryData(out / "index.html");
    ASSERT_EQ(data["cards"].size(), 7u) << log;

    for (int i = 0; i < 6; ++i) {
        const std::string name = "square" + std::to_string(i);
        const nlohmann::json *card = CardOf(data, "squares/" + name + ".obj");
        ASSERT_NE(card, nullptr);
        EXPECT_TRUE((*card)["ok"].get<bool>());
        EXPECT_EQ((*card)["summary"]["triangles"], 2);
        EXPECT_EQ((*card)["output"], "squares/" + name + ".glb");
        EXPECT_EQ((*card)["thumbnail"], "squares/" + name + ".glb.png");
        EXPECT_TRUE(fs::exists(out / "squares" / (name + ".glb.png")));
        // Only square3 names the missing material library: only its card has
        // Assimp's message about it (logged as an error).
        bool warned = false;
        for (const char *kind : {"warnings", "errors"}) {
            for (const auto &message : (*card)[kind]) {
                warned = warned || message.get<std::string>().find("gone.mtl") != std::string::npos;
            }
        }
        EXPECT_EQ(warned, i == 3) << card->dump(1);
    }
    const nlohmann::json *broken = CardOf(data, "broken/BROKEN.ABC");
    ASSERT_NE(broken, nullptr);
    EXPECT_FALSE((*broken)["ok"].get<bool>());
    EXPECT_NE((*broken)["error"].get<std::string>().find("not a LithTech ABC model"), std::string::npos)
            << broken->dump(1);
    EXPECT_EQ((*broken)["thumbnail"], "");
    EXPECT_EQ((*broken)["folder"], "broken");
}

TEST(GalleryTool, ThumbnailsBesideOutputsWithoutAGallery) {
    const fs::path in = fs::path(OutputPath("Tool/thumbnails/in/x")).parent_path();
    const fs::path out = fs::path(OutputPath("Tool/thumbnails/out/x")).parent_path();
    fs::remove_all(out);
    WriteText(in / "a.obj", Square(""));
    std::string log;
    ASSERT_EQ(RunCommand("'" + ToolPath() + "' export --recursive '" + in.string() + "' '" + out.string() +
                      "' -f obj --thumbnails",
                      &log),
            0)
            << log;
    EXPECT_TRUE(fs::exists(out / "a.obj"));
    EXPECT_TRUE(fs::exists(out / "a.obj.png"));
    EXPECT_FALSE(fs::exists(out / "index.html"));
}

} // namespace
