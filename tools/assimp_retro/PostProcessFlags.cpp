// assimp-retro tool: the common parameters shared by `export` and `info`.
//
// Same spellings and meaning as the stock `assimp` tool's common parameters
// (assimp_cmd's ProcessStandardArguments), driven by one table so the help
// text and the parser cannot drift apart.
#include "Tool.h"

#include <assimp_retro/config.h>

#include <assimp/Exporter.hpp>
#include <assimp/Importer.hpp>

#include <cmath>
#include <cstdint>
#include <cstdlib>

#include <assimp/DefaultLogger.hpp>
#include <assimp/postprocess.h>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstring>
#include <stdexcept>

namespace retro_tool {

namespace {

struct FlagParameter {
    const char *shortName;
    const char *longName;
    unsigned flag;
};

// Post-processing steps, in the order assimp's documentation lists them.
const FlagParameter kFlagParameters[] = {
        {"-ptv", "--pretransform-vertices", aiProcess_PreTransformVertices},
        {"-gsn", "--gen-smooth-normals", aiProcess_GenSmoothNormals},
        {"-gn", "--gen-normals", aiProcess_GenNormals},
        {"-dn", "--drop-normals", aiProcess_DropNormals},
        {"-cts", "--calc-tangent-space", aiProcess_CalcTangentSpace},
        {"-jiv", "--join-identical-vertices", aiProcess_JoinIdenticalVertices},
        {"-rrm", "--remove-redundant-materials", aiProcess_RemoveRedundantMaterials},
        {"-fd", "--find-degenerates", aiProcess_FindDegenerates},
        {"-slm", "--split-large-meshes", aiProcess_SplitLargeMeshes},
        {"-lbw", "--limit-bone-weights", aiProcess_LimitBoneWeights},
        {"-vds", "--validate-data-structure", aiProcess_ValidateDataStructure},
        {"-icl", "--improve-cache-locality", aiProcess_ImproveCacheLocality},
        {"-sbpt", "--sort-by-ptype", aiProcess_SortByPType},
        {"-lh", "--left-handed", aiProcess_ConvertToLeftHanded},
        {"-fuv", "--flip-uv", aiProcess_FlipUVs},
        {"-fwo", "--flip-winding-order", aiProcess_FlipWindingOrder},
        {"-tuv", "--transform-uv-coords", aiProcess_TransformUVCoords},
        {"-guv", "--gen-uvcoords", aiProcess_GenUVCoords},
        {"-fid", "--find-invalid-data", aiProcess_FindInvalidData},
        {"-fixn", "--fix-normals", aiProcess_FixInfacingNormals},
        {"-tri", "--triangulate", aiProcess_Triangulate},
        {"-fi", "--find-instances", aiProcess_FindInstances},
        {"-og", "--optimize-graph", aiProcess_OptimizeGraph},
        {"-om", "--optimize-meshes", aiProcess_OptimizeMeshes},
        {"-db", "--debone", aiProcess_Debone},
        {"-sbc", "--split-by-bone-count", aiProcess_SplitByBoneCount},
        {"-embtex", "--embed-textures", aiProcess_EmbedTextures},
        {"-gs", "--global-scale", aiProcess_GlobalScale},
};

bool StartsWith(const std::string &text, const char *prefix) {
    return text.compare(0, std::strlen(prefix), prefix) == 0;
}

// -c<preset> / --config=<preset>, as assimp: full, default or fast.
bool ParsePreset(const std::string &arg, unsigned &flags) {
    std::string preset;
    if (StartsWith(arg, "--config=")) {
        preset = arg.substr(9);
    } else if (StartsWith(arg, "-c") && arg.size() > 2) {
        preset = arg.substr(2);
    } else {
        return false;
    }
    if (preset == "full") {
        flags |= aiProcessPreset_TargetRealtime_MaxQuality;
    } else if (preset == "default") {
        flags |= aiProcessPreset_TargetRealtime_Quality;
    } else if (preset == "fast") {
        flags |= aiProcessPreset_TargetRealtime_Fast;
    } else {
        return false;
    }
    return true;
}

// -rx=<radians> / --rotation-x=<radians> (and y, z).
enum class RotationParse { NotRotation, Ok, Bad };
RotationParse ParseRotation(const std::string &arg, aiVector3D &rotation) {
    static const struct {
        const char *shortPrefix;
        const char *longPrefix;
        int axis;
    } kAxes[] = {{"-rx=", "--rotation-x=", 0}, {"-ry=", "--rotation-y=", 1}, {"-rz=", "--rotation-z=", 2}};
    for (const auto &axis : kAxes) {
        std::string value;
        if (StartsWith(arg, axis.shortPrefix)) {
            value = arg.substr(std::strlen(axis.shortPrefix));
        } else if (StartsWith(arg, axis.longPrefix)) {
            value = arg.substr(std::strlen(axis.longPrefix));
        } else {
            continue;
        }
        try {
            size_t used = 0;
            const float angle = std::stof(value, &used);
            if (used != value.size() || !std::isfinite(angle)) {
                return RotationParse::Bad;
            }
            rotation[axis.axis] = angle;
            return RotationParse::Ok;
        } catch (const std::exception &) {
            return RotationParse::Bad;
        }
    }
    return RotationParse::NotRotation;
}

// The import (and export) properties of include/assimp_retro/config.h, by
// their string names, so --set stores each with the type its reader reads.
enum class PropertyType { Bool, Int, Float, String, Unknown };

PropertyType KnownPropertyType(const std::string &name) {
    static const struct {
        const char *name;
        PropertyType type;
    } kProperties[] = {
            {AI_CONFIG_IMPORT_RETRO_UNITS_TO_METRES, PropertyType::Bool},
            {AI_CONFIG_IMPORT_RETRO_METRES_PER_UNIT, PropertyType::Float},
            {AI_CONFIG_IMPORT_RETRO_MAP_FILES, PropertyType::Bool}, {AI_CONFIG_IMPORT_OBAN_CAMERA, PropertyType::Bool},
            {AI_CONFIG_IMPORT_RETRO_KEEP_ALL_KEYS, PropertyType::Bool},
            {AI_CONFIG_IMPORT_RETRO_ANIMATIONS, PropertyType::String},
            {AI_CONFIG_IMPORT_OBAN_CAMERA_NAMES, PropertyType::String},
            {AI_CONFIG_IMPORT_OBAN_RESAMPLE, PropertyType::Bool},
            {AI_CONFIG_IMPORT_ABC_VERTEX_ANIMATION, PropertyType::Bool},
            {AI_CONFIG_IMPORT_ABC_LOD_LEVELS, PropertyType::Int}, {AI_CONFIG_IMPORT_ABC_ALL_LODS, PropertyType::Bool},
            {AI_CONFIG_IMPORT_ABC_CHILD_MODELS, PropertyType::Bool}, {AI_CONFIG_IMPORT_P3D_LODS, PropertyType::Int},
            {AI_CONFIG_IMPORT_LTB_FACE_FRONT, PropertyType::Int}, // -1, 0 or 1
            {AI_CONFIG_IMPORT_RETRO_TEXTURES, PropertyType::Bool},
            {AI_CONFIG_IMPORT_RETRO_EMBED_TEXTURES, PropertyType::Bool},
            {AI_CONFIG_IMPORT_P3D_TEXTURE_ROOTS, PropertyType::String},
            {AI_CONFIG_IMPORT_ABC_SKINS, PropertyType::String}, {AI_CONFIG_IMPORT_ABC_SKIN_DIR, PropertyType::String},
            {AI_CONFIG_EXPORT_P3D_TEXTURE_ROOT, PropertyType::String}, {AI_CONFIG_EXPORT_P3D_MASS, PropertyType::Float},
            {AI_CONFIG_EXPORT_P3D_TEXTURES, PropertyType::Bool}, {AI_CONFIG_EXPORT_P3D_GAME_ROOT, PropertyType::String},
            {AI_CONFIG_EXPORT_ABC_V12_PIECE_LOD_WEIGHT, PropertyType::String}, // "yes", "no" or ""
            {AI_CONFIG_EXPORT_ABC_V12_BAKE_CHILD_MODELS, PropertyType::Bool},
            {AI_CONFIG_EXPORT_ABC_SKINS, PropertyType::Bool}, {AI_CONFIG_EXPORT_ABC_SKIN_DIR, PropertyType::String},
            {AI_CONFIG_EXPORT_ABC_SKIN_FORMAT, PropertyType::String}, // a texture --dtx name
            {AI_CONFIG_EXPORT_LTB_LZMA, PropertyType::Bool},
            {AI_CONFIG_EXPORT_LTB_COMPRESSION, PropertyType::Int}, // -1 to 3
            {AI_CONFIG_EXPORT_LTB_FACE_FRONT, PropertyType::Int}, // -1, 0 or 1
    };
    for (const auto &property : kProperties) {
        if (name == property.name) {
            return property.type;
        }
    }
    return PropertyType::Unknown;
}

// "1/0, true/false, yes/no, on/off" -> 1/0; nullopt-like: returns false if none.
bool ParseBool(const std::string &value, int *result = nullptr) {
    const std::string lower = ToLower(value);
    const bool yes = lower == "1" || lower == "true" || lower == "yes" || lower == "on";
    const bool no = lower == "0" || lower == "false" || lower == "no" || lower == "off";
    if (result) {
        *result = yes ? 1 : 0;
    }
    return yes || no;
}

bool ParseInt(const std::string &value, int *result = nullptr) {
    char *end = nullptr;
    const long number = std::strtol(value.c_str(), &end, 10);
    if (value.empty() || *end != '\0' || number < INT32_MIN || number > INT32_MAX) {
        return false;
    }
    if (result) {
        *result = static_cast<int>(number);
    }
    return true;
}

bool ParseFloat(const std::string &value, float *result = nullptr) {
    char *end = nullptr;
    const float number = std::strtof(value.c_str(), &end);
    if (value.empty() || *end != '\0' || !std::isfinite(number)) {
        return false;
    }
    if (result) {
        *result = number;
    }
    return true;
}

// One parameter; returns false if `arg` is not a common parameter.
bool ParseOne(const std::string &arg, ImportOptions &options, std::string &error) {
    for (const FlagParameter &parameter : kFlagParameters) {
        if (arg == parameter.shortName || arg == parameter.longName) {
            options.ppFlags |= parameter.flag;
            return true;
        }
    }
    if (ParsePreset(arg, options.ppFlags)) {
        return true;
    }
    if (arg == "-l" || arg == "--show-log") {
        options.showLog = true;
        return true;
    }
    if (arg == "-v" || arg == "--verbose") {
        options.verbose = true;
        return true;
    }
    if (StartsWith(arg, "--set=")) {
        const std::string assignment = arg.substr(6);
        const size_t equals = assignment.find('=');
        if (equals == std::string::npos || equals == 0) {
            error = "invalid property '" + arg + "' (expected --set NAME=VALUE, e.g. --set IMPORT_OBAN_CAMERA=1)";
            return true;
        }
        std::string name = assignment.substr(0, equals);
        if (StartsWith(name, "AI_CONFIG_")) {
            name = name.substr(10); // the macro's name also works
        }
        const std::string value = assignment.substr(equals + 1);
        const PropertyType type = KnownPropertyType(name);
        if (type == PropertyType::Bool && !ParseBool(value)) {
            error = "property " + name + " is a bool: use 1/0, true/false, yes/no or on/off, not '" + value + "'";
        } else if (type == PropertyType::Int && !ParseInt(value)) {
            error = "property " + name + " is an integer, not '" + value + "'";
        } else if (type == PropertyType::Float && !ParseFloat(value)) {
            error = "property " + name + " is a number, not '" + value + "'";
        } else if (type == PropertyType::Unknown) {
            std::fprintf(stderr,
                    "assimp-retro: note: %s is not an assimp-retro import property; it is passed to Assimp as given\n",
                    name.c_str());
        }
        options.properties.emplace_back(name, value);
        return true;
    }
    if (StartsWith(arg, "--animations=")) {
        // The same as --set IMPORT_RETRO_ANIMATIONS=<patterns>.
        options.properties.emplace_back(AI_CONFIG_IMPORT_RETRO_ANIMATIONS, arg.substr(13));
        return true;
    }
    if (arg == "--no-limit-bone-weights") {
        options.noDefaultLbw = true;
        return true;
    }
    if (StartsWith(arg, "-lo") || StartsWith(arg, "--log-out=")) {
        options.logFile = arg.substr(StartsWith(arg, "-lo") ? 3 : 10);
        if (options.logFile.empty()) {
            options.logFile = "assimp-log.txt"; // assimp's default name
        }
        return true;
    }
    switch (ParseRotation(arg, options.rotation)) {
    case RotationParse::Ok:
        return true;
    case RotationParse::Bad:
        error = "invalid rotation '" + arg + "' (expected e.g. -rx=1.5708, in radians)";
        return true;
    case RotationParse::NotRotation:
        break;
    }
    return false;
}

} // namespace

bool ParseCommonParameters(const std::vector<std::string> &args, ImportOptions &options, std::string &error) {
    for (const std::string &arg : args) {
        std::string oneError;
        if (!ParseOne(arg, options, oneError)) {
            options.unknown.push_back(arg);
        } else if (!oneError.empty()) {
            error = oneError;
            return false;
        }
    }
    return true;
}

bool ParseVerbParameters(const char *verb, const std::vector<std::string> &args, ImportOptions &options) {
    std::string error;
    if (!ParseCommonParameters(args, options, error)) {
        std::fprintf(stderr, "assimp-retro %s: %s\n", verb, error.c_str());
        return false;
    }
    if (!options.unknown.empty()) {
        std::fprintf(stderr, "assimp-retro %s: unknown parameter '%s'. See 'assimp-retro %s --help'\n", verb,
                options.unknown.front().c_str(), verb);
        return false;
    }
    return true;
}

void ApplyImportProperties(Assimp::Importer &importer, const ImportOptions &options) {
    if (options.textureCache) {
        importer.SetPropertyPointer(AI_CONFIG_IMPORT_RETRO_TEXTURE_CACHE, options.textureCache);
    }
    for (const auto &[name, value] : options.properties) {
        int number = 0;
        switch (KnownPropertyType(name)) {
        case PropertyType::Bool:
            ParseBool(value, &number); // checked when parsed
            importer.SetPropertyInteger(name.c_str(), number);
            break;
        case PropertyType::Int:
            ParseInt(value, &number);
            importer.SetPropertyInteger(name.c_str(), number);
            break;
        case PropertyType::Float: {
            float real = 0;
            ParseFloat(value, &real);
            importer.SetPropertyFloat(name.c_str(), real);
            break;
        }
        case PropertyType::String:
            importer.SetPropertyString(name.c_str(), value);
            break;
        case PropertyType::Unknown: {
            // Someone else's property (e.g. Assimp's own): guess the type from the text.
            char *end = nullptr;
            const float real = std::strtof(value.c_str(), &end);
            if (ParseBool(value, &number) || ParseInt(value, &number)) {
                importer.SetPropertyInteger(name.c_str(), number);
            } else if (!value.empty() && *end == '\0') {
                importer.SetPropertyFloat(name.c_str(), real);
            } else {
                importer.SetPropertyString(name.c_str(), value);
            }
            break;
        }
        }
    }
}

void ApplyExportProperties(Assimp::ExportProperties &properties, const ImportOptions &options) {
    for (const auto &[name, value] : options.properties) {
        // Only the exporters' own (EXPORT_...): an import property is no export setting.
        if (name.compare(0, 7, "EXPORT_") != 0) {
            continue;
        }
        int number = 0;
        switch (KnownPropertyType(name)) {
        case PropertyType::Float: {
            float real = 0;
            ParseFloat(value, &real); // checked by the option parser
            properties.SetPropertyFloat(name.c_str(), real);
            break;
        }
        case PropertyType::String:
            properties.SetPropertyString(name.c_str(), value);
            break;
        default:
            if (ParseBool(value, &number) || ParseInt(value, &number)) {
                properties.SetPropertyInteger(name.c_str(), number);
            } else {
                properties.SetPropertyString(name.c_str(), value);
            }
            break;
        }
    }
}

bool IsCommonParameter(const std::string &arg) {
    ImportOptions scratch;
    std::string error;
    return ParseOne(arg, scratch, error);
}

const char *CommonParametersHelp() {
    return "Common parameters (post-processing steps, as the stock assimp tool):\n"
           "  -ptv   --pretransform-vertices       -gsn  --gen-smooth-normals\n"
           "  -gn    --gen-normals                 -dn   --drop-normals\n"
           "  -cts   --calc-tangent-space          -jiv  --join-identical-vertices\n"
           "  -rrm   --remove-redundant-materials  -fd   --find-degenerates\n"
           "  -slm   --split-large-meshes          -lbw  --limit-bone-weights\n"
           "  -vds   --validate-data-structure     -icl  --improve-cache-locality\n"
           "  -sbpt  --sort-by-ptype               -lh   --left-handed\n"
           "  -fuv   --flip-uv                     -fwo  --flip-winding-order\n"
           "  -tuv   --transform-uv-coords         -guv  --gen-uvcoords\n"
           "  -fid   --find-invalid-data           -fixn --fix-normals\n"
           "  -tri   --triangulate                 -fi   --find-instances\n"
           "  -og    --optimize-graph              -om   --optimize-meshes\n"
           "  -db    --debone                      -sbc  --split-by-bone-count\n"
           "  -embtex --embed-textures             -gs   --global-scale\n"
           "  -c<preset>, --config=<preset>   presets: fast, default, full\n"
           "                                  (aiProcessPreset_TargetRealtime_Fast/_Quality/_MaxQuality)\n"
           "  -l, --show-log          print Assimp's log to stderr (and what the tool changed)\n"
           "  -v, --verbose           verbose log (and more detail in the tool's reports)\n"
           "  -lo<file>, --log-out=<file>   write Assimp's log to <file> (default assimp-log.txt)\n"
           "  -rx=<a> -ry=<a> -rz=<a>       rotate the root node about X/Y/Z by <a> radians\n"
           "  --no-limit-bone-weights       glTF output: do not add -lbw by default (see below)\n"
           "  --animations PATTERN[,PATTERN...]   import only the animations whose names match one of\n"
           "                                the names or wildcard patterns (* any run, ? one character,\n"
           "                                case ignored; a name's comma, * or ? as ?): the same as\n"
           "                                --set IMPORT_RETRO_ANIMATIONS=PATTERN[,PATTERN...]\n"
           "  --set NAME=VALUE              set an import property, e.g. --set IMPORT_OBAN_CAMERA=1\n"
           "                                (names: docs/properties.md, include/assimp_retro/config.h); repeatable\n";
}

void StartLog(const ImportOptions &options) {
    if (!options.LogRequested()) {
        return;
    }
    unsigned streams = 0;
    if (!options.logFile.empty()) {
        streams |= aiDefaultLogStream_FILE;
    }
    if (options.showLog) {
        streams |= aiDefaultLogStream_STDERR;
    }
    Assimp::DefaultLogger::create(options.logFile.empty() ? nullptr : options.logFile.c_str(),
            options.verbose ? Assimp::Logger::VERBOSE : Assimp::Logger::NORMAL, streams);
}

void StopLog(const ImportOptions &options) {
    if (options.LogRequested()) {
        Assimp::DefaultLogger::kill();
    }
}

std::string ToLower(std::string text) {
    std::transform(text.begin(), text.end(), text.begin(),
            [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return text;
}

} // namespace retro_tool
