// Node animations and animation clips in a COLLADA file (see ColladaAnimations.h).
#include "Export/ColladaAnimations.h"

#include "Export/ColladaXml.h"
#include "Export/GltfRules.h"

#include <assimp/scene.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

namespace assimp_retro {
namespace {

using namespace collada_xml;

/// A float as COLLADA text: 9 significant digits read back as the same float.
std::string Float(double value) {
    char buffer[32];
    std::snprintf(buffer, sizeof(buffer), "%.9g", value);
    return buffer;
}

/// The value of a track (aiVectorKey or aiQuatKey keys) at `time`: the
/// keys interpolated (`blend`), the first or last key outside them,
/// `fallback` without keys.
template <typename Key, typename Value, typename Blend>
Value Sample(const Key *keys, unsigned count, double time, const Value &fallback, Blend blend) {
    if (count == 0 || !keys) {
        return fallback;
    }
    if (time <= keys[0].mTime) {
        return keys[0].mValue;
    }
    const Key *after =
            std::upper_bound(keys, keys + count, time, [](double t, const Key &key) { return t < key.mTime; });
    if (after == keys + count) {
        return keys[count - 1].mValue;
    }
    const Key &before = after[-1];
    const double span = after->mTime - before.mTime;
    return blend(before.mValue, after->mValue,
            span > 0 ? static_cast<ai_real>((time - before.mTime) / span) : ai_real(0));
}

aiVector3D Lerp(const aiVector3D &a, const aiVector3D &b, ai_real f) {
    return a + (b - a) * f;
}

aiQuaternion Slerp(const aiQuaternion &a, const aiQuaternion &b, ai_real f) {
    aiQuaternion out;
    aiQuaternion::Interpolate(out, a, b, f);
    return out.Normalize();
}

/// The sorted, distinct key times of the three tracks of `channel`.
std::vector<double> KeyTimes(const aiNodeAnim &channel) {
    std::vector<double> times;
    for (unsigned i = 0; channel.mPositionKeys && i < channel.mNumPositionKeys; ++i) {
        times.push_back(channel.mPositionKeys[i].mTime);
    }
    for (unsigned i = 0; channel.mRotationKeys && i < channel.mNumRotationKeys; ++i) {
        times.push_back(channel.mRotationKeys[i].mTime);
    }
    for (unsigned i = 0; channel.mScalingKeys && i < channel.mNumScalingKeys; ++i) {
        times.push_back(channel.mScalingKeys[i].mTime);
    }
    std::sort(times.begin(), times.end());
    times.erase(std::unique(times.begin(), times.end()), times.end());
    return times;
}

/// One sampler's data: key times (seconds on the file's timeline) and
/// row-major 4x4 matrices.
struct ChannelSampler {
    std::string nodeId;
    std::vector<double> times;
    std::vector<float> matrices;
};

ChannelSampler SampleChannel(const aiNodeAnim &channel, const aiNode *node, double ticksPerSecond, double offset,
        const std::string &nodeId) {
    aiVector3D scaling(1, 1, 1), position;
    aiQuaternion rotation;
    if (node) {
        node->mTransformation.Decompose(scaling, rotation, position);
    }
    ChannelSampler sampler;
    sampler.nodeId = nodeId;
    for (const double tick : KeyTimes(channel)) {
        const aiVector3D t = Sample(channel.mPositionKeys, channel.mNumPositionKeys, tick, position, Lerp);
        const aiQuaternion r = Sample(channel.mRotationKeys, channel.mNumRotationKeys, tick, rotation, Slerp);
        const aiVector3D s = Sample(channel.mScalingKeys, channel.mNumScalingKeys, tick, scaling, Lerp);
        const aiMatrix4x4 m = aiMatrix4x4(s, r, t); // translation * rotation * scaling
        sampler.times.push_back(offset + tick / ticksPerSecond);
        for (unsigned row = 0; row < 4; ++row) {
            for (unsigned column = 0; column < 4; ++column) {
                sampler.matrices.push_back(static_cast<float>(m[row][column]));
            }
        }
    }
    return sampler;
}

/// The end of `animation` in seconds from its start: its duration or its last
/// key, whichever is later.
double EndSeconds(const aiAnimation &animation, double ticksPerSecond) {
    double end = animation.mDuration > 0 && std::isfinite(animation.mDuration) ? animation.mDuration : 0.0;
    for (unsigned c = 0; animation.mChannels && c < animation.mNumChannels; ++c) {
        if (animation.mChannels[c]) {
            const std::vector<double> times = KeyTimes(*animation.mChannels[c]);
            end = times.empty() ? end : std::max(end, times.back());
        }
    }
    return end / ticksPerSecond;
}

class ColladaAnimationWriter {
public:
    ColladaAnimationWriter(const aiScene &scene, ColladaAnimationReport &report) : scene_(scene), report_(report) {
        if (scene.mRootNode) {
            CollectNodes(*scene.mRootNode, 0);
        }
    }

