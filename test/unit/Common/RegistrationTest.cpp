// RegisterAll on any libassimp: the plugin's importers serve .abc, .p3d, .oni
// and .dat, also when libassimp has importers of ours compiled in (a patched
// Assimp from port/), whose copies are set aside. Runs against Debian's
// library, an installed patched one, and in tools/run_tests.sh's second
// configuration the port build's (ASSIMP_RETRO_EXPECT_BUILTIN=1 there: the
// built-in copies must be found).
#include "AssetLib/LithTech/AbcImporter.h"
#ifdef ASSIMP_RETRO_TEST_LTB
#include "AssetLib/LithTech/LtbImporter.h"
#endif
#include "AssetLib/Oni/ObanImporter.h"
#include "AssetLib/Poseidon/P3dImporter.h"
#include "support/GltfTestScenes.h"
#include "support/LinkedAssimp.h"
#include "support/TestSupport.h"

#include <assimp_retro/assimp_retro.h>
#include <assimp_retro/config.h>

#include <assimp/BaseImporter.h>
#include <assimp/Exporter.hpp>
#include <assimp/Importer.hpp>
#include <assimp/importerdesc.h>
#include <assimp/scene.h>

#include <gtest/gtest.h>

#include <map>
#include <stdexcept>
#include <string>

namespace {

using assimp_retro::FormatServer;
using assimp_retro::ImporterCopy;

/// A stand-in for an importer compiled into libassimp: what RegisterAll
/// recognises (author "assimp-retro", one of our extensions), nothing else.
class FakeImporter : public Assimp::BaseImporter {
public:
    FakeImporter(const char *author, const char *extensions, int *destroyed)
        : mDesc{"fake", author, "", "", 0, 0, 0, 0, 0, extensions}, mDestroyed(destroyed) {}
    ~FakeImporter() override { ++*mDestroyed; }
    bool CanRead(const std::string &, Assimp::IOSystem *, bool) const override { return true; }
    const aiImporterDesc *GetInfo() const override { return &mDesc; }

protected:
    void InternReadFile(const std::string &, aiScene *, Assimp::IOSystem *) override {
        throw std::runtime_error("the fake importer read a file");
    }

private:
    aiImporterDesc mDesc;
    int *mDestroyed;
};

const aiImporterDesc *DescriptionOf(const Assimp::BaseImporter &importer) {
    return importer.GetInfo();
}

/// The plugin's own descriptions (this test links the plugin library).
std::map<std::string, const aiImporterDesc *> PluginDescriptions() {
    return {{"OBAN", DescriptionOf(Assimp::ObanImporter())},
            {"ABC", DescriptionOf(Assimp::AbcImporter())},
#ifdef ASSIMP_RETRO_TEST_LTB
            {"LTB", DescriptionOf(Assimp::LtbImporter())},
#endif
            {"P3D", DescriptionOf(Assimp::P3dImporter())}};
}

/// The plugin's importers: LTB is built only where liblzma is (a build with
/// ASSIMP_RETRO_ENABLE_LTB=OFF has the other three).
#ifdef ASSIMP_RETRO_TEST_LTB
constexpr unsigned kPluginImporters = 4;
#else
constexpr unsigned kPluginImporters = 3;
#endif
/// port/'s patched libassimp has all four built in: OBAN, ABC, LTB and P3D.
constexpr unsigned kPatchedBuiltIn = 4;

std::map<std::string, ImporterCopy> CopyByExtension(const Assimp::Importer &importer) {
    std::map<std::string, ImporterCopy> copies;
    for (const FormatServer &server : assimp_retro::Servers(importer)) {
        copies[server.extension] = server.copy;
    }
    return copies;
}

unsigned CountOurs(const Assimp::Importer &importer) {
    unsigned count = 0;
    for (size_t i = 0; i < importer.GetImporterCount(); ++i) {
        const aiImporterDesc *desc = importer.GetImporterInfo(i);
        count += desc->mAuthor != nullptr && std::string(desc->mAuthor) == "assimp-retro" ? 1 : 0;
    }
    return count;
}

} // namespace

