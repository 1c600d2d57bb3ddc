// A minimal BaseImporter around assimp_retro::abc::ImportLt2, so the v9 tests get
// Assimp's validation, IOSystem (child models) and post-processing without
// depending on the ABC importer's v6 front end. The end-to-end tests through
// AbcImporter use retro_test::Import instead.
#pragma once

#include "AssetLib/LithTech/AbcLt2Import.h"
#include "AssetLib/LithTech/AbcLt2Reader.h"
#include "Common/FileBuffer.h"

#include <assimp_retro/config.h>

#include <assimp/BaseImporter.h>
#include <assimp/Importer.hpp>
#include <assimp/importerdesc.h>
#include <assimp/scene.h>

namespace abcv9_test {

class Lt2TestImporter : public Assimp::BaseImporter {
public:
    bool CanRead(const std::string &file, Assimp::IOSystem *io, bool) const override {
        const std::vector<uint8_t> head = assimp_retro::ReadFileHead(io, file, 16);
        return assimp_retro::abc::lt2::LooksLikeLt2(head.data(), head.size());
    }
    const aiImporterDesc *GetInfo() const override {
        static const aiImporterDesc desc = {"ABC v9 test importer", "", "", "", aiImporterFlags_SupportBinaryFlavour, 0, 0, 0, 0, "abc"};
        return &desc;
    }
    void SetupProperties(const Assimp::Importer *imp) override {
        mSettings.allLods = imp->GetPropertyBool(AI_CONFIG_IMPORT_ABC_ALL_LODS, false);
        mSettings.childModels = imp->GetPropertyBool(AI_CONFIG_IMPORT_ABC_CHILD_MODELS, true);
    }

protected:
    void InternReadFile(const std::string &file, aiScene *scene, Assimp::IOSystem *io) override {
        const std::vector<uint8_t> bytes = assimp_retro::ReadWholeFile(io, file, "ABC");
        assimp_retro::abc::ImportLt2(bytes.data(), bytes.size(), file, io, mSettings, scene);
    }

private:
    assimp_retro::abc::Lt2ImportSettings mSettings;
};

} // namespace abcv9_test
