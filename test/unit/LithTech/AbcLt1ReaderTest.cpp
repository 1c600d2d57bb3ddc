// The v6 reader on files the writer makes: every field, the LOD collapse,
// and a clear error (never a crash) for truncated or corrupted files.
#include "AbcTestHelpers.h"

#include "AssetLib/LithTech/AbcLt1Reader.h"
#include "Common/BinaryReader.h"
#include "writers/LithTech/AbcLt1Fixtures.h"

#include <assimp/Importer.hpp>

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

using namespace retro_test::abcv6;
using assimp_retro::abc::CollapseTriangles;
using assimp_retro::abc::ReadLt1;
using assimp_retro::abc::Lt1Model;
using abc_test::ErrorOf;

namespace {

Lt1Model Read(const std::vector<uint8_t> &bytes) {
    return ReadLt1(bytes.data(), bytes.size(), "test.abc");
}

std::string ReadError(const std::vector<uint8_t> &bytes) {
    return ErrorOf([&] { Read(bytes); });
}

void PutF32(std::vector<uint8_t> &bytes, size_t offset, float value) {
    uint32_t bits;
    std::memcpy(&bits, &value, 4);
    PutU32(bytes, offset, bits);
}

// Offsets inside the Geometry payload of a file without LOD steps.
constexpr size_t kGeomNumTris = 24 + 4 + 2;             // bounds, NumLODs, VertexStartNum[1]
constexpr size_t kGeomTriangles = kGeomNumTris + 4;

} // namespace

TEST(AbcLt1Reader, DetectsTheV6Token) {
    const Written w = Write(SkinnedFixture());
    EXPECT_TRUE(assimp_retro::abc::IsLt1(w.bytes.data(), w.bytes.size()));
    File other = SkinnedFixture();
    other.token = "MonolithExport Model File v5";
    const Written v5 = Write(other);
    EXPECT_FALSE(assimp_retro::abc::IsLt1(v5.bytes.data(), v5.bytes.size()));
    EXPECT_NE(ReadError(v5.bytes).find("file token is \"MonolithExport Model File v5\""), std::string::npos) << ReadError(v5.bytes);
}

TEST(AbcLt1Reader, ReadsEveryFieldOfTheSkinnedFixture) {
    const std::vector<uint8_t> bytes = Write(SkinnedFixture()).bytes; // the model's keys point into them
    const Lt1Model m = Read(bytes);
    EXPECT_TRUE(m.warnings.empty());
    EXPECT_EQ(m.commandString, "DrawIndexedDist 1000");
    ASSERT_EQ(m.nodes.size(), 3u);
    EXPECT_EQ(m.nodes[0].name, "Root");
    EXPECT_EQ(m.nodes[0].parent, -1);
    EXPECT_EQ(m.nodes[0].flags, 1);
    EXPECT_EQ(m.nodes[1].name, "Body");
    EXPECT_EQ(m.nodes[1].parent, 0);
    EXPECT_EQ(m.nodes[2].name, "Arm");
    EXPECT_EQ(m.nodes[2].parent, 1);
    EXPECT_EQ(m.nodes[2].transformIndex, 2);

    const auto &g = m.geometry;
    EXPECT_TRUE(g.present);
    EXPECT_EQ(g.lodSteps, 0u);
    EXPECT_EQ(g.normalVerts, 6u);
    ASSERT_EQ(g.vertices.size(), 6u);
    EXPECT_EQ(g.vertices[4].position.x, 2.f);
    EXPECT_EQ(g.vertices[4].node, 2);
    EXPECT_EQ(g.vertices[4].normal.z, 127);
    EXPECT_EQ(g.vertices[1].normal.x, 127);
    ASSERT_EQ(g.triangles.size(), 2u);
    EXPECT_EQ(g.triangles[1].vertex[0], 3u);
    EXPECT_EQ(g.triangles[1].vertex[2], 5u);
    EXPECT_EQ(g.triangles[1].u[1], 1.f);
    EXPECT_EQ(g.triangles[1].v[2], 1.f);
    EXPECT_EQ(g.triangles[0].normal.y, -127);

    ASSERT_EQ(m.animations.size(), 2u);
    const auto &idle = m.animations[0];
    EXPECT_EQ(idle.name, "idle");
    EXPECT_EQ(idle.length, 100u);
    ASSERT_EQ(idle.keyframes.size(), 2u);
    EXPECT_EQ(idle.keyframes[1].time, 100u);
    EXPECT_EQ(idle.keyframes[1].command, "fire_key");
    ASSERT_EQ(idle.nodes.size(), 3u);
    EXPECT_EQ(idle.nodes[1].keys[1].position.y, 12.f);
    EXPECT_FLOAT_EQ(idle.nodes[2].keys[0].rotation.z, std::sqrt(0.5f));
    EXPECT_EQ(idle.nodes[0].keys[0].rotation.y, 1.f);
    EXPECT_EQ(idle.nodes[0].keys[0].rotation.w, 0.f);
    EXPECT_TRUE(idle.hasDims);
    EXPECT_EQ(idle.dims.z, 30.f);
    EXPECT_EQ(m.animations[1].keyframes[1].command, "sound_key step.wav");
    EXPECT_TRUE(m.hasTransformInfo);
    EXPECT_FALSE(m.EffectiveFlipGeom());
    EXPECT_FALSE(m.EffectiveFlipAnim());
}

