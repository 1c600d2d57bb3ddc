// glTF completion: adds to a file written by Assimp's glTF2 exporter the
// cameras, node metadata (`extras`) and morph weight animation channels the
// exporter drops. See include/assimp_retro/gltf_completion.h for the
// conventions; the file handling (GLB chunks, buffers) is in GltfDocument.
#include <assimp_retro/gltf_completion.h>

#include "Export/GltfAnimatedJoints.h"
#include "Export/GltfAnimations.h"
#include "Export/GltfDocument.h"
#include "Export/GltfRules.h"
#include "Export/GltfSkinnedMeshRoots.h"
#include "Export/MetadataJson.h"
#include "Export/Quote.h"

#include <assimp/anim.h>
#include <assimp/camera.h>
#include <assimp/metadata.h>
#include <assimp/quaternion.h>
#include <assimp/scene.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <new>
#include <set>
#include <unordered_map>

namespace assimp_retro {
namespace {

using Json = GltfDocument::Json;

constexpr double kDefaultTicksPerSecond = gltf_rules::kDefaultTicksPerSecond;
constexpr double kPi = 3.14159265358979323846;

bool IsFinite(double value) {
    return std::isfinite(value);
}

class Completion {
public:
    Completion(const aiScene &scene, GltfDocument &document, GltfCompletionReport &report, bool writeAnimations) :
            mScene(scene), mDoc(document), mReport(report), mWriteAnimations(writeAnimations) {}

    bool Run(std::string &error) {
        if (mDoc.Root().contains("nodes") && !mDoc.Root()["nodes"].is_array()) {
            error = "the glTF's nodes are not an array";
            return false;
        }
        IndexNodes();
        // Before the animations: the inverse bind matrices Assimp wrote last
        // grow in place, as the patched exporter writes them (GltfAnimatedJoints.h).
        const long long joints = AddAnimatedNodesToSkin(mScene, mDoc, mReport.notes, error);
        if (joints < 0) {
            return false;
        }
        mReport.skinJointsAdded = static_cast<unsigned>(joints);
        mChanged = mChanged || joints > 0;
        if (mWriteAnimations && !WriteAnimations(error)) {
            return false;
        }
        AddCameras();
        if (mScene.mRootNode) {
            AddExtras(*mScene.mRootNode);
        }
        if (!AddWeightChannels(error)) {
            return false;
        }
        if (!mWriteAnimations || mAnimationsWithoutChannels > 0 || mReport.weightChannelsAdded > 0) {
            RemoveEmptyAnimations(); // (the completion's own animations all have channels: no scan of their text)
        }
        AddSceneExtras();
        mReport.skinnedMeshesMovedToRoot = MoveSkinnedMeshesToRoots(mDoc);
        mChanged = mChanged || mReport.skinnedMeshesMovedToRoot > 0;
        long long nonZero = 0;
        const long long removed = mDoc.RemoveUnreferencedBytes(error, &nonZero);
        if (removed < 0) {
            return false;
        }
        mReport.unreferencedBytesRemoved = static_cast<unsigned long long>(removed);
        if (removed > 0 || nonZero > 0) {
            Note(std::to_string(removed) + " byte(s) of the binary buffer that no bufferView references removed, " +
                    std::to_string(nonZero) +
                    " of them not zero (Assimp's exporter leaves uninitialised memory "
                    "after JOINTS_0)");
            mChanged = true;
        }
        if (mCreatedNodes && Nodes().empty()) {
            mDoc.Root().erase("nodes"); // an empty array would be invalid glTF
        }
        mReport.fileChanged = mChanged;
        return true;
    }

private:
    Json &Nodes() { return mDoc.Root()["nodes"]; }

    void Note(const std::string &text) { mReport.notes.push_back(text); }

