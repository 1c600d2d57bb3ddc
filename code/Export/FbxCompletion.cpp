// CompleteFbx / ExportFbx: Assimp's binary FBX exporter, then a pass that
// rewrites the node records with the null records Assimp 5.2.5 leaves out
// (see include/assimp_retro/fbx_export.h), and, for ExportFbx, adds the
// scene's node animation (FbxNodeAnimations.cpp: Assimp is given the scene
// without it), morph targets (FbxMorphTargets.cpp) and metadata
// (FbxMetadata.cpp).
//
// The record layout is in FbxRecords.h. The pass parses the record tree by
// the end offsets Assimp wrote (they are consistent, only the null records
// are missing), and writes it out again through fbx::RecordOutput; the node
// animation's records go there directly, at the end of Objects and
// Connections.
#include <assimp_retro/fbx_export.h>

#include "Common/ExportError.h"
#include "Export/BridgeBones.h"
#include "Export/ExportSceneView.h"
#include "Export/FbxMetadata.h"
#include "Export/FbxMorphTargets.h"
#include "Export/FbxNodeAnimations.h"
#include "Export/FbxRecords.h"
#include <assimp_retro/scene_export.h>

#include <assimp/Exporter.hpp>
#include <assimp/scene.h>
#include <assimp/metadata.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace assimp_retro {
namespace {

const char kBinaryMagic[] = "Kaydara FBX Binary  "; // followed by 0x00 0x1A 0x00
const size_t kHeaderSize = 27;

using fbx::Record;
using fbx::RecordReader;

/// Byte offset of the last property of a "P" record if it is a double ('D'):
/// the value of a Properties70 entry. 0 if not, or if the record's property
/// list does not parse (the record is then copied as it is).
size_t LastDoubleProperty(const RecordReader &reader, const Record &record) {
    try {
        const std::vector<fbx::PropertyAt> properties = reader.Properties(record);
        return !properties.empty() && properties.back().type == 'D' ? properties.back().at : 0;
    } catch (const fbx::FormatError &) {
        return 0;
    }
}

/// The string of the first property of a record if it is 'S', else "".
std::string FirstStringProperty(const std::vector<char> &bytes, const Record &record) {
    const size_t at = record.propertiesBegin;
    if (record.numProperties == 0 || at + 5 > record.propertiesEnd || bytes[at] != 'S') {
        return "";
    }
    uint32_t length = 0;
    std::memcpy(&length, &bytes[at + 1], 4);
    if (length > record.propertiesEnd - at - 5) {
        return "";
    }
    return std::string(&bytes[at + 5], length);
}

class FbxRecordWriter {
public:
    FbxRecordWriter(const std::vector<char> &input, const RecordReader &reader, double unitScaleFactor,
            const FbxNodeAnimations *animations, FbxCompletionReport &report) :
            output(reader.FieldSize() == 8),
            input_(input), reader_(reader), unitScaleFactor_(unitScaleFactor), animations_(animations), report_(report),
            out(output.bytes) {}

    fbx::RecordOutput output;

