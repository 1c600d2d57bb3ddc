// assimp-retro: LithTech ABC models (.abc), the Assimp importer: it reads the
// properties, picks the engine generation and calls its import, v6
// (LithTech 1.x: Shogo, Blood 2, KISS Psycho Circus) through abc::ImportLt1,
// v9-v13 and v108 (LithTech 2.x: NOLF, AVP2, ...) through abc::ImportLt2,
// then finds the skins, repairs normals and applies the units.
//
// `.abc` is also Alembic's extension, so files are recognised by content only:
// a "Header" section followed by the v6 file token or a known v9+ version.
#pragma once

#include "AbcSettings.h"

#include "Common/Texture/TextureEmbedding.h"

#include <assimp/BaseImporter.h>

namespace Assimp {

class AbcImporter : public BaseImporter {
public:
    AbcImporter();
    ~AbcImporter() override;

    bool CanRead(const std::string &pFile, IOSystem *pIOHandler, bool checkSig) const override;
    const aiImporterDesc *GetInfo() const override;
    void SetupProperties(const Importer *pImp) override;

protected:
    void InternReadFile(const std::string &pFile, aiScene *pScene, IOSystem *pIOHandler) override;

private:
    assimp_retro::abc::Lt1BuildSettings mLt1Settings;
    assimp_retro::abc::Lt2ImportSettings mLt2Settings;
    assimp_retro::TextureOptions mTextures; ///< the texture properties
    bool mUnitsToMetres = true; ///< AI_CONFIG_IMPORT_RETRO_UNITS_TO_METRES
    float mMetresPerUnit = 0; ///< AI_CONFIG_IMPORT_RETRO_METRES_PER_UNIT (0: the version family's default)
    bool mMapFiles = true; ///< AI_CONFIG_IMPORT_RETRO_MAP_FILES
};

} // namespace Assimp