TEST(AbcLt1Reader, ReadsVertexAnimationFrames) {
    const std::vector<uint8_t> bytes = Write(VertexAnimationFixture()).bytes; // the model's frames point into them
    const Lt1Model m = Read(bytes);
    ASSERT_EQ(m.nodes[1].mdVertices.size(), 2u);
    EXPECT_EQ(m.nodes[1].mdVertices[1], 3);
    const auto &wave = m.animations[0].nodes[1];
    ASSERT_EQ(wave.mdFrames.size(), 3u * 2u * 3u);
    // keyframe 1, MD vertex 1 (= vertex 3): bytes (4, 2, 4) * 0.5 + (-1, 0, 0)
    const auto p = wave.MdPosition(1, 1, 2);
    EXPECT_EQ(p.x, 1.f);
    EXPECT_EQ(p.y, 1.f);
    EXPECT_EQ(p.z, 2.f);
    const auto q = m.animations[1].nodes[1].MdPosition(0, 0, 2);
    EXPECT_EQ(q.z, 0.5f);
    EXPECT_TRUE(m.animations[0].nodes[0].mdFrames.empty());
}

TEST(AbcLt1Reader, CollapsesLodSteps) {
    const Lt1Model m = Read(Write(LodFixture()).bytes);
    EXPECT_EQ(m.geometry.lodSteps, 2u);
    EXPECT_EQ(m.geometry.usableLodSteps, 2u);
    EXPECT_EQ(m.geometry.vertexStartNum, (std::vector<uint16_t>{0, 2, 3}));
    EXPECT_EQ(CollapseTriangles(m.geometry, 0).size(), 3u);
    const auto one = CollapseTriangles(m.geometry, 1);
    ASSERT_EQ(one.size(), 2u); // (0,1,2) collapses; (0,2,3) -> (5,2,3)
    EXPECT_EQ(one[0].vertex[0], 5u);
    EXPECT_EQ(one[0].vertex[1], 2u);
    EXPECT_EQ(one[0].vertex[2], 3u);
    EXPECT_EQ(one[0].u[1], 1.f); // corners keep their UVs
    EXPECT_EQ(one[1].vertex[0], 2u);
    const auto two = CollapseTriangles(m.geometry, 2);
    ASSERT_EQ(two.size(), 1u); // (2,4,3) -> (6,4,3)
    EXPECT_EQ(two[0].vertex[0], 6u);
    EXPECT_EQ(two[0].vertex[1], 4u);
    EXPECT_EQ(two[0].vertex[2], 3u);
    EXPECT_EQ(CollapseTriangles(m.geometry, 99).size(), 1u); // capped at the usable steps
}

