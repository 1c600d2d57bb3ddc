// ExportSceneView: a view of an aiScene for exporters, node metadata left out or flat.
#include "Export/ExportSceneView.h"

#include <assimp_retro/scene_export.h>

#include "Common/SceneHelpers.h"

#include <assimp/Exporter.hpp>
#include <assimp/scene.h>
#include <assimp/metadata.h>

#include <algorithm>
#include <memory>
#include <vector>

namespace assimp_retro {
namespace {

constexpr int kMaxFlattenDepth = 64;

} // namespace

void AddFlattenedEntry(const aiMetadata &metadata, unsigned i, const std::string &key, const std::string &where,
        int depth, MetaBuilder &out, std::vector<std::string> *notes) {
    const void *data = metadata.mValues[i].mData;
    if (!data || metadata.mKeys[i].length == 0) {
        return; // no entry: an empty key or value cannot be copied
    }
    switch (metadata.mValues[i].mType) {
    case AI_BOOL:
        out.Add(key, *static_cast<const bool *>(data));
        break;
    case AI_INT32:
        out.Add(key, *static_cast<const int32_t *>(data));
        break;
    case AI_UINT64:
        out.Add(key, *static_cast<const uint64_t *>(data));
        break;
    case AI_FLOAT:
        out.Add(key, *static_cast<const float *>(data));
        break;
    case AI_DOUBLE:
        out.Add(key, *static_cast<const double *>(data));
        break;
    case AI_AISTRING:
        out.Add(key, *static_cast<const aiString *>(data));
        break;
    case AI_AIVECTOR3D:
        out.Add(key, *static_cast<const aiVector3D *>(data));
        break;
    case AI_AIMETADATA: {
        if (depth >= kMaxFlattenDepth) {
            if (notes) notes->push_back(where + ": metadata '" + key + "' nested too deep; left out");
            break;
        }
        if (notes) notes->push_back(where + ": nested metadata '" + key + "' passed on flattened as '" + key + ".*'");
        const aiMetadata &inner = *static_cast<const aiMetadata *>(data);
        for (unsigned j = 0; inner.mKeys && inner.mValues && j < inner.mNumProperties; ++j) {
            AddFlattenedEntry(inner, j, key + "." + inner.mKeys[j].C_Str(), where, depth + 1, out, notes);
        }
        break;
    }
    default:
        if (notes) notes->push_back(where + ": metadata '" + key + "' has a type this build cannot copy; left out");
        break;
    }
}

namespace {

/// A flat copy of `metadata` (nullptr when it has no entry).
aiMetadata *FlatCopy(const aiMetadata *metadata, const std::string &where, std::vector<std::string> *notes) {
    if (!metadata || metadata->mNumProperties == 0) {
        return nullptr;
    }
    MetaBuilder builder;
    for (unsigned i = 0; metadata->mKeys && metadata->mValues && i < metadata->mNumProperties; ++i) {
        AddFlattenedEntry(*metadata, i, metadata->mKeys[i].C_Str(), where, 0, builder, notes);
    }
    return builder.Build();
}

/// The node tree (names, transforms, mesh indices, children), its metadata
/// as `mode` says. Names are copied as they are: an embedded NUL must still
/// reach the validator in CheckSceneForExport.
aiNode *CopyNodes(const aiNode &source, ViewMetadata mode, std::vector<std::string> *notes) {
    auto node = std::make_unique<aiNode>();
    node->mName = source.mName;
    node->mTransformation = source.mTransformation;
    if (mode == ViewMetadata::KeepFlat) {
        node->mMetaData = FlatCopy(source.mMetaData, "node '" + std::string(source.mName.C_Str()) + "'", notes);
    }
    if (source.mNumMeshes > 0 && source.mMeshes) {
        node->mNumMeshes = source.mNumMeshes;
        node->mMeshes = new unsigned int[source.mNumMeshes];
        std::copy(source.mMeshes, source.mMeshes + source.mNumMeshes, node->mMeshes);
    }
    if (source.mNumChildren > 0 && source.mChildren) {
        std::vector<std::unique_ptr<aiNode>> children;
        for (unsigned i = 0; i < source.mNumChildren; ++i) {
            if (source.mChildren[i]) {
                children.emplace_back(CopyNodes(*source.mChildren[i], mode, notes));
            }
        }
        std::vector<aiNode *> raw;
        for (auto &child : children) {
            raw.push_back(child.release());
        }
        if (!raw.empty()) {
            node->addChildren(static_cast<unsigned>(raw.size()), raw.data()); // sets mParent
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

} // namespace

ExportSceneView::ExportSceneView(const aiScene &source, bool withAnimations, ViewMetadata metadata,
        std::vector<std::string> *notes) :
        scene(new aiScene()) {
    scene->mFlags = source.mFlags;
    scene->mName = source.mName;
    scene->mRootNode = source.mRootNode ? CopyNodes(*source.mRootNode, metadata, notes) : nullptr;
    scene->mNumMeshes = source.mNumMeshes;
    scene->mMeshes = source.mMeshes;
    scene->mNumMaterials = source.mNumMaterials;
    scene->mMaterials = source.mMaterials;
    scene->mNumAnimations = withAnimations ? source.mNumAnimations : 0;
    scene->mAnimations = withAnimations ? source.mAnimations : nullptr;
    scene->mNumTextures = source.mNumTextures;
    scene->mTextures = source.mTextures;
    scene->mNumLights = source.mNumLights;
    scene->mLights = source.mLights;
    scene->mNumCameras = source.mNumCameras;
    scene->mCameras = source.mCameras;
    scene->mNumSkeletons = source.mNumSkeletons;
    scene->mSkeletons = source.mSkeletons;
    if (SafeToCopy(source.mMetaData)) {
        scene->mMetaData = source.mMetaData;
    } else if (metadata == ViewMetadata::KeepFlat) {
        mFlatSceneMetadata.reset(FlatCopy(source.mMetaData, "scene", notes));
        scene->mMetaData = mFlatSceneMetadata.get();
    }
}

ExportSceneView::~ExportSceneView() {
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

bool ExportWithAssimp(Assimp::Exporter &exporter, const aiScene &scene, const std::string &formatId,
        const std::string &path, unsigned preprocessing, const Assimp::ExportProperties *properties) {
    const ExportSceneView view(scene);
    return exporter.Export(view.scene, formatId.c_str(), path.c_str(), preprocessing, properties) == AI_SUCCESS;
}

} // namespace assimp_retro
