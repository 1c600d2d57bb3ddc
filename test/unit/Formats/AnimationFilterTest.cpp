// AI_CONFIG_IMPORT_RETRO_ANIMATIONS in every format: each file (made by the
// project's writers) is imported without and with the filter, and the
// filtered scene must be the unfiltered one but for the animations left out:
// the same node tree and transforms, the same meshes (vertices, faces, bones
// and their offset matrices: the bind pose), the kept animations in file
// order with the same names and keys, and the metadata keyed by animation
// index ("abc:anim<i>.*") renumbered to follow them. Morph targets that only
// a left-out animation plays are not made. A filter that keeps nothing is an
// error naming the file's animations; a file without animations is none.
// Also the motion library (M-MOTION_BLUE.LTB, 2,282 animations) filtered to
// its "M-wait*" animations, checked against names compared here by hand.
#include "support/TestSupport.h"
#include "writers/LithTech/AbcLt1Fixtures.h"
#include "writers/LithTech/AbcLt2Fixtures.h"
#include "writers/Oni/ObanWriter.h"
#include "writers/Poseidon/P3dWriter.h"
#ifdef ASSIMP_RETRO_TEST_LTB
#include "writers/LithTech/LtbWriter.h"

#include "AssetLib/LithTech/LtbModel.h"
#endif

#include <assimp_retro/config.h>

#include <assimp/Importer.hpp>
#include <assimp/scene.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstring>
#include <functional>
#include <map>
#include <ostream>
#include <string>
#include <vector>

