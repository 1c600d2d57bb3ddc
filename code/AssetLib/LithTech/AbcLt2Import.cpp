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

const size_t kMaxChildDepth = 16;

/// Loads the child models of `model` (and theirs, depth first) into `out`.
/// `chain` holds the files on the current path, to detect cycles.
void LoadChildren(const lt2::Model &model, const std::string &fileName, Assimp::IOSystem *io,
        std::vector<std::string> &chain, std::set<std::string> &loaded, std::vector<lt2::ChildAnimationSource> &out) {
    if (!io) {
        return;
    }
    const std::string folder = FolderOf(fileName);
    for (size_t i = 0; i < model.childModels.size(); ++i) {
        const std::string &name = model.childModels[i].name;
        if (name.empty()) {
            continue; // entry 0: the model itself
        }
        const std::string found = FindChildModel(io, folder, name, ".abc");
        if (found.empty()) {
            LogWarning("ABC: " + fileName + ": child model '" + name +
                    "' not found next to the model; its animations are not imported");
            continue;
        }
        const std::string key = ToLower(found);
        if (std::find(chain.begin(), chain.end(), key) != chain.end()) {
            LogWarning("ABC: " + fileName + ": child model '" + name + "' (" + found +
                    ") refers back to a model that uses it (cycle); skipped");
            continue;
        }
        if (!loaded.insert(key).second) {
            continue; // already imported through another path
        }
        if (chain.size() >= kMaxChildDepth) {
            LogWarning("ABC: " + fileName + ": child models nested deeper than " + std::to_string(kMaxChildDepth) +
                    "; '" + name + "' skipped");
            continue;
        }
        try {
            const std::vector<uint8_t> bytes = ReadWholeFile(io, found, "ABC");
            if (!lt2::LooksLikeLt2(bytes.data(), bytes.size())) {
                LogWarning("ABC: " + fileName + ": child model " + found + " is not an ABC v9+ file; skipped");
                continue;
            }
            // Named as the model names it: outputs hold no path of this machine.
            lt2::ChildAnimationSource source{name, lt2::ReadModel(bytes.data(), bytes.size(), found)};
            chain.push_back(key);
            std::vector<lt2::ChildAnimationSource> grandChildren;
            LoadChildren(source.model, found, io, chain, loaded, grandChildren);
            chain.pop_back();
            // Keep only what the builder needs from the child: nodes and animations.
            source.model.pieces.clear();
            out.push_back(std::move(source));
            for (auto &g : grandChildren) {
                out.push_back(std::move(g));
            }
        } catch (const ImportError &e) {
            LogWarning("ABC: " + fileName + ": child model " + found + " cannot be read (" + e.what() + "); skipped");
        }
    }
}

} // namespace

void ImportLt2(const uint8_t *data, size_t size, const std::string &fileName, Assimp::IOSystem *io,
        const Lt2ImportSettings &settings, aiScene *scene) {
    const lt2::Model model = lt2::ReadModel(data, size, fileName);
    std::vector<lt2::ChildAnimationSource> children;
    // Entry 0 (no name) is the model itself: most files name no other.
    const bool namesChildren = std::any_of(model.childModels.begin(), model.childModels.end(),
            [](const lt2::ChildModel &child) { return !child.name.empty(); });
    if (settings.childModels && namesChildren) {
        std::vector<std::string> chain{ToLower(fileName)};
        std::set<std::string> loaded{ToLower(fileName)};
        LoadChildren(model, fileName, io, chain, loaded, children);
    }
    lt2::BuildScene(model, children, settings, fileName, scene);
}

} // namespace abc
} // namespace assimp_retro
