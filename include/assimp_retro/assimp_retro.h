// assimp-retro public API: registering the importers with an Assimp::Importer.
//
//   Assimp::Importer importer;
//   assimp_retro::RegisterAll(importer);
//   const aiScene *scene = importer.ReadFile("door.oni", aiProcess_ValidateDataStructure);
//
// Each call creates new importer objects and hands them to the Importer, which
// owns and deletes them (Importer::RegisterLoader). Register once per Importer.
//
// The plugin's importers are the ones used: when libassimp itself holds
// importers of ours (a patched Assimp built by port/), registering a format
// first takes libassimp's copy of it out of the Importer (and deletes it), so
// the plugin's code and properties serve the format whatever Assimp is
// installed. Servers() tells which copy serves each extension.
//
// The exporters back to the game formats register on an Assimp::Exporter:
//
//   Assimp::Exporter exporter;
//   assimp_retro::RegisterExporters(exporter);
//   exporter.Export(scene, "abc6", "door.abc");
//
// or, for a scene that may hold nested metadata (a glTF's node extras, which
// Assimp 5.2.5's Exporter::Export aborts copying), through ExportGameModel.
#pragma once

#include <assimp_retro/config.h>

#include <string>
#include <vector>

struct aiScene;

namespace Assimp {
class Importer;
class Exporter;
class ExportProperties;
} // namespace Assimp

namespace assimp_retro {

/// The library's version, "major.minor.patch".
const char *Version();

/// Registers every importer this build contains, each in place of
/// libassimp's built-in copy of that format if it has one. Returns how many.
unsigned RegisterAll(Assimp::Importer &importer);

/// One format each (libassimp's built-in copy of that format set aside, as
/// in RegisterAll). Each returns false (and registers nothing) if this build
/// was configured without that format.
bool RegisterOban(Assimp::Importer &importer); ///< Oni OBAN: .oni, level .dat
bool RegisterAbc(Assimp::Importer &importer); ///< LithTech ABC: .abc
bool RegisterP3d(Assimp::Importer &importer); ///< Operation Flashpoint P3D: .p3d
bool RegisterLtb(Assimp::Importer &importer); ///< LithTech LTB: .ltb (false in builds without liblzma)

/// Takes libassimp's built-in copies of this build's formats out of
/// `importer` and deletes them, registering nothing (RegisterAll does this
/// first). For a program that registers an importer of its own for one of
/// these extensions. Returns how many were taken out (0 on Debian's Assimp).
unsigned UnregisterBuiltIn(Assimp::Importer &importer);

/// Registers every exporter this build contains on `exporter`. An exporter
/// already there with the same id (one compiled into a patched libassimp,
/// port/) is unregistered first, so that this library's exporter is the one
/// used whichever Assimp the program runs with. Returns how many.
unsigned RegisterExporters(Assimp::Exporter &exporter);

/// The id of this library's exporter that serves an output named only by
/// its extension (e.g. "abc"), for `scene`: several share ".abc", so the
/// scene decides (an ABC v9-v13 source -> "abc12", anything else -> "abc6").
/// "" when none of this library's exporters writes that extension.
std::string ExporterForExtension(const aiScene &scene, const std::string &extension);

/// Whether `formatId` is one of this library's exporters back to a game
/// format ("abc6", "abc12", "p3d").
bool IsGameExporter(const std::string &formatId);

/// Writes `scene` with this library's exporter `formatId` exactly as
/// `exporter.Export(&scene, formatId, path, 0, properties)` does (the same
/// bytes, node and scene metadata included), also when the scene holds nested
/// metadata, which Assimp 5.2.5's scene copy aborts on: a nested entry reaches
/// the exporter flattened (its values as "outer.inner" keys), and each one
/// flattened is named in `notes`. `exporter` must have this library's
/// exporters registered (RegisterExporters). False on failure, the reason in
/// exporter.GetErrorString().
bool ExportGameModel(Assimp::Exporter &exporter, const aiScene &scene, const std::string &formatId,
        const std::string &path, const Assimp::ExportProperties *properties = nullptr,
        std::vector<std::string> *notes = nullptr);

/// Short names of the formats compiled in ("OBAN", "ABC", "P3D").
std::vector<std::string> Formats();

/// Which copy of an importer serves an extension in an Importer.
enum class ImporterCopy {
    Plugin, ///< this library's importer (after RegisterAll)
    BuiltIn, ///< an assimp-retro importer compiled into libassimp (port/)
    Other, ///< another Assimp importer claims the extension
    None, ///< nothing claims it
};

struct FormatServer {
    std::string format; ///< "OBAN", "ABC", "P3D"
    std::string extension; ///< "oni", "dat", "abc", "p3d"
    ImporterCopy copy = ImporterCopy::None;
    std::string importer; ///< the serving importer's aiImporterDesc::mName ("" for None)
};

/// For each extension of each format this build contains, the importer that
/// `importer` picks first for it (Importer::GetImporterIndex: Assimp reads a
/// file with the first importer that claims its extension). On a fresh
/// Importer, BuiltIn entries mean libassimp has the importers compiled in.
std::vector<FormatServer> Servers(const Assimp::Importer &importer);

} // namespace assimp_retro
