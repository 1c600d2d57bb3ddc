// assimp-retro tests: a fixture builder for LithTech ABC v9-v13 / v108 files
// (docs/formats/ABC.md 2.4), not an independent writer: the tests' own plain
// model, written through the library's own writer
// (code/AssetLib/LithTech/AbcLt2Writer.h), which serialises every value as given.
// Layout switches let tests write the alternative ("UNSURE") layouts too.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace abcv9_writer {

struct V3 {
    float x = 0.f, y = 0.f, z = 0.f;
};
struct Q {
    float x = 0.f, y = 0.f, z = 0.f, w = 1.f; ///< stored x, y, z, w
};

struct Weight {
    uint32_t node = 0;
    V3 location; ///< node-local bind position
    float bias = 1.f;
};
struct Vertex {
    std::vector<Weight> weights;
    uint16_t replacement = 0xcdcd;
    V3 position, normal; ///< model space, bind pose
};
struct Corner {
    float u = 0.f, v = 0.f;
    uint16_t vertex = 0;
};
struct Lod {
    std::vector<std::array<Corner, 3>> faces;
    std::vector<Vertex> vertices;
};
struct Piece {
    uint16_t materialIndex = 0;
    float specularPower = 0.f, specularScale = 1.f, lodWeight = 1.f;
    std::string name;
    std::vector<Lod> lods; ///< must have Model::lodCount entries
};
struct Node {
    std::string name;
    uint8_t flags = 0;
    int parent = -1;                 ///< nodes are listed in depth-first preorder
    std::array<float, 16> bind{};    ///< global, row-major, translation at [3],[7],[11]
};
struct WeightSet {
    std::string name;
    std::vector<float> weights;
};
struct Relation {
    V3 pos;
    Q rot;
};
struct ChildModel {
    std::string name;
    uint32_t buildNumber = 0;
    std::vector<Relation> relations; ///< one per node
};
struct Key {
    V3 pos;
    Q rot;
    std::array<float, 2> extra{{0.f, 0.f}}; ///< v13/v108 only
};
struct Animation {
    V3 extents;
    std::string name;
    uint32_t compressionType = 0;
    uint32_t interpolationMs = 200;
    std::vector<uint32_t> times;
    std::vector<std::string> commands; ///< one per keyframe
    std::vector<std::vector<Key>> tracks; ///< [node][keyframe]
};
struct Socket {
    uint32_t node = 0;
    std::string name;
    Q rot;
    V3 pos;
};
struct Binding {
    std::string animName;
    V3 dims, translation;
};

struct Model {
    uint32_t version = 12;
    std::string commandString;
    float internalRadius = 1.f;
    uint32_t lodCount = 1;
    std::vector<float> lodDistances; ///< normally lodCount-1 entries
    std::vector<Piece> pieces;
    std::vector<Node> nodes;
    std::vector<WeightSet> weightSets;
    std::vector<ChildModel> childModels; ///< entry 0 = self with empty name
    std::vector<Animation> animations;
    std::vector<Socket> sockets;
    std::vector<std::vector<Binding>> bindings; ///< one list per child model
    bool writeHitGroups = false; ///< v108: an extra undocumented section to skip
};

/// Alternative layouts the importer must detect by the section-end check.
struct Layout {
    bool distancesFromLodCount = false; ///< write LODCount distances, LODDistanceCount field says lodCount-1... (see .cpp)
    int animationHeader = -1;           ///< -1 = documented; 0 = neither field; 1 = compression only; 2 = both
    bool childRelation36 = false;       ///< 36-byte child-model relations
    bool singleBindingList = false;     ///< only the first AnimBindings list
    int lodWeight = -1;                 ///< -1 = documented (v >= 10); 0/1 = force
};

std::vector<uint8_t> Write(const Model &model, const Layout &layout = Layout());

/// Byte offsets of each section header in a written file: {name, offset}.
std::vector<std::pair<std::string, size_t>> SectionOffsets(const std::vector<uint8_t> &file);

/// A rich skinned test model for `version`: 6 nodes (one rotation-only), 3
/// pieces, `lods` LODs, vertices with 1-4 weights, 2 sockets, 2 weight sets, a
/// self child model plus `childNames`, 2 animations with keyframe commands.
Model MakeTestModel(uint32_t version, uint32_t lods = 2, const std::vector<std::string> &childNames = {});

/// An animation-only model over the same skeleton (no pieces), with `animName`.
Model MakeAnimationModel(uint32_t version, const std::string &animName, const std::vector<std::string> &childNames = {});

} // namespace abcv9_writer
