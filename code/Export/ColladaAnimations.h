// Every node animation of a scene in a COLLADA file, playable, with one
// <animation_clip> each.
//
// Assimp's COLLADA exporter (5.2.5 and main) writes animations no reader can
// use: the sources of every animation share one id per node
// ("<node>_matrix-input"), so a second animation repeats the first's ids;
// a channel whose position, rotation and scaling key counts differ has its
// sources left out but its sampler and channel written, which Assimp's own
// importer refuses ("Unable to resolve library reference"); key times are
// written in ticks where COLLADA wants seconds; and there is no
// <library_animation_clips>. Blender 3.4 then shows one action one frame long.
//
// This pass writes the node animations itself, into a file Assimp's exporter
// wrote without them (the caller hides the animations from the exporter):
// - one timeline: animation k starts kColladaClipGapSeconds after animation
//   k-1 ends (the first at 0 s), key times in seconds;
// - per animation one <animation> holding, per animated node, a sampler of
//   4x4 matrices (translation * rotation * scaling, LINEAR) at the union of
//   the channel's key times (a track without a key there is interpolated:
//   linearly, rotations by slerp; a track without keys takes the node's own
//   transform), targeting "<node id>/matrix", the <matrix sid="matrix"> Assimp
//   writes in each <node>;
// - per animation one <animation_clip> with its start and end on the timeline
//   and an <instance_animation> of it.
// Blender 3.4's importer merges every <animation> into one action and ignores
// clips: the first animation plays from frame 0 as in the GLB, the others
// follow it. Readers that honour clips (Assimp main's importer) make one
// animation per clip; Assimp 5.2.5's importer, which misreads
// <library_animation_clips>, makes one per <animation> (it merges
// animations of one channel each: see docs/units-and-collada.md).
// Morph-target channels are left out with a note (Assimp's exporter writes no
// morph targets either).
#pragma once

#include <string>
#include <vector>

struct aiScene;

namespace assimp_retro {

/// The pause between two animations on the file's timeline, in seconds.
constexpr double kColladaClipGapSeconds = 1.0;

struct ColladaAnimationReport {
    unsigned animationsWritten = 0; ///< <animation> elements, one <animation_clip> each
    unsigned channelsWritten = 0; ///< samplers (one per animated node per animation)
    double timelineSeconds = 0; ///< where the last clip ends
    std::vector<std::string> notes; ///< what was left out, and why
};

/// Adds the node animations of `scene` to `path`, a COLLADA file Assimp's
/// exporter wrote from `scene` with its animations hidden (a
/// <library_animations> it wrote anyway is replaced). Node ids are read from
/// the file's <node> elements (matched by their name attribute). The file is
/// rewritten only if an animation is written. Returns false and sets `error`
/// if the file cannot be read or written, or has no <scene> element.
bool AddColladaAnimations(const aiScene &scene, const std::string &path, std::string *error = nullptr,
        ColladaAnimationReport *report = nullptr);

} // namespace assimp_retro
