// assimp-retro: the editable MLOD form of a P3D as the exporter writes it.
//
// MLOD's own shape, unlike P3dModel.h (ODOL's, which the readers fill):
// shared points, a normal table, and faces whose corners each name a point,
// a normal and their own UV, in MLOD's corner order. File coordinates
// (left-handed, Y up, facing -Z), metres. docs/formats/P3D.md §5 and §9.
#pragma once

#include "Common/Vec3.h"

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace assimp_retro {
namespace p3d {

struct MlodCorner {
    uint32_t point = 0;
    uint32_t normal = 0;
    float u = 0.f, v = 0.f; ///< D3D convention: (0,0) = the image's top left
};

struct MlodFace {
    std::string texture; ///< game path, "" = untextured
    uint8_t count = 3; ///< 3 or 4
    MlodCorner corners[4]; ///< MLOD order (the reverse of ODOL's)
    uint32_t flags = 0; ///< MLOD face flags
};

struct MlodSelection {
    std::string name;
    std::vector<uint8_t> pointWeights; ///< per point: 0 = not selected, 255 = fully, else the weight
    std::vector<uint8_t> faces; ///< per face: 0 or 1
};

struct MlodFrame {
    float time = 0.f;
    std::vector<Vec3> points; ///< one position per point
};

struct MlodLod {
    float resolution = 1.f;
    std::vector<Vec3> points;
    std::vector<uint32_t> pointFlags; ///< one per point
    std::vector<Vec3> normals;
    std::vector<MlodFace> faces;
    std::vector<std::pair<std::string, std::string>> properties;
    std::vector<MlodSelection> selections;
    std::vector<MlodFrame> frames;
    std::vector<float> mass; ///< per point (#Mass#); empty = no tag
};

struct MlodFile {
    std::vector<MlodLod> lods;
};

/// Limits of the SP3X form as OFP's tools read it (docs/formats/P3D.md §9).
constexpr size_t kMlodMaxLods = 100;
constexpr size_t kMlodTextureChars = 31; ///< char[32] with its NUL
constexpr size_t kMlodTagNameChars = 63; ///< char[64] with its NUL
constexpr size_t kMlodPropertyChars = 63; ///< name and value: char[64] each
constexpr size_t kMlodMaxVertices = 65536; ///< distinct (point, normal, uv) corners plus unused points

/// Throws ExportError naming the LOD, face or tag when `file` breaks a rule
/// of §9 (counts, indices, lengths, non-finite numbers, vertex limit).
void CheckMlod(const MlodFile &file);

/// SP3X is Operation Flashpoint's LOD form (what the exporter writes); P3DM
/// is later Bohemia tools' (the test fixtures write it too: the reader reads both).
enum class MlodForm { Sp3x, P3dm };

/// The file's bytes ("MLOD" 0x101, LODs, tags) as given: call CheckMlod
/// first for a valid file (the test fixtures skip it to write broken ones).
/// The tags come in the order properties, selections, #Mass#, #Animation#.
std::vector<uint8_t> WriteMlodBytes(const MlodFile &file, MlodForm form = MlodForm::Sp3x);

} // namespace p3d
} // namespace assimp_retro