    void IndexNodes() {
        Json &root = mDoc.Root();
        if (!root.contains("nodes")) {
            root["nodes"] = Json::array(); // erased again if nothing is added
            mCreatedNodes = true;
        }
        const Json &nodes = Nodes();
        for (size_t i = 0; i < nodes.size(); ++i) {
            if (nodes[i].is_object() && nodes[i].contains("name") && nodes[i]["name"].is_string()) {
                mNodesByName[nodes[i]["name"].get<std::string>()].push_back(static_cast<long long>(i));
            }
        }
    }

    /// The scene's node animations, in Assimp's place (GltfAnimations.h),
    /// before anything adds nodes or animations.
    bool WriteAnimations(std::string &error) {
        size_t leftOut = 0;
        const long long written = WriteNodeAnimations(
                mScene, mDoc,
                [&](const std::string &name) {
                    // Assimp's exporter targets the first node of that name (nodes.Get(name)).
                    const auto found = mNodesByName.find(name);
                    return found == mNodesByName.end() ? -1LL : found->second.front();
                },
                mReport.notes, error, &leftOut, &mAnimationsWithoutChannels);
        if (written < 0) {
            return false;
        }
        mReport.nodeChannelsWritten = static_cast<unsigned>(written);
        mReport.nodeTracksLeftOut = static_cast<unsigned>(leftOut);
        mChanged = mChanged || mScene.mNumAnimations > 0;
        return true;
    }

    /// The glTF node named `name`, or -1 with a note (missing or not unique).
    long long LookupNode(const std::string &name, const std::string &what) {
        const auto found = mNodesByName.find(name);
        if (found == mNodesByName.end()) {
            Note(what + ": no glTF node is named " + Quote(name) + ", skipped");
            return -1;
        }
        if (found->second.size() != 1) {
            Note(what + ": " + std::to_string(found->second.size()) + " glTF nodes are named " + Quote(name) +
                    ", skipped");
            return -1;
        }
        return found->second.front();
    }

    // ---- cameras -------------------------------------------------------------

    /// The glTF camera object for `camera`, or false with the reason.
    static bool MakeCameraJson(const aiCamera &camera, Json &out, std::string &why) {
        const bool hasAspect = gltf_rules::CameraHasAspect(camera);
        const double znear = camera.mClipPlaneNear;
        const double zfar = camera.mClipPlaneFar;
        out = Json::object();
        out["name"] = camera.mName.C_Str();
        if (gltf_rules::CameraIsOrthographic(camera)) {
            if (!IsFinite(znear) || znear < 0.0) {
                why = "orthographic near plane " + std::to_string(znear) + " is not >= 0";
                return false;
            }
            if (!IsFinite(zfar) || zfar <= znear) {
                why = "orthographic far plane " + std::to_string(zfar) + " is not beyond the near plane";
                return false;
            }
            const float xmag = camera.mOrthographicWidth;
            const float ymag = gltf_rules::CameraYMag(camera);
            out["type"] = "orthographic";
            out["orthographic"] = Json::object();
            out["orthographic"]["xmag"] = GltfDocument::FloatToJson(xmag);
            out["orthographic"]["ymag"] = GltfDocument::FloatToJson(ymag);
            out["orthographic"]["zfar"] = GltfDocument::FloatToJson(camera.mClipPlaneFar);
            out["orthographic"]["znear"] = GltfDocument::FloatToJson(camera.mClipPlaneNear);
            return true;
        }
        const double hfov = camera.mHorizontalFOV;
        if (!IsFinite(hfov) || hfov <= 0.0 || hfov >= kPi) {
            why = "field of view " + std::to_string(hfov) + " rad is not in (0, pi)";
            return false;
        }
        if (!IsFinite(znear) || znear <= 0.0) {
            why = "near plane " + std::to_string(znear) + " is not > 0";
            return false;
        }
        const float yfov = gltf_rules::CameraYFov(camera);
        out["type"] = "perspective";
        Json perspective = Json::object();
        if (hasAspect) {
            perspective["aspectRatio"] = GltfDocument::FloatToJson(camera.mAspect);
        }
        perspective["yfov"] = GltfDocument::FloatToJson(yfov);
        if (IsFinite(zfar) && zfar > znear) {
            perspective["zfar"] = GltfDocument::FloatToJson(camera.mClipPlaneFar);
        } else {
            why = "far plane " + std::to_string(zfar) +
                    " is not beyond the near plane: written without zfar "
                    "(infinite projection)";
        }
        perspective["znear"] = GltfDocument::FloatToJson(camera.mClipPlaneNear);
        out["perspective"] = perspective;
        return true;
    }

