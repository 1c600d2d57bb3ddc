// assimp-retro: registers the importers compiled into this library.
// Each format's sources.cmake defines ASSIMP_RETRO_HAS_<FORMAT>.
//
// A patched libassimp (port/) holds importers of ours too, compiled in. Assimp
// reads a file with the first importer that claims it, and the built-in ones
// come first, so registering behind them would leave ours unused. Registering
// a format therefore first takes out (and deletes) libassimp's own importer of
// it, recognised by its aiImporterDesc: author "assimp-retro" (every version
// has written it there) and an extension our importer claims. Ours are told
// apart by their description's address, which lives in this library.
#include <assimp_retro/assimp_retro.h>

#include "Export/ExportSceneView.h"

#include <assimp/BaseImporter.h>
#include <assimp/Exporter.hpp>
#include <assimp/Importer.hpp>
#include <assimp/importerdesc.h>

#include <memory>
#include <set>
#include <sstream>

#include <cctype>

#ifdef ASSIMP_RETRO_HAS_OBAN
#include "AssetLib/Oni/ObanImporter.h"
#endif
#ifdef ASSIMP_RETRO_HAS_ABC
#include "AssetLib/LithTech/AbcExporter.h"
#include "AssetLib/LithTech/AbcImporter.h"
#endif
#ifdef ASSIMP_RETRO_HAS_LTB
#include "AssetLib/LithTech/LtbExporter.h"
#include "AssetLib/LithTech/LtbImporter.h"
#endif
#ifdef ASSIMP_RETRO_HAS_P3D
#include "AssetLib/Poseidon/P3dExporter.h"
#include "AssetLib/Poseidon/P3dImporter.h"
#endif

#ifndef ASSIMP_RETRO_VERSION
#define ASSIMP_RETRO_VERSION "0.0.0"
#endif

