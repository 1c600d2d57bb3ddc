// assimp-retro: LTB model -> the ABC v9+ model, so one scene builder
// (AbcLt2SceneBuilder) makes both formats' scenes: same mirror, bind pose,
// skinned pieces, LODs, sockets, animations and metadata (docs/formats/LTB.md
// "Scene").
#pragma once

#include "AbcLt2Model.h"
#include "LtbModel.h"

namespace assimp_retro {
namespace ltb {

/// Morph target vertices (targets x face corners, over all meshes) at most:
/// 16M positions = 192 MB, as ABC v6 (AbcSettings.h). A vertex-animated
/// mesh's keyframes beyond it keep the bind pose, with a warning.
constexpr size_t kMaxMorphVertices = size_t(16) << 20;

/// The v9 model of `ltb`. Every piece gets the largest LOD count of all
/// pieces (missing LODs are empty); vertices get their weights from the mesh
/// type (rigid and vertex-animated: their bone; skeletal: blend weights and
/// bone sets or palette indices), basis vectors become unit tangents and
/// bitangents; animation channels that store no key hold
/// the node's bind pose. Each LOD of a vertex-animated piece (LOD 0 only
/// unless `allLods`, AI_CONFIG_IMPORT_ABC_ALL_LODS) gets its frames
/// (abc::lt2::Lod::vertexAnimations), up to `maxMorphVertices` over the model.
/// `ltb` is freed when the conversion returns: its expanded keys (a
/// 2,282-animation library: 48 MB) are not held while the scene is built.
abc::lt2::Model ToAbcLt2(Model &&ltb, size_t maxMorphVertices = kMaxMorphVertices, bool allLods = true);
/// The same for a model the caller keeps (converts a copy).
abc::lt2::Model ToAbcLt2(const Model &ltb, size_t maxMorphVertices = kMaxMorphVertices, bool allLods = true);

} // namespace ltb
} // namespace assimp_retro
