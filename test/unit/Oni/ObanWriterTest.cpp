// The OBAN importer on files made by the project's own writer: every flag,
// one and many keys, both containers, every kind of level descriptor.
#include "ObanTestHelpers.h"
#include "writers/Oni/ObanWriter.h"
#include "support/TestSupport.h"

#include <assimp_retro/assimp_retro.h>
#include <assimp_retro/config.h>

#include <assimp/Exporter.hpp>
#include <assimp/Importer.hpp>
#include <assimp/scene.h>

#include <gtest/gtest.h>

#include <cmath>
#include <set>

using namespace retro_test;

namespace {

oban::Animation DoorAnimation() {
    oban::Animation a;
    a.flags = 0x01 | 0x08; // NormalLoop Autostart
    a.frameCount = 61;
    a.halfStopFrame = 30;
    a.baseTransform = {2, 0, 0, 0, 3, 0, 0, 0, 4, 0, 0, 0};
    a.keys = {
            {{0, 0, 0, 1}, {10, 20, 30}, 0},
            {{0, 0.38268343f, 0, 0.92387953f}, {10, 25, 30}, 30},
            {{0, 0.70710678f, 0, 0.70710678f}, {0, 20, 30}, 60},
    };
    return a;
}

std::string Metadata(const aiNode *node, const char *key) {
    aiString value;
    if (!node->mMetaData || !node->mMetaData->Get(key, value)) return "<missing>";
    return value.C_Str();
}

int32_t MetadataInt(const aiNode *node, const char *key) {
    int32_t value = -1;
    if (node->mMetaData) node->mMetaData->Get(key, value);
    return value;
}

} // namespace

TEST(ObanImport, OniFileGivesAnimatedNodeBaseChildAndMetadata) {
    Assimp::Importer importer;
    const aiScene *scene = ImportMemory(importer, oban::WriteOni(DoorAnimation(), "OBANdoor"), "oni");
    ASSERT_NE(scene, nullptr) << importer.GetErrorString();
    EXPECT_TRUE(scene->mFlags & AI_SCENE_FLAGS_INCOMPLETE);
    EXPECT_EQ(scene->mNumMeshes, 0u);
    ASSERT_EQ(scene->mNumAnimations, 1u);
    const aiAnimation *animation = scene->mAnimations[0];
    EXPECT_STREQ(animation->mName.C_Str(), "OBANdoor");
    EXPECT_EQ(animation->mTicksPerSecond, 60.0);
    EXPECT_EQ(animation->mDuration, 60.0);
    ASSERT_EQ(animation->mNumChannels, 1u);
    const aiNodeAnim *channel = animation->mChannels[0];
    EXPECT_STREQ(channel->mNodeName.C_Str(), "door");
    ASSERT_EQ(channel->mNumPositionKeys, 3u);
    ASSERT_EQ(channel->mNumRotationKeys, 3u);
    EXPECT_EQ(channel->mPositionKeys[1].mTime, 30.0);
    EXPECT_EQ(channel->mPositionKeys[1].mValue, aiVector3D(10, 25, 30));
    // Stored (0, sin 22.5, 0, cos 22.5) is -45 degrees about Y in the engine: the conjugate.
    const aiQuaternion q = channel->mRotationKeys[1].mValue;
    EXPECT_NEAR(q.w, 0.92387953f, 1e-6f);
    EXPECT_NEAR(q.y, -0.38268343f, 1e-6f);
    const aiVector3D rotatedX = q.Rotate(aiVector3D(1, 0, 0));
    EXPECT_NEAR(rotatedX.z, std::sin(AI_MATH_PI_F / 4), 1e-6f); // x axis turns towards +z: -45 deg about Y

    const aiNode *door = scene->mRootNode->FindNode("door");
    ASSERT_NE(door, nullptr);
    EXPECT_EQ(door->mParent, scene->mRootNode); // not local: directly under the static root
    EXPECT_EQ(Metadata(door, "OBAN:Instance"), "OBANdoor");
    EXPECT_EQ(Metadata(door, "OBAN:Flags"), "NormalLoop Autostart");
    EXPECT_EQ(MetadataInt(door, "OBAN:FlagBits"), 9);
    EXPECT_EQ(MetadataInt(door, "OBAN:FrameCount"), 61);
    EXPECT_EQ(MetadataInt(door, "OBAN:HalfStopFrame"), 30);
    EXPECT_EQ(MetadataInt(door, "OBAN:FrameLength"), 80);
    ASSERT_EQ(door->mNumChildren, 1u);
    const aiNode *base = door->mChildren[0];
    EXPECT_STREQ(base->mName.C_Str(), "door_base");
    EXPECT_EQ(base->mTransformation, aiMatrix4x4(2, 0, 0, 0, 0, 3, 0, 0, 0, 0, 4, 0, 0, 0, 0, 1));
    EXPECT_EQ(scene->mNumCameras, 0u);
}

