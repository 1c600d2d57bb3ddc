// Morph targets and their weight animation for the FBX completion pass (see
// FbxMorphTargets.h). The mesh's control points are matched to the aiMesh's
// vertices through the PolygonVertexIndex array Assimp wrote: its n-th entry
// is the control point of the n-th corner of the aiMesh's faces.
#include "Export/FbxMorphTargets.h"

#include "Export/GltfRules.h"
#include "Export/Quote.h"

#include <assimp_retro/fbx_export.h>

#include <assimp/scene.h>

#include <cmath>
#include <map>
#include <set>
#include <string>
#include <utility>

namespace assimp_retro {
namespace {

using fbx::ObjectName;
using fbx::PropertyList;
using fbx::Record;

const int32_t kKeyInterpolationLinear = 0x4; // FbxAnimCurveDef::eInterpolationLinear, in KeyAttrFlags

using fbx::Child;
using fbx::TopRecord;

Record Leaf(const std::string &name, const PropertyList &properties) {
    return fbx::MakeRecord(name, properties);
}

const aiNode *FindNode(const aiNode *node, const std::string &name, unsigned depth = 0) {
    if (!node || depth > 1024) {
        return nullptr;
    }
    if (name == node->mName.C_Str()) {
        return node;
    }
    for (unsigned i = 0; i < node->mNumChildren && node->mChildren; ++i) {
        if (const aiNode *found = FindNode(node->mChildren[i], name, depth + 1)) {
            return found;
        }
    }
    return nullptr;
}

class MorphTargetWriter {
public:
    MorphTargetWriter(const aiScene &scene, const fbx::RecordReader &reader, const std::vector<int64_t> &layers,
            int64_t &nextId, std::map<std::string, unsigned> &added, FbxCompletionReport &report) :
            scene_(scene),
            reader_(reader), layers_(layers), nextId_(nextId), added_(added), report_(report) {}

    void Run(std::vector<Record> &top) {
        Record *objects = TopRecord(top, "Objects");
        Record *connections = TopRecord(top, "Connections");
        if (!objects || !connections) {
            throw fbx::FormatError("no Objects or Connections record", 0);
        }
        IndexObjects(*objects);
        channelIds_.assign(scene_.mNumMeshes, {});
        if (meshGeometries_.size() != scene_.mNumMeshes) {
            LeaveAllOut("the file has " + std::to_string(meshGeometries_.size()) + " mesh geometries, the scene " +
                    std::to_string(scene_.mNumMeshes) + " meshes");
            return;
        }
        for (unsigned m = 0; m < scene_.mNumMeshes; ++m) {
            WriteMesh(m);
        }
        for (unsigned a = 0; a < scene_.mNumAnimations; ++a) {
            WriteAnimation(a);
        }
        for (Record &record : newObjects_) {
            objects->children.push_back(std::move(record));
        }
        for (Record &record : newConnections_) {
            connections->children.push_back(std::move(record));
        }
    }

private:
    void IndexObjects(const Record &objects) {
        for (const Record &record : objects.children) {
            const fbx::ObjectHeader info = fbx::ReadObjectHeader(reader_, record);
            if (!info.valid) {
                continue;
            }
            if (record.name == "Geometry" && info.objectClass == "Mesh") {
                meshGeometries_.emplace_back(&record, info.id);
            }
        }
    }

    void LeaveAllOut(const std::string &why) {
        unsigned count = 0;
        for (unsigned m = 0; m < scene_.mNumMeshes; ++m) {
            count += scene_.mMeshes[m]->mNumAnimMeshes;
        }
        if (count > 0) {
            report_.morphTargetsLeftOut += count;
            report_.notes.push_back(std::to_string(count) + " morph target(s) left out: " + why);
        }
    }

    int64_t NewId() { return nextId_++; }

    void Connect(const char *type, int64_t child, int64_t parent, const std::string &property = "") {
        PropertyList properties;
        properties.String(type).Int64(child).Int64(parent);
        if (!property.empty()) {
            properties.String(property);
        }
        newConnections_.push_back(Leaf("C", properties));
    }

    void AddObject(Record record, const std::string &objectType) {
        newObjects_.push_back(std::move(record));
        ++added_[objectType];
    }

