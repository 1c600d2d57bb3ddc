// CheckSceneForExport: Debian's Assimp does not export ValidateDSProcess, so
// the validator is reached the only public way, through Importer::ReadFile
// with aiProcess_ValidateDataStructure. A private importer hands the Importer
// a deep copy of the scene as if it had read it from a file; the validator then
// runs on it (before ScenePreprocessor, so exactly on what we hand over) and
// the Importer owns and frees the copy whatever happens.
#include "SceneCheck.h"

#include <assimp/BaseImporter.h>
#include <assimp/Importer.hpp>
#include <assimp/cexport.h>
#include <assimp/importerdesc.h>
#include <assimp/metadata.h>
#include <assimp/postprocess.h>
#include <assimp/scene.h>

#include <algorithm>
#include <memory>
#include <new>
#include <utility>
#include <vector>

namespace assimp_retro {
namespace {

const char *const kExtension = "assimpretroscenecheck";

const aiImporterDesc kDescription = {
    "assimp-retro scene check (hands a finished scene to the validator)",
    "assimp-retro", "", "", aiImporterFlags_SupportBinaryFlavour, 0, 0, 0, 0, kExtension,
};

/// The node tree with names copied as they are (an embedded NUL must reach the
/// validator), without aiMetadata.
aiNode *CopyNodes(const aiNode &source) {
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
                children.emplace_back(CopyNodes(*source.mChildren[i]));
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

/// Swaps every public part of two scenes (not mPrivate, which each keeps).
void SwapContents(aiScene &a, aiScene &b) {
    std::swap(a.mFlags, b.mFlags);
    std::swap(a.mRootNode, b.mRootNode);
    std::swap(a.mNumMeshes, b.mNumMeshes);
    std::swap(a.mMeshes, b.mMeshes);
    std::swap(a.mNumMaterials, b.mNumMaterials);
    std::swap(a.mMaterials, b.mMaterials);
    std::swap(a.mNumAnimations, b.mNumAnimations);
    std::swap(a.mAnimations, b.mAnimations);
    std::swap(a.mNumTextures, b.mNumTextures);
    std::swap(a.mTextures, b.mTextures);
    std::swap(a.mNumLights, b.mNumLights);
    std::swap(a.mLights, b.mLights);
    std::swap(a.mNumCameras, b.mNumCameras);
    std::swap(a.mCameras, b.mCameras);
    std::swap(a.mMetaData, b.mMetaData);
    std::swap(a.mName, b.mName);
    std::swap(a.mNumSkeletons, b.mNumSkeletons);
    std::swap(a.mSkeletons, b.mSkeletons);
}

/// Forgets every public part of `scene` without freeing it.
void Forget(aiScene &scene) {
    aiScene empty;
    SwapContents(scene, empty);
    empty.mRootNode = nullptr;
    empty.mNumMeshes = empty.mNumMaterials = empty.mNumAnimations = empty.mNumTextures = 0;
    empty.mNumLights = empty.mNumCameras = empty.mNumSkeletons = 0;
    empty.mMeshes = nullptr;
    empty.mMaterials = nullptr;
    empty.mAnimations = nullptr;
    empty.mTextures = nullptr;
    empty.mLights = nullptr;
    empty.mCameras = nullptr;
    empty.mSkeletons = nullptr;
    empty.mMetaData = nullptr;
}

/// An aiScene sharing the source's parts, with its own metadata-free node
/// tree; the shared parts are forgotten, not freed, when it goes.
struct SharingView {
    explicit SharingView(const aiScene &source) {
        scene.mFlags = source.mFlags;
        scene.mName = source.mName;
        scene.mRootNode = source.mRootNode ? CopyNodes(*source.mRootNode) : nullptr;
        scene.mNumMeshes = source.mNumMeshes;
        scene.mMeshes = source.mMeshes;
        scene.mNumMaterials = source.mNumMaterials;
        scene.mMaterials = source.mMaterials;
        scene.mNumAnimations = source.mNumAnimations;
        scene.mAnimations = source.mAnimations;
        scene.mNumTextures = source.mNumTextures;
        scene.mTextures = source.mTextures;
        scene.mNumLights = source.mNumLights;
        scene.mLights = source.mLights;
        scene.mNumCameras = source.mNumCameras;
        scene.mCameras = source.mCameras;
    }
    ~SharingView() {
        std::unique_ptr<aiNode> nodes(scene.mRootNode);
        Forget(scene);
    }
    SharingView(const SharingView &) = delete;
    SharingView &operator=(const SharingView &) = delete;

    aiScene scene;
};

/// Takes over `mScene` in InternReadFile: the Importer then owns it.
class HandOverImporter : public Assimp::BaseImporter {
public:
    explicit HandOverImporter(aiScene *scene) : mScene(scene) {}
    ~HandOverImporter() override { aiFreeScene(mScene); }

    bool CanRead(const std::string &file, Assimp::IOSystem *, bool) const override {
        const std::string suffix = std::string(".") + kExtension;
        return file.size() >= suffix.size() && file.compare(file.size() - suffix.size(), suffix.size(), suffix) == 0;
    }
    const aiImporterDesc *GetInfo() const override { return &kDescription; }

protected:
    void InternReadFile(const std::string &, aiScene *scene, Assimp::IOSystem *) override {
        SwapContents(*scene, *mScene); // mScene is left empty and freed by the destructor
    }

private:
    aiScene *mScene;
};

} // namespace

bool CheckSceneForExport(const aiScene &scene, std::string *error) {
    try {
        aiScene *copy = nullptr;
        {
            SharingView view(scene);
            aiCopyScene(&view.scene, &copy); // Assimp's own deep copy
        }
        if (!copy) {
            if (error) {
                *error = "the scene could not be copied for validation";
            }
            return false;
        }
        Assimp::Importer importer;
        importer.RegisterLoader(new HandOverImporter(copy)); // the Importer deletes it
        const uint8_t placeholder = 0;
        if (!importer.ReadFileFromMemory(&placeholder, 1, aiProcess_ValidateDataStructure, kExtension)) {
            if (error) {
                *error = std::string("the scene fails Assimp's validation: ") + importer.GetErrorString();
            }
            return false;
        }
        return true;
    } catch (const std::bad_alloc &) {
        if (error) {
            *error = "out of memory while validating the scene";
        }
        return false;
    }
}

} // namespace assimp_retro