    void Write(const Record &record, const std::string &parentPath) {
        const std::string path = parentPath + "/" + record.name;
        const size_t start = output.Begin(record.name);
        const size_t propertiesAt = out.size();
        if (record.owned) {
            output.PutProperties(record.ownedProperties.data(), record.ownedProperties.size(), record.numProperties);
        } else {
            output.PutProperties(input_.data() + record.propertiesBegin, record.propertiesEnd - record.propertiesBegin,
                    record.numProperties);
        }
        if (record.owned) {
            // made by the pass: nothing to patch
        } else if (path == "/GlobalSettings/Properties70/P") {
            PatchUnitScale(record, propertiesAt);
        } else if (path == "/Objects/Geometry") {
            FixGeometryClass(propertiesAt);
        } else if (path == "/Connections/C") {
            FixScalingConnection(record);
        }
        for (const Record &child : record.children) {
            Write(child, path);
        }
        // The node animation's many small records go straight into the output.
        const bool appended = animations_ && animations_->HasCurves() && (path == "/Objects" || path == "/Connections");
        if (appended && path == "/Objects") {
            animations_->WriteObjects(output);
        } else if (appended) {
            animations_->WriteConnections(output);
        }
        // Assimp 5.2.5 writes AnimationLayer without a child list; Assimp's
        // FBX importer requires one ("expected compound scope") and then
        // drops the layer, and with it every animation of the file.
        const bool emptyScope = !record.owned && path == "/Objects/AnimationLayer" && record.children.empty();
        // Assimp main (patch 0003 in port/) ends the empty top-level
        // References with a null record, as the FBX SDK does; written here
        // too, so that the FBX is the same with either library.
        const bool emptyReferences =
                !record.owned && path == "/References" && record.children.empty() && record.numProperties == 0;
        const bool nullRecord =
                !record.children.empty() || record.hadNullRecord || emptyScope || emptyReferences || appended;
        if (nullRecord && !record.hadNullRecord && !record.owned) {
            ++report_.nullRecordsAdded;
            report_.animationLayerScopesAdded += emptyScope ? 1 : 0;
        }
        output.End(start, nullRecord);
    }

private:
    /// Assimp 5.2.5 names a morph target's shape geometry "<name>\0\1Blendshape";
    /// FBX (and Blender, which asserts on it) wants the class "Geometry".
    void FixGeometryClass(size_t propertiesAt) {
        // Properties: L uid (9 bytes), S "name\0\1class", S "Shape" / "Mesh".
        const size_t nameAt = propertiesAt + 9;
        if (out.size() < nameAt + 5 || out[propertiesAt] != 'L' || out[nameAt] != 'S') {
            return;
        }
        uint32_t length = 0;
        std::memcpy(&length, &out[nameAt + 1], 4);
        if (length > out.size() - nameAt - 5) {
            return;
        }
        const std::string name(&out[nameAt + 5], length);
        const size_t separator = name.find(std::string("\0\1", 2));
        if (separator == std::string::npos || name.compare(separator + 2, std::string::npos, "Geometry") == 0) {
            return;
        }
        const std::string fixed = name.substr(0, separator + 2) + "Geometry";
        const uint32_t fixedLength = static_cast<uint32_t>(fixed.size());
        std::memcpy(&out[nameAt + 1], &fixedLength, 4);
        out.erase(out.begin() + static_cast<std::ptrdiff_t>(nameAt + 5),
                out.begin() + static_cast<std::ptrdiff_t>(nameAt + 5 + length));
        out.insert(out.begin() + static_cast<std::ptrdiff_t>(nameAt + 5), fixed.begin(), fixed.end());
        ++report_.geometryClassesFixed;
    }

    /// Assimp 5.2.5 connects scaling curves to "Lcl Scale"; the property is
    /// "Lcl Scaling" (Blender and Assimp's importer ignore the curves otherwise).
    void FixScalingConnection(const Record &record) {
        const std::vector<fbx::PropertyAt> properties = reader_.Properties(record);
        if (properties.size() != 4 || properties[3].type != 'S' || reader_.String(properties[3]) != "Lcl Scale") {
            return;
        }
        const std::string fixed = "Lcl Scaling";
        out.resize(out.size() - (1 + 4 + std::string("Lcl Scale").size()));
        out.push_back('S');
        const uint32_t length = static_cast<uint32_t>(fixed.size());
        out.insert(out.end(), reinterpret_cast<const char *>(&length), reinterpret_cast<const char *>(&length) + 4);
        out.insert(out.end(), fixed.begin(), fixed.end());
        ++report_.scalingConnectionsFixed;
    }

