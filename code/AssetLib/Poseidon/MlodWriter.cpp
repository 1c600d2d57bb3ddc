// assimp-retro: MLOD (SP3X) bytes from MlodModel, and the rules OFP's tools
// need checked first (docs/formats/P3D.md §5, §9).
#include "MlodModel.h"

#include "Common/ExportError.h"
#include "Common/FiniteValues.h"
#include "Common/LittleEndianWriter.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <tuple>
#include <unordered_set>

namespace assimp_retro {
namespace p3d {

namespace {

class Bytes : public LittleEndianWriter {
public:
    void V3(const Vec3 &v) {
        F32(v.x);
        F32(v.y);
        F32(v.z);
    }
    /// A fixed-size, NUL-padded text field (the caller checked the length).
    void Fixed(const std::string &s, size_t n) {
        std::string t = s.substr(0, n);
        t.resize(n, '\0');
        Raw(t.data(), n);
    }
    void CStr(const std::string &s) { Raw(s.c_str(), s.size() + 1); }
    void Tag(const std::string &name, const std::vector<uint8_t> &payload) {
        if (p3dm) {
            U8(1); // active
            CStr(name);
        } else {
            Fixed(name, 64);
        }
        U32(static_cast<uint32_t>(payload.size()));
        Raw(payload);
    }
    bool p3dm = false;
};

/// Object Builder's selection byte: 0 = not selected, 1 = fully, else 256 - weight.
uint8_t SelectionByte(uint8_t weight) {
    return weight == 0 ? 0 : weight == 255 ? 1 : static_cast<uint8_t>(256 - weight);
}

[[noreturn]] void Fail(size_t lod, const std::string &what) {
    ThrowExportError("P3D export: LOD " + std::to_string(lod) + ": " + what);
}

void CheckName(size_t l, const std::string &what, const std::string &text, size_t max) {
    if (text.size() > max) {
        Fail(l,
                what + " '" + text + "' has " + std::to_string(text.size()) + " characters; MLOD holds " +
                        std::to_string(max));
    }
    if (text.find('\0') != std::string::npos) {
        Fail(l, what + " '" + text.c_str() + "...' contains a NUL character");
    }
}

void CheckFaces(size_t l, const MlodLod &lod) {
    // The importer (and the binariser) makes one vertex per distinct (point,
    // normal, uv) corner, plus one per unused point: ODOL's 16-bit indices.
    // Distinct corners: sorted keys (a set of tuples costs a node per corner).
    struct Corner {
        uint32_t point, normal, u, v; // u, v as their bits: equal bits, one vertex (as the reader keys them)
        bool operator<(const Corner &o) const {
            return std::tie(point, normal, u, v) < std::tie(o.point, o.normal, o.u, o.v);
        }
        bool operator==(const Corner &o) const {
            return point == o.point && normal == o.normal && u == o.u && v == o.v;
        }
    };
    std::vector<Corner> corners;
    corners.reserve(4 * lod.faces.size());
    std::vector<bool> usedPoint(lod.points.size(), false);
    for (size_t f = 0; f < lod.faces.size(); ++f) {
        const MlodFace &face = lod.faces[f];
        if (face.count != 3 && face.count != 4) {
            Fail(l, "face " + std::to_string(f) + " has " + std::to_string(face.count) + " corners (3 or 4)");
        }
        CheckName(l, "face " + std::to_string(f) + " texture path", face.texture, kMlodTextureChars);
        for (unsigned k = 0; k < face.count; ++k) {
            const MlodCorner &c = face.corners[k];
            if (c.point >= lod.points.size() || c.normal >= lod.normals.size()) {
                Fail(l,
                        "face " + std::to_string(f) + " corner " + std::to_string(k) +
                                " names a missing point or normal");
            }
            if (!std::isfinite(c.u) || !std::isfinite(c.v)) {
                Fail(l, "face " + std::to_string(f) + " has a non-finite texture coordinate");
            }
            usedPoint[c.point] = true;
            Corner corner{c.point, c.normal, 0, 0};
            std::memcpy(&corner.u, &c.u, 4);
            std::memcpy(&corner.v, &c.v, 4);
            corners.push_back(corner);
        }
    }
    std::sort(corners.begin(), corners.end());
    size_t vertices = std::unique(corners.begin(), corners.end()) - corners.begin();
    for (bool used : usedPoint) {
        vertices += used ? 0 : 1;
    }
    if (vertices > kMlodMaxVertices) {
        Fail(l,
                std::to_string(vertices) + " vertices (distinct point, normal and UV corners) exceed the " +
                        std::to_string(kMlodMaxVertices) + " a LOD may hold");
    }
}

void CheckTags(size_t l, const MlodLod &lod) {
    for (const auto &property : lod.properties) {
        CheckName(l, "property name", property.first, kMlodPropertyChars);
        CheckName(l, "property value", property.second, kMlodPropertyChars);
    }
    std::unordered_set<std::string> names;
    for (const MlodSelection &sel : lod.selections) {
        CheckName(l, "selection name", sel.name, kMlodTagNameChars);
        if (sel.name.empty() || sel.name[0] == '#') {
            Fail(l, "selection name '" + sel.name + "' is empty or starts with '#' (reserved for tags)");
        }
        if (!names.insert(sel.name).second) {
            Fail(l, "two selections are named '" + sel.name + "'");
        }
        if (sel.pointWeights.size() != lod.points.size() || sel.faces.size() != lod.faces.size()) {
            Fail(l, "selection '" + sel.name + "' does not have one entry per point and per face");
        }
    }
    for (size_t i = 0; i < lod.frames.size(); ++i) {
        if (lod.frames[i].points.size() != lod.points.size()) {
            Fail(l, "morph frame " + std::to_string(i) + " does not have one position per point");
        }
        for (const Vec3 &p : lod.frames[i].points) {
            if (!Finite(p)) {
                Fail(l, "morph frame " + std::to_string(i) + " has a non-finite position");
            }
        }
        if (!std::isfinite(lod.frames[i].time)) {
            Fail(l, "morph frame " + std::to_string(i) + " has a non-finite time");
        }
    }
    if (!lod.mass.empty() && lod.mass.size() != lod.points.size()) {
        Fail(l, "#Mass# does not have one value per point");
    }
    for (float m : lod.mass) {
        if (!std::isfinite(m) || m < 0.f) {
            Fail(l, "a point mass is negative or not finite");
        }
    }
}

void WriteLod(Bytes &out, const MlodLod &lod) {
    out.Raw(out.p3dm ? "P3DM" : "SP3X", 4);
    out.I32(28); // header size
    out.I32(out.p3dm ? 0x100 : 0x99); // SP3X: the version in every OFP file
    out.I32(static_cast<int32_t>(lod.points.size()));
    out.I32(static_cast<int32_t>(lod.normals.size()));
    out.I32(static_cast<int32_t>(lod.faces.size()));
    out.U32(0);
    for (size_t p = 0; p < lod.points.size(); ++p) {
        out.V3(lod.points[p]);
        out.U32(lod.pointFlags.empty() ? 0 : lod.pointFlags[p]);
    }
    for (const Vec3 &n : lod.normals) {
        out.V3(n);
    }
    for (const MlodFace &face : lod.faces) {
        if (!out.p3dm) {
            out.Fixed(face.texture, 32);
        }
        out.I32(face.count);
        for (unsigned k = 0; k < 4; ++k) {
            const MlodCorner c = k < face.count ? face.corners[k] : MlodCorner();
            out.I32(static_cast<int32_t>(c.point));
            out.I32(static_cast<int32_t>(c.normal));
            out.F32(c.u);
            out.F32(c.v);
        }
        out.U32(face.flags);
        if (out.p3dm) {
            out.CStr(face.texture);
            out.CStr(""); // material (.rvmat): none in OFP
        }
    }
    out.Raw("TAGG", 4);
    for (const auto &property : lod.properties) {
        Bytes payload;
        payload.Fixed(property.first, 64);
        payload.Fixed(property.second, 64);
        out.Tag("#Property#", payload.bytes);
    }
    for (const MlodSelection &sel : lod.selections) {
        std::vector<uint8_t> payload;
        payload.reserve(sel.pointWeights.size() + sel.faces.size());
        for (uint8_t w : sel.pointWeights) {
            payload.push_back(SelectionByte(w));
        }
        for (uint8_t f : sel.faces) {
            payload.push_back(f ? 1 : 0);
        }
        out.Tag(sel.name, payload);
    }
    if (!lod.mass.empty()) {
        Bytes payload;
        for (float m : lod.mass) {
            payload.F32(m);
        }
        out.Tag("#Mass#", payload.bytes);
    }
    for (const MlodFrame &frame : lod.frames) {
        Bytes payload;
        payload.F32(frame.time);
        for (const Vec3 &p : frame.points) {
            payload.V3(p);
        }
        out.Tag("#Animation#", payload.bytes);
    }
    out.Tag("#EndOfFile#", {});
    out.F32(lod.resolution);
}

} // namespace

void CheckMlod(const MlodFile &file) {
    if (file.lods.empty() || file.lods.size() > kMlodMaxLods) {
        ThrowExportError("P3D export: " + std::to_string(file.lods.size()) + " LODs (an MLOD holds 1 to " +
                std::to_string(kMlodMaxLods) + ")");
    }
    for (size_t l = 0; l < file.lods.size(); ++l) {
        const MlodLod &lod = file.lods[l];
        if (!std::isfinite(lod.resolution) || lod.resolution < 0.f) {
            Fail(l, "resolution is negative or not finite");
        }
        if (!lod.pointFlags.empty() && lod.pointFlags.size() != lod.points.size()) {
            Fail(l, "point flags do not match the points");
        }
        for (const Vec3 &p : lod.points) {
            if (!Finite(p)) {
                Fail(l, "a point has a non-finite position");
            }
        }
        for (const Vec3 &n : lod.normals) {
            if (!Finite(n)) {
                Fail(l, "a normal is not finite");
            }
        }
        if (lod.points.size() > kMlodMaxVertices) {
            Fail(l,
                    std::to_string(lod.points.size()) + " points exceed the " + std::to_string(kMlodMaxVertices) +
                            " a LOD may hold");
        }
        CheckFaces(l, lod);
        CheckTags(l, lod);
    }
}

std::vector<uint8_t> WriteMlodBytes(const MlodFile &file, MlodForm form) {
    Bytes out;
    out.p3dm = form == MlodForm::P3dm;
    out.Raw("MLOD", 4);
    out.U32(0x101);
    out.U32(static_cast<uint32_t>(file.lods.size()));
    for (const MlodLod &lod : file.lods) {
        WriteLod(out, lod);
    }
    return std::move(out.bytes);
}

} // namespace p3d
} // namespace assimp_retro