    /// Works out the transform that turns glTF's camera frame (origin, look
    /// -Z, up +Y) into the aiCamera's (mPosition, mLookAt, mUp). False: the
    /// frames are the same (within float noise) and no frame node is needed.
    bool CameraFrame(const aiCamera &camera, Json &translation, Json &rotation) {
        const std::string name = camera.mName.C_Str();
        const gltf_rules::CameraFrame frame = gltf_rules::ComputeCameraFrame(camera);
        if (frame.lookAtReplaced) {
            Note("camera " + Quote(name) + ": mLookAt is zero, glTF's view direction (-Z) used");
        }
        if (frame.upReplaced) {
            Note("camera " + Quote(name) + ": mUp is zero or parallel to mLookAt, an up vector was chosen");
        }
        if (!frame.needed) {
            return false;
        }
        const aiVector3D &t = frame.translation;
        const aiQuaternion &q = frame.rotation;
        translation = Json::array(
                {GltfDocument::FloatToJson(t.x), GltfDocument::FloatToJson(t.y), GltfDocument::FloatToJson(t.z)});
        rotation = Json::array({GltfDocument::FloatToJson(q.x), GltfDocument::FloatToJson(q.y),
                GltfDocument::FloatToJson(q.z), GltfDocument::FloatToJson(q.w)});
        return true;
    }

    long long ChildNamed(long long node, const std::string &name) {
        const Json &parent = Nodes()[static_cast<size_t>(node)];
        if (!parent.contains("children") || !parent["children"].is_array()) {
            return -1;
        }
        for (const Json &child : parent["children"]) {
            if (!child.is_number_integer()) {
                continue;
            }
            const long long index = child.get<long long>();
            if (index >= 0 && static_cast<size_t>(index) < Nodes().size()) {
                const Json &candidate = Nodes()[static_cast<size_t>(index)];
                if (candidate.is_object() && candidate.value("name", std::string()) == name) {
                    return index;
                }
            }
        }
        return -1;
    }

    std::string UnusedNodeName(const std::string &wanted) {
        if (!mNodesByName.count(wanted)) {
            return wanted;
        }
        for (unsigned i = 1;; ++i) {
            const std::string candidate = wanted + "." + std::to_string(i);
            if (!mNodesByName.count(candidate)) {
                return candidate;
            }
        }
    }

    long long AppendCamera(Json camera) {
        Json &root = mDoc.Root();
        if (!root.contains("cameras") || !root["cameras"].is_array()) {
            root["cameras"] = Json::array();
        }
        root["cameras"].push_back(std::move(camera));
        return static_cast<long long>(root["cameras"].size() - 1);
    }

