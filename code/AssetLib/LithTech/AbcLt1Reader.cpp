#include "AbcLt1Reader.h"

#include "Common/BinaryReader.h"
#include "Common/LittleEndian.h"
#include "Common/Vec3.h"

#include <cstring>

namespace assimp_retro {
namespace abc {

const char *const kV6FileToken = "MonolithExport Model File v6";

namespace {

constexpr size_t kTriangleSize = 33;
constexpr size_t kVertexSize = 20;
constexpr size_t kMinNodeSize = 24 + 2 + 2 + 1 + 4 + 4; // bounds, empty name, index, flags, counts
constexpr size_t kMinKeyframeInfoSize = 4 + 24 + 2;
constexpr size_t kNodeAnimTrailerSize = 24; // MD scale + translate

/// Bounds are informational only (and unreliable, docs/formats/ABC.md 2.7): any value is accepted.
Vec3 ReadBounds(BinaryReader &r, const char *field) {
    return ReadVec3AnyFloat(r, field);
}

ByteNormal ReadNormal(BinaryReader &r, const char *field) {
    ByteNormal n;
    n.x = static_cast<int8_t>(r.U8(field));
    n.y = static_cast<int8_t>(r.U8(field));
    n.z = static_cast<int8_t>(r.U8(field));
    return n;
}

void ReadHeader(BinaryReader &r, Lt1Model &model) {
    const std::string token = r.String16("FileToken");
    if (token != kV6FileToken) {
        r.FailAt(0, "file token is \"" + token + "\", expected \"" + kV6FileToken + "\"", "FileToken");
    }
    model.commandString = r.String16("CommandString");
}

/// Where the fields that refer across sections are, for the checks made once
/// every section is read (absolute file offsets).
struct CrossReferences {
    size_t vertexList = 0; ///< the Geometry section's first vertex
    std::vector<size_t> mdVertList; ///< per node: its MDVertList
};

/// Bytes of one stored vertex: position, normal, node index, replacements.
constexpr size_t kVertexBytes = 12 + 3 + 1 + 4;
/// Offset of the node index within a stored vertex.
constexpr size_t kVertexNodeOffset = 12 + 3;

void ReadGeometry(BinaryReader &r, Lt1Model &model, CrossReferences &refs) {
    Lt1Geometry &g = model.geometry;
    g.present = true;
    g.boundsMin = ReadBounds(r, "BoundsMin");
    g.boundsMax = ReadBounds(r, "BoundsMax");
    g.lodSteps = r.U32("NumLODs");
    const size_t startCount = r.CheckCount(uint64_t(g.lodSteps) + 1, 2, "NumLODs");
    g.vertexStartNum.resize(startCount);
    for (uint16_t &start : g.vertexStartNum) {
        start = r.U16("VertexStartNum");
    }

    const size_t numTris = r.CheckCount(uint64_t(r.U32("NumTris")), kTriangleSize, "NumTris");
    g.triangles.resize(numTris);
    for (Lt1Triangle &t : g.triangles) {
        for (int c = 0; c < 3; ++c) {
            t.u[c] = r.FiniteF32("triangle UV");
            t.v[c] = r.FiniteF32("triangle UV");
        }
        for (uint32_t &index : t.vertex) {
            index = r.U16("triangle vertex index");
        }
        t.normal = ReadNormal(r, "triangle normal");
    }

    const uint32_t numVerts = r.U32("NumVerts");
    const size_t normalVertsOffset = r.Offset();
    g.normalVerts = r.U32("NormalVerts");
    const size_t count = r.CheckCount(uint64_t(numVerts), kVertexSize, "NumVerts");
    if (g.normalVerts > numVerts) {
        r.FailAt(normalVertsOffset,
                "NormalVerts " + std::to_string(g.normalVerts) + " exceeds NumVerts " + std::to_string(numVerts),
                "NormalVerts");
    }
    g.vertices.resize(count);
    refs.vertexList = r.AbsoluteOffset();
    for (Lt1Vertex &v : g.vertices) {
        v.position = ReadVec3(r, "vertex position");
        v.normal = ReadNormal(r, "vertex normal");
        v.node = r.U8("vertex node index");
        v.replacements[0] = r.U16("vertex replacements");
        v.replacements[1] = r.U16("vertex replacements");
    }

    for (size_t i = 0; i < g.triangles.size(); ++i) {
        for (uint32_t index : g.triangles[i].vertex) {
            if (index >= g.normalVerts) {
                r.Fail("triangle " + std::to_string(i) + " uses vertex " + std::to_string(index) +
                        ", but the base mesh has " + std::to_string(g.normalVerts) + " vertices (NormalVerts)");
            }
        }
    }

    // Collapse steps: vertex normalVerts + j merges two earlier vertices.
    if (uint64_t(g.normalVerts) + g.lodSteps != numVerts) {
        model.warnings.push_back("Geometry: NumVerts " + std::to_string(numVerts) + " is not NormalVerts " +
                std::to_string(g.normalVerts) + " + NumLODs " + std::to_string(g.lodSteps));
    }
    g.usableLodSteps = 0;
    for (uint32_t j = 0; j < g.lodSteps; ++j) {
        const size_t collapse = size_t(g.normalVerts) + j;
        if (collapse >= g.vertices.size()) {
            break;
        }
        const uint16_t a = g.vertices[collapse].replacements[0];
        const uint16_t b = g.vertices[collapse].replacements[1];
        if (a >= collapse || b >= collapse || a == b) {
            break;
        }
        g.usableLodSteps = j + 1;
    }
    if (g.usableLodSteps < g.lodSteps) {
        model.warnings.push_back("Geometry: only " + std::to_string(g.usableLodSteps) + " of " +
                std::to_string(g.lodSteps) + " LOD collapse steps are consistent; lower LODs use those");
    }
}

void ReadNodes(BinaryReader &r, Lt1Model &model, CrossReferences &refs) {
    // Depth-first preorder without a count: one node is pending (the root);
    // each node read replaces itself with its children.
    uint64_t pending = 1;
    // (index, children still to come) of the open ancestors
    std::vector<std::pair<size_t, uint64_t>> open;
    while (pending > 0) {
        if (pending > r.Remaining() / kMinNodeSize) {
            r.Fail(std::to_string(pending) + " nodes still announced by NumChildren, but only " +
                            std::to_string(r.Remaining()) + " bytes are left (runaway child count)",
                    "NumChildren");
        }
        Lt1Node node;
        node.boundsMin = ReadBounds(r, "node BoundsMin");
        node.boundsMax = ReadBounds(r, "node BoundsMax");
        node.name = r.String16("node Name");
        node.transformIndex = r.U16("node TransformationIndex");
        node.flags = r.U8("node Flags");
        const size_t mdCount = r.CheckCount(uint64_t(r.U32("NumMDVerts")), 2, "NumMDVerts");
        node.mdVertices.resize(mdCount);
        refs.mdVertList.push_back(r.AbsoluteOffset());
        for (uint16_t &index : node.mdVertices) {
            index = r.U16("MDVertList");
        }
        node.numChildren = r.U32("NumChildren");

        const size_t index = model.nodes.size();
        while (!open.empty() && open.back().second == 0) {
            open.pop_back();
        }
        if (!open.empty()) {
            node.parent = static_cast<int>(open.back().first);
            --open.back().second;
        }
        if (node.numChildren > 0) {
            open.emplace_back(index, node.numChildren);
            // Assimp (validator, exporters, aiNode's destructor) walks node
            // trees recursively: refuse absurd depths instead of letting a
            // hostile chain of nodes overflow the stack later.
            if (open.size() > kMaxNodeDepth) {
                r.Fail("node " + std::to_string(index) + " ('" + node.name + "') is deeper than " +
                                std::to_string(kMaxNodeDepth) + " levels in the node tree",
                        "NumChildren");
            }
        }
        if (node.transformIndex != index) {
            model.warnings.push_back("Nodes: node " + std::to_string(index) + " '" + node.name +
                    "' has TransformationIndex " + std::to_string(node.transformIndex) +
                    "; vertices are bound by depth-first index");
        }
        pending = pending - 1 + node.numChildren;
        model.nodes.push_back(std::move(node));
    }
}

/// One node track's keys, left where the file stores them: checked as one
/// block (all there, all finite, one branch-free test) and, if that fails,
/// read value by value, which fails at the exact byte.
Lt1NodeKeys ReadNodeKeys(BinaryReader &r, size_t count) {
    const Lt1NodeKeys keys{r.Here(), count};
    const size_t bytes = count * kV6NodeKeyBytes; // no overflow: count was checked against the bytes left
    if (bytes <= r.Remaining() && AllFiniteF32LE(keys.bytes, count * 7)) {
        r.Skip(bytes, "key translation");
        return keys;
    }
    for (size_t k = 0; k < count; ++k) {
        ReadVec3(r, "key translation");
        ReadQuat(r, "key rotation");
    }
    return keys;
}

/// One keyframe's time, bounds and engine string. When the fixed part is
/// all there (no read of it can fail), it is decoded as one block, and an
/// empty string (most keyframes) skipped without making a std::string.
void ReadKeyframeInfo(BinaryReader &r, Lt1KeyframeInfo &info) {
    if (r.Remaining() < kMinKeyframeInfoSize) {
        info.time = r.U32("keyframe time");
        info.boundsMin = ReadBounds(r, "keyframe BoundsMin");
        info.boundsMax = ReadBounds(r, "keyframe BoundsMax");
        info.command = r.String16("keyframe string");
        return;
    }
    const uint8_t *p = r.Here();
    info.time = LoadU32LE(p);
    info.boundsMin = Vec3{LoadF32LE(p + 4), LoadF32LE(p + 8), LoadF32LE(p + 12)};
    info.boundsMax = Vec3{LoadF32LE(p + 16), LoadF32LE(p + 20), LoadF32LE(p + 24)};
    if (LoadU16LE(p + 28) == 0) {
        r.Skip(kMinKeyframeInfoSize, "keyframe string");
        info.command.clear();
        return;
    }
    r.Skip(kMinKeyframeInfoSize - 2, "keyframe BoundsMax");
    info.command = r.String16("keyframe string");
}

void ReadAnimation(BinaryReader &r, Lt1Model &model) {
    if (model.nodes.empty()) {
        r.Fail("the Animation section comes before the Nodes section it depends on");
    }
    const size_t nodeCount = model.nodes.size();
    const uint64_t minAnimSize = 2 + 4 + 24 + 4 + uint64_t(nodeCount) * kNodeAnimTrailerSize;
    const size_t numAnims = r.CheckCount(uint64_t(r.U32("NumAnims")), static_cast<size_t>(minAnimSize), "NumAnims");
    model.animations.resize(numAnims);
    for (size_t a = 0; a < numAnims; ++a) {
        Lt1Animation &anim = model.animations[a];
        anim.name = r.String16("animation Name");
        anim.length = r.U32("animation Length");
        anim.boundsMin = ReadBounds(r, "animation BoundsMin");
        anim.boundsMax = ReadBounds(r, "animation BoundsMax");
        // Each keyframe costs its info plus one key per node.
        const size_t perKeyframe = kMinKeyframeInfoSize + nodeCount * kV6NodeKeyBytes;
        const size_t numKeys = r.CheckCount(uint64_t(r.U32("NumKeyframes")), perKeyframe, "NumKeyframes");
        anim.keyframes.resize(numKeys);
        for (Lt1KeyframeInfo &info : anim.keyframes) {
            ReadKeyframeInfo(r, info);
        }
        anim.nodes.resize(nodeCount);
        for (size_t n = 0; n < nodeCount; ++n) {
            Lt1NodeTrack &track = anim.nodes[n];
            track.keys = ReadNodeKeys(r, numKeys);
            const uint64_t mdCount = model.nodes[n].mdVertices.size();
            if (mdCount > 0) {
                const size_t frames = r.CheckCount(uint64_t(numKeys) * mdCount, 3, "vertex animation frames");
                track.mdFrames = Lt1FileBytes{r.Bytes(frames * 3, "vertex animation frames"), frames * 3};
            }
            track.mdScale = ReadVec3(r, "vertex animation Scale");
            track.mdTranslate = ReadVec3(r, "vertex animation Translate");
        }
    }
}

void ReadAnimDims(BinaryReader &r, Lt1Model &model) {
    for (Lt1Animation &anim : model.animations) {
        anim.dims = ReadBounds(r, "animation dimensions");
        anim.hasDims = true;
    }
    model.hasAnimDims = true;
}

/// Vertices against the nodes and MD lists against the vertices (the sections
/// may come in any order).
void CheckCrossReferences(const BinaryReader &file, const Lt1Model &model, const CrossReferences &refs) {
    const Lt1Geometry &g = model.geometry;
    for (size_t i = 0; i < g.vertices.size(); ++i) {
        if (g.vertices[i].node >= model.nodes.size()) {
            file.FailAt(refs.vertexList + i * kVertexBytes + kVertexNodeOffset,
                    "Geometry: vertex " + std::to_string(i) + " is bound to node " +
                            std::to_string(g.vertices[i].node) + ", but the file has " +
                            std::to_string(model.nodes.size()) + " nodes");
        }
    }
    for (size_t n = 0; n < model.nodes.size(); ++n) {
        const std::vector<uint16_t> &list = model.nodes[n].mdVertices;
        for (size_t j = 0; j < list.size(); ++j) {
            if (list[j] >= g.vertices.size()) {
                file.FailAt(refs.mdVertList[n] + 2 * j,
                        "Nodes: node " + std::to_string(n) + " '" + model.nodes[n].name + "' animates vertex " +
                                std::to_string(list[j]) + ", but the file has " + std::to_string(g.vertices.size()) +
                                " vertices");
            }
        }
    }
}

} // namespace

bool IsLt1(const uint8_t *data, size_t size) {
    static const uint8_t kHeader[] = {6, 0, 'H', 'e', 'a', 'd', 'e', 'r'};
    const size_t tokenLength = std::strlen(kV6FileToken);
    if (!data || size < 14 + tokenLength || std::memcmp(data, kHeader, sizeof(kHeader)) != 0) {
        return false;
    }
    return data[12] == tokenLength && data[13] == 0 && std::memcmp(data + 14, kV6FileToken, tokenLength) == 0;
}

Lt1Model ReadLt1(const uint8_t *data, size_t size, const std::string &fileName) {
    BinaryReader file(data, size, "ABC", fileName);
    Lt1Model model;
    CrossReferences refs;
    bool seenHeader = false, seenGeometry = false, seenNodes = false, seenAnimation = false, seenDims = false;

    size_t sectionStart = 0;
    for (;;) {
        file.Seek(sectionStart, "section header");
        file.SetSection("section header at " + HexOffset(sectionStart));
        const std::string name = file.String16("section name");
        const size_t nextOffsetAt = file.Offset();
        const int32_t next = file.I32("next-section offset");
        const size_t payloadStart = file.Offset();
        size_t payloadEnd = size;
        if (next != -1) {
            if (next < 0 || size_t(next) < payloadStart || size_t(next) > size) {
                file.FailAt(nextOffsetAt,
                        "section '" + name + "' names the next section at " + HexOffset(uint32_t(next)) +
                                ", which is not between the end of its own header (" + HexOffset(payloadStart) +
                                ") and the end of the file (" + HexOffset(size) + ")",
                        "next-section offset");
            }
            payloadEnd = size_t(next);
        }
        if (!seenHeader && name != "Header") {
            file.FailAt(0, "the first section is '" + name + "', not 'Header'", "section name");
        }

        BinaryReader r = file.Sub(payloadStart, payloadEnd - payloadStart, name + " section");
        bool known = true;
        auto once = [&](bool &seen) {
            if (seen) {
                file.FailAt(sectionStart, "a second '" + name + "' section", "section name");
            }
            seen = true;
        };
        try {
            if (name == "Header") {
                once(seenHeader);
                ReadHeader(r, model);
            } else if (name == "Geometry") {
                once(seenGeometry);
                ReadGeometry(r, model, refs);
            } else if (name == "Nodes") {
                once(seenNodes);
                ReadNodes(r, model, refs);
            } else if (name == "Animation") {
                once(seenAnimation);
                ReadAnimation(r, model);
            } else if (name == "AnimDims") {
                once(seenDims);
                if (!seenAnimation) {
                    r.Fail("the AnimDims section comes before the Animation section it depends on");
                }
                ReadAnimDims(r, model);
            } else if (name == "TransformInfo") {
                once(model.hasTransformInfo);
                model.flipGeom = r.I32("FlipGeom");
                model.flipAnim = r.I32("FlipAnim");
            } else {
                known = false;
                model.warnings.push_back("skipped unknown section '" + name + "' at " + HexOffset(sectionStart));
            }
        } catch (const ImportError &e) {
            if (next == -1) {
                throw;
            }
            throw ImportError(std::string(e.what()) + " (the section ends at its next-section offset " +
                    HexOffset(payloadEnd) + ")");
        }
        if (known && !r.AtEnd()) {
            if (next == -1) {
                model.warnings.push_back("section '" + name + "' is followed by " + std::to_string(r.Remaining()) +
                        " unread bytes at the end of the file");
            } else {
                file.FailAt(nextOffsetAt,
                        "section '" + name + "' ends at " + HexOffset(payloadStart + r.Offset()) +
                                ", but its next-section offset is " + HexOffset(payloadEnd),
                        "next-section offset");
            }
        }
        if (next == -1) {
            break;
        }
        if (payloadEnd == size) {
            file.FailAt(nextOffsetAt,
                    "section '" + name + "' names a next section at the end of the file (" + HexOffset(size) +
                            "): the file is truncated, or the offset should be -1",
                    "next-section offset");
        }
        sectionStart = payloadEnd;
    }

    file.SetSection("");
    if (!seenNodes) {
        file.FailAt(0, "the file has no Nodes section");
    }
    CheckCrossReferences(file, model, refs);
    if (seenAnimation && !seenDims) {
        model.warnings.push_back("no AnimDims section");
    }
    return model;
}

} // namespace abc
} // namespace assimp_retro
