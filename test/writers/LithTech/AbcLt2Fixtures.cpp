#include "AbcLt2Fixtures.h"

#include <assimp/types.h> // vectors, matrices, quaternions with their inline code

#include "writers/LittleEndianWriter.h"
#include "AssetLib/LithTech/AbcLt2Writer.h"

#include <algorithm>

#include <cmath>
#include <cstring>
#include <stdexcept>

namespace abcv9_writer {

namespace {

namespace lib = assimp_retro::abc::lt2;

bool V13Keys(uint32_t version) {
    return version == 13 || version == 108;
}

lib::Vec3 ToLib(const V3 &v) {
    return lib::Vec3{v.x, v.y, v.z};
}

lib::Quat ToLib(const Q &q) {
    return lib::Quat{q.x, q.y, q.z, q.w};
}

/// The test model as the library writer's (the importer's) model, the
/// layout switches as the layout choices the importer records.
lib::Model ToLibrary(const Model &m, const Layout &layout) {
    lib::Model out;
    lib::Header &h = out.header;
    h.version = m.version;
    if (m.version == 108) h.extra = {0, m.writeHitGroups ? 1u : 0u, 0};
    h.commandString = m.commandString;
    h.internalRadius = m.internalRadius;
    h.lodCount = m.lodCount;
    h.lodDistances = m.lodDistances;
    for (const Piece &p : m.pieces) {
        if (p.lods.size() != m.lodCount) throw std::logic_error("piece LOD count differs from Model::lodCount");
        lib::Piece piece;
        piece.materialIndex = p.materialIndex;
        piece.specularPower = p.specularPower;
        piece.specularScale = p.specularScale;
        piece.lodWeight = p.lodWeight;
        piece.name = p.name;
        for (const Lod &l : p.lods) {
            lib::Lod lod;
            for (const auto &f : l.faces) {
                lib::Face face;
                for (int c = 0; c < 3; ++c) face.corners[c] = lib::FaceCorner{f[c].u, f[c].v, f[c].vertex};
                lod.faces.push_back(face);
            }
            for (const Vertex &v : l.vertices) {
                lib::Vertex vertex;
                vertex.firstWeight = lod.weights.size();
                vertex.weightCount = uint32_t(v.weights.size());
                vertex.replacement = v.replacement;
                vertex.position = ToLib(v.position);
                vertex.normal = ToLib(v.normal);
                for (const Weight &w : v.weights) lod.weights.push_back(lib::Weight{w.node, ToLib(w.location), w.bias});
                lod.vertices.push_back(vertex);
            }
            piece.lods.push_back(std::move(lod));
        }
        out.pieces.push_back(std::move(piece));
    }
    for (size_t i = 0; i < m.nodes.size(); ++i) {
        lib::Node node;
        node.name = m.nodes[i].name;
        node.index = uint16_t(i);
        node.flags = m.nodes[i].flags;
        node.bind = m.nodes[i].bind;
        for (const Node &c : m.nodes) node.numChildren += c.parent == int(i) ? 1 : 0;
        out.nodes.push_back(node);
    }
    for (const WeightSet &ws : m.weightSets) out.weightSets.push_back(lib::WeightSet{ws.name, ws.weights});
    for (const ChildModel &c : m.childModels) {
        lib::ChildModel child;
        child.name = c.name;
        child.buildNumber = c.buildNumber;
        for (const Relation &r : c.relations) child.relations.push_back(lib::ChildModel::Relation{ToLib(r.pos), ToLib(r.rot), {}});
        out.childModels.push_back(child);
    }
    for (const Animation &a : m.animations) {
        lib::Animation anim;
        anim.extents = ToLib(a.extents);
        anim.name = a.name;
        anim.compressionType = a.compressionType;
        anim.interpolationMs = a.interpolationMs;
        for (size_t k = 0; k < a.times.size(); ++k) {
            anim.keyframes.push_back(lib::Keyframe{a.times[k], k < a.commands.size() ? a.commands[k] : std::string()});
        }
        anim.tracks.assign(m.nodes.size(), lib::NodeTrack());
        for (size_t n = 0; n < m.nodes.size(); ++n) {
            for (size_t k = 0; k < a.times.size(); ++k) {
                const Key &key = a.tracks.at(n).at(k);
                anim.keys.push_back(lib::NodeKey{ToLib(key.pos), ToLib(key.rot), key.extra});
            }
        }
        out.animations.push_back(std::move(anim));
    }
    for (const Socket &s : m.sockets) out.sockets.push_back(lib::Socket{s.node, s.name, ToLib(s.rot), ToLib(s.pos)});
    for (const auto &list : m.bindings) {
        std::vector<lib::AnimBinding> bindings;
        for (const Binding &b : list) bindings.push_back(lib::AnimBinding{b.animName, ToLib(b.dims), ToLib(b.translation)});
        out.animBindings.push_back(bindings);
    }
    lib::LayoutChoices &c = out.layout;
    c.lodDistances = layout.distancesFromLodCount ? "LODCount" : "LODDistanceCount";
    c.pieceLodWeight = layout.lodWeight < 0 ? "" : layout.lodWeight ? "yes" : "no";
    c.childModelRelation = layout.childRelation36 ? "36 bytes" : "28 bytes";
    static const char *const headers[] = {"none", "compression", "compression+interpolation"};
    c.animationHeader = layout.animationHeader < 0 ? "" : headers[std::min(layout.animationHeader, 2)];
    c.animBindings = layout.singleBindingList ? "one list" : "one list per child model";
    return out;
}

} // namespace

std::vector<uint8_t> Write(const Model &m, const Layout &layout) {
    // The library's writer (the abc12 exporter's) serialises; v108's
    // undocumented HitGroups section is the test's own.
    std::vector<assimp_retro::abc::AbcSection> sections = lib::Sections(ToLibrary(m, layout));
    if (m.version == 108 && m.writeHitGroups) {
        retro_test::LittleEndianWriter b;
        b.U32(2);
        b.U32(0xdeadbeef);
        sections.insert(sections.end() - 1, {"HitGroups", b.bytes});
    }
    return assimp_retro::abc::ChainSections(sections);
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