TEST(ObanImport, EveryFlagIsNamedAndLocalAddsTheRotXParent) {
    const struct {
        uint32_t flags;
        const char *names;
    } cases[] = {{0x00, ""}, {0x01, "NormalLoop"}, {0x02, "BackToBackLoop"}, {0x04, "RandomStartFrame"}, {0x08, "Autostart"},
            {0x10, "ZAxisUp"}, {0x1f, "NormalLoop BackToBackLoop RandomStartFrame Autostart ZAxisUp"}, {0x120, "0x120"}};
    for (const auto &c : cases) {
        oban::Animation a = DoorAnimation();
        a.flags = c.flags;
        Assimp::Importer importer;
        const aiScene *scene = ImportMemory(importer, oban::WriteOni(a, "OBANflags"), "oni");
        ASSERT_NE(scene, nullptr) << importer.GetErrorString();
        const aiNode *node = scene->mRootNode->FindNode("flags");
        ASSERT_NE(node, nullptr);
        EXPECT_EQ(Metadata(node, "OBAN:Flags"), c.names) << c.flags;
        EXPECT_EQ(MetadataInt(node, "OBAN:FlagBits"), static_cast<int32_t>(c.flags));
        if (c.flags & 0x10) {
            ASSERT_STREQ(node->mParent->mName.C_Str(), "flags_local");
            EXPECT_EQ(node->mParent->mParent, scene->mRootNode);
            // RotX(+90): (x, y, z) -> (x, -z, y), 3ds Max's Z-up to Oni's Y-up.
            const aiVector3D mapped = node->mParent->mTransformation * aiVector3D(1, 2, 3);
            EXPECT_NEAR((mapped - aiVector3D(1, -3, 2)).Length(), 0.f, 1e-6f);
        } else {
            EXPECT_EQ(node->mParent, scene->mRootNode);
        }
    }
}

TEST(ObanImport, SingleKeyAndManyKeys) {
    oban::Animation one;
    one.keys = {{{0, 0, 0, 1}, {1, 2, 3}, 0}};
    Assimp::Importer importer;
    const aiScene *scene = ImportMemory(importer, oban::WriteOni(one, "OBANone"), "oni");
    ASSERT_NE(scene, nullptr) << importer.GetErrorString();
    EXPECT_EQ(scene->mAnimations[0]->mDuration, 0.0);
    EXPECT_EQ(scene->mAnimations[0]->mChannels[0]->mNumPositionKeys, 1u);
    EXPECT_EQ(scene->mRootNode->FindNode("one")->mTransformation.a4, 1.f);

    oban::Animation many;
    many.frameCount = 1000;
    for (int k = 0; k < 500; ++k) {
        const float angle = 0.05f * k; // sign of the quaternion alternates: hemisphere must be fixed up
        const float sign = (k % 2) ? -1.f : 1.f;
        many.keys.push_back({{0, sign * std::sin(angle / 2), 0, sign * std::cos(angle / 2)}, {float(k), 0, 0}, k * 2});
    }
    Assimp::Importer importer2;
    scene = ImportMemory(importer2, oban::WriteOni(many, "OBANmany"), "oni");
    ASSERT_NE(scene, nullptr) << importer2.GetErrorString();
    const aiNodeAnim *channel = scene->mAnimations[0]->mChannels[0];
    ASSERT_EQ(channel->mNumRotationKeys, 500u);
    EXPECT_EQ(channel->mRotationKeys[499].mTime, 998.0);
    for (unsigned k = 1; k < channel->mNumRotationKeys; ++k) {
        const aiQuaternion &a = channel->mRotationKeys[k - 1].mValue, &b = channel->mRotationKeys[k].mValue;
        EXPECT_GT(a.w * b.w + a.x * b.x + a.y * b.y + a.z * b.z, 0.f) << "key " << k;
    }
}

