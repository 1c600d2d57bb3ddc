// LTB child models: the .ltb files a model names, found next to it as ABC's
// are (file name only, any case, `\` or `/`, ".ltb" added), add their
// animations to the model's skeleton; written by the project's LTB writer.
#include "LtbTestHelpers.h"
#include "support/LogCapture.h"

#include <assimp_retro/config.h>

#include <gtest/gtest.h>

#include <filesystem>

namespace {

using namespace assimp_retro::ltb;
using retro_test::ltb_writer::PackLzmaAlone;
using retro_test::ltb_writer::SampleModel;
using retro_test::ltb_writer::WriteLtb;

/// A folder holding "parent.ltb", naming `childName`, and (packed) "RUNNER.LTB",
/// whose one animation is "run"; returns the parent's path.
std::string WriteParentAndChild(const std::string &folder, const std::string &childName) {
    Model parent = SampleModel(kRigidMesh, kCompressNone);
    parent.childModels = {childName};
    Model child = SampleModel(kNullMesh, kCompressRelevant);
    child.animations[0].name = "run";
    const std::string path = retro_test::OutputPath("LtbChildModels/" + folder + "/parent.ltb");
    retro_test::WriteFile(retro_test::OutputPath("LtbChildModels/" + folder + "/RUNNER.LTB"), PackLzmaAlone(WriteLtb(child)));
    retro_test::WriteFile(path, WriteLtb(parent));
    return path;
}

std::vector<std::string> AnimationNames(const aiScene &scene) {
    std::vector<std::string> names;
    for (unsigned i = 0; i < scene.mNumAnimations; ++i) {
        names.emplace_back(scene.mAnimations[i]->mName.C_Str());
    }
    return names;
}

} // namespace

TEST(LtbChildModels, AChildsAnimationsJoinByNodeName) {
    const std::string path = WriteParentAndChild("found", "Models\\Chars/runner");
    Assimp::Importer importer;
    const aiScene *scene = retro_test::Import(importer, path);
    ASSERT_NE(scene, nullptr) << importer.GetErrorString();
    ASSERT_EQ(AnimationNames(*scene), (std::vector<std::string>{"wave", "run"}));
    const aiAnimation &run = *scene->mAnimations[1];
    EXPECT_EQ(run.mNumChannels, 3u); // root, spine, arm: every node of the child names one of the model's
    EXPECT_EQ(run.mNumMorphMeshChannels, 0u);
    aiString source;
    ASSERT_TRUE(scene->mMetaData->Get("abc:anim1.source", source));
    EXPECT_STREQ(source.C_Str(), "Models\\Chars/runner"); // as the model names it
}

TEST(LtbChildModels, TurnedOffOrMissingTheModelKeepsItsOwn) {
    {
        const std::string path = WriteParentAndChild("off", "runner.ltb");
        Assimp::Importer importer;
        importer.SetPropertyBool(AI_CONFIG_IMPORT_ABC_CHILD_MODELS, false);
        const aiScene *scene = retro_test::Import(importer, path);
        ASSERT_NE(scene, nullptr) << importer.GetErrorString();
        EXPECT_EQ(AnimationNames(*scene), (std::vector<std::string>{"wave"}));
    }
    const std::string path = WriteParentAndChild("missing", "walker");
    Assimp::Importer importer;
    const aiScene *scene = retro_test::Import(importer, path);
    ASSERT_NE(scene, nullptr) << importer.GetErrorString();
    EXPECT_EQ(AnimationNames(*scene), (std::vector<std::string>{"wave"}));
}

TEST(LtbChildModels, AChildsOwnChildModelsAreNotFollowed) {
    // The engine loads child models one level deep: runner names jumper,
    // whose animation stays out.
    Model parent = SampleModel(kRigidMesh, kCompressNone);
    parent.childModels = {"runner"};
    Model runner = SampleModel(kNullMesh, kCompressNone);
    runner.animations[0].name = "run";
    runner.childModels = {"jumper"};
    Model jumper = SampleModel(kNullMesh, kCompressNone);
    jumper.animations[0].name = "jump";
    const std::string path = retro_test::OutputPath("LtbChildModels/nested/parent.ltb");
    retro_test::WriteFile(path, WriteLtb(parent));
    retro_test::WriteFile(retro_test::OutputPath("LtbChildModels/nested/runner.ltb"), WriteLtb(runner));
    retro_test::WriteFile(retro_test::OutputPath("LtbChildModels/nested/jumper.ltb"), WriteLtb(jumper));
    Assimp::Importer importer;
    retro_test::LogCapture log;
    const aiScene *scene = retro_test::Import(importer, path);
    ASSERT_NE(scene, nullptr) << importer.GetErrorString();
    EXPECT_EQ(AnimationNames(*scene), (std::vector<std::string>{"wave", "run"}));
    // ABC's loader with a depth of one (AbcLt2Import.h): its warnings.
    EXPECT_TRUE(log.Contains("runner.ltb: names child models of its own, nested deeper than 1 level, which the engine "
                             "refuses; not followed"))
            << log.Text();
}

TEST(LtbChildModels, AModelNamingItselfIsACycle) {
    Model parent = SampleModel(kRigidMesh, kCompressNone);
    parent.childModels = {"self"};
    const std::string path = retro_test::OutputPath("LtbChildModels/cycle/self.ltb");
    retro_test::WriteFile(path, WriteLtb(parent));
    Assimp::Importer importer;
    retro_test::LogCapture log;
    const aiScene *scene = retro_test::Import(importer, path);
    ASSERT_NE(scene, nullptr) << importer.GetErrorString();
    EXPECT_EQ(AnimationNames(*scene), (std::vector<std::string>{"wave"}));
    // The warning names the file as the lookup spells it: on Windows with the
    // drive and forward slashes (the test's path may have neither).
    const std::string found = std::filesystem::absolute(path).generic_string();
    EXPECT_TRUE(log.Contains("child model 'self' (" + found + ") refers back to a model that uses it (cycle); skipped"))
            << log.Text();
}

// A child model named by blanks only, in a model read from memory (no
// folder): the lookup must not hand the blank path to Assimp's IOSystem
// filter, which erased a negative length on it (a fuzz_ltb finding).
TEST(LtbChildModels, ABlankNameInAModelReadFromMemoryIsNotFound) {
    for (const std::string &name : {std::string("   "), std::string(" \t\r\n"), std::string(2, '\0')}) {
        Model parent = SampleModel(kRigidMesh, kCompressNone);
        parent.childModels = {name};
        const std::vector<uint8_t> bytes = WriteLtb(parent);
        Assimp::Importer importer;
        const aiScene *scene = retro_test::ImportMemory(importer, bytes, "ltb");
        ASSERT_NE(scene, nullptr) << importer.GetErrorString();
        EXPECT_EQ(AnimationNames(*scene), (std::vector<std::string>{"wave"}));
    }
}

