#include "Export/GltfAnimatedJoints.h"

#include "Common/LittleEndian.h"
#include "Common/LittleEndianWriter.h"
#include "Export/GltfRapidJson.h"
#include "Export/GltfSkinJoints.h"

#include <assimp/scene.h>

#include <cmath>
#include <initializer_list>
#include <limits>
#include <unordered_map>

namespace assimp_retro {
namespace {

using Json = GltfDocument::Json;

constexpr size_t kMatrixBytes = 64; // MAT4 of FLOAT

/// `object[key]` when it is a non-negative integer, else `fallback`.
long long Index(const Json &object, const char *key, long long fallback) {
    if (!object.is_object() || !object.contains(key)) {
        return fallback;
    }
    const Json &value = object[key];
    return value.is_number_integer() && value.get<long long>() >= 0 ? value.get<long long>() : -1;
}

/// Element `index` of the top-level array `key`, parsed; a null Json when
/// there is none or its text is not JSON.
Json Element(GltfDocument &document, const char *key, long long index) {
    if (index < 0) {
        return Json();
    }
    const std::string text = document.ElementText(key, static_cast<size_t>(index));
    return text.empty() ? Json() : Json::parse(text, nullptr, false);
}

/// True when `object` has exactly the keys `keys`, in that order.
bool HasKeysInOrder(const Json &object, std::initializer_list<const char *> keys) {
    if (!object.is_object() || object.size() != keys.size()) {
        return false;
    }
    auto key = keys.begin();
    for (auto it = object.begin(); it != object.end(); ++it, ++key) {
        if (it.key() != *key) {
            return false;
        }
    }
    return true;
}

/// The skin's inverse bind matrices as the file has them.
struct InverseBinds {
    long long accessor = -1, view = -1;
    Json accessorJson, viewJson;
    size_t first = 0; ///< byte of buffer 0 where the first matrix is
    std::vector<aiMatrix4x4> matrices; ///< one per joint, row-major
};

/// Reads the skin's inverse bind matrices, or says why not.
bool ReadInverseBinds(GltfDocument &document, const Json &skin, size_t joints, InverseBinds &out, std::string &why,
        std::string &error) {
    out.accessor = Index(skin, "inverseBindMatrices", -1);
    out.accessorJson = Element(document, "accessors", out.accessor);
    const Json &accessor = out.accessorJson;
    if (!accessor.is_object() || accessor.value("componentType", 0) != 5126 || accessor.value("type", "") != "MAT4" ||
            Index(accessor, "count", -1) != static_cast<long long>(joints) || accessor.contains("sparse")) {
        why = "its inverseBindMatrices are not an accessor of one float MAT4 per joint";
        return false;
    }
    out.view = Index(accessor, "bufferView", -1);
    out.viewJson = Element(document, "bufferViews", out.view);
    const Json &view = out.viewJson;
    const long long accessorOffset = Index(accessor, "byteOffset", 0);
    const long long viewOffset = Index(view, "byteOffset", 0);
    const long long viewLength = Index(view, "byteLength", -1);
    const long long stride = Index(view, "byteStride", kMatrixBytes);
    if (!view.is_object() || Index(view, "buffer", -1) != 0 || accessorOffset < 0 || viewOffset < 0 ||
            stride != static_cast<long long>(kMatrixBytes) ||
            viewLength < accessorOffset + static_cast<long long>(joints * kMatrixBytes)) {
        why = "the bufferView of its inverseBindMatrices is not one of buffer 0 that holds them";
        return false;
    }
    const std::vector<uint8_t> *buffer = document.Buffer(error);
    if (!buffer) {
        return false;
    }
    if (static_cast<unsigned long long>(viewOffset + viewLength) > buffer->size()) {
        why = "its inverseBindMatrices reach past the buffer";
        return false;
    }
    out.first = static_cast<size_t>(viewOffset + accessorOffset);
    for (size_t j = 0; j < joints; ++j) {
        aiMatrix4x4 matrix;
        const uint8_t *bytes = buffer->data() + out.first + j * kMatrixBytes;
        for (unsigned c = 0; c < 4; ++c) {
            for (unsigned r = 0; r < 4; ++r) {
                matrix[r][c] = LoadF32LE(bytes + 4 * (4 * c + r)); // glTF: column-major
            }
        }
        out.matrices.push_back(matrix);
    }
    return true;
}

/// Column-major float bytes of `matrices`.
std::vector<uint8_t> MatrixBytes(const std::vector<aiMatrix4x4> &matrices) {
    LittleEndianWriter bytes;
    bytes.bytes.reserve(matrices.size() * kMatrixBytes);
    for (const aiMatrix4x4 &matrix : matrices) {
        for (unsigned c = 0; c < 4; ++c) {
            for (unsigned r = 0; r < 4; ++r) {
                bytes.F32(matrix[r][c]);
            }
        }
    }
    return bytes.bytes;
}

/// The accessor of `matrices` at `view`, as Assimp's exporter writes it
/// (ExportData's bounds: doubles of the floats, per component, non-finite
/// values skipped).
std::string AccessorText(bool pretty, long long view, const std::vector<aiMatrix4x4> &matrices) {
    double lo[16], hi[16];
    for (unsigned i = 0; i < 16; ++i) {
        lo[i] = std::numeric_limits<double>::max();
        hi[i] = -std::numeric_limits<double>::max();
    }
    for (const aiMatrix4x4 &matrix : matrices) {
        for (unsigned i = 0; i < 16; ++i) {
            const double value = matrix[i % 4][i / 4];
            if (std::isfinite(value)) {
                lo[i] = value < lo[i] ? value : lo[i];
                hi[i] = value > hi[i] ? value : hi[i];
            }
        }
    }
    return RapidJsonText(pretty, [&](auto &w) {
        w.StartObject();
        w.Key("bufferView");
        w.Uint(static_cast<unsigned>(view));
        w.Key("byteOffset");
        w.Uint(0);
        w.Key("componentType");
        w.Int(5126);
        w.Key("count");
        w.Uint(static_cast<unsigned>(matrices.size()));
        w.Key("type");
        w.String("MAT4");
        for (const double *bounds : {hi, lo}) {
            w.Key(bounds == hi ? "max" : "min");
            w.StartArray();
            for (unsigned i = 0; i < 16; ++i) {
                w.Double(bounds[i]);
            }
            w.EndArray();
        }
        w.EndObject();
    });
}

std::string ViewText(bool pretty, uint64_t offset, uint64_t length) {
    return RapidJsonText(pretty, [&](auto &w) {
        w.StartObject();
        w.Key("buffer");
        w.Uint(0);
        w.Key("byteOffset");
        w.Uint64(offset);
        w.Key("byteLength");
        w.Uint64(length);
        w.EndObject();
    });
}

/// True when Assimp wrote the inverse bind matrices last of all, as it does
/// when the completion writes the animations: the last accessor, in the last
/// bufferView, which ends the buffer at a multiple of 4 bytes.
bool WrittenLast(GltfDocument &document, const InverseBinds &binds, size_t bufferSize) {
    const long long viewEnd = Index(binds.viewJson, "byteOffset", 0) + Index(binds.viewJson, "byteLength", -1);
    return binds.accessor == document.ElementCount("accessors") - 1 &&
            binds.view == document.ElementCount("bufferViews") - 1 &&
            HasKeysInOrder(binds.accessorJson,
                    {"bufferView", "byteOffset", "componentType", "count", "type", "max", "min"}) &&
            Index(binds.accessorJson, "byteOffset", -1) == 0 &&
            HasKeysInOrder(binds.viewJson, {"buffer", "byteOffset", "byteLength"}) &&
            static_cast<size_t>(viewEnd) == binds.first + binds.matrices.size() * kMatrixBytes &&
            static_cast<size_t>(viewEnd) == bufferSize && bufferSize % 4 == 0;
}

/// Writes `matrices` (the file's, then the added joints') as the skin's
/// inverse bind matrices. Returns false and sets `error` when the buffer
/// cannot be appended to.
bool WriteInverseBinds(GltfDocument &document, Json &skin, const InverseBinds &binds,
        const std::vector<aiMatrix4x4> &matrices, std::vector<std::string> &notes, std::string &error) {
    const bool pretty = document.PrettyText();
    const std::vector<uint8_t> *buffer = document.Buffer(error);
    if (!buffer) {
        return false;
    }
    if (WrittenLast(document, binds, buffer->size())) {
        const std::vector<aiMatrix4x4> added(matrices.begin() + static_cast<std::ptrdiff_t>(binds.matrices.size()),
                matrices.end());
        const std::vector<uint8_t> bytes = MatrixBytes(added);
        if (document.AppendBufferData(bytes.data(), bytes.size(), error) < 0) {
            return false;
        }
        const uint64_t offset = static_cast<uint64_t>(Index(binds.viewJson, "byteOffset", 0));
        document.ReplaceRawElement("bufferViews", static_cast<size_t>(binds.view),
                ViewText(pretty, offset, matrices.size() * kMatrixBytes));
        document.ReplaceRawElement("accessors", static_cast<size_t>(binds.accessor),
                AccessorText(pretty, binds.view, matrices));
        return true;
    }
    const std::vector<uint8_t> bytes = MatrixBytes(matrices);
    const long long offset = document.AppendBufferData(bytes.data(), bytes.size(), error);
    if (offset < 0) {
        return false;
    }
    const long long view = document.AppendRawElement(
            "bufferViews", ViewText(pretty, static_cast<uint64_t>(offset), static_cast<uint64_t>(bytes.size())));
    skin["inverseBindMatrices"] = document.AppendRawElement("accessors", AccessorText(pretty, view, matrices));
    notes.push_back("skin: the inverse bind matrices were not written last; all of them written again in accessor " +
            skin["inverseBindMatrices"].dump() + ", accessor " + std::to_string(binds.accessor) + " left unused");
    return true;
}

} // namespace

long long AddAnimatedNodesToSkin(const aiScene &scene, GltfDocument &document, std::vector<std::string> &notes,
        std::string &error) {
    Json &root = document.Root();
    if (scene.mNumAnimations == 0 || !root.contains("skins") || !root["skins"].is_array() ||
            !root.contains("nodes") || !root["nodes"].is_array()) {
        return 0;
    }
    if (root["skins"].size() != 1) {
        notes.push_back(std::to_string(root["skins"].size()) + " skins: animated nodes not added as joints");
        return 0;
    }
    Json &skin = root["skins"][0];
    const Json &nodes = root["nodes"];
    std::unordered_map<std::string, long long> nodeOfName; // the first of each name, as Assimp looks nodes up
    for (size_t i = nodes.size(); i-- > 0;) {
        if (nodes[i].is_object() && nodes[i].contains("name") && nodes[i]["name"].is_string()) {
            nodeOfName[nodes[i]["name"].get<std::string>()] = static_cast<long long>(i);
        }
    }
    std::unordered_map<long long, size_t> jointOfNode;
    const bool jointsRead = skin.is_object() && skin.contains("joints") && skin["joints"].is_array();
    for (size_t j = 0; jointsRead && j < skin["joints"].size(); ++j) {
        const Json &node = skin["joints"][j];
        jointOfNode.emplace(node.is_number_integer() ? node.get<long long>() : -1, j);
    }
    InverseBinds binds;
    std::string why;
    if (!jointsRead || !ReadInverseBinds(document, skin, skin["joints"].size(), binds, why, error)) {
        if (!error.empty()) {
            return -1;
        }
        notes.push_back("skin: " + (jointsRead ? why : std::string("no joints array")) +
                "; animated nodes not added as joints");
        return 0;
    }
    const std::vector<gltf_rules::AddedJoint> added =
            gltf_rules::AnimatedNodesToJoin(scene, [&](const aiNode &node) -> const aiMatrix4x4 * {
                const auto named = nodeOfName.find(node.mName.C_Str());
                const auto joint = named == nodeOfName.end() ? jointOfNode.end() : jointOfNode.find(named->second);
                return joint == jointOfNode.end() ? nullptr : &binds.matrices[joint->second];
            });
    std::vector<aiMatrix4x4> matrices = binds.matrices;
    long long count = 0;
    for (const gltf_rules::AddedJoint &joint : added) {
        const auto named = nodeOfName.find(joint.node->mName.C_Str());
        if (named == nodeOfName.end()) {
            notes.push_back("skin: animated node " + std::string(joint.node->mName.C_Str()) +
                    " has no glTF node, not added as a joint");
            continue;
        }
        skin["joints"].push_back(named->second);
        matrices.push_back(joint.inverseBind);
        ++count;
    }
    if (count > 0 && !WriteInverseBinds(document, skin, binds, matrices, notes, error)) {
        return -1;
    }
    return count;
}

} // namespace assimp_retro
