#include "AbcExportInput.h"

#include "Common/ExportError.h"
#include "Common/FiniteValues.h"
#include "Common/MetadataLists.h"

#include <assimp/anim.h>
#include <assimp/commonMetaData.h>
#include <assimp/scene.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstring>
#include <set>

namespace assimp_retro {
namespace abc {

namespace {

/// An integer from metadata of any numeric type (GetNumber): a scene from
/// glTF holds the importer's int32 values as 64-bit integers.
bool IntegerOf(const aiMetadata *meta, const std::string &key, int32_t &value) {
    double number = 0.0;
    if (!GetNumber(meta, key, number) || number != std::floor(number) || number < INT32_MIN || number > INT32_MAX) {
        return false;
    }
    value = static_cast<int32_t>(number);
    return true;
}

bool NodeMetaInt(const aiNode &node, const std::string &key, int32_t &value) {
    return IntegerOf(node.mMetaData, key, value);
}

/// The scene's metadata: aiScene::mMetaData, or when that has no
/// abc:version, the metadata of the importers' `<ABC_Root>` node (the root or
/// a child of it) if it has any. A scene that went through glTF has it there:
/// Assimp's glTF importer does not read the glTF scene's extras (its own
/// metadata only names the source asset), so the Blender add-on writes them
/// on that node (docs/blender.md, "Export").
const aiMetadata *SceneMetadata(const aiScene &scene) {
    if (scene.mMetaData && scene.mMetaData->HasKey(keys::kVersion.name.c_str())) {
        return scene.mMetaData;
    }
    auto isRoot = [](const aiNode *n) {
        return n && n->mMetaData && n->mMetaData->mNumProperties > 0 &&
                std::strcmp(n->mName.C_Str(), keys::kRootNodeName) == 0;
    };
    const aiNode *root = scene.mRootNode;
    if (isRoot(root)) {
        return root->mMetaData;
    }
    for (unsigned i = 0; root && i < root->mNumChildren; ++i) {
        if (isRoot(root->mChildren[i])) {
            return root->mChildren[i]->mMetaData;
        }
    }
    return scene.mMetaData;
}

/// Whether the scene came from glTF, whose skinned meshes are in the
/// scene's space: glTF ignores the transform of a node holding a skinned
/// mesh (the joints alone place its vertices, and its inverse bind matrices
/// map the scene's space to the joints'), but Assimp's glTF importer keeps
/// the node where the file put it (Blender's exporter: under the armature
/// object, which can be turned). Assimp's Importer::ReadFile names the
/// importer ("glTF2 Importer", 5.2.5) or the extension (main) in
/// SourceAsset_Format.
bool SkinnedMeshesInSceneSpace(const aiScene &scene) {
    aiString format;
    if (!scene.mMetaData || !scene.mMetaData->Get(AI_METADATA_SOURCE_FORMAT, format)) {
        return false;
    }
    std::string name(format.data, format.length);
    std::transform(name.begin(), name.end(), name.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    return name.find("gltf") != std::string::npos || name == "glb";
}

bool NodeMetaBool(const aiNode &node, const std::string &key) {
    bool value = false;
    return node.mMetaData && node.mMetaData->Get(key, value) && value;
}

bool IsAnimated(const aiScene &scene, const aiNode &node) {
    for (unsigned a = 0; a < scene.mNumAnimations; ++a) {
        const aiAnimation &anim = *scene.mAnimations[a];
        for (unsigned c = 0; c < anim.mNumChannels; ++c) {
            if (anim.mChannels[c]->mNodeName == node.mName) {
                return true;
            }
        }
    }
    return false;
}

template <typename Key>
size_t KeyBefore(const Key *keys, unsigned count, double ticks) {
    // The last key at or before `ticks` (0 when every key comes later).
    size_t lo = 0, hi = count;
    while (hi - lo > 1) {
        const size_t mid = (lo + hi) / 2;
        if (keys[mid].mTime <= ticks) {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    return lo;
}

/// A channel's value at `ticks`: its keys' value, interpolated between the
/// two around it (`blend`), held before the first and after the last.
template <typename Key, typename Value, typename Blend>
Value Sample(const Key *keys, unsigned count, double ticks, const Value &fallback, Blend blend) {
    if (count == 0) {
        return fallback;
    }
    const size_t i = KeyBefore(keys, count, ticks);
    if (i + 1 >= count || ticks <= keys[i].mTime) {
        return keys[i].mValue;
    }
    const double f = (ticks - keys[i].mTime) / (keys[i + 1].mTime - keys[i].mTime);
    return blend(keys[i].mValue, keys[i + 1].mValue, static_cast<ai_real>(f));
}

aiVector3D Lerp(const aiVector3D &a, const aiVector3D &b, ai_real f) {
    return a + (b - a) * f;
}

aiQuaternion Slerp(const aiQuaternion &a, const aiQuaternion &b, ai_real f) {
    aiQuaternion q;
    aiQuaternion::Interpolate(q, a, b, f);
    return q;
}

} // namespace

void FailExport(const std::string &format, const std::string &message) {
    ThrowExportError(format + " export: " + message);
}

aiMatrix4x4 RigidPart(const aiMatrix4x4 &m, bool *hadScale) {
    aiVector3D scaling, position;
    aiQuaternion rotation;
    m.Decompose(scaling, rotation, position);
    if (hadScale) {
        *hadScale = std::fabs(scaling.x - 1) > 1e-4f || std::fabs(scaling.y - 1) > 1e-4f ||
                std::fabs(scaling.z - 1) > 1e-4f;
    }
    rotation.Normalize();
    return aiMatrix4x4(aiVector3D(1, 1, 1), rotation, position);
}

void TranslationRotation(const aiMatrix4x4 &m, aiVector3D &translation, aiQuaternion &rotation) {
    aiVector3D scaling;
    m.Decompose(scaling, rotation, translation);
    rotation.Normalize();
}

double TicksToMs(const aiAnimation &animation, double ticks) {
    const double tps = animation.mTicksPerSecond > 0 ? animation.mTicksPerSecond : 25.0; // Assimp's default rate
    return ticks * 1000.0 / tps;
}

ExportInput::ExportInput(const aiScene &s, const std::string &f, bool socketsAsNodes, double defaultUnit) :
        scene(s), format(f), defaultCentimetresPerUnit(defaultUnit), mSocketsAsNodes(socketsAsNodes) {
    if (!scene.mRootNode) {
        Fail("the scene has no root node");
    }
    mSceneMeta = SceneMetadata(scene);
    mSkinnedMeshesInSceneSpace = SkinnedMeshesInSceneSpace(scene);
    int32_t version = 0;
    if (MetaInt(keys::kVersion.name, version)) {
        fromAbc = true;
        abcVersion = version;
    }
    ReadUnits();
    CollectNodes();
    CollectMeshes();
}

void ExportInput::Warn(const std::string &message) {
    warnings.push_back(message);
}

bool ExportInput::MetaString(const std::string &key, std::string &value) const {
    aiString s;
    if (!mSceneMeta || !mSceneMeta->Get(key, s)) {
        return false;
    }
    value.assign(s.data, s.length);
    return true;
}

bool ExportInput::MetaInt(const std::string &key, int32_t &value) const {
    return IntegerOf(mSceneMeta, key, value);
}

bool ExportInput::MetaFloat(const std::string &key, float &value) const {
    double number = 0.0;
    if (!GetNumber(mSceneMeta, key, number)) {
        return false;
    }
    value = static_cast<float>(number);
    return true;
}

bool ExportInput::MetaVector(const std::string &key, aiVector3D &value) const {
    return mSceneMeta && mSceneMeta->Get(key, value);
}

bool ExportInput::MetaBool(const std::string &key, bool &value) const {
    return mSceneMeta && mSceneMeta->Get(key, value);
}

void ExportInput::ReadUnits() {
    // Scene unit and file unit in centimetres (SceneUnits.h records them as
    // doubles). A scene without UnitScaleFactor is taken to be in metres
    // (glTF, and what Assimp's importers mostly produce).
    auto number = [&](const char *key, double &value) {
        return GetNumber(mSceneMeta, key, value) && std::isfinite(value) && value > 0;
    };
    double sceneUnit = 100.0, fileUnit = defaultCentimetresPerUnit;
    number("UnitScaleFactor", sceneUnit);
    if (fromAbc) {
        number("OriginalUnitScaleFactor", fileUnit); // the file's unit, as the importer recorded it
    }
    unitScale = sceneUnit / fileUnit;
}

int ExportInput::NodeIndex(const std::string &name) const {
    for (size_t i = 0; i < nodes.size(); ++i) {
        if (nodes[i].name == name) {
            return static_cast<int>(i);
        }
    }
    return -1;
}

void ExportInput::CollectNodes() {
    // Static globals of every scene node.
    std::vector<const aiNode *> stack{scene.mRootNode};
    mStaticGlobal[scene.mRootNode] = scene.mRootNode->mTransformation;
    while (!stack.empty()) {
        const aiNode *n = stack.back();
        stack.pop_back();
        if (!Finite(n->mTransformation)) {
            Fail("node '" + std::string(n->mName.C_Str()) + "' has a transform that is not finite");
        }
        for (unsigned c = 0; c < n->mNumChildren; ++c) {
            mStaticGlobal[n->mChildren[c]] = mStaticGlobal[n] * n->mChildren[c]->mTransformation;
            stack.push_back(n->mChildren[c]);
        }
    }
    // Bone names: a node that is a bone is always a LithTech node.
    std::set<std::string> bones;
    for (unsigned m = 0; m < scene.mNumMeshes; ++m) {
        for (unsigned b = 0; b < scene.mMeshes[m]->mNumBones; ++b) {
            bones.insert(scene.mMeshes[m]->mBones[b]->mName.C_Str());
        }
    }
    auto skipped = [&](const aiNode &n) {
        int32_t lod = 0;
        if ((NodeMetaInt(n, keys::kLod.name, lod) && lod > 0) ||
                (!mSocketsAsNodes && NodeMetaBool(n, keys::kSocket.name))) {
            return true;
        }
        if (n.mNumChildren > 0 || n.mNumMeshes == 0 || bones.count(n.mName.C_Str()) || IsAnimated(scene, n)) {
            return false;
        }
        for (unsigned i = 0; i < n.mNumMeshes; ++i) {
            if (n.mMeshes[i] >= scene.mNumMeshes || scene.mMeshes[n.mMeshes[i]]->mNumBones == 0) {
                return false;
            }
        }
        return true; // holds skinned meshes only
    };
    const aiNode *top = scene.mRootNode;
    if (std::strcmp(top->mName.C_Str(), keys::kRootNodeName) == 0 && !IsAnimated(scene, *top)) {
        std::vector<const aiNode *> kept;
        for (unsigned c = 0; c < top->mNumChildren; ++c) {
            if (!skipped(*top->mChildren[c])) {
                kept.push_back(top->mChildren[c]);
            }
        }
        if (kept.size() == 1) {
            mRootParentGlobal = top->mTransformation;
            top = kept[0];
        }
    }
    // Depth-first preorder from the top.
    struct Item {
        const aiNode *node;
        int parent;
    };
    std::vector<Item> work{{top, -1}};
    while (!work.empty()) {
        const Item item = work.back();
        work.pop_back();
        ExportNode en;
        en.node = item.node;
        en.name.assign(item.node->mName.data, item.node->mName.length);
        en.parent = item.parent;
        const int index = static_cast<int>(nodes.size());
        if (item.parent >= 0) {
            nodes[size_t(item.parent)].children.push_back(index);
        }
        nodes.push_back(en);
        for (unsigned c = item.node->mNumChildren; c-- > 0;) {
            if (!skipped(*item.node->mChildren[c])) {
                work.push_back({item.node->mChildren[c], index});
            }
        }
    }
    std::set<std::string> names;
    for (const ExportNode &n : nodes) {
        if (!names.insert(n.name).second) {
            Fail("two nodes are named '" + n.name + "'; the games find nodes by name, so names must be unique");
        }
    }
    for (size_t i = 0; i < nodes.size(); ++i) {
        bool scaled = false;
        nodes[i].bindGlobal = RigidPart(mStaticGlobal[nodes[i].node], &scaled);
        if (scaled && !mScaleWarned) {
            mScaleWarned = true;
            Warn("node '" + nodes[i].name +
                    "' is scaled; ABC nodes have no scale, geometry keeps its size but scale keys are dropped");
        }
    }
}

void ExportInput::CollectMeshes() {
    // Every mesh of every node, except LOD holders' (LOD 0 is the geometry).
    std::vector<std::pair<const aiNode *, int>> stack{
            {scene.mRootNode, -1}}; // (node, nearest exported ancestor or itself)
    while (!stack.empty()) {
        const aiNode *n = stack.back().first;
        int owner = stack.back().second;
        stack.pop_back();
        const int self = NodeIndex(n->mName.C_Str());
        if (self >= 0 && nodes[size_t(self)].node == n) {
            owner = self;
        }
        int32_t lod = 0;
        if (NodeMetaInt(*n, keys::kLod.name, lod) && lod > 0) {
            lodNodes.emplace_back(lod, n);
            continue;
        }
        for (unsigned i = 0; i < n->mNumMeshes; ++i) {
            meshes.push_back(BindMesh(*scene.mMeshes[n->mMeshes[i]], *n, owner));
        }
        for (unsigned c = n->mNumChildren; c-- > 0;) { // depth-first, children in order
            stack.emplace_back(n->mChildren[c], owner);
        }
    }
}

ExportMesh ExportInput::BindMesh(const aiMesh &mesh, const aiNode &holder, int owner) {
    ExportMesh em;
    em.mesh = &mesh;
    em.nodeName = holder.mName.C_Str();
    em.holder = &holder;
    em.meshToWorld = mStaticGlobal[&holder];
    em.weights.resize(mesh.mNumVertices);
    const int rigidOwner = owner >= 0 ? owner : 0;
    if (mesh.mNumBones > 0) {
        // Skinned: the offset matrices map the mesh's space to each bone's,
        // so a bone's bind pose in scene space is the mesh's space times its
        // inverse offset. Assimp's mesh space is the holder's, even under a
        // turned or scaled node; a glTF scene's is the scene's own.
        if (mSkinnedMeshesInSceneSpace) {
            em.meshToWorld = aiMatrix4x4();
        }
        // A product with the identity could still turn a -0 into +0 and so
        // change the bytes written: it is left out.
        const bool sceneSpace = em.meshToWorld == aiMatrix4x4();
        auto inScene = [&](const aiMatrix4x4 &m) { return sceneSpace ? m : em.meshToWorld * m; };
        auto fromScene = [&](const aiMatrix4x4 &m) { return sceneSpace ? m : m * em.meshToWorld; };
        for (unsigned b = 0; b < mesh.mNumBones; ++b) {
            const aiBone &bone = *mesh.mBones[b];
            const int node = NodeIndex(bone.mName.C_Str());
            if (node < 0) {
                Fail("mesh '" + std::string(mesh.mName.C_Str()) + "': bone '" + bone.mName.C_Str() + "' names no node");
            }
            if (!Finite(bone.mOffsetMatrix)) {
                Fail("mesh '" + std::string(mesh.mName.C_Str()) + "': bone '" + bone.mName.C_Str() +
                        "' has an offset matrix that is not finite");
            }
            const aiMatrix4x4 bind = RigidPart(inScene(aiMatrix4x4(bone.mOffsetMatrix).Inverse()));
            if (!Finite(bind)) {
                Fail("mesh '" + std::string(mesh.mName.C_Str()) + "': bone '" + bone.mName.C_Str() +
                        "' has an offset matrix that cannot be inverted");
            }
            em.toLocal[node] = fromScene(aiMatrix4x4(bind).Inverse());
            boneBind.emplace(node, bind);
            for (unsigned w = 0; w < bone.mNumWeights; ++w) {
                const aiVertexWeight &vw = bone.mWeights[w];
                if (vw.mVertexId < mesh.mNumVertices && std::isfinite(vw.mWeight) && vw.mWeight > 0) {
                    em.weights[vw.mVertexId].emplace_back(node, vw.mWeight);
                }
            }
        }
    }
    size_t unweighted = 0;
    for (auto &w : em.weights) {
        if (w.empty()) {
            ++unweighted;
            w.emplace_back(rigidOwner, 1.f);
            continue;
        }
        std::stable_sort(w.begin(), w.end(), [](const auto &a, const auto &b) { return a.second > b.second; });
        float sum = 0;
        for (const auto &p : w) {
            sum += p.second;
        }
        for (auto &p : w) {
            p.second /= sum;
        }
    }
    if (unweighted > 0 && mesh.mNumBones > 0) {
        Warn("mesh '" + std::string(mesh.mName.C_Str()) + "': " + std::to_string(unweighted) +
                " vertices without bone weights are bound to node '" + nodes[size_t(rigidOwner)].name + "'");
    }
    if (unweighted > 0) {
        em.toLocal[rigidOwner] = aiMatrix4x4(nodes[size_t(rigidOwner)].bindGlobal).Inverse() * em.meshToWorld;
    }
    return em;
}

std::vector<ExportInput::FileKey> ExportInput::FileKeys(const std::vector<aiMatrix4x4> &global,
        std::vector<aiQuaternion> &previous, const std::string &animation) const {
    std::vector<FileKey> keys(nodes.size());
    const bool first = previous.empty();
    previous.resize(nodes.size());
    for (size_t n = 0; n < nodes.size(); ++n) {
        const int p = nodes[n].parent;
        const aiMatrix4x4 local = p >= 0 ? aiMatrix4x4(global[size_t(p)]).Inverse() * global[n] : global[n];
        aiVector3D translation;
        aiQuaternion rotation;
        TranslationRotation(local, translation, rotation);
        if (!first) {
            rotation = SameHemisphere(previous[n], rotation);
        }
        previous[n] = rotation;
        keys[n].position = FilePoint(translation);
        keys[n].rotation = FileRotation(rotation);
        const aiVector3D &t = keys[n].position;
        const aiQuaternion &q = keys[n].rotation;
        if (!std::isfinite(t.x + t.y + t.z) || !std::isfinite(q.w + q.x + q.y + q.z)) {
            Fail("animation '" + animation + "', node '" + nodes[n].name + "': a key is not finite");
        }
    }
    return keys;
}

aiVector3D ExportInput::LocalPosition(const ExportMesh &m, int node, const aiVector3D &p) const {
    const aiVector3D local = FilePoint(m.toLocal.at(node) * p);
    if (!std::isfinite(local.x) || !std::isfinite(local.y) || !std::isfinite(local.z)) {
        Fail("mesh '" + std::string(m.mesh->mName.C_Str()) + "': a vertex is not finite in node '" +
                nodes[size_t(node)].name + "' (its transforms or the unit conversion overflow)");
    }
    return local;
}

aiVector3D ExportInput::LocalNormal(const ExportMesh &m, int node, const aiVector3D &n) const {
    aiMatrix3x3 l(m.toLocal.at(node));
    l.Inverse().Transpose();
    aiVector3D d = l * n;
    if (!std::isfinite(d.x) || !std::isfinite(d.y) || !std::isfinite(d.z) || !(d.SquareLength() > 1e-12f)) {
        return aiVector3D(); // no usable normal: the importer recomputes it from the faces
    }
    d.Normalize();
    return FileDirection(d);
}

std::map<uint32_t, std::string> ExportInput::KeyframeCommands(const std::string &prefix) const {
    std::map<uint32_t, std::string> commands;
    const aiMetadata *meta = mSceneMeta;
    const std::string start = prefix + "key", end = keys::kKeyCommandSuffix;
    for (unsigned i = 0; meta && i < meta->mNumProperties; ++i) {
        const std::string key(meta->mKeys[i].data, meta->mKeys[i].length);
        if (key.size() <= start.size() + end.size() || key.compare(0, start.size(), start) != 0 ||
                key.compare(key.size() - end.size(), end.size(), end) != 0) {
            continue;
        }
        const std::string keyPrefix = key.substr(0, key.size() - end.size());
        std::string command;
        int32_t time = 0;
        if (MetaString(key, command) && MetaInt(keyPrefix + keys::kKeyTimeSuffix, time) && time >= 0) {
            commands[uint32_t(time)] = command;
        }
    }
    return commands;
}

std::vector<std::pair<std::string, const aiAnimation *>> ExportInput::AnimationsToWrite() {
    std::vector<std::pair<std::string, const aiAnimation *>> result;
    if (scene.mNumAnimations == 0) {
        Warn("the scene has no animation; one animation '" + std::string(kStaticAnimationName) +
                "' holds the static pose (a model without one crashes Shogo and ModelEdit)");
        result.emplace_back(kStaticAnimationName, nullptr);
        return result;
    }
    for (unsigned a = 0; a < scene.mNumAnimations; ++a) {
        const aiAnimation *animation = scene.mAnimations[a];
        std::string name(animation->mName.data, animation->mName.length);
        if (name.empty()) {
            name = "anim" + std::to_string(a);
        }
        if (name.size() > 65535) {
            Fail("animation " + std::to_string(a) + " has a name longer than 65535 bytes");
        }
        result.emplace_back(name, animation);
    }
    return result;
}

std::vector<uint32_t> ExportInput::KeyTimes(const aiAnimation &animation, unsigned sceneIndex) const {
    std::set<uint32_t> times{0};
    auto add = [&](double ticks) {
        const double ms = TicksToMs(animation, ticks);
        if (!std::isfinite(ms) || ms < 0 || ms > 4.0e9) {
            Fail("animation '" + std::string(animation.mName.C_Str()) + "' has a key at " + std::to_string(ticks) +
                    " ticks, outside 0 .. 2^32 ms");
        }
        times.insert(static_cast<uint32_t>(std::lround(ms)));
    };
    for (unsigned c = 0; c < animation.mNumChannels; ++c) {
        const aiNodeAnim &ch = *animation.mChannels[c];
        for (unsigned k = 0; k < ch.mNumPositionKeys; ++k)
            add(ch.mPositionKeys[k].mTime);
        for (unsigned k = 0; k < ch.mNumRotationKeys; ++k)
            add(ch.mRotationKeys[k].mTime);
        for (unsigned k = 0; k < ch.mNumScalingKeys; ++k)
            add(ch.mScalingKeys[k].mTime);
    }
    for (unsigned c = 0; c < animation.mNumMorphMeshChannels; ++c) {
        const aiMeshMorphAnim &ch = *animation.mMorphMeshChannels[c];
        for (unsigned k = 0; k < ch.mNumKeys; ++k)
            add(ch.mKeys[k].mTime);
    }
    // The importer's keyframe list: the keyframes at which no channel has a
    // key. It belongs to this animation only while the names agree (a scene
    // whose animations were filtered or reordered elsewhere may keep stale
    // metadata); one that is malformed, lists more than kMaxListedKeyframes or
    // goes beyond the last key (the channels keep every track's last key) is
    // not the importer's and is ignored.
    const keys::AnimKeys meta = keys::Anim(sceneIndex);
    std::string name, list;
    std::vector<uint32_t> listed;
    if (GetLongString(mSceneMeta, meta.keyframes.name, list) &&
            (!MetaString(meta.name.name, name) || name == std::string(animation.mName.data, animation.mName.length)) &&
            *times.rbegin() < UINT32_MAX &&
            ParseIndexRanges(list, *times.rbegin() + 1, listed, kMaxListedKeyframes)) {
        times.insert(listed.begin(), listed.end());
    }
    return std::vector<uint32_t>(times.begin(), times.end());
}

std::vector<const aiNodeAnim *> ExportInput::Channels(const aiAnimation *animation) const {
    std::vector<const aiNodeAnim *> channels(nodes.size(), nullptr);
    if (!animation) {
        return channels;
    }
    std::map<std::string, int> index;
    for (size_t i = 0; i < nodes.size(); ++i) {
        index[nodes[i].name] = static_cast<int>(i);
    }
    for (unsigned c = 0; c < animation->mNumChannels; ++c) {
        const aiNodeAnim *channel = animation->mChannels[c];
        const auto found = index.find(std::string(channel->mNodeName.data, channel->mNodeName.length));
        if (found != index.end() && !channels[size_t(found->second)]) {
            channels[size_t(found->second)] = channel;
        }
    }
    return channels;
}

std::vector<aiMatrix4x4> ExportInput::LocalPose(const aiAnimation *animation,
        const std::vector<const aiNodeAnim *> &channels, double ms) const {
    std::vector<aiMatrix4x4> local(nodes.size());
    for (size_t i = 0; i < nodes.size(); ++i) {
        const aiNodeAnim *channel = channels[i];
        if (!channel) {
            local[i] = nodes[i].node->mTransformation;
            continue;
        }
        const double tps = animation->mTicksPerSecond > 0 ? animation->mTicksPerSecond : 25.0;
        const double ticks = ms * tps / 1000.0;
        aiVector3D s, t;
        aiQuaternion r;
        nodes[i].node->mTransformation.Decompose(s, r, t);
        t = Sample(channel->mPositionKeys, channel->mNumPositionKeys, ticks, t, Lerp);
        r = Sample(channel->mRotationKeys, channel->mNumRotationKeys, ticks, r, Slerp);
        s = Sample(channel->mScalingKeys, channel->mNumScalingKeys, ticks, s, Lerp);
        if (!std::isfinite(t.x + t.y + t.z + r.w + r.x + r.y + r.z + s.x + s.y + s.z)) {
            Fail("animation '" + std::string(animation->mName.C_Str()) + "', node '" + nodes[i].name +
                    "': a key is not finite");
        }
        r.Normalize();
        const bool scaled = std::fabs(s.x - 1) > 1e-4f || std::fabs(s.y - 1) > 1e-4f || std::fabs(s.z - 1) > 1e-4f;
        // Scale stays in the product: GlobalPose takes the rigid part of each global.
        local[i] = aiMatrix4x4(scaled ? s : aiVector3D(1, 1, 1), r, t);
    }
    return local;
}

std::vector<aiMatrix4x4> ExportInput::GlobalPose(const std::vector<aiMatrix4x4> &local) const {
    // Full products (scales included) down the tree, rigid part of each:
    // a child keeps its place under a scaled parent.
    std::vector<aiMatrix4x4> full(nodes.size()), rigid(nodes.size());
    for (size_t i = 0; i < nodes.size(); ++i) {
        const int p = nodes[i].parent;
        full[i] = p >= 0 ? full[size_t(p)] * local[i] : mRootParentGlobal * local[i];
        rigid[i] = RigidPart(full[i]);
        if (!Finite(rigid[i])) {
            Fail("node '" + nodes[i].name + "': its transform is not finite in a pose (a scale of 0 or an overflow)");
        }
    }
    return rigid;
}

} // namespace abc
} // namespace assimp_retro