namespace {

std::vector<std::string> AnimationNames(const aiScene &scene) {
    std::vector<std::string> names;
    for (unsigned a = 0; a < scene.mNumAnimations; ++a) {
        names.emplace_back(scene.mAnimations[a]->mName.C_Str());
    }
    return names;
}

void ExpectSameNodes(const aiNode &a, const aiNode &b) {
    ASSERT_STREQ(a.mName.C_Str(), b.mName.C_Str());
    EXPECT_TRUE(a.mTransformation.Equal(b.mTransformation, 0.f)) << a.mName.C_Str();
    ASSERT_EQ(a.mNumMeshes, b.mNumMeshes) << a.mName.C_Str();
    for (unsigned i = 0; i < a.mNumMeshes; ++i) EXPECT_EQ(a.mMeshes[i], b.mMeshes[i]);
    ASSERT_EQ(a.mNumChildren, b.mNumChildren) << a.mName.C_Str();
    for (unsigned i = 0; i < a.mNumChildren; ++i) ExpectSameNodes(*a.mChildren[i], *b.mChildren[i]);
}

/// Geometry, bones and bind pose the same; morph targets only those named
/// "<kept animation>@..." (LithTech) or, for targets no animation names, all.
void ExpectSameMesh(const aiMesh &a, const aiMesh &b, const std::vector<std::string> &kept) {
    ASSERT_EQ(a.mNumVertices, b.mNumVertices);
    ASSERT_EQ(a.mNumFaces, b.mNumFaces);
    EXPECT_EQ(0, std::memcmp(a.mVertices, b.mVertices, sizeof(aiVector3D) * a.mNumVertices));
    if (a.mNormals) {
        EXPECT_EQ(0, std::memcmp(a.mNormals, b.mNormals, sizeof(aiVector3D) * a.mNumVertices));
    }
    for (unsigned f = 0; f < a.mNumFaces; ++f) {
        ASSERT_EQ(a.mFaces[f].mNumIndices, b.mFaces[f].mNumIndices);
        EXPECT_EQ(0, std::memcmp(a.mFaces[f].mIndices, b.mFaces[f].mIndices, sizeof(unsigned) * a.mFaces[f].mNumIndices));
    }
    ASSERT_EQ(a.mNumBones, b.mNumBones);
    for (unsigned i = 0; i < a.mNumBones; ++i) {
        EXPECT_STREQ(a.mBones[i]->mName.C_Str(), b.mBones[i]->mName.C_Str());
        EXPECT_TRUE(a.mBones[i]->mOffsetMatrix.Equal(b.mBones[i]->mOffsetMatrix, 0.f)) << a.mBones[i]->mName.C_Str();
        ASSERT_EQ(a.mBones[i]->mNumWeights, b.mBones[i]->mNumWeights);
    }
    std::vector<std::string> expected;
    for (unsigned t = 0; t < a.mNumAnimMeshes; ++t) {
        const std::string name = a.mAnimMeshes[t]->mName.C_Str();
        const size_t at = name.find('@');
        bool keep = at == std::string::npos;
        for (const std::string &k : kept) keep = keep || name.substr(0, at) == k;
        if (keep) expected.push_back(name);
    }
    std::vector<std::string> targets;
    for (unsigned t = 0; t < b.mNumAnimMeshes; ++t) targets.emplace_back(b.mAnimMeshes[t]->mName.C_Str());
    EXPECT_EQ(targets, expected);
}

void ExpectSameChannels(const aiAnimation &a, const aiAnimation &b) {
    EXPECT_EQ(a.mDuration, b.mDuration);
    EXPECT_EQ(a.mTicksPerSecond, b.mTicksPerSecond);
    ASSERT_EQ(a.mNumChannels, b.mNumChannels);
    for (unsigned c = 0; c < a.mNumChannels; ++c) {
        const aiNodeAnim &x = *a.mChannels[c], &y = *b.mChannels[c];
        EXPECT_STREQ(x.mNodeName.C_Str(), y.mNodeName.C_Str());
        ASSERT_EQ(x.mNumPositionKeys, y.mNumPositionKeys);
        ASSERT_EQ(x.mNumRotationKeys, y.mNumRotationKeys);
        // Key by key, field by field: an aiVectorKey has padding after its value.
        for (unsigned k = 0; k < x.mNumPositionKeys; ++k) {
            EXPECT_EQ(x.mPositionKeys[k].mTime, y.mPositionKeys[k].mTime);
            EXPECT_EQ(0, std::memcmp(&x.mPositionKeys[k].mValue, &y.mPositionKeys[k].mValue, sizeof(aiVector3D)));
        }
        for (unsigned k = 0; k < x.mNumRotationKeys; ++k) {
            EXPECT_EQ(x.mRotationKeys[k].mTime, y.mRotationKeys[k].mTime);
            EXPECT_EQ(0, std::memcmp(&x.mRotationKeys[k].mValue, &y.mRotationKeys[k].mValue, sizeof(aiQuaternion)));
        }
    }
    EXPECT_EQ(a.mNumMorphMeshChannels, b.mNumMorphMeshChannels);
}

/// The scene metadata as "key" -> printed value.
std::map<std::string, std::string> MetadataText(const aiScene &scene) {
    std::map<std::string, std::string> text;
    const aiMetadata *meta = scene.mMetaData;
    for (unsigned i = 0; meta && i < meta->mNumProperties; ++i) {
        const aiMetadataEntry &e = meta->mValues[i];
        std::string value;
        switch (e.mType) {
        case AI_BOOL: value = *static_cast<bool *>(e.mData) ? "true" : "false"; break;
        case AI_INT32: value = std::to_string(*static_cast<int32_t *>(e.mData)); break;
        case AI_UINT64: value = std::to_string(*static_cast<uint64_t *>(e.mData)); break;
        case AI_FLOAT: value = std::to_string(*static_cast<float *>(e.mData)); break;
        case AI_DOUBLE: value = std::to_string(*static_cast<double *>(e.mData)); break;
        case AI_AISTRING: value = static_cast<aiString *>(e.mData)->C_Str(); break;
        case AI_AIVECTOR3D: {
            const aiVector3D &v = *static_cast<aiVector3D *>(e.mData);
            value = std::to_string(v.x) + " " + std::to_string(v.y) + " " + std::to_string(v.z);
            break;
        }
        default: value = "?"; break;
        }
        text[meta->mKeys[i].C_Str()] = value;
    }
    return text;
}

/// The binding list 0 ("abc:animBinding0.<j>.*", the model's own animations)
/// of `meta`: only the bindings of `kept` names, renumbered; the other keys as they are.
std::map<std::string, std::string> KeptBindings(const std::map<std::string, std::string> &meta,
        const std::vector<std::string> &kept) {
    const std::string head = "abc:animBinding0.";
    std::map<std::string, std::string> out;
    unsigned next = 0;
    for (unsigned j = 0;; ++j) {
        const std::string prefix = head + std::to_string(j) + ".";
        const auto name = meta.find(prefix + "name");
        if (name == meta.end()) break;
        if (std::find(kept.begin(), kept.end(), name->second) == kept.end()) continue;
        for (auto it = meta.lower_bound(prefix); it != meta.end() && it->first.compare(0, prefix.size(), prefix) == 0;
                ++it) {
            out[head + std::to_string(next) + "." + it->first.substr(prefix.size())] = it->second;
        }
        ++next;
    }
    for (const auto &[key, value] : meta) {
        if (key.compare(0, head.size(), head) != 0) out[key] = value;
    }
    return out;
}

/// `key` with "abc:anim<from>." renamed to "abc:anim<to>.", or "" when it names no animation.
std::string RenumberedKey(const std::string &key, const std::map<unsigned, unsigned> &newIndex) {
    const std::string head = "abc:anim";
    if (key.compare(0, head.size(), head) != 0) return key;
    size_t end = head.size();
    while (end < key.size() && std::isdigit(static_cast<unsigned char>(key[end]))) ++end;
    if (end == head.size() || end >= key.size() || key[end] != '.') return key; // abc:animBinding...
    const auto found = newIndex.find(unsigned(std::stoul(key.substr(head.size(), end - head.size()))));
    return found == newIndex.end() ? std::string() : head + std::to_string(found->second) + key.substr(end);
}

/// `filtered` is `all` with only the animations `kept` (indices into all's, ascending).
void ExpectOnlyAnimationsLeftOut(const aiScene &all, const aiScene &filtered, const std::vector<unsigned> &kept) {
    ExpectSameNodes(*all.mRootNode, *filtered.mRootNode);
    std::vector<std::string> keptNames;
    std::map<unsigned, unsigned> newIndex;
    for (unsigned i = 0; i < kept.size(); ++i) {
        keptNames.emplace_back(all.mAnimations[kept[i]]->mName.C_Str());
        newIndex[kept[i]] = i;
    }
    ASSERT_EQ(AnimationNames(filtered), keptNames);
    for (unsigned i = 0; i < kept.size(); ++i) {
        ExpectSameChannels(*all.mAnimations[kept[i]], *filtered.mAnimations[i]);
    }
    ASSERT_EQ(all.mNumMeshes, filtered.mNumMeshes);
    for (unsigned m = 0; m < all.mNumMeshes; ++m) ExpectSameMesh(*all.mMeshes[m], *filtered.mMeshes[m], keptNames);
    std::map<std::string, std::string> expected;
    for (const auto &[key, value] : MetadataText(all)) {
        const std::string renamed = RenumberedKey(key, newIndex);
        if (!renamed.empty()) expected[renamed] = value;
    }
    EXPECT_EQ(MetadataText(filtered), KeptBindings(expected, keptNames));
}

struct FilterCase {
    std::string name;
    std::function<std::vector<uint8_t>()> file;
    std::string hint;
    std::string filter;
    std::vector<unsigned> kept; ///< indices into the unfiltered scene's animations
};

void PrintTo(const FilterCase &c, std::ostream *os) {
    *os << c.name;
}

const aiScene *ImportWithFilter(Assimp::Importer &importer, const std::vector<uint8_t> &bytes, const std::string &hint,
        const std::string &filter) {
    importer.SetPropertyBool(AI_CONFIG_IMPORT_RETRO_TEXTURES, false);
    if (!filter.empty()) importer.SetPropertyString(AI_CONFIG_IMPORT_RETRO_ANIMATIONS, filter);
    return retro_test::ImportMemory(importer, bytes, hint);
}

std::vector<uint8_t> AbcV6Skinned() {
    return retro_test::abcv6::Write(retro_test::abcv6::SkinnedFixture()).bytes;
}

std::vector<uint8_t> AbcV6VertexAnimated() {
    return retro_test::abcv6::Write(retro_test::abcv6::VertexAnimationFixture()).bytes;
}

/// ABC v12 with idle, walk and a third, "Walk_Fast", whose commands move,
/// and a binding for each.
std::vector<uint8_t> AbcV12ThreeAnimations() {
    abcv9_writer::Model model = abcv9_writer::MakeTestModel(12);
    abcv9_writer::Animation fast = model.animations[1];
    fast.name = "Walk_Fast";
    fast.commands = {"", "", "SOUND_KEY fast", "", ""};
    model.animations.push_back(fast);
    // The model's binding list names its animations in order; "abc:animBinding0.<j>" follows the kept ones.
    model.bindings.at(0) = {{"idle", {1.f, 2.f, 3.f}, {0.1f, 0.f, -0.2f}}, {"walk", {4.f, 5.f, 6.f}, {0.f, 0.f, 0.f}},
            {"Walk_Fast", {7.f, 8.f, 9.f}, {0.f, 0.3f, 0.f}}};
    return abcv9_writer::Write(model);
}

/// A level file of three OBANs: door, lift, gate.
std::vector<uint8_t> ObanLevel() {
    using namespace retro_test::oban;
    std::vector<LevelEntry> entries;
    for (const char *name : {"OBANdoor", "OBANlift", "OBANgate"}) {
        LevelEntry entry;
        entry.name = name;
        entry.animation.keys = {{{0, 0, 0, 1}, {0, 0, 0}, 0}, {{0, 0, 0, 1}, {1, float(entry.name.size()), 0}, 30}};
        entry.animation.frameCount = 31;
        entries.push_back(entry);
    }
    return WriteLevel(entries);
}

std::vector<uint8_t> P3dWithFrames() {
    return retro_test::p3d::WriteMlod(retro_test::p3d::SampleModel());
}

#ifdef ASSIMP_RETRO_TEST_LTB
std::vector<uint8_t> LtbVertexAnimated() { // "wave", "flap"
    return retro_test::ltb_writer::WriteLtb(retro_test::ltb_writer::VertexAnimationModel());
}
#endif

std::vector<FilterCase> Cases() {
    std::vector<FilterCase> cases = {
            // ABC v6: the bind pose comes from animation 0 ("idle"), left out here.
            {"AbcV6KeepsTheSecond", AbcV6Skinned, "abc", "WALK", {1}},
            {"AbcV6VertexAnimation", AbcV6VertexAnimated, "abc", "st?ll", {1}},
            {"AbcV12Wildcards", AbcV12ThreeAnimations, "abc", " walk* ,nothing", {1, 2}},
            {"AbcV12OneOfThree", AbcV12ThreeAnimations, "abc", "*FAST", {2}},
            {"ObanLevel", ObanLevel, "dat", "OBANgate,OBANdoor", {0, 2}},
            {"P3dMorph", P3dWithFrames, "p3d", "mor*", {0}},
    };
#ifdef ASSIMP_RETRO_TEST_LTB
    cases.push_back({"LtbVertexAnimation", LtbVertexAnimated, "ltb", "flap", {1}});
#endif
    return cases;
}

class AnimationFilter : public testing::TestWithParam<FilterCase> {};

} // namespace

