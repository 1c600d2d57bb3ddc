// assimp-retro: what both ABC exporters (v6 and v12) read from an aiScene
// before they build their format's model: the LithTech node tree, the unit
// and axis conversion back to the file's space, keyframe times and node
// poses sampled at them, and each mesh vertex's node and node-local position.
//
// Conventions, the inverse of the importers' (docs/formats/ABC.md 2.7 and
// "Writing ABC"): scene positions times `unitScale` (scene unit -> file unit,
// from the scene's UnitScaleFactor and OriginalUnitScaleFactor), then mirror
// X; quaternions (x,y,z,w) -> (x,-y,-z,w); winding swapped; v -> 1 - v.
//
// Which aiNodes become LithTech nodes: every node except
// - the importers' synthetic root "<ABC_Root>" (when it is not animated),
// - mesh holders: leaves that only hold skinned meshes (posed skinned
//   vertices follow their bones; the holder's global only gives the space of
//   the vertices and offset matrices, except in a scene from glTF, which
//   ignores it),
// - LOD holders (metadata abc:lod > 0) with their meshes, and socket nodes
//   (metadata abc:socket), which the v12 exporter writes as sockets.
#pragma once

#include "AbcMetadataKeys.h"
#include "AbcSettings.h"
#include "Common/Handedness.h"
#include "Common/Vec3.h"

#include <assimp/matrix4x4.h>
#include <assimp/quaternion.h>
#include <assimp/vector3.h>

#include <cstdint>
#include <map>
#include <string>
#include <vector>

struct aiScene;
struct aiNode;
struct aiMesh;
struct aiAnimation;
struct aiNodeAnim;

namespace assimp_retro {
namespace abc {

/// A vector's three floats as the format models hold them, unconverted (FilePoint and
/// FileDirection convert to the file's space).
inline Vec3 ToVec3(const aiVector3D &v) {
    return Vec3{v.x, v.y, v.z};
}

/// An error the exporter reports through Assimp (ExportError.h) with this prefix.
[[noreturn]] void FailExport(const std::string &format, const std::string &message);

/// The most keyframes an importer's keyframe list (abc:anim<i>.keyframes) may
/// give one animation: more than any game file holds, and a bound on what a
/// list in a hostile scene can make the exporters write.
constexpr size_t kMaxListedKeyframes = 65536;

/// The animation that holds the static pose of a scene without animations.
constexpr const char *kStaticAnimationName = "static";

struct ExportNode {
    const aiNode *node = nullptr;
    std::string name;
    int parent = -1; ///< index in ExportInput::nodes, -1 for the root
    std::vector<int> children;
    aiMatrix4x4 bindGlobal; ///< scene space, static transforms (rigid part)
};

/// One mesh vertex in file space, bound to one node.
struct BoundVertex {
    int node = 0; ///< ExportInput::nodes index
    aiVector3D local; ///< file space, node-local
    aiVector3D normal; ///< file space, node-local, unit (or zero)
};

/// A mesh as the exporters take it: each vertex bound to its nodes.
struct ExportMesh {
    const aiMesh *mesh = nullptr;
    const aiNode *holder = nullptr; ///< the aiNode holding it
    std::string nodeName; ///< the aiNode holding it (morph channels name it)
    aiMatrix4x4 meshToWorld; ///< scene space
    /// Per vertex: (node, weight), strongest first, weights summing to 1.
    std::vector<std::vector<std::pair<int, float>>> weights;
    /// Per node index used: mesh space -> node-local scene space (inverse rigid bind times meshToWorld).
    std::map<int, aiMatrix4x4> toLocal;
};

class ExportInput {
public:
    /// Reads `scene`; `format` names the exporter in messages ("ABC v6").
    /// `socketsAsNodes`: socket nodes (abc:socket) become ordinary nodes (v6,
    /// whose games attach to nodes) instead of being left to the caller (v12).
    /// `defaultCentimetresPerUnit`: the target generation's unit, for a scene
    /// that did not come from an ABC (one that did records its file's unit as
    /// OriginalUnitScaleFactor, which is used instead).
    ExportInput(const aiScene &scene, const std::string &format, bool socketsAsNodes, double defaultCentimetresPerUnit);

    const aiScene &scene;
    std::string format;
    double unitScale = 1.0; ///< scene unit -> file unit
    double defaultCentimetresPerUnit; ///< the target generation's unit
    std::vector<ExportNode> nodes; ///< depth-first preorder
    std::vector<ExportMesh> meshes; ///< LOD 0 (every mesh outside LOD holders)
    /// LOD holders (metadata abc:lod > 0, as the importers make them): (level, node).
    std::vector<std::pair<int, const aiNode *>> lodNodes;
    std::vector<std::string> warnings;
    /// Bind pose (scene space, rigid) of every node that is a bone: its
    /// mesh's space (the holder's static global; a glTF scene's own space)
    /// times the inverse of its offset matrix.
    std::map<int, aiMatrix4x4> boneBind;
    bool fromAbc = false; ///< the scene has abc:version metadata
    int abcVersion = 0;

    int NodeIndex(const std::string &name) const;

