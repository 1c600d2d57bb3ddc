#include "AbcLt2Writer.h"

#include "AbcByteWriter.h"

#include <algorithm>

namespace assimp_retro {
namespace abc {
namespace lt2 {

namespace {

using Out = AbcByteWriter;

bool V13Keys(uint32_t version) {
    return version == 13 || version == 108;
}

/// Which layout each UNSURE place is written in (ABC.md 2.4; model.layout when set).
struct Layout {
    bool distancesFromLodCount = false;
    bool lodWeight = false;
    bool childRelation36 = false;
    bool compression = true, interpolation = true;
    bool oneBindingList = false;

    explicit Layout(const Model &m) {
        const uint32_t v = m.header.version;
        const LayoutChoices &c = m.layout;
        distancesFromLodCount = c.lodDistances == "LODCount";
        lodWeight = c.pieceLodWeight.empty() ? v >= 10 : c.pieceLodWeight == "yes";
        childRelation36 = c.childModelRelation.empty() ? false : c.childModelRelation == "36 bytes";
        if (c.animationHeader.empty()) {
            interpolation = v >= 12;
        } else {
            compression = c.animationHeader != "none";
            interpolation = c.animationHeader == "compression+interpolation";
        }
        oneBindingList = c.animBindings == "one list";
    }
};

std::vector<uint8_t> HeaderPayload(const Model &m, const Layout &layout) {
    const Header &h = m.header;
    uint32_t keyframes = 0, faces = 0, vertices = 0, weights = 0, stringLength = 0;
    for (const Animation &a : m.animations)
        keyframes += static_cast<uint32_t>(a.keyframes.size());
    for (const Piece &p : m.pieces) {
        for (const Lod &l : p.lods) {
            faces += static_cast<uint32_t>(l.faces.size());
            vertices += static_cast<uint32_t>(l.vertices.size());
            weights += static_cast<uint32_t>(l.weights.size());
        }
    }
    for (const Node &n : m.nodes)
        stringLength += static_cast<uint32_t>(n.name.size());
    Out out;
    out.U32(h.version);
    out.U32(keyframes);
    out.U32(static_cast<uint32_t>(m.animations.size()));
    out.U32(static_cast<uint32_t>(m.nodes.size()));
    out.U32(static_cast<uint32_t>(m.pieces.size()));
    out.U32(static_cast<uint32_t>(m.childModels.size()));
    out.U32(faces);
    out.U32(vertices);
    out.U32(weights);
    out.U32(h.lodCount);
    out.U32(static_cast<uint32_t>(m.sockets.size()));
    out.U32(static_cast<uint32_t>(m.weightSets.size()));
    out.U32(static_cast<uint32_t>(m.nodes.size() + m.pieces.size()));
    out.U32(stringLength);
    const size_t extra = h.version == 13 ? 1 : h.version == 108 ? 3 : 0;
    for (size_t i = 0; i < extra; ++i)
        out.U32(i < h.extra.size() ? h.extra[i] : 0);
    out.String(h.commandString);
    out.F32(h.internalRadius);
    out.U32(static_cast<uint32_t>(h.lodDistances.size()));
    out.Zeros(60);
    const size_t n = layout.distancesFromLodCount ? h.lodCount : h.lodDistances.size();
    for (size_t i = 0; i < n; ++i)
        out.F32(i < h.lodDistances.size() ? h.lodDistances[i] : 0.f);
    return std::move(out.bytes);
}

std::vector<uint8_t> PiecesPayload(const Model &m, const Layout &layout) {
    const uint32_t version = m.header.version;
    uint32_t weights = 0;
    for (const Piece &p : m.pieces)
        for (const Lod &l : p.lods)
            weights += static_cast<uint32_t>(l.weights.size());
    Out out;
    out.U32(weights);
    out.U32(static_cast<uint32_t>(m.pieces.size()));
    for (const Piece &p : m.pieces) {
        out.U16(p.materialIndex);
        if (version == 108) out.Raw(p.v108Extra.data(), p.v108Extra.size());
        out.F32(p.specularPower);
        out.F32(p.specularScale);
        if (layout.lodWeight) out.F32(p.lodWeight);
        out.U16(p.unknown);
        out.String(p.name);
        for (const Lod &l : p.lods) {
            out.U32(static_cast<uint32_t>(l.faces.size()));
            for (const Face &f : l.faces) {
                for (const FaceCorner &c : f.corners) {
                    out.F32(c.u);
                    out.F32(c.v);
                    out.U16(c.vertex);
                }
            }
            out.U32(static_cast<uint32_t>(l.vertices.size()));
            for (const Vertex &v : l.vertices) {
                if (version == 108) {
                    out.U8(static_cast<uint8_t>(v.weightCount));
                    out.U8(static_cast<uint8_t>(v.replacement));
                    out.Zeros(2);
                } else {
                    out.U16(static_cast<uint16_t>(v.weightCount));
                    out.U16(v.replacement);
                }
                for (size_t w = v.firstWeight; w < v.firstWeight + v.weightCount && w < l.weights.size(); ++w) {
                    out.U32(l.weights[w].node);
                    out.Vector(l.weights[w].location);
                    out.F32(l.weights[w].bias);
                }
                out.Vector(v.position);
                out.Vector(v.normal);
            }
        }
    }
    return std::move(out.bytes);
}

std::vector<uint8_t> NodesPayload(const Model &m) {
    const uint32_t version = m.header.version;
    Out out;
    auto weightSets = [&]() {
        out.U32(static_cast<uint32_t>(m.weightSets.size()));
        for (const WeightSet &ws : m.weightSets) {
            out.String(ws.name);
            out.U32(static_cast<uint32_t>(ws.weights.size()));
            for (float w : ws.weights)
                out.F32(w);
        }
    };
    if (version == 108) weightSets();
    for (const Node &n : m.nodes) {
        out.String(n.name);
        out.U16(n.index);
        out.U8(n.flags);
        if (version == 108) out.U32(n.v108Extra);
        for (float f : n.bind)
            out.F32(f);
        out.U32(n.numChildren);
    }
    if (version != 108) weightSets();
    return std::move(out.bytes);
}

std::vector<uint8_t> ChildModelsPayload(const Model &m, const Layout &layout) {
    Out out;
    out.U16(static_cast<uint16_t>(m.childModels.size()));
    for (const ChildModel &c : m.childModels) {
        out.String(c.name);
        out.U32(c.buildNumber);
        for (size_t i = 0; i < m.nodes.size(); ++i) {
            const ChildModel::Relation r = i < c.relations.size() ? c.relations[i] : ChildModel::Relation();
            out.Vector(r.pos);
            out.Rotation(r.rot);
            if (layout.childRelation36) {
                out.F32(r.v13Extra[0]);
                out.F32(r.v13Extra[1]);
            }
        }
    }
    return std::move(out.bytes);
}

std::vector<uint8_t> AnimationPayload(const Model &m, const Layout &layout) {
    const uint32_t version = m.header.version;
    Out out;
    out.U32(static_cast<uint32_t>(m.animations.size()));
    for (const Animation &a : m.animations) {
        out.Vector(a.extents);
        out.String(a.name);
        if (layout.compression) out.U32(a.compressionType);
        if (layout.interpolation) out.U32(a.interpolationMs);
        out.U32(static_cast<uint32_t>(a.keyframes.size()));
        for (const Keyframe &k : a.keyframes) {
            out.U32(k.timeMs);
            out.String(k.command);
        }
        for (size_t n = 0; n < m.nodes.size(); ++n) {
            if (V13Keys(version)) out.I32(n < a.tracks.size() ? a.tracks[n].lead : -1);
            for (size_t k = 0; k < a.keyframes.size(); ++k) {
                const size_t index = n * a.keyframes.size() + k;
                const NodeKey key = index < a.keys.size() ? a.keys[index] : NodeKey();
                out.Vector(key.pos);
                out.Rotation(key.rot);
                if (V13Keys(version)) {
                    out.F32(key.extra[0]);
                    out.F32(key.extra[1]);
                }
            }
        }
    }
    return std::move(out.bytes);
}

std::vector<uint8_t> SocketsPayload(const Model &m) {
    Out out;
    out.U32(static_cast<uint32_t>(m.sockets.size()));
    for (const Socket &s : m.sockets) {
        out.U32(s.node);
        out.String(s.name);
        out.Rotation(s.rot);
        out.Vector(s.pos);
    }
    return std::move(out.bytes);
}

std::vector<uint8_t> AnimBindingsPayload(const Model &m, const Layout &layout) {
    Out out;
    const size_t lists = layout.oneBindingList ? 1 : m.childModels.size();
    for (size_t l = 0; l < lists; ++l) {
        static const std::vector<AnimBinding> none;
        const std::vector<AnimBinding> &list = l < m.animBindings.size() ? m.animBindings[l] : none;
        out.U32(static_cast<uint32_t>(list.size()));
        for (const AnimBinding &b : list) {
            out.String(b.animName);
            out.Vector(b.dims);
            out.Vector(b.translation);
        }
    }
    return std::move(out.bytes);
}

} // namespace

std::vector<AbcSection> Sections(const Model &model) {
    const Layout layout(model);
    std::vector<AbcSection> sections;
    sections.push_back({"Header", HeaderPayload(model, layout)});
    sections.push_back({"Pieces", PiecesPayload(model, layout)});
    sections.push_back({"Nodes", NodesPayload(model)});
    sections.push_back({"ChildModels", ChildModelsPayload(model, layout)});
    sections.push_back({"Animation", AnimationPayload(model, layout)});
    sections.push_back({"Sockets", SocketsPayload(model)});
    sections.push_back({"AnimBindings", AnimBindingsPayload(model, layout)});
    return sections;
}

std::vector<uint8_t> Write(const Model &model) {
    return ChainSections(Sections(model));
}

} // namespace lt2
} // namespace abc
} // namespace assimp_retro
