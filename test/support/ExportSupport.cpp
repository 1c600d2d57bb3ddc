#include "support/ExportSupport.h"

#include <assimp_retro/assimp_retro.h>

#include <assimp/Exporter.hpp>
#include <assimp/scene.h>

#include "support/TestSupport.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <filesystem>

namespace retro_test {

int RunToolExport(const std::string &in, const std::string &out, const std::string &arguments, std::string *output) {
    return RunCommand(ShellQuote(ToolPath()) + " export " + ShellQuote(in) + " " + ShellQuote(out) + " " + arguments + " 2>&1",
            output);
}

std::vector<uint8_t> ExportToMemory(const aiScene &scene, const std::string &formatId, std::string *error) {
    Assimp::Exporter exporter;
    assimp_retro::RegisterExporters(exporter);
    const aiExportDataBlob *blob = exporter.ExportToBlob(&scene, formatId.c_str());
    if (!blob) {
        if (error) {
            *error = exporter.GetErrorString();
        }
        return {};
    }
    const uint8_t *data = static_cast<const uint8_t *>(blob->data);
    return std::vector<uint8_t>(data, data + blob->size);
}

std::vector<std::string> CorpusFiles(const std::vector<std::string> &folders,
        const std::function<bool(const std::vector<uint8_t> &)> &keep) {
    std::vector<std::string> files;
    const std::string corpus = CorpusFolder();
    for (const std::string &folder : folders) {
        if (corpus.empty()) break;
        const std::filesystem::path root = std::filesystem::path(corpus) / folder;
        if (!std::filesystem::is_directory(root)) continue;
        for (const auto &entry : std::filesystem::recursive_directory_iterator(root)) {
            if (entry.is_regular_file() && keep(ReadFile(entry.path().string()))) {
                files.push_back(folder + "/" + std::filesystem::relative(entry.path(), root).string());
            }
        }
    }
    std::sort(files.begin(), files.end());
    return CorpusParameters(files);
}

std::string ParamName(std::string path) {
    for (char &c : path) {
        if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
    }
    return path;
}

float LargestCoordinate(const aiScene &scene) {
    float size = 1;
    for (unsigned m = 0; m < scene.mNumMeshes; ++m) {
        for (unsigned v = 0; v < scene.mMeshes[m]->mNumVertices; ++v) {
            const aiVector3D &p = scene.mMeshes[m]->mVertices[v];
            size = std::max({size, std::fabs(p.x), std::fabs(p.y), std::fabs(p.z)});
        }
    }
    return size;
}

} // namespace retro_test
