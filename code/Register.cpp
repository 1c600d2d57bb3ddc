// assimp-retro: registers the importers compiled into this library.
// Each format's sources.cmake defines ASSIMP_RETRO_HAS_<FORMAT>.
#include <assimp_retro/assimp_retro.h>

#include <assimp/Importer.hpp>

#ifdef ASSIMP_RETRO_HAS_OBAN
#include "AssetLib/Oni/ObanImporter.h"
#endif
#ifdef ASSIMP_RETRO_HAS_ABC
#include "AssetLib/LithTech/AbcImporter.h"
#endif
#ifdef ASSIMP_RETRO_HAS_P3D
#include "AssetLib/Poseidon/P3dImporter.h"
#endif

#ifndef ASSIMP_RETRO_VERSION
#define ASSIMP_RETRO_VERSION "0.0.0"
#endif

namespace assimp_retro {

const char *Version() {
    return ASSIMP_RETRO_VERSION;
}

bool RegisterOban(Assimp::Importer &importer) {
#ifdef ASSIMP_RETRO_HAS_OBAN
    return importer.RegisterLoader(new Assimp::ObanImporter()) == AI_SUCCESS;
#else
    (void)importer;
    return false;
#endif
}

bool RegisterAbc(Assimp::Importer &importer) {
#ifdef ASSIMP_RETRO_HAS_ABC
    return importer.RegisterLoader(new Assimp::AbcImporter()) == AI_SUCCESS;
#else
    (void)importer;
    return false;
#endif
}

bool RegisterP3d(Assimp::Importer &importer) {
#ifdef ASSIMP_RETRO_HAS_P3D
    return importer.RegisterLoader(new Assimp::P3dImporter()) == AI_SUCCESS;
#else
    (void)importer;
    return false;
#endif
}

unsigned RegisterAll(Assimp::Importer &importer) {
    unsigned count = 0;
    count += RegisterOban(importer) ? 1 : 0;
    count += RegisterAbc(importer) ? 1 : 0;
    count += RegisterP3d(importer) ? 1 : 0;
    return count;
}

std::vector<std::string> Formats() {
    std::vector<std::string> formats;
#ifdef ASSIMP_RETRO_HAS_OBAN
    formats.push_back("OBAN");
#endif
#ifdef ASSIMP_RETRO_HAS_ABC
    formats.push_back("ABC");
#endif
#ifdef ASSIMP_RETRO_HAS_P3D
    formats.push_back("P3D");
#endif
    return formats;
}

} // namespace assimp_retro
