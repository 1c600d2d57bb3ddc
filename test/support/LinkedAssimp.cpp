#include "support/LinkedAssimp.h"

#include "Common/ProcessId.h"

#include "support/GltfFileReader.h"
#include "support/GltfTestScenes.h"
#include "support/TestSupport.h"

#include <assimp_retro/assimp_retro.h>

#include <assimp/Exporter.hpp>
#include <assimp/Importer.hpp>
#include <assimp/material.h>
#include <assimp/scene.h>

#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <string>

namespace retro_test {

namespace {

uint64_t UIntAt(const uint8_t *bytes, size_t offset, size_t width) {
    uint64_t value = 0;
    std::memcpy(&value, bytes + offset, width); // FBX is little-endian, as the hosts we test on
    return value;
}

/// Binary FBX: each node record is end offset, property count, property
/// bytes (32-bit each before version 7500, 64-bit from it), name length,
/// name, properties, then its children, and a list of children ends with a
/// record of zeros (13 or 25 bytes). True when the first top-level node that
/// has children ends its list with that record.
bool FirstChildListHasNullRecord(const uint8_t *bytes, size_t size) {
    if (size < 27) {
        return false;
    }
    const size_t width = UIntAt(bytes, 23, 4) >= 7500 ? 8 : 4; // "Kaydara FBX Binary  \0\x1a\0", version
    const size_t header = 3 * width + 1;
    size_t node = 27;
    while (node + header <= size) {
        const uint64_t end = UIntAt(bytes, node, width);
        if (end == 0 || end > size || end <= node) {
            return false;
        }
        const size_t children = node + header + bytes[node + 3 * width] + UIntAt(bytes, node + 2 * width, width);
        if (children < end) {
            size_t child = children;
            while (child + header <= end) {
                const uint64_t childEnd = UIntAt(bytes, child, width);
                if (childEnd == 0) {
                    return child + header == end;
                }
                if (childEnd <= child || childEnd > end) {
                    return false;
                }
                child = childEnd;
            }
            return false; // the list ran to the parent's end without a null record
        }
        node = end;
    }
    return false;
}

bool ProbeFbxLacksNullRecords() {
    const auto scene = gltf_test::MakeCameraScene();
    Assimp::Exporter exporter;
    const aiExportDataBlob *blob = exporter.ExportToBlob(scene.get(), "fbx");
    if (blob == nullptr) {
        return false; // no FBX exporter at all: nothing of ours to repair either
    }
    return !FirstChildListHasNullRecord(static_cast<const uint8_t *>(blob->data), blob->size);
}

/// A probe file of this process: ctest runs tests as parallel processes,
/// and each probes the linked Assimp once, so a shared name would let one
/// process read what another is still writing.
std::string ProbePath(const std::string &name) {
    return OutputPath("probe/" + name + "-" + std::to_string(assimp_retro::CurrentProcessId()) + ".glb");
}

/// Exports `scene` as GLB with Assimp's exporter alone and reads its JSON; false when either fails.
bool ExportGlb(const aiScene &scene, const std::string &name, nlohmann::json *json) {
    const std::string path = ProbePath(name);
    Assimp::Exporter exporter;
    gltf_test::GltfFile file;
    const bool read = exporter.Export(&scene, "glb2", path.c_str()) == AI_SUCCESS && gltf_test::ReadGltfFile(path, file);
    std::error_code ignored;
    std::filesystem::remove(path, ignored);
    *json = file.json;
    return read;
}

void ProbeSkinning(AssimpDefects &defects) {
    const auto skinned = gltf_test::MakeSkinnedScene();
    const std::string path = ProbePath("linked_assimp_skinned");
    gltf_test::GltfFile file;
    Assimp::Exporter exporter;
    const bool read = exporter.Export(skinned.get(), "glb2", path.c_str()) == AI_SUCCESS &&
                      gltf_test::ReadGltfFile(path, file);
    defects.gltfLeavesJointGaps = read && !GlbUnreferencedBytes(path).empty();
    std::error_code ignored;
    std::filesystem::remove(path, ignored);
    if (!read) {
        return;
    }
    const nlohmann::json nodes = file.json.value("nodes", nlohmann::json::array());
    for (const nlohmann::json &node : nodes) {
        for (const nlohmann::json &child : node.value("children", nlohmann::json::array())) {
            defects.gltfSkinsMeshesBelowRoot |= nodes.at(child.get<size_t>()).contains("skin");
        }
    }
}

/// An animated node above the bone (MakeAnimatedSkinnedScene's Armature)
/// that the skin leaves out.
bool ProbeJointsAreBonesOnly() {
    const auto animated = gltf_test::MakeAnimatedSkinnedScene();
    nlohmann::json json;
    if (!ExportGlb(*animated, "linked_assimp_joints", &json) || !json.contains("skins") || json["skins"].empty()) {
        return false;
    }
    return json["skins"][0].value("joints", nlohmann::json::array()).size() == 1;
}

AssimpDefects Probe() {
    AssimpDefects defects;
    defects.fbxLacksNullRecords = ProbeFbxLacksNullRecords();

    // Cameras, node extras (flat metadata: Assimp 5.2.5 aborts on nested
    // aiMetadata) and a texture file glTF cannot hold.
    const auto cameras = gltf_test::MakeCameraScene();
    const aiString paa("data\\hull.paa");
    cameras->mMaterials[0]->AddProperty(&paa, AI_MATKEY_TEXTURE_DIFFUSE(0));
    cameras->mRootNode->mChildren[0]->mMetaData = aiMetadata::Alloc(1);
    cameras->mRootNode->mChildren[0]->mMetaData->Set(0, "probe", int32_t(1));
    nlohmann::json json;
    if (ExportGlb(*cameras, "linked_assimp_cameras", &json)) {
        defects.gltfDropsCameras = !json.contains("cameras") || json["cameras"].empty();
        defects.gltfDropsNodeExtras = true;
        for (const nlohmann::json &node : json.value("nodes", nlohmann::json::array())) {
            defects.gltfDropsNodeExtras &= !node.contains("extras");
        }
        for (const nlohmann::json &image : json.value("images", nlohmann::json::array())) {
            const std::string uri = image.value("uri", "");
            defects.gltfWritesNonImageUris |= uri.size() >= 4 && uri.compare(uri.size() - 4, 4, ".paa") == 0;
        }
    }
    const auto morph = gltf_test::MakeMorphScene();
    if (ExportGlb(*morph, "linked_assimp_morph", &json)) {
        defects.gltfDropsMorphWeights = true;
        for (const nlohmann::json &animation : json.value("animations", nlohmann::json::array())) {
            for (const nlohmann::json &channel : animation.value("channels", nlohmann::json::array())) {
                if (channel.value("target", nlohmann::json::object()).value("path", "") == "weights") {
                    defects.gltfDropsMorphWeights = false;
                }
            }
        }
    }
    ProbeSkinning(defects);
    defects.gltfJointsAreBonesOnly = ProbeJointsAreBonesOnly();
    return defects;
}

} // namespace

const AssimpDefects &LinkedAssimp() {
    static const AssimpDefects defects = Probe();
    return defects;
}

bool LinkedAssimpHasOurImporters() {
    const Assimp::Importer fresh;
    for (const assimp_retro::FormatServer &server : assimp_retro::Servers(fresh)) {
        if (server.copy == assimp_retro::ImporterCopy::BuiltIn) {
            return true;
        }
    }
    return false;
}

bool ExpectBuiltInImporters() {
    const char *value = std::getenv("ASSIMP_RETRO_EXPECT_BUILTIN");
    return value != nullptr && std::string(value) == "1";
}

} // namespace retro_test
