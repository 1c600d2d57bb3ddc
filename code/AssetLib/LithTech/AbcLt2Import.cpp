// assimp-retro: LithTech ABC v9-v13 / v108 import: reader + child models + scene builder.
#include "AbcLt2Import.h"

#include "AbcLt2Reader.h"
#include "AbcLt2SceneBuilder.h"

#include "Common/FileBuffer.h"
#include "Common/ImportError.h"
#include "Common/SceneHelpers.h"
#include "Common/Texture/TextureLookup.h"

#include <assimp/IOSystem.hpp>
#include <assimp/scene.h>

#include <algorithm>
#include <filesystem>
#include <set>

namespace assimp_retro {
namespace abc {

std::string FolderOf(const std::string &path) {
    const size_t slash = path.find_last_of("/\\");
    return slash == std::string::npos ? std::string() : path.substr(0, slash + 1);
}

std::string FindChildModel(Assimp::IOSystem *io, const std::string &folder, const std::string &childName,
        const std::string &extension) {
    const size_t slash = childName.find_last_of("/\\");
    const std::string base = slash == std::string::npos ? childName : childName.substr(slash + 1);
    if (base.empty()) {
        return std::string();
    }
    const std::string lower = ToLower(base);
    const bool hasExtension = lower.size() > extension.size() &&
            lower.compare(lower.size() - extension.size(), extension.size(), ToLower(extension)) == 0;
    const std::vector<std::string> candidates =
            hasExtension ? std::vector<std::string>{base} : std::vector<std::string>{base + extension, base};
    for (const std::string &candidate : candidates) {
        std::string found = FindFileNoCase(io, folder + candidate);
        if (!found.empty()) {
            return found;
        }
    }
    return std::string();
}

namespace {

/// One spelling per file for the cycle and once-only checks: absolute,
/// normalised, forward slashes, lower case. On Windows a path may come
/// without its drive ("/work/a.ltb") or with either slash, where the lookup's
/// answer is "Z:/work/a.ltb"; case never matters there.
std::string PathKey(const std::string &path) {
    std::error_code ec;
    const std::filesystem::path absolute = std::filesystem::absolute(std::filesystem::u8path(path), ec);
    return ToLower(ForwardSlashes(ec ? path : absolute.lexically_normal().generic_u8string()));
}

struct ChildLoader {
    Assimp::IOSystem *io;
    const ChildModelFormat &format;
    std::vector<std::string> chain; ///< the files on the current path, to detect cycles
    std::set<std::string> loaded; ///< each file once
    std::vector<lt2::ChildAnimationSource> out;

    void Warn(const std::string &fileName, const std::string &what) const {
        LogWarning(format.format + ": " + fileName + ": " + what);
    }

    /// The children of `model` (read from `fileName`, chain.size() levels
    /// below the model imported), then theirs.
    void Load(const lt2::Model &model, const std::string &fileName) {
        const std::string folder = FolderOf(fileName);
        for (const lt2::ChildModel &child : model.childModels) {
            const std::string &name = child.name;
            if (name.empty()) {
                continue; // entry 0: the model itself
            }
            if (chain.size() > format.maxDepth) {
                Warn(fileName, "names child models of its own, nested deeper than " + std::to_string(format.maxDepth) +
                        (format.maxDepth == 1 ? " level, " : " levels, ") + format.depthRule + "; not followed");
                return;
            }
            const std::string found = FindChildModel(io, folder, name, format.extension);
            if (found.empty()) {
                Warn(fileName, "child model '" + name + "' not found next to the model; its animations are not imported");
                continue;
            }
            const std::string key = PathKey(found);
            if (std::find(chain.begin(), chain.end(), key) != chain.end()) {
                Warn(fileName, "child model '" + name + "' (" + found + ") refers back to a model that uses it (cycle); skipped");
                continue;
            }
            if (!loaded.insert(key).second) {
                continue; // already imported through another path
            }
            try {
                lt2::ChildAnimationSource source{name, lt2::Model()}; // named as the model names it: no path of this machine
                if (!format.read(ReadWholeFile(io, found, format.format.c_str()), found, source.model)) {
                    Warn(fileName, "child model " + found + " is not " + format.fileKind + "; skipped");
                    continue;
                }
                source.model.pieces.clear(); // only its nodes and animations are used
                const size_t at = out.size();
                out.emplace_back(); // its place: before its own children
                chain.push_back(key);
                Load(source.model, found);
                chain.pop_back();
                out[at] = std::move(source);
            } catch (const ImportError &e) {
                Warn(fileName, "child model " + found + " cannot be read (" + e.what() + "); skipped");
            }
        }
    }
};

} // namespace

std::vector<lt2::ChildAnimationSource> LoadChildModels(const lt2::Model &model, const std::string &fileName,
        Assimp::IOSystem *io, const ChildModelFormat &format) {
    if (!io) {
        return {};
    }
    ChildLoader loader{io, format, {PathKey(fileName)}, {PathKey(fileName)}, {}};
    loader.Load(model, fileName);
    return std::move(loader.out);
}

void ImportLt2(const uint8_t *data, size_t size, const std::string &fileName, Assimp::IOSystem *io,
        const Lt2ImportSettings &settings, aiScene *scene) {
    lt2::Model model = lt2::ReadModel(data, size, fileName);
    std::vector<lt2::ChildAnimationSource> children;
    // Entry 0 (no name) is the model itself: most files name no other.
    const bool namesChildren = std::any_of(model.childModels.begin(), model.childModels.end(),
            [](const lt2::ChildModel &child) { return !child.name.empty(); });
    if (settings.childModels && namesChildren) {
        ChildModelFormat abc;
        abc.format = "ABC";
        abc.extension = ".abc";
        abc.maxDepth = 16;
        abc.fileKind = "an ABC v9+ file";
        abc.depthRule = "which the importer does not follow";
        abc.read = [](const std::vector<uint8_t> &bytes, const std::string &file, lt2::Model &child) {
            if (!lt2::LooksLikeLt2(bytes.data(), bytes.size())) {
                return false;
            }
            child = lt2::ReadModel(bytes.data(), bytes.size(), file);
            return true;
        };
        children = LoadChildModels(model, fileName, io, abc);
    }
    lt2::BuildScene(std::move(model), std::move(children), settings, fileName, scene);
}

} // namespace abc
} // namespace assimp_retro
