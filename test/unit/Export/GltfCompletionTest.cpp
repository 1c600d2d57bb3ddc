// glTF completion: hand-made aiScenes exported with Assimp's glTF2 exporter,
// completed, validated with the Khronos validator and read back (JSON and
// Assimp's glTF2 importer).
#include "support/GltfFileReader.h"
#include "support/GltfTestScenes.h"
#include "support/LinkedAssimp.h"

#include "support/TestSupport.h"

#include <assimp_retro/gltf_completion.h>

#include <assimp/Exporter.hpp>
#include <assimp/Importer.hpp>
#include <assimp/postprocess.h>
#include <assimp/scene.h>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cmath>
#include <cstring>
#include <fstream>

using assimp_retro::GltfCompletionReport;
using gltf_test::AccessorFloats;
using gltf_test::CameraValues;
using gltf_test::GltfFile;
using gltf_test::NodeIndex;
using nlohmann::json;

namespace {

std::string Extension(const std::string &format) {
    return format == "glb2" ? "glb" : "gltf";
}

std::string OutputFor(const std::string &name, const std::string &format) {
    return retro_test::OutputPath("Export/" + name + "." + Extension(format));
}

/// Assimp::Exporter alone (scenes without nested or empty aiMetadata).
void ExportWithAssimp(const aiScene &scene, const std::string &format, const std::string &path) {
    Assimp::Exporter exporter;
    ASSERT_EQ(exporter.Export(&scene, format.c_str(), path.c_str()), AI_SUCCESS) << exporter.GetErrorString();
}

GltfCompletionReport Complete(const aiScene &scene, const std::string &path) {
    GltfCompletionReport report;
    std::string error;
    EXPECT_TRUE(assimp_retro::CompleteGltf(scene, path, &error, &report)) << error;
    return report;
}

GltfCompletionReport ExportAndComplete(const aiScene &scene, const std::string &format, const std::string &path) {
    GltfCompletionReport report;
    std::string error;
    EXPECT_TRUE(assimp_retro::ExportGltf(scene, format, path, &error, &report)) << error;
    return report;
}

std::string Notes(const GltfCompletionReport &report) {
    std::string text;
    for (const std::string &note : report.notes) {
        text += "  " + note + "\n";
    }
    return text;
}

/// What the completion adds: `count` when the linked Assimp has the defect
/// (Debian's 5.2.5), nothing when it writes the part itself (a patched
/// Assimp, port/). The files themselves are checked the same either way.
unsigned Repaired(bool defect, unsigned count) {
    return defect ? count : 0u;
}

bool HasNoteContaining(const GltfCompletionReport &report, const std::string &part) {
    for (const std::string &note : report.notes) {
        if (note.find(part) != std::string::npos) {
            return true;
        }
    }
    return false;
}

/// GLB: header length = file size, chunks 4-byte aligned, JSON padded with
/// spaces, BIN padded with zeros and covering buffer 0. .gltf with a .bin:
/// the .bin is exactly byteLength long.
void ExpectFileLayout(const GltfFile &file) {
    const uint64_t byteLength = file.json.contains("buffers") ? file.json["buffers"][0]["byteLength"].get<uint64_t>() : 0;
    if (!file.glb) {
        if (file.json.contains("buffers")) {
            EXPECT_EQ(file.buffer0.size(), byteLength);
        }
        return;
    }
    EXPECT_EQ(file.glbLength, file.fileSize);
    EXPECT_EQ(file.jsonChunkLength % 4, 0u);
    EXPECT_EQ(file.binChunkLength % 4, 0u);
    EXPECT_EQ(uint64_t(12 + 8 + file.jsonChunkLength + (file.binChunk.empty() ? 0 : 8 + file.binChunkLength)), file.fileSize);
    size_t end = file.jsonChunk.size();
    while (end > 0 && file.jsonChunk[end - 1] == ' ') {
        --end;
    }
    ASSERT_GT(end, 0u);
    EXPECT_EQ(file.jsonChunk[end - 1], '}') << "JSON chunk padding must be spaces";
    EXPECT_GE(file.binChunkLength, byteLength);
    EXPECT_LT(file.binChunkLength - byteLength, 4u);
    for (size_t i = static_cast<size_t>(byteLength); i < file.binChunk.size(); ++i) {
        EXPECT_EQ(file.binChunk[i], 0) << "BIN chunk padding must be zeros";
    }
}

float AsFloat(const json &value) {
    return static_cast<float>(value.get<double>());
}

const aiNode *FindAiNode(const aiNode *node, const std::string &name) {
    if (name == node->mName.C_Str()) {
        return node;
    }
    for (unsigned i = 0; i < node->mNumChildren; ++i) {
        if (const aiNode *found = FindAiNode(node->mChildren[i], name)) {
            return found;
        }
    }
    return nullptr;
}

const aiCamera *FindAiCamera(const aiScene &scene, const std::string &name) {
    for (unsigned i = 0; i < scene.mNumCameras; ++i) {
        if (name == scene.mCameras[i]->mName.C_Str()) {
            return scene.mCameras[i];
        }
    }
    return nullptr;
}

/// The sampler of the channel driving `path` of node `node` in `animation`.
const json *ChannelSampler(const json &animation, long long node, const std::string &path, int *count = nullptr) {
    const json *found = nullptr;
    int matches = 0;
    for (const json &channel : animation.at("channels")) {
        if (channel.at("target").value("node", -1LL) == node && channel.at("target").at("path") == path) {
            found = &animation.at("samplers").at(channel.at("sampler").get<size_t>());
            ++matches;
        }
    }
    if (count) {
        *count = matches;
    }
    return found;
}

const json *AnimationNamed(const json &root, const std::string &name) {
    if (!root.contains("animations")) {
        return nullptr;
    }
    for (const json &animation : root["animations"]) {
        if (animation.value("name", std::string()) == name) {
            return &animation;
        }
    }
    return nullptr;
}

/// glTF yfov for Assimp's full horizontal angle (see gltf_completion.h).
float ExpectedYfov(float horizontalFov, float aspect) {
    if (aspect <= 0.0f) {
        return horizontalFov;
    }
    return static_cast<float>(2.0 * std::atan(std::tan(double(horizontalFov) / 2.0) / double(aspect)));
}

// The weights of the morph channel in GltfTestScenes (targets 0..2 per key).
const std::vector<float> kMorphWeights = {
        1.0f, 0.0f, 0.0f,  //
        0.25f, 0.5f, 0.0f, //
        0.0f, 0.0f, 0.75f, //
        0.0f, 0.0f, 0.0f,
};
const std::vector<double> kMorphTicks = {0.0, 5.0, 10.0, 20.0};

void ExpectMorphSampler(const GltfFile &file, const json &sampler, double ticksPerSecond) {
    EXPECT_EQ(sampler.value("interpolation", std::string("LINEAR")), "LINEAR");
    const size_t input = sampler.at("input").get<size_t>();
    const std::vector<float> times = AccessorFloats(file, input);
    ASSERT_EQ(times.size(), kMorphTicks.size());
    for (size_t k = 0; k < times.size(); ++k) {
        EXPECT_EQ(times[k], static_cast<float>(kMorphTicks[k] / ticksPerSecond)) << "key " << k;
        if (k > 0) {
            EXPECT_GT(times[k], times[k - 1]);
        }
    }
    const json &inputAccessor = file.json["accessors"][input];
    EXPECT_EQ(AsFloat(inputAccessor.at("min")[0]), times.front());
    EXPECT_EQ(AsFloat(inputAccessor.at("max")[0]), times.back());
    const std::vector<float> weights = AccessorFloats(file, sampler.at("output").get<size_t>());
    EXPECT_EQ(weights, kMorphWeights);
}

class GltfCompletionFormat : public ::testing::TestWithParam<std::string> {};

// ---- cameras ---------------------------------------------------------------

TEST_P(GltfCompletionFormat, CameraOnAnimatedNode) {
    const auto scene = gltf_test::MakeCameraScene();
    const std::string path = OutputFor("camera", GetParam());
    ExportWithAssimp(*scene, GetParam(), path);
    const GltfCompletionReport report = Complete(*scene, path);
    const bool dropsCameras = retro_test::LinkedAssimp().gltfDropsCameras;
    EXPECT_EQ(report.camerasAdded, Repaired(dropsCameras, 2u)) << Notes(report);
    EXPECT_EQ(report.cameraFrameNodesAdded, Repaired(dropsCameras, 1u));
    EXPECT_EQ(report.fileChanged, dropsCameras);
    if (dropsCameras) {
        EXPECT_TRUE(report.notes.empty()) << Notes(report);
    } else {
        EXPECT_TRUE(HasNoteContaining(report, "already has a camera")) << Notes(report);
    }
    retro_test::ExpectValidGltf(path);

    GltfFile file;
    ASSERT_TRUE(gltf_test::ReadGltfFile(path, file));
    ExpectFileLayout(file);
    const json &root = file.json;
    ASSERT_EQ(root.at("cameras").size(), 2u);

    // CameraRig: glTF frame, so the camera sits on the animated node itself.
    const long long rig = NodeIndex(root, "CameraRig");
    ASSERT_GE(rig, 0);
    ASSERT_TRUE(root["nodes"][rig].contains("camera"));
    const json &rigCamera = root["cameras"][root["nodes"][rig]["camera"].get<size_t>()];
    EXPECT_EQ(rigCamera.at("name"), "CameraRig");
    EXPECT_EQ(rigCamera.at("type"), "perspective");
    const json &rigPerspective = rigCamera.at("perspective");
    EXPECT_EQ(AsFloat(rigPerspective.at("yfov")), ExpectedYfov(CameraValues::kRigFov, CameraValues::kRigAspect));
    EXPECT_NEAR(rigPerspective.at("yfov").get<double>(), 0.530626, 1e-6); // 2 atan(tan(0.45) * 9/16)
    EXPECT_EQ(AsFloat(rigPerspective.at("aspectRatio")), CameraValues::kRigAspect);
    EXPECT_EQ(AsFloat(rigPerspective.at("znear")), CameraValues::kRigNear);
    EXPECT_EQ(AsFloat(rigPerspective.at("zfar")), CameraValues::kRigFar);
    // The node animation Assimp wrote still drives that node.
    const json *fly = AnimationNamed(root, "Fly");
    ASSERT_NE(fly, nullptr);
    EXPECT_NE(ChannelSampler(*fly, rig, "translation"), nullptr);
    EXPECT_NE(ChannelSampler(*fly, rig, "rotation"), nullptr);

    // Spectator: aiCamera's default frame (look +Z, up +Y, 0.5 up) needs a
    // child node turned 180 degrees about Y, moved by mPosition.
    const long long spectator = NodeIndex(root, "Spectator");
    const long long frame = NodeIndex(root, "Spectator.Camera");
    ASSERT_GE(spectator, 0);
    ASSERT_GE(frame, 0);
    EXPECT_FALSE(root["nodes"][spectator].contains("camera"));
    EXPECT_EQ(root["nodes"][spectator].at("children"), json::array({frame}));
    const json &frameNode = root["nodes"][frame];
    EXPECT_EQ(frameNode.at("translation"), json::array({0.0, 0.5, 0.0}));
    const json &rotation = frameNode.at("rotation");
    EXPECT_NEAR(rotation[0].get<double>(), 0.0, 1e-6);
    EXPECT_NEAR(std::fabs(rotation[1].get<double>()), 1.0, 1e-6);
    EXPECT_NEAR(rotation[2].get<double>(), 0.0, 1e-6);
    EXPECT_NEAR(rotation[3].get<double>(), 0.0, 1e-6);
    const json &spectatorCamera = root["cameras"][frameNode.at("camera").get<size_t>()];
    EXPECT_EQ(spectatorCamera.at("name"), "Spectator");
    const json &spectatorPerspective = spectatorCamera.at("perspective");
    EXPECT_FALSE(spectatorPerspective.contains("aspectRatio")); // mAspect 0: unknown
    EXPECT_EQ(AsFloat(spectatorPerspective.at("yfov")), CameraValues::kSpectatorFov);
    EXPECT_EQ(AsFloat(spectatorPerspective.at("znear")), CameraValues::kSpectatorNear);
    EXPECT_EQ(AsFloat(spectatorPerspective.at("zfar")), CameraValues::kSpectatorFar);

    // Assimp 5.2.5's glTF2 importer reads them back: cameras named after
    // their nodes, looking -Z; hfov = yfov * aspect (its linear formula; the
    // exact inverse of ours is 2 atan(tan(yfov/2) aspect), upstream #4435),
    // hfov = yfov when there is no aspect; mPosition = the node's translation.
    Assimp::Importer importer;
    const aiScene *back = importer.ReadFile(path, aiProcess_ValidateDataStructure);
    ASSERT_NE(back, nullptr) << importer.GetErrorString();
    ASSERT_EQ(back->mNumCameras, 2u);
    const aiCamera *rigBack = FindAiCamera(*back, "CameraRig");
    ASSERT_NE(rigBack, nullptr);
    EXPECT_EQ(rigBack->mAspect, CameraValues::kRigAspect);
    EXPECT_EQ(rigBack->mClipPlaneNear, CameraValues::kRigNear);
    EXPECT_EQ(rigBack->mClipPlaneFar, CameraValues::kRigFar);
    EXPECT_FLOAT_EQ(rigBack->mHorizontalFOV, AsFloat(rigPerspective["yfov"]) * CameraValues::kRigAspect);
    EXPECT_FLOAT_EQ(static_cast<float>(2.0 * std::atan(std::tan(AsFloat(rigPerspective["yfov"]) / 2.0) * CameraValues::kRigAspect)),
            CameraValues::kRigFov);
    EXPECT_EQ(rigBack->mLookAt, aiVector3D(0, 0, -1));
    const aiCamera *spectatorBack = FindAiCamera(*back, "Spectator.Camera");
    ASSERT_NE(spectatorBack, nullptr);
    EXPECT_EQ(spectatorBack->mHorizontalFOV, CameraValues::kSpectatorFov); // exact round trip
    EXPECT_EQ(spectatorBack->mAspect, 0.0f);
    EXPECT_EQ(spectatorBack->mClipPlaneNear, CameraValues::kSpectatorNear);
    EXPECT_EQ(spectatorBack->mClipPlaneFar, CameraValues::kSpectatorFar);
    ASSERT_EQ(back->mNumAnimations, 1u);
    ASSERT_EQ(back->mAnimations[0]->mNumChannels, 1u);
    EXPECT_STREQ(back->mAnimations[0]->mChannels[0]->mNodeName.C_Str(), "CameraRig");
    EXPECT_EQ(back->mAnimations[0]->mChannels[0]->mNumPositionKeys, 3u);
}

// ---- metadata ----------------------------------------------------------------

TEST_P(GltfCompletionFormat, MetadataOfEveryTypeAsExtras) {
    const auto scene = gltf_test::MakeMetadataScene();
    const std::string path = OutputFor("metadata", GetParam());
    const GltfCompletionReport report = ExportAndComplete(*scene, GetParam(), path);
    EXPECT_EQ(report.nodesWithExtras, 3u) << Notes(report);
    EXPECT_EQ(report.extrasKeysAdded, 8u + 2u + 1u);
    EXPECT_TRUE(report.notes.empty()) << Notes(report);
    retro_test::ExpectValidGltf(path);

    GltfFile file;
    ASSERT_TRUE(gltf_test::ReadGltfFile(path, file));
    ExpectFileLayout(file);
    const json &nodes = file.json.at("nodes");

    const json &props = nodes.at(NodeIndex(file.json, "Props")).at("extras");
    const json expectedProps = {
            {"flag", true},
            {"count", -42},
            {"big", 1099511627783ull},
            {"ratio", 0.1},
            {"precise", 0.1},
            {"label", "crate \"A\" \xc3\xbc"},
            {"offset", {1.5, -2.0, 0.25}},
            {"physics",
                    {{"mass", 2.5},
                            {"static", false},
                            {"material", "wood"},
                            {"limits", {{"min", {-1.0, -1.0, -1.0}}, {"max", 10.0}}}}},
    };
    EXPECT_EQ(props, expectedProps) << props.dump(2);
    // Type by type, as JSON kinds: bool, signed, unsigned 64 (exact), float
    // written as the shortest decimal of the float, double exact.
    EXPECT_TRUE(props["flag"].is_boolean());
    EXPECT_TRUE(props["count"].is_number_integer());
    EXPECT_EQ(props["big"].get<uint64_t>(), 1099511627783ull);
    EXPECT_EQ(static_cast<float>(props["ratio"].get<double>()), 0.1f);
    EXPECT_EQ(props["precise"].get<double>(), 0.1);
    EXPECT_TRUE(props["physics"]["limits"].is_object());

    EXPECT_EQ(nodes.at(NodeIndex(file.json, "Tagged")).at("extras"), json({{"team", 3}, {"name", "blue"}}));
    EXPECT_EQ(nodes.at(NodeIndex(file.json, "Floor")).at("extras"), json({{"walkable", true}}));
    EXPECT_FALSE(nodes.at(NodeIndex(file.json, "NoMeta")).contains("extras")); // empty aiMetadata
    EXPECT_FALSE(nodes.at(NodeIndex(file.json, "Root")).contains("extras"));

    // Assimp 5.2.5's glTF2 importer reads extras back as node metadata, with
    // its own types: integers >= 0 as uint64, < 0 as int32, numbers with a
    // fraction as double, arrays as a nested aiMetadata repeating the key.
    Assimp::Importer importer;
    const aiScene *back = importer.ReadFile(path, aiProcess_ValidateDataStructure);
    ASSERT_NE(back, nullptr) << importer.GetErrorString();
    const aiNode *propsBack = FindAiNode(back->mRootNode, "Props");
    ASSERT_NE(propsBack, nullptr);
    ASSERT_NE(propsBack->mMetaData, nullptr);
    aiMetadata &meta = *propsBack->mMetaData;
    bool flag = false;
    EXPECT_TRUE(meta.Get("flag", flag));
    EXPECT_TRUE(flag);
    int32_t count = 0;
    EXPECT_TRUE(meta.Get("count", count));
    EXPECT_EQ(count, -42);
    uint64_t big = 0;
    EXPECT_TRUE(meta.Get("big", big));
    EXPECT_EQ(big, 1099511627783ull);
    double ratio = 0, precise = 0;
    EXPECT_TRUE(meta.Get("ratio", ratio));
    EXPECT_EQ(static_cast<float>(ratio), 0.1f);
    EXPECT_TRUE(meta.Get("precise", precise));
    EXPECT_EQ(precise, 0.1);
    aiString label;
    EXPECT_TRUE(meta.Get("label", label));
    EXPECT_STREQ(label.C_Str(), "crate \"A\" \xc3\xbc");
    aiMetadata physics;
    ASSERT_TRUE(meta.Get("physics", physics));
    aiString material;
    EXPECT_TRUE(physics.Get("material", material));
    EXPECT_STREQ(material.C_Str(), "wood");
    aiMetadata offset;
    ASSERT_TRUE(meta.Get("offset", offset));
    ASSERT_EQ(offset.mNumProperties, 3u);
    double y = 0;
    EXPECT_TRUE(offset.Get(1u, y));
    EXPECT_EQ(y, -2.0);
}

// ---- morph weight animation ----------------------------------------------------

TEST_P(GltfCompletionFormat, MorphWeightAnimation) {
    const auto scene = gltf_test::MakeMorphScene();
    const std::string path = OutputFor("morph", GetParam());
    ExportWithAssimp(*scene, GetParam(), path);
    const GltfCompletionReport report = Complete(*scene, path);
    if (retro_test::LinkedAssimp().gltfDropsMorphWeights) {
        EXPECT_EQ(report.weightChannelsAdded, 2u) << Notes(report);
        ASSERT_EQ(report.notes.size(), 1u) << Notes(report);
        EXPECT_TRUE(HasNoteContaining(report, "glTF node \"Plain\" has no morph targets")) << Notes(report);
    } else {
        EXPECT_EQ(report.weightChannelsAdded, 0u) << Notes(report);
        EXPECT_TRUE(HasNoteContaining(report, "already drives the weights")) << Notes(report);
    }
    retro_test::ExpectValidGltf(path);

    GltfFile file;
    ASSERT_TRUE(gltf_test::ReadGltfFile(path, file));
    ExpectFileLayout(file);
    const json *wobble = AnimationNamed(file.json, "Wobble");
    ASSERT_NE(wobble, nullptr);
    EXPECT_EQ(wobble->at("channels").size(), 2u);

    const long long blob = NodeIndex(file.json, "Blob");
    const json &blobMesh = file.json["meshes"][file.json["nodes"][blob]["mesh"].get<size_t>()];
    ASSERT_EQ(blobMesh["primitives"][0]["targets"].size(), 3u);
    const json *blobSampler = ChannelSampler(*wobble, blob, "weights");
    ASSERT_NE(blobSampler, nullptr);
    ExpectMorphSampler(file, *blobSampler, 10.0);

    // Twin's two aiMeshes became one glTF mesh with two primitives, 3 targets
    // each: one channel drives both.
    const long long twin = NodeIndex(file.json, "Twin");
    const json &twinMesh = file.json["meshes"][file.json["nodes"][twin]["mesh"].get<size_t>()];
    ASSERT_EQ(twinMesh["primitives"].size(), 2u);
    EXPECT_EQ(twinMesh["primitives"][0]["targets"].size(), 3u);
    EXPECT_EQ(twinMesh["primitives"][1]["targets"].size(), 3u);
    const json *twinSampler = ChannelSampler(*wobble, twin, "weights");
    ASSERT_NE(twinSampler, nullptr);
    ExpectMorphSampler(file, *twinSampler, 10.0);

    EXPECT_EQ(ChannelSampler(*wobble, NodeIndex(file.json, "Plain"), "weights"), nullptr);

    // Assimp 5.2.5's glTF2 importer: one aiMeshMorphAnim per node, times in
    // milliseconds (mTicksPerSecond 1000), every target listed at every key.
    Assimp::Importer importer;
    const aiScene *back = importer.ReadFile(path, aiProcess_ValidateDataStructure);
    ASSERT_NE(back, nullptr) << importer.GetErrorString();
    ASSERT_EQ(back->mNumAnimations, 1u);
    const aiAnimation &animation = *back->mAnimations[0];
    EXPECT_EQ(animation.mTicksPerSecond, 1000.0);
    ASSERT_EQ(animation.mNumMorphMeshChannels, 2u);
    for (unsigned c = 0; c < animation.mNumMorphMeshChannels; ++c) {
        const aiMeshMorphAnim &channel = *animation.mMorphMeshChannels[c];
        EXPECT_TRUE(std::string(channel.mName.C_Str()) == "Blob" || std::string(channel.mName.C_Str()) == "Twin");
        ASSERT_EQ(channel.mNumKeys, 4u);
        for (unsigned k = 0; k < 4; ++k) {
            EXPECT_NEAR(channel.mKeys[k].mTime, kMorphTicks[k] / 10.0 * 1000.0, 1e-3);
            ASSERT_EQ(channel.mKeys[k].mNumValuesAndWeights, 3u);
            for (unsigned t = 0; t < 3; ++t) {
                EXPECT_EQ(channel.mKeys[k].mValues[t], t);
                EXPECT_EQ(channel.mKeys[k].mWeights[t], kMorphWeights[k * 3 + t]);
            }
        }
    }
}

// ---- everything together, and idempotence ----------------------------------------

TEST_P(GltfCompletionFormat, FullSceneAndSecondRunAddsNothing) {
    const auto scene = gltf_test::MakeFullScene();
    const std::string path = OutputFor("full", GetParam());
    const GltfCompletionReport first = ExportAndComplete(*scene, GetParam(), path);
    const retro_test::AssimpDefects &linked = retro_test::LinkedAssimp();
    EXPECT_EQ(first.camerasAdded, Repaired(linked.gltfDropsCameras, 2u)) << Notes(first);
    EXPECT_EQ(first.cameraFrameNodesAdded, Repaired(linked.gltfDropsCameras, 1u));
    EXPECT_EQ(first.nodesWithExtras, 3u); // ExportGltf hides node metadata from every exporter (see below)
    // ExportGltf hands Assimp's exporter no animations: the completion writes
    // the weights with either library (a patched Assimp's would be written too).
    EXPECT_EQ(first.weightChannelsAdded, 1u);
    EXPECT_EQ(first.emptyAnimationsRemoved, 0u);
    if (linked.gltfDropsCameras && linked.gltfDropsMorphWeights) {
        EXPECT_TRUE(first.notes.empty()) << Notes(first);
    }
    retro_test::ExpectValidGltf(path);

    GltfFile file;
    ASSERT_TRUE(gltf_test::ReadGltfFile(path, file));
    ExpectFileLayout(file);
    const json *all = AnimationNamed(file.json, "All");
    ASSERT_NE(all, nullptr);
    // T/R of the rig (its scale stays 1: no channel, GltfAnimationLayout.h) + weights of the blob
    EXPECT_EQ(all->at("channels").size(), 2u + 1u);
    const json *sampler = ChannelSampler(*all, NodeIndex(file.json, "Blob"), "weights");
    ASSERT_NE(sampler, nullptr);
    ExpectMorphSampler(file, *sampler, 30.0);
    EXPECT_TRUE(file.json["nodes"][NodeIndex(file.json, "CameraRig")].contains("camera"));
    EXPECT_EQ(file.json["nodes"][NodeIndex(file.json, "Props")]["extras"]["physics"]["limits"]["max"], 10.0);

    const std::vector<uint8_t> before = retro_test::ReadFile(path);
    const std::vector<uint8_t> binBefore =
            GetParam() == "gltf2" ? retro_test::ReadFile(path.substr(0, path.size() - 5) + ".bin") : std::vector<uint8_t>();
    const GltfCompletionReport second = Complete(*scene, path);
    EXPECT_EQ(second.camerasAdded, 0u);
    EXPECT_EQ(second.cameraFrameNodesAdded, 0u);
    EXPECT_EQ(second.nodesWithExtras, 0u);
    EXPECT_EQ(second.extrasKeysAdded, 0u);
    EXPECT_EQ(second.weightChannelsAdded, 0u);
    EXPECT_FALSE(second.fileChanged);
    EXPECT_EQ(retro_test::ReadFile(path), before) << "a second run must not rewrite the file";
    if (GetParam() == "gltf2") {
        EXPECT_EQ(retro_test::ReadFile(path.substr(0, path.size() - 5) + ".bin"), binBefore);
    }
    // It says why it skipped: the parts are already there.
    EXPECT_TRUE(HasNoteContaining(second, "already has a camera")) << Notes(second);
    EXPECT_TRUE(HasNoteContaining(second, "already drives the weights")) << Notes(second);

    // The scene itself survived the export (ExportGltf hides node metadata
    // from Assimp's exporter, which would abort on nested metadata).
    const aiNode *props = FindAiNode(scene->mRootNode, "Props");
    ASSERT_NE(props->mMetaData, nullptr);
    EXPECT_EQ(props->mMetaData->mNumProperties, 8u);

    Assimp::Importer importer;
    const aiScene *back = importer.ReadFile(path, aiProcess_ValidateDataStructure);
    ASSERT_NE(back, nullptr) << importer.GetErrorString();
    EXPECT_EQ(back->mNumCameras, 2u);
    ASSERT_EQ(back->mNumAnimations, 1u);
    EXPECT_EQ(back->mAnimations[0]->mNumChannels, 1u);
    EXPECT_EQ(back->mAnimations[0]->mNumMorphMeshChannels, 1u);
}

INSTANTIATE_TEST_SUITE_P(Formats, GltfCompletionFormat, ::testing::Values("gltf2", "glb2"),
        [](const ::testing::TestParamInfo<std::string> &info) { return Extension(info.param); });

// ---- parts already in the file are kept ------------------------------------------

json ReadJson(const std::string &path) {
    std::ifstream in(path);
    return json::parse(in);
}

void WriteJson(const std::string &path, const json &value) {
    std::ofstream out(path);
    out << value.dump(2);
}

TEST(GltfCompletion, KeepsExtrasCamerasAndChannelsAlreadyInTheFile) {
    const auto scene = gltf_test::MakeFullScene();
    const std::string path = OutputFor("existing", "gltf2");
    ExportAndComplete(*scene, "gltf2", path);

    // Make it look like a newer exporter wrote part of it, differently.
    json edited = ReadJson(path);
    json &nodes = edited["nodes"];
    nodes[NodeIndex(edited, "Props")]["extras"] = {{"flag", "keep"}, {"custom", 7}, {"physics", {{"mass", 99}}}};
    nodes[NodeIndex(edited, "Tagged")].erase("extras");
    edited["cameras"][nodes[NodeIndex(edited, "CameraRig")]["camera"].get<size_t>()]["perspective"]["yfov"] = 0.1;
    WriteJson(path, edited);

    const GltfCompletionReport report = Complete(*scene, path);
    EXPECT_EQ(report.camerasAdded, 0u) << Notes(report);
    EXPECT_EQ(report.weightChannelsAdded, 0u);
    EXPECT_EQ(report.nodesWithExtras, 2u); // Props completed, Tagged again
    EXPECT_TRUE(HasNoteContaining(report, "extras of node \"Props\".flag: already in the file with another value"))
            << Notes(report);
    EXPECT_TRUE(HasNoteContaining(report, "extras of node \"Props\".physics.mass")) << Notes(report);
    retro_test::ExpectValidGltf(path);

    const json result = ReadJson(path);
    const json &props = result["nodes"][NodeIndex(result, "Props")]["extras"];
    EXPECT_EQ(props["flag"], "keep");
    EXPECT_EQ(props["custom"], 7);
    EXPECT_EQ(props["physics"]["mass"], 99);
    EXPECT_EQ(props["physics"]["static"], false);          // missing nested key added
    EXPECT_EQ(props["physics"]["material"], "wood");
    EXPECT_EQ(props["count"], -42);                         // missing keys added
    EXPECT_EQ(props["offset"], json({1.5, -2.0, 0.25}));
    EXPECT_EQ(result["nodes"][NodeIndex(result, "Tagged")]["extras"], json({{"team", 3}, {"name", "blue"}}));
    EXPECT_EQ(result["cameras"].size(), 2u);
    EXPECT_EQ(result["cameras"][result["nodes"][NodeIndex(result, "CameraRig")]["camera"].get<size_t>()]["perspective"]["yfov"],
            0.1);
    int weightChannels = 0;
    ChannelSampler(*AnimationNamed(result, "All"), NodeIndex(result, "Blob"), "weights", &weightChannels);
    EXPECT_EQ(weightChannels, 1);
}

TEST(GltfCompletion, NodeWithExtrasThatAreNotAnObjectIsLeftAlone) {
    const auto scene = gltf_test::MakeMetadataScene();
    const std::string path = OutputFor("extras-string", "gltf2");
    ExportAndComplete(*scene, "gltf2", path);
    json edited = ReadJson(path);
    edited["nodes"][NodeIndex(edited, "Floor")]["extras"] = "hand written";
    WriteJson(path, edited);
    const GltfCompletionReport report = Complete(*scene, path);
    EXPECT_TRUE(HasNoteContaining(report, "extras are not an object")) << Notes(report);
    EXPECT_EQ(ReadJson(path)["nodes"][NodeIndex(edited, "Floor")]["extras"], "hand written");
}

// ---- edge cases -----------------------------------------------------------------

TEST(GltfCompletion, OrthographicCamera) {
    auto scene = gltf_test::MakeCameraScene();
    aiCamera &rig = *scene->mCameras[0];
    rig.mOrthographicWidth = 4.0f;
    rig.mAspect = 2.0f;
    rig.mHorizontalFOV = 0.0f;
    const std::string path = OutputFor("ortho", "glb2");
    ExportWithAssimp(*scene, "glb2", path);
    const GltfCompletionReport report = Complete(*scene, path);
    EXPECT_EQ(report.camerasAdded, Repaired(retro_test::LinkedAssimp().gltfDropsCameras, 2u)) << Notes(report);
    retro_test::ExpectValidGltf(path);
    GltfFile file;
    ASSERT_TRUE(gltf_test::ReadGltfFile(path, file));
    const json &camera = file.json["cameras"][file.json["nodes"][NodeIndex(file.json, "CameraRig")]["camera"].get<size_t>()];
    EXPECT_EQ(camera["type"], "orthographic");
    EXPECT_EQ(camera["orthographic"], json({{"xmag", 4.0}, {"ymag", 2.0}, {"zfar", 500.0}, {"znear", 0.25}}));

    Assimp::Importer importer;
    const aiScene *back = importer.ReadFile(path, aiProcess_ValidateDataStructure);
    ASSERT_NE(back, nullptr) << importer.GetErrorString();
    const aiCamera *rigBack = FindAiCamera(*back, "CameraRig");
    ASSERT_NE(rigBack, nullptr);
    EXPECT_EQ(rigBack->mOrthographicWidth, 4.0f);
    EXPECT_EQ(rigBack->mAspect, 2.0f);
}

TEST(GltfCompletion, UnsortedMorphKeysAndZeroTicksPerSecond) {
    auto scene = gltf_test::MakeMorphScene();
    aiAnimation &animation = *scene->mAnimations[0];
    animation.mTicksPerSecond = 0.0; // unknown: 25 ticks per second
    aiMeshMorphAnim &blob = *animation.mMorphMeshChannels[0];
    std::swap(blob.mKeys[1].mTime, blob.mKeys[3].mTime); // times 0, 20, 10, 5
    blob.mKeys[2].mTime = 20.0;                          // 0, 20, 20, 5: one repeat
    blob.mKeys[0].mValues[0] = 7;                        // a target the mesh does not have
    const std::string path = OutputFor("morph-unsorted", "glb2");
    ExportWithAssimp(*scene, "glb2", path);
    const GltfCompletionReport report = Complete(*scene, path);
    EXPECT_TRUE(HasNoteContaining(report, "timed at 25")) << Notes(report);
    if (retro_test::LinkedAssimp().gltfDropsMorphWeights) {
        EXPECT_EQ(report.weightChannelsAdded, 2u) << Notes(report);
        EXPECT_TRUE(HasNoteContaining(report, "1 key(s) repeating an earlier time dropped")) << Notes(report);
        EXPECT_TRUE(HasNoteContaining(report, "1 weight(s) naming a target beyond the mesh's 3 ignored")) << Notes(report);
    } else { // the patched exporter applies the same rules (GltfRules.h): the same keys below
        EXPECT_EQ(report.weightChannelsAdded, 0u) << Notes(report);
    }
    retro_test::ExpectValidGltf(path);

    GltfFile file;
    ASSERT_TRUE(gltf_test::ReadGltfFile(path, file));
    const json *sampler = ChannelSampler(*AnimationNamed(file.json, "Wobble"), NodeIndex(file.json, "Blob"), "weights");
    ASSERT_NE(sampler, nullptr);
    EXPECT_EQ(AccessorFloats(file, sampler->at("input").get<size_t>()),
            std::vector<float>({0.0f, 5.0f / 25.0f, 20.0f / 25.0f}));
    // Sorted keys: t0 (target 7 ignored), old key 3 (zeros) at 5, old key 1 at 20.
    EXPECT_EQ(AccessorFloats(file, sampler->at("output").get<size_t>()),
            std::vector<float>({0, 0, 0, 0, 0, 0, 0.25f, 0.5f, 0}));
}

TEST(GltfCompletion, MorphChannelNamingAMeshDrivesItsNodes) {
    auto scene = gltf_test::MakeMorphScene();
    scene->mAnimations[0]->mMorphMeshChannels[0]->mName = "BlobMesh"; // the aiMesh's name, not the node's
    const std::string path = OutputFor("morph-meshname", "gltf2");
    ExportWithAssimp(*scene, "gltf2", path);
    const GltfCompletionReport report = Complete(*scene, path);
    // A patched Assimp writes Twin's channel itself; the channel named after
    // Blob's mesh is read by the completion only, with either library.
    EXPECT_EQ(report.weightChannelsAdded, retro_test::LinkedAssimp().gltfDropsMorphWeights ? 2u : 1u) << Notes(report);
    EXPECT_TRUE(HasNoteContaining(report, "read as a mesh name")) << Notes(report);
    retro_test::ExpectValidGltf(path);
    GltfFile file;
    ASSERT_TRUE(gltf_test::ReadGltfFile(path, file));
    EXPECT_NE(ChannelSampler(*AnimationNamed(file.json, "Wobble"), NodeIndex(file.json, "Blob"), "weights"), nullptr);
}

TEST(GltfCompletion, AnimationLeftWithoutChannelsIsRemoved) {
    auto scene = gltf_test::MakeMorphScene();
    // Only the channel naming the node without targets remains.
    aiAnimation &animation = *scene->mAnimations[0];
    std::swap(animation.mMorphMeshChannels[0], animation.mMorphMeshChannels[1]);
    animation.mNumMorphMeshChannels = 1; // (the scene still deletes all three: see below)
    const std::string path = OutputFor("morph-empty", "gltf2");
    ExportWithAssimp(*scene, "gltf2", path);
    const GltfCompletionReport report = Complete(*scene, path);
    animation.mNumMorphMeshChannels = 3;
    EXPECT_EQ(report.weightChannelsAdded, 0u);
    // Assimp 5.2.5 writes the animation without channels; a patched one leaves it out.
    EXPECT_EQ(report.emptyAnimationsRemoved, Repaired(retro_test::LinkedAssimp().gltfDropsMorphWeights, 1u))
            << Notes(report);
    retro_test::ExpectValidGltf(path); // Assimp's empty animation was an error
    EXPECT_FALSE(ReadJson(path).contains("animations"));
}

// A hand-written .gltf with a data: URI buffer (one triangle, one target).
TEST(GltfCompletion, AppendsToADataUriBuffer) {
    std::vector<float> floats = {0, 0, 0, 1, 0, 0, 0, 1, 0, /* target */ 0, 0, 1, 0, 0, 1, 0, 0, 1};
    std::vector<uint8_t> bytes(floats.size() * 4);
    std::memcpy(bytes.data(), floats.data(), bytes.size());
    static const char *alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    std::string base64;
    for (size_t i = 0; i < bytes.size(); i += 3) { // 72 bytes: no padding
        const uint32_t v = (bytes[i] << 16) | (bytes[i + 1] << 8) | bytes[i + 2];
        for (int s = 18; s >= 0; s -= 6) {
            base64 += alphabet[(v >> s) & 63];
        }
    }
    const json document = {
            {"asset", {{"version", "2.0"}}},
            {"scene", 0},
            {"scenes", {{{"nodes", {0}}}}},
            {"nodes", {{{"name", "Tri"}, {"mesh", 0}}}},
            {"meshes", {{{"primitives", {{{"attributes", {{"POSITION", 0}}}, {"targets", {{{"POSITION", 1}}}}}}}}}},
            {"accessors",
                    {{{"bufferView", 0}, {"componentType", 5126}, {"count", 3}, {"type", "VEC3"}, {"min", {0, 0, 0}},
                             {"max", {1, 1, 0}}},
                            {{"bufferView", 0}, {"byteOffset", 36}, {"componentType", 5126}, {"count", 3}, {"type", "VEC3"},
                                    {"min", {0, 0, 1}}, {"max", {0, 0, 1}}}}},
            {"bufferViews", {{{"buffer", 0}, {"byteLength", 72}, {"byteStride", 12}, {"target", 34962}}}},
            {"buffers", {{{"byteLength", 72}, {"uri", "data:application/octet-stream;base64," + base64}}}},
    };
    const std::string path = retro_test::OutputPath("Export/datauri.gltf");
    WriteJson(path, document);

    aiScene scene; // only what the completion reads: node names, animations, metadata
    scene.mRootNode = new aiNode("Tri");
    scene.mRootNode->mMetaData = new aiMetadata();
    scene.mRootNode->mMetaData->Add("origin", aiString("hand written"));
    aiAnimation *animation = new aiAnimation();
    animation->mName = "Pulse";
    animation->mTicksPerSecond = 1.0;
    animation->mNumMorphMeshChannels = 1;
    animation->mMorphMeshChannels = new aiMeshMorphAnim *[1];
    aiMeshMorphAnim *channel = animation->mMorphMeshChannels[0] = new aiMeshMorphAnim();
    channel->mName = "Tri";
    channel->mNumKeys = 2;
    channel->mKeys = new aiMeshMorphKey[2];
    for (unsigned k = 0; k < 2; ++k) {
        channel->mKeys[k].mTime = k;
        channel->mKeys[k].mNumValuesAndWeights = 1;
        channel->mKeys[k].mValues = new unsigned[1]{0};
        channel->mKeys[k].mWeights = new double[1]{double(k)};
    }
    scene.mNumAnimations = 1;
    scene.mAnimations = new aiAnimation *[1]{animation};

    const GltfCompletionReport report = Complete(scene, path);
    EXPECT_EQ(report.weightChannelsAdded, 1u) << Notes(report);
    EXPECT_EQ(report.nodesWithExtras, 1u);
    retro_test::ExpectValidGltf(path);
    GltfFile file;
    ASSERT_TRUE(gltf_test::ReadGltfFile(path, file));
    ExpectFileLayout(file);
    EXPECT_EQ(file.json["buffers"][0]["uri"].get<std::string>().rfind("data:application/octet-stream;base64,", 0), 0u);
    EXPECT_EQ(file.json["buffers"][0]["byteLength"], 72 + 8 + 8);
    EXPECT_EQ(AccessorFloats(file, 0), std::vector<float>(floats.begin(), floats.begin() + 9)); // old data intact
    const json &pulse = file.json["animations"][0];
    EXPECT_EQ(pulse["name"], "Pulse");
    EXPECT_EQ(AccessorFloats(file, pulse["samplers"][0]["input"].get<size_t>()), std::vector<float>({0, 1}));
    EXPECT_EQ(AccessorFloats(file, pulse["samplers"][0]["output"].get<size_t>()), std::vector<float>({0, 1}));
    EXPECT_EQ(file.json["nodes"][0]["extras"], json({{"origin", "hand written"}}));
}

TEST(GltfCompletion, GlbWithoutBinChunkAndSkippedParts) {
    // A GLB holding nodes only (no buffers, no BIN chunk).
    const json document = {
            {"asset", {{"version", "2.0"}}},
            {"scene", 0},
            {"scenes", {{{"nodes", {0}}}}},
            {"nodes", {{{"name", "Root"}, {"children", {1}}}, {{"name", "Eye"}}}},
    };
    std::string text = document.dump();
    while (text.size() % 4) {
        text += ' ';
    }
    std::vector<uint8_t> glb = {'g', 'l', 'T', 'F', 2, 0, 0, 0};
    const uint32_t total = static_cast<uint32_t>(20 + text.size());
    const uint32_t chunk = static_cast<uint32_t>(text.size());
    for (uint32_t v : {total, chunk, 0x4E4F534Au}) {
        for (int i = 0; i < 4; ++i) {
            glb.push_back(static_cast<uint8_t>(v >> (8 * i)));
        }
    }
    glb.insert(glb.end(), text.begin(), text.end());
    const std::string path = retro_test::OutputPath("Export/nobin.glb");
    retro_test::WriteFile(path, glb);

    aiScene scene;
    scene.mRootNode = new aiNode("Root");
    aiNode *eye = new aiNode("Eye");
    scene.mRootNode->addChildren(1, &eye);
    eye->mMetaData = new aiMetadata();
    eye->mMetaData->Add("nan", std::nanf(""));
    eye->mMetaData->Add("ok", int32_t(1));
    aiNode *unnamed = new aiNode("");
    eye->addChildren(1, &unnamed);
    unnamed->mMetaData = new aiMetadata();
    unnamed->mMetaData->Add("lost", true);
    scene.mNumCameras = 2;
    scene.mCameras = new aiCamera *[2]{new aiCamera(), new aiCamera()};
    scene.mCameras[0]->mName = "Eye";
    scene.mCameras[0]->mLookAt = aiVector3D(0, 0, -1);
    scene.mCameras[0]->mClipPlaneFar = 0.0f; // not beyond near: infinite projection
    scene.mCameras[1]->mName = "Ghost";   // no such node

    const GltfCompletionReport report = Complete(scene, path);
    EXPECT_EQ(report.camerasAdded, 1u) << Notes(report);
    EXPECT_TRUE(HasNoteContaining(report, "camera \"Ghost\": no glTF node is named \"Ghost\"")) << Notes(report);
    EXPECT_TRUE(HasNoteContaining(report, "written without zfar")) << Notes(report);
    EXPECT_TRUE(HasNoteContaining(report, "written as null")) << Notes(report);
    EXPECT_TRUE(HasNoteContaining(report, "node without a name")) << Notes(report);
    retro_test::ExpectValidGltf(path);
    GltfFile file;
    ASSERT_TRUE(gltf_test::ReadGltfFile(path, file));
    ExpectFileLayout(file);
    EXPECT_TRUE(file.binChunk.empty());
    EXPECT_EQ(file.json["nodes"][1]["extras"], json({{"nan", nullptr}, {"ok", 1}}));
    const json &perspective = file.json["cameras"][file.json["nodes"][1]["camera"].get<size_t>()]["perspective"];
    EXPECT_FALSE(perspective.contains("zfar"));
    EXPECT_EQ(AsFloat(perspective["yfov"]), 0.25f * static_cast<float>(AI_MATH_PI));
}

/// `bytes` with every line ending in CR LF (a line that ends so already is kept).
std::vector<uint8_t> WithCrlf(const std::vector<uint8_t> &bytes) {
    std::vector<uint8_t> out;
    for (size_t i = 0; i < bytes.size(); ++i) {
        if (bytes[i] == '\n' && (i == 0 || bytes[i - 1] != '\r')) {
            out.push_back('\r');
        }
        out.push_back(bytes[i]);
    }
    return out;
}

// Assimp writes a .gltf in text mode, so on Windows its lines end with CR LF.
// What the completion adds must end the same way: the file completed from a
// CRLF copy is the LF completion with every LF made CR LF.
TEST(GltfCompletion, KeepsTheLineEndsOfTheFileAssimpWrote) {
    const auto scene = gltf_test::MakeMorphScene();
    const std::string lf = retro_test::OutputPath("Export/line_ends_lf.gltf");
    const std::string crlf = retro_test::OutputPath("Export/line_ends_crlf.gltf");
    ExportWithAssimp(*scene, "gltf2", lf);
    const std::vector<uint8_t> text = WithCrlf(retro_test::ReadFile(lf)); // already CRLF on Windows
    retro_test::WriteFile(crlf, text);
    const GltfCompletionReport fromLf = Complete(*scene, lf);
    const GltfCompletionReport fromCrlf = Complete(*scene, crlf);
    EXPECT_EQ(fromCrlf.weightChannelsAdded, fromLf.weightChannelsAdded);
    if (retro_test::LinkedAssimp().gltfDropsMorphWeights) {
        EXPECT_GT(fromLf.weightChannelsAdded, 0u); // the completion did add lines
    }

    const std::vector<uint8_t> expected = WithCrlf(retro_test::ReadFile(lf));
    const std::vector<uint8_t> completed = retro_test::ReadFile(crlf);
    EXPECT_EQ(std::string(completed.begin(), completed.end()), std::string(expected.begin(), expected.end()));
}

TEST(GltfCompletion, UnreadableFilesFailWithAMessage) {
    aiScene scene;
    scene.mRootNode = new aiNode("Root");
    std::string error;
    EXPECT_FALSE(assimp_retro::CompleteGltf(scene, retro_test::OutputPath("Export/missing.glb"), &error));
    EXPECT_NE(error.find("cannot open"), std::string::npos) << error;

    const std::string garbage = retro_test::OutputPath("Export/garbage.gltf");
    retro_test::WriteFile(garbage, {'{', '"', 'a'});
    error.clear();
    EXPECT_FALSE(assimp_retro::CompleteGltf(scene, garbage, &error));
    EXPECT_NE(error.find("invalid JSON"), std::string::npos) << error;

    const std::string truncated = retro_test::OutputPath("Export/truncated.glb");
    const std::vector<uint8_t> bytes = {'g', 'l', 'T', 'F', 2, 0, 0, 0, 100, 0, 0, 0, 4, 0, 0, 0};
    retro_test::WriteFile(truncated, bytes);
    error.clear();
    EXPECT_FALSE(assimp_retro::CompleteGltf(scene, truncated, &error));
    EXPECT_NE(error.find("length field"), std::string::npos) << error;
    EXPECT_EQ(retro_test::ReadFile(truncated), bytes); // untouched

    error.clear();
    EXPECT_FALSE(assimp_retro::ExportGltf(scene, "obj", retro_test::OutputPath("Export/x.obj"), &error));
    EXPECT_NE(error.find("gltf2"), std::string::npos) << error;
}

} // namespace

