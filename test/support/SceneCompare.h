// assimp-retro tests: compares two scenes the way an exporter's round trip
// must keep them (import -> export -> import): the same node tree, the same
// triangles up to vertex order (positions, UVs, normals), the same
// animations (the same poses at every key time of either scene, over the
// same time span), morph targets and scene metadata.
#pragma once

#include <set>
#include <string>

struct aiScene;

namespace retro_test {

struct SceneCompareOptions {
    float positionTolerance = 1e-4f; ///< absolute, scene units (vertices and position keys)
    float uvTolerance = 1e-5f;
    float normalTolerance = 0.02f;   ///< per component
    float rotationTolerance = 1e-4f; ///< per quaternion component (q and -q are equal)
    float morphTolerance = 1e-4f;    ///< morph target positions (e.g. a quantisation step)
    bool compareTriangles = true;
    /// The node trees, in order (names, children; metadata with compareNodeMetadata).
    bool compareNodes = true;
    bool compareMorphTargets = true;
    /// `actual` may animate more nodes than `expected` (e.g. sockets become nodes).
    bool extraChannelsAllowed = false;
    /// Scene metadata keys allowed to be missing or different in `actual`.
    std::set<std::string> lostMetadata;
    /// Also each node's metadata (sockets, LOD levels, piece settings, ...),
    /// every key and value, with the same tolerances as scene metadata.
    bool compareNodeMetadata = false;
    /// Also each node's transform (translation within positionTolerance,
    /// the rest within rotationTolerance).
    bool compareTransforms = false;
    /// Also each matched vertex's bone weights (by bone name, a missing bone
    /// counting as weight 0, within weightTolerance) and each bone's offset
    /// matrix (as compareTransforms).
    bool compareWeights = false;
    /// The animations: names, channels, every key (time and value).
    bool compareAnimations = true;
    float weightTolerance = 1e-4f;
};

/// EXPECTs `actual` to equal `expected` (gtest failures name what differs;
/// at most a few per kind, then a count).
void ExpectEqualScenes(const aiScene &expected, const aiScene &actual, const SceneCompareOptions &options);

} // namespace retro_test
