// assimp-retro: the stock `assimp` command line tool's verbs with the
// assimp-retro importers (LithTech ABC, Oni OBAN, OFP P3D) registered.
#include "Tool.h"

#include <assimp_retro/assimp_retro.h>

#include <assimp/Exporter.hpp>
#include <assimp/Importer.hpp>
#include <assimp/version.h>

#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace {

/// Assimp's glTF2 exporter (5.2.5 and main) grows its binary buffer to the
/// exact new size on every append, copying the whole buffer each time
/// (glTF2::Buffer::Grow; port/patches fixes that in the library). With
/// glibc's defaults every such buffer above the mmap threshold is a fresh
/// mapping whose pages the copy first faults in and the kernel zeroes: half of
/// a GLB export's time on Debian's Assimp (docs/gltf-export.md). Served from
/// the heap instead, the pages of the freed buffers are reused. Up to 32 MiB
/// (glibc's largest threshold); the heap keeps up to 64 MiB of freed memory.
void KeepLargeBlocksInHeap() {
#if defined(__GLIBC__)
    mallopt(M_MMAP_THRESHOLD, 32 << 20);
    mallopt(M_TRIM_THRESHOLD, 64 << 20);
#endif
}

const char *const kHelp = "assimp-retro <verb> <parameters>\n"
                          "\n"
                          " Assimp's command line tool with the assimp-retro importers (LithTech ABC\n"
                          " and LTB, Oni OBAN, Operation Flashpoint P3D) registered.\n"
                          "\n"
                          " verbs:\n"
                          " \tinfo       - Quick file stats (plus the importer's metadata)\n"
                          " \tlistext    - List all known file extensions available for import\n"
                          " \texport     - Export a file to one of the supported output formats,\n"
                          " \t             or a whole folder with --recursive\n"
                          " \tlistexport - List all supported export formats\n"
                          " \ttexture    - Decode a game texture (.paa/.pac/.dtx) to PNG, or a folder\n"
                          " \t             of them with --recursive\n"
                          " \tthumbnail  - Draw a model or a game texture as a small PNG (no GPU)\n"
                          " \tview       - Serve a batch's gallery on 127.0.0.1 with a 3D viewer\n"
                          " \tversion    - Display assimp-retro's and Assimp's versions\n"
                          " \thelp       - This text\n"
                          "\n"
                          " examples:\n"
                          " \tassimp-retro export model.abc model.glb -vds -l\n"
                          " \tassimp-retro export --recursive GameData/ out/ -f glb -j 4\n"
                          " \tassimp-retro info model.p3d -v\n"
                          " \tassimp-retro texture SKINS/BATWING.DTX batwing.png\n"
                          "\n"
                          " Exit codes: 0 success, 1 bad arguments, 2 unknown verb, 3 import failed,\n"
                          " 4 export failed (or unknown format), 5 glTF completion failed,\n"
                          " 6 batch: at least one file failed. Errors are printed on stderr.\n"
                          "\n"
                          " Use 'assimp-retro <verb> --help' for detailed help on a command.\n";

