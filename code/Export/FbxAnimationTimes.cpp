// Node animation key times in seconds (see FbxAnimationTimes.h).
#include "Export/FbxAnimationTimes.h"

#include "Export/GltfRules.h"

#include <assimp_retro/fbx_export.h>

#include <assimp/scene.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <string>

namespace assimp_retro {
namespace {

using fbx::Record;

struct AnimationIndex {
    std::vector<std::pair<int64_t, Record *>> stacks; ///< id and record, in file order
    std::map<int64_t, std::string> stackNames;
    std::set<int64_t> layers;
    std::set<int64_t> curveNodes;
    std::map<int64_t, Record *> curves;
    std::map<int64_t, int64_t> layerOfStack;
    std::multimap<int64_t, int64_t> nodesOfLayer;
    std::multimap<int64_t, int64_t> curvesOfNode;
};

AnimationIndex IndexAnimations(const fbx::RecordReader &reader, Record &objects, const Record &connections) {
    AnimationIndex index;
    for (Record &record : objects.children) {
        const fbx::ObjectHeader header = fbx::ReadObjectHeader(reader, record);
        if (!header.valid) {
            continue;
        }
        if (record.name == "AnimationStack") {
            index.stacks.emplace_back(header.id, &record);
            index.stackNames[header.id] = header.name;
        } else if (record.name == "AnimationLayer") {
            index.layers.insert(header.id);
        } else if (record.name == "AnimationCurveNode") {
            index.curveNodes.insert(header.id);
        } else if (record.name == "AnimationCurve") {
            index.curves[header.id] = &record;
        }
    }
    for (const Record &record : connections.children) {
        const fbx::Connection c = fbx::ReadConnection(reader, record);
        if (!c.valid) {
            continue;
        }
        if (c.type == "OO" && index.layers.count(c.child) && index.stackNames.count(c.parent)) {
            index.layerOfStack.emplace(c.parent, c.child);
        } else if (c.type == "OO" && index.curveNodes.count(c.child) && index.layers.count(c.parent)) {
            index.nodesOfLayer.emplace(c.parent, c.child);
        } else if (c.type == "OP" && index.curves.count(c.child) && index.curveNodes.count(c.parent)) {
            index.curvesOfNode.emplace(c.parent, c.child);
        }
    }
    return index;
}

/// Divides a curve's KeyTime by `ticksPerSecond`; returns its last key (KTime),
/// or -1 when the curve has no keys or was left as it was.
int64_t RescaleCurve(const fbx::RecordReader &reader, Record &curve, double ticksPerSecond, unsigned &fixed) {
    for (Record &child : curve.children) {
        if (child.name != "KeyTime" || child.owned || child.numProperties != 1) {
            continue;
        }
        std::vector<int64_t> times = reader.Int64Array(reader.Properties(child)[0]);
        for (int64_t &time : times) {
            time = static_cast<int64_t>(std::llround(static_cast<double>(time) / ticksPerSecond));
        }
        for (size_t k = 1; k < times.size(); ++k) {
            if (times[k] <= times[k - 1]) {
                return -1; // keys closer than 1 KTime: leave the curve as Assimp wrote it
            }
        }
        if (times.empty()) {
            return -1;
        }
        if (ticksPerSecond != 1.0) {
            child = fbx::MakeRecord("KeyTime", fbx::PropertyList().Int64Array(times));
            ++fixed;
        }
        return times.back();
    }
    return -1;
}

/// The last KeyTime of a curve as Assimp wrote it, or -1.
int64_t LastKey(const fbx::RecordReader &reader, const Record &curve) {
    const Record *keys = fbx::Child(curve, "KeyTime");
    if (!keys || keys->owned || keys->numProperties != 1) {
        return -1;
    }
    const std::vector<int64_t> times = reader.Int64Array(reader.Properties(*keys)[0]);
    return times.empty() ? -1 : times.back();
}

/// The last key time (ticks) of the animation's node channels.
double LastTick(const aiAnimation &animation) {
    double last = 0;
    for (unsigned c = 0; c < animation.mNumChannels && animation.mChannels; ++c) {
        const aiNodeAnim *channel = animation.mChannels[c];
        if (!channel) {
            continue;
        }
        if (channel->mNumPositionKeys > 0 && channel->mPositionKeys) {
            last = std::max(last, channel->mPositionKeys[channel->mNumPositionKeys - 1].mTime);
        }
        if (channel->mNumRotationKeys > 0 && channel->mRotationKeys) {
            last = std::max(last, channel->mRotationKeys[channel->mNumRotationKeys - 1].mTime);
        }
        if (channel->mNumScalingKeys > 0 && channel->mScalingKeys) {
            last = std::max(last, channel->mScalingKeys[channel->mNumScalingKeys - 1].mTime);
        }
    }
    return std::isfinite(last) ? last : 0;
}

/// Sets the stack's LocalStop and ReferenceStop (KTime) to `stop`.
void SetStop(const fbx::RecordReader &reader, Record &stack, int64_t stop) {
    for (Record &properties : stack.children) {
        if (properties.name != "Properties70") {
            continue;
        }
        for (Record &p : properties.children) {
            if (p.name != "P" || p.owned || p.numProperties != 5) {
                continue;
            }
            const std::vector<fbx::PropertyAt> values = reader.Properties(p);
            if (values[0].type != 'S' || values[4].type != 'L') {
                continue;
            }
            const std::string name = reader.String(values[0]);
            if (name == "LocalStop" || name == "ReferenceStop") {
                p = fbx::MakeRecord("P",
                        fbx::PropertyList().String(name).String("KTime").String("Time").String("").Int64(stop));
            }
        }
    }
}

} // namespace

void FixFbxAnimationTimes(const aiScene &scene, const fbx::RecordReader &reader, std::vector<Record> &top,
        FbxCompletionReport &report) {
    Record *objects = fbx::TopRecord(top, "Objects");
    const Record *connections = fbx::TopRecord(top, "Connections");
    if (!objects || !connections || scene.mNumAnimations == 0) {
        return;
    }
    AnimationIndex index = IndexAnimations(reader, *objects, *connections);
    if (index.stacks.size() != scene.mNumAnimations) {
        report.notes.push_back(
                "node animation times left as Assimp wrote them: " + std::to_string(index.stacks.size()) +
                " AnimationStacks for " + std::to_string(scene.mNumAnimations) + " animations");
        return;
    }
    for (unsigned a = 0; a < scene.mNumAnimations; ++a) {
        const aiAnimation &animation = *scene.mAnimations[a];
        const int64_t stack = index.stacks[a].first;
        if (index.stackNames[stack] != animation.mName.C_Str() || !index.layerOfStack.count(stack)) {
            report.notes.push_back("animation '" + std::string(animation.mName.C_Str()) +
                    "': times left as Assimp wrote them (no AnimationStack/Layer of that name)");
            continue;
        }
        const double ticksPerSecond = gltf_rules::MorphTicksPerSecond(animation.mTicksPerSecond);
        const double duration = std::isfinite(animation.mDuration) ? std::max(0.0, animation.mDuration) : 0.0;
        int64_t stop = static_cast<int64_t>(std::llround(duration / ticksPerSecond * fbx::kTicksPerSecond));
        const int64_t layer = index.layerOfStack[stack];
        std::vector<Record *> curves;
        int64_t lastWritten = -1;
        auto nodes = index.nodesOfLayer.equal_range(layer);
        for (auto node = nodes.first; node != nodes.second; ++node) {
            auto linked = index.curvesOfNode.equal_range(node->second);
            for (auto curve = linked.first; curve != linked.second; ++curve) {
                curves.push_back(index.curves[curve->second]);
                lastWritten = std::max(lastWritten, LastKey(reader, *curves.back()));
            }
        }
        // Only when the file shows the fault: its last key at the last tick
        // taken as seconds (an Assimp that converts, as main does, is left alone).
        const double asSeconds = LastTick(animation) * fbx::kTicksPerSecond;
        const bool ticksAsSeconds =
                lastWritten > 0 && std::fabs(double(lastWritten) - asSeconds) <= 1e-6 * asSeconds + 1;
        const double divisor = ticksAsSeconds ? ticksPerSecond : 1.0;
        for (Record *curve : curves) {
            stop = std::max(stop, RescaleCurve(reader, *curve, divisor, report.animationCurvesRetimed));
        }
        SetStop(reader, *index.stacks[a].second, stop);
    }
}

} // namespace assimp_retro
