// assimp-retro command line tool: declarations shared by the verbs.
//
// The tool mirrors the stock `assimp` tool (tools/assimp_cmd in Assimp) for the
// verbs export, info, listext, listexport, version and help, with every
// assimp-retro importer registered. Layout:
//   Main.cpp              verb dispatch, help texts, version/listext/listexport
//   PostProcessFlags.cpp  the common parameters (-vds, -lbw, -c<preset>, -l, ...)
//   Convert.cpp           one file: import, glTF preparation, export, glTF completion
//   Export.cpp            `export <in> [<out>]` and output format selection
//   Batch.cpp             `export --recursive <in-dir> <out-dir>` with worker threads
//   SplitAnimations.cpp   the file names of `export --split-animations`
//   Info.cpp              `info <file>`
//   Texture.cpp           `texture <in> [<out.png>]`, `texture --recursive <in-dir> <out-dir>`
//   TextureEncode.cpp     `texture <in> <out.paa|out.pac>`
//   ImageFile.cpp         the images the texture verb encodes (the library's DecodeImage, <assimp_retro/texture.h>)
//   TextureFiles.cpp      embedded textures as image files beside OBJ/DAE/FBX outputs
//   Thumbnail.cpp         `thumbnail <file> <out.png>`, the batch's thumbnails (<assimp_retro/thumbnail.h>)
//   Gallery.cpp, JobLog.cpp  the batch's gallery (OUT/index.html) and per-file log
//   View.cpp, ViewPaths.cpp  `view <out-dir>`: the gallery and 3D viewer on 127.0.0.1
#pragma once

#include <assimp/vector3.h>

#include <cstdint>
#include <filesystem>
#include <functional>
#include <string>
#include <utility>
#include <vector>

struct aiScene;
struct aiExportFormatDesc;
namespace assimp_retro {
class TextureCache;
struct RgbaImage;
} // namespace assimp_retro
namespace Assimp {
class ExportProperties;
class Importer;
class Exporter;
} // namespace Assimp

namespace retro_tool {

/// Exit codes (documented in `assimp-retro help`).
enum ExitCode : int {
    kExitSuccess = 0,
    kExitUsage = 1, ///< wrong or missing arguments
    kExitUnknownVerb = 2, ///< unrecognised verb
    kExitImportFailed = 3, ///< the input file could not be read
    kExitExportFailed = 4, ///< unknown output format or the exporter failed
    kExitCompletionFailed = 5, ///< glTF, FBX or COLLADA completion of the written file failed
    kExitBatchFailures = 6, ///< batch mode: at least one file failed
};

/// The common parameters of the stock tool ("ImportData" in assimp_cmd).
struct ImportOptions {
    unsigned ppFlags = 0; ///< aiPostProcessSteps given by the user
    bool showLog = false; ///< -l, --show-log: Assimp's log to stderr
    bool verbose = false; ///< -v, --verbose: verbose log (and more detail in our reports)
    std::string logFile; ///< -lo<file>, --log-out=<file>
    aiVector3D rotation; ///< -rx= -ry= -rz= (radians, applied to the root node like assimp)
    bool noDefaultLbw = false; ///< --no-limit-bone-weights: skip the glTF default -lbw
    /// --set NAME=VALUE: import properties (e.g. IMPORT_OBAN_CAMERA=1), in order.
    std::vector<std::pair<std::string, std::string>> properties;
    /// Batch mode: decoded textures shared by the workers (not owned).
    assimp_retro::TextureCache *textureCache = nullptr;
    /// Arguments that were neither a known parameter nor consumed by the verb.
    std::vector<std::string> unknown;
    /// export --split-animations: the model without animations to the
    /// output, each animation to its own file beside it (SplitAnimationPaths).
    bool splitAnimations = false;
    /// Batch gallery (Gallery.h): shown the scene right after its import,
    /// before anything prepares it for the output.
    std::function<void(const aiScene &)> inspectScene;

