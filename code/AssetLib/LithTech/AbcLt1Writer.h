// assimp-retro: writes a LithTech ABC v6 file from plain values
// (docs/formats/ABC.md 2.2-2.3): the section chain with absolute
// next-section offsets, Header, Geometry, Nodes, Animation, AnimDims and
// TransformInfo.
//
// The writer serialises what it is given, field by field, and checks
// nothing: AbcLt1ExportModel (aiScene -> Lt1OutModel) makes a model the games accept,
// and the test writers make malformed ones on purpose. It reuses the
// importer's plain structs (AbcLt1Model.h) for everything but the animation
// tracks, which the importer keeps in the file's bytes.
#pragma once

#include "AbcLt1Model.h"

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace assimp_retro {
namespace abc {

/// One node's data in one animation, as values.
struct Lt1OutTrack {
    std::vector<Lt1NodeKey> keys; ///< one per keyframe
    /// Compressed vertex frames, 3 bytes each, keyframe-major (ABC.md 2.3).
    std::vector<uint8_t> mdFrames;
    Vec3 mdScale, mdTranslate;
};

struct Lt1OutAnimation {
    std::string name;
    uint32_t length = 0; ///< milliseconds
    Vec3 boundsMin, boundsMax;
    std::vector<Lt1KeyframeInfo> keyframes;
    std::vector<Lt1OutTrack> nodes; ///< one per node, depth-first
    Vec3 dims; ///< written to AnimDims
};

struct Lt1OutModel {
    std::string fileToken = "MonolithExport Model File v6";
    std::string commandString;
    /// Written from geometry: bounds, lodSteps, vertexStartNum (as is),
    /// triangles (indices as u16), normalVerts, vertices.
    Lt1Geometry geometry;
    std::vector<Lt1Node> nodes; ///< depth-first; numChildren and flags as given
    std::vector<Lt1OutAnimation> animations;
    bool hasTransformInfo = true;
    int32_t flipGeom = 0, flipAnim = 0;
};

/// One section: its name and payload.
struct AbcSection {
    std::string name;
    std::vector<uint8_t> payload;
};

/// The model's sections in file order: Header, Geometry, Nodes, Animation,
/// AnimDims, then TransformInfo when hasTransformInfo.
std::vector<AbcSection> Lt1Sections(const Lt1OutModel &model);

/// Sections chained in the given order, each `name`, absolute offset of the
/// next section (-1 on the last), payload (ABC.md 2.2). `sectionStart`, when
/// given, receives the offset of each section's name.
std::vector<uint8_t> ChainSections(const std::vector<AbcSection> &sections,
        std::vector<size_t> *sectionStart = nullptr);

/// The whole file.
std::vector<uint8_t> WriteLt1(const Lt1OutModel &model);

} // namespace abc
} // namespace assimp_retro
