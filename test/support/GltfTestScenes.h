// Hand-made aiScenes for the glTF completion tests: each holds one of the
// parts Assimp 5.2.5's glTF2 exporter drops (cameras, node metadata, morph
// weight animation), built the way our importers build scenes (unique node
// names, a never-animated root, strictly increasing keys, mTicksPerSecond > 0).
#pragma once

#include <assimp/scene.h>

#include <memory>
#include <vector>

namespace gltf_test {

constexpr double kPi = 3.14159265358979323846;

// Camera scene: Root -> CameraRig (animated by "Fly": 3 position + 2 rotation
// keys, 30 ticks/s) carrying camera "CameraRig" in the glTF convention
// (look -Z, up +Y); Root -> Spectator carrying camera "Spectator" with
// aiCamera's default frame (look +Z) and no aspect; Root -> Floor (a triangle).
struct CameraValues {
    static constexpr float kRigFov = 0.9f;        ///< mHorizontalFOV, full horizontal angle (radians)
    static constexpr float kRigAspect = 16.0f / 9.0f;
    static constexpr float kRigNear = 0.25f;
    static constexpr float kRigFar = 500.0f;
    static constexpr float kSpectatorFov = 1.2f;  ///< aspect 0 (unknown)
    static constexpr float kSpectatorNear = 0.5f;
    static constexpr float kSpectatorFar = 80.0f;
};
std::unique_ptr<aiScene> MakeCameraScene();

// Metadata scene: Root -> Props (every aiMetadata type, a nested aiMetadata
// holding another nested one), Root -> Props -> Tagged (a few keys), Floor
// (mesh, one bool key). Values are listed in the test that checks them.
std::unique_ptr<aiScene> MakeMetadataScene();

// Morph scene: Root -> Blob (a quad, 3 aiAnimMesh targets) animated by
// "Wobble" (aiMeshMorphAnim "Blob": 4 keys at 0, 5, 10, 20 ticks, 10 ticks/s,
// each naming some of the targets) and Root -> Plain (a triangle without
// targets, also named by a morph channel: skipped with a note) and Root -> Twin
// (two quads with 3 targets each, meshes "TwinA"/"TwinB", same keys).
std::unique_ptr<aiScene> MakeMorphScene();

// Skinned scene: Root -> Armature -> (Bone, Skin), Skin's triangle weighted
// fully to Bone: its mesh node sits under another node, as an armature's does.
std::unique_ptr<aiScene> MakeSkinnedScene();

// Animated skinned scene: MakeSkinnedScene with Armature and Bone moved and
// turned, and node animations only: "Walk" (24 ticks/s) drives Bone
// (3 position, 2 rotation, 2 scaling keys; 1e-8 and 3e25 among the values,
// whose JSON needs an exponent) and Armature (rotation only, -0.0 and 1e-8
// in a key); an unnamed
// animation (glTF name "anim", 30 ticks/s) drives Armature's position (one
// key). `ticksPerSecond` replaces Walk's 24.
std::unique_ptr<aiScene> MakeAnimatedSkinnedScene(double ticksPerSecond = 24.0);

// Everything above in one scene (the nodes of all three, one animation "All"
// with the camera rig channel and the morph channel).
std::unique_ptr<aiScene> MakeFullScene();

/// A channel of `node` whose k-th key of each track is at 10 k ticks;
/// an empty list leaves that track without keys.
aiNodeAnim *MakeChannel(const char *node, const std::vector<aiVector3D> &positions,
        const std::vector<aiQuaternion> &rotations, const std::vector<aiVector3D> &scalings);

} // namespace gltf_test