// Whatever libassimp holds, after RegisterAll the plugin's importer is the
// first one for each of our extensions, and none of libassimp's copies is left.
TEST(Registration, PluginServesEveryExtension) {
    Assimp::Importer importer;
    const size_t before = importer.GetImporterCount();
    const unsigned builtIn = CountOurs(importer);
    const std::map<std::string, ImporterCopy> fresh = CopyByExtension(importer);
    ASSERT_EQ(fresh.size(), kPluginImporters + 1); // oni dat abc p3d (ltb)
    if (retro_test::ExpectBuiltInImporters()) {
        EXPECT_EQ(builtIn, kPatchedBuiltIn) << "ASSIMP_RETRO_EXPECT_BUILTIN=1 but libassimp has no importers of ours: "
                                  "is LD_LIBRARY_PATH set to the patched library?";
    }
    EXPECT_TRUE(builtIn == 0u || builtIn == kPatchedBuiltIn) << builtIn; // Debian's Assimp, or a patched one
    for (const auto &entry : fresh) {
        EXPECT_EQ(entry.second, builtIn != 0 ? ImporterCopy::BuiltIn : ImporterCopy::None) << entry.first;
    }

    EXPECT_EQ(assimp_retro::RegisterAll(importer), kPluginImporters);
    EXPECT_EQ(importer.GetImporterCount(), before - builtIn + kPluginImporters);
    EXPECT_EQ(CountOurs(importer), kPluginImporters);
    const std::map<std::string, const aiImporterDesc *> plugin = PluginDescriptions();
    for (const FormatServer &server : assimp_retro::Servers(importer)) {
        EXPECT_EQ(server.copy, ImporterCopy::Plugin) << server.extension;
        const size_t index = importer.GetImporterIndex(server.extension.c_str());
        ASSERT_NE(index, static_cast<size_t>(-1)) << server.extension;
        EXPECT_EQ(importer.GetImporterInfo(index), plugin.at(server.format)) << server.extension;
        EXPECT_EQ(server.importer, plugin.at(server.format)->mName) << server.extension;
    }
}

// The rule itself, without a patched libassimp: an importer that says it is
// ours and claims our extensions is taken out and deleted; another
// program's importer of the same extension stays, and stays first.
TEST(Registration, BuiltInCopiesAreSetAsideOthersKept) {
    int oursDestroyed = 0;
    int otherDestroyed = 0;
    {
        Assimp::Importer importer;
        ASSERT_EQ(importer.RegisterLoader(new FakeImporter("assimp-retro", "abc oni", &oursDestroyed)), AI_SUCCESS);
        ASSERT_EQ(importer.RegisterLoader(new FakeImporter("someone else", "dat", &otherDestroyed)), AI_SUCCESS);
        const unsigned ours = CountOurs(importer);
        std::map<std::string, ImporterCopy> copies = CopyByExtension(importer);
        EXPECT_EQ(copies["abc"], ImporterCopy::BuiltIn);
        EXPECT_EQ(copies["oni"], ImporterCopy::BuiltIn);

        EXPECT_EQ(assimp_retro::RegisterAll(importer), kPluginImporters);
        EXPECT_EQ(oursDestroyed, 1); // set aside and deleted at once
        EXPECT_EQ(CountOurs(importer), ours - 1 - (retro_test::LinkedAssimpHasOurImporters() ? kPatchedBuiltIn : 0) + kPluginImporters);
        copies = CopyByExtension(importer);
        EXPECT_EQ(copies["abc"], ImporterCopy::Plugin);
        EXPECT_EQ(copies["oni"], ImporterCopy::Plugin);
        EXPECT_EQ(copies["p3d"], ImporterCopy::Plugin);
        EXPECT_EQ(copies["dat"], ImporterCopy::Other); // registered before ours, not ours: untouched
        EXPECT_EQ(otherDestroyed, 0);
    }
    EXPECT_EQ(oursDestroyed, 1);
    EXPECT_EQ(otherDestroyed, 1); // the Importer deleted the one it kept
}

