#include "ObanSceneBuilder.h"

#include "Common/AnimationChannels.h"
#include "Common/AnimationFilter.h"
#include "Common/Handedness.h"
#include "Common/SceneHelpers.h"
#include "Common/UniqueNames.h"

#include <assimp/scene.h>

#include <cmath>
#include <memory>

namespace assimp_retro {
namespace oni {

std::string ObanDisplayName(const std::string &instanceName) {
    if (instanceName.size() > 4 && instanceName.compare(0, 4, "OBAN") == 0) {
        return instanceName.substr(4);
    }
    return instanceName;
}

namespace {

/// The translation times `positionScale` (the unit conversion).
aiMatrix4x4 ToMatrix(const Matrix4x3 &m, ai_real positionScale) {
    const ai_real s = positionScale;
    // Column c of the column-vector matrix is m[c]: the image of axis c, then the translation.
    return aiMatrix4x4(m[0][0], m[1][0], m[2][0], m[3][0] * s, m[0][1], m[1][1], m[2][1], m[3][1] * s, m[0][2], m[1][2],
            m[2][2], m[3][2] * s, 0.f, 0.f, 0.f, 1.f);
}

// The engine's MUrQuatToMatrix builds R(q)^T, which is R(conj q).
aiQuaternion EngineRotation(const ObanKey &key) {
    aiQuaternion q(key.rotation[3], -key.rotation[0], -key.rotation[1], -key.rotation[2]);
    q.Normalize();
    return q;
}

aiVector3D Translation(const ObanKey &key) {
    return aiVector3D(key.translation[0], key.translation[1], key.translation[2]);
}

/// Where a channel's keys go, added in time order: positions times the
/// unit scale (SceneUnitScale), each rotation in the hemisphere of the one
/// before, as the engine's nlerp assumes.
struct KeyOutput {
    NodeAnimBuilder &channel;
    ai_real positionScale;
};

/// Adds key `i`; `previous` is key i - 1's rotation (ignored for key 0),
/// and becomes key i's.
inline void WriteKey(const KeyOutput &out, size_t i, double time, const aiVector3D &position,
        const aiQuaternion &rotation, aiQuaternion &previous) {
    const ai_real s = out.positionScale;
    const aiQuaternion q = i > 0 ? SameHemisphere(previous, rotation) : rotation;
    previous = q;
    out.channel.AddKey(time, aiVector3D(position.x * s, position.y * s, position.z * s), q);
}

/// One key per stored key.
void WriteStoredKeys(const ObanAnimation &oban, const KeyOutput &out) {
    aiQuaternion previous;
    for (size_t i = 0; i < oban.keys.size(); ++i) {
        const ObanKey key = oban.keys[i];
        WriteKey(out, i, static_cast<double>(key.frame), Translation(key), EngineRotation(key), previous);
    }
}

/// One key per frame with the engine's own interpolation (translation lerp,
/// rotation nlerp), so that slerp-based players (glTF) show exactly what the
/// game shows at every frame.
void WriteEveryFrame(const ObanAnimation &oban, const KeyOutput &out) {
    aiQuaternion previous;
    size_t i = 0; // the key written
    size_t k = 0; // the stored key at or before the frame
    // 64-bit: the last frame may be INT32_MAX (the importer bounds the span).
    for (int64_t frame = oban.keys.front().frame; frame <= oban.keys.back().frame; ++frame, ++i) {
        while (k + 1 < oban.keys.size() && oban.keys[k + 1].frame <= frame) {
            ++k;
        }
        const ObanKey a = oban.keys[k];
        if (a.frame == frame || k + 1 == oban.keys.size()) {
            WriteKey(out, i, static_cast<double>(frame), Translation(a), EngineRotation(a), previous);
            continue;
        }
        const ObanKey b = oban.keys[k + 1];
        const float t = static_cast<float>(frame - a.frame) / static_cast<float>(b.frame - a.frame);
        const aiQuaternion qa = EngineRotation(a);
        const aiQuaternion qb = SameHemisphere(qa, EngineRotation(b));
        aiQuaternion q(qa.w * (1 - t) + qb.w * t, qa.x * (1 - t) + qb.x * t, qa.y * (1 - t) + qb.y * t,
                qa.z * (1 - t) + qb.z * t);
        q.Normalize();
        WriteKey(out, i, static_cast<double>(frame), Translation(a) * (1 - t) + Translation(b) * t, q, previous);
    }
}

/// The animated node's channel: one key per stored key, or per frame when
/// `everyFrame`, but those that add nothing (NodeAnimBuilder).
std::unique_ptr<aiNodeAnim> MakeChannel(NodeAnimBuilder &channel, const aiString &nodeName, const ObanAnimation &oban,
        bool everyFrame, ai_real positionScale) {
    const KeyOutput out{channel, positionScale};
    if (everyFrame && oban.keys.size() > 1) {
        WriteEveryFrame(oban, out);
    } else {
        WriteStoredKeys(oban, out);
    }
    // The animated node's own unit scale as one key. Without it Assimp's
    // ScenePreprocessor makes the same key itself, but finds the node by name
    // for every channel: quadratic in a level of thousands of OBANs.
    channel.AddScaling(static_cast<double>(oban.keys.front().frame), aiVector3D(1.f, 1.f, 1.f));
    return channel.Build(nodeName);
}

/// The animated node's metadata, written straight into its entries (no
/// MetaBuilder: the count is fixed, and a level has thousands of OBAN nodes).
aiMetadata *MakeMetadata(const ObanAnimation &oban) {
    std::unique_ptr<aiMetadata> meta = NewMetadata(6);
    SetMetadataString(*meta, 0, "OBAN:Instance", oban.instanceName);
    SetMetadataString(*meta, 1, "OBAN:Flags", ObanFlagNames(oban.flags));
    SetMetadataEntry(*meta, 2, "OBAN:FlagBits", static_cast<int32_t>(oban.flags));
    SetMetadataEntry(*meta, 3, "OBAN:FrameCount", static_cast<int32_t>(oban.frameCount));
    SetMetadataEntry(*meta, 4, "OBAN:HalfStopFrame", static_cast<int32_t>(oban.halfStopFrame));
    SetMetadataEntry(*meta, 5, "OBAN:FrameLength", static_cast<int32_t>(oban.ticksPerFrame));
    return meta.release();
}

std::unique_ptr<aiNode> NewNode(const std::string &name, const aiMatrix4x4 &transform) {
    std::unique_ptr<aiNode> node(new aiNode(name));
    node->mTransformation = transform;
    return node;
}

/// Makes `child` the only child of `parent` (which must have none yet).
void AdoptChild(aiNode *parent, std::unique_ptr<aiNode> child) {
    parent->mChildren = new aiNode *[1] { child.get() };
    parent->mNumChildren = 1;
    child.release()->mParent = parent;
}

/// Its clip planes times `positionScale` (the unit conversion).
std::unique_ptr<aiCamera> MakeCamera(const aiString &name, ai_real positionScale) {
    std::unique_ptr<aiCamera> camera(new aiCamera());
    camera->mName = name;
    camera->mPosition = aiVector3D(0, 0, 0);
    camera->mLookAt = aiVector3D(0, 0, -1); // the engine's view = M * (0,0,-1)
    camera->mUp = aiVector3D(0, 1, 0);
    // The full angle: camera.h calls it the half angle, but Assimp's own
    // importers (glTF2, COLLADA, FBX) store the full one (upstream PR #3912).
    camera->mHorizontalFOV = kCameraHorizontalFovDegrees * static_cast<float>(AI_MATH_PI) / 180.f;
    camera->mAspect = kCameraAspect;
    camera->mClipPlaneNear = 1.f * positionScale; // 1 and 10000 Oni units (decimetres)
    camera->mClipPlaneFar = 10000.f * positionScale;
    return camera;
}

/// The root's metadata.
aiMetadata *MakeRootMetadata(const std::vector<std::string> &placeholders, bool levelFile) {
    std::string placeholderList;
    for (const std::string &name : placeholders) {
        placeholderList += (placeholderList.empty() ? "" : " ") + name;
    }
    std::unique_ptr<aiMetadata> meta = NewMetadata(placeholderList.empty() ? 1 : 2);
    SetMetadataString(*meta, 0, "OBAN:Container", levelFile ? "VR31 level instance file" : "VR32 OniSplit .oni file");
    if (!placeholderList.empty()) {
        // OBANs whose data lives in another file (global ones in level0_Final.dat).
        SetMetadataString(*meta, 1, "OBAN:Placeholders", placeholderList);
    }
    return meta.release();
}

} // namespace

void BuildObanScene(const std::vector<ObanAnimation> &animations, const std::vector<std::string> &placeholders,
        bool levelFile, std::string rootName, const ObanSceneOptions &options, aiScene *scene,
        const std::string &messagePrefix) {
    UniqueNames names;
    names.ExpectNames(1 + 4 * animations.size()); // the root; per OBAN up to three nodes and the animation
    // The scene owns each part as soon as it is made: the root's children and
    // the animations go straight into their arrays, counted as they come, so
    // an exception leaves nothing behind (aiScene and aiNode free what their
    // counts cover, and the arrays).
    scene->mRootNode = new aiNode(names.Make(std::move(rootName), "OBAN"));
    aiNode *const root = scene->mRootNode;
    root->mMetaData = MakeRootMetadata(placeholders, levelFile);
    root->mChildren = new aiNode *[animations.size()];
    scene->mAnimations = new aiAnimation *[animations.size()];
    std::vector<std::unique_ptr<aiCamera>> cameras;
    NodeAnimBuilder channelBuilder(options.animations.keys);
    AnimationSelection selection(options.animations.filter); // AI_CONFIG_IMPORT_RETRO_ANIMATIONS
    for (const ObanAnimation &oban : animations) {
        const std::string display = ObanDisplayName(oban.instanceName);
        const bool local = (oban.flags & kObanLocal) != 0;
        const std::string localName = local ? names.Make(display + "_local") : std::string(); // named first, as ever
        const ObanKey first = oban.keys.front();
        std::unique_ptr<aiNode> animated = NewNode(names.Make(display),
                aiMatrix4x4(aiVector3D(1, 1, 1), EngineRotation(first), Translation(first) * options.positionScale));
        const aiString animatedName = animated->mName;
        animated->mMetaData = MakeMetadata(oban);
        AdoptChild(animated.get(),
                NewNode(names.Make(display + "_base"), ToMatrix(oban.baseTransform, options.positionScale)));

        const bool wantsCamera = options.camerasOnAll || options.cameraNames.count(display) != 0;
        if (wantsCamera) {
            cameras.push_back(MakeCamera(animatedName, options.positionScale));
        }
        std::unique_ptr<aiNode> rootChild = std::move(animated); // or the local node holding it
        if (local) {
            // MUrMatrix_FromMax: keys of local animations are in 3ds Max's Z-up frame.
            // (No translation: nothing for the unit conversion to scale.)
            const aiMatrix4x4 rotX90(1, 0, 0, 0, 0, 0, -1, 0, 0, 1, 0, 0, 0, 0, 0, 1);
            std::unique_ptr<aiNode> localNode = NewNode(localName, rotX90);
            AdoptChild(localNode.get(), std::move(rootChild));
            rootChild = std::move(localNode);
        }
        rootChild->mParent = root;
        root->mChildren[root->mNumChildren++] = rootChild.release();

        // Named after the Oni resource, and never like a node: Assimp's glTF2
        // exporter gives animations the raw name as glTF id, and an id shared
        // with a node aborts the export ("two objects with the same ID exist").
        // Named even when the filter leaves it out (its node stays, in the
        // first key's pose), so that every other name is as without a filter.
        const aiString animationName = MakeAiString(names.Make(oban.instanceName));
        if (!selection.Offer(oban.instanceName)) {
            continue;
        }
        std::unique_ptr<aiAnimation> animation(new aiAnimation());
        animation->mName = animationName;
        animation->mTicksPerSecond = 60.0; // one frame per 60 Hz game tick
        animation->mDuration = static_cast<double>(oban.keys.back().frame); // the last key's, or the last frame's
        std::unique_ptr<aiNodeAnim> channel =
                MakeChannel(channelBuilder, animatedName, oban, options.resampleEveryFrame, options.positionScale);
        animation->mChannels = new aiNodeAnim *[1] { channel.get() };
        animation->mNumChannels = 1;
        channel.release();
        scene->mAnimations[scene->mNumAnimations++] = animation.release();
    }

    selection.RequireAnyKept(messagePrefix);
    const unsigned cameraCount = static_cast<unsigned>(cameras.size());
    scene->mCameras = ReleaseToArray(cameras);
    scene->mNumCameras = cameraCount;
    // An OBAN moves an object it does not contain: no meshes.
    scene->mFlags |= AI_SCENE_FLAGS_INCOMPLETE;
}

} // namespace oni
} // namespace assimp_retro
