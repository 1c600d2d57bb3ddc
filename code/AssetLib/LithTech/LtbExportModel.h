// assimp-retro: aiScene -> the LTB format model (LtbModel.h) that LtbWriter
// writes: PC Direct3D, model version 25, as CrossFire's files are. Every rule
// the game's loader and LithTech's packer enforce is applied here and an
// input that breaks one is refused with ExportError naming the rule and the
// object (docs/formats/LTB.md 10, "Writing LTB", lists them with their sources).
//
// What the scene gives, through the ABC exporters' ExportInput (the scene in
// the file's units and mirrored space):
// - nodes with their bind pose, weight sets, sockets, child-model names and
//   animation bindings (the importer's metadata, as for ABC v12);
// - one piece per mesh, its LODs from the importer's LOD holders; each LOD a
//   rigid mesh (every vertex on one node), a skeletal mesh drawn directly
//   (bone sets of up to 4 bones) or, for a mesh whose morph targets an
//   animation plays, a vertex-animated mesh;
// - animations with every node keyed at every keyframe, their keyframe
//   command strings, compressed as the source was (or as asked);
// - then the half turn about +Y that the importer applied (LtbFaceFront),
//   undone in the file's space unless `turn` is false.
#pragma once

#include "LtbModel.h"

#include <string>
#include <vector>

struct aiScene;

namespace assimp_retro {
namespace ltb {

/// The exporter's name in messages ("LTB export: ...").
constexpr const char *kLtbExportFormat = "LTB";

/// AI_CONFIG_EXPORT_LTB_COMPRESSION's "as the source" value.
constexpr int kCompressionAsSource = -1;

struct LtbExportSettings {
    /// Turn the scene half a turn about +Y (undoing the importer's turn);
    /// the exporter decides it from AI_CONFIG_EXPORT_LTB_FACE_FRONT and the
    /// output's name (LtbFaceFront.h: a PV- model is not turned).
    bool turn = true;
    /// Animation compression 0-3 (LtbModel.h Compression), or
    /// kCompressionAsSource: the source LTB's per animation, else relevant 16.
    int compression = kCompressionAsSource;
};

/// The LTB model of `scene`. Throws (ExportError) what breaks a rule;
/// appends what is left out or changed to `warnings`.
Model BuildLtbModel(const aiScene &scene, const LtbExportSettings &settings,
        std::vector<std::string> *warnings = nullptr);

} // namespace ltb
} // namespace assimp_retro
