// assimp-retro: Oni OBAN object animations (Oni, Bungie West 2001).
//
// Reads OBAN instances from OniSplit ".oni" files (VR32) and from the game's
// level instance files "levelN_Final.dat" (VR31), one animated node and one
// aiAnimation (60 ticks per second, one tick per game frame) per OBAN.
// Format: docs/formats/OBAN.md; properties: include/assimp_retro/config.h.
#pragma once

#include "ObanSceneBuilder.h"

#include <assimp/BaseImporter.h>

namespace Assimp {

class ObanImporter : public BaseImporter {
public:
    ObanImporter();
    ~ObanImporter() override;

    bool CanRead(const std::string &file, IOSystem *io, bool checkSig) const override;
    const aiImporterDesc *GetInfo() const override;
    void SetupProperties(const Importer *importer) override;

protected:
    void InternReadFile(const std::string &file, aiScene *scene, IOSystem *io) override;

private:
    assimp_retro::oni::ObanSceneOptions mOptions;
    bool mUnitsToMetres = true; ///< AI_CONFIG_IMPORT_RETRO_UNITS_TO_METRES
    float mMetresPerUnit = 0; ///< AI_CONFIG_IMPORT_RETRO_METRES_PER_UNIT (0: Oni's decimetre)
    bool mMapFiles = true; ///< AI_CONFIG_IMPORT_RETRO_MAP_FILES
};

} // namespace Assimp
