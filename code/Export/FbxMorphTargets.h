// Morph targets (blend shapes) and their weight animation, written into a
// binary FBX that Assimp's FBX exporter wrote without them (ExportFbx hides
// the aiAnimMeshes from Assimp 5.2.5, whose blend shapes Blender refuses).
//
// What FBX 7.x stores, per aiMesh with aiAnimMeshes:
//   Deformer "BlendShape"           -> the mesh's Geometry        (C "OO")
//   per aiAnimMesh:
//     Deformer "BlendShapeChannel"  -> the BlendShape             (C "OO")
//         DeformPercent (0..100), FullWeights {100}
//     Geometry "Shape"              -> the BlendShapeChannel      (C "OO")
//         Indexes (control points that move), Vertices and Normals
//         (offsets from the mesh's, one per index)
//   per aiMeshMorphAnim and target, in the animation's AnimationLayer:
//     AnimationCurveNode "DeformPercent" -> the AnimationLayer    (C "OO")
//                                        -> the channel's DeformPercent (C "OP")
//     AnimationCurve (KeyTime in 1/46186158000 s, KeyValueFloat in percent)
//                                        -> the node's d|DeformPercent (C "OP")
#pragma once

#include "Export/FbxRecords.h"

#include <cstdint>
#include <map>
#include <string>
#include <vector>

struct aiScene;

namespace assimp_retro {

struct FbxCompletionReport;

/// Adds the morph targets of `scene` and their animation to `top`, the
/// top-level records of the FBX Assimp wrote from `scene` with no
/// aiAnimMeshes (its Objects/Geometry "Mesh" records are the scene's meshes
/// in order). `layers`: per animation of the scene, the id of its
/// AnimationLayer (FbxNodeAnimations). New objects take ids from `nextId` on
/// and are counted per type in `added`. What cannot be matched is left out,
/// counted and noted in `report`. Throws fbx::FormatError when a record it
/// reads is malformed.
void AddFbxMorphTargets(const aiScene &scene, const fbx::RecordReader &reader, std::vector<fbx::Record> &top,
        const std::vector<int64_t> &layers, int64_t &nextId, std::map<std::string, unsigned> &added,
        FbxCompletionReport &report);

} // namespace assimp_retro
