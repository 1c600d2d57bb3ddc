#include "LtbImporter.h"

#include "AbcLt2SceneBuilder.h"
#include "AbcSkinLookup.h"
#include "LtbReader.h"
#include "LtbToAbcLt2.h"

#include "Common/FileBuffer.h"
#include "Common/NormalRepair.h"
#include "Common/SceneUnits.h"

#include <assimp_retro/config.h>

#include <assimp/Importer.hpp>
#include <assimp/importerdesc.h>
#include <assimp/scene.h>

namespace Assimp {

namespace {

const aiImporterDesc kDescription = {
        "LithTech LTB Importer (assimp-retro)",
        "assimp-retro",
        "",
        "PC (Direct3D) LTB, model versions 23-25, plain or LZMA-packed (NOLF2, Tron 2.0, CrossFire); recognised by "
        "content",
        aiImporterFlags_SupportBinaryFlavour | aiImporterFlags_SupportCompressedFlavour,
        0,
        0,
        0,
        0,
        "ltb",
};

} // namespace

LtbImporter::LtbImporter() = default;
LtbImporter::~LtbImporter() = default;

bool LtbImporter::CanRead(const std::string &pFile, IOSystem *pIOHandler, bool) const {
    const std::vector<uint8_t> head = assimp_retro::ReadFileHead(pIOHandler, pFile, assimp_retro::ltb::kDetectBytes);
    return !head.empty() && assimp_retro::ltb::LooksLikeLtb(head.data(), head.size());
}

const aiImporterDesc *LtbImporter::GetInfo() const {
    return &kDescription;
}

void LtbImporter::SetupProperties(const Importer *pImp) {
    mSettings.allLods = pImp->GetPropertyBool(AI_CONFIG_IMPORT_ABC_ALL_LODS, false);
    mSettings.childModels = false; // LTB child models are not looked up (docs/formats/LTB.md)
    mTextures = assimp_retro::ReadTextureOptions(pImp);
    mUnitsToMetres = pImp->GetPropertyBool(AI_CONFIG_IMPORT_RETRO_UNITS_TO_METRES, true);
    mMetresPerUnit = pImp->GetPropertyFloat(AI_CONFIG_IMPORT_RETRO_METRES_PER_UNIT, 0.0f);
    mMapFiles = pImp->GetPropertyBool(AI_CONFIG_IMPORT_RETRO_MAP_FILES, true);
    mFaceFront = pImp->GetPropertyBool(AI_CONFIG_IMPORT_LTB_FACE_FRONT, true);
}

void LtbImporter::InternReadFile(const std::string &pFile, aiScene *pScene, IOSystem *pIOHandler) {
    const double centimetresPerUnit =
            assimp_retro::CentimetresPerUnit(mMetresPerUnit, assimp_retro::abc::kLtbCentimetresPerUnit, "LTB");
    {
        assimp_retro::FileBytes data =
                assimp_retro::ReadOrMapWholeFile(pIOHandler, pFile, "LTB", assimp_retro::kMaxInputFileBytes, mMapFiles);
        const assimp_retro::abc::lt2::Model model =
                assimp_retro::ltb::ToAbcLt2(assimp_retro::ltb::ReadModel(data.data(), data.size(), pFile));
        data.Release();
        assimp_retro::abc::lt2::BuildScene(model, {}, mSettings, pFile, pScene, "LTB");
    }
    if (mFaceFront) {
        // Half a turn about +Y, exactly (no rounding of pi): x and z negated.
        const aiMatrix4x4 halfTurn(-1.f, 0.f, 0.f, 0.f, 0.f, 1.f, 0.f, 0.f, 0.f, 0.f, -1.f, 0.f, 0.f, 0.f, 0.f, 1.f);
        pScene->mRootNode->mTransformation = halfTurn * pScene->mRootNode->mTransformation;
    }
    if (mTextures.enabled) {
        const auto skins = assimp_retro::LocateAbcSkins(*pScene, pIOHandler, pFile, mTextures);
        assimp_retro::ApplyMaterialTextures(*pScene, skins, pIOHandler, mTextures, "LTB");
    }
    assimp_retro::RepairSceneNormals(*pScene, "LTB: " + pFile);
    assimp_retro::ApplyUnitsAndSourceFormat(*pScene, centimetresPerUnit, mUnitsToMetres,
            assimp_retro::PositionKeys::InFileUnits, kDescription.mName);
}

} // namespace Assimp
