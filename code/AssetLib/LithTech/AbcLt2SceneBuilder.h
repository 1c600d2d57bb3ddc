// assimp-retro: LithTech ABC v9-v13 / v108 scene builder (AbcLt2Model -> aiScene).
//
// Conventions (docs/formats/ABC.md 2.6/2.7): LithTech is left-handed Y-up with models facing
// +Z; the builder mirrors X (positions, normals, bind matrices, keys, sockets),
// swaps triangle winding and flips v. Node tree under a static synthetic root;
// one aiNode per file node named by the file (made unique); mesh nodes are
// children of the root with identity transforms, so bone offsets are simply
// the inverse global bind matrices.
//
// Metadata written (Assimp has no place of its own for these):
//   file nodes:   abc:index, abc:flags, abc:removable, abc:rotationOnly,
//                 abc:weightSet:<set name> (this node's weight in each weight set)
//   sockets:      abc:socket = true
//   piece nodes:  abc:piece, abc:materialIndex, abc:specularPower, abc:specularScale, abc:lodWeight
//   LOD nodes:    abc:lod, abc:lodDistance (only with AI_CONFIG_IMPORT_ABC_ALL_LODS; one per
//                 LOD, "LOD<n>_dist_<distance>", and one per vertex-animated LTB piece LOD,
//                 "<piece>_LOD<n>", holding only that mesh)
//   scene:        abc:version, abc:commandString, abc:internalRadius, abc:lodCount, abc:lodDistance<i>,
//                 abc:weightSet<i>.name, abc:childModel<i>.name/.buildNumber,
//                 abc:animBinding<list>.<j>.name/.dims/.translation (list 0, the
//                 model's own: only the animations AI_CONFIG_IMPORT_RETRO_ANIMATIONS keeps),
//                 abc:anim<i>.name/.interpolationMs/.compressionType/.extents/.source,
//                 abc:anim<i>.keyframes (every kept keyframe's time in ms, MetadataLists.h),
//                 abc:anim<i>.key<k>.command/.timeMs (keyframes with a command string; k =
//                 index in that list), abc:layout.* (which UNSURE layout the section-end check
//                 chose), abc:skippedSection<i>
// LTB models (LtbToAbcLt2) may also carry what ABC files never do: vertex
// colours (mColors[0]), UV sets 1-3 (mTextureCoords[1..3]), tangents and
// bitangents (mTangents, mBitangents: the basis vectors, mirrored) and, on each LOD
// of a vertex-animated piece, morph targets (one absolute aiAnimMesh
// "<animation>@<ms>" per kept keyframe) with one aiMeshMorphAnim per such
// animation, named by the node holding the mesh (the piece's, or the LOD's
// own "<piece>_LOD<n>"), whose key at each keyframe gives that keyframe's
// target weight 1.
// Materials: one per material index, AI_MATKEY_SHININESS = specular power,
// AI_MATKEY_SHININESS_STRENGTH = specular scale, "$abc.materialIndex".
#pragma once

#include "AbcLt2Import.h"
#include "AbcLt2Model.h"

#include <string>
#include <vector>

struct aiScene;

namespace assimp_retro {
namespace abc {
namespace lt2 {

/// Animations of a child model (another .abc file) to import onto this
/// skeleton by node name.
struct ChildAnimationSource {
    std::string name; ///< as the model that uses it names it (metadata, messages)
    Model model;
};

/// Fills `scene` (which must be empty). `format` and `fileName` prefix
/// messages ("LTB" for the LTB models converted into this model).
void BuildScene(const Model &model, const std::vector<ChildAnimationSource> &children,
        const Lt2ImportSettings &settings, const std::string &fileName, aiScene *scene, const char *format = "ABC");

/// The same, freeing each animation's keys (of the model and its children)
/// once its channels are built: a motion library's keys and its scene are
/// then never all in memory at once. The models are spent afterwards.
void BuildScene(Model &&model, std::vector<ChildAnimationSource> &&children, const Lt2ImportSettings &settings,
        const std::string &fileName, aiScene *scene, const char *format = "ABC");

} // namespace lt2
} // namespace abc
} // namespace assimp_retro
