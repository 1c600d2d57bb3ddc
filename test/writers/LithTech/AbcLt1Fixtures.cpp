#include "AbcLt1Fixtures.h"

#include "AssetLib/LithTech/AbcLt1Writer.h"

#include <cmath>
#include <cstring>

namespace retro_test {
namespace abcv6 {

namespace {

using namespace assimp_retro::abc;

Vec3 ToVec3(const std::array<float, 3> &a) {
    return Vec3{a[0], a[1], a[2]};
}

ByteNormal ToNormal(const std::array<int8_t, 3> &n) {
    return ByteNormal{n[0], n[1], n[2]};
}

/// The file as the library's writer model: every value as given, so a test
/// can make inconsistent files (counts, indices, tokens) on purpose.
Lt1OutModel ToModel(const File &file) {
    Lt1OutModel m;
    m.fileToken = file.token;
    m.commandString = file.command;
    Lt1Geometry &g = m.geometry;
    g.boundsMin = Vec3{file.bounds[0], file.bounds[1], file.bounds[2]};
    g.boundsMax = Vec3{file.bounds[3], file.bounds[4], file.bounds[5]};
    g.lodSteps = file.lodSteps;
    g.vertexStartNum = file.vertexStartNum;
    for (const Triangle &t : file.triangles) {
        Lt1Triangle out;
        for (int c = 0; c < 3; ++c) {
            out.u[c] = t.uv[2 * c];
            out.v[c] = t.uv[2 * c + 1];
            out.vertex[c] = t.index[c];
        }
        out.normal = ToNormal(t.normal);
        g.triangles.push_back(out);
    }
    g.normalVerts = file.normalVerts;
    for (const Vertex &v : file.vertices) {
        Lt1Vertex out;
        out.position = ToVec3(v.position);
        out.normal = ToNormal(v.normal);
        out.node = v.node;
        out.replacements[0] = v.replacements[0];
        out.replacements[1] = v.replacements[1];
        g.vertices.push_back(out);
    }
    for (const Node &n : file.nodes) {
        Lt1Node out;
        out.name = n.name;
        out.transformIndex = n.transformIndex;
        out.flags = n.flags;
        out.mdVertices = n.mdVertices;
        out.numChildren = n.children;
        m.nodes.push_back(out);
    }
    for (const Animation &a : file.animations) {
        Lt1OutAnimation out;
        out.name = a.name;
        out.length = a.length;
        out.boundsMin = Vec3{-1, -1, -1};
        out.boundsMax = Vec3{1, 1, 1};
        for (const Keyframe &k : a.keyframes) {
            Lt1KeyframeInfo info;
            info.time = k.time;
            info.command = k.command;
            out.keyframes.push_back(info);
        }
        for (const NodeAnimation &n : a.nodes) {
            Lt1OutTrack track;
            for (const Key &k : n.keys) {
                track.keys.push_back(Lt1NodeKey{ToVec3(k.position), Quat{k.rotation[0], k.rotation[1], k.rotation[2], k.rotation[3]}});
            }
            for (const auto &frame : n.mdFrames) {
                track.mdFrames.insert(track.mdFrames.end(), frame.begin(), frame.end());
            }
            track.mdScale = ToVec3(n.scale);
            track.mdTranslate = ToVec3(n.translate);
            out.nodes.push_back(track);
        }
        out.dims = ToVec3(a.dims);
        m.animations.push_back(out);
    }
    m.hasTransformInfo = file.transformInfo;
    m.flipGeom = file.flipGeom;
    m.flipAnim = file.flipAnim;
    return m;
}

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
    std::vector<AbcSection> chained;
    for (const auto &s : sections) {
        chained.push_back({s.first, s.second});
    }
    return ChainSections(chained);
}

Written Write(const File &file) {
    // The library's writer makes the sections; the test's switches leave
    // some out or add others.
    std::vector<AbcSection> sections;
    for (AbcSection &section : Lt1Sections(ToModel(file))) {
        if ((section.name == "Geometry" && !file.geometry) || (section.name == "Animation" && !file.animation) ||
                (section.name == "AnimDims" && !file.animDims)) {
            continue;
        }
        if (section.name == "AnimDims" || (section.name == "TransformInfo" && !file.animDims)) {
            for (const auto &extra : file.extraSections) {
                sections.push_back({extra.first, extra.second});
            }
        }
        sections.push_back(std::move(section));
    }
    if (!file.animDims && !file.transformInfo) {
        for (const auto &extra : file.extraSections) {
            sections.push_back({extra.first, extra.second});
        }
    }
    Written written;
    std::vector<size_t> starts;
    written.bytes = ChainSections(sections, &starts);
    for (size_t i = 0; i < sections.size(); ++i) {
        written.sectionStart[sections[i].name] = starts[i];
        written.payloadStart[sections[i].name] = starts[i] + 2 + sections[i].name.size() + 4;
    }
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
