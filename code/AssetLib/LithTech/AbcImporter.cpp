#include "AbcImporter.h"

#include <algorithm>

#include "AbcLt1Import.h"
#include "AbcLt1Reader.h" // IsLt1
#include "AbcLt2Import.h"
#include "AbcLt2Reader.h" // LooksLikeLt2
#include "AbcSkinLookup.h"
#include "Common/FileBuffer.h"
#include "Common/ImportError.h"
#include "Common/NormalRepair.h"
#include "Common/SceneHelpers.h"
#include "Common/SceneUnits.h"

#include <assimp_retro/config.h>

#include <assimp/Importer.hpp>
#include <assimp/importerdesc.h>
#include <assimp/scene.h>

namespace Assimp {

namespace {

const aiImporterDesc kAbcDescription = {
        "LithTech ABC Importer (assimp-retro)",
        "assimp-retro",
        "",
        "ABC v6 (Shogo, Blood 2, KISS Psycho Circus) and v9-v13, v108 (NOLF, AVP2, ...); recognised by content, not "
        "extension",
        aiImporterFlags_SupportBinaryFlavour,
        0,
        0,
        0,
        0,
        "abc",
};

/// The engine generation a file belongs to (docs/formats/ABC.md "Names in the code").
enum class AbcKind { None, Lt1, Lt2 };

/// Enough of the file to tell: the "Header" section's start (u16 name length,
/// "Header", u32 next-section offset), then either the v6 file token (u16
/// length + 28 characters) or a u32 version.
constexpr size_t kHeaderSectionStart = 2 + 6 + 4;
constexpr size_t kV6TokenBytes = 2 + 28; // u16 length + "MonolithExport Model File v6"
constexpr size_t kDetectBytes = kHeaderSectionStart + kV6TokenBytes;

AbcKind Detect(const uint8_t *data, size_t size) {
    if (assimp_retro::abc::IsLt1(data, size)) {
        return AbcKind::Lt1;
    }
    return assimp_retro::abc::lt2::LooksLikeLt2(data, size) ? AbcKind::Lt2 : AbcKind::None;
}

} // namespace

AbcImporter::AbcImporter() = default;
AbcImporter::~AbcImporter() = default;

bool AbcImporter::CanRead(const std::string &pFile, IOSystem *pIOHandler, bool) const {
    const std::vector<uint8_t> head = assimp_retro::ReadFileHead(pIOHandler, pFile, kDetectBytes);
    return !head.empty() && Detect(head.data(), head.size()) != AbcKind::None;
}

const aiImporterDesc *AbcImporter::GetInfo() const {
    return &kAbcDescription;
}

void AbcImporter::SetupProperties(const Importer *pImp) {
    mLt1Settings.vertexAnimation = pImp->GetPropertyBool(AI_CONFIG_IMPORT_ABC_VERTEX_ANIMATION, true);
    const int levels = pImp->GetPropertyInteger(AI_CONFIG_IMPORT_ABC_LOD_LEVELS, 0);
    // Each level copies the whole mesh: more than 32 levels is never useful.
    mLt1Settings.lodLevels = levels > 0 ? std::min(unsigned(levels), 32u) : 0u;
    mLt2Settings.allLods = pImp->GetPropertyBool(AI_CONFIG_IMPORT_ABC_ALL_LODS, false);
    mLt2Settings.childModels = pImp->GetPropertyBool(AI_CONFIG_IMPORT_ABC_CHILD_MODELS, true);
    mLt1Settings.animations = mLt2Settings.animations = assimp_retro::ReadAnimationOptions(pImp);
    mTextures = assimp_retro::ReadTextureOptions(pImp);
    mUnitsToMetres = pImp->GetPropertyBool(AI_CONFIG_IMPORT_RETRO_UNITS_TO_METRES, true);
    mMetresPerUnit = pImp->GetPropertyFloat(AI_CONFIG_IMPORT_RETRO_METRES_PER_UNIT, 0.0f);
    mMapFiles = pImp->GetPropertyBool(AI_CONFIG_IMPORT_RETRO_MAP_FILES, true);
}

void AbcImporter::InternReadFile(const std::string &pFile, aiScene *pScene, IOSystem *pIOHandler) {
    assimp_retro::PositionKeys positionKeys = assimp_retro::PositionKeys::InFileUnits;
    assimp_retro::FileBytes data =
            assimp_retro::ReadOrMapWholeFile(pIOHandler, pFile, "ABC", assimp_retro::kMaxInputFileBytes, mMapFiles);
    const AbcKind kind = Detect(data.data(), data.size());
    const double centimetresPerUnit = assimp_retro::CentimetresPerUnit(mMetresPerUnit,
            kind == AbcKind::Lt1 ? assimp_retro::abc::kLt1CentimetresPerUnit
                                 : assimp_retro::abc::kLt2CentimetresPerUnit,
            "ABC");
    switch (kind) {
    case AbcKind::Lt1: {
        assimp_retro::abc::Lt1BuildSettings settings = mLt1Settings;
        // The builder converts the position keys as it writes them.
        settings.positionKeyScale = assimp_retro::SceneUnitScale(centimetresPerUnit, mUnitsToMetres);
        positionKeys = assimp_retro::PositionKeys::AlreadyScaled;
        assimp_retro::abc::ImportLt1(data.data(), data.size(), pFile, settings, pScene);
        break;
    }
    case AbcKind::Lt2:
        assimp_retro::abc::ImportLt2(data.data(), data.size(), pFile, pIOHandler, mLt2Settings, pScene);
        break;
    default:
        throw assimp_retro::ImportError("ABC: " + pFile +
                ": not a LithTech ABC model (expected a 'Header' section with the v6 file token or version 9-13/108)");
    }
    // The scene holds nothing of the file's bytes: free them before the skins are decoded.
    data.Release();
    if (mTextures.enabled) {
        const auto skins = assimp_retro::LocateAbcSkins(*pScene, pIOHandler, pFile, mTextures);
        assimp_retro::ApplyMaterialTextures(*pScene, skins, pIOHandler, mTextures, "ABC");
    }
    assimp_retro::RepairSceneNormals(*pScene, "ABC: " + pFile);
    // The source format before Assimp adds it unsafely (SceneUnits.h).
    assimp_retro::ApplyUnitsAndSourceFormat(*pScene, centimetresPerUnit, mUnitsToMetres, positionKeys,
            kAbcDescription.mName);
}

} // namespace Assimp