namespace {

/// A GLB of `document` and `bin` (both padded to 4 bytes as the format wants).
std::vector<uint8_t> MakeGlb(const json &document, std::vector<uint8_t> bin) {
    std::string text = document.dump();
    while (text.size() % 4) {
        text += ' ';
    }
    while (bin.size() % 4) {
        bin.push_back(0);
    }
    std::vector<uint8_t> glb = {'g', 'l', 'T', 'F', 2, 0, 0, 0};
    auto put = [&](uint32_t v) {
        for (int i = 0; i < 4; ++i) {
            glb.push_back(static_cast<uint8_t>(v >> (8 * i)));
        }
    };
    put(static_cast<uint32_t>(28 + text.size() + bin.size()));
    put(static_cast<uint32_t>(text.size()));
    put(0x4E4F534Au);
    glb.insert(glb.end(), text.begin(), text.end());
    put(static_cast<uint32_t>(bin.size()));
    put(0x004E4942u);
    glb.insert(glb.end(), bin.begin(), bin.end());
    return glb;
}

} // namespace

// Bytes no bufferView references are removed; each run of views moves down
// keeping its offset modulo 4, so the gaps left are < 4 zero bytes.
TEST(GltfCompletion, UnreferencedBytesAreRemovedKeepingAlignment) {
    // Views at 0 (6 bytes), 12 (4) and 17 (7); 0xEE in the 7 bytes between them.
    std::vector<uint8_t> bin(24, 0xEE);
    std::fill(bin.begin(), bin.begin() + 6, 'A');
    std::fill(bin.begin() + 12, bin.begin() + 16, 'B');
    std::fill(bin.begin() + 17, bin.begin() + 24, 'C');
    json document = {
            {"asset", {{"version", "2.0"}}},
            {"buffers", {{{"byteLength", 24}}}},
            {"bufferViews",
                    {{{"buffer", 0}, {"byteOffset", 0}, {"byteLength", 6}},
                            {{"buffer", 0}, {"byteOffset", 12}, {"byteLength", 4}},
                            {{"buffer", 0}, {"byteOffset", 17}, {"byteLength", 7}}}},
    };
    const std::string path = retro_test::OutputPath("Export/unreferenced.glb");
    retro_test::WriteFile(path, MakeGlb(document, bin));
    aiScene scene;
    GltfCompletionReport report = Complete(scene, path);
    EXPECT_EQ(report.unreferencedBytesRemoved, 4u);
    EXPECT_TRUE(HasNoteContaining(report, "4 byte(s) of the binary buffer that no bufferView references removed, 7 of them not zero"))
            << Notes(report);
    GltfFile file;
    ASSERT_TRUE(gltf_test::ReadGltfFile(path, file));
    EXPECT_EQ(file.json["buffers"][0]["byteLength"], 20);
    EXPECT_EQ(file.json["bufferViews"][0]["byteOffset"], 0);
    EXPECT_EQ(file.json["bufferViews"][1]["byteOffset"], 8);
    EXPECT_EQ(file.json["bufferViews"][2]["byteOffset"], 13);
    const std::vector<uint8_t> expected = {'A', 'A', 'A', 'A', 'A', 'A', 0, 0, 'B', 'B', 'B', 'B', 0,
            'C', 'C', 'C', 'C', 'C', 'C', 'C'};
    EXPECT_EQ(file.buffer0, expected);
    EXPECT_EQ(retro_test::GlbUnreferencedBytes(path), "");

    // A second run finds nothing to do and leaves the file as it is.
    const std::vector<uint8_t> once = retro_test::ReadFile(path);
    report = Complete(scene, path);
    EXPECT_EQ(report.unreferencedBytesRemoved, 0u);
    EXPECT_FALSE(report.fileChanged);
    EXPECT_EQ(retro_test::ReadFile(path), once);

    // A view past the buffer's end: nothing moves, the gaps are zeroed.
    document["bufferViews"][2]["byteLength"] = 100;
    retro_test::WriteFile(path, MakeGlb(document, bin));
    report = Complete(scene, path);
    EXPECT_EQ(report.unreferencedBytesRemoved, 0u);
    EXPECT_TRUE(report.fileChanged);
    ASSERT_TRUE(gltf_test::ReadGltfFile(path, file));
    EXPECT_EQ(file.json["bufferViews"][2]["byteOffset"], 17);
    std::vector<uint8_t> zeroed = bin;
    std::fill(zeroed.begin() + 6, zeroed.begin() + 12, 0);
    zeroed[16] = 0;
    EXPECT_EQ(file.buffer0, zeroed);
}