    void PatchUnitScale(const Record &record, size_t propertiesAt) {
        if (!(unitScaleFactor_ > 0)) {
            return;
        }
        const std::string key = FirstStringProperty(input_, record);
        if (key != "UnitScaleFactor" && key != "OriginalUnitScaleFactor") {
            return;
        }
        const size_t value = LastDoubleProperty(reader_, record);
        if (value == 0) {
            return;
        }
        double current = 0;
        std::memcpy(&current, &input_[value], 8);
        if (current != unitScaleFactor_) {
            std::memcpy(&out[propertiesAt + (value - record.propertiesBegin)], &unitScaleFactor_, 8);
            report_.unitScaleFactor = unitScaleFactor_;
        }
    }

    const std::vector<char> &input_;
    const RecordReader &reader_;
    double unitScaleFactor_;
    const FbxNodeAnimations *animations_;
    FbxCompletionReport &report_;
    std::vector<char> &out; ///< output.bytes, patched in place
};

/// The footer after the top-level node list (without its null record):
/// a 16-byte id, zero padding to a multiple of 16 (16 if aligned), then the
/// rest, copied. Writes it with the padding for its new position.
void WriteFooter(const std::vector<char> &input, size_t footerAt, std::vector<char> &out) {
    const size_t idSize = 16;
    if (footerAt + idSize > input.size()) {
        throw fbx::FormatError("truncated footer", footerAt);
    }
    const size_t oldPadding = 16 - ((footerAt + idSize) % 16);
    const size_t restAt = footerAt + idSize + oldPadding;
    if (restAt > input.size()) {
        throw fbx::FormatError("truncated footer padding", footerAt + idSize);
    }
    out.insert(out.end(), input.begin() + static_cast<std::ptrdiff_t>(footerAt),
            input.begin() + static_cast<std::ptrdiff_t>(footerAt + idSize));
    out.insert(out.end(), 16 - (out.size() % 16), '\0');
    out.insert(out.end(), input.begin() + static_cast<std::ptrdiff_t>(restAt), input.end());
}

/// The largest object id of the file (Documents, Objects, Connections).
int64_t LargestId(const RecordReader &reader, std::vector<Record> &top) {
    int64_t largest = 0;
    for (const char *holder : {"Documents", "Objects"}) {
        if (const Record *objects = fbx::TopRecord(top, holder)) {
            for (const Record &record : objects->children) {
                const fbx::ObjectHeader header = fbx::ReadObjectHeader(reader, record);
                largest = header.valid ? std::max(largest, header.id) : largest;
            }
        }
    }
    if (const Record *connections = fbx::TopRecord(top, "Connections")) {
        for (const Record &record : connections->children) {
            const fbx::Connection c = fbx::ReadConnection(reader, record);
            largest = c.valid ? std::max(largest, std::max(c.child, c.parent)) : largest;
        }
    }
    return largest;
}

/// Sets a record's Count child to its count plus `added` (a Count the pass
/// made counts as 0), or gives it one.
void AddToCount(const RecordReader &reader, Record &record, unsigned added) {
    for (Record &child : record.children) {
        if (child.name == "Count") {
            const double current =
                    (!child.owned && child.numProperties == 1) ? reader.Number(reader.Properties(child)[0]) : 0;
            child = fbx::MakeRecord("Count", fbx::PropertyList().Int32(static_cast<int32_t>(current + added)));
            return;
        }
    }
    record.children.insert(record.children.begin(),
            fbx::MakeRecord("Count", fbx::PropertyList().Int32(static_cast<int32_t>(added))));
}

/// Definitions: the object counts per type and in all, with the objects the
/// pass added (`added`: type -> count); a type Assimp wrote none of gets its
/// ObjectType, with the property template Assimp writes for it.
void UpdateDefinitions(const RecordReader &reader, std::vector<Record> &top,
        const std::map<std::string, unsigned> &added) {
    Record *definitions = fbx::TopRecord(top, "Definitions");
    unsigned total = 0;
    for (const auto &entry : added) {
        if (!definitions || entry.second == 0) {
            continue;
        }
        total += entry.second;
        Record *type = nullptr;
        for (Record &child : definitions->children) {
            if (child.name == "ObjectType" && !child.owned && child.numProperties == 1) {
                const std::vector<fbx::PropertyAt> properties = reader.Properties(child);
                if (properties[0].type == 'S' && reader.String(properties[0]) == entry.first) {
                    type = &child;
                }
            }
        }
        if (!type) {
            definitions->children.push_back(AnimationObjectType(entry.first));
            type = &definitions->children.back();
        }
        AddToCount(reader, *type, entry.second);
    }
    if (total > 0) {
        AddToCount(reader, *definitions, total);
    }
}

std::vector<char> RewriteFbx(const std::vector<char> &input, double unitScaleFactor, const aiScene *exportedScene,
        const std::vector<FbxModelSlot> &models, FbxCompletionReport &report) {
    uint32_t version = 0;
    std::memcpy(&version, &input[23], 4);
    const RecordReader reader(input, version >= 7500);
    std::vector<Record> top;
    size_t at = kHeaderSize;
    bool hadNullRecord = false;
    while (at + reader.NullRecordSize() <= input.size()) {
        if (reader.IsNullRecord(at)) {
            hadNullRecord = true;
            at += reader.NullRecordSize();
            break;
        }
        const uint64_t end = reader.Field(at);
        if (end <= at || end > input.size()) {
            break; // the footer
        }
        top.push_back(reader.Read(at, input.size(), 0));
        at = static_cast<size_t>(end);
    }
    if (top.empty()) {
        throw fbx::FormatError("no node records", kHeaderSize);
    }
    std::unique_ptr<FbxNodeAnimations> animations;
    if (exportedScene) {
        int64_t nextId = LargestId(reader, top) + 1;
        std::map<std::string, unsigned> added; // object type -> objects the pass adds
        animations = std::make_unique<FbxNodeAnimations>(*exportedScene, models);
        animations->Plan(reader, top, nextId, added, report);
        AddFbxMorphTargets(*exportedScene, reader, top, animations->Layers(), nextId, added, report);
        AddFbxMetadata(*exportedScene, reader, top, report);
        UpdateDefinitions(reader, top, added);
    }
    FbxRecordWriter writer(input, reader, unitScaleFactor, animations.get(), report);
    writer.output.bytes.reserve(input.size() + (animations ? animations->EstimatedSize() : 0) + 1024);
    writer.output.bytes.assign(input.begin(), input.begin() + kHeaderSize);
    for (const Record &record : top) {
        writer.Write(record, "");
    }
    writer.output.PutNullRecord();
    if (!hadNullRecord) {
        ++report.nullRecordsAdded;
    }
    WriteFooter(input, at, writer.output.bytes);
    return std::move(writer.output.bytes);
}

/// s if `m` is a uniform scale by s > 0 (no rotation, translation or
/// shear), else 0.
double UniformScale(const aiMatrix4x4 &m) {
    const double s = m.a1;
    const double eps = 1e-6 * std::max(1.0, std::fabs(s));
    const double off[] = {m.a2, m.a3, m.a4, m.b1, m.b3, m.b4, m.c1, m.c2, m.c4, m.d1, m.d2, m.d3};
    for (double value : off) {
        if (std::fabs(value) > eps) {
            return 0;
        }
    }
    const bool uniform = std::fabs(m.b2 - s) <= eps && std::fabs(m.c3 - s) <= eps && std::fabs(m.d4 - 1.0) <= 1e-6;
    return (uniform && s > 0 && std::isfinite(s)) ? s : 0;
}

/// Sets every mesh's mNumAnimMeshes to 0 while it lives (the meshes are the
/// caller's, shared by the export view), and restores them.
struct HiddenMorphTargets {
    explicit HiddenMorphTargets(const aiScene &scene) {
        for (unsigned m = 0; m < scene.mNumMeshes && scene.mMeshes; ++m) {
            aiMesh *mesh = scene.mMeshes[m];
            if (mesh && mesh->mNumAnimMeshes > 0) {
                saved.emplace_back(mesh, mesh->mNumAnimMeshes);
                count += mesh->mNumAnimMeshes;
                mesh->mNumAnimMeshes = 0;
            }
        }
    }
    ~HiddenMorphTargets() {
        for (const auto &entry : saved) {
            entry.first->mNumAnimMeshes = entry.second;
        }
    }
    HiddenMorphTargets(const HiddenMorphTargets &) = delete;
    HiddenMorphTargets &operator=(const HiddenMorphTargets &) = delete;

