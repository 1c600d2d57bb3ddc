#include "Export/GltfAnimations.h"

#include "Export/GltfDocument.h"
#include "Export/GltfRules.h"

#include <assimp/anim.h>
#include <assimp/scene.h>

#include <rapidjson/prettywriter.h>
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <type_traits>

namespace assimp_retro {
namespace {

/// One JSON value as Assimp's AssetWriter writes it: rapidjson's Writer in a
/// GLB, its PrettyWriter (4 spaces) in a .gltf. `fill(writer)` writes it.
template <typename Fill>
std::string RapidJsonText(bool pretty, Fill fill) {
    rapidjson::StringBuffer buffer;
    if (pretty) {
        rapidjson::PrettyWriter<rapidjson::StringBuffer> writer(buffer);
        fill(writer);
    } else {
        rapidjson::Writer<rapidjson::StringBuffer> writer(buffer);
        fill(writer);
    }
    return std::string(buffer.GetString(), buffer.GetSize());
}

struct Sampler {
    long long input = -1;
    long long output = -1;
};

struct Channel {
    unsigned sampler = 0;
    long long node = -1;
    const char *path = "";
};

class AnimationWriter {
public:
    AnimationWriter(GltfDocument &document, std::string &error) :
            mDoc(document), mError(error), mPretty(document.PrettyText()) {}

    /// Appends one accessor of `values` (FLOAT, `components` per element) in
    /// its own bufferView, as Assimp's ExportData does. Returns its index or -1.
    long long Accessor(const std::vector<float> &values, unsigned components, const char *type) {
        // Bounds as SetAccessorRange computes them: doubles, non-finite values skipped.
        std::vector<double> min(components, std::numeric_limits<double>::max());
        std::vector<double> max(components, -std::numeric_limits<double>::max());
        for (size_t i = 0; i < values.size(); ++i) {
            const double value = values[i];
            if (!std::isfinite(value)) {
                continue;
            }
            const size_t c = i % components;
            min[c] = std::min(min[c], value);
            max[c] = std::max(max[c], value);
        }
        mBytes.resize(values.size() * 4);
        for (size_t i = 0; i < values.size(); ++i) {
            uint32_t bits;
            std::memcpy(&bits, &values[i], 4);
            for (int b = 0; b < 4; ++b) {
                mBytes[4 * i + b] = static_cast<uint8_t>(bits >> (8 * b));
            }
        }
        const long long offset = mDoc.AppendBufferData(mBytes.data(), mBytes.size(), mError);
        if (offset < 0) {
            return -1;
        }
        const long long view = mDoc.AppendRawElement("bufferViews", RapidJsonText(mPretty, [&](auto &w) {
            w.StartObject();
            w.Key("buffer");
            w.Uint(0);
            w.Key("byteOffset");
            w.Uint64(static_cast<uint64_t>(offset));
            w.Key("byteLength");
            w.Uint64(mBytes.size());
            w.EndObject();
        }));
        return mDoc.AppendRawElement("accessors", RapidJsonText(mPretty, [&](auto &w) {
            w.StartObject();
            w.Key("bufferView");
            w.Uint(static_cast<unsigned>(view));
            w.Key("byteOffset");
            w.Uint(0);
            w.Key("componentType");
            w.Int(5126); // FLOAT
            w.Key("count");
            w.Uint(static_cast<unsigned>(values.size() / components));
            w.Key("type");
            w.String(type);
            w.Key("max");
            w.StartArray();
            for (double value : max) {
                w.Double(value);
            }
            w.EndArray();
            w.Key("min");
            w.StartArray();
            for (double value : min) {
                w.Double(value);
            }
            w.EndArray();
            w.EndObject();
        }));
    }

    /// A LINEAR sampler of `keys` (aiVectorKey or aiQuatKey), its time
    /// accessor first, as Assimp's Extract*Sampler do.
    template <typename Key>
    bool AddSampler(const Key *keys, unsigned count, float ticksPerSecond, long long node, const char *path) {
        std::vector<float> times(count);
        constexpr unsigned components = std::is_same<Key, aiQuatKey>::value ? 4 : 3;
        std::vector<float> values(size_t(count) * components);
        for (unsigned i = 0; i < count; ++i) {
            times[i] = static_cast<float>(keys[i].mTime / ticksPerSecond);
            float *value = &values[size_t(i) * components];
            value[0] = keys[i].mValue.x;
            value[1] = keys[i].mValue.y;
            value[2] = keys[i].mValue.z;
            if constexpr (components == 4) {
                value[3] = keys[i].mValue.w;
            }
        }
        Sampler sampler;
        sampler.input = Accessor(times, 1, "SCALAR");
        sampler.output = sampler.input < 0 ? -1 : Accessor(values, components, components == 4 ? "VEC4" : "VEC3");
        if (sampler.output < 0) {
            return false;
        }
        mChannels.push_back({static_cast<unsigned>(mSamplers.size()), node, path});
        mSamplers.push_back(sampler);
        return true;
    }

