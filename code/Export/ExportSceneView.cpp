// ExportSceneView: a metadata-free view of an aiScene for Assimp's exporters.
#include "Export/ExportSceneView.h"

#include <assimp/scene.h>
#include <assimp/metadata.h>

#include <algorithm>
#include <memory>
#include <vector>

namespace assimp_retro {
namespace {

/// The node tree without aiMetadata (names, transforms, mesh indices,
/// children). Names are copied as they are: an embedded NUL must still reach
/// the validator in CheckSceneForExport.
aiNode *CopyNodesWithoutMetadata(const aiNode &source) {
    auto node = std::make_unique<aiNode>();
    node->mName = source.mName;
    node->mTransformation = source.mTransformation;
    if (source.mNumMeshes > 0 && source.mMeshes) {
        node->mNumMeshes = source.mNumMeshes;
        node->mMeshes = new unsigned int[source.mNumMeshes];
        std::copy(source.mMeshes, source.mMeshes + source.mNumMeshes, node->mMeshes);
    }
    if (source.mNumChildren > 0 && source.mChildren) {
        std::vector<std::unique_ptr<aiNode>> children;
        for (unsigned i = 0; i < source.mNumChildren; ++i) {
            if (source.mChildren[i]) {
                children.emplace_back(CopyNodesWithoutMetadata(*source.mChildren[i]));
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

ExportSceneView::ExportSceneView(const aiScene &source, bool withAnimations) : scene(new aiScene()) {
    scene->mFlags = source.mFlags;
    scene->mName = source.mName;
    scene->mRootNode = source.mRootNode ? CopyNodesWithoutMetadata(*source.mRootNode) : nullptr;
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
    scene->mMetaData = SafeToCopy(source.mMetaData) ? source.mMetaData : nullptr;
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

} // namespace assimp_retro
