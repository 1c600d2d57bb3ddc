// assimp-retro tool: `export <model> [<out>] [-f<id>] [common parameters]`.
#include "Tool.h"

#include <assimp_retro/assimp_retro.h>

#include <assimp/Exporter.hpp>
#include <assimp/Importer.hpp>

#include <cstdio>
#include <filesystem>

namespace retro_tool {

const char *const kExportHelp =
        "assimp-retro export <model> [<out>] [-f<id>] [common parameters]\n"
        "assimp-retro export --recursive <in-dir> <out-dir> [-f<id>] [-j N] [common parameters]\n"
        "\tConvert a model (or every recognised model under a folder) to another format.\n"
        "\t-f<id>, -f <id>, --format=<id>  output format: an exporter id from 'assimp-retro listexport'\n"
        "\t\t(gltf2, glb2, obj, collada, ...) or a file extension. 'glb' means glb2 and\n"
        "\t\t'gltf' means gltf2; the glTF 1 exporters are 'glb1'/'gltf1'. Without -f the\n"
        "\t\tformat comes from <out>'s extension as in assimp (.glb -> glb2, .gltf -> gltf2).\n"
        "\t\tWithout <out> the output is <model> with the format's extension.\n"
        "\t--recursive  batch mode: convert every file under <in-dir> whose extension an\n"
        "\t\timporter knows (see listext) into <out-dir>, mirroring the folders; the output\n"
        "\t\tname is the input name with the format's extension (default format glb2).\n"
        "\t\tOther files are skipped. A file that fails never stops the batch; a summary\n"
        "\t\tlists every failure with its reason.\n"
        "\t--split-animations  one file: write the model without animations to <out>, and\n"
        "\t\teach animation, with the whole model, to '<out stem>.<animation>.<out extension>'\n"
        "\t\tbeside it (the name made safe as a file name: <>:\"/\\|?* and control characters\n"
        "\t\tbecome _, a Windows device name gets a leading _, names equal ignoring case\n"
        "\t\tget ~2, ~3, ...). Refuses, writing nothing, when any of these files exists.\n"
        "\t-j N, -jN, --jobs=N  batch mode: N worker threads (default: number of CPUs;\n"
        "\t\tlog options -l/-v/-lo force 1 because Assimp's logger is process-wide)\n"
        "\tglTF output (gltf2/glb2):\n"
        "\t\t- aiProcess_LimitBoneWeights (-lbw) is added by default: glTF keeps 4 weights\n"
        "\t\t  per vertex and Assimp's exporter cuts extra weights without renormalising.\n"
        "\t\t  Not added with -ptv; switch off with --no-limit-bone-weights.\n"
        "\t\t- texture references that are not PNG/JPEG files (game formats such as .paa,\n"
        "\t\t  .dtx) are left out of the glTF; the original path is appended to the\n"
        "\t\t  material name in brackets. Backslashes in PNG/JPEG paths become '/'.\n"
        "\t\t- the written file is completed with what Assimp's exporter drops (cameras,\n"
        "\t\t  node metadata as extras, morph weight animations); -l/-v report it.\n"
        "\tNo validation unless -vds is given, as in assimp.\n";

namespace {

bool IsHelp(const std::string &arg) {
    return arg == "-h" || arg == "--help" || arg == "-?";
}

/// Sorts `args` into positional arguments (model, out), the -f format id and
/// the common parameters. False, with the message printed, when -f has no id.
bool SplitExportArguments(const std::vector<std::string> &args, std::vector<std::string> &positional,
        std::vector<std::string> &rest, std::string &formatName, bool &splitAnimations) {
    for (size_t i = 0; i < args.size(); ++i) {
        const std::string &arg = args[i];
        if (arg.size() > 1 && arg[0] == '-') {
            if (arg == "-f") {
                if (i + 1 >= args.size()) {
                    std::fprintf(stderr, "assimp-retro export: missing format id after -f\n");
                    return false;
                }
                formatName = args[++i];
            } else if (arg.compare(0, 9, "--format=") == 0) {
                formatName = arg.substr(9);
            } else if (arg == "--split-animations") {
                splitAnimations = true;
            } else if (arg.compare(0, 2, "-f") == 0 && !IsCommonParameter(arg)) {
                formatName = arg.substr(2);
            } else {
                rest.push_back(arg);
            }
        } else {
            positional.push_back(arg);
        }
    }
    return true;
}

/// The output format: the one -f names, else the one `output`'s extension
/// names. False, with the message printed, when there is none.
bool ChooseOutputFormat(Assimp::Exporter &exporter, const std::string &formatName, const std::string &output,
        OutputFormat &format) {
    if (!formatName.empty()) {
        if (!FindOutputFormat(exporter, formatName, format)) {
            std::fprintf(stderr, "assimp-retro export: unknown output format '%s' (see 'assimp-retro listexport')\n",
                    formatName.c_str());
            return false;
        }
    } else {
        const size_t slash = output.find_last_of("/\\");
        const size_t dot = output.find_last_of('.');
        const bool hasExtension = dot != std::string::npos && (slash == std::string::npos || dot > slash);
        if (!hasExtension || !FindOutputFormat(exporter, output.substr(dot + 1), format)) {
            std::fprintf(stderr,
                    "assimp-retro export: no output format specified and I failed to guess it "
                    "(use -f<id> or an output file extension such as .glb)\n");
            return false;
        }
    }
    return true;
}

} // namespace

int RunExport(const std::vector<std::string> &args) {
    if (args.empty()) {
        std::fprintf(stderr, "assimp-retro export: invalid number of arguments. See 'assimp-retro export --help'\n");
        return kExitUsage;
    }
    if (IsHelp(args[0])) {
        std::printf("%s\n%s", kExportHelp, CommonParametersHelp());
        return kExitSuccess;
    }
    for (const std::string &arg : args) {
        if (arg == "--recursive" || arg == "-R") {
            return RunBatch(args);
        }
    }

    std::vector<std::string> positional;
    std::vector<std::string> rest;
    std::string formatName;
    bool splitAnimations = false;
    if (!SplitExportArguments(args, positional, rest, formatName, splitAnimations)) {
        return kExitUsage;
    }
    if (positional.empty() || positional.size() > 2) {
        std::fprintf(stderr, "assimp-retro export: invalid number of arguments. See 'assimp-retro export --help'\n");
        return kExitUsage;
    }

    ImportOptions options;
    if (!ParseVerbParameters("export", rest, options)) {
        return kExitUsage;
    }
    options.splitAnimations = splitAnimations;

    const std::string input = positional[0];
    std::string output = positional.size() > 1 ? positional[1] : "";
    if (positional.size() > 1 && output.empty()) {
        std::fprintf(stderr, "assimp-retro export: the output file name is empty\n");
        return kExitUsage;
    }

    Assimp::Exporter exporter;
    assimp_retro::RegisterExporters(exporter);
    OutputFormat format;
    if (!ChooseOutputFormat(exporter, formatName, output, format)) {
        return kExitExportFailed;
    }
    if (output.empty()) {
        const size_t slash = input.find_last_of("/\\");
        const size_t dot = input.find_last_of('.');
        const bool hasExtension = dot != std::string::npos && (slash == std::string::npos || dot > slash);
        output = (hasExtension ? input.substr(0, dot) : input) + "." + format.extension;
    }
    {
        std::error_code ec;
        if (std::filesystem::equivalent(std::filesystem::u8path(input), std::filesystem::u8path(output), ec)) {
            std::fprintf(stderr, "assimp-retro export: the output file %s is the input file\n", output.c_str());
            return kExitUsage;
        }
        // Checked before the import: Assimp's exporters say only "unknown error".
        const std::filesystem::path folder = std::filesystem::u8path(output).parent_path();
        if (!folder.empty() && !std::filesystem::is_directory(folder, ec)) {
            std::fprintf(stderr, "assimp-retro export: cannot write %s: the folder %s does not exist\n", output.c_str(),
                    folder.u8string().c_str());
            return kExitExportFailed;
        }
    }
    std::printf("assimp-retro export: select file format: '%s' (%s)\n", format.id.c_str(), format.description.c_str());

    Assimp::Importer importer;
    importer.SetPropertyBool("GLOB_MEASURE_TIME", true);
    assimp_retro::RegisterAll(importer);

    StartLog(options);
    const ConversionResult result = ConvertFile(importer, exporter, input, output, format, options);
    StopLog(options);

    if (result.exitCode != kExitImportFailed && result.exitCode != kExitUsage) {
        std::printf("Importing file ...                   OK \n   import took approx. %.5f seconds\n",
                result.importSeconds);
    }
    if (options.showLog || options.verbose) {
        for (const std::string &note : result.notes) {
            std::printf("note: %s\n", note.c_str());
        }
    }
    if (!result.ok) {
        std::fflush(stdout);
        if (result.exitCode == kExitImportFailed) {
            std::fprintf(stderr, "assimp-retro export: failed to load file %s: %s\n", input.c_str(),
                    result.error.c_str());
        } else {
            std::fprintf(stderr, "assimp-retro export: %s: %s\n", output.c_str(), result.error.c_str());
        }
        return result.exitCode;
    }
    std::printf("Exporting file ...                   OK \n   export took approx. %.5f seconds\n",
            result.exportSeconds);
    std::printf("assimp-retro export: wrote output file: %s\n", output.c_str());
    return kExitSuccess;
}

} // namespace retro_tool
