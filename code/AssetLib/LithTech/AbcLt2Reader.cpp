#include "AbcLt2Reader.h"

#include "Common/BinaryReader.h"
#include "Common/ImportError.h"

#include <cstring>

namespace assimp_retro {
namespace abc {
namespace lt2 {

namespace {

const char *const kFormat = "ABC";

bool KnownVersion(uint32_t version) {
    return (version >= 9 && version <= 13) || version == 108;
}

Mat4 ReadMat4(BinaryReader &r, const char *field) {
    Mat4 m;
    for (float &f : m) {
        f = r.FiniteF32(field);
    }
    return m;
}

/// Runs the candidate layouts `names` in order on the section payload, each
/// on a fresh Section (`parse(candidate index, reader, section)`; the parser
/// may read the rest of the model), and keeps the first that reads without
/// error and ends exactly at the payload end: it is moved to `out` and its
/// name returned. `out` is only changed by the winning candidate.
template <typename Section, typename Parse>
const char *ParseWithVariants(BinaryReader &payload, const std::string &section,
        std::initializer_list<const char *> names, Parse parse, Section &out) {
    const size_t start = payload.AbsoluteOffset();
    std::string tried;
    size_t index = 0;
    for (const char *name : names) {
        payload.Seek(0, "section start");
        Section candidate{};
        std::string outcome;
        try {
            parse(index++, payload, candidate);
            if (payload.AtEnd()) {
                out = std::move(candidate);
                return name;
            }
            outcome = "payload ends at " + HexOffset(payload.AbsoluteOffset()) + ", " +
                    std::to_string(payload.Remaining()) + " bytes before the section end";
        } catch (const ImportError &e) {
            outcome = e.what();
        }
        tried += "\n  - " + (names.size() > 1 ? "layout '" + std::string(name) + "': " : std::string()) + outcome;
    }
    throw ImportError(payload.Prefix() + "section '" + section + "' (bytes " + HexOffset(start) + "-" +
            HexOffset(start + payload.Size()) + ") does not end at its next-section offset " +
            HexOffset(start + payload.Size()) + (names.size() > 1 ? " with any known layout:" : ":") + tried);
}

// ---- Header -------------------------------------------------------------------

void ReadHeader(BinaryReader &r, Header &h, bool distancesFromLodCount) {
    h.version = r.U32("Version");
    if (!KnownVersion(h.version)) {
        r.FailAt(r.Offset() - 4, "unsupported ABC version " + std::to_string(h.version) + " (known: 9-13, 108)",
                "Version");
    }
    h.keyframeCount = r.U32("KeyframeCount");
    h.animationCount = r.U32("AnimationCount");
    h.nodeCount = r.U32("NodeCount");
    h.pieceCount = r.U32("PieceCount");
    h.childModelCount = r.U32("ChildModelCount");
    h.faceCount = r.U32("FaceCount");
    h.vertexCount = r.U32("VertexCount");
    h.weightCount = r.U32("WeightCount");
    h.lodCount = r.U32("LODCount");
    h.socketCount = r.U32("SocketCount");
    h.weightSetCount = r.U32("WeightSetCount");
    h.stringCount = r.U32("StringCount");
    h.stringLengthTotal = r.U32("StringLengthTotal");
    // v13's extra u32 sits after StringLengthTotal (Python reader, Assimp-LTABC) or
    // after WeightSetCount (pc_abc_v13.bt); either way it is 4 bytes before the
    // command string and no parsing depends on the two string totals.
    const unsigned extra = h.version == 13 ? 1 : h.version == 108 ? 3 : 0;
    h.extra.clear();
    for (unsigned i = 0; i < extra; ++i) {
        h.extra.push_back(r.U32("extra header field"));
    }
    h.commandString = r.String16("CommandString");
    h.internalRadius = r.F32("InternalRadius");
    h.lodDistanceCount = r.U32("LODDistanceCount");
    r.Skip(60, "Padding");
    const uint64_t n = distancesFromLodCount ? h.lodCount : h.lodDistanceCount;
    const size_t count = r.CheckCount(n, 4, "LODDistances");
    h.lodDistances.resize(count);
    for (float &d : h.lodDistances) {
        d = r.F32("LODDistances");
    }
}

// ---- Pieces -------------------------------------------------------------------

void ReadLod(BinaryReader &r, const Header &h, Lod &lod) {
    const size_t faceCount = r.CheckCount(uint64_t(r.U32("FaceCount")), 30, "FaceCount");
    lod.faces.resize(faceCount);
    for (Face &face : lod.faces) {
        for (FaceCorner &c : face.corners) {
            c.u = r.FiniteF32("face u");
            c.v = r.FiniteF32("face v");
            c.vertex = r.U16("face vertex index");
        }
    }
    const size_t vertexCount = r.CheckCount(uint64_t(r.U32("VertexCount")), 28, "VertexCount");
    lod.vertices.resize(vertexCount);
    lod.weights.reserve(vertexCount); // most vertices have one weight
    for (Vertex &v : lod.vertices) {
        size_t weightCount;
        if (h.version == 108) {
            weightCount = r.U8("vertex weight count");
            v.replacement = r.U8("vertex replacement");
            r.Skip(2, "vertex padding");
        } else {
            weightCount = r.U16("vertex weight count");
            v.replacement = r.U16("vertex replacement");
        }
        r.CheckCount(uint64_t(weightCount), 20, "vertex weights");
        v.firstWeight = lod.weights.size();
        v.weightCount = static_cast<uint32_t>(weightCount);
        for (size_t k = 0; k < weightCount; ++k) {
            Weight w;
            const size_t at = r.Offset();
            w.node = r.U32("weight node index");
            if (w.node >= h.nodeCount) {
                r.FailAt(at,
                        "node index " + std::to_string(w.node) + " is not below NodeCount " +
                                std::to_string(h.nodeCount),
                        "weight node index");
            }
            w.location = ReadVec3(r, "weight location");
            w.bias = r.FiniteF32("weight bias");
            lod.weights.push_back(w);
        }
        v.position = ReadVec3(r, "vertex position");
        v.normal = ReadVec3(r, "vertex normal");
    }
    for (size_t f = 0; f < lod.faces.size(); ++f) {
        for (const FaceCorner &c : lod.faces[f].corners) {
            if (c.vertex >= lod.vertices.size()) {
                r.Fail("face " + std::to_string(f) + " uses vertex " + std::to_string(c.vertex) + " but the LOD has " +
                        std::to_string(lod.vertices.size()) + " vertices");
            }
        }
    }
}

void ReadPieces(BinaryReader &r, const Model &m, std::vector<Piece> &pieces, bool hasLodWeight) {
    const Header &h = m.header;
    r.U32("WeightCount");
    const uint32_t pieceCount = r.U32("PieceCount");
    // A piece is at least 16 bytes plus 8 per LOD (two empty counts).
    const uint64_t minPiece = 16 + uint64_t(h.lodCount) * 8;
    r.CheckCount(uint64_t(pieceCount), minPiece > r.Size() ? r.Size() + 1 : size_t(minPiece), "PieceCount");
    pieces.resize(pieceCount);
    for (Piece &p : pieces) {
        p.materialIndex = r.U16("MaterialIndex");
        if (h.version == 108) {
            r.Read(p.v108Extra.data(), p.v108Extra.size(), "v108 piece fields");
        }
        p.specularPower = r.F32("SpecularPower");
        p.specularScale = r.F32("SpecularScale");
        p.lodWeight = hasLodWeight ? r.F32("LODWeight") : 1.f;
        p.unknown = r.U16("piece unknown u16");
        p.name = r.String16("piece name");
        r.CheckCount(uint64_t(h.lodCount), 8, "LODCount");
        p.lods.resize(h.lodCount);
        for (Lod &lod : p.lods) {
            ReadLod(r, h, lod);
        }
    }
}

// ---- Nodes --------------------------------------------------------------------

void ReadWeightSets(BinaryReader &r, std::vector<WeightSet> &weightSets) {
    const size_t count = r.CheckCount(uint64_t(r.U32("WeightSetCount")), 6, "WeightSetCount");
    weightSets.resize(count);
    for (WeightSet &ws : weightSets) {
        ws.name = r.String16("weight set name");
        const size_t n = r.CheckCount(uint64_t(r.U32("weight set node count")), 4, "weight set node count");
        ws.weights.resize(n);
        for (float &w : ws.weights) {
            w = r.F32("weight set weight");
        }
    }
}

/// What the 'Nodes' section holds.
struct NodesSection {
    std::vector<Node> nodes;
    std::vector<WeightSet> weightSets;
};

void ReadNodes(BinaryReader &r, const Header &h, NodesSection &out) {
    if (h.version == 108) {
        ReadWeightSets(r, out.weightSets);
    }
    const size_t nodeSize = 2 + 2 + 1 + 64 + 4 + (h.version == 108 ? 4 : 0);
    const size_t count = r.CheckCount(uint64_t(h.nodeCount), nodeSize, "NodeCount (header)");
    if (count == 0) {
        r.Fail("the model has no nodes (header NodeCount is 0)", "NodeCount");
    }
    out.nodes.resize(count);
    // Rebuild parents from the depth-first preorder: a stack of nodes that
    // still expect children.
    std::vector<std::pair<size_t, uint64_t>> open; // (node, children left)
    for (size_t i = 0; i < count; ++i) {
        Node &n = out.nodes[i];
        const size_t at = r.Offset();
        n.name = r.String16("node name");
        n.index = r.U16("node index");
        n.flags = r.U8("node flags");
        if (h.version == 108) {
            n.v108Extra = r.U32("v108 node fields");
        }
        n.bind = ReadMat4(r, "BindMatrix");
        n.numChildren = r.U32("NumChildren");
        if (i > 0) {
            while (!open.empty() && open.back().second == 0) {
                open.pop_back();
            }
            if (open.empty()) {
                r.FailAt(at,
                        "node " + std::to_string(i) + " ('" + n.name +
                                "') has no parent: the NumChildren of the "
                                "earlier nodes add up to fewer than NodeCount-1 (" +
                                std::to_string(count - 1) + ")");
            }
            n.parent = static_cast<int>(open.back().first);
            --open.back().second;
        }
        if (n.numChildren > count - 1 - i) {
            r.FailAt(r.Offset() - 4,
                    "node " + std::to_string(i) + " ('" + n.name + "') claims " + std::to_string(n.numChildren) +
                            " children but only " + std::to_string(count - 1 - i) + " nodes follow",
                    "NumChildren");
        }
        open.emplace_back(i, n.numChildren);
        // Assimp (validation, post-processing, exporters, aiNode's destructor)
        // walks node trees recursively: refuse absurd depths instead of
        // letting a hostile chain of nodes overflow the stack later.
        if (open.size() > kMaxNodeDepth) {
            r.FailAt(at,
                    "node " + std::to_string(i) + " ('" + n.name + "') is deeper than " +
                            std::to_string(kMaxNodeDepth) + " levels in the node tree");
        }
    }
    for (const auto &entry : open) {
        if (entry.second != 0) {
            r.Fail("node " + std::to_string(entry.first) + " ('" + out.nodes[entry.first].name + "') expects " +
                            std::to_string(entry.second) + " more children than NodeCount leaves",
                    "NumChildren");
        }
    }
    if (h.version != 108) {
        ReadWeightSets(r, out.weightSets);
    }
}

// ---- ChildModels --------------------------------------------------------------

void ReadChildModels(BinaryReader &r, const Model &m, std::vector<ChildModel> &childModels, bool v13Extra) {
    const size_t relationSize = v13Extra ? 36 : 28;
    const size_t count = r.CheckCount(uint64_t(r.U16("ChildModelCount")), 6, "ChildModelCount");
    childModels.resize(count);
    for (ChildModel &c : childModels) {
        c.name = r.String16("child model name");
        c.buildNumber = r.U32("child model build number");
        r.CheckCount(uint64_t(m.nodes.size()), relationSize, "child model node relations");
        c.relations.resize(m.nodes.size());
        for (ChildModel::Relation &rel : c.relations) {
            rel.pos = ReadVec3(r, "child model relation position");
            rel.rot = ReadQuat(r, "child model relation rotation");
            if (v13Extra) {
                rel.v13Extra[0] = r.F32("child model relation extra");
                rel.v13Extra[1] = r.F32("child model relation extra");
            }
        }
    }
}

// ---- Animation ----------------------------------------------------------------

struct AnimLayout {
    bool compression;
    bool interpolation;
};

void ReadAnimations(BinaryReader &r, const Model &m, std::vector<Animation> &animations, AnimLayout layout) {
    const uint32_t version = m.header.version;
    const bool v13Keys = version == 13 || version == 108;
    const size_t keySize = v13Keys ? 36 : 28;
    const size_t count = r.CheckCount(uint64_t(r.U32("AnimCount")), 22, "AnimCount");
    animations.resize(count);
    for (Animation &a : animations) {
        a.extents = ReadVec3(r, "animation extents");
        a.name = r.String16("animation name");
        a.hasCompressionType = layout.compression;
        a.compressionType = layout.compression ? r.U32("CompressionType") : 0;
        a.hasInterpolationTime = layout.interpolation;
        a.interpolationMs = layout.interpolation ? r.U32("InterpolationTime") : 200;
        const size_t keyframeCount = r.CheckCount(uint64_t(r.U32("KeyframeCount")), 6, "KeyframeCount");
        a.keyframes.resize(keyframeCount);
        for (Keyframe &k : a.keyframes) {
            k.timeMs = r.U32("keyframe time");
            k.command = r.String16("keyframe command");
        }
        // Every node's block must fit; check before allocating NodeCount tracks.
        const uint64_t perNode = (v13Keys ? 4 : 0) + uint64_t(keyframeCount) * keySize;
        if (perNode > 0) {
            r.CheckCount(uint64_t(m.nodes.size()), static_cast<size_t>(perNode), "node keyframe blocks");
        }
        a.tracks.resize(m.nodes.size());
        a.keys.resize(m.nodes.size() * keyframeCount);
        NodeKey *key = a.keys.data();
        for (NodeTrack &t : a.tracks) {
            if (v13Keys) {
                t.lead = r.I32("node block lead");
            }
            for (size_t i = 0; i < keyframeCount; ++i) {
                NodeKey &k = *key++;
                k.pos = ReadVec3(r, "key position");
                k.rot = ReadQuat(r, "key rotation");
                if (v13Keys) {
                    k.extra[0] = r.F32("key extra");
                    k.extra[1] = r.F32("key extra");
                }
            }
        }
    }
}

// ---- Sockets, AnimBindings ----------------------------------------------------

void ReadSockets(BinaryReader &r, const Model &m, std::vector<Socket> &sockets) {
    const size_t count = r.CheckCount(uint64_t(r.U32("SocketCount")), 34, "SocketCount");
    sockets.resize(count);
    for (Socket &s : sockets) {
        const size_t at = r.Offset();
        s.node = r.U32("socket node index");
        if (s.node >= m.nodes.size()) {
            r.FailAt(at,
                    "node index " + std::to_string(s.node) + " is not below the node count " +
                            std::to_string(m.nodes.size()),
                    "socket node index");
        }
        s.name = r.String16("socket name");
        s.rot = ReadQuat(r, "socket rotation");
        s.pos = ReadVec3(r, "socket position");
    }
}

void ReadAnimBindings(BinaryReader &r, std::vector<std::vector<AnimBinding>> &animBindings, size_t lists) {
    r.CheckCount(uint64_t(lists), 4, "anim binding lists");
    animBindings.resize(lists);
    for (auto &list : animBindings) {
        const size_t n = r.CheckCount(uint64_t(r.U32("AnimBindingCount")), 26, "AnimBindingCount");
        list.resize(n);
        for (AnimBinding &b : list) {
            b.animName = r.String16("anim binding name");
            b.dims = ReadVec3(r, "anim binding dims");
            b.translation = ReadVec3(r, "anim binding translation");
        }
    }
}

/// The sections the reader knows, as bits of a set (0 for any other name).
enum KnownSection : unsigned {
    kHeader = 1,
    kPieces = 2,
    kNodes = 4,
    kChildModels = 8,
    kAnimation = 16,
    kSockets = 32,
    kAnimBindings = 64,
};

unsigned SectionBit(const std::string &name) {
    static const struct {
        const char *name;
        KnownSection bit;
    } kSections[] = {{"Header", kHeader}, {"Pieces", kPieces}, {"Nodes", kNodes}, {"ChildModels", kChildModels},
            {"Animation", kAnimation}, {"Sockets", kSockets}, {"AnimBindings", kAnimBindings}};
    for (const auto &section : kSections) {
        if (name == section.name) {
            return section.bit;
        }
    }
    return 0;
}

/// The 'Animation' section: its header layout is certain from v12 on.
void ReadAnimationSection(BinaryReader &payload, const std::string &name, Model &model) {
    const Model &m = model;
    if (model.header.version >= 12) {
        model.layout.animationHeader = ParseWithVariants(
                payload, name, {"compression+interpolation"},
                [&m](size_t, BinaryReader &r, std::vector<Animation> &a) {
                    ReadAnimations(r, m, a, {true, true});
                },
                model.animations);
        return;
    }
    // v9-v11: the readers disagree (docs/formats/ABC.md 2.4); the documented
    // majority first.
    static const AnimLayout kLayouts[] = {{true, false}, {true, true}, {false, false}};
    model.layout.animationHeader = ParseWithVariants(
            payload, name, {"compression", "compression+interpolation", "none"},
            [&m](size_t i, BinaryReader &r, std::vector<Animation> &a) { ReadAnimations(r, m, a, kLayouts[i]); },
            model.animations);
}

} // namespace

void ReadNodeTree(BinaryReader &r, const Header &h, std::vector<Node> &nodes, std::vector<WeightSet> &weightSets) {
    NodesSection section;
    ReadNodes(r, h, section);
    nodes = std::move(section.nodes);
    weightSets = std::move(section.weightSets);
}

void ReadAnimBindingLists(BinaryReader &r, std::vector<std::vector<AnimBinding>> &animBindings, size_t lists) {
    ReadAnimBindings(r, animBindings, lists);
}

bool LooksLikeLt2(const uint8_t *data, size_t size) {
    static const uint8_t kHeader[8] = {6, 0, 'H', 'e', 'a', 'd', 'e', 'r'};
    if (!data || size < 16 || std::memcmp(data, kHeader, 8) != 0) {
        return false;
    }
    const uint32_t version =
            uint32_t(data[12]) | (uint32_t(data[13]) << 8) | (uint32_t(data[14]) << 16) | (uint32_t(data[15]) << 24);
    return KnownVersion(version);
}

Model ReadModel(const uint8_t *data, size_t size, const std::string &fileName) {
    BinaryReader file(data, size, kFormat, fileName);
    file.SetSection("section chain");
    Model model;
    unsigned seen = 0; // SectionBit of each known section read
    bool first = true;
    while (true) {
        const size_t sectionStart = file.Offset();
        const std::string name = file.String16("section name");
        const int32_t next = file.I32("next section offset");
        const size_t payloadStart = file.Offset();
        size_t payloadEnd;
        if (next == -1) {
            payloadEnd = size;
        } else if (next < 0 || size_t(next) <= payloadStart || size_t(next) > size) {
            file.FailAt(payloadStart - 4,
                    "section '" + name + "' at " + HexOffset(sectionStart) + ": next-section offset " +
                            std::to_string(next) + " is outside " + HexOffset(payloadStart + 1) + ".." +
                            HexOffset(size) + " (file size " + std::to_string(size) + "; truncated or corrupt file)",
                    "next section offset");
        } else {
            payloadEnd = size_t(next);
        }
        if (first && name != "Header") {
            file.FailAt(sectionStart, "the first section is '" + name + "', expected 'Header'");
        }
        first = false;
        std::string label;
        label.reserve(name.size() + 10);
        label.append("section '").append(name).append("'");
        BinaryReader payload = file.Sub(payloadStart, payloadEnd - payloadStart, std::move(label));
        const unsigned section = SectionBit(name);
        if (seen & section) {
            file.FailAt(sectionStart, "section '" + name + "' appears twice");
        }
        seen |= section;
        const bool needsNodes = (section & (kChildModels | kAnimation | kSockets | kAnimBindings)) != 0;
        if (needsNodes && !model.hasNodes) {
            file.FailAt(sectionStart, "section '" + name + "' comes before the 'Nodes' section it refers to");
        }
        const Model &m = model; // what the parsers may read
        if (section == kHeader) {
            model.layout.lodDistances = ParseWithVariants(
                    payload, name, {"LODDistanceCount", "LODCount"},
                    [](size_t i, BinaryReader &r, Header &h) { ReadHeader(r, h, i == 1); }, model.header);
        } else if (section == kPieces) {
            // LODWeight exists from v10 on (all readers agree); the other layout
            // is only a fallback for odd exporters.
            const bool primary = model.header.version >= 10;
            model.layout.pieceLodWeight = ParseWithVariants(
                    payload, name, {primary ? "yes" : "no", primary ? "no" : "yes"},
                    [&m, primary](size_t i, BinaryReader &r, std::vector<Piece> &pieces) {
                        ReadPieces(r, m, pieces, i == 0 ? primary : !primary);
                    },
                    model.pieces);
        } else if (section == kNodes) {
            NodesSection nodes;
            ParseWithVariants(
                    payload, name, {"standard"},
                    [&m](size_t, BinaryReader &r, NodesSection &section) { ReadNodes(r, m.header, section); }, nodes);
            model.nodes = std::move(nodes.nodes);
            model.weightSets = std::move(nodes.weightSets);
            model.hasNodes = true;
        } else if (section == kChildModels) {
            model.layout.childModelRelation = ParseWithVariants(
                    payload, name, {"28 bytes", "36 bytes"},
                    [&m](size_t i, BinaryReader &r, std::vector<ChildModel> &c) { ReadChildModels(r, m, c, i == 1); },
                    model.childModels);
        } else if (section == kAnimation) {
            ReadAnimationSection(payload, name, model);
        } else if (section == kSockets) {
            ParseWithVariants(
                    payload, name, {"standard"},
                    [&m](size_t, BinaryReader &r, std::vector<Socket> &sockets) { ReadSockets(r, m, sockets); },
                    model.sockets);
        } else if (section == kAnimBindings) {
            const size_t lists = (seen & kChildModels) ? model.childModels.size() : model.header.childModelCount;
            model.layout.animBindings = ParseWithVariants(
                    payload, name, {"one list per child model", "one list"},
                    [lists](size_t i, BinaryReader &r, std::vector<std::vector<AnimBinding>> &bindings) {
                        ReadAnimBindings(r, bindings, i == 0 ? lists : 1);
                    },
                    model.animBindings);
        } else {
            // HitGroups (v108) is undocumented; anything else is unknown.
            model.skippedSections.push_back(name);
        }
        if (next == -1) {
            break;
        }
        file.Seek(payloadEnd, "next section offset");
    }
    if (!model.hasNodes) {
        throw ImportError(file.Prefix() + "the file has no 'Nodes' section");
    }
    const Header &h = model.header;
    if ((seen & kPieces) && model.pieces.size() != h.pieceCount) {
        model.warnings.push_back("header PieceCount " + std::to_string(h.pieceCount) + " differs from the " +
                std::to_string(model.pieces.size()) + " pieces stored");
    }
    if ((seen & kAnimation) && model.animations.size() != h.animationCount) {
        model.warnings.push_back("header AnimationCount " + std::to_string(h.animationCount) + " differs from the " +
                std::to_string(model.animations.size()) + " animations stored");
    }
    return model;
}

} // namespace lt2
} // namespace abc
} // namespace assimp_retro
