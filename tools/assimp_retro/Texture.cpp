// assimp-retro: the `texture` verb. Decodes game textures (PAA/PAC, DTX) to
// PNG: one file, or with --recursive every .paa/.pac/.dtx under a folder into
// the same sub-folders of an output folder, named <file name>.png (keeping
// the texture's extension, so X.paa and X.pac do not collide).
#include "Tool.h"

#include <assimp_retro/texture.h>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <system_error>

namespace fs = std::filesystem;

namespace retro_tool {

const char *const kTextureHelp =
        "assimp-retro texture <in> [<out.png>]\n"
        "assimp-retro texture <in> <out.dtx> [--dtx <format>]\n"
        "assimp-retro texture --recursive <in-dir> <out-dir>\n"
        "\n"
        " With an output ending in .dtx, encodes <in> (.png, .tga, .bmp, .jpg, or a\n"
        " game texture) as a LithTech DTX of <format>: lt1-palette (default; v-3,\n"
        " KISS Psycho Circus), lt10-palette (v-2, Shogo, Blood 2), lt2-32, lt2-dxt1,\n"
        " lt2-dxt3, lt2-dxt5 (v-5, NOLF, AVP2). See docs/export-lithtech.md.\n"
        "\n"
        " Decodes a game texture (Operation Flashpoint .paa/.pac, LithTech .dtx) to an\n"
        " 8-bit RGBA PNG of its top mip level, and prints its format, size and alpha\n"
        " class (opaque, mask or blend: how a material should use its alpha).\n"
        " Without <out.png> the PNG is written next to the input as <in>.png.\n"
        "\n"
        "\t--recursive  decode every .paa/.pac/.dtx under <in-dir> (any case) to\n"
        "\t             <out-dir>/<same sub-folders>/<file name>.png, e.g.\n"
        "\t             SKINS/CREATURES/BATWING.DTX -> out/SKINS/CREATURES/BATWING.DTX.png;\n"
        "\t             other files are skipped. Ends with a summary line.\n"
        "\n"
        "assimp-retro texture <in> <out.paa|out.pac> [--type <type>] [--no-mipmaps]\n"
        "\n"
        " Encodes <in> (as for DTX) as an Operation Flashpoint texture: <type> is dxt1, dxt5,\n"
        " argb4444, argb1555, ai88 or p8 (a palettised .pac, up to 255 colours and\n"
        " fully transparent texels). Default: .pac p8; .paa dxt1, or argb4444 when\n"
        " the image has partial alpha. Sides must be powers of two (2..4096).\n"
        "\n"
        " Exit codes: 0 success, 1 bad arguments, 3 a texture could not be decoded,\n"
        " 4 the PNG (or PAA) could not be written, 6 (--recursive) at least one file failed.\n";

namespace {

struct TextureJobResult {
    bool ok = false;
    ExitCode exitCode = kExitSuccess;
    std::string message; ///< the summary line or the error
};

TextureJobResult DecodeToPng(const fs::path &input, const fs::path &output) {
    TextureJobResult result;
    std::ifstream in(input, std::ios::binary);
    if (!in) {
        return {false, kExitImportFailed, "cannot open " + input.u8string()};
    }
    const std::vector<uint8_t> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    assimp_retro::DecodedTexture texture;
    std::vector<uint8_t> png;
    if (std::string error;
            !assimp_retro::DecodeGameTexture(bytes.data(), bytes.size(), input.u8string(), texture, &error) ||
            !assimp_retro::EncodeAsPng(texture.image, png, &error)) {
        return {false, kExitImportFailed, error};
    }
    std::ofstream out(output, std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char *>(png.data()), std::streamsize(png.size()));
    out.close();
    if (!out) {
        return {false, kExitExportFailed, "cannot write " + output.u8string()};
    }
    result.ok = true;
    result.message = texture.format + ", " + std::to_string(texture.image.width) + "x" +
            std::to_string(texture.image.height) + ", alpha " + assimp_retro::TextureAlphaName(texture.alpha);
    return result;
}

int EncodeOne(const std::vector<std::string> &paths, const std::string &formatName) {
    assimp_retro::DtxFormat format;
    if (!assimp_retro::ParseDtxFormat(formatName, format)) {
        std::fprintf(stderr,
                "assimp-retro texture: unknown DTX format '%s' (lt1-palette, lt10-palette, lt2-32, lt2-dxt1, lt2-dxt3, "
                "lt2-dxt5)\n",
                formatName.c_str());
        return kExitUsage;
    }
    assimp_retro::RgbaImage image;
    std::string error;
    if (!LoadImage(fs::u8path(paths[0]), image, error)) {
        std::fprintf(stderr, "assimp-retro texture: %s\n", error.c_str());
        return kExitImportFailed;
    }
    std::vector<uint8_t> dtx;
    if (!assimp_retro::EncodeAsDtx(image, format, dtx, &error)) {
        std::fprintf(stderr, "assimp-retro texture: %s\n", error.c_str());
        return kExitExportFailed;
    }
    std::ofstream out(fs::u8path(paths[1]), std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char *>(dtx.data()), std::streamsize(dtx.size()));
    out.close();
    if (!out) {
        std::fprintf(stderr, "assimp-retro texture: cannot write %s\n", paths[1].c_str());
        return kExitExportFailed;
    }
    std::printf("%s: %ux%u -> %s (DTX %s)\n", paths[0].c_str(), image.width, image.height, paths[1].c_str(),
            formatName.c_str());
    return kExitSuccess;
}

bool EndsWithDtx(const std::string &path) {
    std::string ext = fs::path(path).extension().string();
    for (char &c : ext)
        c = char(std::tolower(static_cast<unsigned char>(c)));
    return ext == ".dtx";
}

int DecodeOne(const std::vector<std::string> &paths) {
    const fs::path input = fs::u8path(paths[0]);
    const fs::path output = paths.size() > 1 ? fs::u8path(paths[1]) : fs::u8path(paths[0] + ".png");
    if (!assimp_retro::IsDecodableTextureName(input.u8string())) {
        std::fprintf(stderr, "assimp-retro texture: %s is not a .paa, .pac or .dtx file\n", input.u8string().c_str());
        return kExitUsage;
    }
    const TextureJobResult result = DecodeToPng(input, output);
    if (!result.ok) {
        std::fprintf(stderr, "assimp-retro texture: %s\n", result.message.c_str());
        return result.exitCode;
    }
    std::printf("%s: %s -> %s\n", input.u8string().c_str(), result.message.c_str(), output.u8string().c_str());
    return kExitSuccess;
}

int DecodeFolder(const fs::path &inputDir, const fs::path &outputDir) {
    std::error_code ec;
    if (!fs::is_directory(inputDir, ec)) {
        std::fprintf(stderr, "assimp-retro texture: %s is not a folder\n", inputDir.u8string().c_str());
        return kExitUsage;
    }
    if ((fs::exists(outputDir, ec) && !fs::is_directory(outputDir, ec)) ||
            fs::weakly_canonical(inputDir, ec) == fs::weakly_canonical(outputDir, ec)) {
        std::fprintf(stderr, "assimp-retro texture: output '%s' must be a folder other than the input folder\n",
                outputDir.u8string().c_str());
        return kExitUsage;
    }
    std::vector<fs::path> inputs;
    size_t skipped = 0;
    for (fs::recursive_directory_iterator it(inputDir, ec), end; !ec && it != end; it.increment(ec)) {
        if (!it->is_regular_file(ec)) continue;
        if (assimp_retro::IsDecodableTextureName(it->path().filename().u8string())) {
            inputs.push_back(it->path());
        } else {
            ++skipped;
        }
    }
    std::sort(inputs.begin(), inputs.end());
    std::vector<std::pair<std::string, std::string>> failures;
    for (const fs::path &input : inputs) {
        const fs::path relative = fs::relative(input, inputDir, ec);
        const fs::path output = outputDir / fs::u8path(relative.u8string() + ".png");
        fs::create_directories(output.parent_path(), ec);
        const TextureJobResult result = ec
                ? TextureJobResult{false, kExitExportFailed,
                          "cannot create folder " + output.parent_path().u8string() + ": " + ec.message()}
                : DecodeToPng(input, output);
        if (result.ok) {
            std::printf("%s: %s\n", relative.u8string().c_str(), result.message.c_str());
        } else {
            failures.emplace_back(relative.u8string(), result.message);
        }
    }
    std::printf("\nSummary: %zu decoded, %zu failed, %zu skipped (not a texture)\n", inputs.size() - failures.size(),
            failures.size(), skipped);
    if (!failures.empty()) {
        std::printf("Failed:\n");
        for (const auto &[name, error] : failures)
            std::printf("  %s: %s\n", name.c_str(), error.c_str());
    }
    std::fflush(stdout);
    return failures.empty() ? kExitSuccess : kExitBatchFailures;
}

} // namespace

int RunTexture(const std::vector<std::string> &args) {
    bool recursive = false, mipmaps = true;
    std::string type;
    std::vector<std::string> paths;
    std::string dtxFormat;
    for (size_t i = 0; i < args.size(); ++i) {
        const std::string &arg = args[i];
        if (arg == "--dtx" && i + 1 < args.size()) {
            dtxFormat = args[++i];
            continue;
        }
        if (arg.rfind("--dtx=", 0) == 0) {
            dtxFormat = arg.substr(6);
            continue;
        }
        if (arg == "--help" || arg == "-h") {
            std::printf("%s", kTextureHelp);
            return kExitSuccess;
        }
        if (arg == "--recursive" || arg == "-R") {
            recursive = true;
        } else if (arg == "--no-mipmaps") {
            mipmaps = false;
        } else if (arg == "--type" && i + 1 < args.size()) {
            type = args[++i];
        } else if (arg.compare(0, 7, "--type=") == 0) {
            type = arg.substr(7);
        } else if (!arg.empty() && arg[0] == '-' && arg.size() > 1) {
            std::fprintf(stderr, "assimp-retro texture: unknown parameter '%s'\n", arg.c_str());
            return kExitUsage;
        } else {
            paths.push_back(arg);
        }
    }
    if (paths.empty() || paths.size() > 2 || (recursive && paths.size() != 2)) {
        std::fprintf(stderr, "assimp-retro texture: expected %s (see 'assimp-retro texture --help')\n",
                recursive ? "<in-dir> <out-dir>" : "<in> [<out.png>]");
        return kExitUsage;
    }
    if (!recursive && paths.size() == 2 && EndsWithDtx(paths[1])) {
        return EncodeOne(paths, dtxFormat.empty() ? "lt1-palette" : dtxFormat);
    }
    if (!dtxFormat.empty()) {
        std::fprintf(stderr, "assimp-retro texture: --dtx needs an output file ending in .dtx\n");
        return kExitUsage;
    }
    auto extension = [](const std::string &path) {
        std::string ext = fs::path(path).extension().string();
        std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return char(std::tolower(c)); });
        return ext;
    };
    if (!recursive && paths.size() == 2 && (extension(paths[1]) == ".paa" || extension(paths[1]) == ".pac")) {
        return EncodeTextureFile(paths[0], paths[1], type, mipmaps);
    }
    if (!type.empty() || !mipmaps) {
        std::fprintf(stderr, "assimp-retro texture: --type and --no-mipmaps are for <in> <out.paa|out.pac>\n");
        return kExitUsage;
    }
    return recursive ? DecodeFolder(fs::u8path(paths[0]), fs::u8path(paths[1])) : DecodeOne(paths);
}

} // namespace retro_tool