    void AddCameras() {
        for (unsigned c = 0; c < mScene.mNumCameras; ++c) {
            const aiCamera *camera = mScene.mCameras ? mScene.mCameras[c] : nullptr;
            if (!camera) {
                continue;
            }
            const std::string name = camera->mName.C_Str();
            const std::string what = "camera " + (name.empty() ? std::to_string(c) : Quote(name));
            if (name.empty()) {
                Note(what + " has no name, so no node to attach it to: skipped");
                continue;
            }
            const long long node = LookupNode(name, what);
            if (node < 0) {
                continue;
            }
            if (!Nodes()[static_cast<size_t>(node)].is_object()) {
                Note(what + ": its glTF node is not an object, skipped");
                continue;
            }
            Json cameraJson;
            std::string why;
            if (!MakeCameraJson(*camera, cameraJson, why)) {
                Note(what + ": " + why + ", skipped");
                continue;
            }
            Json translation, rotation;
            const bool needsFrame = CameraFrame(*camera, translation, rotation);
            const std::string frameName = name + ".Camera";
            if (Nodes()[static_cast<size_t>(node)].contains("camera")) {
                Note(what + ": node " + Quote(name) + " already has a camera, left as it is");
                continue;
            }
            const long long existingFrame = ChildNamed(node, frameName);
            if (existingFrame >= 0 && Nodes()[static_cast<size_t>(existingFrame)].contains("camera")) {
                Note(what + ": node " + Quote(frameName) + " already has a camera, left as it is");
                continue;
            }
            if (!why.empty()) {
                Note(what + ": " + why);
            }
            const long long cameraIndex = AppendCamera(std::move(cameraJson));
            if (!needsFrame) {
                Nodes()[static_cast<size_t>(node)]["camera"] = cameraIndex;
            } else {
                Json frame = Json::object();
                const std::string frameNodeName = UnusedNodeName(frameName);
                frame["name"] = frameNodeName;
                if (translation[0] != 0.0 || translation[1] != 0.0 || translation[2] != 0.0) {
                    frame["translation"] = translation;
                }
                frame["rotation"] = rotation;
                frame["camera"] = cameraIndex;
                Nodes().push_back(std::move(frame));
                const long long frameIndex = static_cast<long long>(Nodes().size() - 1);
                mNodesByName[frameNodeName].push_back(frameIndex);
                Json &parent = Nodes()[static_cast<size_t>(node)];
                if (!parent.contains("children") || !parent["children"].is_array()) {
                    parent["children"] = Json::array();
                }
                parent["children"].push_back(frameIndex);
                ++mReport.cameraFrameNodesAdded;
            }
            ++mReport.camerasAdded;
            mChanged = true;
        }
    }

    // ---- metadata -> extras --------------------------------------------------

    /// Adds the keys of `source` missing in `target` (recursing into objects
    /// both have). Returns the number of keys added, at any depth.
    unsigned MergeMissing(Json &target, const Json &source, const std::string &where) {
        // ordered_json finds a key by searching every member: the members are
        // indexed once (a motion library's scene has thousands of entries).
        auto &members = static_cast<Json::object_t::Container &>(target.get_ref<Json::object_t &>());
        std::unordered_map<std::string, size_t> position;
        for (size_t i = 0; i < members.size(); ++i) {
            position.emplace(members[i].first, i);
        }
        unsigned added = 0;
        for (auto it = source.begin(); it != source.end(); ++it) {
            const auto found = position.find(it.key());
            if (found == position.end()) {
                position.emplace(it.key(), members.size());
                members.emplace_back(it.key(), it.value());
                ++added;
                continue;
            }
            Json &existing = members[found->second].second;
            if (existing.is_object() && it.value().is_object()) {
                added += MergeMissing(existing, it.value(), where + "." + it.key());
            } else if (existing != it.value()) {
                Note(where + "." + it.key() + ": already in the file with another value, left as it is");
            }
        }
        return added;
    }

    void AddExtras(const aiNode &node) {
        const aiMetadata *metadata = node.mMetaData;
        if (metadata && metadata->mNumProperties > 0) {
            const std::string name = node.mName.C_Str();
            const std::string what = "metadata of node " + Quote(name);
            long long index = -1;
            if (name.empty()) {
                Note("metadata of a node without a name: no glTF node to put it on, skipped");
            } else {
                index = LookupNode(name, what);
            }
            if (index >= 0) {
                Json extras = MetadataToJson(*metadata, "node " + Quote(name), mReport.notes);
                Json &target = Nodes()[static_cast<size_t>(index)];
                unsigned added = 0;
                if (!target.is_object()) {
                    Note(what + ": the glTF node is not an object, skipped");
                } else if (extras.empty()) {
                    // nothing writable
                } else if (!target.contains("extras")) {
                    added = static_cast<unsigned>(extras.size());
                    target["extras"] = std::move(extras);
                    mReport.extrasKeysAdded += added;
                } else if (!target["extras"].is_object()) {
                    Note(what + ": the node's extras are not an object, left as they are");
                } else {
                    const size_t before = target["extras"].size();
                    added = MergeMissing(target["extras"], extras, "extras of node " + Quote(name));
                    mReport.extrasKeysAdded += static_cast<unsigned>(target["extras"].size() - before);
                }
                if (added > 0) {
                    ++mReport.nodesWithExtras;
                    mChanged = true;
                }
            }
        }
        for (unsigned i = 0; i < node.mNumChildren; ++i) {
            if (node.mChildren && node.mChildren[i]) {
                AddExtras(*node.mChildren[i]);
            }
        }
    }

