#include "support/PoseSampling.h"

#include "support/GltfFileReader.h"

#include <assimp/scene.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <sstream>

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

template <size_t N>
void ReadTrack(const gltf_test::GltfFile &file, const nlohmann::json &sampler, PoseTrack<N> &track) {
    const std::vector<float> times = gltf_test::AccessorFloats(file, sampler.at("input").get<size_t>());
    const std::vector<float> values = gltf_test::AccessorFloats(file, sampler.at("output").get<size_t>());
    track.times.assign(times.begin(), times.end());
    track.values.resize(std::min(times.size(), values.size() / N));
    for (size_t k = 0; k < track.values.size(); ++k) {
        std::copy(values.begin() + static_cast<std::ptrdiff_t>(k * N),
                values.begin() + static_cast<std::ptrdiff_t>(k * N + N), track.values[k].begin());
    }
}

template <typename Key, size_t N, typename Get>
void ReadKeys(const Key *keys, unsigned count, double ticksPerSecond, bool asGltf, PoseTrack<N> &track, Get get) {
    const float gltfTicksPerSecond = static_cast<float>(ticksPerSecond);
    for (unsigned k = 0; keys && k < count; ++k) {
        track.times.push_back(asGltf ? static_cast<double>(static_cast<float>(keys[k].mTime / gltfTicksPerSecond))
                                     : keys[k].mTime / ticksPerSecond);
        track.values.push_back(get(keys[k].mValue));
    }
}

template <size_t N>
std::array<float, N> Lerp(const std::array<float, N> &a, const std::array<float, N> &b, float f) {
    std::array<float, N> out;
    for (size_t i = 0; i < N; ++i) {
        out[i] = a[i] + (b[i] - a[i]) * f;
    }
    return out;
}

std::array<float, 4> Slerp(const std::array<float, 4> &a, std::array<float, 4> b, float f) {
    if (a == b) {
        return a;
    }
    float cosine = a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3];
    if (cosine < 0.0f) {
        cosine = -cosine;
        for (float &c : b) {
            c = -c;
        }
    }
    float wa = 1.0f - f, wb = f;
    if (cosine < 0.9995f) {
        const float angle = std::acos(cosine);
        wa = std::sin(wa * angle) / std::sin(angle);
        wb = std::sin(wb * angle) / std::sin(angle);
    }
    std::array<float, 4> out;
    float length = 0.0f;
    for (size_t i = 0; i < 4; ++i) {
        out[i] = wa * a[i] + wb * b[i];
        length += out[i] * out[i];
    }
    for (float &c : out) {
        c /= std::sqrt(length);
    }
    return out;
}

/// The track's value at `seconds`; `fallback` when it has no keys.
template <size_t N, typename Mix>
std::array<float, N> Sample(const PoseTrack<N> &track, double seconds, const std::array<float, N> &fallback, Mix mix) {
    const size_t count = std::min(track.times.size(), track.values.size());
    if (count == 0) {
        return fallback;
    }
    const auto after = std::upper_bound(track.times.begin(), track.times.begin() + count, seconds);
    const size_t next = static_cast<size_t>(after - track.times.begin());
    if (next == 0) {
        return track.values[0];
    }
    if (next == count || track.times[next - 1] == seconds) {
        return track.values[next - 1];
    }
    const double t0 = track.times[next - 1], t1 = track.times[next];
    return mix(track.values[next - 1], track.values[next], static_cast<float>((seconds - t0) / (t1 - t0)));
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
    return (a && !(a->*member).times.empty()) || (b && !(b->*member).times.empty());
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
            const auto vector = [](const aiVector3D &v) { return std::array<float, 3>{{v.x, v.y, v.z}}; };
            ReadKeys(channel.mPositionKeys, channel.mNumPositionKeys, ticksPerSecond, asGltf, tracks.translation,
                    vector);
            ReadKeys(channel.mRotationKeys, channel.mNumRotationKeys, ticksPerSecond, asGltf, tracks.rotation,
                    [](const aiQuaternion &q) { return std::array<float, 4>{{q.x, q.y, q.z, q.w}}; });
            ReadKeys(channel.mScalingKeys, channel.mNumScalingKeys, ticksPerSecond, asGltf, tracks.scale, vector);
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
    const auto lerp3 = [](const std::array<float, 3> &a, const std::array<float, 3> &b, float f) {
        return Lerp(a, b, f);
    };
    pose.translation = Sample(tracks->second.translation, seconds, pose.translation, lerp3);
    pose.rotation = Sample(tracks->second.rotation, seconds, pose.rotation, Slerp);
    pose.scale = Sample(tracks->second.scale, seconds, pose.scale, lerp3);
    return pose;
}

std::vector<double> KeyTimes(const AnimationPoses &animation) {
    std::vector<double> times;
    for (const auto &entry : animation.nodes) {
        const NodeTracks &tracks = entry.second;
        times.insert(times.end(), tracks.translation.times.begin(), tracks.translation.times.end());
        times.insert(times.end(), tracks.rotation.times.begin(), tracks.rotation.times.end());
        times.insert(times.end(), tracks.scale.times.begin(), tracks.scale.times.end());
    }
    std::sort(times.begin(), times.end());
    times.erase(std::unique(times.begin(), times.end()), times.end());
    return times;
}

std::vector<std::string> ComparePoses(const PoseSource &before, const PoseSource &after, double relativeTolerance,
        size_t limit) {
    std::vector<std::string> differences;
    if (before.animations.size() != after.animations.size()) {
        differences.push_back(std::to_string(before.animations.size()) + " animations before, " +
                std::to_string(after.animations.size()) + " after");
        return differences;
    }
    for (size_t a = 0; a < before.animations.size() && differences.size() < limit; ++a) {
        const AnimationPoses &was = before.animations[a], &is = after.animations[a];
        if (was.name != is.name) {
            differences.push_back("animation " + std::to_string(a) + ": \"" + was.name + "\" became \"" + is.name + "\"");
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
                const bool same =
                        (!Animates(a, b, &NodeTracks::translation) ||
                                Same(p.translation, q.translation, relativeTolerance, false)) &&
                        (!Animates(a, b, &NodeTracks::rotation) ||
                                Same(p.rotation, q.rotation, relativeTolerance, true)) &&
                        (!Animates(a, b, &NodeTracks::scale) || Same(p.scale, q.scale, relativeTolerance, false));
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