    std::vector<std::pair<aiMesh *, unsigned>> saved;
    unsigned count = 0;
};

/// True when a node channel of some animation names `node`.
bool IsAnimated(const aiScene &scene, const aiString &node) {
    for (unsigned a = 0; a < scene.mNumAnimations && scene.mAnimations; ++a) {
        const aiAnimation *animation = scene.mAnimations[a];
        for (unsigned c = 0; animation && animation->mChannels && c < animation->mNumChannels; ++c) {
            if (animation->mChannels[c] && animation->mChannels[c]->mNodeName == node) {
                return true;
            }
        }
    }
    return false;
}

bool HasNodeMetadata(const aiNode &node, unsigned depth) {
    if (node.mMetaData && node.mMetaData->mNumProperties > 0) {
        return true;
    }
    for (unsigned i = 0; i < node.mNumChildren && node.mChildren && depth < 1024; ++i) {
        if (node.mChildren[i] && HasNodeMetadata(*node.mChildren[i], depth + 1)) {
            return true;
        }
    }
    return false;
}

bool HasMetadata(const aiScene &scene) {
    return (scene.mMetaData && scene.mMetaData->mNumProperties > 0) ||
            (scene.mRootNode && HasNodeMetadata(*scene.mRootNode, 0));
}

/// CompleteFbx on the bytes of `path` (`input`), written to `path`; with
/// `exportedScene` (the scene Assimp exported, its aiAnimMeshes hidden) the
/// node animation times put right and the morph targets added. `written`:
/// the file at `path` holds `input` already (nothing to write when the pass
/// changes nothing).
bool CompleteFbxBytes(const std::vector<char> &input, bool written, const std::string &path, double unitScaleFactor,
        const aiScene *exportedScene, const std::vector<FbxModelSlot> &models, std::string *error,
        FbxCompletionReport &result) {
    if (input.size() < kHeaderSize || std::memcmp(input.data(), kBinaryMagic, 20) != 0) {
        return FailWith(error, "'" + path + "' is not a binary FBX file");
    }
    std::vector<char> output;
    try {
        output = RewriteFbx(input, unitScaleFactor, exportedScene, models, result);
    } catch (const std::exception &e) {
        return FailWith(error, std::string(e.what()) + " in '" + path + "'");
    }
    if (written && output == input) {
        return true;
    }
    std::ofstream file(std::filesystem::u8path(path), std::ios::binary | std::ios::trunc);
    file.write(output.data(), static_cast<std::streamsize>(output.size()));
    if (!file) {
        return FailWith(error, "cannot write '" + path + "'");
    }
    result.fileChanged = true;
    return true;
}

/// CompleteFbx of the file at `path`.
bool CompleteFbxFile(const std::string &path, double unitScaleFactor, std::string *error, FbxCompletionReport &result) {
    std::vector<char> input;
    {
        std::ifstream file(std::filesystem::u8path(path), std::ios::binary);
        if (!file) {
            return FailWith(error, "cannot open '" + path + "'");
        }
        input.assign(std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>());
    }
    return CompleteFbxBytes(input, true, path, unitScaleFactor, nullptr, {}, error, result);
}

} // namespace