    /// aiScene::mMetaData as the `extras` of the glTF scene(s) (the scene
    /// metadata the importers record: units, ABC command string, ...).
    void AddSceneExtras() {
        if (!mScene.mMetaData || mScene.mMetaData->mNumProperties == 0 || !mDoc.Root().contains("scenes") ||
                !mDoc.Root()["scenes"].is_array()) {
            return;
        }
        const Json extras = MetadataToJson(*mScene.mMetaData, "the scene", mReport.notes);
        for (Json &scene : mDoc.Root()["scenes"]) {
            if (!scene.is_object() || extras.empty()) {
                continue;
            }
            if (!scene.contains("extras")) {
                scene["extras"] = Json::object();
            }
            if (!scene["extras"].is_object()) {
                Note("the glTF scene's extras are not an object, left as they are");
                continue;
            }
            const size_t before = scene["extras"].size();
            MergeMissing(scene["extras"], extras, "extras of the scene");
            mReport.sceneExtrasKeysAdded += static_cast<unsigned>(scene["extras"].size() - before);
            mChanged = mChanged || scene["extras"].size() != before;
        }
    }

    // ---- morph weight animation ----------------------------------------------

    static void CollectNodesWithMesh(const aiScene &scene, const aiNode &node, const std::string &meshName,
            std::vector<std::string> &out) {
        for (unsigned i = 0; i < node.mNumMeshes; ++i) {
            const unsigned mesh = node.mMeshes[i];
            if (mesh < scene.mNumMeshes && scene.mMeshes[mesh] && meshName == scene.mMeshes[mesh]->mName.C_Str()) {
                out.emplace_back(node.mName.C_Str());
                break;
            }
        }
        for (unsigned i = 0; i < node.mNumChildren; ++i) {
            if (node.mChildren[i]) {
                CollectNodesWithMesh(scene, *node.mChildren[i], meshName, out);
            }
        }
    }

    /// glTF nodes a morph channel drives: the node of that name, else the
    /// nodes holding an aiMesh of that name.
    std::vector<long long> MorphChannelNodes(const std::string &name, const std::string &what) {
        if (mNodesByName.count(name)) {
            const long long node = LookupNode(name, what);
            return node >= 0 ? std::vector<long long>{node} : std::vector<long long>{};
        }
        std::vector<std::string> nodeNames;
        if (mScene.mRootNode) {
            CollectNodesWithMesh(mScene, *mScene.mRootNode, name, nodeNames);
        }
        if (nodeNames.empty()) {
            Note(what + ": no glTF node and no mesh is named " + Quote(name) + ", skipped");
            return {};
        }
        Note(what + ": no node is named " + Quote(name) + "; read as a mesh name, driving " +
                std::to_string(nodeNames.size()) + " node(s)");
        std::vector<long long> nodes;
        std::set<long long> seen;
        for (const std::string &nodeName : nodeNames) {
            const long long node = LookupNode(nodeName, what);
            if (node >= 0 && seen.insert(node).second) {
                nodes.push_back(node);
            }
        }
        return nodes;
    }

