#include "AbcLt1Writer.h"

#include "AbcByteWriter.h"

namespace assimp_retro {
namespace abc {

namespace {

class Out : public AbcByteWriter {
public:
    void Normal(const ByteNormal &n) {
        U8(static_cast<uint8_t>(n.x));
        U8(static_cast<uint8_t>(n.y));
        U8(static_cast<uint8_t>(n.z));
    }
};

std::vector<uint8_t> HeaderPayload(const Lt1OutModel &model) {
    Out out;
    out.String(model.fileToken);
    out.String(model.commandString);
    return std::move(out.bytes);
}

std::vector<uint8_t> GeometryPayload(const Lt1Geometry &g) {
    Out out;
    out.Vector(g.boundsMin);
    out.Vector(g.boundsMax);
    out.U32(g.lodSteps);
    for (uint16_t s : g.vertexStartNum) {
        out.U16(s);
    }
    out.U32(static_cast<uint32_t>(g.triangles.size()));
    for (const Lt1Triangle &t : g.triangles) {
        for (int c = 0; c < 3; ++c) {
            out.F32(t.u[c]);
            out.F32(t.v[c]);
        }
        for (int c = 0; c < 3; ++c) {
            out.U16(static_cast<uint16_t>(t.vertex[c]));
        }
        out.Normal(t.normal);
    }
    out.U32(static_cast<uint32_t>(g.vertices.size()));
    out.U32(g.normalVerts);
    for (const Lt1Vertex &v : g.vertices) {
        out.Vector(v.position);
        out.Normal(v.normal);
        out.U8(v.node);
        out.U16(v.replacements[0]);
        out.U16(v.replacements[1]);
    }
    return std::move(out.bytes);
}

std::vector<uint8_t> NodesPayload(const std::vector<Lt1Node> &nodes) {
    Out out;
    for (const Lt1Node &n : nodes) {
        out.Vector(n.boundsMin);
        out.Vector(n.boundsMax);
        out.String(n.name);
        out.U16(n.transformIndex);
        out.U8(n.flags);
        out.U32(static_cast<uint32_t>(n.mdVertices.size()));
        for (uint16_t v : n.mdVertices) {
            out.U16(v);
        }
        out.U32(n.numChildren);
    }
    return std::move(out.bytes);
}

std::vector<uint8_t> AnimationPayload(const std::vector<Lt1OutAnimation> &animations) {
    Out out;
    out.U32(static_cast<uint32_t>(animations.size()));
    for (const Lt1OutAnimation &a : animations) {
        out.String(a.name);
        out.U32(a.length);
        out.Vector(a.boundsMin);
        out.Vector(a.boundsMax);
        out.U32(static_cast<uint32_t>(a.keyframes.size()));
        for (const Lt1KeyframeInfo &k : a.keyframes) {
            out.U32(k.time);
            out.Vector(k.boundsMin);
            out.Vector(k.boundsMax);
            out.String(k.command);
        }
        for (const Lt1OutTrack &track : a.nodes) {
            for (const Lt1NodeKey &key : track.keys) {
                out.Vector(key.position);
                out.Rotation(key.rotation);
            }
            out.Raw(track.mdFrames);
            out.Vector(track.mdScale);
            out.Vector(track.mdTranslate);
        }
    }
    return std::move(out.bytes);
}

} // namespace

std::vector<AbcSection> Lt1Sections(const Lt1OutModel &model) {
    std::vector<AbcSection> sections;
    sections.push_back({"Header", HeaderPayload(model)});
    sections.push_back({"Geometry", GeometryPayload(model.geometry)});
    sections.push_back({"Nodes", NodesPayload(model.nodes)});
    sections.push_back({"Animation", AnimationPayload(model.animations)});
    Out dims;
    for (const Lt1OutAnimation &a : model.animations) {
        dims.Vector(a.dims);
    }
    sections.push_back({"AnimDims", std::move(dims.bytes)});
    if (model.hasTransformInfo) {
        Out info;
        info.I32(model.flipGeom);
        info.I32(model.flipAnim);
        sections.push_back({"TransformInfo", std::move(info.bytes)});
    }
    return sections;
}

std::vector<uint8_t> ChainSections(const std::vector<AbcSection> &sections, std::vector<size_t> *sectionStart) {
    size_t total = 0;
    for (const AbcSection &s : sections) {
        total += 2 + s.name.size() + 4 + s.payload.size();
    }
    Out out;
    out.bytes.reserve(total);
    for (size_t i = 0; i < sections.size(); ++i) {
        if (sectionStart) {
            sectionStart->push_back(out.bytes.size());
        }
        out.String(sections[i].name);
        const size_t next = out.bytes.size() + 4 + sections[i].payload.size();
        out.I32(i + 1 < sections.size() ? static_cast<int32_t>(next) : -1);
        out.Raw(sections[i].payload);
    }
    return std::move(out.bytes);
}

std::vector<uint8_t> WriteLt1(const Lt1OutModel &model) {
    return ChainSections(Lt1Sections(model));
}

} // namespace abc
} // namespace assimp_retro
