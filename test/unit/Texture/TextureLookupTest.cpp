// Finding texture files the way the games do (TextureLookup) and the batch
// texture cache: real folder layouts (../shared/corpus/ofp-tree, kpc-tree)
// and small trees made here.
#include "AssetLib/LithTech/AbcSkinLookup.h"
#include "AssetLib/Poseidon/P3dTextureLookup.h"
#include "Common/Texture/TextureLookup.h"
#include "support/TestSupport.h"

#include <assimp_retro/texture_cache.h>

#include <assimp/DefaultIOSystem.h>

#include <gtest/gtest.h>

#include <atomic>
#include <filesystem>
#include <thread>

namespace fs = std::filesystem;
using assimp_retro::FindAbcSkin;
using assimp_retro::FindP3dTexture;

namespace {

// A fresh folder under the test output, with `files` (relative, '/') created empty.
fs::path MakeTree(const std::string &name, const std::vector<std::string> &files) {
    const fs::path root = fs::path(retro_test::OutputPath("lookup/" + name + "/x")).parent_path();
    fs::remove_all(root);
    for (const std::string &file : files) {
        retro_test::WriteFile((root / file).string(), {1, 2, 3});
    }
    return root;
}

// Absolute too: on Windows the look-up's answers carry the drive ("Z:/...")
// that the tests' own absolute POSIX-style paths leave out.
std::string Generic(const std::string &path) {
    return path.empty() ? path : fs::absolute(fs::u8path(path)).lexically_normal().generic_u8string();
}

} // namespace

TEST(TextureLookup, OfpTreeResolvesWithNoOption) {
    const std::string model = retro_test::CorpusPath("ofp-tree/TZK_Objects/Model/Tomahawk_gdtcti_xj200.p3d");
    ASSERT_FALSE(model.empty());
    Assimp::DefaultIOSystem io;
    const std::string found = FindP3dTexture(&io, model, "tzk_objects\\tomahawk.paa", {});
    EXPECT_EQ(Generic(found), Generic(retro_test::CorpusPath("ofp-tree/TZK_Objects/tomahawk.paa")));
}

TEST(TextureLookup, P3dSearchOrderCaseAndExtensionSwap) {
    const fs::path root = MakeTree("p3d", {"Game/AddOns/MyAddon/Model/car.p3d", "Game/AddOns/MyAddon/Wheel.PAC",
                                           "Game/Data/Sky.paa", "Roots/one/data/sky.paa"});
    Assimp::DefaultIOSystem io;
    const std::string model = (root / "Game/AddOns/MyAddon/Model/car.p3d").string();
    // A/AddOns/<path>, any case, '\' separators; .paa -> .pac when only .pac exists.
    EXPECT_EQ(Generic(FindP3dTexture(&io, model, "myaddon\\wheel.paa", {})),
            Generic((root / "Game/AddOns/MyAddon/Wheel.PAC").string()));
    // A/<path> from the game root (base game "data\").
    EXPECT_EQ(Generic(FindP3dTexture(&io, model, "DATA\\sky.paa", {})), Generic((root / "Game/Data/Sky.paa").string()));
    // A user root comes first.
    EXPECT_EQ(Generic(FindP3dTexture(&io, model, "data\\sky.paa", {(root / "Roots/none").string(),
                                                                      (root / "Roots/one").string()})),
            Generic((root / "Roots/one/data/sky.paa").string()));
    EXPECT_EQ(FindP3dTexture(&io, model, "data\\missing.paa", {}), "");
    EXPECT_EQ(FindP3dTexture(&io, model, "", {}), "");
}

TEST(TextureLookup, KpcTreeSkinsBesideModels) {
    Assimp::DefaultIOSystem io;
    for (const char *name : {"CREATURES/TIBERIUS", "CREATURES/BATWING", "DECOS/FLAG"}) {
        const std::string model = retro_test::CorpusPath(std::string("kpc-tree/MODELS/") + name + ".ABC");
        ASSERT_FALSE(model.empty());
        EXPECT_EQ(Generic(FindAbcSkin(&io, model, 0, {}, "")),
                Generic(retro_test::CorpusPath(std::string("kpc-tree/SKINS/") + name + ".DTX")))
                << name;
        EXPECT_EQ(FindAbcSkin(&io, model, 2, {}, ""), "") << "no guess beyond material index 1";
    }
}

