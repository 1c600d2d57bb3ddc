#include "support/PoseSampling.h"

#include "support/AnimationSampling.h"
#include "support/GltfFileReader.h"

#include <assimp/scene.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <sstream>
#include <type_traits>

namespace retro_test {
namespace {

template <size_t N>
std::array<float, N> ReadArray(const nlohmann::json &node, const char *key, std::array<float, N> fallback) {
    if (!node.contains(key) || !node[key].is_array() || node[key].size() != N) {
        return fallback;
    }
    for (size_t i = 0; i < N; ++i) {
        fallback[i] = static_cast<float>(node[key][i].get<double>());
    }
    return fallback;
}

NodePose Decomposed(const aiMatrix4x4 &matrix) {
    aiVector3D scaling, position;
    aiQuaternion rotation;
    matrix.Decompose(scaling, rotation, position);
    NodePose pose;
    pose.translation = {{position.x, position.y, position.z}};
    pose.rotation = {{rotation.x, rotation.y, rotation.z, rotation.w}};
    pose.scale = {{scaling.x, scaling.y, scaling.z}};
    return pose;
}

/// The keys of a glTF sampler (rotation values x, y, z, w), times in seconds.
template <typename Key>
void ReadTrack(const gltf_test::GltfFile &file, const nlohmann::json &sampler, std::vector<Key> &keys) {
    constexpr size_t N = std::is_same<Key, aiQuatKey>::value ? 4 : 3;
    const std::vector<float> times = gltf_test::AccessorFloats(file, sampler.at("input").get<size_t>());
    const std::vector<float> values = gltf_test::AccessorFloats(file, sampler.at("output").get<size_t>());
    keys.resize(std::min(times.size(), values.size() / N));
    for (size_t k = 0; k < keys.size(); ++k) {
        const float *v = &values[k * N];
        keys[k].mTime = times[k];
        if constexpr (N == 4) {
            keys[k].mValue = aiQuaternion(v[3], v[0], v[1], v[2]);
        } else {
            keys[k].mValue = aiVector3D(v[0], v[1], v[2]);
        }
    }
}

/// An aiNodeAnim track with its times in seconds (as glTF times them: float).
template <typename Key>
void ReadKeys(const Key *keys, unsigned count, double ticksPerSecond, bool asGltf, std::vector<Key> &track) {
    const float gltfTicksPerSecond = static_cast<float>(ticksPerSecond);
    for (unsigned k = 0; keys && k < count; ++k) {
        Key key = keys[k];
        key.mTime = asGltf ? static_cast<double>(static_cast<float>(keys[k].mTime / gltfTicksPerSecond))
                           : keys[k].mTime / ticksPerSecond;
        track.push_back(key);
    }
}

std::array<float, 3> Array(const aiVector3D &v) {
    return {{v.x, v.y, v.z}};
}

std::array<float, 4> Array(const aiQuaternion &q) {
    return {{q.x, q.y, q.z, q.w}};
}

template <size_t N>
bool Same(const std::array<float, N> &a, const std::array<float, N> &b, double tolerance, bool rotation) {
    if (tolerance == 0.0) {
        return std::memcmp(a.data(), b.data(), sizeof(float) * N) == 0;
    }
    for (const float sign : {1.0f, -1.0f}) {
        bool close = true;
        for (size_t i = 0; i < N; ++i) {
            const double difference = std::fabs(double(a[i]) - double(sign * b[i]));
            close = close && difference <= tolerance * std::max(1.0, std::fabs(double(a[i])));
        }
        if (close) {
            return true;
        }
        if (!rotation) {
            break;
        }
    }
    return false;
}

const NodeTracks *Tracks(const AnimationPoses &animation, const std::string &node) {
    const auto found = animation.nodes.find(node);
    return found == animation.nodes.end() ? nullptr : &found->second;
}

/// True when `a` or `b` has keys for the path `member`.
template <typename Member>
bool Animates(const NodeTracks *a, const NodeTracks *b, Member member) {
    return (a && !(a->*member).empty()) || (b && !(b->*member).empty());
}

template <size_t N>
std::string Text(const std::array<float, N> &values) {
    std::ostringstream out;
    out.precision(9);
    for (size_t i = 0; i < N; ++i) {
        out << (i ? ", " : "(") << values[i];
    }
    return out.str() + ")";
}

} // namespace

PoseSource PosesFromGltf(const gltf_test::GltfFile &file) {
    PoseSource source;
    const nlohmann::json &nodes = file.json.value("nodes", nlohmann::json::array());
    for (const nlohmann::json &node : nodes) {
        NodePose pose;
        if (node.contains("matrix")) {
            aiMatrix4x4 matrix;
            for (unsigned i = 0; i < 16; ++i) {
                matrix[i % 4][i / 4] = static_cast<float>(node["matrix"][i].get<double>()); // column-major
            }
            pose = Decomposed(matrix);
        }
        pose.translation = ReadArray(node, "translation", pose.translation);
        pose.rotation = ReadArray(node, "rotation", pose.rotation);
        pose.scale = ReadArray(node, "scale", pose.scale);
        source.rest[node.value("name", std::string())] = pose;
    }
    for (const nlohmann::json &animation : file.json.value("animations", nlohmann::json::array())) {
        AnimationPoses poses;
        poses.name = animation.value("name", std::string());
        for (const nlohmann::json &channel : animation.at("channels")) {
            const nlohmann::json &target = channel.at("target");
            const std::string node = nodes.at(target.at("node").get<size_t>()).value("name", std::string());
            const std::string path = target.at("path").get<std::string>();
            const nlohmann::json &sampler = animation.at("samplers").at(channel.at("sampler").get<size_t>());
            NodeTracks &tracks = poses.nodes[node];
            if (path == "translation") {
                ReadTrack(file, sampler, tracks.translation);
            } else if (path == "rotation") {
                ReadTrack(file, sampler, tracks.rotation);
            } else if (path == "scale") {
                ReadTrack(file, sampler, tracks.scale);
            }
        }
        source.animations.push_back(std::move(poses));
    }
    return source;
}

static void AddRest(const aiNode *node, PoseSource &source) {
    if (!node) {
        return;
    }
    source.rest[node->mName.C_Str()] = Decomposed(node->mTransformation);
    for (unsigned i = 0; i < node->mNumChildren; ++i) {
        AddRest(node->mChildren[i], source);
    }
}

PoseSource PosesFromScene(const aiScene &scene, SceneTimes times) {
    PoseSource source;
    AddRest(scene.mRootNode, source);
    for (unsigned a = 0; a < scene.mNumAnimations; ++a) {
        const aiAnimation &animation = *scene.mAnimations[a];
        const double ticksPerSecond = animation.mTicksPerSecond > 0.0 ? animation.mTicksPerSecond : 25.0;
        const bool asGltf = times == SceneTimes::AsGltf;
        AnimationPoses poses;
        poses.name = animation.mName.C_Str();
        for (unsigned c = 0; c < animation.mNumChannels; ++c) {
            const aiNodeAnim &channel = *animation.mChannels[c];
            NodeTracks &tracks = poses.nodes[channel.mNodeName.C_Str()];
            ReadKeys(channel.mPositionKeys, channel.mNumPositionKeys, ticksPerSecond, asGltf, tracks.translation);
            ReadKeys(channel.mRotationKeys, channel.mNumRotationKeys, ticksPerSecond, asGltf, tracks.rotation);
            ReadKeys(channel.mScalingKeys, channel.mNumScalingKeys, ticksPerSecond, asGltf, tracks.scale);
        }
        source.animations.push_back(std::move(poses));
    }
    return source;
}

NodePose SamplePose(const PoseSource &source, const AnimationPoses &animation, const std::string &node,
        double seconds) {
    const auto rest = source.rest.find(node);
    NodePose pose = rest == source.rest.end() ? NodePose() : rest->second;
    const auto tracks = animation.nodes.find(node);
    if (tracks == animation.nodes.end()) {
        return pose;
    }
    const NodeTracks &t = tracks->second;
    if (!t.translation.empty()) {
        pose.translation = Array(SampleTrack(t.translation.data(), unsigned(t.translation.size()), seconds));
    }
    if (!t.rotation.empty()) {
        pose.rotation = Array(SampleTrack(t.rotation.data(), unsigned(t.rotation.size()), seconds));
    }
    if (!t.scale.empty()) {
        pose.scale = Array(SampleTrack(t.scale.data(), unsigned(t.scale.size()), seconds));
    }
    return pose;
}

std::vector<double> KeyTimes(const AnimationPoses &animation) {
    std::vector<double> times;
    for (const auto &entry : animation.nodes) {
        for (const aiVectorKey &key : entry.second.translation) {
            times.push_back(key.mTime);
        }
        for (const aiQuatKey &key : entry.second.rotation) {
            times.push_back(key.mTime);
        }
        for (const aiVectorKey &key : entry.second.scale) {
            times.push_back(key.mTime);
        }
    }
    std::sort(times.begin(), times.end());
    times.erase(std::unique(times.begin(), times.end()), times.end());
    return times;
}

std::vector<std::string> ComparePoses(const PoseSource &before, const PoseSource &after, double relativeTolerance,
        double scaleTolerance, size_t limit) {
    if (scaleTolerance < 0.0) {
        scaleTolerance = relativeTolerance;
    }
    std::vector<std::string> differences;
    if (before.animations.size() != after.animations.size()) {
        differences.push_back(std::to_string(before.animations.size()) + " animations before, " +
                std::to_string(after.animations.size()) + " after");
        return differences;
    }
    for (size_t a = 0; a < before.animations.size() && differences.size() < limit; ++a) {
        const AnimationPoses &was = before.animations[a], &is = after.animations[a];
        if (was.name != is.name) {
            differences.push_back(
                    "animation " + std::to_string(a) + ": \"" + was.name + "\" became \"" + is.name + "\"");
            continue;
        }
        std::vector<std::string> nodes;
        for (const auto &entry : was.nodes) {
            nodes.push_back(entry.first);
        }
        for (const auto &entry : is.nodes) {
            if (!was.nodes.count(entry.first)) {
                nodes.push_back(entry.first);
            }
        }
        for (const double time : KeyTimes(was)) {
            for (const std::string &node : nodes) {
                const NodePose p = SamplePose(before, was, node, time), q = SamplePose(after, is, node, time);
                const NodeTracks *a = Tracks(was, node), *b = Tracks(is, node);
                const bool same = (!Animates(a, b, &NodeTracks::translation) ||
                                          Same(p.translation, q.translation, relativeTolerance, false)) &&
                        (!Animates(a, b, &NodeTracks::rotation) ||
                                Same(p.rotation, q.rotation, relativeTolerance, true)) &&
                        (!Animates(a, b, &NodeTracks::scale) || Same(p.scale, q.scale, scaleTolerance, false));
                if (!same && differences.size() < limit) {
                    differences.push_back("animation \"" + was.name + "\" node \"" + node + "\" at " +
                            std::to_string(time) + " s: " + Text(p.translation) + Text(p.rotation) + Text(p.scale) +
                            " became " + Text(q.translation) + Text(q.rotation) + Text(q.scale));
                }
            }
        }
    }
    return differences;
}

} // namespace retro_test
