// assimp-retro public API: registering the importers with an Assimp::Importer.
//
//   Assimp::Importer importer;
//   assimp_retro::RegisterAll(importer);
//   const aiScene *scene = importer.ReadFile("door.oni", aiProcess_ValidateDataStructure);
//
// Each call creates new importer objects and hands them to the Importer, which
// owns and deletes them (Importer::RegisterLoader). Register once per Importer.
//
// The exporters back to the game formats register on an Assimp::Exporter:
//
//   Assimp::Exporter exporter;
//   assimp_retro::RegisterExporters(exporter);
//   exporter.Export(scene, "abc6", "door.abc");
#pragma once

#include <assimp_retro/config.h>

#include <string>
#include <vector>

namespace Assimp {
class Importer;
class Exporter;
}

namespace assimp_retro {

/// The library's version, "major.minor.patch".
const char *Version();

/// Registers every importer this build contains. Returns how many.
unsigned RegisterAll(Assimp::Importer &importer);

/// One format each. Each returns false (and registers nothing) if this build
/// was configured without that format.
bool RegisterOban(Assimp::Importer &importer); ///< Oni OBAN: .oni, level .dat
bool RegisterAbc(Assimp::Importer &importer);  ///< LithTech ABC: .abc
bool RegisterP3d(Assimp::Importer &importer);  ///< Operation Flashpoint P3D: .p3d

/// Registers every exporter this build contains on `exporter`. An exporter
/// already there with the same id (one compiled into a patched libassimp,
/// port/) is unregistered first, so that this library's exporter is the one
/// used whichever Assimp the program runs with. Returns how many.
unsigned RegisterExporters(Assimp::Exporter &exporter);

/// Short names of the formats compiled in ("OBAN", "ABC", "P3D").
std::vector<std::string> Formats();

} // namespace assimp_retro
