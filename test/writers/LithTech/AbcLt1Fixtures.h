// assimp-retro tests: a fixture builder for LithTech ABC v6 files, not an
// independent writer: it writes the tests' plain values through the library's
// own writer (code/AssetLib/LithTech/AbcLt1Writer.h: section chain,
// Header, Geometry, Nodes, Animation, AnimDims, TransformInfo), which
// serialises every value as given; the switches here leave sections out, add
// unknown ones or change the token, for malformed files.
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace retro_test {
namespace abcv6 {

struct Triangle {
    std::array<float, 6> uv{0, 0, 0, 0, 0, 0}; // u0, v0, u1, v1, u2, v2
    std::array<uint16_t, 3> index{0, 0, 0};
    std::array<int8_t, 3> normal{0, 0, 0};
};

struct Vertex {
    std::array<float, 3> position{0, 0, 0};
    std::array<int8_t, 3> normal{0, 127, 0};
    uint8_t node = 0;
    std::array<uint16_t, 2> replacements{0, 0};
};

struct Node {
    std::string name;
    uint16_t transformIndex = 0; // the writer does not fill it in: tests set it
    uint8_t flags = 0;           // 1 null, 2 triangles, 4 deformation
    std::vector<uint16_t> mdVertices;
    uint32_t children = 0;
};

struct Key {
    std::array<float, 3> position{0, 0, 0};
    std::array<float, 4> rotation{0, 0, 0, 1}; // x, y, z, w as stored
};

struct NodeAnimation {
    std::vector<Key> keys;                 // one per keyframe
    std::vector<std::array<uint8_t, 3>> mdFrames; // keyframe-major, keys * mdVertices
    std::array<float, 3> scale{0, 0, 0};
    std::array<float, 3> translate{0, 0, 0};
};

struct Keyframe {
    uint32_t time = 0;
    std::string command;
};

struct Animation {
    std::string name;
    uint32_t length = 0;
    std::vector<Keyframe> keyframes;
    std::vector<NodeAnimation> nodes; // one per node, depth-first
    std::array<float, 3> dims{0, 0, 0};
};

struct File {
    std::string token = "MonolithExport Model File v6";
    std::string command;
    bool geometry = true;
    std::array<float, 6> bounds{0, 0, 0, 0, 0, 0};
    uint32_t lodSteps = 0;
    std::vector<uint16_t> vertexStartNum; // written as is (lodSteps + 1 entries in real files)
    std::vector<Triangle> triangles;
    uint32_t normalVerts = 0;
    std::vector<Vertex> vertices;
    std::vector<Node> nodes;
    bool animation = true;
    std::vector<Animation> animations;
    bool animDims = true;
    bool transformInfo = true;
    int32_t flipGeom = 0;
    int32_t flipAnim = 0;
    /// Extra sections (name, payload) written before AnimDims.
    std::vector<std::pair<std::string, std::vector<uint8_t>>> extraSections;
};

struct Written {
    std::vector<uint8_t> bytes;
    std::map<std::string, size_t> sectionStart; ///< offset of each section's name
    std::map<std::string, size_t> payloadStart; ///< offset of each section's payload
    /// Where a section's i32 next-section offset is stored.
    size_t NextOffsetField(const std::string &section) const { return payloadStart.at(section) - 4; }
    /// A section's payload bytes.
    std::vector<uint8_t> Payload(const std::string &section) const;
};

Written Write(const File &file);

/// Sections (name, payload) chained in the given order with correct
/// next-section offsets (-1 on the last): for files in unusual orders.
std::vector<uint8_t> Chain(const std::vector<std::pair<std::string, std::vector<uint8_t>>> &sections);

// ---- fixtures used by the tests and the fuzz seeds ------------------------

/// Root (null, rotated 180 deg about Y like real KPC files) -> Body -> Arm:
/// one triangle on Body, one on Arm; animation "idle" (keys at 0 and 100 ms,
/// a "fire_key" command at 100) and "walk" (3 keys). See AbcLt1SceneTest.
File SkinnedFixture();
/// Root -> Flag (flags 6): a quad whose vertices 1 and 3 are vertex-animated;
/// animations "wave" (3 keys) and "still" (1 key).
File VertexAnimationFixture();
/// Root -> Mesh: 5 base vertices, 3 triangles, 2 collapse steps.
File LodFixture();

/// Little-endian pokes for corrupting files.
void PutU32(std::vector<uint8_t> &bytes, size_t offset, uint32_t value);
void PutU16(std::vector<uint8_t> &bytes, size_t offset, uint16_t value);

} // namespace abcv6
} // namespace retro_test