    // ---- conversion to the file's space ----
    aiVector3D FilePoint(const aiVector3D &scenePoint) const {
        return Mirror(scenePoint * static_cast<ai_real>(unitScale), MirrorAxis::X);
    }
    /// A rigid scene-space transform in file space (translation scaled, mirrored).
    aiMatrix4x4 FileMatrix(const aiMatrix4x4 &sceneMatrix) const {
        aiMatrix4x4 m = sceneMatrix;
        m.a4 *= static_cast<ai_real>(unitScale);
        m.b4 *= static_cast<ai_real>(unitScale);
        m.c4 *= static_cast<ai_real>(unitScale);
        return Mirror(m, MirrorAxis::X);
    }
    static aiVector3D FileDirection(const aiVector3D &sceneDirection) { return Mirror(sceneDirection, MirrorAxis::X); }
    static aiQuaternion FileRotation(const aiQuaternion &sceneRotation) { return Mirror(sceneRotation, MirrorAxis::X); }

    /// The animations to write, in order, with their names (made up when
    /// empty): the scene's, or ("static", nullptr) holding the static pose
    /// when it has none (a warning). Names over 65535 bytes are refused.
    std::vector<std::pair<std::string, const aiAnimation *>> AnimationsToWrite();

    /// Keyframe times (ms, strictly increasing, starting at 0) of the scene's
    /// animation `sceneIndex`: every key time of its channels and morph
    /// channels, and every keyframe of the importer's keyframe list
    /// (abc:anim<i>.keyframes, when its abc:anim<i>.name is the animation's),
    /// which keeps the keyframes at which no node moves.
    std::vector<uint32_t> KeyTimes(const aiAnimation &animation, unsigned sceneIndex) const;
    /// Each node's channel in `animation` (nullptr where it has none, or for no animation).
    std::vector<const aiNodeAnim *> Channels(const aiAnimation *animation) const;
    /// Each node's local transform (scene space) at `ms`, for `animation`
    /// with its Channels() (nullptr: the static pose).
    std::vector<aiMatrix4x4> LocalPose(const aiAnimation *animation, const std::vector<const aiNodeAnim *> &channels,
            double ms) const;
    /// Global rigid transforms from a LocalPose.
    std::vector<aiMatrix4x4> GlobalPose(const std::vector<aiMatrix4x4> &local) const;
    /// One node's key in file space: parent-relative translation and rotation.
    struct FileKey {
        aiVector3D position;
        aiQuaternion rotation;
    };
    /// Every node's key in a GlobalPose. `previous` (scene-space rotations,
    /// one per node; empty for the first keyframe) keeps each rotation in the
    /// hemisphere of the one before and is updated. Non-finite keys are
    /// refused, naming `animation` and the node.
    std::vector<FileKey> FileKeys(const std::vector<aiMatrix4x4> &global, std::vector<aiQuaternion> &previous,
            const std::string &animation) const;
    /// A node-local position in file space of mesh `m`'s vertex position `p` (mesh space) for node `node`.
    aiVector3D LocalPosition(const ExportMesh &m, int node, const aiVector3D &p) const;
    aiVector3D LocalNormal(const ExportMesh &m, int node, const aiVector3D &n) const;

    /// Metadata values of the scene.
    bool MetaString(const std::string &key, std::string &value) const;
    bool MetaInt(const std::string &key, int32_t &value) const;
    bool MetaFloat(const std::string &key, float &value) const;
    bool MetaVector(const std::string &key, aiVector3D &value) const;
    bool MetaBool(const std::string &key, bool &value) const;

    /// The keyframe command strings the importer kept for one animation
    /// (metadata `<prefix>key<i>.command` with `<prefix>key<i>.timeMs`), by time.
    std::map<uint32_t, std::string> KeyframeCommands(const std::string &prefix) const;

    [[noreturn]] void Fail(const std::string &message) const { FailExport(format, message); }
    void Warn(const std::string &message);

private:
    void ReadUnits();
    void CollectNodes();
    void CollectMeshes();

public:
    /// The ExportMesh of `mesh` held by `holder` (LOD meshes too), with its vertices bound.
    ExportMesh BindMesh(const aiMesh &mesh, const aiNode &holder, int owner);

private:
    std::map<const aiNode *, aiMatrix4x4> mStaticGlobal;
    aiMatrix4x4 mRootParentGlobal; ///< global of the LithTech root's scene parent
    bool mScaleWarned = false;
    bool mSocketsAsNodes = false;
    bool mSkinnedMeshesInSceneSpace = false; ///< a glTF scene: holders of skinned meshes do not move them (BindMesh)
    const aiMetadata *mSceneMeta = nullptr; ///< the scene's metadata (SceneMetadata in the .cpp)
};

/// Rigid part (T * R) of a transform; `hadScale` set when the scale was not 1.
aiMatrix4x4 RigidPart(const aiMatrix4x4 &m, bool *hadScale = nullptr);

/// Decomposes a rigid matrix into translation and unit rotation.
void TranslationRotation(const aiMatrix4x4 &m, aiVector3D &translation, aiQuaternion &rotation);

/// Milliseconds of a tick time.
double TicksToMs(const aiAnimation &animation, double ticks);

} // namespace abc
} // namespace assimp_retro