TEST_P(AnimationFilter, LeavesOutOnlyTheAnimations) {
    const FilterCase &c = GetParam();
    const std::vector<uint8_t> bytes = c.file();
    Assimp::Importer allImporter, filteredImporter;
    const aiScene *all = ImportWithFilter(allImporter, bytes, c.hint, "");
    ASSERT_NE(all, nullptr) << allImporter.GetErrorString();
    const aiScene *filtered = ImportWithFilter(filteredImporter, bytes, c.hint, c.filter);
    ASSERT_NE(filtered, nullptr) << filteredImporter.GetErrorString();
    ExpectOnlyAnimationsLeftOut(*all, *filtered, c.kept);
}

TEST_P(AnimationFilter, KeepingNothingIsAnErrorNamingTheAnimations) {
    const FilterCase &c = GetParam();
    const std::vector<uint8_t> bytes = c.file();
    Assimp::Importer allImporter, importer;
    const aiScene *all = ImportWithFilter(allImporter, bytes, c.hint, "");
    ASSERT_NE(all, nullptr) << allImporter.GetErrorString();
    EXPECT_EQ(ImportWithFilter(importer, bytes, c.hint, "no_such_animation*"), nullptr);
    const std::string error = importer.GetErrorString();
    EXPECT_NE(error.find("no animation matches the animation filter \"no_such_animation*\""), std::string::npos)
            << error;
    for (const std::string &name : AnimationNames(*all)) {
        EXPECT_NE(error.find("'" + name + "'"), std::string::npos) << name << ": " << error;
    }
}