TEST(AbcLt1Reader, InconsistentLodStepsAreLimited) {
    File f = LodFixture();
    f.vertices[6].replacements = {6, 2}; // step 1 names itself
    const Lt1Model m = Read(Write(f).bytes);
    EXPECT_EQ(m.geometry.usableLodSteps, 1u);
    ASSERT_FALSE(m.warnings.empty());
    EXPECT_NE(m.warnings[0].find("only 1 of 2 LOD collapse steps"), std::string::npos) << m.warnings[0];
}

TEST(AbcLt1Reader, TransformInfoDefaultsWhenMissing) {
    File f = SkinnedFixture();
    f.transformInfo = false;
    const Lt1Model m = Read(Write(f).bytes);
    EXPECT_FALSE(m.hasTransformInfo);
    EXPECT_TRUE(m.EffectiveFlipGeom());
    EXPECT_TRUE(m.EffectiveFlipAnim());
    f.transformInfo = true;
    f.flipGeom = 1;
    const Lt1Model flipped = Read(Write(f).bytes);
    EXPECT_TRUE(flipped.EffectiveFlipGeom());
    EXPECT_FALSE(flipped.EffectiveFlipAnim());
}

TEST(AbcLt1Reader, SkipsUnknownSectionsAndAllowsMissingOnes) {
    File f = SkinnedFixture();
    f.extraSections = {{"TriStrips", {1, 2, 3, 4, 5}}};
    const Lt1Model m = Read(Write(f).bytes);
    ASSERT_EQ(m.warnings.size(), 1u);
    EXPECT_NE(m.warnings[0].find("unknown section 'TriStrips'"), std::string::npos);
    EXPECT_EQ(m.animations.size(), 2u);

    File bare = SkinnedFixture();
    bare.geometry = false;
    bare.animation = false;
    bare.animDims = false;
    bare.transformInfo = false;
    const Lt1Model nodesOnly = Read(Write(bare).bytes);
    EXPECT_FALSE(nodesOnly.geometry.present);
    EXPECT_EQ(nodesOnly.nodes.size(), 3u);
    EXPECT_TRUE(nodesOnly.animations.empty());
}

// ---- hostile input -------------------------------------------------------

TEST(AbcLt1Reader, EveryTruncationFailsCleanly) {
    for (const File &f : {SkinnedFixture(), VertexAnimationFixture(), LodFixture()}) {
        const std::vector<uint8_t> bytes = Write(f).bytes;
        for (size_t size = 0; size < bytes.size(); ++size) {
            const std::vector<uint8_t> cut(bytes.begin(), bytes.begin() + long(size));
            const std::string error = ReadError(cut);
            ASSERT_FALSE(error.empty()) << "truncated to " << size << " bytes without an error";
            ASSERT_EQ(error.rfind("ABC: test.abc: ", 0), 0u) << error;
        }
    }
}

TEST(AbcLt1Reader, RejectsBadCounts) {
    const Written w = Write(SkinnedFixture());
    const size_t geometry = w.payloadStart.at("Geometry");
    struct Case {
        size_t offset;
        const char *expected;
    };
    const size_t numVerts = geometry + kGeomTriangles + 2 * 33;
    const size_t nodes = w.payloadStart.at("Nodes");
    const size_t numMdVerts = nodes + 24 + 2 + 4 + 2 + 1; // root: bounds, "Root", index, flags
    const size_t anims = w.payloadStart.at("Animation");
    const size_t numKeyframes = anims + 4 + 2 + 4 + 4 + 24; // NumAnims, "idle", Length, bounds
    for (const Case &c : std::vector<Case>{{geometry + 24, "field 'NumLODs'"},
                 {geometry + kGeomNumTris, "field 'NumTris'"},
                 {numVerts, "field 'NumVerts'"},
                 {numMdVerts, "field 'NumMDVerts'"},
                 {anims, "field 'NumAnims'"},
                 {numKeyframes, "field 'NumKeyframes'"}}) {
        std::vector<uint8_t> bytes = w.bytes;
        PutU32(bytes, c.offset, 0xFFFFFFF0u);
        const std::string error = ReadError(bytes);
        EXPECT_NE(error.find(c.expected), std::string::npos) << error;
        EXPECT_NE(error.find("exceeds"), std::string::npos) << error;
    }
    std::vector<uint8_t> bytes = w.bytes;
    PutU32(bytes, numVerts + 4, 7); // NormalVerts 7 > NumVerts 6
    EXPECT_NE(ReadError(bytes).find("NormalVerts 7 exceeds NumVerts 6"), std::string::npos) << ReadError(bytes);
}