TEST(TextureLookup, AbcConventionsAndOptions) {
    const fs::path root = MakeTree("abc", {"Game/Models/Props/lamp.abc", "Game/Skins/World/LAMP.DTX",
                                           "Game/Models/Chars/cate.abc", "Game/Skins/Chars/cate.dtx",
                                           "Game/Skins/Chars/cate_head.dtx", "Other/cate.dtx", "Other/b.dtx"});
    Assimp::DefaultIOSystem io;
    const std::string lamp = (root / "Game/Models/Props/lamp.abc").string();
    const std::string cate = (root / "Game/Models/Chars/cate.abc").string();
    // Not in SKINS/Props: any SKINS/** file of that name.
    EXPECT_EQ(Generic(FindAbcSkin(&io, lamp, 0, {}, "")), Generic((root / "Game/Skins/World/LAMP.DTX").string()));
    EXPECT_EQ(FindAbcSkin(&io, lamp, 1, {}, ""), "");
    // MODELS -> SKINS, and <stem>_head for material index 1.
    EXPECT_EQ(Generic(FindAbcSkin(&io, cate, 1, {}, "")),
            Generic((root / "Game/Skins/Chars/cate_head.dtx").string()));
    // The skin folder comes first.
    EXPECT_EQ(Generic(FindAbcSkin(&io, cate, 0, {}, (root / "Other").string())),
            Generic((root / "Other/cate.dtx").string()));
    // An explicit list: entry k for material index k, relative to the model, then the skin folder; nothing guessed.
    const std::vector<std::string> skins = {"..\\..\\Skins\\Chars\\CATE_HEAD.DTX", "", "b.dtx"};
    EXPECT_EQ(Generic(FindAbcSkin(&io, cate, 0, skins, (root / "Other").string())),
            Generic((root / "Game/Skins/Chars/cate_head.dtx").string()));
    EXPECT_EQ(FindAbcSkin(&io, cate, 1, skins, (root / "Other").string()), "");
    EXPECT_EQ(Generic(FindAbcSkin(&io, cate, 2, skins, (root / "Other").string())),
            Generic((root / "Other/b.dtx").string()));
    EXPECT_EQ(FindAbcSkin(&io, cate, 3, skins, (root / "Other").string()), "");
}

TEST(TextureLookup, BesideTheModelIsTheLastCandidate) {
    const fs::path root = MakeTree("beside", {"Flat/car.p3d", "Flat/Wheel.PAA", "Flat/tyre.pac", "Flat/sky.paa",
                                              "Data/Sky.paa", "Flat/LAMP.ABC", "Flat/lamp.dtx", "Flat/lamp_head.dtx"});
    const std::string car = (root / "Flat/car.p3d").string();
    // No IOSystem: the disk only, as for Assimp's own DefaultIOSystem.
    EXPECT_EQ(Generic(FindP3dTexture(nullptr, car, "myaddon\\wheel.paa", {})), Generic((root / "Flat/Wheel.PAA").string()));
    EXPECT_EQ(Generic(FindP3dTexture(nullptr, car, "myaddon\\tyre.paa", {})), Generic((root / "Flat/tyre.pac").string()));
    // A documented candidate (A/<path> for A = the folder above) comes first.
    EXPECT_EQ(Generic(FindP3dTexture(nullptr, car, "data\\sky.paa", {})), Generic((root / "Data/Sky.paa").string()));
    EXPECT_EQ(FindP3dTexture(nullptr, car, "myaddon\\missing.paa", {}), "");

    const std::string lamp = (root / "Flat/LAMP.ABC").string();
    std::string tried;
    EXPECT_EQ(Generic(FindAbcSkin(nullptr, lamp, 0, {}, "", &tried)), Generic((root / "Flat/lamp.dtx").string()));
    EXPECT_EQ(tried, "../SKINS/LAMP.dtx (no MODELS folder above the model), LAMP.dtx beside the model");
    EXPECT_EQ(Generic(FindAbcSkin(nullptr, lamp, 1, {}, "")), Generic((root / "Flat/lamp_head.dtx").string()));
    EXPECT_EQ(FindAbcSkin(nullptr, lamp, 2, {}, ""), "") << "no guess beyond material index 1";
}

TEST(TextureLookup, SplitPathList) {
    EXPECT_EQ(assimp_retro::SplitPathList(" a ; b|c;"), (std::vector<std::string>{"a", "b", "c"}));
    EXPECT_EQ(assimp_retro::SplitPathList("a;;b;", true), (std::vector<std::string>{"a", "", "b"}));
    EXPECT_TRUE(assimp_retro::SplitPathList("").empty());
}

