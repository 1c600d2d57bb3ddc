// From another format, as a modder makes it: a skinned, animated character
// that Blender 3.4 builds at test time (tools/blender/make_skinned_character.py,
// exported as GLB by Blender's own glTF add-on) goes through the tool to abc6,
// abc12 and (where LTB is built) ltb and imports back with its geometry,
// skeleton and animations.
// The expected values are the script's own numbers (its header lists them),
// in glTF's axes: glTF (x, y, z) = Blender (x, z, -y). The character's
// texture goes with it as a DTX skin where the game looks for it (the tool's
// --set EXPORT_ABC_SKINS=1), with the GLB's pixels.
// Skipped, with the reason, where Blender is not installed.
#include "AbcGlb.h"
#include "AbcTestHelpers.h"
#include "Common/Texture/ImageDecode.h"
#include "Common/Texture/Texture.h"
#include "support/AnimationSampling.h"
#include "support/TestSupport.h"

#include <assimp_retro/assimp_retro.h>

#include <assimp/Importer.hpp>
#include <assimp/scene.h>
#include <assimp_retro/config.h>

#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <set>
#include <string>
#include <vector>

namespace {

const float kPi = 3.14159265358979f;

std::string Quote(const std::string &s) {
    return "'" + s + "'";
}

/// Blender's axes to glTF's (Assimp's): Z up, facing -Y -> Y up, facing +Z.
aiVector3D FromBlender(float x, float y, float z) {
    return aiVector3D(x, z, -y);
}

/// A turn of the script's pose: `degrees` about Blender axis `axis` around `pivot` (Blender's axes).
struct Turn {
    aiVector3D axis, pivot;
    float degrees;
};

/// Where a rest-pose vertex (glTF axes) goes when the bone owning it turns.
aiVector3D Posed(const aiVector3D &rest, const Turn &turn) {
    const aiVector3D axis = FromBlender(turn.axis.x, turn.axis.y, turn.axis.z);
    const aiVector3D pivot = FromBlender(turn.pivot.x, turn.pivot.y, turn.pivot.z);
    aiMatrix4x4 rotation;
    aiMatrix4x4::Rotation(turn.degrees * kPi / 180.f, axis, rotation);
    return pivot + rotation * (rest - pivot);
}

/// Global transforms of every node with `animation` sampled at `ticks` (its own time unit).
void PoseNodes(const aiNode *node, const aiMatrix4x4 &parent, const aiAnimation &animation, double ticks,
        std::map<std::string, aiMatrix4x4> &global) {
    aiMatrix4x4 local = node->mTransformation;
    for (unsigned c = 0; c < animation.mNumChannels; ++c) {
        const aiNodeAnim *channel = animation.mChannels[c];
        if (channel->mNodeName != node->mName) continue;
        local = aiMatrix4x4(aiVector3D(1.f), retro_test::SampleTrack(channel->mRotationKeys, channel->mNumRotationKeys, ticks),
                retro_test::SampleTrack(channel->mPositionKeys, channel->mNumPositionKeys, ticks));
    }
    const aiMatrix4x4 world = parent * local;
    global[node->mName.C_Str()] = world;
    for (unsigned c = 0; c < node->mNumChildren; ++c) {
        PoseNodes(node->mChildren[c], world, animation, ticks, global);
    }
}

/// The scene's skinned vertices (root space) with `animation` at `seconds`.
std::vector<aiVector3D> SkinnedVertices(const aiScene &scene, const aiMesh &mesh, const aiAnimation &animation,
        double seconds) {
    const double ticksPerSecond = animation.mTicksPerSecond > 0 ? animation.mTicksPerSecond : 25.0;
    std::map<std::string, aiMatrix4x4> global;
    PoseNodes(scene.mRootNode, aiMatrix4x4(), animation, seconds * ticksPerSecond, global);
    std::vector<aiVector3D> out(mesh.mNumVertices, aiVector3D(0.f));
    for (unsigned b = 0; b < mesh.mNumBones; ++b) {
        const aiBone *bone = mesh.mBones[b];
        const aiMatrix4x4 skin = global[bone->mName.C_Str()] * bone->mOffsetMatrix;
        for (unsigned w = 0; w < bone->mNumWeights; ++w) {
            out[bone->mWeights[w].mVertexId] += bone->mWeights[w].mWeight * (skin * mesh.mVertices[bone->mWeights[w].mVertexId]);
        }
    }
    return out;
}

/// The bone whose box (the script's) holds a rest-pose vertex, glTF axes.
std::string BoxOf(const aiVector3D &p) {
    if (p.x < -0.24f) return "arm_r";
    if (p.x > 0.24f) return "arm_l";
    if (p.y > 1.5f) return "head";
    return "torso";
}

double KeyTimeSeconds(const aiAnimation &animation, double ticks) {
    return ticks / (animation.mTicksPerSecond > 0 ? animation.mTicksPerSecond : 25.0);
}

class AbcExportFromBlender : public ::testing::TestWithParam<std::string> {};

TEST_P(AbcExportFromBlender, SkinnedAnimatedCharacterImportsBack) {
    const std::string id = GetParam();
    std::string output;
    if (retro_test::RunCommand("command -v blender", &output) != 0) {
        retro_test::EndTestUnavailable("Blender is not installed (it makes these tests' character)\n"
                                       "tools/install_deps.sh --judges installs it, as the full tools/run_tests.sh does",
                "ASSIMP_RETRO_REQUIRE_JUDGES");
    }
    const std::string tool = retro_test::ToolPath();
    ASSERT_FALSE(tool.empty()) << "the assimp-retro tool was not built";
    // One file per exporter: ctest runs the two tests as parallel processes.
    const std::string glb = retro_test::OutputPath("AbcFromBlender/character_" + id + ".glb");
    // A game tree: the skin goes to Game_<id>/SKINS/CHARS/character.dtx.
    const std::string game = "AbcFromBlender/Game_" + id;
    const bool ltb = id == "ltb"; // LTB names no skins: the model alone
    const std::string abc = retro_test::OutputPath(game + "/MODELS/CHARS/character." + (ltb ? "ltb" : "abc"));
    const std::string skin = retro_test::OutputPath(game + "/SKINS/CHARS/character.dtx");
    const std::string script = std::string(ASSIMP_RETRO_SOURCE_DIR) + "/tools/blender/make_skinned_character.py";
    ASSERT_EQ(retro_test::RunCommand("blender -b --factory-startup --python " + Quote(script) + " -- " + Quote(glb), &output), 0)
            << output;
    ASSERT_NE(output.find("CHARACTER written"), std::string::npos) << output;
    ASSERT_EQ(retro_test::RunCommand(Quote(tool) + " export " + Quote(glb) + " " + Quote(abc) + " -f " + id +
                                             (ltb ? "" : " --set EXPORT_ABC_SKINS=1"),
                      &output),
            0)
            << output;

    if (!ltb) {
        // The skin: the GLB's PNG, decoded, equals the DTX's texels (two colours:
        // exact in LithTech 1's palette and in LithTech 2's 32-bit variant).
        abc_test::Glb source;
        ASSERT_TRUE(source.Load(glb));
        ASSERT_EQ(source.json["images"].size(), 1u);
        const auto &view = source.json["bufferViews"][source.json["images"][0]["bufferView"].get<size_t>()];
        const assimp_retro::RgbaImage png = assimp_retro::DecodeImageFile(
                source.bin.data() + view.value("byteOffset", size_t(0)), view["byteLength"].get<size_t>(), "character_skin.png");
        const std::vector<uint8_t> dtx = retro_test::ReadFile(skin);
        ASSERT_FALSE(dtx.empty()) << "no skin at " << skin;
        const assimp_retro::DecodedTexture decoded = assimp_retro::DecodeTexture(dtx.data(), dtx.size(), skin);
        EXPECT_EQ(decoded.format, id == "abc6" ? "DTX v-3 8-bit palette" : "DTX v-5 32-bit BGRA");
        EXPECT_EQ(decoded.image.width, 16u);
        EXPECT_TRUE(decoded.image.pixels == png.pixels) << "the skin's texels differ from the GLB's image";
    }

    Assimp::Importer importer;
    importer.SetPropertyBool(AI_CONFIG_IMPORT_RETRO_UNITS_TO_METRES, true); // Blender's metres
    const aiScene *scene = retro_test::Import(importer, abc);
    ASSERT_NE(scene, nullptr) << importer.GetErrorString();
    int32_t version = 0;
    ASSERT_TRUE(scene->mMetaData && scene->mMetaData->Get("abc:version", version));
    EXPECT_EQ(version, id == "abc6" ? 6 : ltb ? 25 : 12);
    EXPECT_EQ(scene->mNumTextures, ltb ? 0u : 1u) << "the importer finds the skin by the games' convention";

    // Skeleton: the armature's bones by name, under the armature object.
    const aiNode *rig = scene->mRootNode->FindNode("Rig");
    const aiNode *torso = scene->mRootNode->FindNode("torso");
    ASSERT_TRUE(rig && torso);
    EXPECT_EQ(torso->mParent, rig);
    ASSERT_EQ(torso->mNumChildren, 3u);
    for (const char *child : {"head", "arm_l", "arm_r"}) {
        const aiNode *node = scene->mRootNode->FindNode(child);
        ASSERT_NE(node, nullptr) << child;
        EXPECT_EQ(node->mParent, torso) << child;
        EXPECT_EQ(node->mNumChildren, 0u) << child;
    }

    // Geometry: four boxes, 48 triangles; each box's 8 corners weighted
    // entirely to its bone (how many vertices hold a corner differs: Blender
    // splits them by face normal, the v12 importer by triangle).
    unsigned triangles = 0;
    for (unsigned m = 0; m < scene->mNumMeshes; ++m) triangles += scene->mMeshes[m]->mNumFaces;
    EXPECT_EQ(triangles, 48u);
    ASSERT_EQ(scene->mNumMeshes, 1u);
    const aiMesh &mesh = *scene->mMeshes[0];
    std::map<std::string, std::set<std::vector<long>>> corners;
    for (unsigned b = 0; b < mesh.mNumBones; ++b) {
        for (unsigned w = 0; w < mesh.mBones[b]->mNumWeights; ++w) {
            const aiVertexWeight &weight = mesh.mBones[b]->mWeights[w];
            if (weight.mWeight <= 0.f) continue;
            EXPECT_NEAR(weight.mWeight, 1.f, 1e-4f);
            const aiVector3D &p = mesh.mVertices[weight.mVertexId];
            EXPECT_EQ(BoxOf(p), mesh.mBones[b]->mName.C_Str()) << "vertex " << weight.mVertexId;
            corners[mesh.mBones[b]->mName.C_Str()].insert({std::lround(p.x * 1000), std::lround(p.y * 1000), std::lround(p.z * 1000)});
        }
    }
    std::map<std::string, size_t> cornerCounts;
    for (const auto &[bone, points] : corners) cornerCounts[bone] = points.size();
    const std::map<std::string, size_t> expectedCorners = {{"arm_l", 8}, {"arm_r", 8}, {"head", 8}, {"torso", 8}};
    EXPECT_EQ(cornerCounts, expectedCorners);

    // The mesh as it comes back is the rest pose (v6 has none: its first
    // animation's first frame, which is at rest): a corner of the right arm's box.
    const aiVector3D armCorner = FromBlender(-0.75f, -0.06f, 1.34f);
    unsigned corner = mesh.mNumVertices;
    for (unsigned v = 0; v < mesh.mNumVertices; ++v) {
        if ((mesh.mVertices[v] - armCorner).Length() < 2e-3f) corner = v;
    }
    ASSERT_LT(corner, mesh.mNumVertices) << "no vertex at the arm's rest corner";

    // Animations: Blender's two actions, their keyframes only, at their
    // times (the file's keyframe list; a channel keeps the keys that add
    // something, its first and last at least).
    ASSERT_EQ(scene->mNumAnimations, 2u);
    std::map<std::string, unsigned> animations;
    for (unsigned a = 0; a < scene->mNumAnimations; ++a) animations[scene->mAnimations[a]->mName.C_Str()] = a;
    ASSERT_EQ(animations.count("wave"), 1u);
    ASSERT_EQ(animations.count("nod"), 1u);
    const std::map<std::string, std::vector<uint32_t>> keyTimes = {{"wave", {0, 400, 800}}, {"nod", {0, 200}}};
    for (const auto &[name, times] : keyTimes) {
        const aiAnimation &animation = *scene->mAnimations[animations[name]];
        EXPECT_EQ(abc_test::SceneKeyframes(*scene, animations[name]), times) << name;
        std::set<std::string> channels;
        for (unsigned c = 0; c < animation.mNumChannels; ++c) {
            const aiNodeAnim *channel = animation.mChannels[c];
            channels.insert(channel->mNodeName.C_Str());
            for (const auto &[keys, count] : {std::make_pair(channel->mRotationKeys[0].mTime, channel->mNumRotationKeys),
                         std::make_pair(channel->mPositionKeys[0].mTime, channel->mNumPositionKeys)}) {
                EXPECT_NEAR(KeyTimeSeconds(animation, keys), 0.0, 1e-3) << name;
                EXPECT_GE(count, 2u) << name << " " << channel->mNodeName.C_Str();
                EXPECT_LE(count, times.size()) << name << " " << channel->mNodeName.C_Str();
            }
            EXPECT_NEAR(KeyTimeSeconds(animation, channel->mRotationKeys[channel->mNumRotationKeys - 1].mTime),
                    times.back() / 1000.0, 1e-3) << name;
            EXPECT_NEAR(KeyTimeSeconds(animation, channel->mPositionKeys[channel->mNumPositionKeys - 1].mTime),
                    times.back() / 1000.0, 1e-3) << name;
        }
        for (const char *bone : {"torso", "head", "arm_l", "arm_r"}) {
            EXPECT_EQ(channels.count(bone), 1u) << name << " has no channel for " << bone;
        }
    }

    // Every vertex at the keyframes, skinned from the imported skeleton and
    // keys, against the script's pose: "wave" at 0.4 s raises the right arm
    // (90 degrees about +Y around its head) and turns the head (45 degrees
    // about +Z); "nod" at 0.2 s tips the head 20 degrees about +X.
    struct Check {
        std::string animation;
        double seconds;
        std::map<std::string, Turn> turns;
    };
    const std::vector<Check> checks = {
            {"wave", 0.4, {{"arm_r", {{0, 1, 0}, {-0.25f, 0, 1.4f}, 90.f}}, {"head", {{0, 0, 1}, {0, 0, 1.5f}, 45.f}}}},
            {"wave", 0.8, {}},
            {"nod", 0.2, {{"head", {{1, 0, 0}, {0, 0, 1.5f}, 20.f}}}},
    };
    for (const Check &check : checks) {
        SCOPED_TRACE(check.animation + " at " + std::to_string(check.seconds) + " s");
        const std::vector<aiVector3D> posed = SkinnedVertices(*scene, mesh, *scene->mAnimations[animations[check.animation]], check.seconds);
        float worst = 0.f;
        for (unsigned v = 0; v < mesh.mNumVertices; ++v) {
            const auto turn = check.turns.find(BoxOf(mesh.mVertices[v]));
            const aiVector3D expected = turn == check.turns.end() ? mesh.mVertices[v] : Posed(mesh.mVertices[v], turn->second);
            worst = std::max(worst, (posed[v] - expected).Length());
        }
        EXPECT_LT(worst, 2e-3f) << "largest distance from the script's pose, metres";
    }
    // The arm's corner, in numbers: raised from (-0.75, 1.34, 0.06) to (-0.31, 1.9, 0.06).
    const aiVector3D raised = SkinnedVertices(*scene, mesh, *scene->mAnimations[animations["wave"]], 0.4)[corner];
    EXPECT_NEAR(raised.x, -0.31f, 2e-3f);
    EXPECT_NEAR(raised.y, 1.9f, 2e-3f);
    EXPECT_NEAR(raised.z, 0.06f, 2e-3f);
}

/// abc6, abc12, and ltb where the library has the LTB exporter.
std::vector<std::string> BlenderExporters() {
    std::vector<std::string> ids = {"abc6", "abc12"};
    if (assimp_retro::IsGameExporter("ltb")) ids.push_back("ltb");
    return ids;
}

INSTANTIATE_TEST_SUITE_P(Blender, AbcExportFromBlender, ::testing::ValuesIn(BlenderExporters()),
        [](const auto &info) { return info.param; });

} // namespace