TEST(AbcLt1Reader, RejectsBadIndices) {
    const Written w = Write(SkinnedFixture());
    const size_t geometry = w.payloadStart.at("Geometry");
    {
        std::vector<uint8_t> bytes = w.bytes;
        PutU16(bytes, geometry + kGeomTriangles + 24 + 2, 6); // triangle 0, corner 1 -> vertex 6 (of 6)
        EXPECT_NE(ReadError(bytes).find("triangle 0 uses vertex 6, but the base mesh has 6 vertices"), std::string::npos)
                << ReadError(bytes);
    }
    {
        std::vector<uint8_t> bytes = w.bytes;
        const size_t vertex2 = geometry + kGeomTriangles + 2 * 33 + 8 + 2 * 20;
        bytes[vertex2 + 15] = 9; // vertex 2's node index
        EXPECT_NE(ReadError(bytes).find("vertex 2 is bound to node 9, but the file has 3 nodes"), std::string::npos)
                << ReadError(bytes);
        // The offset of the field itself, though the check runs after every section is read.
        EXPECT_NE(ReadError(bytes).find("at byte " + assimp_retro::HexOffset(vertex2 + 15) + ": "), std::string::npos)
                << ReadError(bytes);
    }
    {
        File f = VertexAnimationFixture();
        f.nodes[1].mdVertices[1] = 40;
        EXPECT_NE(ReadError(Write(f).bytes).find("animates vertex 40, but the file has 4 vertices"), std::string::npos);
        EXPECT_EQ(ReadError(Write(f).bytes).find("at byte 0x0:"), std::string::npos) << ReadError(Write(f).bytes);
    }
}

TEST(AbcLt1Reader, RejectsRunawayChildCounts) {
    for (uint32_t children : {0xFFFFFFFFu, 0x10000u, 5u}) {
        File f = SkinnedFixture();
        f.nodes[2].children = children; // Arm claims children that are not there
        const std::string error = ReadError(Write(f).bytes);
        EXPECT_NE(error.find("Nodes section"), std::string::npos) << error;
        if (children > 5) {
            EXPECT_NE(error.find("runaway child count"), std::string::npos) << error;
        }
    }
}

TEST(AbcLt1Reader, RejectsAbsurdlyDeepNodeTrees) {
    // A chain of single children: fine at 1000 levels, refused beyond 1024
    // (Assimp walks node trees recursively; a hostile chain must not overflow the stack).
    for (const size_t depth : {size_t(1000), size_t(1100)}) {
        File f = SkinnedFixture();
        f.geometry = false;
        f.animation = false;
        f.animDims = false;
        f.nodes.clear();
        for (size_t i = 0; i < depth; ++i) {
            Node node;
            node.name = "n" + std::to_string(i);
            node.transformIndex = static_cast<uint16_t>(i);
            node.children = i + 1 < depth ? 1 : 0;
            f.nodes.push_back(node);
        }
        const std::string error = ReadError(Write(f).bytes);
        if (depth == 1000) {
            EXPECT_EQ(error, "");
        } else {
            EXPECT_NE(error.find("node 1024 ('n1024') is deeper than 1024 levels in the node tree"), std::string::npos) << error;
        }
    }
}

