// Writes the large benchmark inputs with the project's own fixture writers
// (test/writers/), so the figures in docs/benchmarks.md can be reproduced without game
// data:
//
//   bench_make_inputs DIR      (made if missing)
//
// DIR/abc6_long_skeletal.abc   3 nodes, one animation of 20,000 keyframes
// DIR/abc6_long_morph.abc      a 2,601-vertex deformation node, 400 keyframes
// DIR/abc12_126k_vertices.abc  ABC v12, two 63,001-vertex skinned pieces, 2 animations
// DIR/odol_63k_vertices.p3d    ODOL v7, one LOD of 63,001 vertices
// DIR/odol_32_lods.p3d         ODOL v7, 32 LODs of 10,201 vertices (the first is wanted)
// DIR/oban_level_5000.dat      an Oni level file holding 5,000 OBANs
// DIR/oban_long.oni            one OBAN of 20,000 keys
#include "writers/LithTech/AbcLt1Fixtures.h"
#include "writers/LithTech/AbcLt2Fixtures.h"
#include "writers/Oni/ObanWriter.h"
#include "writers/Poseidon/P3dWriter.h"

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

namespace {

namespace v6 = retro_test::abcv6;
namespace lt2 = abcv9_writer;
namespace wp = retro_test::p3d;
namespace wo = retro_test::oban;

bool Save(const std::string &path, const std::vector<uint8_t> &bytes) {
    std::ofstream out(path, std::ios::binary);
    out.write(reinterpret_cast<const char *>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
    out.close();
    if (!out) {
        std::fprintf(stderr, "bench_make_inputs: cannot write %s\n", path.c_str());
        return false;
    }
    std::printf("%-40s %10zu bytes\n", path.c_str(), bytes.size());
    return true;
}

// A unit quaternion (x, y, z, w) turning `angle` radians about Y.
std::array<float, 4> TurnY(float angle) {
    return {0.f, std::sin(angle / 2), 0.f, std::cos(angle / 2)};
}

/// The writer's skinned fixture with its "walk" animation stretched to
/// `keyframes` keys 10 ms apart, every node turning a little each key.
v6::File LongSkeletal(uint32_t keyframes) {
    v6::File f = v6::SkinnedFixture();
    v6::Animation &walk = f.animations.back();
    walk.keyframes.resize(keyframes);
    for (uint32_t k = 0; k < keyframes; ++k) {
        walk.keyframes[k] = {k * 10, ""};
    }
    walk.length = (keyframes - 1) * 10;
    for (size_t n = 0; n < walk.nodes.size(); ++n) {
        const v6::Key first = walk.nodes[n].keys.front();
        walk.nodes[n].keys.assign(keyframes, first);
        for (uint32_t k = 0; k < keyframes; ++k) {
            walk.nodes[n].keys[k].rotation = TurnY(0.001f * float(k) * float(n + 1));
        }
    }
    return f;
}

/// Root -> Cloth (flags 6): a side x side grid, every vertex vertex-animated
/// over `keyframes` keys (a travelling wave).
v6::File LongMorph(uint16_t side, uint32_t keyframes) {
    v6::File f;
    v6::Node root;
    root.name = "Root";
    root.flags = 1;
    root.children = 1;
    v6::Node cloth;
    cloth.name = "Cloth";
    cloth.transformIndex = 1;
    cloth.flags = 6;
    const uint32_t count = uint32_t(side) * side;
    for (uint32_t j = 0; j < side; ++j) {
        for (uint32_t i = 0; i < side; ++i) {
            v6::Vertex v;
            v.position = {float(i) / side, float(j) / side, 0.f};
            v.node = 1;
            v.normal = {0, 0, -127};
            f.vertices.push_back(v);
            cloth.mdVertices.push_back(uint16_t(j * side + i));
        }
    }
    for (uint32_t j = 0; j + 1 < side; ++j) {
        for (uint32_t i = 0; i + 1 < side; ++i) {
            const uint16_t a = uint16_t(j * side + i), b = uint16_t(a + 1), c = uint16_t(a + side), d = uint16_t(c + 1);
            v6::Triangle t1;
            t1.index = {a, b, c};
            t1.normal = {0, 0, 127};
            v6::Triangle t2;
            t2.index = {b, d, c};
            t2.normal = {0, 0, 127};
            f.triangles.push_back(t1);
            f.triangles.push_back(t2);
        }
    }
    f.normalVerts = count;
    f.vertexStartNum = {0};
    f.nodes = {root, cloth};

    v6::Animation wave;
    wave.name = "wave";
    wave.length = (keyframes - 1) * 33;
    wave.nodes.resize(2);
    wave.nodes[1].scale = {1.f / 255, 1.f / 255, 1.f / 255};
    for (uint32_t k = 0; k < keyframes; ++k) {
        wave.keyframes.push_back({k * 33, ""});
        wave.nodes[0].keys.push_back(v6::Key());
        wave.nodes[1].keys.push_back(v6::Key());
        for (uint32_t v = 0; v < count; ++v) {
            const uint32_t i = v % side, j = v / side;
            const uint8_t z = uint8_t(127 + 100 * std::sin(0.2f * float(i + k)));
            wave.nodes[1].mdFrames.push_back({uint8_t(i * 255 / side), uint8_t(j * 255 / side), z});
        }
    }
    wave.dims = {1, 1, 1};
    f.animations = {wave};
    return f;
}

/// The writer's v12 test model with its first piece replaced by a
/// (side x side)-vertex grid, and a second piece the same; every vertex
/// weighted to two nodes.
lt2::Model BigV12(uint16_t side) {
    lt2::Model m = lt2::MakeTestModel(12, 1);
    lt2::Lod lod;
    for (uint32_t j = 0; j < side; ++j) {
        for (uint32_t i = 0; i < side; ++i) {
            lt2::Vertex v;
            v.position = {float(i) / side, float(j) / side, 0.f};
            v.normal = {0.f, 0.f, -1.f};
            v.weights = {{uint32_t(i % 3), v.position, 0.75f}, {uint32_t(3 + j % 3), v.position, 0.25f}};
            lod.vertices.push_back(v);
        }
    }
    for (uint32_t j = 0; j + 1 < side; ++j) {
        for (uint32_t i = 0; i + 1 < side; ++i) {
            const uint16_t a = uint16_t(j * side + i), b = uint16_t(a + 1), c = uint16_t(a + side), d = uint16_t(c + 1);
            const float u0 = float(i) / side, u1 = float(i + 1) / side, v0 = float(j) / side, v1 = float(j + 1) / side;
            lod.faces.push_back({lt2::Corner{u0, v0, a}, lt2::Corner{u1, v0, b}, lt2::Corner{u0, v1, c}});
            lod.faces.push_back({lt2::Corner{u1, v0, b}, lt2::Corner{u1, v1, d}, lt2::Corner{u0, v1, c}});
        }
    }
    m.pieces[0].lods = {lod};
    m.pieces[1].lods = {lod};
    return m;
}

/// `lods` copies of a (quads+1)^2-vertex grid, resolutions 1, 2, 3, ...
wp::Model ManyLods(unsigned quads, unsigned lods) {
    wp::Model model = wp::GridModel(quads);
    for (unsigned i = 1; i < lods; ++i) {
        model.lods.push_back(model.lods.front());
        model.lods.back().resolution = float(i + 1);
    }
    return model;
}

/// A level file of `count` named OBANs, each a 3-key door swing.
std::vector<uint8_t> Level(unsigned count) {
    std::vector<wo::LevelEntry> entries(count);
    for (unsigned i = 0; i < count; ++i) {
        wo::LevelEntry &e = entries[i];
        e.name = "OBANdoor_" + std::to_string(i);
        e.animation.frameCount = 60;
        for (int k = 0; k < 3; ++k) {
            wo::Key key;
            const auto q = TurnY(0.5f * float(k));
            key.rotation = {q[0], q[1], q[2], q[3]};
            key.translation = {float(i % 100), 0.f, float(i / 100) + 0.1f * float(k)};
            key.frame = 30 * k;
            e.animation.keys.push_back(key);
        }
    }
    return wo::WriteLevel(entries);
}

/// One OBAN of `keys` keys, one per frame.
std::vector<uint8_t> LongOban(uint16_t keys) {
    wo::Animation a;
    a.frameCount = keys;
    for (uint16_t k = 0; k < keys; ++k) {
        wo::Key key;
        const auto q = TurnY(0.01f * float(k));
        key.rotation = {q[0], q[1], q[2], q[3]};
        key.translation = {0.f, 0.001f * float(k), 0.f};
        key.frame = k;
        a.keys.push_back(key);
    }
    return wo::WriteOni(a, "OBANlong");
}

} // namespace

int main(int argc, char **argv) {
    if (argc != 2) {
        std::fprintf(stderr, "usage: bench_make_inputs DIR\n");
        return 2;
    }
    std::error_code error;
    std::filesystem::create_directories(argv[1], error); // a failure shows in the first Save
    const std::string dir = std::string(argv[1]) + "/";
    bool ok = true;
    ok &= Save(dir + "abc6_long_skeletal.abc", v6::Write(LongSkeletal(20000)).bytes);
    ok &= Save(dir + "abc6_long_morph.abc", v6::Write(LongMorph(51, 400)).bytes);
    ok &= Save(dir + "abc12_126k_vertices.abc", lt2::Write(BigV12(251)));
    ok &= Save(dir + "odol_63k_vertices.p3d", wp::WriteOdol(wp::GridModel(250)));
    ok &= Save(dir + "odol_32_lods.p3d", wp::WriteOdol(ManyLods(100, 32)));
    ok &= Save(dir + "oban_level_5000.dat", Level(5000));
    ok &= Save(dir + "oban_long.oni", LongOban(20000));
    return ok ? 0 : 1;
}
