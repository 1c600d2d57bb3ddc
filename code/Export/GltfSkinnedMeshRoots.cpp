// MoveSkinnedMeshesToRoots: skinned meshes on scene root nodes.
#include "Export/GltfSkinnedMeshRoots.h"

#include "Export/GltfRules.h"

#include <string>
#include <vector>

namespace assimp_retro {
namespace {

using Json = GltfDocument::Json;

/// parent[i] = index of node i's parent, -1 for none.
std::vector<long long> Parents(const Json &nodes) {
    std::vector<long long> parents(nodes.size(), -1);
    for (size_t i = 0; i < nodes.size(); ++i) {
        if (!nodes[i].is_object() || !nodes[i].contains("children") || !nodes[i]["children"].is_array()) {
            continue;
        }
        for (const Json &child : nodes[i]["children"]) {
            if (child.is_number_integer() && child.get<long long>() >= 0 && child.get<size_t>() < nodes.size()) {
                parents[child.get<size_t>()] = static_cast<long long>(i);
            }
        }
    }
    return parents;
}

/// The scene whose root list holds `root`, or -1.
long long SceneOf(const Json &gltf, long long root) {
    if (!gltf.contains("scenes") || !gltf["scenes"].is_array()) {
        return -1;
    }
    const Json &scenes = gltf["scenes"];
    for (size_t s = 0; s < scenes.size(); ++s) {
        if (!scenes[s].is_object() || !scenes[s].contains("nodes") || !scenes[s]["nodes"].is_array()) {
            continue;
        }
        for (const Json &node : scenes[s]["nodes"]) {
            if (node.is_number_integer() && node.get<long long>() == root) {
                return static_cast<long long>(s);
            }
        }
    }
    return -1;
}

void RemoveChild(Json &parent, long long child) {
    Json kept = Json::array();
    for (const Json &index : parent["children"]) {
        if (!(index.is_number_integer() && index.get<long long>() == child)) {
            kept.push_back(index);
        }
    }
    if (kept.empty()) {
        parent.erase("children");
    } else {
        parent["children"] = std::move(kept);
    }
}

void RetargetWeightChannels(Json &gltf, long long from, long long to) {
    if (!gltf.contains("animations") || !gltf["animations"].is_array()) {
        return;
    }
    for (Json &animation : gltf["animations"]) {
        if (!animation.is_object() || !animation.contains("channels") || !animation["channels"].is_array()) {
            continue;
        }
        for (Json &channel : animation["channels"]) {
            if (!channel.is_object() || !channel.contains("target") || !channel["target"].is_object()) {
                continue;
            }
            Json &target = channel["target"];
            if (target.value("path", "") == "weights" && target.contains("node") &&
                    target["node"].is_number_integer() && target["node"].get<long long>() == from) {
                target["node"] = to;
            }
        }
    }
}

} // namespace

unsigned MoveSkinnedMeshesToRoots(GltfDocument &document) {
    Json &gltf = document.Root();
    if (!gltf.contains("nodes") || !gltf["nodes"].is_array()) {
        return 0;
    }
    unsigned moved = 0;
    const size_t count = gltf["nodes"].size(); // nodes added below are roots already
    std::vector<long long> parents = Parents(gltf["nodes"]);
    for (size_t i = 0; i < count; ++i) {
        Json &node = gltf["nodes"][i];
        if (!node.is_object() || !node.contains("skin") || !node.contains("mesh") || parents[i] < 0) {
            continue;
        }
        long long root = static_cast<long long>(i);
        for (int guard = 0; parents[static_cast<size_t>(root)] >= 0 && guard < 100000; ++guard) {
            root = parents[static_cast<size_t>(root)];
        }
        const long long scene = SceneOf(gltf, root);
        const bool hasChildren = node.contains("children") && node["children"].is_array() && !node["children"].empty();
        const gltf_rules::SkinnedMeshMove move = gltf_rules::SkinnedMeshRootMove(true, true, scene >= 0, hasChildren);
        if (move == gltf_rules::SkinnedMeshMove::None) {
            continue; // not drawn by any scene: nothing to warn about
        }
        long long holder = static_cast<long long>(i);
        if (move == gltf_rules::SkinnedMeshMove::MeshToNewRoot) {
            Json mesh = Json::object();
            const std::string name = node.value("name", "node" + std::to_string(i));
            mesh["name"] = gltf_rules::SkinnedMeshNodeName(name);
            for (const char *key : {"mesh", "skin", "weights"}) {
                if (node.contains(key)) {
                    mesh[key] = node[key];
                    node.erase(key);
                }
            }
            holder = static_cast<long long>(gltf["nodes"].size());
            gltf["nodes"].push_back(std::move(mesh));
            document.Parse("animations");
            RetargetWeightChannels(gltf, static_cast<long long>(i), holder);
        } else {
            RemoveChild(gltf["nodes"][static_cast<size_t>(parents[i])], holder);
        }
        gltf["scenes"][static_cast<size_t>(scene)]["nodes"].push_back(holder);
        if (move == gltf_rules::SkinnedMeshMove::NodeToRoot) {
            parents[i] = -1;
        }
        ++moved;
    }
    return moved;
}

} // namespace assimp_retro
