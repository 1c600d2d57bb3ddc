#include "GlbPose.h"

#include "support/TestSupport.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <functional>
#include <cstring>
#include <stdexcept>

namespace abcv9_test {

namespace {

using nlohmann::json;

struct Glb {
    json doc;
    std::vector<uint8_t> bin;

    /// Reads accessor `index` as floats (count * components), converting
    /// integer component types as they are (joints) or normalised (weights).
    std::vector<float> Floats(size_t index, size_t &components) const {
        const json &acc = doc.at("accessors").at(index);
        const std::string type = acc.at("type");
        static const std::map<std::string, size_t> kComponents = {{"SCALAR", 1}, {"VEC2", 2}, {"VEC3", 3}, {"VEC4", 4}, {"MAT4", 16}};
        components = kComponents.at(type);
        const size_t count = acc.at("count");
        const int componentType = acc.at("componentType");
        const bool normalized = acc.value("normalized", false);
        const json &view = doc.at("bufferViews").at(acc.at("bufferView").get<size_t>());
        const size_t componentSize = componentType == 5126 || componentType == 5125 ? 4 : componentType == 5123 || componentType == 5122 ? 2 : 1;
        const size_t stride = view.value("byteStride", size_t(0)) ? view.value("byteStride", size_t(0)) : componentSize * components;
        const size_t base = view.value("byteOffset", size_t(0)) + acc.value("byteOffset", size_t(0));
        std::vector<float> out(count * components);
        for (size_t i = 0; i < count; ++i) {
            for (size_t c = 0; c < components; ++c) {
                const size_t at = base + i * stride + c * componentSize;
                if (at + componentSize > bin.size()) throw std::runtime_error("accessor out of the BIN chunk");
                const uint8_t *p = &bin[at];
                float v;
                switch (componentType) {
                case 5126: std::memcpy(&v, p, 4); break;
                case 5125: { uint32_t u; std::memcpy(&u, p, 4); v = float(u); break; }
                case 5123: { uint16_t u; std::memcpy(&u, p, 2); v = normalized ? u / 65535.f : float(u); break; }
                case 5121: v = normalized ? p[0] / 255.f : float(p[0]); break;
                default: throw std::runtime_error("unsupported component type " + std::to_string(componentType));
                }
                out[i * components + c] = v;
            }
        }
        return out;
    }
};

Glb Load(const std::string &path) {
    const std::vector<uint8_t> file = retro_test::ReadFile(path);
    if (file.size() < 20 || std::memcmp(file.data(), "glTF", 4) != 0) throw std::runtime_error("not a GLB: " + path);
    Glb glb;
    size_t pos = 12;
    while (pos + 8 <= file.size()) {
        uint32_t length, type;
        std::memcpy(&length, &file[pos], 4);
        std::memcpy(&type, &file[pos + 4], 4);
        if (pos + 8 + length > file.size()) throw std::runtime_error("GLB chunk out of range");
        if (type == 0x4E4F534A) {
            glb.doc = json::parse(file.begin() + long(pos + 8), file.begin() + long(pos + 8 + length));
        } else if (type == 0x004E4942) {
            glb.bin.assign(file.begin() + long(pos + 8), file.begin() + long(pos + 8 + length));
        }
        pos += 8 + length;
    }
    return glb;
}

aiQuaternion Slerp(aiQuaternion a, aiQuaternion b, float t) {
    float dot = a.x * b.x + a.y * b.y + a.z * b.z + a.w * b.w;
    if (dot < 0.f) {
        b = aiQuaternion(-b.w, -b.x, -b.y, -b.z);
        dot = -dot;
    }
    float wa, wb;
    if (dot > 0.9995f) {
        wa = 1.f - t;
        wb = t;
    } else {
        const float theta = std::acos(dot);
        wa = std::sin((1.f - t) * theta) / std::sin(theta);
        wb = std::sin(t * theta) / std::sin(theta);
    }
    aiQuaternion q(wa * a.w + wb * b.w, wa * a.x + wb * b.x, wa * a.y + wb * b.y, wa * a.z + wb * b.z);
    q.Normalize();
    return q;
}

struct Trs {
    aiVector3D t{0.f, 0.f, 0.f}, s{1.f, 1.f, 1.f};
    aiQuaternion r;
    bool matrix = false;
    aiMatrix4x4 m;
    aiMatrix4x4 Matrix() const { return matrix ? m : aiMatrix4x4(s, r, t); }
};

} // namespace

GlbPose EvaluateGlb(const std::string &path, const std::string &animation, double seconds) {
    const Glb glb = Load(path);
    const json &nodes = glb.doc.at("nodes");
    std::vector<Trs> local(nodes.size());
    std::vector<int> parent(nodes.size(), -1);
    for (size_t i = 0; i < nodes.size(); ++i) {
        const json &n = nodes[i];
        if (n.contains("matrix")) {
            std::vector<float> m = n.at("matrix");
            local[i].matrix = true;
            // column-major
            local[i].m = aiMatrix4x4(m[0], m[4], m[8], m[12], m[1], m[5], m[9], m[13], m[2], m[6], m[10], m[14], m[3], m[7], m[11], m[15]);
        }
        if (n.contains("translation")) { std::vector<float> v = n["translation"]; local[i].t = aiVector3D(v[0], v[1], v[2]); }
        if (n.contains("scale")) { std::vector<float> v = n["scale"]; local[i].s = aiVector3D(v[0], v[1], v[2]); }
        if (n.contains("rotation")) { std::vector<float> v = n["rotation"]; local[i].r = aiQuaternion(v[3], v[0], v[1], v[2]); }
        for (const json &c : n.value("children", json::array())) parent[c.get<size_t>()] = int(i);
    }

    GlbPose pose;
    for (const json &a : glb.doc.value("animations", json::array())) {
        pose.animationNames.push_back(a.value("name", ""));
        if (a.value("name", "") != animation) continue;
        for (const json &ch : a.at("channels")) {
            const json &sampler = a.at("samplers").at(ch.at("sampler").get<size_t>());
            const size_t node = ch.at("target").at("node");
            const std::string pathName = ch.at("target").at("path");
            size_t ic, oc;
            const std::vector<float> times = glb.Floats(sampler.at("input"), ic);
            const std::vector<float> values = glb.Floats(sampler.at("output"), oc);
            const bool step = sampler.value("interpolation", "LINEAR") == "STEP";
            if (sampler.value("interpolation", "LINEAR") == "CUBICSPLINE") throw std::runtime_error("CUBICSPLINE not supported");
            if (local[node].matrix) throw std::runtime_error("animated node with a matrix");
            size_t k0 = 0, k1 = 0;
            float f = 0.f;
            if (seconds <= times.front()) {
                k0 = k1 = 0;
            } else if (seconds >= times.back()) {
                k0 = k1 = times.size() - 1;
            } else {
                while (k1 < times.size() && times[k1] <= seconds) ++k1;
                k0 = k1 - 1;
                f = step ? 0.f : float((seconds - times[k0]) / (times[k1] - times[k0]));
            }
            if (pathName == "rotation") {
                const aiQuaternion a0(values[k0 * 4 + 3], values[k0 * 4], values[k0 * 4 + 1], values[k0 * 4 + 2]);
                const aiQuaternion a1(values[k1 * 4 + 3], values[k1 * 4], values[k1 * 4 + 1], values[k1 * 4 + 2]);
                local[node].r = Slerp(a0, a1, f);
            } else {
                const aiVector3D v0(values[k0 * 3], values[k0 * 3 + 1], values[k0 * 3 + 2]);
                const aiVector3D v1(values[k1 * 3], values[k1 * 3 + 1], values[k1 * 3 + 2]);
                (pathName == "translation" ? local[node].t : local[node].s) = v0 + (v1 - v0) * f;
            }
        }
    }

    std::vector<aiMatrix4x4> global(nodes.size());
    std::vector<bool> done(nodes.size(), false);
    std::function<aiMatrix4x4(size_t)> globalOf = [&](size_t i) -> aiMatrix4x4 {
        if (!done[i]) {
            global[i] = parent[i] < 0 ? local[i].Matrix() : globalOf(size_t(parent[i])) * local[i].Matrix();
            done[i] = true;
        }
        return global[i];
    };

    for (size_t i = 0; i < nodes.size(); ++i) {
        const json &n = nodes[i];
        if (!n.contains("mesh") || !n.contains("skin")) continue;
        const json &skin = glb.doc.at("skins").at(n.at("skin").get<size_t>());
        const std::vector<size_t> joints = skin.at("joints");
        size_t mc;
        const std::vector<float> ibm = glb.Floats(skin.at("inverseBindMatrices"), mc);
        std::vector<aiMatrix4x4> jointMatrix(joints.size());
        for (size_t j = 0; j < joints.size(); ++j) {
            const float *m = &ibm[j * 16];
            const aiMatrix4x4 inv(m[0], m[4], m[8], m[12], m[1], m[5], m[9], m[13], m[2], m[6], m[10], m[14], m[3], m[7], m[11], m[15]);
            jointMatrix[j] = globalOf(joints[j]) * inv;
        }
        const json &mesh = glb.doc.at("meshes").at(n.at("mesh").get<size_t>());
        std::vector<aiVector3D> &out = pose.meshes[mesh.value("name", "")];
        for (const json &prim : mesh.at("primitives")) {
            const json &attr = prim.at("attributes");
            size_t pc, jc, wc;
            const std::vector<float> pos = glb.Floats(attr.at("POSITION"), pc);
            const std::vector<float> js = glb.Floats(attr.at("JOINTS_0"), jc);
            const std::vector<float> ws = glb.Floats(attr.at("WEIGHTS_0"), wc);
            std::vector<aiVector3D> skinned;
            for (size_t v = 0; v < pos.size() / 3; ++v) {
                const aiVector3D p(pos[v * 3], pos[v * 3 + 1], pos[v * 3 + 2]);
                aiVector3D sum(0.f, 0.f, 0.f);
                for (size_t k = 0; k < 4; ++k) {
                    const float w = ws[v * 4 + k];
                    if (w == 0.f) continue;
                    sum += (jointMatrix.at(size_t(js[v * 4 + k])) * p) * w;
                }
                skinned.push_back(sum);
            }
            if (prim.contains("indices")) {
                size_t xc;
                for (float index : glb.Floats(prim.at("indices"), xc)) out.push_back(skinned.at(size_t(index)));
            } else {
                out.insert(out.end(), skinned.begin(), skinned.end());
            }
        }
    }
    return pose;
}

} // namespace abcv9_test