double FbxUnitScaleFactor(const aiScene &scene) {
    double value = 0;
    float single = 0;
    if (scene.mMetaData) {
        if (!scene.mMetaData->Get("UnitScaleFactor", value) && scene.mMetaData->Get("UnitScaleFactor", single)) {
            value = single;
        }
    }
    return (std::isfinite(value) && value > 0) ? value : 100.0;
}

bool CompleteFbx(const std::string &path, double unitScaleFactor, std::string *error, FbxCompletionReport *report) {
    FbxCompletionReport local;
    return CompleteFbxFile(path, unitScaleFactor, error, report ? *report : local);
}

bool ExportFbx(const aiScene &scene, const std::string &formatId, const std::string &path, std::string *error,
        FbxCompletionReport *report, unsigned preprocessing, const Assimp::ExportProperties *properties) {
    FbxCompletionReport local;
    FbxCompletionReport &result = report ? *report : local;
    result = FbxCompletionReport();
    if (formatId != "fbx" && formatId != "fbxa") {
        return FailWith(error, "ExportFbx: format id must be \"fbx\" or \"fbxa\", not \"" + formatId + "\"");
    }
    // Assimp's exporters trust their input: refuse an invalid scene, as ExportGltf does.
    std::string invalid;
    if (!CheckSceneForExport(scene, &invalid)) {
        return FailWith(error, "cannot export to FBX: " + invalid);
    }
    double unitScaleFactor = FbxUnitScaleFactor(scene);
    std::vector<char> input; // the binary FBX Assimp writes
    std::vector<FbxModelSlot> models; // the Models it writes, in order
    {
        // Binary FBX: the pass writes the node animation (FbxNodeAnimations.h).
        ExportSceneView view(scene, formatId == "fbxa");
        // Assimp's FBX exporter writes no Model for the root node, so its
        // transform is lost. A uniform scale (the unit conversion) goes into
        // UnitScaleFactor; any other transform, or an animated root, gets an
        // identity root above it.
        aiNode *root = view.scene->mRootNode;
        const double rootScale = root ? UniformScale(root->mTransformation) : 1.0;
        if (rootScale > 0 && !(root && IsAnimated(scene, root->mName))) {
            unitScaleFactor *= rootScale;
        } else {
            view.scene->mRootNode = new aiNode(std::string(root->mName.C_Str()) + ".FbxRoot");
            view.scene->mRootNode->addChildren(1, &root);
        }
        models = AssimpFbxModelOrder(*view.scene);
        // Assimp 5.2.5 writes blend shapes that Blender 3.4 refuses and no
        // morph weight animation: hide the morph targets from it; the pass
        // writes them (binary FBX only; docs/outputs.md "FBX output").
        HiddenMorphTargets hidden(scene);
        // One armature in Blender for skeletons joined through nodes that are no bones.
        BridgeBones bridge(scene);
        Assimp::Exporter exporter;
        if (formatId == "fbx") {
            // Into memory: Assimp's binary writer seeks back to every record's
            // start to write its end offset, and on a file each seek flushes
            // stdio's buffer (a motion library: millions of write and lseek
            // calls, two thirds of its export time). The pass reads it there.
            const aiExportDataBlob *blob = exporter.ExportToBlob(view.scene, "fbx", preprocessing, properties);
            if (!blob) {
                return FailWith(error, std::string("Assimp's FBX exporter failed: ") + exporter.GetErrorString());
            }
            const char *data = static_cast<const char *>(blob->data);
            input.assign(data, data + blob->size);
            exporter.FreeBlob();
        } else if (exporter.Export(view.scene, formatId.c_str(), path.c_str(), preprocessing, properties) !=
                AI_SUCCESS) {
            return FailWith(error, std::string("Assimp's FBX exporter failed: ") + exporter.GetErrorString());
        }
        if (formatId == "fbxa" && hidden.count > 0) {
            result.morphTargetsLeftOut = hidden.count;
            result.notes.push_back(std::to_string(hidden.count) + " morph target(s) left out of ASCII FBX");
        }
    }
    result.exported = true;
    if (formatId == "fbxa") {
        if (HasMetadata(scene)) {
            result.notes.push_back("scene and node metadata left out of ASCII FBX");
        }
        return true;
    }
    return CompleteFbxBytes(input, false, path, unitScaleFactor, &scene, models, error, result);
}

} // namespace assimp_retro
