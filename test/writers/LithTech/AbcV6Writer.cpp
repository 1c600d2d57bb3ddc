#include "AbcV6Writer.h"

#include "writers/LittleEndianWriter.h"

#include <cmath>
#include <cstring>

namespace retro_test {
namespace abcv6 {

namespace {

class Out : public LittleEndianWriter {
public:
    void Floats(const float *f, size_t n) {
        for (size_t i = 0; i < n; ++i) F32(f[i]);
    }
    void String(const std::string &s) {
        U16(static_cast<uint16_t>(s.size()));
        bytes.insert(bytes.end(), s.begin(), s.end());
    }
    void Normal(const std::array<int8_t, 3> &n) {
        for (int8_t c : n) U8(static_cast<uint8_t>(c));
    }
};

} // namespace

void PutU32(std::vector<uint8_t> &bytes, size_t offset, uint32_t value) {
    for (int i = 0; i < 4; ++i) bytes.at(offset + i) = uint8_t(value >> (8 * i));
}

void PutU16(std::vector<uint8_t> &bytes, size_t offset, uint16_t value) {
    bytes.at(offset) = uint8_t(value);
    bytes.at(offset + 1) = uint8_t(value >> 8);
}

std::vector<uint8_t> Written::Payload(const std::string &section) const {
    const size_t start = payloadStart.at(section);
    size_t end = bytes.size();
    for (const auto &other : sectionStart) {
        if (other.second >= start && other.second < end) end = other.second;
    }
    return std::vector<uint8_t>(bytes.begin() + long(start), bytes.begin() + long(end));
}

std::vector<uint8_t> Chain(const std::vector<std::pair<std::string, std::vector<uint8_t>>> &sections) {
    Out out;
    for (size_t i = 0; i < sections.size(); ++i) {
        out.String(sections[i].first);
        const size_t next = out.bytes.size() + 4 + sections[i].second.size();
        out.I32(i + 1 < sections.size() ? int32_t(next) : -1);
        out.bytes.insert(out.bytes.end(), sections[i].second.begin(), sections[i].second.end());
    }
    return out.bytes;
}

Written Write(const File &file) {
    Written written;
    Out out;
    std::vector<size_t> nextFields;
    auto begin = [&](const std::string &name) {
        if (!nextFields.empty()) {
            PutU32(out.bytes, nextFields.back(), uint32_t(out.bytes.size()));
        }
        written.sectionStart[name] = out.bytes.size();
        out.String(name);
        nextFields.push_back(out.bytes.size());
        out.I32(-1);
        written.payloadStart[name] = out.bytes.size();
    };

    begin("Header");
    out.String(file.token);
    out.String(file.command);

    if (file.geometry) {
        begin("Geometry");
        out.Floats(file.bounds.data(), 6);
        out.U32(file.lodSteps);
        for (uint16_t s : file.vertexStartNum) out.U16(s);
        out.U32(uint32_t(file.triangles.size()));
        for (const Triangle &t : file.triangles) {
            out.Floats(t.uv.data(), 6);
            for (uint16_t i : t.index) out.U16(i);
            out.Normal(t.normal);
        }
        out.U32(uint32_t(file.vertices.size()));
        out.U32(file.normalVerts);
        for (const Vertex &v : file.vertices) {
            out.Floats(v.position.data(), 3);
            out.Normal(v.normal);
            out.U8(v.node);
            out.U16(v.replacements[0]);
            out.U16(v.replacements[1]);
        }
    }

    begin("Nodes");
    for (const Node &n : file.nodes) {
        const float bounds[6] = {0, 0, 0, 0, 0, 0};
        out.Floats(bounds, 6);
        out.String(n.name);
        out.U16(n.transformIndex);
        out.U8(n.flags);
        out.U32(uint32_t(n.mdVertices.size()));
        for (uint16_t v : n.mdVertices) out.U16(v);
        out.U32(n.children);
    }

    if (file.animation) {
        begin("Animation");
        out.U32(uint32_t(file.animations.size()));
        for (const Animation &a : file.animations) {
            out.String(a.name);
            out.U32(a.length);
            const float bounds[6] = {-1, -1, -1, 1, 1, 1};
            out.Floats(bounds, 6);
            out.U32(uint32_t(a.keyframes.size()));
            for (const Keyframe &k : a.keyframes) {
                out.U32(k.time);
                const float zero[6] = {0, 0, 0, 0, 0, 0};
                out.Floats(zero, 6);
                out.String(k.command);
            }
            for (const NodeAnimation &n : a.nodes) {
                for (const Key &k : n.keys) {
                    out.Floats(k.position.data(), 3);
                    out.Floats(k.rotation.data(), 4);
                }
                for (const auto &frame : n.mdFrames) {
                    out.U8(frame[0]);
                    out.U8(frame[1]);
                    out.U8(frame[2]);
                }
                out.Floats(n.scale.data(), 3);
                out.Floats(n.translate.data(), 3);
            }
        }
    }

    for (const auto &extra : file.extraSections) {
        begin(extra.first);
        out.bytes.insert(out.bytes.end(), extra.second.begin(), extra.second.end());
    }

    if (file.animDims) {
        begin("AnimDims");
        for (const Animation &a : file.animations) out.Floats(a.dims.data(), 3);
    }
    if (file.transformInfo) {
        begin("TransformInfo");
        out.I32(file.flipGeom);
        out.I32(file.flipAnim);
    }
    written.bytes = std::move(out.bytes);
    return written;
}

namespace {

Node MakeNode(const std::string &name, uint16_t index, uint8_t flags, uint32_t children) {
    Node n;
    n.name = name;
    n.transformIndex = index;
    n.flags = flags;
    n.children = children;
    return n;
}

Key MakeKey(std::array<float, 3> position, std::array<float, 4> rotation = {0, 0, 0, 1}) {
    Key k;
    k.position = position;
    k.rotation = rotation;
    return k;
}

Vertex MakeVertex(std::array<float, 3> position, uint8_t node, std::array<int8_t, 3> normal) {
    Vertex v;
    v.position = position;
    v.node = node;
    v.normal = normal;
    return v;
}

Triangle MakeTriangle(std::array<uint16_t, 3> index, std::array<float, 6> uv, std::array<int8_t, 3> normal) {
    Triangle t;
    t.index = index;
    t.uv = uv;
    t.normal = normal;
    return t;
}

} // namespace

File SkinnedFixture() {
    const float s = std::sqrt(0.5f);
    File f;
    f.command = "DrawIndexedDist 1000";
    f.nodes = {MakeNode("Root", 0, 1, 1), MakeNode("Body", 1, 2, 1), MakeNode("Arm", 2, 2, 0)};
    f.normalVerts = 6;
    f.vertexStartNum = {0};
    f.vertices = {
        MakeVertex({0, 0, 0}, 1, {127, 0, 0}), MakeVertex({1, 0, 0}, 1, {127, 0, 0}), MakeVertex({0, 0, 1}, 1, {127, 0, 0}),
        MakeVertex({0, 0, 0}, 2, {0, 0, 127}), MakeVertex({2, 0, 0}, 2, {0, 0, 127}), MakeVertex({0, 1, 0}, 2, {0, 0, 127}),
    };
    // Face normals as real files store them: (v1 - v0) x (v2 - v0) in file coordinates.
    f.triangles = {
        MakeTriangle({0, 1, 2}, {0.f, 0.f, 1.f, 0.f, 0.f, 1.f}, {0, -127, 0}),
        MakeTriangle({3, 4, 5}, {0.5f, 0.5f, 1.f, 0.5f, 0.5f, 1.f}, {0, 0, 127}),
    };

    Animation idle;
    idle.name = "idle";
    idle.length = 100;
    idle.keyframes = {{0, ""}, {100, "fire_key"}};
    idle.dims = {10, 20, 30};
    idle.nodes.resize(3);
    idle.nodes[0].keys = {MakeKey({0, 0, 0}, {0, 1, 0, 0}), MakeKey({0, 0, 0}, {0, 1, 0, 0})};
    idle.nodes[1].keys = {MakeKey({0, 10, 0}), MakeKey({0, 12, 0})};
    idle.nodes[2].keys = {MakeKey({5, 0, 0}, {0, 0, s, s}), MakeKey({5, 0, 0})};

    Animation walk;
    walk.name = "walk";
    walk.length = 150;
    walk.keyframes = {{0, ""}, {50, "sound_key step.wav"}, {150, ""}};
    walk.dims = {1, 2, 3};
    walk.nodes.resize(3);
    walk.nodes[0].keys = {MakeKey({0, 0, 0}, {0, 1, 0, 0}), MakeKey({0, 0, 0}, {0, 1, 0, 0}), MakeKey({0, 0, 0}, {0, 1, 0, 0})};
    walk.nodes[1].keys = {MakeKey({0, 10, 0}), MakeKey({1, 10, 0}), MakeKey({2, 10, 0})};
    walk.nodes[2].keys = {MakeKey({5, 0, 0}), MakeKey({5, 0, 0}), MakeKey({5, 0, 0})};
    f.animations = {idle, walk};
    return f;
}

File VertexAnimationFixture() {
    File f;
    Node flag = MakeNode("Flag", 1, 6, 0);
    flag.mdVertices = {1, 3};
    f.nodes = {MakeNode("Root", 0, 1, 1), flag};
    f.normalVerts = 4;
    f.vertexStartNum = {0};
    f.vertices = {MakeVertex({0, 0, 0}, 1, {0, 0, -127}), MakeVertex({1, 0, 0}, 1, {0, 0, -127}),
            MakeVertex({0, 1, 0}, 1, {0, 0, -127}), MakeVertex({1, 1, 0}, 1, {0, 0, -127})};
    f.triangles = {MakeTriangle({0, 1, 2}, {0, 0, 1, 0, 0, 1}, {0, 0, 127}), MakeTriangle({1, 3, 2}, {1, 0, 1, 1, 0, 1}, {0, 0, 127})};

    // Frames decompress as byte * 0.5 + (-1, 0, 0).
    Animation wave;
    wave.name = "wave";
    wave.length = 120;
    wave.keyframes = {{0, ""}, {50, ""}, {120, ""}};
    wave.nodes.resize(2);
    wave.nodes[0].keys = {MakeKey({0, 0, 0}), MakeKey({0, 0, 0}), MakeKey({0, 0, 0})};
    wave.nodes[1].keys = {MakeKey({0, 0, 2}), MakeKey({0, 0, 2}), MakeKey({0, 0, 2})};
    wave.nodes[1].mdFrames = {{4, 0, 0}, {4, 2, 0}, {4, 0, 2}, {4, 2, 4}, {6, 0, 0}, {6, 2, 0}};
    wave.nodes[1].scale = {0.5f, 0.5f, 0.5f};
    wave.nodes[1].translate = {-1, 0, 0};
    wave.dims = {2, 1, 2};

    Animation still;
    still.name = "still";
    still.length = 0;
    still.keyframes = {{0, ""}};
    still.nodes.resize(2);
    still.nodes[0].keys = {MakeKey({0, 0, 0})};
    still.nodes[1].keys = {MakeKey({0, 0, 2})};
    still.nodes[1].mdFrames = {{4, 0, 1}, {4, 2, 1}};
    still.nodes[1].scale = {0.5f, 0.5f, 0.5f};
    still.nodes[1].translate = {-1, 0, 0};
    f.animations = {wave, still};
    return f;
}

File LodFixture() {
    File f;
    f.command = "DrawIndexedDist 1000";
    f.nodes = {MakeNode("Root", 0, 1, 1), MakeNode("Mesh", 1, 2, 0)};
    f.lodSteps = 2;
    f.vertexStartNum = {0, 2, 3};
    f.normalVerts = 5;
    f.vertices = {MakeVertex({0, 0, 0}, 1, {0, 0, 127}), MakeVertex({1, 0, 0}, 1, {0, 0, 127}), MakeVertex({1, 1, 0}, 1, {0, 0, 127}),
            MakeVertex({0, 1, 0}, 1, {0, 0, 127}), MakeVertex({0, 2, 0}, 1, {0, 0, 127}),
            // collapse step 0 merges 0 and 1, step 1 merges that vertex and 2
            MakeVertex({0.5f, 0, 0}, 1, {0, 0, 127}), MakeVertex({0.75f, 0.5f, 0}, 1, {0, 0, 127})};
    f.vertices[5].replacements = {0, 1};
    f.vertices[6].replacements = {5, 2};
    f.triangles = {MakeTriangle({0, 1, 2}, {0, 0, 1, 0, 1, 1}, {0, 0, 127}), MakeTriangle({0, 2, 3}, {0, 0, 1, 1, 0, 1}, {0, 0, 127}),
            MakeTriangle({2, 4, 3}, {1, 1, 0, 0.5f, 0, 1}, {0, 0, 127})};
    Animation still;
    still.name = "static";
    still.keyframes = {{0, ""}};
    still.nodes.resize(2);
    still.nodes[0].keys = {MakeKey({0, 0, 0})};
    still.nodes[1].keys = {MakeKey({0, 0, 0})};
    f.animations = {still};
    return f;
}

} // namespace abcv6
} // namespace retro_test