TEST(ObanImport, ResamplingWritesEveryFrameWithTheEnginesInterpolation) {
    Assimp::Importer importer;
    importer.SetPropertyBool(AI_CONFIG_IMPORT_OBAN_RESAMPLE, true);
    const aiScene *scene = ImportMemory(importer, oban::WriteOni(DoorAnimation(), "OBANdoor"), "oni");
    ASSERT_NE(scene, nullptr) << importer.GetErrorString();
    const aiNodeAnim *channel = scene->mAnimations[0]->mChannels[0];
    ASSERT_EQ(channel->mNumPositionKeys, 61u);
    EXPECT_EQ(channel->mPositionKeys[15].mTime, 15.0);
    EXPECT_NEAR((channel->mPositionKeys[15].mValue - aiVector3D(10, 22.5f, 30)).Length(), 0.f, 1e-5f);
    // nlerp halfway between 0 and -45 degrees about Y is exactly -22.5 degrees.
    EXPECT_NEAR(channel->mRotationKeys[15].mValue.y, -std::sin(22.5f / 2 * AI_MATH_PI_F / 180), 1e-6f);
}

TEST(ObanImport, CamerasOnRequestLookDownMinusZ) {
    Assimp::Importer importer;
    importer.SetPropertyString(AI_CONFIG_IMPORT_OBAN_CAMERA_NAMES, "OBANcam2, other");
    std::vector<oban::LevelEntry> entries(2);
    entries[0].name = "OBANcam1";
    entries[0].animation = DoorAnimation();
    entries[1].name = "OBANcam2";
    entries[1].animation = DoorAnimation();
    const aiScene *scene = ImportMemory(importer, oban::WriteLevel(entries), "dat");
    ASSERT_NE(scene, nullptr) << importer.GetErrorString();
    ASSERT_EQ(scene->mNumCameras, 1u);
    const aiCamera *camera = scene->mCameras[0];
    EXPECT_STREQ(camera->mName.C_Str(), "cam2");
    EXPECT_EQ(camera->mLookAt, aiVector3D(0, 0, -1));
    EXPECT_EQ(camera->mUp, aiVector3D(0, 1, 0));
    EXPECT_NEAR(camera->mHorizontalFOV, 45.f * AI_MATH_PI_F / 180, 1e-6f); // full angle, as Assimp's importers store it
    EXPECT_NEAR(camera->mAspect, 4.f / 3.f, 1e-6f);

    Assimp::Importer all;
    all.SetPropertyBool(AI_CONFIG_IMPORT_OBAN_CAMERA, true);
    scene = ImportMemory(all, oban::WriteLevel(entries), "dat");
    ASSERT_NE(scene, nullptr) << all.GetErrorString();
    EXPECT_EQ(scene->mNumCameras, 2u);
}

TEST(ObanImport, LevelFileEnumeratesNamedUnnamedDuplicateAndSkipsPlaceholdersAndOtherTags) {
    std::vector<oban::LevelEntry> entries(6);
    entries[0].name = "OBANfirst";
    entries[0].animation = DoorAnimation();
    entries[1].kind = oban::LevelEntry::Unnamed;
    entries[1].animation = DoorAnimation();
    entries[1].animation.keys[0].translation = {7, 8, 9};
    entries[2].kind = oban::LevelEntry::DuplicateOfPrevious;
    entries[2].name = "OBANcopy";
    entries[3].kind = oban::LevelEntry::Placeholder;
    entries[3].name = "OBANglobal_door";
    entries[4].kind = oban::LevelEntry::OtherTag;
    entries[4].name = "TRACsomething";
    entries[4].animation = DoorAnimation();
    entries[5].name = "OBANfirst"; // a repeated name still gives unique nodes
    entries[5].animation = DoorAnimation();

    Assimp::Importer importer;
    const aiScene *scene = ImportMemory(importer, oban::WriteLevel(entries), "dat");
    ASSERT_NE(scene, nullptr) << importer.GetErrorString();
    ASSERT_EQ(scene->mNumAnimations, 4u);
    EXPECT_STREQ(scene->mAnimations[0]->mChannels[0]->mNodeName.C_Str(), "first");
    EXPECT_STREQ(scene->mAnimations[1]->mChannels[0]->mNodeName.C_Str(), "#1"); // "OBAN#1"
    EXPECT_EQ(scene->mAnimations[1]->mChannels[0]->mPositionKeys[0].mValue, aiVector3D(7, 8, 9));
    EXPECT_STREQ(scene->mAnimations[2]->mChannels[0]->mNodeName.C_Str(), "copy");
    // The duplicate follows its data offset to the unnamed OBAN's data.
    EXPECT_EQ(scene->mAnimations[2]->mChannels[0]->mPositionKeys[0].mValue, aiVector3D(7, 8, 9));
    EXPECT_STREQ(scene->mAnimations[3]->mChannels[0]->mNodeName.C_Str(), "first.1");
    std::set<std::string> names;
    for (unsigned i = 0; i < scene->mNumAnimations; ++i) names.insert(scene->mAnimations[i]->mName.C_Str());
    EXPECT_EQ(names.size(), 4u);
    EXPECT_EQ(Metadata(scene->mRootNode, "OBAN:Placeholders"), "OBANglobal_door");
    EXPECT_EQ(Metadata(scene->mRootNode, "OBAN:Container"), "VR31 level instance file");

    const std::string glb = OutputPath("oban/writer_level.glb");
    Assimp::Exporter exporter;
    ASSERT_EQ(exporter.Export(scene, "glb2", glb), AI_SUCCESS) << exporter.GetErrorString();
    ExpectValidGltf(glb);
}