    /// `text` with the animation libraries, "" if there is no animation to
    /// write; throws std::runtime_error if it is not well-formed enough.
    std::string Apply(const std::string &text) {
        size_t sceneAt = std::string::npos;
        size_t oldBegin = std::string::npos, oldEnd = std::string::npos;
        ForEachTag(text, [&](size_t at, const Tag &tag) {
            if (tag.name == "node" && !tag.end && !tag.idAttribute.empty()) {
                nodeIds_.emplace(tag.nameAttribute, tag.idAttribute);
            } else if (tag.name == "library_animations" && !tag.end) {
                oldBegin = LineStart(text, at);
                oldEnd = tag.selfClosing ? tag.close : std::string::npos;
            } else if (tag.name == "library_animations" && tag.end) {
                oldEnd = tag.close;
            } else if (tag.name == "scene" && !tag.end && sceneAt == std::string::npos) {
                sceneAt = LineStart(text, at);
            }
        });
        if (sceneAt == std::string::npos) {
            throw std::runtime_error("no <scene>");
        }
        const std::string libraries = Libraries(Indent(text, sceneAt));
        if (libraries.empty()) {
            return "";
        }
        std::string out;
        if (oldBegin != std::string::npos && oldEnd != std::string::npos && oldEnd <= sceneAt) {
            size_t afterOld = oldEnd;
            while (afterOld < text.size() && (text[afterOld] == '\r' || text[afterOld] == '\n')) {
                ++afterOld;
            }
            out.append(text, 0, oldBegin);
            out.append(text, afterOld, sceneAt - afterOld);
        } else {
            out.append(text, 0, sceneAt);
        }
        out += libraries;
        out.append(text, sceneAt, std::string::npos);
        return out;
    }

private:
    void CollectNodes(const aiNode &node, unsigned depth) {
        nodes_.emplace(EscapeSpecials(node.mName.C_Str()), &node);
        for (unsigned i = 0; node.mChildren && i < node.mNumChildren && depth < kMaxNodeDepth; ++i) {
            if (node.mChildren[i]) {
                CollectNodes(*node.mChildren[i], depth + 1);
            }
        }
    }

    static size_t LineStart(const std::string &text, size_t at) {
        while (at > 0 && (text[at - 1] == ' ' || text[at - 1] == '\t')) {
            --at;
        }
        return at;
    }

    static std::string Indent(const std::string &text, size_t lineStart) {
        size_t end = lineStart;
        while (end < text.size() && (text[end] == ' ' || text[end] == '\t')) {
            ++end;
        }
        return text.substr(lineStart, end - lineStart);
    }

    /// The samplers of animation `index`, each key `offset` seconds later.
    std::vector<ChannelSampler> Samplers(const aiAnimation &animation, double ticksPerSecond, double offset) {
        std::vector<ChannelSampler> samplers;
        for (unsigned c = 0; animation.mChannels && c < animation.mNumChannels; ++c) {
            const aiNodeAnim *channel = animation.mChannels[c];
            if (!channel) {
                continue;
            }
            const std::string name = EscapeSpecials(channel->mNodeName.C_Str());
            const auto id = nodeIds_.find(name);
            if (id == nodeIds_.end()) {
                report_.notes.push_back("animation \"" + std::string(animation.mName.C_Str()) + "\": node \"" +
                        channel->mNodeName.C_Str() + "\" is not in the file, its channel left out");
                continue;
            }
            const auto node = nodes_.find(name);
            ChannelSampler sampler = SampleChannel(*channel, node == nodes_.end() ? nullptr : node->second, ticksPerSecond,
                    offset, id->second);
            if (!sampler.times.empty()) {
                samplers.push_back(std::move(sampler));
            }
        }
        return samplers;
    }

    static std::string Source(const std::string &id, const std::string &arrayElement, size_t count,
            const std::string &values, size_t stride, const std::string &param, const std::string &indent) {
        return indent + "<source id=\"" + id + "\">\n" + indent + "  <" + arrayElement + " id=\"" + id +
                "-array\" count=\"" + std::to_string(count * stride) + "\">" + values + "</" + arrayElement + ">\n" +
                indent + "  <technique_common>\n" + indent + "    <accessor source=\"#" + id + "-array\" count=\"" +
                std::to_string(count) + "\" stride=\"" + std::to_string(stride) + "\">\n" + indent + "      " + param +
                "\n" + indent + "    </accessor>\n" + indent + "  </technique_common>\n" + indent + "</source>\n";
    }

