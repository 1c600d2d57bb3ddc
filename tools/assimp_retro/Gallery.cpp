#include "Gallery.h"

#include <assimp/scene.h>

#include <nlohmann/json.hpp>

#include <fstream>
#include <regex>

namespace fs = std::filesystem;

namespace retro_tool {

namespace {

/// An ABC skin the importer did not find leaves nothing in the scene; its
/// warning (code/Common/Texture/TextureEmbedding.cpp) names it and the paths
/// searched, which is where the game would look.
const std::regex kTextureNotFound("texture '([^']*)' not found \\(searched (.*)\\); the material keeps its path");

nlohmann::json Strings(const std::vector<std::string> &list, size_t from = 0, size_t to = size_t(-1)) {
    nlohmann::json array = nlohmann::json::array();
    for (size_t i = from; i < list.size() && i < to; ++i) {
        array.push_back(list[i]);
    }
    return array;
}

/// What preparing and writing the output logged (not the file's own).
nlohmann::json ConversionMessages(const FileCard &card) {
    nlohmann::json messages = Strings(card.messages.errors, card.importErrors);
    for (const auto &warning : Strings(card.messages.warnings, card.importWarnings)) {
        messages.push_back(warning);
    }
    return messages;
}

nlohmann::json Textures(const FileCard &card) {
    nlohmann::json textures = nlohmann::json::array();
    for (const assimp_retro::TextureUse &use : card.summary.textures) {
        textures.push_back({{"path", use.path}, {"found", use.found}});
    }
    for (size_t i = 0; i < card.importWarnings; ++i) {
        const std::string &warning = card.messages.warnings[i];
        std::smatch match;
        if (std::regex_search(warning, match, kTextureNotFound)) {
            textures.push_back({{"path", match[1].str()}, {"found", false}, {"searched", match[2].str()}});
        }
    }
    return textures;
}

nlohmann::json Summary(const assimp_retro::SceneSummary &s) {
    return {{"format", s.format}, {"version", s.version}, {"meshes", s.meshes}, {"triangles", s.triangles},
            {"vertices", s.vertices}, {"nodes", s.nodes}, {"bones", s.bones}, {"animations", Strings(s.animations)},
            {"lods", s.lods}, {"lodNodes", Strings(s.lodNodes)}, {"sockets", Strings(s.sockets)},
            {"memoryPoints", Strings(s.memoryPoints)}, {"selections", Strings(s.selections)}};
}

std::string Relative(const fs::path &path, const fs::path &base) {
    return path.lexically_relative(base).generic_u8string();
}

nlohmann::json Card(const GalleryFile &file, const ConversionResult &result, const FileCard &card,
        const fs::path &outputDir) {
    std::error_code ec;
    const auto bytes = fs::file_size(file.input, ec);
    const std::string folder = fs::path(file.relative).parent_path().generic_u8string();
    nlohmann::json json = {{"name", file.input.filename().u8string()}, {"path", file.relative},
            {"folder", folder}, {"bytes", ec ? 0 : uint64_t(bytes)}, {"ok", result.ok},
            {"error", result.ok ? "" : result.error}, {"output", result.ok ? Relative(file.output, outputDir) : ""},
            {"thumbnail", card.thumbnail ? Relative(ThumbnailPathFor(file.output), outputDir) : ""},
            {"thumbnailError", card.thumbnailError},
            {"warnings", Strings(card.messages.warnings, 0, card.importWarnings)},
            {"errors", Strings(card.messages.errors, 0, card.importErrors)},
            {"conversionMessages", ConversionMessages(card)}, {"textures", Textures(card)},
            {"importSeconds", result.importSeconds}};
    if (card.summarised) {
        json["summary"] = Summary(card.summary);
    }
    return json;
}

/// The cards as JSON that may stand inside a <script> element: "</" would
/// end it, so every '<' is written as \u003c (still the same JSON string).
std::string ScriptSafeJson(const nlohmann::json &json) {
    const std::string text = json.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    std::string safe;
    safe.reserve(text.size());
    for (char c : text) {
        if (c == '<') {
            safe += "\\u003c";
        } else {
            safe += c;
        }
    }
    return safe;
}

} // namespace

fs::path ThumbnailPathFor(const fs::path &output) {
    return output.parent_path() / fs::u8path(output.filename().u8string() + ".png");
}

ConversionResult BatchGallery::Convert(size_t index, const GalleryFile &file, const ImportOptions &options,
        const std::function<ConversionResult(const ImportOptions &)> &convert) {
    FileCard &card = cards_[index];
    JobLogScope scope(&card.messages, file.relative);
    ImportOptions withInspection = options;
    withInspection.inspectScene = [&](const aiScene &scene) {
        card.importWarnings = card.messages.warnings.size();
        card.importErrors = card.messages.errors.size();
        card.summary = assimp_retro::SummariseScene(scene);
        card.summarised = true;
        if (options_.thumbnails || options_.gallery) {
            card.thumbnail = WriteSceneThumbnail(scene, ThumbnailPathFor(file.output).u8string(),
                    options_.thumbnailSize, card.thumbnailError);
        }
    };
    ConversionResult result = convert(withInspection);
    if (!card.summarised) { // the import failed: everything logged is the file's
        card.importWarnings = card.messages.warnings.size();
        card.importErrors = card.messages.errors.size();
    }
    return result;
}

bool BatchGallery::Write(const fs::path &inputDir, const fs::path &outputDir, const std::vector<GalleryFile> &files,
        const std::vector<ConversionResult> &results, std::string &error) const {
    nlohmann::json cards = nlohmann::json::array();
    for (size_t i = 0; i < files.size() && i < results.size(); ++i) {
        if (results[i].ok || results[i].error.rfind("No suitable reader found", 0) != 0) { // not-a-model files: no card
            cards.push_back(Card(files[i], results[i], cards_[i], outputDir));
        }
    }
    const nlohmann::json data = {{"title", inputDir.filename().u8string()}, {"source", inputDir.u8string()},
            {"cards", cards}};
    std::string page = kGalleryHtml;
    const std::string marker = "\"@GALLERY_DATA@\"";
    const size_t at = page.find(marker);
    if (at == std::string::npos) {
        error = "the gallery page has no data marker";
        return false;
    }
    page.replace(at, marker.size(), ScriptSafeJson(data));
    const fs::path path = outputDir / "index.html";
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out << page;
    out.close();
    if (!out) {
        error = "cannot write " + path.u8string();
        return false;
    }
    return true;
}

} // namespace retro_tool
