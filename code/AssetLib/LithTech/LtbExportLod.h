// assimp-retro: one mesh of the scene as one LTB render object (a piece's
// LOD), for LtbExportModel: its vertices welded, its mesh type chosen, the
// engine's limits checked (docs/formats/LTB.md 10).
//
// - rigid (4): every vertex on one node (the packer's rule: one bone in all);
// - skeletal drawn directly (5): the triangles grouped into bone sets of up to
//   as many bones as the most any triangle uses (4 at most), each set's
//   vertices a run of their own (duplicated where two sets share one), its
//   triangles a run of the index list; each vertex's blend weights belong to
//   its set's bones in ascending order (lta2ltb_d3d's SaveSkelMesh_RenderDirect);
// - vertex-animated (6): a mesh with morph targets that an animation plays,
//   on one node, which is also its animation node; the frames are written
//   by LtbExportModel with the animations.
// One vertex stream: position, normal, UV set 0 (flags 0x13, as every
// CrossFire file).
#pragma once

#include "AbcExportInput.h"
#include "LtbModel.h"

#include <string>
#include <vector>

namespace assimp_retro {
namespace ltb {

/// A render object and, for a vertex-animated one, where its vertices come
/// from in the scene's mesh (for its frames).
struct ExportLod {
    Lod lod;
    std::vector<unsigned> meshVertex; ///< per LOD vertex: the aiMesh vertex it was welded from
};

/// Builds the render object of `mesh`; `vertexAnimated` when an animation
/// plays its morph targets. Throws (ExportError, prefixed "LTB export: ") on
/// a rule it breaks, naming the mesh. Warnings go to scene.warnings.
ExportLod BuildLod(abc::ExportInput &scene, const abc::ExportMesh &mesh, bool vertexAnimated);

} // namespace ltb
} // namespace assimp_retro