    std::string AnimationElement(const std::string &id, const std::string &name, const std::vector<ChannelSampler> &samplers,
            const std::string &indent) {
        const std::string in = indent + "  ";
        std::string sources, samplerElements, channels;
        for (const ChannelSampler &sampler : samplers) {
            const std::string base = id + "-" + sampler.nodeId;
            std::string times, matrices, interpolations;
            for (const double t : sampler.times) {
                times += (times.empty() ? "" : " ") + Float(t);
                interpolations += interpolations.empty() ? "LINEAR" : " LINEAR";
            }
            for (const float v : sampler.matrices) {
                matrices += (matrices.empty() ? "" : " ") + Float(v);
            }
            const size_t count = sampler.times.size();
            sources += Source(base + "-input", "float_array", count, times, 1, "<param name=\"TIME\" type=\"float\"/>",
                    in);
            sources += Source(base + "-output", "float_array", count, matrices, 16,
                    "<param name=\"TRANSFORM\" type=\"float4x4\"/>", in);
            sources += Source(base + "-interpolation", "Name_array", count, interpolations, 1,
                    "<param name=\"INTERPOLATION\" type=\"name\"/>", in);
            samplerElements += in + "<sampler id=\"" + base + "-sampler\">\n" + in +
                    "  <input semantic=\"INPUT\" source=\"#" + base + "-input\"/>\n" + in +
                    "  <input semantic=\"OUTPUT\" source=\"#" + base + "-output\"/>\n" + in +
                    "  <input semantic=\"INTERPOLATION\" source=\"#" + base + "-interpolation\"/>\n" + in +
                    "</sampler>\n";
            channels += in + "<channel source=\"#" + base + "-sampler\" target=\"" + sampler.nodeId + "/matrix\"/>\n";
        }
        return indent + "<animation id=\"" + id + "\" name=\"" + name + "\">\n" + sources + samplerElements + channels +
                indent + "</animation>\n";
    }

    std::string Libraries(const std::string &indent) {
        std::string animations, clips;
        double offset = 0;
        for (unsigned a = 0; scene_.mAnimations && a < scene_.mNumAnimations; ++a) {
            const aiAnimation *animation = scene_.mAnimations[a];
            if (!animation) {
                continue;
            }
            const std::string label =
                    animation->mName.length ? animation->mName.C_Str() : "animation " + std::to_string(a);
            if (animation->mNumMorphMeshChannels > 0 || animation->mNumMeshChannels > 0) {
                report_.notes.push_back("animation \"" + label + "\": its morph-target or mesh channels are left out");
            }
            const double ticksPerSecond = gltf_rules::MorphTicksPerSecond(animation->mTicksPerSecond);
            const std::vector<ChannelSampler> samplers = Samplers(*animation, ticksPerSecond, offset);
            if (samplers.empty()) {
                report_.notes.push_back("animation \"" + label + "\": no node channel, left out");
                continue;
            }
            const std::string id = "retro-animation-" + std::to_string(report_.animationsWritten);
            const std::string name = XmlText(label);
            const double end = offset + EndSeconds(*animation, ticksPerSecond);
            animations += AnimationElement(id, name, samplers, indent + "  ");
            clips += indent + "  <animation_clip id=\"retro-clip-" + std::to_string(report_.animationsWritten) +
                    "\" name=\"" + name + "\" start=\"" + Float(offset) + "\" end=\"" + Float(end) + "\">\n" + indent +
                    "    <instance_animation url=\"#" + id + "\"/>\n" + indent + "  </animation_clip>\n";
            ++report_.animationsWritten;
            report_.channelsWritten += static_cast<unsigned>(samplers.size());
            report_.timelineSeconds = end;
            offset = end + kColladaClipGapSeconds;
        }
        if (report_.animationsWritten == 0) {
            return "";
        }
        return indent + "<library_animations>\n" + animations + indent + "</library_animations>\n" + indent +
                "<library_animation_clips>\n" + clips + indent + "</library_animation_clips>\n";
    }

    const aiScene &scene_;
    ColladaAnimationReport &report_;
    std::map<std::string, const aiNode *> nodes_; ///< by escaped name
    std::map<std::string, std::string> nodeIds_; ///< <node> id by its name attribute
};

} // namespace

bool AddColladaAnimations(const aiScene &scene, const std::string &path, std::string *error,
        ColladaAnimationReport *report) {
    ColladaAnimationReport local;
    ColladaAnimationReport &result = report ? *report : local;
    result = ColladaAnimationReport();
    if (scene.mNumAnimations == 0) {
        return true;
    }
    return EditTextFile(
            path, "COLLADA animations",
            [&](const std::string &text) { return ColladaAnimationWriter(scene, result).Apply(text); }, error);
}

} // namespace assimp_retro
