// assimp-retro: COLLADA files that keep a scene's animations and metadata.
//
// Assimp's COLLADA exporter (5.2.5 and main) writes node animations no
// reader can use (sources of every animation share one id per node, times in
// ticks, no <library_animation_clips>) and no node metadata. ExportCollada
// hands Assimp's exporter a view of the scene without its animations and
// node metadata, then writes the node animations itself, one
// <animation_clip> each on one timeline (docs/units-and-collada.md), and the
// scene and node metadata as <extra> (docs/outputs.md "Metadata in FBX and
// COLLADA").
//
//   std::string error;
//   assimp_retro::WrapAnimatedRootChildrenForCollada(*scene); // for Blender, optional
//   if (!assimp_retro::CheckSceneForExport(*scene, &error) ||        // scene_export.h
//       !assimp_retro::ExportCollada(*scene, "out.dae", &error)) { ... }
#pragma once

#include <string>
#include <vector>

struct aiScene;
namespace Assimp {
class ExportProperties;
}

namespace assimp_retro {

/// What ExportCollada wrote; a completion pass that fails leaves its part
/// (animations, then metadata) at zero.
struct ColladaExportReport {
    bool exported = false; ///< Assimp's exporter wrote the file (a failure after this is the completion's)
    unsigned animationsWritten = 0; ///< <animation> elements, one <animation_clip> each
    unsigned channelsWritten = 0; ///< samplers (one per animated node per animation)
    double timelineSeconds = 0; ///< where the last clip ends
    std::vector<std::string> animationNotes; ///< animation parts left out, and why
    unsigned metadataEntriesWritten = 0; ///< <property> elements added to <extra>s
    unsigned elementsWithMetadata = 0; ///< <node> and <visual_scene> elements given an <extra>
    std::vector<std::string> metadataNotes; ///< metadata left out, and why
};

/// Blender 3.4's COLLADA importer turns Y-up into Z-up by rotating the file's
/// top nodes, and an animated top node loses that rotation to its animation
/// (e.g. the LOD node of an animated ODOL comes in lying on its back);
/// skeletons are not affected. When a child of the root node is animated (an
/// aiNodeAnim names it) and neither it nor a node below it is a bone of a
/// mesh, this puts one identity node, "<root name>.DaeRoot", between the root
/// node and all its children. Returns true if it did; the scene is left as it
/// was otherwise. Call it before ExportCollada.
bool WrapAnimatedRootChildrenForCollada(aiScene &scene);

/// Blender 3.4's COLLADA importer makes an armature object of the parent of a
/// skeleton's topmost joints and stands it up (Y-up to Z-up) only when that
/// node is a top node of the file; below another node the skinned meshes come
/// in lying down (Y and Z swapped). Each child of the root node that is no
/// bone and no bone's parent, has bones below it, an identity transform, no
/// meshes and no animation channel is taken out, its children put in its
/// place (its name and metadata are not in the file). Returns the names of
/// the nodes taken out (none: the scene is left as it was). Call it before
/// ExportCollada.
std::vector<std::string> LiftSkeletonsToTopForCollada(aiScene &scene);

/// Blender 3.4's COLLADA importer makes an armature object of every node that
/// is no joint but has a joint child, and gives each skin sharing no joint
/// with an earlier skin the first armature's bones: two skeletons below one
/// node, joined through nodes that are no bones (an LTB first-person model:
/// arms and weapon below "Scene Root"), came in as several armatures with
/// bones missing, the meshes out of place. When the lowest common ancestor of
/// all bones is no bone and not the root node, every node that is no bone,
/// lies below the root node and above a bone is made a bone without weights
/// of the first skinned mesh (its offset matrix from the node's and the mesh
/// holder's global transforms), the root's child holding the skeletons
/// included: Assimp writes them all as joints, and Blender makes one armature
/// object at the top (stood up, its top node's animation a pose bone's).
/// Returns the names of the nodes made bones (none: the scene is left as it
/// was). Call it after LiftSkeletonsToTopForCollada, before ExportCollada.
std::vector<std::string> JoinSkeletonsForCollada(aiScene &scene);

/// Assimp::Exporter::Export(scene, "collada", path, preprocessing,
/// properties) on a view of `scene` without animations and node metadata,
/// then the node animations and the scene and node metadata added to the
/// file. Returns false with `*error` set when Assimp's exporter fails
/// ("export failed: ...", `report->exported` false) or the file it wrote
/// cannot be completed (`report->exported` true). Assimp's exporter trusts
/// its input: check the scene first (CheckSceneForExport). `scene` is not
/// modified.
bool ExportCollada(const aiScene &scene, const std::string &path, std::string *error = nullptr,
        ColladaExportReport *report = nullptr, unsigned preprocessing = 0,
        const Assimp::ExportProperties *properties = nullptr);

} // namespace assimp_retro