INSTANTIATE_TEST_SUITE_P(EveryFormat, AnimationFilter, testing::ValuesIn(Cases()),
        [](const testing::TestParamInfo<FilterCase> &info) { return info.param.name; });

TEST(AnimationFilterCases, TheErrorListsTwentyNamesAndHowManyMore) {
    abcv9_writer::Model model = abcv9_writer::MakeTestModel(12);
    const abcv9_writer::Animation idle = model.animations[0];
    model.animations.clear();
    for (int i = 0; i < 25; ++i) {
        model.animations.push_back(idle);
        model.animations.back().name = "anim_" + std::to_string(i);
    }
    Assimp::Importer importer;
    EXPECT_EQ(ImportWithFilter(importer, abcv9_writer::Write(model), "abc", "walk"), nullptr);
    const std::string error = importer.GetErrorString();
    EXPECT_NE(error.find("the file has 25 animations: 'anim_0', 'anim_1', "), std::string::npos) << error;
    EXPECT_NE(error.find("'anim_19' and 5 more"), std::string::npos) << error;
    EXPECT_EQ(error.find("'anim_20'"), std::string::npos) << error;
    EXPECT_EQ(error.rfind("ABC: ", 0), 0u) << error;
}

TEST(AnimationFilterCases, AFileWithoutAnimationsIsNoError) {
    Assimp::Importer importer;
    const aiScene *scene = ImportWithFilter(importer, retro_test::p3d::WriteMlod(retro_test::p3d::GridModel(2)), "p3d",
            "walk");
    ASSERT_NE(scene, nullptr) << importer.GetErrorString();
    EXPECT_EQ(scene->mNumAnimations, 0u);
}

