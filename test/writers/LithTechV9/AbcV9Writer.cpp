#include "AbcV9Writer.h"

#include <assimp/types.h> // vectors, matrices, quaternions with their inline code

#include "writers/LittleEndianWriter.h"

#include <algorithm>

#include <cmath>
#include <cstring>
#include <stdexcept>

namespace abcv9_writer {

namespace {

class Buf : public retro_test::LittleEndianWriter {
public:
    void Str(const std::string &s) {
        U16(uint16_t(s.size()));
        bytes.insert(bytes.end(), s.begin(), s.end());
    }
    void Vec(const V3 &v) {
        F32(v.x);
        F32(v.y);
        F32(v.z);
    }
    void Quat(const Q &q) {
        F32(q.x);
        F32(q.y);
        F32(q.z);
        F32(q.w);
    }
};

bool V13Keys(uint32_t version) {
    return version == 13 || version == 108;
}

} // namespace

std::vector<uint8_t> Write(const Model &m, const Layout &layout) {
    const uint32_t version = m.version;
    const size_t nodeCount = m.nodes.size();
    std::vector<std::pair<std::string, Buf>> sections;

    // totals for the header
    uint32_t keyframes = 0, faces = 0, vertices = 0, weights = 0, strings = 0, stringLength = 0;
    for (const Animation &a : m.animations) keyframes += uint32_t(a.times.size());
    for (const Piece &p : m.pieces)
        for (const Lod &l : p.lods) {
            faces += uint32_t(l.faces.size());
            vertices += uint32_t(l.vertices.size());
            for (const Vertex &v : l.vertices) weights += uint32_t(v.weights.size());
        }
    strings = uint32_t(nodeCount + m.pieces.size());
    for (const Node &n : m.nodes) stringLength += uint32_t(n.name.size());

    {
        Buf b;
        b.U32(version);
        b.U32(keyframes);
        b.U32(uint32_t(m.animations.size()));
        b.U32(uint32_t(nodeCount));
        b.U32(uint32_t(m.pieces.size()));
        b.U32(uint32_t(m.childModels.size()));
        b.U32(faces);
        b.U32(vertices);
        b.U32(weights);
        b.U32(m.lodCount);
        b.U32(uint32_t(m.sockets.size()));
        b.U32(uint32_t(m.weightSets.size()));
        b.U32(strings);
        b.U32(stringLength);
        if (version == 13) b.U32(0);
        if (version == 108) {
            b.U32(0);
            b.U32(m.writeHitGroups ? 1 : 0);
            b.U32(0);
        }
        b.Str(m.commandString);
        b.F32(m.internalRadius);
        b.U32(uint32_t(m.lodDistances.size()));
        b.Zeros(60);
        const size_t n = layout.distancesFromLodCount ? m.lodCount : m.lodDistances.size();
        for (size_t i = 0; i < n; ++i) b.F32(i < m.lodDistances.size() ? m.lodDistances[i] : 0.f);
        sections.emplace_back("Header", b);
    }
    {
        Buf b;
        b.U32(weights);
        b.U32(uint32_t(m.pieces.size()));
        const bool lodWeight = layout.lodWeight < 0 ? version >= 10 : layout.lodWeight != 0;
        for (const Piece &p : m.pieces) {
            if (p.lods.size() != m.lodCount) throw std::logic_error("piece LOD count differs from Model::lodCount");
            b.U16(p.materialIndex);
            if (version == 108) b.Zeros(6);
            b.F32(p.specularPower);
            b.F32(p.specularScale);
            if (lodWeight) b.F32(p.lodWeight);
            b.U16(0);
            b.Str(p.name);
            for (const Lod &l : p.lods) {
                b.U32(uint32_t(l.faces.size()));
                for (const auto &f : l.faces)
                    for (const Corner &c : f) {
                        b.F32(c.u);
                        b.F32(c.v);
                        b.U16(c.vertex);
                    }
                b.U32(uint32_t(l.vertices.size()));
                for (const Vertex &v : l.vertices) {
                    if (version == 108) {
                        b.U8(uint8_t(v.weights.size()));
                        b.U8(uint8_t(v.replacement));
                        b.Zeros(2);
                    } else {
                        b.U16(uint16_t(v.weights.size()));
                        b.U16(v.replacement);
                    }
                    for (const Weight &w : v.weights) {
                        b.U32(w.node);
                        b.Vec(w.location);
                        b.F32(w.bias);
                    }
                    b.Vec(v.position);
                    b.Vec(v.normal);
                }
            }
        }
        sections.emplace_back("Pieces", b);
    }
    {
        Buf b;
        auto weightSets = [&]() {
            b.U32(uint32_t(m.weightSets.size()));
            for (const WeightSet &ws : m.weightSets) {
                b.Str(ws.name);
                b.U32(uint32_t(ws.weights.size()));
                for (float w : ws.weights) b.F32(w);
            }
        };
        if (version == 108) weightSets();
        for (size_t i = 0; i < nodeCount; ++i) {
            const Node &n = m.nodes[i];
            b.Str(n.name);
            b.U16(uint16_t(i));
            b.U8(n.flags);
            if (version == 108) b.U32(0);
            for (float f : n.bind) b.F32(f);
            uint32_t children = 0;
            for (const Node &c : m.nodes) children += c.parent == int(i) ? 1 : 0;
            b.U32(children);
        }
        if (version != 108) weightSets();
        sections.emplace_back("Nodes", b);
    }
    {
        Buf b;
        b.U16(uint16_t(m.childModels.size()));
        for (const ChildModel &c : m.childModels) {
            b.Str(c.name);
            b.U32(c.buildNumber);
            for (size_t i = 0; i < nodeCount; ++i) {
                const Relation r = i < c.relations.size() ? c.relations[i] : Relation();
                b.Vec(r.pos);
                b.Quat(r.rot);
                if (layout.childRelation36) {
                    b.F32(0.f);
                    b.F32(0.f);
                }
            }
        }
        sections.emplace_back("ChildModels", b);
    }
    {
        Buf b;
        int header = layout.animationHeader;
        if (header < 0) header = version >= 12 ? 2 : 1;
        b.U32(uint32_t(m.animations.size()));
        for (const Animation &a : m.animations) {
            b.Vec(a.extents);
            b.Str(a.name);
            if (header >= 1) b.U32(a.compressionType);
            if (header >= 2) b.U32(a.interpolationMs);
            b.U32(uint32_t(a.times.size()));
            for (size_t k = 0; k < a.times.size(); ++k) {
                b.U32(a.times[k]);
                b.Str(k < a.commands.size() ? a.commands[k] : std::string());
            }
            for (size_t n = 0; n < nodeCount; ++n) {
                if (V13Keys(version)) b.I32(-1);
                for (size_t k = 0; k < a.times.size(); ++k) {
                    const Key &key = a.tracks.at(n).at(k);
                    b.Vec(key.pos);
                    b.Quat(key.rot);
                    if (V13Keys(version)) {
                        b.F32(key.extra[0]);
                        b.F32(key.extra[1]);
                    }
                }
            }
        }
        sections.emplace_back("Animation", b);
    }
    {
        Buf b;
        b.U32(uint32_t(m.sockets.size()));
        for (const Socket &s : m.sockets) {
            b.U32(s.node);
            b.Str(s.name);
            b.Quat(s.rot);
            b.Vec(s.pos);
        }
        sections.emplace_back("Sockets", b);
    }
    if (version == 108 && m.writeHitGroups) {
        Buf b;
        b.U32(2);
        b.U32(0xdeadbeef);
        sections.emplace_back("HitGroups", b);
    }
    {
        Buf b;
        const size_t lists = layout.singleBindingList ? 1 : m.childModels.size();
        for (size_t l = 0; l < lists; ++l) {
            static const std::vector<Binding> none;
            const auto &list = l < m.bindings.size() ? m.bindings[l] : none;
            b.U32(uint32_t(list.size()));
            for (const Binding &bd : list) {
                b.Str(bd.animName);
                b.Vec(bd.dims);
                b.Vec(bd.translation);
            }
        }
        sections.emplace_back("AnimBindings", b);
    }

    Buf file;
    for (size_t i = 0; i < sections.size(); ++i) {
        const auto &s = sections[i];
        file.Str(s.first);
        const size_t next = file.bytes.size() + 4 + s.second.bytes.size();
        file.I32(i + 1 == sections.size() ? -1 : int32_t(next));
        file.bytes.insert(file.bytes.end(), s.second.bytes.begin(), s.second.bytes.end());
    }
    return file.bytes;
}

std::vector<std::pair<std::string, size_t>> SectionOffsets(const std::vector<uint8_t> &file) {
    std::vector<std::pair<std::string, size_t>> out;
    size_t pos = 0;
    while (pos + 6 <= file.size()) {
        const size_t len = file[pos] | (file[pos + 1] << 8);
        if (pos + 2 + len + 4 > file.size()) break;
        std::string name(reinterpret_cast<const char *>(&file[pos + 2]), len);
        int32_t next;
        std::memcpy(&next, &file[pos + 2 + len], 4);
        out.emplace_back(name, pos);
        if (next < 0) break;
        pos = size_t(next);
    }
    return out;
}

// ---- the test model ---------------------------------------------------------------

namespace {

V3 ToV3(const aiVector3D &v) {
    return {v.x, v.y, v.z};
}
Q ToQ(const aiQuaternion &q) {
    return {q.x, q.y, q.z, q.w};
}

struct LocalBind {
    const char *name;
    int parent;
    uint8_t flags;
    aiVector3D pos;
    aiVector3D axis;
    float angle;
};

// Root, Torso, Head (rotation-only), ArmL, HandL (removable), ArmR.
const LocalBind kSkeleton[] = {
        {"Root", -1, 0, {0.f, 0.f, 0.f}, {0.f, 1.f, 0.f}, 3.14159265f},
        {"Torso", 0, 0, {0.f, 1.f, 0.2f}, {1.f, 0.f, 0.f}, 0.17f},
        {"Head", 1, 2, {0.f, 0.8f, 0.f}, {0.f, 1.f, 0.f}, 0.35f},
        {"ArmL", 1, 0, {0.5f, 0.6f, 0.f}, {0.f, 0.f, 1.f}, 0.52f},
        {"HandL", 3, 1, {0.6f, 0.f, 0.f}, {1.f, 0.f, 0.f}, -0.26f},
        {"ArmR", 1, 0, {-0.5f, 0.6f, 0.f}, {0.f, 0.f, 1.f}, -0.52f},
};
const size_t kNodes = sizeof(kSkeleton) / sizeof(kSkeleton[0]);

aiMatrix4x4 LocalMatrix(const LocalBind &b) {
    return aiMatrix4x4(aiVector3D(1.f, 1.f, 1.f), aiQuaternion(b.axis, b.angle), b.pos);
}

std::vector<aiMatrix4x4> Globals() {
    std::vector<aiMatrix4x4> g(kNodes);
    for (size_t i = 0; i < kNodes; ++i) {
        g[i] = kSkeleton[i].parent < 0 ? LocalMatrix(kSkeleton[i]) : g[kSkeleton[i].parent] * LocalMatrix(kSkeleton[i]);
    }
    return g;
}

void AddSkeleton(Model &m) {
    const std::vector<aiMatrix4x4> g = Globals();
    for (size_t i = 0; i < kNodes; ++i) {
        Node n;
        n.name = kSkeleton[i].name;
        n.flags = kSkeleton[i].flags;
        n.parent = kSkeleton[i].parent;
        const aiMatrix4x4 &x = g[i];
        n.bind = {x.a1, x.a2, x.a3, x.a4, x.b1, x.b2, x.b3, x.b4, x.c1, x.c2, x.c3, x.c4, x.d1, x.d2, x.d3, x.d4};
        m.nodes.push_back(n);
    }
}

Animation MakeAnimation(uint32_t version, const std::string &name, const std::vector<uint32_t> &times, float phase) {
    Animation a;
    a.name = name;
    a.extents = {1.f + phase, 2.f, 0.5f};
    a.compressionType = 0;
    a.interpolationMs = 150 + uint32_t(phase * 10);
    a.times = times;
    for (size_t k = 0; k < times.size(); ++k) {
        a.commands.push_back(k == 1 ? "SOUND_KEY step" + std::to_string(k) : std::string());
    }
    for (size_t n = 0; n < kNodes; ++n) {
        std::vector<Key> track;
        for (size_t k = 0; k < times.size(); ++k) {
            const float t = float(k) + phase;
            Key key;
            aiVector3D pos = kSkeleton[n].pos + aiVector3D(0.05f * std::sin(t + n), 0.03f * k, -0.02f * n * k);
            if (kSkeleton[n].flags & 2) {
                pos = aiVector3D(1.f, 2.f, 3.f); // rotation-only: the importer must ignore this
            }
            key.pos = ToV3(pos);
            const aiQuaternion bindRot(kSkeleton[n].axis, kSkeleton[n].angle);
            aiVector3D axis(0.3f + 0.1f * n, 1.f, 0.2f * k);
            axis.Normalize();
            aiQuaternion q = bindRot * aiQuaternion(axis, 0.4f * std::sin(t * 1.3f + n));
            q.Normalize();
            key.rot = ToQ(q);
            if (V13Keys(version)) key.extra = {{1.5f, -2.5f}};
            track.push_back(key);
        }
        a.tracks.push_back(track);
    }
    return a;
}

void AddChildModels(Model &m, const std::vector<std::string> &childNames) {
    ChildModel self;
    for (size_t i = 0; i < kNodes; ++i) {
        self.relations.push_back({ToV3(kSkeleton[i].pos), ToQ(aiQuaternion(kSkeleton[i].axis, kSkeleton[i].angle))});
    }
    m.childModels.push_back(self);
    m.bindings.push_back({{"idle", {1.f, 2.f, 3.f}, {0.1f, 0.f, -0.2f}}});
    uint32_t build = 7;
    for (const std::string &name : childNames) {
        ChildModel c = self;
        c.name = name;
        c.buildNumber = build++;
        m.childModels.push_back(c);
        m.bindings.push_back({{name + "_anim", {0.5f, 0.5f, 0.5f}, {0.f, 0.f, 0.f}}});
    }
}

} // namespace

Model MakeTestModel(uint32_t version, uint32_t lods, const std::vector<std::string> &childNames) {
    Model m;
    m.version = version;
    m.commandString = "DrawIndexedDist 1000";
    m.internalRadius = 2.5f;
    m.lodCount = lods;
    for (uint32_t l = 1; l < lods; ++l) m.lodDistances.push_back(10.f * float(l));
    AddSkeleton(m);
    const std::vector<aiMatrix4x4> g = Globals();

    const char *pieceNames[] = {"Body", "Head", "Arms"};
    const uint16_t materials[] = {0, 3, 0};
    for (size_t p = 0; p < 3; ++p) {
        Piece piece;
        piece.name = pieceNames[p];
        piece.materialIndex = materials[p];
        piece.specularPower = 8.f * float(p + 1);
        piece.specularScale = 0.5f + 0.25f * float(p);
        piece.lodWeight = 1.f - 0.1f * float(p);
        for (uint32_t l = 0; l < lods; ++l) {
            Lod lod;
            const int segments = std::max(1, 4 - int(l));
            for (int i = 0; i <= segments; ++i) {
                for (int j = 0; j <= 1; ++j) {
                    Vertex v;
                    const aiVector3D pos(-0.6f + 1.2f * float(i) / float(segments) + 0.1f * float(p), 0.4f + 0.8f * float(j) + 0.5f * float(p),
                            0.1f * float(p) + 0.05f * float(i * j));
                    v.position = ToV3(pos);
                    aiVector3D normal(0.1f * float(i), 0.2f, -1.f);
                    normal.Normalize();
                    v.normal = ToV3(normal);
                    v.replacement = uint16_t(i > 0 ? (i - 1) * 2 + j : j);
                    const size_t index = lod.vertices.size();
                    const size_t count = index % 4 + 1; // 1..4 weights
                    for (size_t w = 0; w < count; ++w) {
                        Weight weight;
                        weight.node = uint32_t((index + p + w) % kNodes);
                        aiMatrix4x4 inv = g[weight.node];
                        inv.Inverse();
                        weight.location = ToV3(inv * pos);
                        weight.bias = 0.5f + float(w); // not normalised: the importer must normalise
                        bool duplicate = false;
                        for (const Weight &o : v.weights) duplicate |= o.node == weight.node;
                        if (!duplicate) v.weights.push_back(weight);
                    }
                    lod.vertices.push_back(v);
                }
            }
            for (int i = 0; i < segments; ++i) {
                const uint16_t a = uint16_t(i * 2), b = uint16_t(i * 2 + 1), c = uint16_t(i * 2 + 2), d = uint16_t(i * 2 + 3);
                const float u0 = float(i) / float(segments), u1 = float(i + 1) / float(segments);
                lod.faces.push_back({Corner{u0, 0.f, a}, Corner{u0, 1.f, b}, Corner{u1, 0.f, c}});
                lod.faces.push_back({Corner{u1, 0.f, c}, Corner{u0, 1.f, b}, Corner{u1, 0.9f, d}});
            }
            piece.lods.push_back(lod);
        }
        m.pieces.push_back(piece);
    }

    m.weightSets.push_back({"Upper", {0.f, 1.f, 1.f, 0.5f, 0.5f, 0.5f}});
    m.weightSets.push_back({"Null", std::vector<float>(kNodes, 0.f)});

    AddChildModels(m, childNames);
    m.animations.push_back(MakeAnimation(version, "idle", {0, 250, 600}, 0.f));
    m.animations.push_back(MakeAnimation(version, "walk", {0, 100, 200, 300, 450}, 0.7f));

    Socket muzzle;
    muzzle.node = 4;
    muzzle.name = "Muzzle";
    muzzle.rot = ToQ(aiQuaternion(aiVector3D(0.f, 1.f, 0.f), 1.5707963f));
    muzzle.pos = {0.2f, 0.f, 0.05f};
    m.sockets.push_back(muzzle);
    Socket eye;
    eye.node = 2;
    eye.name = "Eye";
    eye.rot = ToQ(aiQuaternion(aiVector3D(1.f, 0.f, 0.f), 0.3f));
    eye.pos = {0.f, 0.1f, 0.15f};
    m.sockets.push_back(eye);
    m.writeHitGroups = version == 108;
    return m;
}

Model MakeAnimationModel(uint32_t version, const std::string &animName, const std::vector<std::string> &childNames) {
    Model m;
    m.version = version;
    m.lodCount = 1;
    AddSkeleton(m);
    AddChildModels(m, childNames);
    m.animations.push_back(MakeAnimation(version, animName, {0, 300}, 1.9f));
    return m;
}

} // namespace abcv9_writer