TEST(TextureCache, MakesEachKeyOnceAcrossThreads) {
    assimp_retro::TextureCache cache;
    std::atomic<int> made{0};
    std::vector<std::thread> threads;
    for (int t = 0; t < 8; ++t) {
        threads.emplace_back([&, t] {
            for (int i = 0; i < 50; ++i) {
                const std::string key = "tex" + std::to_string((i + t) % 5);
                const auto entry = cache.GetOrMake(key, [&] {
                    ++made;
                    std::this_thread::sleep_for(std::chrono::microseconds(200));
                    assimp_retro::CachedTexture texture;
                    texture.width = static_cast<uint32_t>(key.back() - '0');
                    return texture;
                });
                EXPECT_EQ(entry->width, static_cast<uint32_t>(key.back() - '0'));
            }
        });
    }
    for (std::thread &thread : threads) {
        thread.join();
    }
    EXPECT_EQ(made.load(), 5);
    EXPECT_EQ(cache.Size(), 5u);
    EXPECT_EQ(cache.Made(), 5u);
    EXPECT_EQ(cache.Reused(), 8u * 50u - 5u);
}

TEST(TextureCache, AThrowingMakerIsAFailedEntry) {
    assimp_retro::TextureCache cache;
    const auto entry = cache.GetOrMake("bad", []() -> assimp_retro::CachedTexture { throw std::runtime_error("boom"); });
    EXPECT_EQ(entry->error, "boom");
    EXPECT_TRUE(entry->png.empty());
}

TEST(TextureLookup, DirectoryCacheSameAnswersEachFolderListedOnce) {
    const fs::path root = MakeTree("dircache", {"Game/AddOns/MyAddon/Model/car.p3d", "Game/AddOns/MyAddon/Wheel.PAC",
                                                "Game/AddOns/MyAddon/Tex/Body.Paa", "Game/DATA/Sky.paa",
                                                "Game/data2/sky.paa", "Game/Data/Sub/x.pac", "Roots/One/DATA/SKY.PAA"});
    Assimp::DefaultIOSystem io;
    const std::string model = (root / "Game/AddOns/MyAddon/Model/car.p3d").string();
    const std::vector<std::string> roots = {(root / "Roots/none").string(), (root / "roots/one").string()};
    const std::vector<std::string> gamePaths = {"myaddon\\wheel.paa", "MYADDON\\TEX\\body.paa", "data\\sky.paa",
            "data\\sub\\X.PAA", "data2\\SKY.pac", "data", "myaddon\\tex", "data\\missing.paa", "nowhere\\x.paa"};
    assimp_retro::DirectoryCache dirs;
    for (const bool withRoots : {false, true}) {
        for (const std::string &gamePath : gamePaths) {
            const std::vector<std::string> used = withRoots ? roots : std::vector<std::string>();
            EXPECT_EQ(FindP3dTexture(&io, model, gamePath, used, dirs), FindP3dTexture(&io, model, gamePath, used))
                    << gamePath;
        }
    }
    // Real answers, not just equal ones (folders are not files; case and .paa/.pac are ignored).
#if defined(_WIN32)
    // Windows' file system made Game/Data/Sub inside Game/DATA (one folder there).
    EXPECT_EQ(Generic(FindP3dTexture(&io, model, "data\\sub\\X.PAA", {}, dirs)),
            Generic((root / "Game/DATA/Sub/x.pac").string()));
#else
    EXPECT_EQ(Generic(FindP3dTexture(&io, model, "data\\sub\\X.PAA", {}, dirs)),
            Generic((root / "Game/Data/Sub/x.pac").string()));
#endif
    EXPECT_EQ(Generic(FindP3dTexture(&io, model, "data\\sky.paa", roots, dirs)),
            Generic((root / "Roots/One/DATA/SKY.PAA").string()));
    EXPECT_EQ(FindP3dTexture(&io, model, "myaddon\\tex", {}, dirs), "");
    // Every folder was listed once: asking everything again lists nothing new,
    // and no more folders were listed than the tree and the folders above it hold.
    const size_t listed = dirs.Listings();
    EXPECT_GT(listed, 0u);
    for (const std::string &gamePath : gamePaths) {
        FindP3dTexture(&io, model, gamePath, roots, dirs);
    }
    EXPECT_EQ(dirs.Listings(), listed);
    size_t folders = std::distance(root.begin(), root.end()) + 1;
    for (const fs::directory_entry &entry : fs::recursive_directory_iterator(root)) {
        folders += entry.is_directory() ? 1 : 0;
    }
    EXPECT_LE(listed, folders);
}