int PrintVersion() {
    const unsigned flags = aiGetCompileFlags();
    std::printf("assimp-retro %s\n", assimp_retro::Version());
    std::string formats;
    for (const std::string &format : assimp_retro::Formats()) {
        formats += (formats.empty() ? "" : ", ") + format;
    }
    std::printf("importers: %s\n", formats.empty() ? "(none)" : formats.c_str());
    std::printf("Assimp %u.%u.%u %s%s%s(GIT commit %x)\n", aiGetVersionMajor(), aiGetVersionMinor(),
            aiGetVersionPatch(), (flags & ASSIMP_CFLAGS_DEBUG) ? "-debug " : "",
            (flags & ASSIMP_CFLAGS_SHARED) ? "-shared " : "", (flags & ASSIMP_CFLAGS_SINGLETHREADED) ? "-st " : "",
            aiGetVersionRevision());
    // Per extension: which copy serves it, and whether libassimp has its own.
    Assimp::Importer before;
    const std::vector<assimp_retro::FormatServer> builtIn = assimp_retro::Servers(before);
    Assimp::Importer importer;
    assimp_retro::RegisterAll(importer);
    const std::vector<assimp_retro::FormatServer> servers = assimp_retro::Servers(importer);
    for (size_t i = 0; i < servers.size(); ++i) {
        const assimp_retro::FormatServer &server = servers[i];
        std::string copy;
        switch (server.copy) {
        case assimp_retro::ImporterCopy::Plugin:
            copy = std::string("plugin (assimp-retro ") + assimp_retro::Version() + ")";
            break;
        case assimp_retro::ImporterCopy::BuiltIn:
            copy = "built-in (libassimp)";
            break;
        case assimp_retro::ImporterCopy::Other:
            copy = "another importer";
            break;
        case assimp_retro::ImporterCopy::None:
            copy = "none";
            break;
        }
        const bool hadBuiltIn = i < builtIn.size() && builtIn[i].copy == assimp_retro::ImporterCopy::BuiltIn;
        std::printf(".%s (%s): %s, %s; libassimp's own copy: %s\n", server.extension.c_str(), server.format.c_str(),
                copy.c_str(), server.importer.empty() ? "-" : server.importer.c_str(),
                hadBuiltIn ? "set aside" : "none");
    }
    return retro_tool::kExitSuccess;
}

int ListExtensions() {
    Assimp::Importer importer;
    assimp_retro::RegisterAll(importer);
    aiString list;
    importer.GetExtensionList(list);
    std::printf("%s\n", list.C_Str());
    return retro_tool::kExitSuccess;
}

int ListExportFormats() {
    Assimp::Exporter exporter;
    assimp_retro::RegisterExporters(exporter);
    for (size_t i = 0, count = exporter.GetExportFormatCount(); i < count; ++i) {
        std::printf("%s\n", exporter.GetExportFormatDescription(i)->id);
    }
    return retro_tool::kExitSuccess;
}

} // namespace

int main(int argc, char *argv[]) {
    KeepLargeBlocksInHeap();
    const std::vector<std::string> arguments = retro_tool::Utf8Arguments(argc, argv);
    if (arguments.size() <= 1) {
        std::fprintf(stderr,
                "assimp-retro: no command specified. Use 'assimp-retro help' for a detailed command list\n");
        return retro_tool::kExitUsage;
    }
    const std::string verb = arguments[1];
    // "--set NAME=VALUE" becomes one argument "--set=NAME=VALUE" (and
    // "--animations P" "--animations=P"), so that no verb mistakes the value
    // for a file name.
    std::vector<std::string> args;
    for (size_t i = 2; i < arguments.size(); ++i) {
        if (arguments[i] == "--set" && i + 1 == arguments.size()) {
            std::fprintf(stderr, "assimp-retro: --set needs NAME=VALUE\n");
            return retro_tool::kExitUsage;
        }
        if (arguments[i] == "--animations" && i + 1 == arguments.size()) {
            std::fprintf(stderr, "assimp-retro: --animations needs PATTERN[,PATTERN...]\n");
            return retro_tool::kExitUsage;
        }
        if (arguments[i] == "--set" || arguments[i] == "--animations") {
            args.push_back(arguments[i] + "=" + arguments[i + 1]);
            ++i;
        } else {
            args.push_back(arguments[i]);
        }
    }

    if (verb == "help" || verb == "--help" || verb == "-h") {
        std::printf("%s", kHelp);
        return retro_tool::kExitSuccess;
    }
    if (verb == "version" || verb == "--version") {
        return PrintVersion();
    }
    if (verb == "listext") {
        return ListExtensions();
    }
    if (verb == "listexport") {
        return ListExportFormats();
    }
    if (verb == "export") {
        return retro_tool::RunExport(args);
    }
    if (verb == "texture") {
        return retro_tool::RunTexture(args);
    }
    if (verb == "view") {
        return retro_tool::RunView(args, arguments[0]);
    }
    if (verb == "thumbnail") {
        return retro_tool::RunThumbnail(args);
    }
    if (verb == "info") {
        return retro_tool::RunInfo(args);
    }
    std::fprintf(stderr,
            "assimp-retro: unrecognized command '%s'. Use 'assimp-retro help' for a detailed command list\n",
            verb.c_str());
    return retro_tool::kExitUnknownVerb;
}