TEST(AnimationFilterCases, AnEmptyListKeepsEveryAnimation) {
    Assimp::Importer importer;
    const aiScene *scene = ImportWithFilter(importer, AbcV12ThreeAnimations(), "abc", " , ,");
    ASSERT_NE(scene, nullptr) << importer.GetErrorString();
    EXPECT_EQ(AnimationNames(*scene), (std::vector<std::string>{"idle", "walk", "Walk_Fast"}));
}

// The CrossFire motion library: its "M-wait*" animations, in file order,
// with their keyframe lists, found here by comparing names by hand. Not
// registered without the LTB importer, nor under AddressSanitizer, where
// its two imports take minutes (LtbCorpusTest imports it there).
#if defined(ASSIMP_RETRO_TEST_LTB) && !defined(__SANITIZE_ADDRESS__)
TEST(AnimationFilterCorpus, MotionLibraryWaitAnimations) {
    const std::string path = retro_test::CorpusPath("ltb/M-MOTION_BLUE.LTB");
    ASSERT_FALSE(path.empty());
    Assimp::Importer allImporter, importer;
    allImporter.SetPropertyBool(AI_CONFIG_IMPORT_RETRO_TEXTURES, false);
    importer.SetPropertyBool(AI_CONFIG_IMPORT_RETRO_TEXTURES, false);
    importer.SetPropertyString(AI_CONFIG_IMPORT_RETRO_ANIMATIONS, "M-wait*");
    const aiScene *all = retro_test::Import(allImporter, path);
    ASSERT_NE(all, nullptr) << allImporter.GetErrorString();
    const aiScene *filtered = retro_test::Import(importer, path);
    ASSERT_NE(filtered, nullptr) << importer.GetErrorString();
    std::vector<unsigned> kept;
    for (unsigned a = 0; a < all->mNumAnimations; ++a) {
        std::string name = all->mAnimations[a]->mName.C_Str();
        for (char &ch : name) ch = char(std::tolower(static_cast<unsigned char>(ch)));
        if (name.rfind("m-wait", 0) == 0) kept.push_back(a);
    }
    EXPECT_EQ(all->mNumAnimations, 2282u);
    ASSERT_GT(kept.size(), 1u);
    ASSERT_LT(kept.size(), 100u);
    std::printf("M-MOTION_BLUE.LTB: %zu of %u animations match M-wait*\n", kept.size(), all->mNumAnimations);
    ExpectOnlyAnimationsLeftOut(*all, *filtered, kept);
}
#endif