TEST(ObanImport, FoundBySignatureUnderAnyExtension) {
    Assimp::Importer importer;
    const aiScene *scene = ImportMemory(importer, oban::WriteOni(DoorAnimation(), "OBANdoor"), "bin");
    ASSERT_NE(scene, nullptr) << importer.GetErrorString();
    EXPECT_EQ(scene->mNumAnimations, 1u);
}

TEST(ObanImport, BundledSampleCameraDollyLooksAtTheOriginAtEveryKey) {
    Assimp::Importer importer;
    importer.SetPropertyBool(AI_CONFIG_IMPORT_OBAN_CAMERA, true);
    const aiScene *scene = Import(importer, std::string(ASSIMP_RETRO_SOURCE_DIR) + "/test/models/oban/OBANcamera_dolly.oni");
    ASSERT_NE(scene, nullptr) << importer.GetErrorString();
    ASSERT_EQ(scene->mNumCameras, 1u);
    // The file's stem is the OBAN's name: the animation keeps it unchanged.
    EXPECT_STREQ(scene->mRootNode->mName.C_Str(), "OBANcamera_dolly.oni");
    EXPECT_STREQ(scene->mAnimations[0]->mName.C_Str(), "OBANcamera_dolly");
    const aiNode *node = scene->mRootNode->FindNode(scene->mCameras[0]->mName);
    ASSERT_NE(node, nullptr);
    for (int frame = 0; frame <= 240; frame += 30) {
        const aiMatrix4x4 world = WorldAt(*node, scene->mAnimations[0], frame);
        const aiVector3D eye = world * aiVector3D(0, 0, 0);
        aiVector3D view = world * scene->mCameras[0]->mLookAt - eye;
        aiVector3D toOrigin = aiVector3D(0, 20, 0) - eye;
        EXPECT_NEAR((view.Normalize() - toOrigin.Normalize()).Length(), 0.f, 1e-5f) << "frame " << frame;
        EXPECT_NEAR(eye.Length(), std::sqrt(100.f * 100.f + 20.f * 20.f), 1e-3f);
    }
}

// A file of 1 MiB or more is memory-mapped unless AI_CONFIG_IMPORT_RETRO_MAP_FILES
// is false; both ways give the same scene (here 40,000 keys, 1.28 MB).
TEST(ObanImport, LargeFileImportsTheSameMappedOrRead) {
    oban::Animation large;
    large.frameCount = 40000;
    for (int k = 0; k < 40000; ++k) {
        const float angle = 0.001f * k;
        large.keys.push_back({{0, std::sin(angle / 2), 0, std::cos(angle / 2)}, {float(k % 97), float(k % 13), 0}, k});
    }
    const std::vector<uint8_t> bytes = oban::WriteOni(large, "OBANlarge");
    ASSERT_GE(bytes.size(), size_t(1) << 20);
    const std::string path = OutputPath("Oni/OBANlarge.oni");
    WriteFile(path, bytes);
    Assimp::Importer mapped, read;
    read.SetPropertyBool(AI_CONFIG_IMPORT_RETRO_MAP_FILES, false);
    const aiScene *a = Import(mapped, path);
    const aiScene *b = Import(read, path);
    ASSERT_NE(a, nullptr) << mapped.GetErrorString();
    ASSERT_NE(b, nullptr) << read.GetErrorString();
    const aiNodeAnim &ca = *a->mAnimations[0]->mChannels[0], &cb = *b->mAnimations[0]->mChannels[0];
    ASSERT_EQ(ca.mNumPositionKeys, 40000u);
    ASSERT_EQ(cb.mNumPositionKeys, 40000u);
    for (unsigned k = 0; k < 40000; k += 997) {
        EXPECT_EQ(ca.mPositionKeys[k].mValue, cb.mPositionKeys[k].mValue) << k;
        EXPECT_EQ(ca.mRotationKeys[k].mValue, cb.mRotationKeys[k].mValue) << k;
    }
}
