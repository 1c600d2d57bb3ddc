// assimp-retro: the `texture` verb. Decodes game textures (PAA/PAC, DTX) to
// PNG: one file, or with --recursive every .paa/.pac/.dtx under a folder into
// the same sub-folders of an output folder, named <file name>.png (keeping
// the texture's extension, so X.paa and X.pac do not collide).
#include "Tool.h"

#include "Common/ImportError.h"
#include "Common/Texture/Texture.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <system_error>

namespace fs = std::filesystem;

namespace retro_tool {

const char *const kTextureHelp =
        "assimp-retro texture <in> [<out.png>]\n"
        "assimp-retro texture --recursive <in-dir> <out-dir>\n"
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
        " Exit codes: 0 success, 1 bad arguments, 3 a texture could not be decoded,\n"
        " 4 the PNG could not be written, 6 (--recursive) at least one file failed.\n";

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
    try {
        texture = assimp_retro::DecodeTexture(bytes.data(), bytes.size(), input.u8string());
        png = assimp_retro::EncodePng(texture.image);
    } catch (const assimp_retro::ImportError &e) {
        return {false, kExitImportFailed, e.what()};
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
        const TextureJobResult result = ec ? TextureJobResult{false, kExitExportFailed, "cannot create folder " +
                output.parent_path().u8string() + ": " + ec.message()} : DecodeToPng(input, output);
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
        for (const auto &[name, error] : failures) std::printf("  %s: %s\n", name.c_str(), error.c_str());
    }
    std::fflush(stdout);
    return failures.empty() ? kExitSuccess : kExitBatchFailures;
}

} // namespace

int RunTexture(const std::vector<std::string> &args) {
    bool recursive = false;
    std::vector<std::string> paths;
    for (const std::string &arg : args) {
        if (arg == "--help" || arg == "-h") {
            std::printf("%s", kTextureHelp);
            return kExitSuccess;
        }
        if (arg == "--recursive" || arg == "-R") {
            recursive = true;
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
    return recursive ? DecodeFolder(fs::u8path(paths[0]), fs::u8path(paths[1])) : DecodeOne(paths);
}

} // namespace retro_tool