// The file is read by the plugin's code (the index Assimp records for the
// importer it used), so the plugin's properties apply: IMPORT_OBAN_CAMERA
// adds the camera, and the units property scales its clip planes.
TEST(Registration, PluginReadsTheFileAndItsPropertiesApply) {
    const std::string dolly = std::string(ASSIMP_RETRO_SOURCE_DIR) + "/test/models/oban/OBANcamera_dolly.oni";
    const std::map<std::string, const aiImporterDesc *> plugin = PluginDescriptions();
    for (bool camera : {false, true}) {
        Assimp::Importer importer;
        importer.SetPropertyBool(AI_CONFIG_IMPORT_OBAN_CAMERA, camera);
        importer.SetPropertyBool(AI_CONFIG_IMPORT_RETRO_UNITS_TO_METRES, true);
        const aiScene *scene = retro_test::Import(importer, dolly);
        ASSERT_NE(scene, nullptr) << importer.GetErrorString();
        const int used = importer.GetPropertyInteger("importerIndex", -1);
        ASSERT_GE(used, 0);
        EXPECT_EQ(importer.GetImporterInfo(static_cast<size_t>(used)), plugin.at("OBAN"));
        ASSERT_EQ(scene->mNumCameras, camera ? 1u : 0u);
        if (camera) {
            EXPECT_FLOAT_EQ(scene->mCameras[0]->mClipPlaneFar, 1000.f);
        }
    }
    for (const char *relative : {"/test/models/abc/skinned_v6.abc", "/test/models/p3d/sample_odol.p3d"}) {
        Assimp::Importer importer;
        const aiScene *scene = retro_test::Import(importer, std::string(ASSIMP_RETRO_SOURCE_DIR) + relative);
        ASSERT_NE(scene, nullptr) << relative << ": " << importer.GetErrorString();
        const int used = importer.GetPropertyInteger("importerIndex", -1);
        ASSERT_GE(used, 0) << relative;
        EXPECT_EQ(importer.GetImporterInfo(static_cast<size_t>(used)),
                plugin.at(std::string(relative).find(".abc") != std::string::npos ? "ABC" : "P3D"))
                << relative;
    }
}

// The exporters follow the same rule: one of the same id already on the
// Exporter (a patched libassimp's built-in copy, here a stand-in) is replaced
// by this library's, which is the one that runs.
TEST(Registration, ExportersReplaceOnesOfTheSameId) {
    Assimp::Exporter fresh;
    const unsigned count = assimp_retro::RegisterExporters(fresh);
    if (count == 0) {
        GTEST_SKIP() << "this build has no exporters of its own yet";
    }
    // RegisterExporter appends: ours are the last `count` entries.
    std::map<std::string, std::string> ours; // id -> description
    for (size_t i = fresh.GetExportFormatCount() - count; i < fresh.GetExportFormatCount(); ++i) {
        const aiExportFormatDesc *desc = fresh.GetExportFormatDescription(i);
        ours[desc->id] = desc->description;
    }
    static bool standInRan = false;
    Assimp::Exporter exporter;
    for (const auto &entry : ours) {
        exporter.UnregisterExporter(entry.first.c_str()); // as if libassimp's own were this stand-in
        ASSERT_EQ(exporter.RegisterExporter(Assimp::Exporter::ExportFormatEntry(entry.first.c_str(), "stand-in", "x",
                          [](const char *, Assimp::IOSystem *, const aiScene *, const Assimp::ExportProperties *) {
                              standInRan = true;
                          })),
                aiReturn_SUCCESS);
    }
    EXPECT_EQ(assimp_retro::RegisterExporters(exporter), count);
    for (const auto &entry : ours) {
        unsigned withId = 0;
        for (size_t i = 0; i < exporter.GetExportFormatCount(); ++i) {
            const aiExportFormatDesc *desc = exporter.GetExportFormatDescription(i);
            if (entry.first == desc->id) {
                ++withId;
                EXPECT_EQ(entry.second, desc->description) << entry.first;
            }
        }
        EXPECT_EQ(withId, 1u) << entry.first;
        // Whatever our exporter makes of this scene, the stand-in must not run.
        const auto scene = gltf_test::MakeCameraScene();
        exporter.Export(scene.get(), entry.first.c_str(), retro_test::OutputPath("Registration/out." + entry.first).c_str());
    }
    EXPECT_FALSE(standInRan);
}
