// CheckSceneForExport: Debian's Assimp does not export ValidateDSProcess, so
// the validator is reached the only public way, through Importer::ReadFile
// with aiProcess_ValidateDataStructure. A private importer hands the Importer
// a deep copy of the scene as if it had read it from a file; the validator then
// runs on it (before ScenePreprocessor, so exactly on what we hand over) and
// the Importer owns and frees the copy whatever happens. The animations are
// handed over apart, a batch at a time (ValidateAnimations), so that a
// motion library's keys are never all copied at once, and copied by
// CopyAnimation, which writes only what a channel holds.
#include <assimp_retro/scene_export.h>

#include "Export/ExportSceneView.h"

#include <assimp/BaseImporter.h>
#include <assimp/Importer.hpp>
#include <assimp/SceneCombiner.h>
#include <assimp/cexport.h>
#include <assimp/importerdesc.h>
#include <assimp/postprocess.h>
#include <assimp/scene.h>

#include <algorithm>
#include <memory>
#include <new>
#include <string>
#include <utility>

namespace assimp_retro {
namespace {

const char *const kExtension = "assimpretroscenecheck";

const aiImporterDesc kDescription = {
        "assimp-retro scene check (hands a finished scene to the validator)",
        "assimp-retro",
        "",
        "",
        aiImporterFlags_SupportBinaryFlavour,
        0,
        0,
        0,
        0,
        kExtension,
};

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

/// Takes over the scene set with Next() in InternReadFile: the Importer then owns it.
class HandOverImporter : public Assimp::BaseImporter {
public:
    ~HandOverImporter() override { aiFreeScene(mScene); }

    /// The scene the next ReadFile reads (owned until then).
    void Next(aiScene *scene) {
        aiFreeScene(mScene);
        mScene = scene;
    }