    /// firstVertex[c]: the first aiMesh vertex whose corner uses control point
    /// c (-1: none). False, with `why`, if the geometry does not match the mesh.
    bool ControlPoints(const aiMesh &mesh, const Record &geometry, std::vector<int> &firstVertex, std::string &why) {
        const Record *polygons = Child(geometry, "PolygonVertexIndex");
        const Record *vertices = Child(geometry, "Vertices");
        if (!polygons || !vertices || polygons->owned || vertices->owned || polygons->numProperties != 1 ||
                vertices->numProperties != 1) {
            why = "its geometry has no PolygonVertexIndex or Vertices";
            return false;
        }
        const std::vector<int32_t> corners = reader_.Int32Array(reader_.Properties(*polygons)[0]);
        const uint32_t controlPoints = reader_.ArrayCount(reader_.Properties(*vertices)[0]) / 3;
        firstVertex.assign(controlPoints, -1);
        size_t k = 0;
        for (unsigned f = 0; f < mesh.mNumFaces; ++f) {
            const aiFace &face = mesh.mFaces[f];
            for (unsigned i = 0; i < face.mNumIndices; ++i, ++k) {
                const bool last = i + 1 == face.mNumIndices;
                if (k >= corners.size() || (corners[k] < 0) != last) {
                    why = "its geometry's polygons are not the mesh's faces";
                    return false;
                }
                const int64_t point = corners[k] < 0 ? ~int64_t(corners[k]) : corners[k];
                if (point >= controlPoints || face.mIndices[i] >= mesh.mNumVertices) {
                    why = "a polygon corner of its geometry is out of range";
                    return false;
                }
                if (firstVertex[point] < 0) {
                    firstVertex[point] = static_cast<int>(face.mIndices[i]);
                }
            }
        }
        if (k != corners.size()) {
            why = "its geometry has more polygon corners than the mesh";
            return false;
        }
        return true;
    }

    void WriteMesh(unsigned m) {
        const aiMesh &mesh = *scene_.mMeshes[m];
        if (mesh.mNumAnimMeshes == 0 || !mesh.mAnimMeshes) {
            return;
        }
        const std::string what = "mesh " + std::to_string(m) + " " + Quote(mesh.mName.C_Str(), '\'');
        std::vector<int> firstVertex;
        std::string why;
        if (!ControlPoints(mesh, *meshGeometries_[m].first, firstVertex, why)) {
            report_.morphTargetsLeftOut += mesh.mNumAnimMeshes;
            report_.notes.push_back(
                    what + ": " + std::to_string(mesh.mNumAnimMeshes) + " morph target(s) left out: " + why);
            return;
        }
        const int64_t blendShape = NewId();
        Record deformer = Leaf("Deformer",
                PropertyList()
                        .Int64(blendShape)
                        .String(ObjectName(mesh.mName.C_Str(), "Deformer"))
                        .String("BlendShape"));
        deformer.children.push_back(Leaf("Version", PropertyList().Int32(100)));
        AddObject(std::move(deformer), "Deformer");
        Connect("OO", blendShape, meshGeometries_[m].second);
        channelIds_[m].assign(mesh.mNumAnimMeshes, 0);
        for (unsigned a = 0; a < mesh.mNumAnimMeshes; ++a) {
            const aiAnimMesh *target = mesh.mAnimMeshes[a];
            if (!target || !target->mVertices || target->mNumVertices != mesh.mNumVertices) {
                ++report_.morphTargetsLeftOut;
                report_.notes.push_back(what + ": morph target " + std::to_string(a) +
                        " left out: it has no positions for the mesh's vertices");
                continue;
            }
            channelIds_[m][a] = WriteTarget(mesh, *target, a, firstVertex, blendShape);
        }
    }

