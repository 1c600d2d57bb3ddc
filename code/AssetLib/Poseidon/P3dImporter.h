// assimp-retro: Operation Flashpoint / Cold War Assault P3D importer
// (binarised ODOL v7 and editable MLOD). Thin glue: detect by content, read
// the properties, read the file, then reader -> format model -> scene builder.
#pragma once

#include "Common/AnimationOptions.h"
#include "Common/Texture/TextureEmbedding.h"

#include <assimp/BaseImporter.h>

namespace Assimp {

class P3dImporter : public BaseImporter {
public:
    P3dImporter();
    ~P3dImporter() override;

    bool CanRead(const std::string &file, IOSystem *io, bool checkSig) const override;
    void SetupProperties(const Importer *importer) override;

protected:
    const aiImporterDesc *GetInfo() const override;
    void InternReadFile(const std::string &file, aiScene *scene, IOSystem *io) override;

private:
    int mLods = 0; ///< AI_CONFIG_IMPORT_P3D_LODS
    assimp_retro::TextureOptions mTextures; ///< the texture properties
    bool mUnitsToMetres = true; ///< AI_CONFIG_IMPORT_RETRO_UNITS_TO_METRES
    bool mMapFiles = true; ///< AI_CONFIG_IMPORT_RETRO_MAP_FILES
    assimp_retro::AnimationOptions mAnimations; ///< the animation properties
};

} // namespace Assimp
