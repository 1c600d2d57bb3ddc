// The node animation of a scene, written by the FBX completion pass itself
// (ExportFbx hands Assimp's FBX exporter the scene without animations).
//
// Assimp 5.2.5's writer costs about 2 KB per track: per aiNodeAnim three
// AnimationCurveNodes (T, R and S, scale too, which LithTech never moves),
// each with three AnimationCurves holding Default, KeyVer and Assimp's
// KeyAttr* stubs (interpolation flags 0), its times in ticks taken as seconds
// and LocalStop rounded down to whole seconds. This writer keeps the
// semantics Assimp's exporter gives the keys, and writes them as FBX 7.x
// readers take them:
//   AnimationStack "<name>" (LocalStop/ReferenceStop: the animation's end)
//     <- AnimationLayer                                   (C "OO")
//   per channel and path (translation, rotation, scale) that has keys:
//     AnimationCurveNode "T"/"R"/"S", d|X d|Y d|Z = the node's static value
//       -> the layer (C "OO"); -> the node's Model, "Lcl Translation",
//          "Lcl Rotation" or "Lcl Scaling" (C "OP")
//     3 AnimationCurves: KeyTime (KTime, 46186158000 per second, of
//       mTime / mTicksPerSecond), KeyValueFloat -> the curve node's "d|X",
//       "d|Y", "d|Z" (C "OP"). Rotations are Euler angles in degrees, XYZ
//       order (the Models' RotationOrder default), the convention of
//       aiMatrix4x4::Decompose that Assimp's exporter uses, computed in
//       double (EulerOf in the .cpp says why).
// Left out, each as the FBX readers read the file without it:
//   - the curve nodes of a path of a node that no animation of the scene
//     moves away from the node's static value (its Model's Lcl value): every
//     key within 5e-7 relative, half the FBX pose tolerance (LithTech's scale:
//     1 in the keys, 1 within 1e-6 in the decomposed bind pose). A path some
//     animation moves keeps its curve node in every animation that has keys
//     for it, so a player switching animations never keeps a stale pose.
//     An animation whose moving tracks would end before its last key (or
//     that has none) keeps its first still track that ends there, as the
//     glTF completion does;
//   - a curve's Default (its value when it has no key: every curve here has
//     keys), KeyVer and KeyAttrFlags/KeyAttrDataFloat/KeyAttrRefCount (Assimp
//     writes flags 0: no interpolation named; the readers interpolate keys
//     linearly without them, as the scene's keys are meant).
// docs/outputs.md "FBX output" and docs/benchmarks.md "Motion libraries".
#pragma once

#include "Export/FbxRecords.h"

#include <cstdint>
#include <map>
#include <string>
#include <vector>

struct aiScene;

namespace assimp_retro {

struct FbxCompletionReport;

/// One Model record Assimp's FBX exporter writes, in its order: a node's
/// (`node` true), or one made for a mesh of a node with several meshes (or of
/// the root), named after the mesh.
struct FbxModelSlot {
    std::string name;
    bool node = true;
};

/// The Model records Assimp 5.2.5's FBX exporter writes for `scene`, in file
/// order (FBXExporter::WriteModelNodes: no Model for the root node nor for
/// Assimp's "_$AssimpFbx$" helper nodes, depth first).
std::vector<FbxModelSlot> AssimpFbxModelOrder(const aiScene &scene);

/// Writes the node animation of a scene into the FBX of it.
class FbxNodeAnimations {
public:
    /// `models`: AssimpFbxModelOrder of the scene Assimp exported (a view of
    /// `scene` with the same node names).
    FbxNodeAnimations(const aiScene &scene, std::vector<FbxModelSlot> models);

    /// Finds the Models of the animated nodes in `top`, plans the tracks,
    /// takes ids from `nextId` on, and adds an AnimationStack and its
    /// AnimationLayer per animation (and their connections) to `top`; counts
    /// what it adds in `added` (object type -> count). Notes in `report`
    /// what is left out. Throws fbx::FormatError on a malformed record read.
    void Plan(const fbx::RecordReader &reader, std::vector<fbx::Record> &top, int64_t &nextId,
            std::map<std::string, unsigned> &added, FbxCompletionReport &report);

    /// True when there are curve nodes to write (WriteObjects, WriteConnections).
    bool HasCurves() const { return !tracks_.empty(); }
    /// Per animation, the id of its AnimationLayer (for the morph weight curves).
    const std::vector<int64_t> &Layers() const { return layers_; }
    /// The bytes the curve nodes, curves and their connections will take (to reserve).
    size_t EstimatedSize() const { return estimatedSize_; }

    /// The AnimationCurveNode and AnimationCurve records, at the end of Objects.
    void WriteObjects(fbx::RecordOutput &out) const;
    /// Their connections, at the end of Connections.
    void WriteConnections(fbx::RecordOutput &out) const;

private:
    struct Track {
        uint32_t animation = 0;
        uint32_t channel = 0;
        uint8_t path = 0; ///< 0 translation, 1 rotation, 2 scale
        int64_t model = 0; ///< the Model id of the channel's node
        uint32_t node = 0; ///< into statics_
        int64_t end = 0; ///< its last key, KTime
    };
    struct StaticValue {
        double values[3][3]; ///< per path: the Model's Lcl Translation, Rotation (degrees), Scaling
    };

    std::map<std::string, int64_t> ModelIds(const fbx::RecordReader &reader, const fbx::Record &objects,
            FbxCompletionReport &report) const;
    void PlanTracks(const std::map<std::string, int64_t> &modelIds, FbxCompletionReport &report);
    void WriteCurve(fbx::RecordOutput &out, int64_t id, const Track &track, unsigned component,
            std::vector<int64_t> &times, std::vector<float> &values) const;

    const aiScene &scene_;
    std::vector<FbxModelSlot> models_;
    std::vector<Track> tracks_;
    std::vector<StaticValue> statics_;
    std::vector<int64_t> layers_;
    int64_t firstTrackId_ = 0; ///< track t: curve node firstTrackId_ + 4 t, its curves the next three
    size_t estimatedSize_ = 0;
};

/// The Definitions ObjectType record Assimp writes for an animation object
/// type (AnimationStack, AnimationLayer, AnimationCurveNode with their
/// property templates; AnimationCurve), with a Count of 0; an ObjectType with
/// a Count of 0 for any other type.
fbx::Record AnimationObjectType(const std::string &type);

} // namespace assimp_retro
