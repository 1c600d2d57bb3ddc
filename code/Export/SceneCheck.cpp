// CheckSceneForExport: Debian's Assimp does not export ValidateDSProcess, so
// the validator is reached the only public way, through Importer::ReadFile
// with aiProcess_ValidateDataStructure. A private importer hands the Importer
// a deep copy of the scene as if it had read it from a file; the validator then
// runs on it (before ScenePreprocessor, so exactly on what we hand over) and
// the Importer owns and frees the copy whatever happens.
#include <assimp_retro/scene_export.h>

#include "Export/ExportSceneView.h"

#include <assimp/BaseImporter.h>
#include <assimp/Importer.hpp>
#include <assimp/cexport.h>
#include <assimp/importerdesc.h>
#include <assimp/postprocess.h>
#include <assimp/scene.h>

#include <new>
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
            ExportSceneView view(scene); // node metadata left out, as the copy needs
            aiCopyScene(view.scene, &copy); // Assimp's own deep copy
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