    /// One Shape geometry and its BlendShapeChannel; returns the channel's id.
    int64_t WriteTarget(const aiMesh &mesh, const aiAnimMesh &target, unsigned index,
            const std::vector<int> &firstVertex, int64_t blendShape) {
        const bool withNormals = target.mNormals && mesh.mNormals;
        std::vector<int32_t> indexes;
        std::vector<double> offsets;
        std::vector<double> normals;
        for (size_t point = 0; point < firstVertex.size(); ++point) {
            const int v = firstVertex[point];
            if (v < 0) {
                continue;
            }
            const aiVector3D offset = target.mVertices[v] - mesh.mVertices[v];
            const aiVector3D normal = withNormals ? target.mNormals[v] - mesh.mNormals[v] : aiVector3D();
            const bool finite = std::isfinite(offset.x) && std::isfinite(offset.y) && std::isfinite(offset.z) &&
                    std::isfinite(normal.x) && std::isfinite(normal.y) && std::isfinite(normal.z);
            if (!finite || (offset == aiVector3D() && normal == aiVector3D())) {
                continue;
            }
            indexes.push_back(static_cast<int32_t>(point));
            offsets.insert(offsets.end(), {offset.x, offset.y, offset.z});
            normals.insert(normals.end(), {normal.x, normal.y, normal.z});
        }
        if (indexes.empty()) {
            // A target equal to the mesh: one unmoved point (Blender 3.4 reads
            // FullWeights' single value as "all indices" only when there are some).
            for (size_t point = 0; point < firstVertex.size() && indexes.empty(); ++point) {
                if (firstVertex[point] >= 0) {
                    indexes.push_back(static_cast<int32_t>(point));
                    offsets.assign(3, 0.0);
                    normals.assign(3, 0.0);
                }
            }
        }
        const std::string name = target.mName.length > 0 ? target.mName.C_Str() : "Target" + std::to_string(index);
        const int64_t shape = NewId();
        Record geometry =
                Leaf("Geometry", PropertyList().Int64(shape).String(ObjectName(name, "Geometry")).String("Shape"));
        geometry.children.push_back(Leaf("Version", PropertyList().Int32(100)));
        geometry.children.push_back(Leaf("Indexes", PropertyList().Int32Array(indexes)));
        geometry.children.push_back(Leaf("Vertices", PropertyList().DoubleArray(offsets)));
        // Normals always (zero offsets when the target has none): Assimp
        // 5.2.5's FBX importer requires them in a Shape.
        geometry.children.push_back(Leaf("Normals", PropertyList().DoubleArray(normals)));
        AddObject(std::move(geometry), "Geometry");

        const double percent = std::isfinite(target.mWeight) ? 100.0 * target.mWeight : 0.0;
        const int64_t channel = NewId();
        Record deformer = Leaf("Deformer",
                PropertyList().Int64(channel).String(ObjectName(name, "SubDeformer")).String("BlendShapeChannel"));
        deformer.children.push_back(Leaf("Version", PropertyList().Int32(100)));
        deformer.children.push_back(Leaf("DeformPercent", PropertyList().Double(percent)));
        deformer.children.push_back(Leaf("FullWeights", PropertyList().DoubleArray({100.0})));
        Record properties = Leaf("Properties70", PropertyList());
        properties.children.push_back(fbx::MakeP70Number("DeformPercent", "Number", "A", percent));
        deformer.children.push_back(std::move(properties));
        AddObject(std::move(deformer), "Deformer");
        Connect("OO", shape, channel);
        Connect("OO", channel, blendShape);
        ++report_.morphTargetsWritten;
        return channel;
    }

    /// The meshes a morph channel drives: those of the node of that name, else
    /// the meshes of that name.
    std::vector<unsigned> DrivenMeshes(const std::string &name) const {
        std::vector<unsigned> meshes;
        if (const aiNode *node = FindNode(scene_.mRootNode, name)) {
            for (unsigned i = 0; i < node->mNumMeshes && node->mMeshes; ++i) {
                if (node->mMeshes[i] < scene_.mNumMeshes) {
                    meshes.push_back(node->mMeshes[i]);
                }
            }
            return meshes;
        }
        for (unsigned m = 0; m < scene_.mNumMeshes; ++m) {
            if (name == scene_.mMeshes[m]->mName.C_Str()) {
                meshes.push_back(m);
            }
        }
        return meshes;
    }

    void WriteAnimation(unsigned a) {
        const aiAnimation *animation = scene_.mAnimations[a];
        if (!animation || animation->mNumMorphMeshChannels == 0 || !animation->mMorphMeshChannels) {
            return;
        }
        const std::string what = "animation " + Quote(animation->mName.C_Str(), '\'');
        if (a >= layers_.size()) {
            report_.notes.push_back(what + ": morph weight animation left out: no AnimationStack/Layer for it");
            return;
        }
        const int64_t layer = layers_[a];
        const double ticksPerSecond = gltf_rules::MorphTicksPerSecond(animation->mTicksPerSecond);
        for (unsigned c = 0; c < animation->mNumMorphMeshChannels; ++c) {
            const aiMeshMorphAnim *channel = animation->mMorphMeshChannels[c];
            if (!channel) {
                continue;
            }
            const std::string channelWhat = what + ", morph channel " + Quote(channel->mName.C_Str(), '\'');
            const std::vector<unsigned> meshes = DrivenMeshes(channel->mName.C_Str());
            if (meshes.empty()) {
                report_.notes.push_back(channelWhat + ": no node or mesh of that name, left out");
            }
            for (unsigned m : meshes) {
                if (!channelIds_[m].empty()) {
                    WriteWeightCurves(*channel, ticksPerSecond, m, layer, channelWhat);
                }
            }
        }
    }

