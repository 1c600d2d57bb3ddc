#include "AbcImporter.h"

#include <algorithm>

#include "AbcV6Reader.h"
#include "AbcV6SceneBuilder.h"
#include "AbcV9Import.h"
#include "AbcV9Reader.h"
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

const aiImporterDesc kDescription = {
    "LithTech ABC Importer (assimp-retro)",
    "assimp-retro",
    "",
    "ABC v6 (Shogo, Blood 2, KISS Psycho Circus) and v9-v13, v108 (NOLF, AVP2, ...); recognised by content, not extension",
    aiImporterFlags_SupportBinaryFlavour,
    0, 0, 0, 0,
    "abc",
};

enum class AbcKind { None, V6, V9 };

/// Enough of the file to tell: the "Header" section's start (u16 name length,
/// "Header", u32 next-section offset), then either the v6 file token (u16
/// length + 28 characters) or a u32 version.
constexpr size_t kHeaderSectionStart = 2 + 6 + 4;
constexpr size_t kV6TokenBytes = 2 + 28; // u16 length + "MonolithExport Model File v6"
constexpr size_t kDetectBytes = kHeaderSectionStart + kV6TokenBytes;

AbcKind Detect(const uint8_t *data, size_t size) {
    if (assimp_retro::abc::IsV6(data, size)) {
        return AbcKind::V6;
    }
    return assimp_retro::abc::v9::LooksLikeV9(data, size) ? AbcKind::V9 : AbcKind::None;
}

} // namespace

AbcImporter::AbcImporter() = default;
AbcImporter::~AbcImporter() = default;

bool AbcImporter::CanRead(const std::string &pFile, IOSystem *pIOHandler, bool) const {
    const std::vector<uint8_t> head = assimp_retro::ReadFileHead(pIOHandler, pFile, kDetectBytes);
    return !head.empty() && Detect(head.data(), head.size()) != AbcKind::None;
}

const aiImporterDesc *AbcImporter::GetInfo() const {
    return &kDescription;
}

void AbcImporter::SetupProperties(const Importer *pImp) {
    mV6Settings.vertexAnimation = pImp->GetPropertyBool(AI_CONFIG_IMPORT_ABC_VERTEX_ANIMATION, true);
    const int levels = pImp->GetPropertyInteger(AI_CONFIG_IMPORT_ABC_LOD_LEVELS, 0);
    // Each level copies the whole mesh: more than 32 levels is never useful.
    mV6Settings.lodLevels = levels > 0 ? std::min(unsigned(levels), 32u) : 0u;
    mV9Settings.allLods = pImp->GetPropertyBool(AI_CONFIG_IMPORT_ABC_ALL_LODS, false);
    mV9Settings.childModels = pImp->GetPropertyBool(AI_CONFIG_IMPORT_ABC_CHILD_MODELS, true);
    mTextures = assimp_retro::ReadTextureOptions(pImp);
    mUnitsToMetres = pImp->GetPropertyBool(AI_CONFIG_IMPORT_RETRO_UNITS_TO_METRES, true);
    mMapFiles = pImp->GetPropertyBool(AI_CONFIG_IMPORT_RETRO_MAP_FILES, true);
}

void AbcImporter::InternReadFile(const std::string &pFile, aiScene *pScene, IOSystem *pIOHandler) {
    constexpr double kCentimetresPerUnit = 1.0; // 1 unit = 1 cm (docs/outputs.md "Units")
    assimp_retro::PositionKeys positionKeys = assimp_retro::PositionKeys::InFileUnits;
    assimp_retro::FileBytes data =
            assimp_retro::ReadOrMapWholeFile(pIOHandler, pFile, "ABC", assimp_retro::kMaxInputFileBytes, mMapFiles);
    switch (Detect(data.data(), data.size())) {
    case AbcKind::V6: {
        // The model's keys and vertex frames are the file's bytes: the file
        // is freed once the builder has converted them.
        const assimp_retro::abc::V6Model model = assimp_retro::abc::ReadV6(data.data(), data.size(), pFile);
        assimp_retro::abc::V6BuildSettings settings = mV6Settings;
        settings.fileName = pFile;
        // The builder converts the position keys as it writes them.
        settings.positionKeyScale = assimp_retro::SceneUnitScale(kCentimetresPerUnit, mUnitsToMetres);
        positionKeys = assimp_retro::PositionKeys::AlreadyScaled;
        assimp_retro::abc::BuildV6Scene(model, settings, pScene);
        data.Release();
        break;
    }
    case AbcKind::V9:
        assimp_retro::abc::ImportV9(data.data(), data.size(), pFile, pIOHandler, mV9Settings, pScene);
        break;
    default:
        throw assimp_retro::ImportError("ABC: " + pFile +
                ": not a LithTech ABC model (expected a 'Header' section with the v6 file token or version 9-13/108)");
    }
    if (mTextures.enabled) {
        const auto skins = assimp_retro::LocateAbcSkins(*pScene, pIOHandler, pFile, mTextures);
        assimp_retro::ApplyMaterialTextures(*pScene, skins, pIOHandler, mTextures, "ABC");
    }
    assimp_retro::RepairSceneNormals(*pScene, "ABC: " + pFile);
    // The source format before Assimp adds it unsafely (SceneUnits.h).
    assimp_retro::ApplyUnitsAndSourceFormat(*pScene, kCentimetresPerUnit, mUnitsToMetres, positionKeys, kDescription.mName);
}

} // namespace Assimp
