// assimp-retro: LTB model -> the ABC v9+ model, so one scene builder
// (AbcLt2SceneBuilder) makes both formats' scenes: same mirror, bind pose,
// skinned pieces, LODs, sockets, animations and metadata (docs/formats/LTB.md
// "Scene").
#pragma once

#include "AbcLt2Model.h"
#include "LtbModel.h"

namespace assimp_retro {
namespace ltb {

/// The v9 model of `ltb`. Every piece gets the largest LOD count of all
/// pieces (missing LODs are empty); vertices get their weights from the mesh
/// type (rigid and vertex-animated: their bone; skeletal: blend weights and
/// bone sets or palette indices); animation channels that store no key hold
/// the node's bind pose.
abc::lt2::Model ToAbcLt2(const Model &ltb);

} // namespace ltb
} // namespace assimp_retro