    bool LogRequested() const { return showLog || verbose || !logFile.empty(); }
};

/// Parses the common parameters in `args`. Arguments it does not know are
/// appended to `options.unknown` (the verb decides whether that is an error).
/// Returns false with `error` set when a parameter is malformed (e.g. -rx=abc).
bool ParseCommonParameters(const std::vector<std::string> &args, ImportOptions &options, std::string &error);

/// ParseCommonParameters for a verb that accepts no other parameter: prints
/// "assimp-retro <verb>: ..." to stderr and returns false when a parameter is
/// malformed or unknown.
bool ParseVerbParameters(const char *verb, const std::vector<std::string> &args, ImportOptions &options);

/// True if `arg` is one of the common parameters (so -fi is not taken as -f<id>).
bool IsCommonParameter(const std::string &arg);

/// The help text listing the common parameters.
const char *CommonParametersHelp();

/// Sets the --set import properties on `importer`: integers (and true/false,
/// on/off, yes/no as 1/0) with SetPropertyInteger, other numbers with
/// SetPropertyFloat, anything else with SetPropertyString.
void ApplyImportProperties(Assimp::Importer &importer, const ImportOptions &options);

/// The --set properties named EXPORT_... (the exporters' own, e.g.
/// EXPORT_P3D_MASS=1500), typed as their exporter reads them.
void ApplyExportProperties(Assimp::ExportProperties &properties, const ImportOptions &options);

/// Attaches Assimp's DefaultLogger as the options ask (nothing when no log
/// option was given). The logger is process-wide: create it once, kill it once.
void StartLog(const ImportOptions &options);
void StopLog(const ImportOptions &options);

/// An output format chosen by id, alias or file extension.
struct OutputFormat {
    std::string id; ///< Assimp exporter id, e.g. "glb2"
    std::string extension; ///< file extension without dot, e.g. "glb"
    std::string description;
    bool byExtension = false; ///< chosen by the output's extension, not by id
    bool IsGltf2() const { return id == "gltf2" || id == "glb2"; }
    /// Assimp's own dump formats store embedded aiTextures as they are; the
    /// game exporters write them as the games need: the ABC exporters as DTX
    /// skins (AI_CONFIG_EXPORT_ABC_SKINS), p3d as PAA/PAC files at their game
    /// paths, so no PNG files go beside a game model.
    bool StoresEmbeddedTextures() const {
        return id == "assbin" || id == "assxml" || id == "assjson" || id == "abc6" || id == "abc12" || id == "p3d" ||
                id == "ltb";
    }
};

/// Finds the exporter for `name`: an exporter id ("glb2"), one of our aliases
/// ("glb" -> glb2, "gltf" -> gltf2, "glb1"/"gltf1" -> the glTF 1 exporters),
/// or a file extension (first exporter with that extension, as assimp does).
bool FindOutputFormat(Assimp::Exporter &exporter, const std::string &name, OutputFormat &format);

/// What happened to one file, for the console and the batch summary.
struct ConversionResult {
    bool ok = false;
    std::string error; ///< why it failed
    ExitCode exitCode = kExitSuccess; ///< which stage failed (import, export, completion)
    std::vector<std::string> notes; ///< things the tool changed or added (printed with -l / -v)
    double importSeconds = 0.0;
    double exportSeconds = 0.0;
};

/// Import `input` with every assimp-retro importer registered, prepare the
/// scene for the format, export to `output` and complete glTF files.
/// Never throws: every failure ends up in the result.
/// `importer` must already have the assimp-retro importers registered.
ConversionResult ConvertFile(Assimp::Importer &importer, Assimp::Exporter &exporter, const std::string &input,
        const std::string &output, const OutputFormat &format, const ImportOptions &options);

/// Runs `convert` (which fills `result`); an exception it throws becomes a
/// failed result ("unexpected error: ...") instead of leaving the caller.
template <class Convert>
void ConvertCatchingAll(ConversionResult &result, Convert &&convert) {
    try {
        convert();
    } catch (const std::exception &e) {
        result.ok = false;
        result.error = std::string("unexpected error: ") + e.what();
    } catch (...) {
        result.ok = false;
        result.error = "unexpected error (unknown exception)";
    }
}

/// For exporters that reference image files (OBJ, COLLADA, FBX, ...): writes
/// each embedded texture of `scene` to "<output stem>_textures/<name>.<ext>"
/// beside `output`, points the materials' "*N" references at those files
/// (relative paths) and removes the embedded textures from the scene.
/// Returns false with `error` set when a file cannot be written.
bool WriteTexturesBeside(aiScene &scene, const std::string &output, std::vector<std::string> &notes,
        std::string &error);

/// An animation's name as part of a file name, safe on Windows and Linux:
/// each of <>:"/\|?* and every control character becomes '_', the name is
/// cut to 100 bytes (at a UTF-8 boundary), an empty one becomes "animation",
/// a trailing dot or space becomes '_', and a device name (CON, NUL, COM1,
/// ..., with any extension) gets a leading '_'.
std::string SafeFileNamePart(const std::string &name);

/// The files --split-animations writes beside `output` for the animations
/// `names`, in order: "<output stem>.<SafeFileNamePart(name)>.<output
/// extension>"; a name part already taken (ignoring case) gets "~2", "~3",
/// ... (the first free).
std::vector<std::string> SplitAnimationPaths(const std::string &output, const std::vector<std::string> &names);

/// The post-processing flags ConvertFile uses for `format` (the user's flags,
/// plus aiProcess_LimitBoneWeights for glTF unless pointless or switched off).
unsigned EffectivePostProcessing(const ImportOptions &options, const OutputFormat &format);

// ---- verbs -------------------------------------------------------------------

int RunExport(const std::vector<std::string> &args);
int RunBatch(const std::vector<std::string> &args);
int RunInfo(const std::vector<std::string> &args);
int RunTexture(const std::vector<std::string> &args); ///< Texture.cpp: `texture` (PAA/PAC/DTX -> PNG)
int RunThumbnail(const std::vector<std::string> &args); ///< Thumbnail.cpp: `thumbnail <file> <out.png>`
/// View.cpp: `view <out-dir>`; `toolPath` (argv[0]) locates three.js beside the tool.
int RunView(const std::vector<std::string> &args, const std::string &toolPath);

/// The thumbnail of `scene` as a PNG file at `output` (Thumbnail.cpp); false
/// with `error` set, and no file left, when it cannot be drawn or written.
bool WriteSceneThumbnail(const aiScene &scene, const std::string &output, uint32_t size, std::string &error);

/// Text of `assimp-retro export --help` / `info --help`.
extern const char *const kExportHelp;
extern const char *const kInfoHelp;

// ---- platform (Platform.cpp) -------------------------------------------------

/// The command line as UTF-8, the program name first (on Windows from the wide
/// command line, so that any file name survives; elsewhere argv as it is).
std::vector<std::string> Utf8Arguments(int argc, char *argv[]);
/// True when stderr is a terminal that understands the progress bar's escapes.
bool StderrIsTerminal();
/// Writes `text` to stderr without buffering; safe in a signal handler.
void WriteStderrUnbuffered(const char *text);

/// True when `path` is `folder` or below it, element by element (both in the
/// same form: canonical, or as given) (ViewPaths.cpp).
bool IsInsideFolder(const std::filesystem::path &path, const std::filesystem::path &folder);

/// Lower-case copy (bytes A-Z). The tool's own: it uses the library's public
/// API only, and string helpers are no part of that.
std::string ToLower(std::string text);

/// The texels of `input` (ImageFile.cpp): a game texture (.paa, .pac, .dtx)
/// through the library's decoders, else an image stb_image reads (PNG, TGA,
/// BMP, JPEG). False with `error` set when it cannot be read.
bool LoadImage(const std::filesystem::path &input, assimp_retro::RgbaImage &image, std::string &error);

/// The texture verb's PNG -> PAA/PAC (TextureEncode.cpp): `typeName` "" picks
/// the default for the output's extension; returns an exit code.
int EncodeTextureFile(const std::string &input, const std::string &output, const std::string &typeName, bool mipmaps);

} // namespace retro_tool
