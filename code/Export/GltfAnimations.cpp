#include "Export/GltfAnimations.h"

#include "Export/GltfDocument.h"
#include "Export/GltfAnimationLayout.h"
#include "Export/GltfRapidJson.h"
#include "Export/GltfRules.h"

#include "Common/LittleEndian.h"

#include <assimp/anim.h>
#include <assimp/scene.h>

#include <algorithm>
#include <cstring>

namespace assimp_retro {
namespace {

/// A node's static transform as the file's JSON gives it (glTF's defaults
/// where it leaves a path out; not known when it is a matrix or unreadable).
gltf_rules::NodeRest RestOf(const GltfDocument::Json &nodes, long long index) {
    gltf_rules::NodeRest rest;
    if (!nodes.is_array() || index < 0 || static_cast<size_t>(index) >= nodes.size() ||
            !nodes[static_cast<size_t>(index)].is_object()) {
        rest.known = false;
        return rest;
    }
    const GltfDocument::Json &node = nodes[static_cast<size_t>(index)];
    rest.known = !node.contains("matrix");
    auto read = [&](const char *key, float *out, size_t size) {
        if (!node.contains(key)) {
            return;
        }
        const GltfDocument::Json &array = node[key];
        if (!array.is_array() || array.size() != size) {
            rest.known = false;
            return;
        }
        for (size_t i = 0; i < size; ++i) {
            if (!array[i].is_number()) {
                rest.known = false;
                return;
            }
            out[i] = static_cast<float>(array[i].get<double>()); // written from floats: exact
        }
    };
    read("translation", rest.translation, 3);
    read("rotation", rest.rotation, 4);
    read("scale", rest.scale, 3);
    return rest;
}

/// Appends `values` to buffer 0 as little-endian floats, in a bufferView of
/// their own. Returns the view; -1 when `values` is empty (a view needs a
/// byte: none is made), -2 when the buffer cannot be appended to (`error`).
long long AppendFloatView(GltfDocument &document, const std::vector<float> &values, bool pretty, std::string &error) {
    if (values.empty()) {
        return -1;
    }
    std::vector<uint8_t> bytes; // only on a big-endian host: a motion library's values are 10 MB
    if (!kHostIsLittleEndian) {
        bytes.resize(values.size() * 4);
        for (size_t i = 0; i < values.size(); ++i) {
            uint32_t bits;
            std::memcpy(&bits, &values[i], 4);
            for (int b = 0; b < 4; ++b) {
                bytes[4 * i + b] = static_cast<uint8_t>(bits >> (8 * b));
            }
        }
    }
    const void *data = kHostIsLittleEndian ? static_cast<const void *>(values.data()) : bytes.data();
    const uint64_t byteLength = uint64_t(values.size()) * 4;
    const long long offset = document.AppendBufferData(data, static_cast<size_t>(byteLength), error);
    if (offset < 0) {
        return -2;
    }
    return document.AppendRawElement("bufferViews", RapidJsonText(pretty, [&](auto &w) {
        w.StartObject();
        w.Key("buffer");
        w.Uint(0);
        w.Key("byteOffset");
        w.Uint64(static_cast<uint64_t>(offset));
        w.Key("byteLength");
        w.Uint64(byteLength);
        w.EndObject();
    }));
}

/// The accessor's JSON as Assimp's writer lays it out, without the bounds a
/// value accessor does not need (glTF requires them of inputs only).
template <typename Writer>
void WriteAccessor(Writer &w, const gltf_rules::AnimationLayout::Accessor &accessor, long long view) {
    static const char *const kTypes[] = {"", "SCALAR", "", "VEC3", "VEC4"};
    w.StartObject();
    w.Key("bufferView");
    w.Uint(static_cast<unsigned>(view));
    w.Key("byteOffset");
    w.Uint(static_cast<unsigned>(accessor.first * 4));
    w.Key("componentType");
    w.Int(5126); // FLOAT
    w.Key("count");
    w.Uint(accessor.count);
    w.Key("type");
    w.String(kTypes[accessor.components]);
    if (accessor.input) {
        w.Key("max");
        w.StartArray();
        w.Double(accessor.max);
        w.EndArray();
        w.Key("min");
        w.StartArray();
        w.Double(accessor.min);
        w.EndArray();
    }
    w.EndObject();
}

/// The animation's JSON: name, channels, samplers (LINEAR, glTF's default,
/// left out).
template <typename Writer>
void WriteAnimation(Writer &w, const gltf_rules::AnimationLayout::Animation &animation, size_t firstAccessor) {
    w.StartObject();
    w.Key("name");
    w.String(animation.name.c_str(), static_cast<rapidjson::SizeType>(animation.name.size()));
    w.Key("channels");
    w.StartArray();
    for (const auto &channel : animation.channels) {
        w.StartObject();
        w.Key("sampler");
        w.Uint(static_cast<unsigned>(channel.sampler));
        w.Key("target");
        w.StartObject();
        w.Key("node");
        w.Uint(static_cast<unsigned>(channel.node));
        w.Key("path");
        w.String(gltf_rules::NodePathName(channel.path));
        w.EndObject();
        w.EndObject();
    }
    w.EndArray();
    w.Key("samplers");
    w.StartArray();
    for (const auto &sampler : animation.samplers) {
        w.StartObject();
        w.Key("input");
        w.Uint(static_cast<unsigned>(firstAccessor + sampler.input));
        w.Key("output");
        w.Uint(static_cast<unsigned>(firstAccessor + sampler.output));
        w.EndObject();
    }
    w.EndArray();
    w.EndObject();
}

/// At least the compact JSON text of one accessor: five integers, "SCALAR"
/// and two bounds of at most 24 characters each.
constexpr size_t kAccessorTextBytes = 192;

/// At least the compact JSON text of the layout's animations: the name
/// (each character escaped at most to 6), a channel's object within 80
/// bytes, a sampler's within 48.
size_t AnimationTextBytes(const gltf_rules::AnimationLayout &layout) {
    size_t bytes = 0;
    for (const auto &animation : layout.animations) {
        bytes += 64 + 6 * animation.name.size() + 80 * animation.channels.size() + 48 * animation.samplers.size();
    }
    return bytes;
}

/// Room for `compactBytes` of compact text as the document lays it out:
/// pretty text puts each value on a line of its own, indented (at most four
/// times the compact text's size, for these elements).
size_t TextBytes(const GltfDocument &document, size_t compactBytes) {
    return document.PrettyText() ? 4 * compactBytes : compactBytes;
}

} // namespace

long long WriteNodeAnimations(const aiScene &scene, GltfDocument &document,
        const std::function<long long(const std::string &)> &nodeOfName, std::vector<std::string> &notes,
        std::string &error, size_t *tracksLeftOut, size_t *withoutChannels) {
    static const GltfDocument::Json kNoNodes = GltfDocument::Json::array();
    const GltfDocument::Json &nodes = document.Root().contains("nodes") ? document.Root()["nodes"] : kNoNodes;
    gltf_rules::AnimationLayout layout = gltf_rules::LayOutNodeAnimations(
            scene, nodeOfName, [&](long long node) { return RestOf(nodes, node); }, gltf_rules::kDefaultTicksPerSecond);
    notes.insert(notes.end(), layout.notes.begin(), layout.notes.end());
    if (tracksLeftOut) {
        *tracksLeftOut = layout.tracksLeftOut;
    }
    const bool pretty = document.PrettyText();
    const long long timesView = AppendFloatView(document, layout.times, pretty, error);
    const long long valuesView = timesView < -1 ? -2 : AppendFloatView(document, layout.values, pretty, error);
    if (valuesView < -1) {
        return -1;
    }
    // In the buffer now: freed before the JSON text is made (a motion
    // library's values are 10 MB, its text 14 MB).
    std::vector<float>().swap(layout.times);
    std::vector<float>().swap(layout.values);
    if (!layout.accessors.empty()) {
        document.ReserveRawElements("accessors", TextBytes(document, layout.accessors.size() * kAccessorTextBytes));
    }
    if (!layout.animations.empty()) {
        document.ReserveRawElements("animations", TextBytes(document, AnimationTextBytes(layout)));
    }
    long long firstAccessor = -1;
    for (const auto &accessor : layout.accessors) {
        const long long index = document.AppendRawElement("accessors", RapidJsonText(pretty, [&](auto &w) {
            WriteAccessor(w, accessor, accessor.input ? timesView : valuesView);
        }));
        firstAccessor = firstAccessor < 0 ? index : firstAccessor;
    }
    long long channels = 0;
    for (const auto &animation : layout.animations) {
        document.AppendRawElement("animations", RapidJsonText(pretty, [&](auto &w) {
            WriteAnimation(w, animation, static_cast<size_t>(std::max(firstAccessor, 0LL)));
        }));
        channels += static_cast<long long>(animation.channels.size());
        if (withoutChannels && animation.channels.empty()) {
            ++*withoutChannels;
        }
    }
    return channels;
}

} // namespace assimp_retro
