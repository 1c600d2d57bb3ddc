// Names with embedded NUL bytes, in every format: a corrupted length or a
// fixed-size field keeps bytes after the terminator. The scene holds the text
// up to the first NUL and passes Assimp's validator (ImportMemory runs it),
// where the importers used to hand Assimp an invalid aiString (the glTF
// exporter crashed on it). One case per format: the file with NULs in its
// names (the project's writers), and what that format's names become.
#include "support/TestSupport.h"
#include "writers/LithTech/AbcLt1Fixtures.h"
#include "writers/LithTech/AbcLt2Fixtures.h"
#include "writers/Oni/ObanWriter.h"
#include "writers/Poseidon/P3dWriter.h"

#include <assimp_retro/config.h>

#include <assimp/Importer.hpp>
#include <assimp/scene.h>

#include <gtest/gtest.h>

#include <cstring>
#include <functional>
#include <ostream>
#include <string>
#include <vector>

using namespace std::string_literals;

namespace {

struct NulNamesCase {
    std::string name;                          ///< the format, for the test name
    std::function<std::vector<uint8_t>()> file; ///< a file whose names hold NULs (asserts what it changes)
    std::string hint;                          ///< the extension ImportMemory is given
    std::function<void(Assimp::Importer &)> configure;
    std::function<void(const aiScene &)> expectNames; ///< the format's names, cut at the NUL
};

void PrintTo(const NulNamesCase &c, std::ostream *os) {
    *os << c.name;
}

/// Every name an exporter reads is a valid aiString: no NUL before `length`.
void ExpectNulFreeNames(const aiNode &node) {
    EXPECT_EQ(std::strlen(node.mName.C_Str()), node.mName.length) << node.mName.C_Str();
    for (unsigned i = 0; i < node.mNumChildren; ++i) {
        ExpectNulFreeNames(*node.mChildren[i]);
    }
}

void ExpectNulFreeNames(const aiScene &scene) {
    ExpectNulFreeNames(*scene.mRootNode);
    for (unsigned a = 0; a < scene.mNumAnimations; ++a) {
        const aiString &name = scene.mAnimations[a]->mName;
        EXPECT_EQ(std::strlen(name.C_Str()), name.length) << a;
    }
    for (unsigned m = 0; m < scene.mNumMeshes; ++m) {
        const aiString &name = scene.mMeshes[m]->mName;
        EXPECT_EQ(std::strlen(name.C_Str()), name.length) << m;
        for (unsigned b = 0; b < scene.mMeshes[m]->mNumBones; ++b) {
            const aiString &bone = scene.mMeshes[m]->mBones[b]->mName;
            EXPECT_EQ(std::strlen(bone.C_Str()), bone.length);
            EXPECT_NE(scene.mRootNode->FindNode(bone), nullptr) << bone.C_Str();
        }
    }
}

// The value of metadata `key` on the first node (depth-first) that has it.
std::string FindMetaString(const aiNode *node, const std::string &key) {
    aiString value;
    if (node->mMetaData && node->mMetaData->Get(key, value)) {
        return value.C_Str();
    }
    for (unsigned i = 0; i < node->mNumChildren; ++i) {
        const std::string found = FindMetaString(node->mChildren[i], key);
        if (!found.empty()) {
            return found;
        }
    }
    return "";
}

bool HasMaterialNamed(const aiScene &scene, const std::string &name) {
    for (unsigned i = 0; i < scene.mNumMaterials; ++i) {
        if (scene.mMaterials[i]->GetName().C_Str() == name) {
            return true;
        }
    }
    return false;
}

// ABC v6: u16-length strings whose bytes hold a NUL.
NulNamesCase AbcV6() {
    NulNamesCase c{"AbcV6", nullptr, "abc", nullptr, nullptr};
    c.file = [] {
        retro_test::abcv6::File file = retro_test::abcv6::SkinnedFixture();
        EXPECT_EQ(file.nodes[1].name, "Body");
        file.nodes[1].name = "Body\0\x7f\x01junk"s;
        file.animations[0].name = "idle\0x"s;
        file.animations[0].keyframes[1].command = "fire_key\0\0"s;
        file.command = "\0command"s;
        return retro_test::abcv6::Write(file).bytes;
    };
    c.configure = [](Assimp::Importer &importer) {
        importer.SetPropertyInteger(AI_CONFIG_IMPORT_ABC_LOD_LEVELS, 0);
        importer.SetPropertyBool(AI_CONFIG_IMPORT_ABC_VERTEX_ANIMATION, true);
    };
    c.expectNames = [](const aiScene &scene) {
        EXPECT_NE(scene.mRootNode->FindNode("Body"), nullptr);
        ASSERT_EQ(scene.mNumAnimations, 2u);
        EXPECT_STREQ(scene.mAnimations[0]->mName.C_Str(), "idle");
        EXPECT_EQ(scene.mAnimations[0]->mName.length, 4u);
    };
    return c;
}

// ABC v9+ (v12 here): u16-length strings whose bytes hold a NUL.
NulNamesCase AbcV12() {
    NulNamesCase c{"AbcV12", nullptr, "abc", nullptr, nullptr};
    c.file = [] {
        abcv9_writer::Model model = abcv9_writer::MakeTestModel(12);
        EXPECT_EQ(model.nodes[1].name, "Torso");
        model.nodes[1].name = "Torso\0\x01\x02junk"s;
        model.pieces[0].name = "Body\0x"s;
        model.sockets[0].name = "Muzzle\0\0"s;
        model.animations[0].name = "\0hidden"s;
        model.weightSets[0].name = "Upper\0y"s;
        return abcv9_writer::Write(model);
    };
    c.expectNames = [](const aiScene &scene) {
        EXPECT_NE(scene.mRootNode->FindNode("Torso"), nullptr);
        EXPECT_NE(scene.mRootNode->FindNode("Muzzle"), nullptr);
        ASSERT_GE(scene.mNumAnimations, 1u);
    };
    return c;
}

// OBAN: an instance name with bytes after its NUL in the name table.
NulNamesCase Oban() {
    NulNamesCase c{"Oban", nullptr, "oni", nullptr, nullptr};
    c.file = [] {
        retro_test::oban::Animation animation;
        animation.keys = {{{0, 0, 0, 1}, {1, 2, 3}, 0}};
        return retro_test::oban::WriteOni(animation, "OBANdoor\0junk"s);
    };
    c.expectNames = [](const aiScene &scene) {
        ASSERT_EQ(scene.mNumAnimations, 1u);
        EXPECT_STREQ(scene.mAnimations[0]->mName.C_Str(), "OBANdoor");
        EXPECT_EQ(scene.mAnimations[0]->mName.length, 8u);
        ASSERT_EQ(scene.mAnimations[0]->mNumChannels, 1u);
        EXPECT_STREQ(scene.mAnimations[0]->mChannels[0]->mNodeName.C_Str(), "door");
        EXPECT_NE(scene.mRootNode->FindNode("door"), nullptr);
    };
    return c;
}

// P3D MLOD: fixed-size fields keep whatever follows the terminator.
NulNamesCase P3dMlod() {
    NulNamesCase c{"P3dMlod", nullptr, "p3d", nullptr, nullptr};
    c.file = [] {
        auto model = retro_test::p3d::SampleModel();
        auto &lod = model.lods[0];
        EXPECT_EQ(lod.textures[0], "data\\grid_a.paa");
        lod.textures[0] = "data\\grid_a.paa\0junk"s; // a 32-byte SP3X face field
        lod.properties[0].first = "class\0junk"s;     // 64-byte property fields
        lod.properties[0].second = "vehicle\0x"s;
        return retro_test::p3d::WriteMlod(model);
    };
    c.configure = [](Assimp::Importer &importer) { importer.SetPropertyInteger(AI_CONFIG_IMPORT_P3D_LODS, 2); };
    c.expectNames = [](const aiScene &scene) {
        EXPECT_EQ(FindMetaString(scene.mRootNode, "property:class"), "vehicle");
        EXPECT_EQ(FindMetaString(scene.mRootNode, "texture:0"), "data\\grid_a.paa");
        EXPECT_TRUE(HasMaterialNamed(scene, "data\\grid_a.paa"));
    };
    return c;
}

class NulNames : public testing::TestWithParam<NulNamesCase> {};

} // namespace

TEST_P(NulNames, NamesAreCutAtTheFirstNul) {
    const NulNamesCase &c = GetParam();
    const std::vector<uint8_t> bytes = c.file();
    Assimp::Importer importer;
    if (c.configure) {
        c.configure(importer);
    }
    const aiScene *scene = retro_test::ImportMemory(importer, bytes, c.hint);
    ASSERT_NE(scene, nullptr) << importer.GetErrorString();
    c.expectNames(*scene);
    ExpectNulFreeNames(*scene);
}

INSTANTIATE_TEST_SUITE_P(EveryFormat, NulNames, testing::Values(AbcV6(), AbcV12(), Oban(), P3dMlod()),
        [](const testing::TestParamInfo<NulNamesCase> &info) { return info.param.name; });