    void WriteWeightCurves(const aiMeshMorphAnim &channel, double ticksPerSecond, unsigned m, int64_t layer,
            const std::string &what) {
        const size_t targets = channelIds_[m].size();
        std::vector<float> times;
        std::vector<float> weights;
        gltf_rules::MorphKeyCounts counts;
        if (!gltf_rules::MorphWeightTable(channel, ticksPerSecond, targets, times, weights, counts)) {
            report_.notes.push_back(what + ": no usable key, left out");
            return;
        }
        std::vector<int64_t> ticks;
        std::vector<size_t> rows;
        for (size_t k = 0; k < times.size(); ++k) {
            const int64_t tick = static_cast<int64_t>(std::llround(double(times[k]) * fbx::kTicksPerSecond));
            if (ticks.empty() || tick > ticks.back()) {
                ticks.push_back(tick);
                rows.push_back(k);
            }
        }
        const size_t dropped = counts.unusableTimes + counts.repeatedTimes + (times.size() - rows.size());
        if (dropped > 0) {
            report_.notes.push_back(
                    what + ": " + std::to_string(dropped) + " key(s) with unusable or repeated times dropped");
        }
        for (size_t t = 0; t < targets; ++t) {
            const int64_t target = channelIds_[m][t];
            if (target == 0 || !animated_.insert(std::make_pair(layer, target)).second) {
                continue; // left out, or already driven in this layer
            }
            std::vector<float> percents;
            for (size_t row : rows) {
                percents.push_back(100.0f * weights[row * targets + t]);
            }
            WriteCurve(layer, target, ticks, percents);
        }
    }

    void WriteCurve(int64_t layer, int64_t target, const std::vector<int64_t> &ticks,
            const std::vector<float> &percents) {
        const int64_t node = NewId();
        Record curveNode = Leaf("AnimationCurveNode",
                PropertyList().Int64(node).String(ObjectName("DeformPercent", "AnimCurveNode")).String(""));
        Record properties = Leaf("Properties70", PropertyList());
        properties.children.push_back(fbx::MakeP70Number("d|DeformPercent", "Number", "A", percents.front()));
        curveNode.children.push_back(std::move(properties));
        AddObject(std::move(curveNode), "AnimationCurveNode");

        const int64_t curveId = NewId();
        Record curve =
                Leaf("AnimationCurve", PropertyList().Int64(curveId).String(ObjectName("", "AnimCurve")).String(""));
        curve.children.push_back(Leaf("Default", PropertyList().Double(percents.front())));
        curve.children.push_back(Leaf("KeyVer", PropertyList().Int32(4009)));
        curve.children.push_back(Leaf("KeyTime", PropertyList().Int64Array(ticks)));
        curve.children.push_back(Leaf("KeyValueFloat", PropertyList().FloatArray(percents)));
        curve.children.push_back(Leaf("KeyAttrFlags", PropertyList().Int32Array({kKeyInterpolationLinear})));
        curve.children.push_back(Leaf("KeyAttrDataFloat", PropertyList().FloatArray({0.0f, 0.0f, 0.0f, 0.0f})));
        curve.children.push_back(
                Leaf("KeyAttrRefCount", PropertyList().Int32Array({static_cast<int32_t>(ticks.size())})));
        AddObject(std::move(curve), "AnimationCurve");

        Connect("OO", node, layer);
        Connect("OP", node, target, "DeformPercent");
        Connect("OP", curveId, node, "d|DeformPercent");
        ++report_.morphWeightCurves;
    }

    const aiScene &scene_;
    const fbx::RecordReader &reader_;
    const std::vector<int64_t> &layers_; ///< per animation, its AnimationLayer
    int64_t &nextId_;
    std::map<std::string, unsigned> &added_; ///< object type -> objects added
    FbxCompletionReport &report_;
    std::vector<std::pair<const Record *, int64_t>> meshGeometries_; ///< Geometry "Mesh" records and ids, in file order
    std::vector<std::vector<int64_t>> channelIds_; ///< per mesh, per aiAnimMesh: its BlendShapeChannel (0: left out)
    std::set<std::pair<int64_t, int64_t>> animated_; ///< (layer, channel) pairs with a curve
    std::vector<Record> newObjects_;
    std::vector<Record> newConnections_;
};

} // namespace

void AddFbxMorphTargets(const aiScene &scene, const fbx::RecordReader &reader, std::vector<fbx::Record> &top,
        const std::vector<int64_t> &layers, int64_t &nextId, std::map<std::string, unsigned> &added,
        FbxCompletionReport &report) {
    bool any = false;
    for (unsigned m = 0; m < scene.mNumMeshes && scene.mMeshes; ++m) {
        any = any || (scene.mMeshes[m] && scene.mMeshes[m]->mNumAnimMeshes > 0);
    }
    if (any) {
        MorphTargetWriter(scene, reader, layers, nextId, added, report).Run(top);
    }
}

} // namespace assimp_retro