    /// Number of morph targets of the glTF node's mesh (the same in every
    /// primitive), or 0 with a note.
    size_t TargetCount(long long node, const std::string &what) {
        const Json &nodeJson = Nodes()[static_cast<size_t>(node)];
        const std::string nodeName = nodeJson.value("name", std::string());
        if (!nodeJson.contains("mesh") || !nodeJson["mesh"].is_number_integer()) {
            Note(what + ": glTF node " + Quote(nodeName) + " has no mesh, skipped");
            return 0;
        }
        const long long mesh = nodeJson["mesh"].get<long long>();
        const Json &root = mDoc.Root();
        if (!root.contains("meshes") || !root["meshes"].is_array() || mesh < 0 ||
                static_cast<size_t>(mesh) >= root["meshes"].size() || !root["meshes"][mesh].is_object() ||
                !root["meshes"][mesh].contains("primitives") || !root["meshes"][mesh]["primitives"].is_array() ||
                root["meshes"][mesh]["primitives"].empty()) {
            Note(what + ": the mesh of glTF node " + Quote(nodeName) + " is missing or has no primitives, skipped");
            return 0;
        }
        size_t count = 0;
        bool first = true;
        for (const Json &primitive : root["meshes"][mesh]["primitives"]) {
            const size_t targets =
                    (primitive.is_object() && primitive.contains("targets") && primitive["targets"].is_array())
                    ? primitive["targets"].size()
                    : 0;
            if (!first && targets != count) {
                Note(what + ": the primitives of the mesh of glTF node " + Quote(nodeName) +
                        " have different numbers of morph targets, skipped");
                return 0;
            }
            count = targets;
            first = false;
        }
        if (count == 0) {
            Note(what + ": the mesh of glTF node " + Quote(nodeName) + " has no morph targets, skipped");
        }
        return count;
    }

    /// The glTF animation written for aiAnimation `index` (same count: same
    /// order; else the one animation of that name), or -1.
    long long FindAnimation(unsigned index) {
        Json &root = mDoc.Root();
        if (!root.contains("animations") || !root["animations"].is_array()) {
            return -1;
        }
        const Json &animations = root["animations"];
        if (animations.size() == mScene.mNumAnimations && animations[index].is_object()) {
            return index;
        }
        const aiAnimation &animation = *mScene.mAnimations[index];
        const std::string name = animation.mName.length > 0 ? animation.mName.C_Str() : "anim";
        long long found = -1;
        for (size_t i = 0; i < animations.size(); ++i) {
            if (animations[i].is_object() && animations[i].value("name", std::string()) == name) {
                if (found >= 0) {
                    return -1; // ambiguous
                }
                found = static_cast<long long>(i);
            }
        }
        return found;
    }

    long long CreateAnimation(unsigned index) {
        Json &root = mDoc.Root();
        if (!root.contains("animations") || !root["animations"].is_array()) {
            root["animations"] = Json::array();
        }
        const aiAnimation &animation = *mScene.mAnimations[index];
        Json created = Json::object();
        created["name"] = animation.mName.length > 0 ? animation.mName.C_Str() : "anim";
        created["channels"] = Json::array();
        created["samplers"] = Json::array();
        root["animations"].push_back(std::move(created));
        return static_cast<long long>(root["animations"].size() - 1);
    }

    bool HasWeightsChannel(long long animation, long long node) {
        if (animation < 0) {
            return false;
        }
        const Json &gltf = mDoc.Root()["animations"][static_cast<size_t>(animation)];
        if (!gltf.contains("channels") || !gltf["channels"].is_array()) {
            return false;
        }
        const Json &channels = gltf["channels"];
        for (const Json &channel : channels) {
            if (channel.is_object() && channel.contains("target") && channel["target"].is_object()) {
                const Json &target = channel["target"];
                if (target.value("path", std::string()) == "weights" && target.contains("node") &&
                        target["node"].is_number_integer() && target["node"].get<long long>() == node) {
                    return true;
                }
            }
        }
        return false;
    }

