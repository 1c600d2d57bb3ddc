#include "LtbImporter.h"

#include "AbcLt2Import.h"
#include "AbcLt2SceneBuilder.h"
#include "AbcSkinLookup.h"
#include "LtbFaceFront.h"
#include "LtbReader.h"
#include "LtbToAbcLt2.h"

#include "Common/FileBuffer.h"
#include "Common/ImportError.h"
#include "Common/NormalRepair.h"
#include "Common/SceneHelpers.h"
#include "Common/SceneUnits.h"

#include <assimp_retro/config.h>

#include <assimp/DefaultLogger.hpp>
#include <assimp/Importer.hpp>
#include <assimp/importerdesc.h>
#include <assimp/scene.h>

#include <utility>


namespace Assimp {

namespace {

const aiImporterDesc kLtbDescription = {
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

using assimp_retro::abc::lt2::ChildAnimationSource;

/// The child models of an LTB: LTB files next to it, found as ABC's are, one
/// level deep as the engine loads them (docs/formats/LTB.md section 4).
std::vector<ChildAnimationSource> LoadChildModels(const assimp_retro::abc::lt2::Model &model, const std::string &fileName,
        IOSystem *io) {
    assimp_retro::abc::ChildModelFormat ltb;
    ltb.format = "LTB";
    ltb.extension = ".ltb";
    ltb.maxDepth = 1;
    ltb.fileKind = "an LTB file";
    ltb.depthRule = "which the engine refuses";
    ltb.read = [](const std::vector<uint8_t> &bytes, const std::string &file, assimp_retro::abc::lt2::Model &child) {
        assimp_retro::ltb::Model read = assimp_retro::ltb::ReadModel(bytes.data(), bytes.size(), file);
        read.pieces.clear(); // only its nodes and animations are used
        child = assimp_retro::ltb::ToAbcLt2(std::move(read));
        return true;
    };
    return assimp_retro::abc::LoadChildModels(model, fileName, io, ltb);
}

} // namespace

LtbImporter::LtbImporter() = default;
LtbImporter::~LtbImporter() = default;

bool LtbImporter::CanRead(const std::string &pFile, IOSystem *pIOHandler, bool) const {
    const std::vector<uint8_t> head = assimp_retro::ReadFileHead(pIOHandler, pFile, assimp_retro::ltb::kDetectBytes);
    return !head.empty() && assimp_retro::ltb::LooksLikeLtb(head.data(), head.size());
}

const aiImporterDesc *LtbImporter::GetInfo() const {
    return &kLtbDescription;
}

void LtbImporter::SetupProperties(const Importer *pImp) {
    mSettings.allLods = pImp->GetPropertyBool(AI_CONFIG_IMPORT_ABC_ALL_LODS, false);
    mSettings.childModels = pImp->GetPropertyBool(AI_CONFIG_IMPORT_ABC_CHILD_MODELS, true);
    mSettings.animations = assimp_retro::ReadAnimationOptions(pImp);
    mTextures = assimp_retro::ReadTextureOptions(pImp);
    mUnitsToMetres = pImp->GetPropertyBool(AI_CONFIG_IMPORT_RETRO_UNITS_TO_METRES, true);
    mMetresPerUnit = pImp->GetPropertyFloat(AI_CONFIG_IMPORT_RETRO_METRES_PER_UNIT, 0.0f);
    mMapFiles = pImp->GetPropertyBool(AI_CONFIG_IMPORT_RETRO_MAP_FILES, true);
    // An integer: set as a bool it is 0 or 1, unset kFaceFrontByName.
    mFaceFront = pImp->GetPropertyInteger(AI_CONFIG_IMPORT_LTB_FACE_FRONT, assimp_retro::ltb::kFaceFrontByName);
}

void LtbImporter::InternReadFile(const std::string &pFile, aiScene *pScene, IOSystem *pIOHandler) {
    const double centimetresPerUnit =
            assimp_retro::CentimetresPerUnit(mMetresPerUnit, assimp_retro::abc::kLtbCentimetresPerUnit, "LTB");
    {
        assimp_retro::FileBytes data =
                assimp_retro::ReadOrMapWholeFile(pIOHandler, pFile, "LTB", assimp_retro::kMaxInputFileBytes, mMapFiles);
        assimp_retro::ltb::Model ltb = assimp_retro::ltb::ReadModel(data.data(), data.size(), pFile);
        data.Release();
        assimp_retro::abc::lt2::Model model =
                assimp_retro::ltb::ToAbcLt2(std::move(ltb), assimp_retro::ltb::kMaxMorphVertices, mSettings.allLods);
        std::vector<ChildAnimationSource> children =
                mSettings.childModels ? LoadChildModels(model, pFile, pIOHandler) : std::vector<ChildAnimationSource>{};
        assimp_retro::abc::lt2::BuildScene(std::move(model), std::move(children), mSettings, pFile, pScene, "LTB");
    }
    if (assimp_retro::ltb::ShouldTurnHalfAboutY(mFaceFront, pFile)) {
        // Below the root, whose identity transform COLLADA and FBX need (LtbFaceFront.h).
        assimp_retro::ltb::TurnHalfAboutY(*pScene);
    } else if (mFaceFront == assimp_retro::ltb::kFaceFrontByName) {
        DefaultLogger::get()->info(("LTB: " + pFile +
                ": a player-view model by its name (PV-, PV_): not turned; it points +Z as the game's camera does "
                "(AI_CONFIG_IMPORT_LTB_FACE_FRONT)").c_str());
    }
    if (mTextures.enabled) {
        const auto skins = assimp_retro::LocateAbcSkins(*pScene, pIOHandler, pFile, mTextures);
        assimp_retro::ApplyMaterialTextures(*pScene, skins, pIOHandler, mTextures, "LTB");
    }
    assimp_retro::RepairSceneNormals(*pScene, "LTB: " + pFile);
    assimp_retro::ApplyUnitsAndSourceFormat(*pScene, centimetresPerUnit, mUnitsToMetres,
            assimp_retro::PositionKeys::InFileUnits, kLtbDescription.mName);
}

} // namespace Assimp
