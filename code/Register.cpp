// assimp-retro: registers the importers compiled into this library.
// Each format's sources.cmake defines ASSIMP_RETRO_HAS_<FORMAT>.
#include <assimp_retro/assimp_retro.h>

#include <assimp/Exporter.hpp>
#include <assimp/Importer.hpp>

#include <cctype>

#ifdef ASSIMP_RETRO_HAS_OBAN
#include "AssetLib/Oni/ObanImporter.h"
#endif
#ifdef ASSIMP_RETRO_HAS_ABC
#include "AssetLib/LithTech/AbcExporter.h"
#include "AssetLib/LithTech/AbcImporter.h"
#endif
#ifdef ASSIMP_RETRO_HAS_P3D
#include "AssetLib/Poseidon/P3dExporter.h"
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

namespace {

// The exporters of every format compiled in. Each format adds its entries
// here, under its ASSIMP_RETRO_HAS_<FORMAT>, as
// Assimp::Exporter::ExportFormatEntry(id, description, extension, function).
std::vector<Assimp::Exporter::ExportFormatEntry> ExporterEntries() {
    std::vector<Assimp::Exporter::ExportFormatEntry> entries;
#ifdef ASSIMP_RETRO_HAS_ABC
    // abc6 first: an output named only by its .abc extension gets ABC v6
    // (the tool picks abc12 for a scene imported from a v9-v13 file, AbcExporterFor).
    entries.push_back(abc::AbcV6ExportEntry());
    entries.push_back(abc::AbcV12ExportEntry());
#endif
#ifdef ASSIMP_RETRO_HAS_P3D
    entries.push_back(P3dExportFormat()); // "p3d": editable MLOD for Operation Flashpoint
#endif
    return entries;
}

} // namespace

unsigned RegisterExporters(Assimp::Exporter &exporter) {
    unsigned count = 0;
    for (const Assimp::Exporter::ExportFormatEntry &entry : ExporterEntries()) {
        // Assimp refuses a second exporter of the same id: the built-in one of
        // a patched libassimp goes first, so this library's is always used.
        exporter.UnregisterExporter(entry.mDescription.id);
        count += exporter.RegisterExporter(entry) == aiReturn_SUCCESS ? 1 : 0;
    }
    return count;
}

std::string ExporterForExtension(const aiScene &scene, const std::string &extension) {
    std::string ext = extension;
    for (char &c : ext) {
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    }
    if (!ext.empty() && ext[0] == '.') {
        ext.erase(0, 1);
    }
#ifdef ASSIMP_RETRO_HAS_ABC
    if (ext == "abc") {
        return abc::AbcExporterFor(scene);
    }
#endif
    (void)scene;
    return std::string();
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