    /// Samplers added since the last FinishAnimation.
    size_t SamplersPending() const { return mSamplers.size(); }

    /// Appends the glTF animation named `name` with the channels added since
    /// the last call.
    void FinishAnimation(const std::string &name) {
        mDoc.AppendRawElement("animations", RapidJsonText(mPretty, [&](auto &w) {
            w.StartObject();
            w.Key("name");
            w.String(name.c_str(), static_cast<rapidjson::SizeType>(name.size()));
            w.Key("channels");
            w.StartArray();
            for (const Channel &channel : mChannels) {
                w.StartObject();
                w.Key("sampler");
                w.Uint(channel.sampler);
                w.Key("target");
                w.StartObject();
                w.Key("node");
                w.Uint(static_cast<unsigned>(channel.node));
                w.Key("path");
                w.String(channel.path);
                w.EndObject();
                w.EndObject();
            }
            w.EndArray();
            w.Key("samplers");
            w.StartArray();
            for (const Sampler &sampler : mSamplers) {
                w.StartObject();
                w.Key("input");
                w.Uint(static_cast<unsigned>(sampler.input));
                w.Key("interpolation");
                w.String("LINEAR");
                w.Key("output");
                w.Uint(static_cast<unsigned>(sampler.output));
                w.EndObject();
            }
            w.EndArray();
            w.EndObject();
        }));
        mChannels.clear();
        mSamplers.clear();
    }

private:
    GltfDocument &mDoc;
    std::string &mError;
    bool mPretty;
    std::vector<uint8_t> mBytes;
    std::vector<Channel> mChannels;
    std::vector<Sampler> mSamplers;
};

} // namespace

long long WriteNodeAnimations(const aiScene &scene, GltfDocument &document,
        const std::function<long long(const std::string &)> &nodeOfName, std::vector<std::string> &notes,
        std::string &error) {
    AnimationWriter writer(document, error);
    long long channels = 0;
    for (unsigned a = 0; a < scene.mNumAnimations; ++a) {
        const aiAnimation *animation = scene.mAnimations ? scene.mAnimations[a] : nullptr;
        if (!animation) {
            continue;
        }
        const std::string name = animation->mName.length > 0 ? animation->mName.C_Str() : "anim";
        float ticksPerSecond = static_cast<float>(animation->mTicksPerSecond);
        if (!(ticksPerSecond > 0.0f) || !std::isfinite(ticksPerSecond)) {
            ticksPerSecond = static_cast<float>(gltf_rules::kDefaultTicksPerSecond);
            if (animation->mNumChannels > 0) {
                notes.push_back("animation \"" + name + "\": mTicksPerSecond is " +
                        std::to_string(animation->mTicksPerSecond) + ", node keys timed at " +
                        std::to_string(gltf_rules::kDefaultTicksPerSecond) + " ticks per second");
            }
        }
        size_t pending = 0;
        for (unsigned c = 0; c < animation->mNumChannels && animation->mChannels; ++c) {
            const aiNodeAnim *channel = animation->mChannels[c];
            if (!channel) {
                continue;
            }
            const long long node = nodeOfName(channel->mNodeName.C_Str());
            if (node < 0) {
                notes.push_back("animation \"" + name + "\" channel \"" + channel->mNodeName.C_Str() +
                        "\": no glTF node has that name, skipped");
                continue;
            }
            const bool written = (channel->mNumPositionKeys == 0 || !channel->mPositionKeys ||
                                         writer.AddSampler(channel->mPositionKeys, channel->mNumPositionKeys,
                                                 ticksPerSecond, node, "translation")) &&
                    (channel->mNumRotationKeys == 0 || !channel->mRotationKeys ||
                            writer.AddSampler(channel->mRotationKeys, channel->mNumRotationKeys, ticksPerSecond, node,
                                    "rotation")) &&
                    (channel->mNumScalingKeys == 0 || !channel->mScalingKeys ||
                            writer.AddSampler(channel->mScalingKeys, channel->mNumScalingKeys, ticksPerSecond, node,
                                    "scale"));
            if (!written) {
                return -1;
            }
            channels += writer.SamplersPending() > pending ? 1 : 0; // a channel without keys writes nothing
            pending = writer.SamplersPending();
        }
        writer.FinishAnimation(name);
    }
    return channels;
}

} // namespace assimp_retro
