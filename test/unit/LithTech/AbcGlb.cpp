#include "AbcGlb.h"

#include "support/TestSupport.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <functional>

namespace abc_test {

namespace {

uint32_t U32(const std::vector<uint8_t> &b, size_t at) {
    return uint32_t(b[at]) | uint32_t(b[at + 1]) << 8 | uint32_t(b[at + 2]) << 16 | uint32_t(b[at + 3]) << 24;
}

size_t Components(const std::string &type) {
    if (type == "SCALAR") return 1;
    if (type == "VEC2") return 2;
    if (type == "VEC3") return 3;
    if (type == "VEC4") return 4;
    if (type == "MAT4") return 16;
    return 0;
}

Mat4 Identity() {
    return {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};
}

/// T * R * S as a column-major matrix.
Mat4 FromTrs(const std::vector<float> &t, const std::vector<float> &r, const std::vector<float> &s) {
    const float x = r[0], y = r[1], z = r[2], w = r[3];
    const float rot[9] = {1 - 2 * (y * y + z * z), 2 * (x * y + z * w), 2 * (x * z - y * w),
                          2 * (x * y - z * w), 1 - 2 * (x * x + z * z), 2 * (y * z + x * w),
                          2 * (x * z + y * w), 2 * (y * z - x * w), 1 - 2 * (x * x + y * y)};
    Mat4 m = Identity();
    for (int c = 0; c < 3; ++c) {
        for (int row = 0; row < 3; ++row) {
            m[c * 4 + row] = rot[c * 3 + row] * s[c];
        }
    }
    m[12] = t[0];
    m[13] = t[1];
    m[14] = t[2];
    return m;
}

std::vector<float> JsonFloats(const nlohmann::json &j, std::vector<float> fallback) {
    if (!j.is_array()) return fallback;
    std::vector<float> out;
    for (const auto &v : j) out.push_back(v.get<float>());
    return out;
}

} // namespace

Mat4 Multiply(const Mat4 &a, const Mat4 &b) {
    Mat4 r{};
    for (int c = 0; c < 4; ++c)
        for (int row = 0; row < 4; ++row) {
            float sum = 0;
            for (int k = 0; k < 4; ++k) sum += a[k * 4 + row] * b[c * 4 + k];
            r[c * 4 + row] = sum;
        }
    return r;
}

Vec3 Transform(const Mat4 &m, const Vec3 &p) {
    Vec3 r;
    for (int row = 0; row < 3; ++row) r[row] = m[row] * p[0] + m[4 + row] * p[1] + m[8 + row] * p[2] + m[12 + row];
    return r;
}

bool Glb::Load(const std::string &path) {
    const std::vector<uint8_t> b = retro_test::ReadFile(path);
    if (b.size() < 20 || U32(b, 0) != 0x46546C67u) {
        ADD_FAILURE() << path << " is not a GLB file";
        return false;
    }
    size_t at = 12;
    while (at + 8 <= b.size()) {
        const uint32_t length = U32(b, at), type = U32(b, at + 4);
        if (at + 8 + length > b.size()) break;
        if (type == 0x4E4F534Au) {
            json = nlohmann::json::parse(b.begin() + long(at + 8), b.begin() + long(at + 8 + length));
        } else if (type == 0x004E4942u) {
            bin.assign(b.begin() + long(at + 8), b.begin() + long(at + 8 + length));
        }
        at += 8 + length;
    }
    if (json.is_null()) {
        ADD_FAILURE() << path << " has no JSON chunk";
        return false;
    }
    return true;
}

size_t Glb::Count(size_t accessor) const {
    return json["accessors"][accessor]["count"].get<size_t>();
}

std::vector<float> Glb::Floats(size_t accessor) const {
    const nlohmann::json &a = json["accessors"][accessor];
    const size_t count = a["count"].get<size_t>();
    const size_t n = Components(a["type"].get<std::string>());
    const int componentType = a["componentType"].get<int>();
    const bool normalized = a.value("normalized", false);
    std::vector<float> out(count * n, 0.f);
    if (!a.contains("bufferView")) return out;
    const nlohmann::json &view = json["bufferViews"][a["bufferView"].get<size_t>()];
    const size_t size = componentType == 5126 || componentType == 5125 ? 4 : componentType == 5123 || componentType == 5122 ? 2 : 1;
    const size_t stride = view.value("byteStride", size_t(0)) ? view.value("byteStride", size_t(0)) : size * n;
    const size_t base = view.value("byteOffset", size_t(0)) + a.value("byteOffset", size_t(0));
    for (size_t i = 0; i < count; ++i) {
        for (size_t c = 0; c < n; ++c) {
            const size_t at = base + i * stride + c * size;
            float value = 0.f;
            switch (componentType) {
            case 5126: { const uint32_t bits = U32(bin, at); std::memcpy(&value, &bits, 4); break; }
            case 5125: value = float(U32(bin, at)); break;
            case 5123: { const uint16_t v = uint16_t(bin[at] | bin[at + 1] << 8); value = normalized ? v / 65535.f : v; break; }
            case 5121: value = normalized ? bin[at] / 255.f : bin[at]; break;
            default: ADD_FAILURE() << "component type " << componentType << " not handled"; break;
            }
            out[i * n + c] = value;
        }
    }
    return out;
}

int Glb::NodeNamed(const std::string &name) const {
    const auto &nodes = json["nodes"];
    for (size_t i = 0; i < nodes.size(); ++i)
        if (nodes[i].value("name", std::string()) == name) return int(i);
    return -1;
}

int Glb::AnimationNamed(const std::string &name) const {
    if (!json.contains("animations")) return -1;
    const auto &animations = json["animations"];
    for (size_t i = 0; i < animations.size(); ++i)
        if (animations[i].value("name", std::string()) == name) return int(i);
    return -1;
}

std::vector<float> Glb::ChannelTimes(int animation, int node, const std::string &path) const {
    if (animation < 0) return {};
    const auto &anim = json["animations"][size_t(animation)];
    for (const auto &channel : anim["channels"]) {
        if (channel["target"].value("node", -1) == node && channel["target"]["path"] == path) {
            return Floats(anim["samplers"][channel["sampler"].get<size_t>()]["input"].get<size_t>());
        }
    }
    return {};
}

std::vector<float> Glb::SampleAt(int animation, int node, const std::string &path, float seconds) const {
    if (animation < 0) return {};
    const auto &anim = json["animations"][size_t(animation)];
    for (const auto &channel : anim["channels"]) {
        if (channel["target"].value("node", -1) != node || channel["target"]["path"] != path) continue;
        const auto &sampler = anim["samplers"][channel["sampler"].get<size_t>()];
        const std::vector<float> times = Floats(sampler["input"].get<size_t>());
        const std::vector<float> values = Floats(sampler["output"].get<size_t>());
        const size_t width = values.size() / times.size();
        for (size_t k = 0; k < times.size(); ++k) {
            if (std::fabs(times[k] - seconds) < 1e-5f) {
                return std::vector<float>(values.begin() + long(k * width), values.begin() + long((k + 1) * width));
            }
        }
        return {};
    }
    return {};
}

std::vector<Mat4> Glb::GlobalPose(int animation, float seconds) const {
    const auto &nodes = json["nodes"];
    std::vector<Mat4> local(nodes.size()), global(nodes.size());
    std::vector<int> parent(nodes.size(), -1);
    for (size_t i = 0; i < nodes.size(); ++i) {
        const auto &n = nodes[i];
        if (n.contains("children"))
            for (const auto &c : n["children"]) parent[c.get<size_t>()] = int(i);
        if (n.contains("matrix")) {
            std::vector<float> m = JsonFloats(n["matrix"], {});
            std::copy(m.begin(), m.end(), local[i].begin());
            continue;
        }
        std::vector<float> t = JsonFloats(n.value("translation", nlohmann::json()), {0, 0, 0});
        std::vector<float> r = JsonFloats(n.value("rotation", nlohmann::json()), {0, 0, 0, 1});
        std::vector<float> s = JsonFloats(n.value("scale", nlohmann::json()), {1, 1, 1});
        std::vector<float> sampled;
        if (!(sampled = SampleAt(animation, int(i), "translation", seconds)).empty()) t = sampled;
        if (!(sampled = SampleAt(animation, int(i), "rotation", seconds)).empty()) r = sampled;
        if (!(sampled = SampleAt(animation, int(i), "scale", seconds)).empty()) s = sampled;
        local[i] = FromTrs(t, r, s);
    }
    std::vector<bool> done(nodes.size(), false);
    // Parents may come after children in the array: resolve recursively.
    std::function<const Mat4 &(size_t)> resolve = [&](size_t i) -> const Mat4 & {
        if (!done[i]) {
            global[i] = parent[i] < 0 ? local[i] : Multiply(resolve(size_t(parent[i])), local[i]);
            done[i] = true;
        }
        return global[i];
    };
    for (size_t i = 0; i < nodes.size(); ++i) resolve(i);
    return global;
}

std::vector<Vec3> Glb::Positions(int meshNode, const std::vector<Mat4> &pose, const std::vector<float> &weights, bool skin,
        size_t primitive) const {
    const auto &node = json["nodes"][size_t(meshNode)];
    const auto &prim = json["meshes"][node["mesh"].get<size_t>()]["primitives"][primitive];
    const std::vector<float> base = Floats(prim["attributes"]["POSITION"].get<size_t>());
    std::vector<Vec3> out(base.size() / 3);
    for (size_t i = 0; i < out.size(); ++i) out[i] = {base[3 * i], base[3 * i + 1], base[3 * i + 2]};
    if (!weights.empty()) {
        const auto &targets = prim["targets"];
        for (size_t t = 0; t < targets.size() && t < weights.size(); ++t) {
            if (weights[t] == 0.f) continue;
            const std::vector<float> delta = Floats(targets[t]["POSITION"].get<size_t>());
            for (size_t i = 0; i < out.size(); ++i)
                for (int c = 0; c < 3; ++c) out[i][size_t(c)] += weights[t] * delta[3 * i + size_t(c)];
        }
    }
    if (!skin || !node.contains("skin")) return out;
    const auto &skinJson = json["skins"][node["skin"].get<size_t>()];
    std::vector<size_t> joints;
    for (const auto &j : skinJson["joints"]) joints.push_back(j.get<size_t>());
    const std::vector<float> ibm = Floats(skinJson["inverseBindMatrices"].get<size_t>());
    std::vector<Mat4> jointMatrix(joints.size());
    for (size_t j = 0; j < joints.size(); ++j) {
        Mat4 inverseBind;
        std::copy(ibm.begin() + long(16 * j), ibm.begin() + long(16 * j + 16), inverseBind.begin());
        jointMatrix[j] = Multiply(pose[joints[j]], inverseBind);
    }
    const std::vector<float> js = Floats(prim["attributes"]["JOINTS_0"].get<size_t>());
    const std::vector<float> ws = Floats(prim["attributes"]["WEIGHTS_0"].get<size_t>());
    for (size_t i = 0; i < out.size(); ++i) {
        Vec3 sum{0, 0, 0};
        for (int k = 0; k < 4; ++k) {
            const float w = ws[4 * i + size_t(k)];
            if (w == 0.f) continue;
            const Vec3 p = Transform(jointMatrix[size_t(js[4 * i + size_t(k)])], out[i]);
            for (int c = 0; c < 3; ++c) sum[size_t(c)] += w * p[size_t(c)];
        }
        out[i] = sum;
    }
    return out;
}

} // namespace abc_test
