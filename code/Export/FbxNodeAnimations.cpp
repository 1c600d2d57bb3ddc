// Node animation written by the FBX completion pass (see FbxNodeAnimations.h).
#include "Export/FbxNodeAnimations.h"

#include "Export/GltfRules.h"
#include "Export/Quote.h"

#include <assimp_retro/fbx_export.h>

#include <assimp/scene.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <limits>
#include <set>
#include <utility>

namespace assimp_retro {
namespace {

using fbx::MakeRecord;
using fbx::PropertyList;
using fbx::Record;

/// Assimp's FBX exporter's DEG (FBXExporter.cpp), radians to degrees.
const double kDegrees = 57.29577951308232087679815481410517033;
/// Assimp's FBX exporter's MAGIC_NODE_TAG: helper nodes its importer makes
/// for FBX's pivots, folded back into their child's Model on export.
const char kMagicNodeTag[] = "_$AssimpFbx$";

const char *const kCurveNodeNames[3] = {"T\0\1AnimCurveNode", "R\0\1AnimCurveNode", "S\0\1AnimCurveNode"};
const size_t kCurveNodeNameLength = 1 + 2 + 13;
const char *const kModelProperties[3] = {"Lcl Translation", "Lcl Rotation", "Lcl Scaling"};
const char *const kComponents[3] = {"d|X", "d|Y", "d|Z"};
const char kCurveName[] = "\0\1AnimCurve";

/// A key time in KTime: `ticks` / `ticksPerSecond` seconds.
int64_t KTime(double ticks, double ticksPerSecond) {
    const double time = ticks * fbx::kTicksPerSecond / ticksPerSecond;
    if (!std::isfinite(time)) {
        return 0;
    }
    const double limit = 9.0e18;
    return static_cast<int64_t>(std::llround(std::max(-limit, std::min(limit, time))));
}

unsigned KeyCount(const aiNodeAnim &channel, unsigned path) {
    switch (path) {
    case 0:
        return channel.mPositionKeys ? channel.mNumPositionKeys : 0;
    case 1:
        return channel.mRotationKeys ? channel.mNumRotationKeys : 0;
    default:
        return channel.mScalingKeys ? channel.mNumScalingKeys : 0;
    }
}

double KeyTicks(const aiNodeAnim &channel, unsigned path, unsigned k) {
    return path == 0 ? channel.mPositionKeys[k].mTime
                     : (path == 1 ? channel.mRotationKeys[k].mTime : channel.mScalingKeys[k].mTime);
}

/// Below this cosine of the Y angle a rotation is taken as gimbal-locked:
/// there the X and Z angles, computed from elements of about that size,
/// would carry double's rounding divided by it.
const double kGimbalLock = 1e-8;

/// A rotation as Euler angles (x, y, z) in radians with M = Rz * Ry * Rx, the
/// convention of Assimp's FBX exporter (aiMatrix4x4::Decompose) and of FBX's
/// default rotation order (eEulerXYZ). Computed in double from the
/// normalised quaternion, the sine of Y clamped: near 90 degrees about Y
/// (LithTech's toes and hands have such keys) Assimp's float Decompose loses
/// up to a few 1e-5 of the rotation, and its asin can get a sine past 1
/// (NaN: the rotation about X and Z is lost). Gimbal-locked: X is 0, as
/// Assimp's Decompose has it.
aiVector3t<double> EulerOf(const aiQuaternion &rotation) {
    aiQuaterniont<double> q(rotation.w, rotation.x, rotation.y, rotation.z);
    q.Normalize();
    const aiMatrix3x3t<double> m = q.GetMatrix();
    const double sinY = std::max(-1.0, std::min(1.0, -m.c1));
    const double cosY = std::sqrt(m.a1 * m.a1 + m.b1 * m.b1);
    if (cosY > kGimbalLock) {
        return aiVector3t<double>(std::atan2(m.c2, m.c3), std::atan2(sinY, cosY), std::atan2(m.b1, m.a1));
    }
    return aiVector3t<double>(0.0, std::asin(sinY), std::atan2(-m.a2, m.b2));
}

/// The key's value as the curves hold it: translation and scale as they are,
/// rotations as Euler angles in degrees.
aiVector3t<double> CurveValue(const aiNodeAnim &channel, unsigned path, unsigned k) {
    if (path == 1) {
        return EulerOf(channel.mRotationKeys[k].mValue) * kDegrees;
    }
    const aiVector3D &value = path == 0 ? channel.mPositionKeys[k].mValue : channel.mScalingKeys[k].mValue;
    return aiVector3t<double>(value.x, value.y, value.z);
}

/// A key this close to the node's static value (relative, and absolute below
/// 1; rotations in radians) does not move it: half the FBX pose tolerance of
/// 1e-6, leaving the other half to the readers' float arithmetic. The static
/// value is Assimp's float decomposition of the node's matrix, whose scale
/// is 1 only within a few 1e-7 (LithTech's bones: up to 1.0e-6).
const double kStillTolerance = 5e-7;

bool Near(double value, double still) {
    return std::fabs(value - still) <= kStillTolerance * std::max(1.0, std::fabs(still));
}

const aiNode *FindNode(const aiNode *node, const char *name, unsigned depth = 0) {
    if (!node || depth > 1024) {
        return nullptr;
    }
    if (std::strcmp(node->mName.C_Str(), name) == 0) {
        return node;
    }
    for (unsigned i = 0; i < node->mNumChildren && node->mChildren; ++i) {
        if (const aiNode *found = FindNode(node->mChildren[i], name, depth + 1)) {
            return found;
        }
    }
    return nullptr;
}

void AddModels(const aiScene &scene, const aiNode &node, bool root, unsigned depth, std::vector<FbxModelSlot> &out) {
    if (depth > 1024) {
        return;
    }
    const std::string name = node.mName.C_Str();
    if (name.find(kMagicNodeTag) == std::string::npos) {
        if (!root) {
            out.push_back({name, true});
        }
        if ((node.mNumMeshes > 1 || root) && node.mMeshes) {
            for (unsigned i = 0; i < node.mNumMeshes; ++i) {
                const unsigned mesh = node.mMeshes[i];
                const bool known = mesh < scene.mNumMeshes && scene.mMeshes && scene.mMeshes[mesh];
                out.push_back({known ? std::string(scene.mMeshes[mesh]->mName.C_Str()) : std::string(), false});
            }
        }
    }
    for (unsigned i = 0; i < node.mNumChildren && node.mChildren; ++i) {
        if (node.mChildren[i]) {
            AddModels(scene, *node.mChildren[i], false, depth + 1, out);
        }
    }
}

Record P70(const std::string &name, const std::string &type, const std::string &label, const std::string &flags,
        PropertyList values) {
    PropertyList properties;
    properties.String(name).String(type).String(label).String(flags);
    properties.bytes += values.bytes;
    properties.count += values.count;
    return MakeRecord("P", properties);
}

Record Properties70(std::vector<Record> entries) {
    Record properties = MakeRecord("Properties70", PropertyList());
    properties.children = std::move(entries);
    return properties;
}

Record Connection(const char *type, int64_t child, int64_t parent) {
    return MakeRecord("C", PropertyList().String(type).Int64(child).Int64(parent));
}

void PutConnection(fbx::RecordOutput &out, const char *type, int64_t child, int64_t parent, const char *property) {
    const size_t start = out.Begin("C", 1);
    out.PutString(type, 2);
    out.PutInt64(child);
    out.PutInt64(parent);
    if (property) {
        out.PutString(property, std::strlen(property));
    }
    out.End(start, false);
}

} // namespace

std::vector<FbxModelSlot> AssimpFbxModelOrder(const aiScene &scene) {
    std::vector<FbxModelSlot> models;
    if (scene.mRootNode) {
        AddModels(scene, *scene.mRootNode, true, 0, models);
    }
    return models;
}

FbxNodeAnimations::FbxNodeAnimations(const aiScene &scene, std::vector<FbxModelSlot> models) :
        scene_(scene), models_(std::move(models)) {}

std::map<std::string, int64_t> FbxNodeAnimations::ModelIds(const fbx::RecordReader &reader, const Record &objects,
        FbxCompletionReport &report) const {
    std::vector<std::pair<std::string, int64_t>> written;
    for (const Record &record : objects.children) {
        if (record.name == "Model") {
            const fbx::ObjectHeader header = fbx::ReadObjectHeader(reader, record);
            if (header.valid) {
                written.emplace_back(header.name, header.id);
            }
        }
    }
    bool inOrder = written.size() == models_.size();
    for (size_t i = 0; inOrder && i < written.size(); ++i) {
        inOrder = written[i].first == models_[i].name;
    }
    if (!inOrder) {
        report.notes.push_back("node animation: the file's " + std::to_string(written.size()) +
                " Models are not the scene's " + std::to_string(models_.size()) + " in order; matched by name");
    }
    std::map<std::string, int64_t> ids; // a name's first node, as Assimp's exporter finds it (aiNode::FindNode)
    for (size_t i = 0; i < written.size(); ++i) {
        if (!inOrder || models_[i].node) {
            ids.emplace(written[i].first, written[i].second);
        }
    }
    return ids;
}

void FbxNodeAnimations::PlanTracks(const std::map<std::string, int64_t> &modelIds, FbxCompletionReport &report) {
    std::map<int64_t, uint32_t> nodeOfModel;
    std::set<std::string> missing;
    std::vector<Track> all;
    for (unsigned a = 0; a < scene_.mNumAnimations; ++a) {
        const aiAnimation &animation = *scene_.mAnimations[a];
        for (unsigned c = 0; c < animation.mNumChannels && animation.mChannels; ++c) {
            const aiNodeAnim *channel = animation.mChannels[c];
            if (!channel) {
                continue;
            }
            const auto model = modelIds.find(channel->mNodeName.C_Str());
            const aiNode *node = FindNode(scene_.mRootNode, channel->mNodeName.C_Str());
            if (model == modelIds.end() || !node) {
                missing.insert(channel->mNodeName.C_Str());
                continue;
            }
            auto known = nodeOfModel.emplace(model->second, static_cast<uint32_t>(statics_.size()));
            if (known.second) {
                aiVector3D scaling, rotation, position;
                node->mTransformation.Decompose(scaling, rotation, position);
                statics_.push_back({{{position.x, position.y, position.z}, {rotation.x, rotation.y, rotation.z},
                        {scaling.x, scaling.y, scaling.z}}});
            }
            const double ticksPerSecond = gltf_rules::MorphTicksPerSecond(animation.mTicksPerSecond);
            for (uint8_t path = 0; path < 3; ++path) {
                if (const unsigned count = KeyCount(*channel, path)) {
                    const int64_t end = KTime(KeyTicks(*channel, path, count - 1), ticksPerSecond);
                    all.push_back({a, c, path, model->second, known.first->second, end});
                }
            }
        }
    }
    for (const std::string &name : missing) {
        report.notes.push_back("node animation of " + Quote(name, '"') + " left out: the FBX has no Model for it");
    }
    // Euler angles: the Models' Lcl Rotation, as Assimp writes it (degrees).
    for (StaticValue &value : statics_) {
        for (double &angle : value.values[1]) {
            angle *= kDegrees;
        }
    }
    // A path of a node moves when some key of some animation leaves its static value.
    std::vector<std::array<bool, 3>> moves(statics_.size(), {{false, false, false}});
    for (const Track &track : all) {
        bool &moved = moves[track.node][track.path];
        const aiNodeAnim &channel = *scene_.mAnimations[track.animation]->mChannels[track.channel];
        const double *still = statics_[track.node].values[track.path];
        const double unit = track.path == 1 ? kDegrees : 1.0; // rotations compared in radians
        for (unsigned k = 0; k < KeyCount(channel, track.path) && !moved; ++k) {
            const aiVector3t<double> value = CurveValue(channel, track.path, k) / unit;
            moved = !Near(value.x, still[0] / unit) || !Near(value.y, still[1] / unit) ||
                    !Near(value.z, still[2] / unit);
        }
    }
    for (const auto &node : moves) {
        for (bool moved : node) {
            report.stillPathsLeftOut += moved ? 0 : 1;
        }
    }
    // An animation whose moving tracks would end before its last key (or
    // that has none) keeps its first still track that ends there: Assimp's
    // importer drops a stack without curve nodes, Blender's action ends at
    // its last key (the GLB's rule too: GltfAnimationLayout.h).
    size_t first = 0;
    for (unsigned a = 0; a < scene_.mNumAnimations; ++a) {
        size_t last = first;
        int64_t end = std::numeric_limits<int64_t>::min(), keptEnd = end;
        for (; last < all.size() && all[last].animation == a; ++last) {
            end = std::max(end, all[last].end);
            keptEnd = moves[all[last].node][all[last].path] ? std::max(keptEnd, all[last].end) : keptEnd;
        }
        bool lengthKept = keptEnd >= end;
        for (size_t t = first; t < last; ++t) {
            const bool moving = moves[all[t].node][all[t].path];
            if (moving || (!lengthKept && all[t].end == end)) {
                lengthKept = lengthKept || !moving;
                tracks_.push_back(all[t]);
            }
        }
        first = last;
    }
}

void FbxNodeAnimations::Plan(const fbx::RecordReader &reader, std::vector<Record> &top, int64_t &nextId,
        std::map<std::string, unsigned> &added, FbxCompletionReport &report) {
    Record *objects = fbx::TopRecord(top, "Objects");
    Record *connections = fbx::TopRecord(top, "Connections");
    if (scene_.mNumAnimations == 0 || !scene_.mAnimations) {
        return;
    }
    if (!objects || !connections) {
        throw fbx::FormatError("no Objects or Connections record", 0);
    }
    PlanTracks(ModelIds(reader, *objects, report), report);
    std::vector<int64_t> lastKey(scene_.mNumAnimations, 0);
    for (const Track &track : tracks_) {
        const aiNodeAnim &channel = *scene_.mAnimations[track.animation]->mChannels[track.channel];
        lastKey[track.animation] = std::max(lastKey[track.animation], track.end);
        estimatedSize_ += 1300 + 36 * static_cast<size_t>(KeyCount(channel, track.path));
    }
    for (unsigned a = 0; a < scene_.mNumAnimations; ++a) {
        const aiAnimation &animation = *scene_.mAnimations[a];
        const double duration = std::isfinite(animation.mDuration) ? std::max(0.0, animation.mDuration) : 0.0;
        const int64_t stop =
                std::max(lastKey[a], KTime(duration, gltf_rules::MorphTicksPerSecond(animation.mTicksPerSecond)));
        const int64_t stack = nextId++;
        const int64_t layer = nextId++;
        Record stackRecord = MakeRecord("AnimationStack",
                PropertyList().Int64(stack).String(fbx::ObjectName(animation.mName.C_Str(), "AnimStack")).String(""));
        std::vector<Record> times;
        for (const char *name : {"LocalStart", "LocalStop", "ReferenceStart", "ReferenceStop"}) {
            const bool start = std::strstr(name, "Start") != nullptr;
            times.push_back(P70(name, "KTime", "Time", "", PropertyList().Int64(start ? 0 : stop)));
        }
        stackRecord.children.push_back(Properties70(std::move(times)));
        objects->children.push_back(std::move(stackRecord));
        Record layerRecord = MakeRecord("AnimationLayer",
                PropertyList().Int64(layer).String(fbx::ObjectName("", "AnimLayer")).String(""));
        layerRecord.hadNullRecord = true; // an empty child list: Assimp's importer needs it
        objects->children.push_back(std::move(layerRecord));
        connections->children.push_back(Connection("OO", layer, stack));
        layers_.push_back(layer);
    }
    firstTrackId_ = nextId;
    nextId += 4 * static_cast<int64_t>(tracks_.size());
    added["AnimationStack"] += scene_.mNumAnimations;
    added["AnimationLayer"] += scene_.mNumAnimations;
    added["AnimationCurveNode"] += static_cast<unsigned>(tracks_.size());
    added["AnimationCurve"] += static_cast<unsigned>(3 * tracks_.size());
    report.nodeCurveNodesWritten += static_cast<unsigned>(tracks_.size());
    report.nodeCurvesWritten += static_cast<unsigned>(3 * tracks_.size());
}

void FbxNodeAnimations::WriteObjects(fbx::RecordOutput &out) const {
    std::vector<int64_t> times;
    std::vector<float> values[3];
    for (size_t t = 0; t < tracks_.size(); ++t) {
        const Track &track = tracks_[t];
        const int64_t id = firstTrackId_ + 4 * static_cast<int64_t>(t);
        const size_t node = out.Begin("AnimationCurveNode", 18);
        out.PutInt64(id);
        out.PutString(kCurveNodeNames[track.path], kCurveNodeNameLength);
        out.PutString("", 0);
        const size_t properties = out.Begin("Properties70", 12);
        for (unsigned i = 0; i < 3; ++i) {
            const size_t p = out.Begin("P", 1);
            out.PutString(kComponents[i], 3);
            out.PutString("Number", 6);
            out.PutString("", 0);
            out.PutString("A", 1);
            out.PutDouble(statics_[track.node].values[track.path][i]);
            out.End(p, false);
        }
        out.End(properties, true);
        out.End(node, true);

        const aiAnimation &animation = *scene_.mAnimations[track.animation];
        const aiNodeAnim &channel = *animation.mChannels[track.channel];
        const double ticksPerSecond = gltf_rules::MorphTicksPerSecond(animation.mTicksPerSecond);
        const unsigned count = KeyCount(channel, track.path);
        times.resize(count);
        for (std::vector<float> &list : values) {
            list.resize(count);
        }
        for (unsigned k = 0; k < count; ++k) {
            times[k] = KTime(KeyTicks(channel, track.path, k), ticksPerSecond);
            const aiVector3t<double> value = CurveValue(channel, track.path, k);
            values[0][k] = static_cast<float>(value.x);
            values[1][k] = static_cast<float>(value.y);
            values[2][k] = static_cast<float>(value.z);
        }
        for (unsigned i = 0; i < 3; ++i) {
            const size_t curve = out.Begin("AnimationCurve", 14);
            out.PutInt64(id + 1 + i);
            out.PutString(kCurveName, sizeof(kCurveName) - 1);
            out.PutString("", 0);
            const size_t keyTime = out.Begin("KeyTime", 7);
            out.PutInt64Array(times.data(), count);
            out.End(keyTime, false);
            const size_t keyValues = out.Begin("KeyValueFloat", 13);
            out.PutFloatArray(values[i].data(), count);
            out.End(keyValues, false);
            out.End(curve, true);
        }
    }
}

void FbxNodeAnimations::WriteConnections(fbx::RecordOutput &out) const {
    for (size_t t = 0; t < tracks_.size(); ++t) {
        const Track &track = tracks_[t];
        const int64_t id = firstTrackId_ + 4 * static_cast<int64_t>(t);
        PutConnection(out, "OO", id, layers_[track.animation], nullptr);
        PutConnection(out, "OP", id, track.model, kModelProperties[track.path]);
        for (unsigned i = 0; i < 3; ++i) {
            PutConnection(out, "OP", id + 1 + i, id, kComponents[i]);
        }
    }
}

Record AnimationObjectType(const std::string &type) {
    Record objectType = MakeRecord("ObjectType", PropertyList().String(type));
    objectType.children.push_back(MakeRecord("Count", PropertyList().Int32(0)));
    std::vector<Record> entries;
    std::string templateName;
    if (type == "AnimationStack") {
        templateName = "FbxAnimStack";
        entries.push_back(P70("Description", "KString", "", "", PropertyList().String("")));
        for (const char *name : {"LocalStart", "LocalStop", "ReferenceStart", "ReferenceStop"}) {
            entries.push_back(P70(name, "KTime", "Time", "", PropertyList().Int64(0)));
        }
    } else if (type == "AnimationLayer") {
        templateName = "FBXAnimLayer"; // sic, as Assimp writes it
        entries.push_back(P70("Weight", "Number", "", "A", PropertyList().Double(100.0)));
        for (const char *name : {"Mute", "Solo", "Lock"}) {
            entries.push_back(P70(name, "bool", "", "", PropertyList().Int32(0)));
        }
        entries.push_back(P70("Color", "ColorRGB", "Color", "", PropertyList().Double(0.8).Double(0.8).Double(0.8)));
        for (const char *name : {"BlendMode", "RotationAccumulationMode", "ScaleAccumulationMode"}) {
            entries.push_back(P70(name, "enum", "", "", PropertyList().Int32(0)));
        }
        entries.push_back(P70("BlendModeBypass", "ULongLong", "", "", PropertyList().Int64(0)));
    } else if (type == "AnimationCurveNode") {
        templateName = "FbxAnimCurveNode";
        entries.push_back(P70("d", "Compound", "", "", PropertyList()));
    }
    if (!templateName.empty()) {
        Record propertyTemplate = MakeRecord("PropertyTemplate", PropertyList().String(templateName));
        propertyTemplate.children.push_back(Properties70(std::move(entries)));
        objectType.children.push_back(std::move(propertyTemplate));
    }
    return objectType;
}

} // namespace assimp_retro
