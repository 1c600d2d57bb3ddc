#include "P3dImporter.h"

#include "P3dReader.h"
#include "P3dSceneBuilder.h"
#include "P3dTextureLookup.h"

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

const aiImporterDesc kP3dDescription = {
        "Operation Flashpoint P3D Importer (ODOL v7, MLOD)",
        "assimp-retro",
        "",
        "Binarised ODOL v7 (Operation Flashpoint / Cold War Assault) and editable MLOD (SP3X, P3DM) models",
        aiImporterFlags_SupportBinaryFlavour,
        0,
        0,
        0,
        0,
        "p3d",
};

} // namespace

P3dImporter::P3dImporter() = default;
P3dImporter::~P3dImporter() = default;

bool P3dImporter::CanRead(const std::string &file, IOSystem *io, bool /*checkSig*/) const {
    // By content only: ".p3d" is not a promise (Arma's files share it).
    const std::vector<uint8_t> head = assimp_retro::ReadFileHead(io, file, 8);
    return assimp_retro::p3d::LooksLikeP3d(head.data(), head.size());
}

const aiImporterDesc *P3dImporter::GetInfo() const {
    return &kP3dDescription;
}

void P3dImporter::SetupProperties(const Importer *importer) {
    mLods = importer->GetPropertyInteger(AI_CONFIG_IMPORT_P3D_LODS, 0);
    mTextures = assimp_retro::ReadTextureOptions(importer);
    mUnitsToMetres = importer->GetPropertyBool(AI_CONFIG_IMPORT_RETRO_UNITS_TO_METRES, true);
    mMapFiles = importer->GetPropertyBool(AI_CONFIG_IMPORT_RETRO_MAP_FILES, true);
    mAnimations = assimp_retro::ReadAnimationOptions(importer);
}

void P3dImporter::InternReadFile(const std::string &file, aiScene *scene, IOSystem *io) {
    assimp_retro::FileBytes bytes =
            assimp_retro::ReadOrMapWholeFile(io, file, "P3D", assimp_retro::kMaxInputFileBytes, mMapFiles);
    const std::string name = assimp_retro::FileStem(file);
    // ReadP3d checks the signature again: Assimp skips CanRead when only one
    // importer claims the extension.
    assimp_retro::p3d::SceneOptions options;
    options.lods = mLods == 2 ? assimp_retro::p3d::LodSelection::All
            : mLods == 1      ? assimp_retro::p3d::LodSelection::AllVisual
                              : assimp_retro::p3d::LodSelection::FirstVisual;
    // Only the LODs the scene shows are decoded (the others are walked and
    // checked, their checksums unverified); LODS = 2 decodes and verifies all.
    assimp_retro::p3d::LodChooser choose;
    if (options.lods != assimp_retro::p3d::LodSelection::All) {
        choose = [&options](
                         const assimp_retro::p3d::Model &m) { return assimp_retro::p3d::ChooseLods(m, options.lods); };
    }
    const assimp_retro::p3d::Model model = assimp_retro::p3d::ReadP3d(bytes.data(), bytes.size(), name, choose);
    bytes.Release(); // the model holds all it needs: free the file before the scene grows
    options.rootName = name.empty() ? std::string("P3D") : name;
    options.fileName = name; // as the reader names it in its errors
    options.animations = mAnimations;
    assimp_retro::p3d::BuildScene(model, options, scene);
    if (mTextures.enabled) {
        const auto textures = assimp_retro::LocateP3dTextures(*scene, io, file, mTextures);
        assimp_retro::ApplyMaterialTextures(*scene, textures, io, mTextures, "P3D");
    }
    assimp_retro::RepairSceneNormals(*scene, "P3D: " + file);
    // Metres; the source format before Assimp adds it unsafely (SceneUnits.h).
    assimp_retro::ApplyUnitsAndSourceFormat(*scene, 100.0, mUnitsToMetres, assimp_retro::PositionKeys::InFileUnits,
            kP3dDescription.mName);
}

} // namespace Assimp