namespace assimp_retro {

namespace {

const char *const kAuthor = "assimp-retro";

std::set<std::string> Extensions(const aiImporterDesc &desc) {
    std::set<std::string> extensions;
    std::istringstream list(desc.mFileExtensions ? desc.mFileExtensions : "");
    std::string extension;
    while (list >> extension) {
        extensions.insert(extension);
    }
    return extensions;
}

bool IsOurs(const aiImporterDesc *desc) {
    return desc != nullptr && desc->mAuthor != nullptr && std::string(desc->mAuthor) == kAuthor;
}

/// Takes out of `importer` and deletes every importer of ours that is not
/// `mine` and claims one of `mine`'s extensions. Returns how many.
unsigned SetAsideBuiltIn(Assimp::Importer &importer, const aiImporterDesc &mine) {
    const std::set<std::string> claimed = Extensions(mine);
    unsigned count = 0;
    for (size_t i = importer.GetImporterCount(); i-- > 0;) {
        const aiImporterDesc *desc = importer.GetImporterInfo(i);
        if (desc == &mine || !IsOurs(desc)) {
            continue;
        }
        bool overlaps = false;
        for (const std::string &extension : Extensions(*desc)) {
            overlaps |= claimed.count(extension) != 0;
        }
        if (!overlaps) {
            continue;
        }
        // UnregisterLoader hands the object back (5.2.5 and main alike); its
        // virtual destructor lives in libassimp, which allocated it.
        std::unique_ptr<Assimp::BaseImporter> builtIn(importer.GetImporter(i));
        if (importer.UnregisterLoader(builtIn.get()) == AI_SUCCESS) {
            ++count;
        } else {
            builtIn.release();
        }
    }
    return count;
}

template <class ImporterType>
bool RegisterFirst(Assimp::Importer &importer) {
    std::unique_ptr<Assimp::BaseImporter> mine(new ImporterType());
    SetAsideBuiltIn(importer, *mine->GetInfo());
    if (importer.RegisterLoader(mine.get()) != AI_SUCCESS) {
        return false;
    }
    mine.release(); // the Importer owns it now
    return true;
}

/// Our format's own description (this library's copy; the address is static).
template <class ImporterType>
const aiImporterDesc *DescriptionOf() {
    const ImporterType importer;
    return static_cast<const Assimp::BaseImporter &>(importer).GetInfo(); // public there
}

struct FormatEntry {
    const char *name;
    const aiImporterDesc *desc;
};

std::vector<FormatEntry> FormatEntries() {
    std::vector<FormatEntry> entries;
#ifdef ASSIMP_RETRO_HAS_OBAN
    entries.push_back({"OBAN", DescriptionOf<Assimp::ObanImporter>()});
#endif
#ifdef ASSIMP_RETRO_HAS_ABC
    entries.push_back({"ABC", DescriptionOf<Assimp::AbcImporter>()});
#endif
#ifdef ASSIMP_RETRO_HAS_P3D
    entries.push_back({"P3D", DescriptionOf<Assimp::P3dImporter>()});
#endif
#ifdef ASSIMP_RETRO_HAS_LTB
    entries.push_back({"LTB", DescriptionOf<Assimp::LtbImporter>()});
#endif
    return entries;
}

} // namespace

const char *Version() {
    return ASSIMP_RETRO_VERSION;
}

bool RegisterOban(Assimp::Importer &importer) {
#ifdef ASSIMP_RETRO_HAS_OBAN
    return RegisterFirst<Assimp::ObanImporter>(importer);
#else
    (void)importer;
    return false;
#endif
}

bool RegisterAbc(Assimp::Importer &importer) {
#ifdef ASSIMP_RETRO_HAS_ABC
    return RegisterFirst<Assimp::AbcImporter>(importer);
#else
    (void)importer;
    return false;
#endif
}

bool RegisterP3d(Assimp::Importer &importer) {
#ifdef ASSIMP_RETRO_HAS_P3D
    return RegisterFirst<Assimp::P3dImporter>(importer);
#else
    (void)importer;
    return false;
#endif
}

bool RegisterLtb(Assimp::Importer &importer) {
#ifdef ASSIMP_RETRO_HAS_LTB
    return RegisterFirst<Assimp::LtbImporter>(importer);
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
    count += RegisterLtb(importer) ? 1 : 0;
    return count;
}

unsigned UnregisterBuiltIn(Assimp::Importer &importer) {
    unsigned count = 0;
    for (const FormatEntry &entry : FormatEntries()) {
        count += SetAsideBuiltIn(importer, *entry.desc);
    }
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
#ifdef ASSIMP_RETRO_HAS_LTB
    entries.push_back(ltb::LtbExportEntry()); // "ltb": CrossFire's model format
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

bool IsGameExporter(const std::string &formatId) {
    for (const Assimp::Exporter::ExportFormatEntry &entry : ExporterEntries()) {
        if (formatId == entry.mDescription.id) {
            return true;
        }
    }
    return false;
}

bool ExportGameModel(Assimp::Exporter &exporter, const aiScene &scene, const std::string &formatId,
        const std::string &path, const Assimp::ExportProperties *properties, std::vector<std::string> *notes) {
    // Exporter::Export copies the scene it is given; the view's metadata is
    // flat, so the copy keeps every entry instead of aborting.
    const ExportSceneView view(scene, true, ViewMetadata::KeepFlat, notes);
    return exporter.Export(view.scene, formatId, path, 0u, properties) == aiReturn_SUCCESS;
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
    for (const FormatEntry &entry : FormatEntries()) {
        formats.push_back(entry.name);
    }
    return formats;
}

std::vector<FormatServer> Servers(const Assimp::Importer &importer) {
    std::vector<FormatServer> servers;
    for (const FormatEntry &entry : FormatEntries()) {
        for (const std::string &extension : Extensions(*entry.desc)) {
            FormatServer server;
            server.format = entry.name;
            server.extension = extension;
            const size_t index = importer.GetImporterIndex(extension.c_str());
            const aiImporterDesc *desc = index == static_cast<size_t>(-1) ? nullptr : importer.GetImporterInfo(index);
            if (desc == nullptr) {
                server.copy = ImporterCopy::None;
            } else {
                server.importer = desc->mName ? desc->mName : "";
                server.copy = desc == entry.desc ? ImporterCopy::Plugin
                        : IsOurs(desc)           ? ImporterCopy::BuiltIn
                                                 : ImporterCopy::Other;
            }
            servers.push_back(server);
        }
    }
    return servers;
}

} // namespace assimp_retro