    bool CanRead(const std::string &file, Assimp::IOSystem *, bool) const override {
        const std::string suffix = std::string(".") + kExtension;
        return file.size() >= suffix.size() && file.compare(file.size() - suffix.size(), suffix.size(), suffix) == 0;
    }
    const aiImporterDesc *GetInfo() const override { return &kDescription; }

protected:
    void InternReadFile(const std::string &, aiScene *scene, Assimp::IOSystem *) override {
        SwapContents(*scene, *mScene); // mScene is left empty and freed later
    }

private:
    aiScene *mScene = nullptr;
};

/// A new array holding `count` elements of `from` (null where `from` is).
template <typename T>
T *CopyArray(const T *from, unsigned count) {
    if (!from || count == 0) {
        return nullptr;
    }
    T *to = new T[count];
    std::copy(from, from + count, to);
    return to;
}

/// A copy of `from` for the validator. SceneCombiner::Copy first copies the
/// whole struct, 1 KB of it the name's buffer, which was most of the check
/// of a motion library (66,178 channels): this writes only what it holds.
aiNodeAnim *CopyNodeAnim(const aiNodeAnim &from) {
    std::unique_ptr<aiNodeAnim> to(new aiNodeAnim());
    to->mNodeName = from.mNodeName; // aiString's assignment copies its length's bytes
    to->mPreState = from.mPreState;
    to->mPostState = from.mPostState;
    to->mPositionKeys = CopyArray(from.mPositionKeys, from.mNumPositionKeys);
    to->mNumPositionKeys = from.mNumPositionKeys;
    to->mRotationKeys = CopyArray(from.mRotationKeys, from.mNumRotationKeys);
    to->mNumRotationKeys = from.mNumRotationKeys;
    to->mScalingKeys = CopyArray(from.mScalingKeys, from.mNumScalingKeys);
    to->mNumScalingKeys = from.mNumScalingKeys;
    return to.release();
}

aiMeshAnim *CopyMeshAnim(const aiMeshAnim &from) {
    std::unique_ptr<aiMeshAnim> to(new aiMeshAnim());
    to->mName = from.mName;
    to->mKeys = CopyArray(from.mKeys, from.mNumKeys);
    to->mNumKeys = from.mNumKeys;
    return to.release();
}

/// Sets `to` (with `toCount`) to a new array of `make` of each of the
/// `count` elements of `from` (null stays null, for the validator to report;
/// no array when `from` has none). The array and its count are set before
/// it is filled, so the animation holding them frees what a throwing `make`
/// leaves.
template <typename T, typename Make>
void CopyPointers(T *const *from, unsigned count, T **&to, unsigned &toCount, Make make) {
    toCount = count;
    if (!from || count == 0) {
        return;
    }
    to = new T *[count]();
    for (unsigned i = 0; i < count; ++i) {
        to[i] = from[i] ? make(*from[i]) : nullptr;
    }
}

/// A copy of `from` for the validator: its channels of every kind.
aiAnimation *CopyAnimation(const aiAnimation &from) {
    std::unique_ptr<aiAnimation> to(new aiAnimation());
    to->mName = from.mName;
    to->mDuration = from.mDuration;
    to->mTicksPerSecond = from.mTicksPerSecond;
    CopyPointers(from.mChannels, from.mNumChannels, to->mChannels, to->mNumChannels, CopyNodeAnim);
    CopyPointers(from.mMeshChannels, from.mNumMeshChannels, to->mMeshChannels, to->mNumMeshChannels, CopyMeshAnim);
    CopyPointers(from.mMorphMeshChannels, from.mNumMorphMeshChannels, to->mMorphMeshChannels,
            to->mNumMorphMeshChannels, [](const aiMeshMorphAnim &channel) {
                aiMeshMorphAnim *copy = nullptr;
                Assimp::SceneCombiner::Copy(&copy, &channel);
                return copy;
            });
    return to.release();
}

/// Runs Assimp's validator on `copy`, which it takes. False with the reason.
bool ValidateScene(Assimp::Importer &importer, HandOverImporter &handOver, aiScene *copy, std::string *error) {
    handOver.Next(copy);
    const uint8_t placeholder = 0;
    if (!importer.ReadFileFromMemory(&placeholder, 1, aiProcess_ValidateDataStructure, kExtension)) {
        if (error) {
            *error = std::string("the scene fails Assimp's validation: ") + importer.GetErrorString();
        }
        return false;
    }
    importer.FreeScene();
    return true;
}

/// Runs Assimp's validator on a deep copy of `view`. False with the reason.
bool ValidateCopy(Assimp::Importer &importer, HandOverImporter &handOver, const aiScene &view, std::string *error) {
    aiScene *copy = nullptr;
    aiCopyScene(&view, &copy); // Assimp's own deep copy
    if (!copy) {
        if (error) {
            *error = "the scene could not be copied for validation";
        }
        return false;
    }
    return ValidateScene(importer, handOver, copy, error);
}

/// Bytes a copy of an animation costs: its channels (1 KB each, most of it
/// the name's buffer) and their keys.
size_t CopyBytes(const aiAnimation *animation) {
    size_t bytes = 0;
    for (unsigned c = 0; animation && animation->mChannels && c < animation->mNumChannels; ++c) {
        const aiNodeAnim *channel = animation->mChannels[c];
        if (channel) {
            bytes += sizeof(aiNodeAnim) +
                    (size_t(channel->mNumPositionKeys) + channel->mNumScalingKeys) * sizeof(aiVectorKey) +
                    size_t(channel->mNumRotationKeys) * sizeof(aiQuatKey);
        }
    }
    return bytes;
}

/// Removes the mesh references of the view's own node tree.
void DropMeshReferences(aiNode *node) {
    delete[] node->mMeshes;
    node->mMeshes = nullptr;
    node->mNumMeshes = 0;
    for (unsigned i = 0; i < node->mNumChildren; ++i) {
        DropMeshReferences(node->mChildren[i]);
    }
}

/// The animations validated a batch of at most kBatchBytes at a time (or
/// one animation, when it is larger), each batch in a copy of the node tree
/// alone: the validator checks an animation against the node names only, so
/// this finds what one copy of the whole scene would, while at most one
/// batch is copied at a time (a motion library's channels and keys are most
/// of the scene; the memory of a batch is reused by the next, so a smaller
/// batch also means fewer new pages).
bool ValidateAnimations(Assimp::Importer &importer, HandOverImporter &handOver, const aiScene &scene,
        std::string *error) {
    constexpr size_t kBatchBytes = size_t(4) << 20;
    ExportSceneView view(scene, false); // shared parts detached again by its destructor
    if (view.scene->mRootNode) {
        DropMeshReferences(view.scene->mRootNode);
    }
    view.scene->mFlags |= AI_SCENE_FLAGS_INCOMPLETE; // no meshes: allowed
    view.scene->mNumMeshes = view.scene->mNumMaterials = view.scene->mNumTextures = 0;
    view.scene->mNumLights = view.scene->mNumCameras = view.scene->mNumSkeletons = 0;
    view.scene->mMeshes = nullptr;
    view.scene->mMaterials = nullptr;
    view.scene->mTextures = nullptr;
    view.scene->mLights = nullptr;
    view.scene->mCameras = nullptr;
    view.scene->mSkeletons = nullptr;
    view.scene->mMetaData = nullptr;
    for (unsigned first = 0; first < scene.mNumAnimations;) {
        unsigned count = 1;
        for (size_t bytes = CopyBytes(scene.mAnimations[first]); first + count < scene.mNumAnimations; ++count) {
            bytes += CopyBytes(scene.mAnimations[first + count]);
            if (bytes > kBatchBytes) {
                break;
            }
        }
        aiScene *nodes = nullptr;
        aiCopyScene(view.scene, &nodes); // the node tree alone
        if (!nodes) {
            if (error) {
                *error = "the scene could not be copied for validation";
            }
            return false;
        }
        std::unique_ptr<aiScene, void (*)(const aiScene *)> copy(nodes, aiFreeScene);
        copy->mAnimations = new aiAnimation *[count]();
        copy->mNumAnimations = count;
        for (unsigned a = 0; a < count; ++a) {
            const aiAnimation *animation = scene.mAnimations[first + a];
            copy->mAnimations[a] = animation ? CopyAnimation(*animation) : nullptr;
        }
        if (!ValidateScene(importer, handOver, copy.release(), error)) {
            return false;
        }
        first += count;
    }
    return true;
}

} // namespace

bool CheckSceneForExport(const aiScene &scene, std::string *error) {
    try {
        Assimp::Importer importer;
        auto *handOver = new HandOverImporter();
        importer.RegisterLoader(handOver); // the Importer deletes it
        {
            ExportSceneView view(scene, false); // node metadata left out, as the copy needs
            if (!ValidateCopy(importer, *handOver, *view.scene, error)) {
                return false;
            }
        }
        if (scene.mNumAnimations > 0 && !scene.mAnimations) { // (a copy would crash)
            if (error) {
                *error = "the scene fails Assimp's validation: aiScene::mAnimations is nullptr (aiScene::mNumAnimations "
                         "is " + std::to_string(scene.mNumAnimations) + ")";
            }
            return false;
        }
        return ValidateAnimations(importer, *handOver, scene, error);
    } catch (const std::bad_alloc &) {
        if (error) {
            *error = "out of memory while validating the scene";
        }
        return false;
    }
}

} // namespace assimp_retro