TEST(AbcLt1Reader, RejectsWrongNextSectionOffsets) {
    const Written w = Write(SkinnedFixture());
    const size_t field = w.NextOffsetField("Geometry");
    const uint32_t right = uint32_t(w.sectionStart.at("Nodes"));
    {
        std::vector<uint8_t> bytes = w.bytes;
        PutU32(bytes, field, right + 4); // says the section is 4 bytes longer
        const std::string error = ReadError(bytes);
        EXPECT_NE(error.find("section 'Geometry' ends at"), std::string::npos) << error;
        EXPECT_NE(error.find("but its next-section offset is"), std::string::npos) << error;
    }
    {
        std::vector<uint8_t> bytes = w.bytes;
        PutU32(bytes, field, right - 4); // cuts the section short
        const std::string error = ReadError(bytes);
        EXPECT_NE(error.find("Geometry section"), std::string::npos) << error;
        EXPECT_NE(error.find("ends at its next-section offset"), std::string::npos) << error;
    }
    for (uint32_t bad : {uint32_t(w.bytes.size() + 1), 0u, uint32_t(field), 0x7FFFFFFFu, 0xFFFFFFFEu}) {
        std::vector<uint8_t> bytes = w.bytes;
        PutU32(bytes, field, bad);
        const std::string error = ReadError(bytes);
        EXPECT_NE(error.find("names the next section at"), std::string::npos) << bad << ": " << error;
    }
}

TEST(AbcLt1Reader, RejectsSectionsOutOfPlace) {
    const Written w = Write(SkinnedFixture());
    const auto header = std::make_pair(std::string("Header"), w.Payload("Header"));
    const auto nodes = std::make_pair(std::string("Nodes"), w.Payload("Nodes"));
    const auto animation = std::make_pair(std::string("Animation"), w.Payload("Animation"));
    const auto dims = std::make_pair(std::string("AnimDims"), w.Payload("AnimDims"));
    EXPECT_NE(ReadError(Chain({header, animation, nodes})).find("Animation section comes before the Nodes section"), std::string::npos);
    EXPECT_NE(ReadError(Chain({header, nodes, dims, animation})).find("AnimDims section comes before the Animation"), std::string::npos);
    EXPECT_NE(ReadError(Chain({header, nodes, nodes})).find("a second 'Nodes' section"), std::string::npos);
    EXPECT_NE(ReadError(Chain({nodes, header})).find("the first section is 'Nodes', not 'Header'"), std::string::npos);
    EXPECT_NE(ReadError(Chain({header})).find("no Nodes section"), std::string::npos);
    EXPECT_TRUE(ReadError(Chain({header, nodes, animation, dims})).empty()) << ReadError(Chain({header, nodes, animation, dims}));
}

TEST(AbcLt1Reader, RejectsNonFiniteNumbers) {
    const Written w = Write(SkinnedFixture());
    std::vector<uint8_t> bytes = w.bytes;
    const size_t vertex0 = w.payloadStart.at("Geometry") + kGeomTriangles + 2 * 33 + 8;
    PutF32(bytes, vertex0 + 4, std::numeric_limits<float>::quiet_NaN());
    EXPECT_NE(ReadError(bytes).find("field 'vertex position' at byte"), std::string::npos) << ReadError(bytes);
    EXPECT_NE(ReadError(bytes).find("not a finite number"), std::string::npos);

    bytes = w.bytes;
    const size_t firstKey = w.payloadStart.at("Animation") + 4 + 2 + 4 + 4 + 24 + 4 + 2 * 30 + 8; // after keyframe infos
    PutF32(bytes, firstKey + 12, std::numeric_limits<float>::infinity());
    EXPECT_NE(ReadError(bytes).find("field 'key rotation'"), std::string::npos) << ReadError(bytes);
}

TEST(AbcLt1Reader, ImporterReportsErrorsWithoutAScene) {
    std::vector<uint8_t> bytes = Write(SkinnedFixture()).bytes;
    bytes.resize(bytes.size() - 3);
    Assimp::Importer importer;
    EXPECT_EQ(abc_test::ImportAbc(importer, bytes), nullptr);
    EXPECT_NE(std::string(importer.GetErrorString()).find("ABC: "), std::string::npos) << importer.GetErrorString();
    EXPECT_NE(std::string(importer.GetErrorString()).find("TransformInfo"), std::string::npos) << importer.GetErrorString();
}