    /// Sampler input (seconds) and output (targets weights per key).
    bool MorphKeys(const aiMeshMorphAnim &channel, double ticksPerSecond, size_t targets, const std::string &what,
            std::vector<float> &times, std::vector<float> &weights) {
        gltf_rules::MorphKeyCounts counts;
        const bool any = gltf_rules::MorphWeightTable(channel, ticksPerSecond, targets, times, weights, counts);
        const unsigned unusable = counts.unusableTimes;
        const unsigned repeated = counts.repeatedTimes;
        const unsigned outOfRange = counts.outOfRange;
        const unsigned badWeights = counts.badWeights;
        if (counts.keysOverLimit) {
            Note(what + ": " + std::to_string(counts.keysOverLimit) + " keys x " + std::to_string(targets) +
                    " targets exceed the limit of " + std::to_string(gltf_rules::kMaxMorphWeightValues) +
                    " weights, skipped");
            return false;
        }
        if (unusable) {
            Note(what + ": " + std::to_string(unusable) + " key(s) with a negative or non-finite time dropped");
        }
        if (repeated) {
            Note(what + ": " + std::to_string(repeated) + " key(s) repeating an earlier time dropped");
        }
        if (outOfRange) {
            Note(what + ": " + std::to_string(outOfRange) + " weight(s) naming a target beyond the mesh's " +
                    std::to_string(targets) + " ignored");
        }
        if (badWeights) {
            Note(what + ": " + std::to_string(badWeights) + " non-finite weight(s) written as 0");
        }
        if (!any) {
            Note(what + ": no usable keys, skipped");
            return false;
        }
        return true;
    }

    bool AddWeightChannels(std::string &error) {
        for (unsigned a = 0; a < mScene.mNumAnimations; ++a) {
            if (mScene.mAnimations && mScene.mAnimations[a] && mScene.mAnimations[a]->mNumMorphMeshChannels > 0) {
                mDoc.Parse("animations"); // read and written below
                break;
            }
        }
        for (unsigned a = 0; a < mScene.mNumAnimations; ++a) {
            const aiAnimation *animation = mScene.mAnimations ? mScene.mAnimations[a] : nullptr;
            if (!animation || animation->mNumMorphMeshChannels == 0 || !animation->mMorphMeshChannels) {
                continue;
            }
            const std::string animationName = animation->mName.C_Str();
            const double ticksPerSecond = gltf_rules::MorphTicksPerSecond(animation->mTicksPerSecond);
            if (ticksPerSecond != animation->mTicksPerSecond) {
                Note("animation " + Quote(animationName) + ": mTicksPerSecond is " +
                        std::to_string(animation->mTicksPerSecond) + ", morph keys timed at " +
                        std::to_string(kDefaultTicksPerSecond) + " ticks per second");
            }
            long long gltfAnimation = FindAnimation(a);
            for (unsigned m = 0; m < animation->mNumMorphMeshChannels; ++m) {
                const aiMeshMorphAnim *channel = animation->mMorphMeshChannels[m];
                if (!channel) {
                    continue;
                }
                const std::string target = channel->mName.C_Str();
                const std::string what = "morph channel " + Quote(target) + " of animation " + Quote(animationName);
                if (channel->mNumKeys == 0 || !channel->mKeys) {
                    Note(what + ": no keys, skipped");
                    continue;
                }
                for (long long node : MorphChannelNodes(target, what)) {
                    const size_t targets = TargetCount(node, what);
                    if (targets == 0) {
                        continue;
                    }
                    if (HasWeightsChannel(gltfAnimation, node)) {
                        Note(what + ": the animation already drives the weights of glTF node " +
                                Quote(Nodes()[static_cast<size_t>(node)].value("name", std::string())) +
                                ", left as it is");
                        continue;
                    }
                    std::vector<float> times, weights;
                    if (!MorphKeys(*channel, ticksPerSecond, targets, what, times, weights)) {
                        continue;
                    }
                    const long long input = mDoc.AppendFloatAccessor(times, "SCALAR", 1, true, error);
                    const long long output =
                            input < 0 ? -1 : mDoc.AppendFloatAccessor(weights, "SCALAR", 1, false, error);
                    if (output < 0) {
                        return false;
                    }
                    if (gltfAnimation < 0) {
                        gltfAnimation = CreateAnimation(a);
                    }
                    Json &gltf = mDoc.Root()["animations"][static_cast<size_t>(gltfAnimation)];
                    if (!gltf.contains("samplers") || !gltf["samplers"].is_array()) {
                        gltf["samplers"] = Json::array();
                    }
                    if (!gltf.contains("channels") || !gltf["channels"].is_array()) {
                        gltf["channels"] = Json::array();
                    }
                    Json sampler = Json::object();
                    sampler["input"] = input; // LINEAR: glTF's default interpolation
                    sampler["output"] = output;
                    gltf["samplers"].push_back(std::move(sampler));
                    Json gltfChannel = Json::object();
                    gltfChannel["sampler"] = gltf["samplers"].size() - 1;
                    gltfChannel["target"] = Json::object();
                    gltfChannel["target"]["node"] = node;
                    gltfChannel["target"]["path"] = "weights";
                    gltf["channels"].push_back(std::move(gltfChannel));
                    ++mReport.weightChannelsAdded;
                    mChanged = true;
                }
            }
        }
        return true;
    }

