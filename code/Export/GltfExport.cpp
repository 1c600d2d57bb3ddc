// ExportGltf: Assimp's glTF2 exporter on a metadata-free view of the scene,
// then the glTF completion (which writes the metadata as `extras`).
#include <assimp_retro/gltf_completion.h>

#include "SceneCheck.h"

#include <assimp/Exporter.hpp>
#include <assimp/metadata.h>
#include <assimp/scene.h>

#include <memory>
#include <set>
#include <string>
#include <vector>

namespace assimp_retro {
namespace {

/// The node tree without aiMetadata (names, transforms, mesh indices, children).
aiNode *CopyNodesWithoutMetadata(const aiNode &source) {
    auto node = std::make_unique<aiNode>(std::string(source.mName.C_Str()));
    node->mTransformation = source.mTransformation;
    if (source.mNumMeshes > 0 && source.mMeshes) {
        node->mNumMeshes = source.mNumMeshes;
        node->mMeshes = new unsigned int[source.mNumMeshes];
        for (unsigned i = 0; i < source.mNumMeshes; ++i) {
            node->mMeshes[i] = source.mMeshes[i];
        }
    }
    if (source.mNumChildren > 0 && source.mChildren) {
        std::vector<aiNode *> children;
        for (unsigned i = 0; i < source.mNumChildren; ++i) {
            if (source.mChildren[i]) {
                children.push_back(CopyNodesWithoutMetadata(*source.mChildren[i]));
            }
        }
        if (!children.empty()) {
            node->addChildren(static_cast<unsigned>(children.size()), children.data()); // sets mParent
        }
    }
    return node.release();
}

/// Assimp 5.2.5 copies scene metadata with the same broken routine as node
/// metadata: only hand it over when it is non-empty and flat.
bool SafeToCopy(const aiMetadata *metadata) {
    if (!metadata || metadata->mNumProperties == 0 || !metadata->mValues) {
        return false;
    }
    for (unsigned i = 0; i < metadata->mNumProperties; ++i) {
        if (metadata->mValues[i].mType == AI_AIMETADATA || !metadata->mValues[i].mData) {
            return false;
        }
    }
    return true;
}

/// An aiScene sharing the caller's meshes, materials, animations, textures,
/// lights, cameras and skeletons, with its own metadata-free node tree. The
/// shared arrays are detached again before the view is destroyed.
struct SceneView {
    explicit SceneView(const aiScene &source) : scene(new aiScene()) {
        scene->mFlags = source.mFlags;
        scene->mName = source.mName;
        scene->mRootNode = source.mRootNode ? CopyNodesWithoutMetadata(*source.mRootNode) : nullptr;
        scene->mNumMeshes = source.mNumMeshes;
        scene->mMeshes = source.mMeshes;
        scene->mNumMaterials = source.mNumMaterials;
        scene->mMaterials = source.mMaterials;
        scene->mNumAnimations = source.mNumAnimations;
        scene->mAnimations = source.mAnimations;
        scene->mNumTextures = source.mNumTextures;
        scene->mTextures = source.mTextures;
        scene->mNumLights = source.mNumLights;
        scene->mLights = source.mLights;
        scene->mNumCameras = source.mNumCameras;
        scene->mCameras = source.mCameras;
        scene->mNumSkeletons = source.mNumSkeletons;
        scene->mSkeletons = source.mSkeletons;
        scene->mMetaData = SafeToCopy(source.mMetaData) ? source.mMetaData : nullptr;
    }
    ~SceneView() {
        scene->mNumMeshes = 0;
        scene->mMeshes = nullptr;
        scene->mNumMaterials = 0;
        scene->mMaterials = nullptr;
        scene->mNumAnimations = 0;
        scene->mAnimations = nullptr;
        scene->mNumTextures = 0;
        scene->mTextures = nullptr;
        scene->mNumLights = 0;
        scene->mLights = nullptr;
        scene->mNumCameras = 0;
        scene->mCameras = nullptr;
        scene->mNumSkeletons = 0;
        scene->mSkeletons = nullptr;
        scene->mMetaData = nullptr;
        delete scene; // deletes only the copied node tree
    }
    SceneView(const SceneView &) = delete;
    SceneView &operator=(const SceneView &) = delete;

    aiScene *scene;
};

void CollectNodeNames(const aiNode *node, std::set<std::string> &names) {
    if (!node) {
        return;
    }
    names.insert(node->mName.C_Str());
    for (unsigned i = 0; i < node->mNumChildren; ++i) {
        CollectNodeNames(node->mChildren[i], names);
    }
}

/// Assimp 5.2.5's glTF2 exporter looks bones and animation channels up by
/// node name and dereferences the result unchecked: a name without a node
/// segfaults (glTF2Exporter.cpp 938 and 1516). Returns why, or "".
std::string FindExporterCrash(const aiScene &scene) {
    std::set<std::string> nodes;
    CollectNodeNames(scene.mRootNode, nodes);
    for (unsigned m = 0; m < scene.mNumMeshes; ++m) {
        const aiMesh *mesh = scene.mMeshes[m];
        for (unsigned b = 0; mesh && b < mesh->mNumBones; ++b) {
            const std::string bone = mesh->mBones[b]->mName.C_Str();
            if (!nodes.count(bone)) {
                return "bone '" + bone + "' of mesh " + std::to_string(m) + " names no node";
            }
        }
    }
    for (unsigned a = 0; a < scene.mNumAnimations; ++a) {
        const aiAnimation *animation = scene.mAnimations[a];
        for (unsigned c = 0; animation && c < animation->mNumChannels; ++c) {
            const std::string node = animation->mChannels[c]->mNodeName.C_Str();
            if (!nodes.count(node)) {
                return "animation " + std::to_string(a) + " channel '" + node + "' names no node";
            }
        }
    }
    return "";
}

} // namespace

bool ExportGltf(const aiScene &scene, const std::string &formatId, const std::string &path, std::string *error,
        GltfCompletionReport *report, unsigned preprocessing, const Assimp::ExportProperties *properties) {
    if (report) {
        *report = GltfCompletionReport();
    }
    if (formatId != "gltf2" && formatId != "glb2") {
        if (error) {
            *error = "ExportGltf: format id must be \"gltf2\" or \"glb2\", not \"" + formatId + "\"";
        }
        return false;
    }
    std::string invalid;
    if (!CheckSceneForExport(scene, &invalid)) {
        if (error) {
            *error = "cannot export to glTF: " + invalid;
        }
        return false;
    }
    const std::string crash = FindExporterCrash(scene);
    if (!crash.empty()) {
        if (error) {
            *error = "cannot export to glTF: " + crash + " (Assimp's glTF2 exporter would crash)";
        }
        return false;
    }
    {
        SceneView view(scene);
        Assimp::Exporter exporter;
        if (exporter.Export(view.scene, formatId.c_str(), path.c_str(), preprocessing, properties) != AI_SUCCESS) {
            if (error) {
                *error = std::string("Assimp's glTF2 exporter failed: ") + exporter.GetErrorString();
            }
            return false;
        }
    }
    GltfCompletionReport local;
    GltfCompletionReport &result = report ? *report : local;
    const bool completed = CompleteGltf(scene, path, error, &result);
    result.exported = true;
    return completed;
}

} // namespace assimp_retro
