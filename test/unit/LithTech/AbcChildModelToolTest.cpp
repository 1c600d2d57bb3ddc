// Child models through the built tool, with fixtures from the project's ABC
// v12 writer: the model names them as a Windows game did ("/goodman.abc" for
// GOODMAN.ABC, "Models\\Base" for base.ABC), found ignoring case and the kind
// of slash; the scene records them as the model names them (no path of this
// machine); abc12 writes them back as references (the model's own
// animations only) unless EXPORT_ABC_V12_BAKE_CHILD_MODELS bakes them in.
#include "AssetLib/LithTech/AbcMetadataKeys.h"
#include "support/ExportSupport.h"
#include "support/TestSupport.h"
#include "writers/LithTech/AbcLt2Fixtures.h"

#include <assimp_retro/config.h>

#include <assimp/Importer.hpp>
#include <assimp/scene.h>

#include <gtest/gtest.h>

#include <filesystem>

namespace {

namespace fs = std::filesystem;
namespace w = abcv9_writer;
namespace keys = assimp_retro::abc::keys;

struct Fixture {
    std::string folder; ///< the model with its child models, ending in '/'
    std::string model;
};

Fixture WriteFixture() {
    Fixture f;
    // One folder per test: ctest runs the tests of this file as parallel processes.
    const std::string test = ::testing::UnitTest::GetInstance()->current_test_info()->name();
    f.folder = retro_test::OutputPath("AbcChildModelTool/" + test + "/game/x");
    f.folder.pop_back();
    f.model = f.folder + "Main.abc";
    retro_test::WriteFile(f.model, w::Write(w::MakeTestModel(12, 1, {"/goodman.abc", "Models\\Base"})));
    retro_test::WriteFile(f.folder + "GOODMAN.ABC", w::Write(w::MakeAnimationModel(12, "sneak")));
    retro_test::WriteFile(f.folder + "base.ABC", w::Write(w::MakeAnimationModel(12, "wave")));
    return f;
}

std::string MetaString(const aiScene &scene, const assimp_retro::MetaKey<std::string> &key) {
    std::string value;
    return assimp_retro::Get(scene.mMetaData, key, value) ? value : std::string("<absent>");
}

const aiScene *Import(Assimp::Importer &importer, const std::string &path, bool childModels = true) {
    importer.SetPropertyBool(AI_CONFIG_IMPORT_ABC_CHILD_MODELS, childModels);
    return retro_test::Import(importer, path);
}

std::vector<std::string> AnimationNames(const aiScene &scene) {
    std::vector<std::string> names;
    for (unsigned a = 0; a < scene.mNumAnimations; ++a) names.emplace_back(scene.mAnimations[a]->mName.C_Str());
    return names;
}

TEST(AbcChildModelTool, FoundIgnoringCaseAndRecordedAsTheModelNamesThem) {
    const Fixture f = WriteFixture();
    Assimp::Importer importer;
    const aiScene *scene = Import(importer, f.model);
    ASSERT_NE(scene, nullptr) << importer.GetErrorString();
    const std::vector<std::string> names = AnimationNames(*scene);
    ASSERT_GE(names.size(), 3u);
    EXPECT_EQ(names[names.size() - 2], "sneak");
    EXPECT_EQ(names.back(), "wave");
    const unsigned sneak = scene->mNumAnimations - 2;
    EXPECT_EQ(MetaString(*scene, keys::Anim(sneak).source), "/goodman.abc");
    EXPECT_EQ(MetaString(*scene, keys::Anim(sneak + 1).source), "Models\\Base");
    for (unsigned i = 0; i < scene->mMetaData->mNumProperties; ++i) {
        aiString text;
        if (scene->mMetaData->Get(i, text)) {
            EXPECT_EQ(std::string(text.C_Str()).find(fs::u8path(f.folder).parent_path().u8string()), std::string::npos)
                    << scene->mMetaData->mKeys[i].C_Str() << " holds a path of this machine: " << text.C_Str();
        }
    }
}

TEST(AbcChildModelTool, ExportWritesReferencesByDefault) {
    const Fixture f = WriteFixture();
    Assimp::Importer first;
    const aiScene *original = Import(first, f.model);
    ASSERT_NE(original, nullptr) << first.GetErrorString();
    Assimp::Importer own;
    const aiScene *ownOnly = Import(own, f.model, false);
    ASSERT_NE(ownOnly, nullptr) << own.GetErrorString();
    ASSERT_EQ(original->mNumAnimations, ownOnly->mNumAnimations + 2); // sneak and wave from the child models

    // Next to the child models the game (and the importer) finds them again.
    const std::string beside = f.folder + "Again.abc";
    std::string output;
    ASSERT_EQ(retro_test::RunToolExport(f.model, beside, "-f abc12", &output), 0) << output;
    Assimp::Importer second;
    const aiScene *again = Import(second, beside);
    ASSERT_NE(again, nullptr) << second.GetErrorString();
    EXPECT_EQ(AnimationNames(*again), AnimationNames(*original));
    EXPECT_EQ(MetaString(*again, keys::ChildModelName(1)), "/goodman.abc");
    EXPECT_EQ(MetaString(*again, keys::ChildModelName(2)), "Models\\Base");

    // The file itself holds the model's own animations only.
    Assimp::Importer third;
    const aiScene *alone = Import(third, beside, false);
    ASSERT_NE(alone, nullptr) << third.GetErrorString();
    EXPECT_EQ(AnimationNames(*alone), AnimationNames(*ownOnly));
}

TEST(AbcChildModelTool, BakePropertyWritesAStandaloneFile) {
    const Fixture f = WriteFixture();
    Assimp::Importer first;
    const aiScene *original = Import(first, f.model);
    ASSERT_NE(original, nullptr) << first.GetErrorString();
    const std::string standalone = f.folder + "Standalone.abc";
    std::string output;
    ASSERT_EQ(retro_test::RunToolExport(f.model, standalone, "-f abc12 --set EXPORT_ABC_V12_BAKE_CHILD_MODELS=1", &output), 0)
            << output;
    Assimp::Importer second;
    const aiScene *again = Import(second, standalone, false);
    ASSERT_NE(again, nullptr) << second.GetErrorString();
    EXPECT_EQ(AnimationNames(*again), AnimationNames(*original));
    EXPECT_EQ(MetaString(*again, keys::ChildModelName(1)), "<absent>");
}

} // namespace