    /// An animation without channels is invalid glTF (Assimp writes one for
    /// an aiAnimation that only has morph channels); drop those left empty.
    void RemoveEmptyAnimations() {
        if (!mDoc.SomeElementLacks("animations", "channels")) {
            return; // (without parsing the animations when they are still text)
        }
        mDoc.Parse("animations");
        Json &root = mDoc.Root();
        if (!root.contains("animations") || !root["animations"].is_array()) {
            return;
        }
        Json kept = Json::array();
        for (Json &animation : root["animations"]) {
            const bool empty = animation.is_object() &&
                    (!animation.contains("channels") ||
                            (animation["channels"].is_array() && animation["channels"].empty()));
            if (empty) {
                Note("animation " + Quote(animation.value("name", std::string())) +
                        " has no channels (invalid glTF): removed");
                ++mReport.emptyAnimationsRemoved;
                mChanged = true;
            } else {
                kept.push_back(std::move(animation));
            }
        }
        if (kept.empty()) {
            root.erase("animations");
        } else {
            root["animations"] = std::move(kept);
        }
    }

    const aiScene &mScene;
    GltfDocument &mDoc;
    GltfCompletionReport &mReport;
    std::map<std::string, std::vector<long long>> mNodesByName;
    bool mWriteAnimations;
    size_t mAnimationsWithoutChannels = 0; ///< of those the completion wrote
    bool mChanged = false;
    bool mCreatedNodes = false;
};

} // namespace

static bool CompleteFile(const aiScene &scene, const std::string &path, std::string *error,
        GltfCompletionReport *report, bool writeAnimations) {
    GltfCompletionReport localReport;
    GltfCompletionReport &out = report ? *report : localReport;
    out = GltfCompletionReport();
    std::string message;
    bool completed = false;
    try { // an API that reports through a bool and a message: nothing escapes
        GltfDocument document;
        if (!document.Load(path, message)) {
            if (error) {
                *error = message;
            }
            return false;
        }
        Completion completion(scene, document, out, writeAnimations);
        completed = completion.Run(message) && (!out.fileChanged || document.Save(message));
    } catch (const std::bad_alloc &) {
        message = "glTF completion of " + path + ": out of memory";
    } catch (const std::exception &e) {
        message = "glTF completion of " + path + ": " + e.what();
    }
    if (!completed) {
        if (error) {
            *error = message;
        }
        out.fileChanged = false;
        return false;
    }
    return true;
}

bool CompleteGltf(const aiScene &scene, const std::string &path, std::string *error, GltfCompletionReport *report) {
    return CompleteFile(scene, path, error, report, false);
}

bool CompleteGltfWithAnimations(const aiScene &scene, const std::string &path, std::string *error,
        GltfCompletionReport *report) {
    return CompleteFile(scene, path, error, report, true);
}

} // namespace assimp_retro
