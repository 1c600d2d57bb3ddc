// assimp-retro test fixtures: ODOL v7 / MLOD writer and LZSS encoder.
// Byte layouts from docs/formats/P3D.md §2 and §5.
#include "P3dWriter.h"

#include "AssetLib/Poseidon/MlodModel.h"
#include "Common/Lzss.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <map>
#include <string>
#include <tuple>

#include "writers/LittleEndianWriter.h"

namespace retro_test {
namespace p3d {

using namespace assimp_retro::p3d;

namespace {

class Bytes : public LittleEndianWriter {
public:
    void V3(const Vec3 &v) {
        F32(v.x);
        F32(v.y);
        F32(v.z);
    }
    void CStr(const std::string &s) { Raw(s.c_str(), s.size() + 1); }
    void Magic(const char *m) { Raw(m, 4); }
};

/// ODOL CompArray: u32 count, raw bytes, LZSS (+checksum) when >= 1024 bytes.
void CompArray(Bytes &out, uint32_t count, const std::vector<uint8_t> &raw) {
    out.U32(count);
    if (raw.size() >= 1024) {
        out.Raw(LzssEncode(raw, LzssSum::Unsigned));
    } else {
        out.Raw(raw);
    }
}

template <class F> std::vector<uint8_t> Pack(size_t n, F &&each) {
    Bytes b;
    for (size_t i = 0; i < n; ++i) {
        each(b, i);
    }
    return b.bytes;
}

Vec3 Minus(const Vec3 &a, const Vec3 &b) {
    return {a.x - b.x, a.y - b.y, a.z - b.z};
}

/// MLOD points: vertices with equal positions share one.
struct Points {
    std::vector<uint32_t> pointOfVertex;
    std::vector<uint32_t> firstVertex; // point -> a vertex
};

Points MakePoints(const Lod &lod) {
    Points points;
    std::map<std::tuple<float, float, float>, uint32_t> index;
    for (uint32_t v = 0; v < lod.positions.size(); ++v) {
        const Vec3 &p = lod.positions[v];
        auto key = std::make_tuple(p.x, p.y, p.z);
        auto it = index.find(key);
        if (it == index.end()) {
            it = index.emplace(key, static_cast<uint32_t>(points.firstVertex.size())).first;
            points.firstVertex.push_back(v);
        }
        points.pointOfVertex.push_back(it->second);
    }
    return points;
}

void WriteOdolLod(Bytes &out, const Lod &lod, const Vec3 &centre) {
    const uint32_t n = static_cast<uint32_t>(lod.positions.size());
    CompArray(out, n, Pack(n, [&](Bytes &b, size_t i) { b.U32(lod.clipFlags.empty() ? 0x3F : lod.clipFlags[i]); }));
    CompArray(out, n, Pack(n, [&](Bytes &b, size_t i) {
        b.F32(lod.uvs[i].u);
        b.F32(lod.uvs[i].v);
    }));
    Vec3 lo{1e30f, 1e30f, 1e30f}, hi{-1e30f, -1e30f, -1e30f};
    out.U32(n);
    for (const Vec3 &p : lod.positions) {
        const Vec3 s = Minus(p, centre);
        out.V3(s);
        lo = {std::min(lo.x, s.x), std::min(lo.y, s.y), std::min(lo.z, s.z)};
        hi = {std::max(hi.x, s.x), std::max(hi.y, s.y), std::max(hi.z, s.z)};
    }
    if (n == 0) {
        lo = hi = Vec3{};
    }
    out.U32(n);
    for (const Vec3 &nv : lod.normals) {
        out.V3(nv);
    }
    uint32_t orHints = 0, andHints = ~0u;
    for (size_t i = 0; i < n; ++i) {
        const uint32_t f = lod.clipFlags.empty() ? 0x3F : lod.clipFlags[i];
        orHints |= f;
        andHints &= f;
    }
    out.U32(orHints);
    out.U32(n ? andHints : 0);
    out.V3(lo);
    out.V3(hi);
    const Vec3 mid{(lo.x + hi.x) / 2, (lo.y + hi.y) / 2, (lo.z + hi.z) / 2};
    out.V3(mid);
    const Vec3 half = Minus(hi, mid);
    out.F32(std::sqrt(half.x * half.x + half.y * half.y + half.z * half.z));
    out.U32(static_cast<uint32_t>(lod.textures.size()));
    for (const std::string &t : lod.textures) {
        out.CStr(t);
    }
    const Points points = MakePoints(lod);
    CompArray(out, static_cast<uint32_t>(points.firstVertex.size()),
            Pack(points.firstVertex.size(), [&](Bytes &b, size_t i) { b.U16(uint16_t(points.firstVertex[i])); }));
    CompArray(out, n, Pack(n, [&](Bytes &b, size_t i) { b.U16(uint16_t(points.pointOfVertex[i])); }));

    // Faces and their offsets in the Σ(10+2n) buffer.
    std::vector<uint32_t> offsets;
    uint32_t rawSize = 0;
    for (const Polygon &f : lod.faces) {
        offsets.push_back(rawSize);
        rawSize += 10 + 2 * f.count;
    }
    offsets.push_back(rawSize);
    out.U32(static_cast<uint32_t>(lod.faces.size()));
    out.U32(rawSize);
    for (const Polygon &f : lod.faces) {
        out.U32(f.special);
        out.I16(static_cast<int16_t>(f.texIndex));
        out.U8(f.count);
        for (unsigned k = 0; k < f.count; ++k) {
            out.U16(f.index[k]);
        }
    }
    // Sections: runs of faces with one texture and one special.
    std::vector<Section> sections;
    for (uint32_t i = 0; i < lod.faces.size(); ++i) {
        const Polygon &f = lod.faces[i];
        if (sections.empty() || sections.back().texIndex != f.texIndex || sections.back().special != f.special) {
            Section s;
            s.beginFace = i;
            s.texIndex = f.texIndex;
            s.special = f.special;
            sections.push_back(s);
        }
        sections.back().endFace = i + 1;
    }
    out.U32(static_cast<uint32_t>(sections.size()));
    for (const Section &s : sections) {
        out.U32(offsets[s.beginFace]);
        out.U32(offsets[s.endFace]);
        out.I32(0);
        out.I16(static_cast<int16_t>(s.texIndex));
        out.U32(s.special);
    }
    out.U32(static_cast<uint32_t>(lod.selections.size()));
    for (const NamedSelection &sel : lod.selections) {
        out.CStr(sel.name);
        CompArray(out, uint32_t(sel.faces.size()),
                Pack(sel.faces.size(), [&](Bytes &b, size_t i) { b.U16(uint16_t(sel.faces[i])); }));
        CompArray(out, 0, {});                                     // faceWeights
        CompArray(out, uint32_t(sel.faces.size()),                 // faceOffsets
                Pack(sel.faces.size(), [&](Bytes &b, size_t i) { b.U32(offsets[sel.faces[i]]); }));
        out.U8(0);                                                 // needsSections
        CompArray(out, 0, {});                                     // sectionIndices
        CompArray(out, uint32_t(sel.vertices.size()),
                Pack(sel.vertices.size(), [&](Bytes &b, size_t i) { b.U16(uint16_t(sel.vertices[i])); }));
        CompArray(out, uint32_t(sel.vertexWeights.size()), sel.vertexWeights);
    }
    out.U32(static_cast<uint32_t>(lod.properties.size()));
    for (const auto &p : lod.properties) {
        out.CStr(p.first);
        out.CStr(p.second);
    }
    out.U32(static_cast<uint32_t>(lod.frames.size()));
    for (const Frame &frame : lod.frames) {
        out.F32(frame.time);
        out.U32(static_cast<uint32_t>(frame.positions.size()));
        for (const Vec3 &p : frame.positions) {
            out.V3(Minus(p, centre));
        }
    }
    out.U32(lod.colorTop);
    out.U32(lod.color);
    out.U32(lod.special);
    out.U32(static_cast<uint32_t>(lod.proxies.size()));
    for (const Proxy &proxy : lod.proxies) {
        out.CStr(proxy.name);
        for (int i = 0; i < 9; ++i) {
            out.F32(proxy.matrix[i]);
        }
        out.V3(Minus(Vec3{proxy.matrix[9], proxy.matrix[10], proxy.matrix[11]}, centre));
        out.I32(proxy.id);
        out.I32(proxy.selection);
    }
}

void WriteModelInfo(Bytes &out, const Model &model) {
    out.I32(0);                    // special
    out.F32(model.boundingSphere); // boundingSphere
    out.F32(model.boundingSphere); // geometrySphere
    out.I32(0);                    // remarks
    out.U32(0x3F);                 // andHints
    out.U32(0x3F);                 // orHints
    out.V3({0, 0, 0});             // aimingCenter
    out.U32(0xFF808080);           // color
    out.U32(0xFF808080);           // colorTop
    out.F32(0.f);                  // viewDensity
    out.V3({-1, -1, -1});          // bboxMin
    out.V3({1, 1, 1});             // bboxMax
    out.V3(model.boundingCenter);
    out.V3({0, 0, 0});             // geometryCenter
    out.V3({0, 0, 0});             // centerOfMass
    for (int i = 0; i < 9; ++i) {
        out.F32(i % 4 == 0 ? 1.f : 0.f); // invInertia
    }
    for (int i = 0; i < 5; ++i) {
        out.U8(i < 2 ? 1 : 0);     // autoCenter, lockAutoCenter, canOcclude, canBeOccluded, allowAnimation
    }
    out.U8(static_cast<uint8_t>(model.mapType));
    CompArray(out, 0, {});         // mass per geometry point
    out.F32(model.mass);
    out.F32(model.mass > 0 ? 1.f / model.mass : 0.f);
    out.F32(model.armor);
    out.F32(model.armor > 0 ? 1.f / model.armor : 0.f);
    for (int i = 0; i < 12; ++i) {
        out.U8(0xFF); // lodIndex: -1 (none); the importer does not need them
    }
}

/// The model in MLOD's shape: vertices at one position share a point, equal
/// normals one normal, polygons turned to MLOD's corner order. Proxies are
/// their "proxy:" selections (the triangle is in the model's faces).
MlodFile ToMlod(const Model &model) {
    MlodFile file;
    for (const Lod &lod : model.lods) {
        const Points points = MakePoints(lod);
        MlodLod out;
        out.resolution = lod.resolution;
        std::map<std::tuple<float, float, float>, uint32_t> normalIndex;
        std::vector<uint32_t> normalOfVertex;
        for (const Vec3 &n : lod.normals) {
            const auto inserted = normalIndex.emplace(std::make_tuple(n.x, n.y, n.z), uint32_t(out.normals.size()));
            if (inserted.second) {
                out.normals.push_back(n);
            }
            normalOfVertex.push_back(inserted.first->second);
        }
        for (uint32_t v : points.firstVertex) {
            out.points.push_back(lod.positions[v]);
            out.pointFlags.push_back(lod.clipFlags.empty() ? 0 : lod.clipFlags[v]);
        }
        for (const Polygon &f : lod.faces) {
            MlodFace face;
            face.texture = f.texIndex >= 0 ? lod.textures[f.texIndex] : std::string();
            face.count = f.count;
            face.flags = f.mlodFlags;
            // MLOD order is the reverse of ODOL's: (v1, v0, v2) / (v1, v0, v3, v2).
            const uint16_t order[4] = {f.index[1], f.index[0], f.count == 4 ? f.index[3] : f.index[2], f.index[2]};
            for (unsigned k = 0; k < f.count; ++k) {
                const uint16_t v = order[k];
                face.corners[k] = {points.pointOfVertex[v], normalOfVertex[v], lod.uvs[v].u, lod.uvs[v].v};
            }
            out.faces.push_back(face);
        }
        out.properties = lod.properties;
        for (const NamedSelection &sel : lod.selections) {
            MlodSelection selection;
            selection.name = sel.name;
            selection.pointWeights.assign(out.points.size(), 0);
            selection.faces.assign(out.faces.size(), 0);
            for (size_t i = 0; i < sel.vertices.size(); ++i) {
                selection.pointWeights[points.pointOfVertex[sel.vertices[i]]] =
                        sel.vertexWeights.empty() ? 255 : sel.vertexWeights[i];
            }
            for (uint32_t f : sel.faces) {
                selection.faces[f] = 1;
            }
            out.selections.push_back(std::move(selection));
        }
        for (const Frame &frame : lod.frames) {
            MlodFrame mlodFrame;
            mlodFrame.time = frame.time;
            for (uint32_t v : points.firstVertex) {
                mlodFrame.points.push_back(frame.positions[v]);
            }
            out.frames.push_back(std::move(mlodFrame));
        }
        file.lods.push_back(std::move(out));
    }
    return file;
}

// ---- sample models --------------------------------------------------------------

void AddVertex(Lod &lod, Vec3 p, Vec3 n, Uv uv) {
    lod.positions.push_back(p);
    lod.normals.push_back(n);
    lod.uvs.push_back(uv);
    lod.clipFlags.push_back(0x3F);
}

Polygon Quad(uint32_t special, int tex, uint16_t a, uint16_t b, uint16_t c, uint16_t d) {
    Polygon p;
    p.special = special;
    p.texIndex = tex;
    p.count = 4;
    p.index[0] = a;
    p.index[1] = b;
    p.index[2] = c;
    p.index[3] = d;
    return p;
}

Polygon Tri(uint32_t special, int tex, uint16_t a, uint16_t b, uint16_t c) {
    Polygon p = Quad(special, tex, a, b, c, 0);
    p.count = 3;
    return p;
}

/// An axis-aligned box, 4 vertices per side; ODOL order with the visible
/// side outside ((v1-v0)x(v2-v0) outward) and stored normals pointing inward.
void AddBox(Lod &lod, Vec3 c, float h, int tex) {
    struct Side {
        Vec3 n, u, v; // outward normal, two in-plane axes with u x v = n
    };
    const Side sides[6] = {
        {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}, {{-1, 0, 0}, {0, 0, 1}, {0, 1, 0}},
        {{0, 1, 0}, {0, 0, 1}, {1, 0, 0}}, {{0, -1, 0}, {1, 0, 0}, {0, 0, 1}},
        {{0, 0, 1}, {1, 0, 0}, {0, 1, 0}}, {{0, 0, -1}, {0, 1, 0}, {1, 0, 0}},
    };
    for (const Side &s : sides) {
        const uint16_t base = static_cast<uint16_t>(lod.positions.size());
        // Corners c + h(n + a u + b v) with (a, b) = (-1,-1), (1,-1), (1,1), (-1,1):
        // (v1-v0) = 2hu, (v2-v0) = 2h(u+v), so (v1-v0)x(v2-v0) = 4h^2 u x v = +n.
        const float ca[4] = {-1, 1, 1, -1};
        const float cb[4] = {-1, -1, 1, 1};
        for (int k = 0; k < 4; ++k) {
            const float a = ca[k], b = cb[k];
            const Vec3 p{c.x + h * (s.n.x + a * s.u.x + b * s.v.x), c.y + h * (s.n.y + a * s.u.y + b * s.v.y),
                    c.z + h * (s.n.z + a * s.u.z + b * s.v.z)};
            AddVertex(lod, p, {-s.n.x, -s.n.y, -s.n.z}, {(a + 1) / 2, (b + 1) / 2});
        }
        lod.faces.push_back(Quad(0, tex, base, base + 1, base + 2, base + 3));
    }
}

} // namespace

// ---- LZSS encoder: the library's (code/Common/Lzss.h) ------------------------------

std::vector<uint8_t> LzssEncode(const uint8_t *data, size_t size, LzssSum sum) {
    const assimp_retro::LzssChecksum checksum = sum == LzssSum::None ? assimp_retro::LzssChecksum::None
            : sum == LzssSum::Unsigned                              ? assimp_retro::LzssChecksum::UnsignedBytes
                                                                    : assimp_retro::LzssChecksum::SignedBytes;
    return assimp_retro::LzssEncode(data, size, checksum);
}

std::vector<uint8_t> WriteOdol(const Model &model) {
    Bytes out;
    out.Magic("ODOL");
    out.U32(7);
    out.U32(static_cast<uint32_t>(model.lods.size()));
    for (const Lod &lod : model.lods) {
        WriteOdolLod(out, lod, model.boundingCenter);
    }
    for (const Lod &lod : model.lods) {
        out.F32(lod.resolution);
    }
    WriteModelInfo(out, model);
    return out.bytes;
}

std::vector<uint8_t> WriteMlod(const Model &model, bool p3dm) {
    // Through the exporter's writer, unchecked: a test may write what no exporter would.
    return WriteMlodBytes(ToMlod(model), p3dm ? MlodForm::P3dm : MlodForm::Sp3x);
}

Model GridModel(unsigned quadsPerSide) {
    Model model;
    model.boundingCenter = {0.25f, 1.f, -0.5f};
    model.mapType = 22;
    Lod lod;
    lod.resolution = 1.f;
    lod.textures = {"data\\grid_a.paa", "data\\grid_b.pac"};
    const unsigned side = quadsPerSide + 1;
    const float step = 4.f / static_cast<float>(quadsPerSide);
    for (unsigned j = 0; j < side; ++j) {
        for (unsigned i = 0; i < side; ++i) {
            const float x = -2.f + step * i, z = -2.f + step * j;
            // A gentle dome; the stored normal points down (away from the visible top).
            AddVertex(lod, {x, 1.f + 0.05f * (4.f - x * x), z}, {0.1f * x, -1.f, 0.f},
                    {float(i) / quadsPerSide, float(j) / quadsPerSide});
        }
    }
    auto index = [&](unsigned i, unsigned j) { return static_cast<uint16_t>(j * side + i); };
    for (int half = 0; half < 2; ++half) {
        for (unsigned j = 0; j < quadsPerSide; ++j) {
            for (unsigned i = half ? quadsPerSide / 2 : 0; i < (half ? quadsPerSide : quadsPerSide / 2); ++i) {
                // (v1-v0) x (v2-v0) = +Y: v0 (i,j), v1 (i,j+1), v2 (i+1,j+1), v3 (i+1,j)
                lod.faces.push_back(Quad(half ? 0xC100u : 0x2000u, half, index(i, j), index(i, j + 1),
                        index(i + 1, j + 1), index(i + 1, j)));
            }
        }
    }
    model.lods.push_back(std::move(lod));
    return model;
}

Model SampleModel() {
    Model model = GridModel(16); // 17x17 = 289 vertices: clip flags, UVs compressed
    model.mass = 1500.f;
    model.armor = 200.f;
    model.boundingSphere = 4.f;
    Lod &lod = model.lods[0];
    lod.faces[0].special |= kIsHidden; // hidden: must not be drawn
    // A triangle face at the end, to mix polygon sizes and one more texture index.
    lod.faces.push_back(Tri(0x2000, 0, 0, 17, 18));

    // Proxy: origin (0.5, 2, 0.25), rotated 90 degrees about Y (dir = +X).
    Proxy proxy;
    proxy.name = "data\\proxies\\driver";
    proxy.id = 1;
    const float m[12] = {0, 0, -1, 0, 1, 0, 1, 0, 0, 0.5f, 2.f, 0.25f};
    std::copy(m, m + 12, proxy.matrix);
    const uint16_t p0 = static_cast<uint16_t>(lod.positions.size());
    AddVertex(lod, {0.5f, 2.f, 0.25f}, {0, 0, 1}, {0, 0});
    AddVertex(lod, {0.5f, 3.f, 0.25f}, {0, 0, 1}, {0, 1}); // + up (short leg)
    AddVertex(lod, {2.5f, 2.f, 0.25f}, {0, 0, 1}, {1, 0}); // + 2 dir (long leg)
    lod.faces.push_back(Tri(0x3000C020, -1, p0, p0 + 1, p0 + 2));
    const uint32_t proxyFace = static_cast<uint32_t>(lod.faces.size() - 1);

    NamedSelection turret;
    turret.name = "otocvez";
    for (uint32_t f = 0; f < 128; ++f) {
        turret.faces.push_back(128 + f);
    }
    for (uint32_t v = 0; v < 289; ++v) {
        if (v % 17 >= 8) {
            turret.vertices.push_back(v);
        }
    }
    NamedSelection wheel;
    wheel.name = "kolo";
    wheel.vertices = {0, 1, 2, 3};
    wheel.vertexWeights = {255, 128, 64, 255};
    wheel.faces = {1};
    NamedSelection proxySel;
    proxySel.name = "proxy:data\\proxies\\driver.01";
    proxySel.faces = {proxyFace};
    proxySel.vertices = {p0, uint32_t(p0 + 1), uint32_t(p0 + 2)};
    lod.selections = {turret, wheel, proxySel};
    proxy.selection = 2;
    lod.proxies.push_back(proxy);
    lod.properties = {{"class", "vehicle"}, {"lodnoshadow", "1"}};

    // Two morph frames: rest, and the turret half raised by 0.5.
    Frame rest;
    rest.time = 0.f;
    rest.positions = lod.positions;
    Frame raised = rest;
    raised.time = 0.5f;
    for (uint32_t v : turret.vertices) {
        raised.positions[v].y += 0.5f;
    }
    lod.frames = {rest, raised};

    // LOD 2.000: a textured box (24 vertices on 8 points).
    Lod box;
    box.resolution = 2.f;
    box.textures = {"data\\box.paa"};
    AddBox(box, {0, 1, 0}, 1.f, 0);
    model.lods.push_back(box);

    // View Gunner: one triangle.
    Lod view;
    view.resolution = 1000.f;
    view.textures = {""};
    AddVertex(view, {0, 0, 0}, {0, -1, 0}, {0, 0});
    AddVertex(view, {0, 0, 1}, {0, -1, 0}, {0, 1});
    AddVertex(view, {1, 0, 1}, {0, -1, 0}, {1, 1});
    view.faces.push_back(Tri(0, 0, 0, 1, 2));
    model.lods.push_back(view);

    // Geometry: an untextured box.
    Lod geometry;
    geometry.resolution = 1e13f;
    AddBox(geometry, {0, 1, 0}, 1.5f, -1);
    geometry.properties = {{"class", "vehicle"}};
    model.lods.push_back(geometry);

    // Memory: named points, no faces.
    Lod memory;
    memory.resolution = 1e15f;
    AddVertex(memory, {0, 1.5f, -3.f}, {0, 0, 0}, {0, 0});
    AddVertex(memory, {0, 1.5f, -1.f}, {0, 0, 0}, {0, 0});
    AddVertex(memory, {0.5f, 2.f, 0.25f}, {0, 0, 0}, {0, 0});
    NamedSelection muzzle;
    muzzle.name = "usti hlavne";
    muzzle.vertices = {0};
    NamedSelection chamber;
    chamber.name = "konec hlavne";
    chamber.vertices = {1};
    NamedSelection driver;
    driver.name = "pos driver";
    driver.vertices = {2};
    memory.selections = {muzzle, chamber, driver};
    model.lods.push_back(memory);
    return model;
}

// ---- round-trip patterns (docs/formats/P3D.md §9.5) ------------------------------

namespace {

/// LOD `resolution`: a textured box of half-size `h` at height 1.
Lod BoxLod(float resolution, float h) {
    Lod lod;
    lod.resolution = resolution;
    lod.textures = {"data\\box.paa"};
    AddBox(lod, {0, 1, 0}, h, 0);
    return lod;
}

/// A model whose LOD 1.000 is a box, centred off the origin as a binarised model is.
Model BoxModel() {
    Model model;
    model.boundingCenter = {0.25f, 1.f, -0.5f};
    model.mapType = 22;
    model.lods.push_back(BoxLod(1.f, 1.f));
    return model;
}

/// A vertex at (x, 2.5, z), above the box: UV from its place, the stored
/// normal pointing down (away from the visible top).
uint16_t AddTopVertex(Lod &lod, float x, float z) {
    AddVertex(lod, {x, 2.5f, z}, {0, -1, 0}, {x / 4.f, z / 4.f});
    return static_cast<uint16_t>(lod.positions.size() - 1);
}

} // namespace

Model NonFlatQuadModel() {
    Model model = BoxModel();
    // The box's top side (vertices 8..11, AddBox's third side): its corner
    // (1, 1) raised, so the quad's two halves are not in one plane.
    model.lods[0].positions[10].y += 0.3f;
    return model;
}

Model CollinearQuadModel() {
    Model model = BoxModel();
    Lod &lod = model.lods[0];
    // (v1 - v0) x (v2 - v0) = +Y: seen from above. Corners 0, 1, 2 on a line:
    // the engine's half (0, 1, 2) has zero area.
    const uint16_t a = AddTopVertex(lod, 0.f, 0.f), b = AddTopVertex(lod, 0.5f, 0.5f), c = AddTopVertex(lod, 1.f, 1.f),
                   d = AddTopVertex(lod, 1.f, 0.f);
    lod.faces.push_back(Quad(0, 0, a, b, c, d));
    // Corners 0, 2, 3 on a line: the half (0, 2, 3) has zero area.
    const uint16_t e = AddTopVertex(lod, 2.f, 0.f), f = AddTopVertex(lod, 2.f, 1.f), g = AddTopVertex(lod, 3.f, 1.f),
                   h = AddTopVertex(lod, 2.5f, 0.5f);
    lod.faces.push_back(Quad(0, 0, e, f, g, h));
    return model;
}

Model ZeroAreaFaceModel() {
    Model model = BoxModel();
    Lod &lod = model.lods[0];
    lod.textures.push_back("data\\flat.paa"); // used by no face with area: its material has no mesh
    NamedSelection flat;
    flat.name = "zbytek";
    const uint16_t line[3] = {AddTopVertex(lod, 0.f, 0.f), AddTopVertex(lod, 1.f, 0.f), AddTopVertex(lod, 2.f, 0.f)};
    lod.faces.push_back(Tri(0, 1, line[0], line[1], line[2]));
    uint16_t point[3];
    for (uint16_t &v : point) {
        v = AddTopVertex(lod, 3.f, 3.f);
    }
    lod.uvs[point[1]] = {0.5f, 0.25f}; // one point, three UVs
    lod.faces.push_back(Tri(0, 0, point[0], point[1], point[2]));
    const uint16_t q[4] = {AddTopVertex(lod, 0.f, 2.f), AddTopVertex(lod, 1.f, 2.f), AddTopVertex(lod, 2.f, 2.f),
            AddTopVertex(lod, 3.f, 2.f)};
    lod.faces.push_back(Quad(0, 1, q[0], q[1], q[2], q[3]));
    for (uint32_t f = 6; f < 9; ++f) {
        flat.faces.push_back(f);
    }
    for (uint32_t v = line[0]; v < lod.positions.size(); ++v) {
        flat.vertices.push_back(v);
        flat.vertexWeights.push_back(v == point[0] ? 128 : 255);
    }
    lod.selections = {flat};
    return model;
}

Model UnlistedProxySelectionModel() {
    Model model = BoxModel();
    Lod &lod = model.lods[0];
    // A listed proxy: its placeholder triangle (hidden) and selection.
    Proxy proxy;
    proxy.name = "data\\proxies\\driver";
    proxy.id = 1;
    const float m[12] = {1, 0, 0, 0, 1, 0, 0, 0, 1, 0.5f, 2.f, 0.25f};
    std::copy(m, m + 12, proxy.matrix);
    const uint16_t p0 = static_cast<uint16_t>(lod.positions.size());
    AddVertex(lod, {0.5f, 2.f, 0.25f}, {1, 0, 0}, {0, 0});
    AddVertex(lod, {0.5f, 3.f, 0.25f}, {1, 0, 0}, {0, 1});
    AddVertex(lod, {0.5f, 2.f, 2.25f}, {1, 0, 0}, {1, 0});
    lod.faces.push_back(Tri(kIsHiddenProxy, -1, p0, p0 + 1, p0 + 2));
    NamedSelection listed;
    listed.name = "proxy:data\\proxies\\driver.01";
    listed.faces = {6};
    listed.vertices = {p0, uint32_t(p0 + 1), uint32_t(p0 + 2)};
    proxy.selection = 0;
    lod.proxies.push_back(proxy);
    // "proxy:cargo.06": an ordinary selection with a face of its own.
    NamedSelection cargo;
    cargo.name = "proxy:cargo.06";
    const uint16_t a = AddTopVertex(lod, 0.f, 0.f), b = AddTopVertex(lod, 0.f, 1.f), c = AddTopVertex(lod, 1.f, 1.f);
    lod.faces.push_back(Tri(0, 0, a, b, c));
    cargo.faces = {7};
    cargo.vertices = {a, b, c};
    cargo.vertexWeights = {255, 128, 255};
    lod.selections = {listed, cargo};
    return model;
}

Model LoosePointSelectionModel() {
    Model model = BoxModel();
    model.lods.push_back(BoxLod(2.f, 0.8f));
    for (Lod &lod : model.lods) {
        // The commander's turret axis: points of no face.
        NamedSelection axis;
        axis.name = "otocvelitele";
        for (float y : {2.5f, 3.f}) {
            AddVertex(lod, {0.2f, y, 0.f}, {0, 0, 0}, {0, 0});
            axis.vertices.push_back(static_cast<uint32_t>(lod.positions.size() - 1));
        }
        NamedSelection top;
        top.name = "vez";
        top.vertices = {8, 9, 10, 11};
        top.faces = {2};
        lod.selections = {axis, top};
    }
    return model;
}

Model UnsortedLodsModel() {
    Model model = BoxModel();
    model.boundingCenter = {};
    Lod memory;
    memory.resolution = 1e15f;
    AddVertex(memory, {0, 1.5f, -3.f}, {0, 0, 0}, {0, 0});
    NamedSelection muzzle;
    muzzle.name = "usti hlavne";
    muzzle.vertices = {0};
    memory.selections = {muzzle};
    model.lods.push_back(memory);
    model.lods.push_back(BoxLod(2.f, 0.8f));
    Lod geometry = BoxLod(1e13f, 1.2f);
    geometry.textures.clear();
    for (Polygon &face : geometry.faces) {
        face.texIndex = -1;
    }
    model.lods.push_back(geometry);
    return model;
}

} // namespace p3d
} // namespace retro_test
