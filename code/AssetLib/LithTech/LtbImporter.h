// assimp-retro: LithTech LTB models (.ltb): the packed, render-ready models of
// NOLF2, Tron 2.0, Contract J.A.C.K. and CrossFire. PC (Direct3D) files of
// model versions 23-25, plain or LZMA-packed, recognised by content (the LZMA
// header and the LTB header inside), never by extension alone.
#pragma once

#include "AbcSettings.h"

#include "Common/Texture/TextureEmbedding.h"

#include <assimp/BaseImporter.h>

namespace Assimp {

class LtbImporter : public BaseImporter {
public:
    LtbImporter();
    ~LtbImporter() override;

    bool CanRead(const std::string &pFile, IOSystem *pIOHandler, bool checkSig) const override;
    const aiImporterDesc *GetInfo() const override;
    void SetupProperties(const Importer *pImp) override;

protected:
    void InternReadFile(const std::string &pFile, aiScene *pScene, IOSystem *pIOHandler) override;

private:
    assimp_retro::abc::Lt2ImportSettings mSettings;
    assimp_retro::TextureOptions mTextures; ///< the texture properties (ABC's skin lookup)
    bool mUnitsToMetres = true; ///< AI_CONFIG_IMPORT_RETRO_UNITS_TO_METRES
    float mMetresPerUnit = 0; ///< AI_CONFIG_IMPORT_RETRO_METRES_PER_UNIT (0: kLtbCentimetresPerUnit)
    bool mMapFiles = true; ///< AI_CONFIG_IMPORT_RETRO_MAP_FILES
    int mFaceFront = -1; ///< AI_CONFIG_IMPORT_LTB_FACE_FRONT (-1: by the file name, LtbFaceFront.h)
};

} // namespace Assimp
