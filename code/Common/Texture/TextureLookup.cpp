#include "Common/Texture/TextureLookup.h"

#include "Common/SceneHelpers.h"

#include <assimp/IOSystem.hpp>

#include <algorithm>
#include <filesystem>
#include <system_error>

namespace fs = std::filesystem;

namespace assimp_retro {

namespace {

// `path` resolved component by component on the filesystem, ignoring case.
std::string FindOnDiskNoCase(const std::string &path, DirectoryCache &dirs) {
    fs::path wanted = fs::u8path(ForwardSlashes(path));
#if defined(_WIN32)
    // "/game/x" means the current drive's: with the drive, so that a folder has
    // one spelling in the directory cache whichever way it was reached.
    if (wanted.has_root_directory() && !wanted.has_root_name()) {
        std::error_code ec;
        wanted = fs::absolute(wanted, ec);
    }
#endif
    fs::path found = wanted.root_path();
    std::string lastFolder, lastEntry; // where the last component was found
    for (const fs::path &part : wanted.relative_path()) {
        const std::string name = part.u8string();
        if (name.empty() || name == "." || name == "..") {
            found /= part;
            lastEntry.clear();
            continue;
        }
        lastFolder = found.generic_u8string(); // one key per folder, whichever separators led there
        lastEntry = dirs.EntryNoCase(lastFolder, name);
        if (lastEntry.empty()) {
            return "";
        }
        found /= fs::u8path(lastEntry);
    }
    std::error_code ec;
    const bool regularFile =
            lastEntry.empty() ? fs::is_regular_file(found, ec) : dirs.IsRegularFile(lastFolder, lastEntry);
    return regularFile ? found.generic_u8string() : "";
}

} // namespace

bool SameNoCase(const std::string &a, const std::string &b) {
    return a.size() == b.size() && ToLower(a) == ToLower(b);
}

std::string ForwardSlashes(std::string path) {
    std::replace(path.begin(), path.end(), '\\', '/');
    return path;
}

std::vector<fs::path> FoldersAbove(const std::string &modelFile) {
    std::error_code ec;
    fs::path folder = fs::absolute(fs::u8path(ForwardSlashes(modelFile)), ec).lexically_normal().parent_path();
    std::vector<fs::path> folders;
    while (!folder.empty()) {
        folders.push_back(folder);
        if (folder == folder.root_path() || folder.parent_path() == folder) {
            break;
        }
        folder = folder.parent_path();
    }
    return folders;
}

std::string FindBesideModel(Assimp::IOSystem *io, const std::string &modelFile, const std::string &fileName,
        DirectoryCache &dirs) {
    const std::vector<fs::path> folders = FoldersAbove(modelFile);
    return folders.empty() || fileName.empty()
            ? ""
            : FindFileNoCase(io, (folders.front() / fs::u8path(fileName)).u8string(), dirs);
}

const DirectoryCache::Folder &DirectoryCache::List(const std::string &folder) {
    auto known = folders_.find(folder);
    if (known != folders_.end()) {
        return known->second;
    }
    Folder &listing = folders_[folder];
    std::error_code ec;
    fs::directory_iterator it(folder.empty() ? fs::path(".") : fs::u8path(folder), ec), end;
    listing.listed = !ec;
    if (listing.listed) {
        ++listings_;
    }
    for (; !ec && it != end; it.increment(ec)) {
        std::error_code typeError;
        Entry entry{it->path().filename().u8string(), it->is_regular_file(typeError)};
        listing.byLowerName[ToLower(entry.name)].push_back(std::move(entry));
    }
    return listing;
}

const DirectoryCache::Entry *DirectoryCache::Find(const Folder &folder, const std::string &name) const {
    const auto matches = folder.byLowerName.find(ToLower(name));
    if (matches == folder.byLowerName.end()) {
        return nullptr;
    }
    for (const Entry &entry : matches->second) {
        if (entry.name == name) {
            return &entry;
        }
    }
    return &matches->second.front();
}

std::string DirectoryCache::EntryNoCase(const std::string &folder, const std::string &name) {
    const Folder &listing = List(folder);
    if (!listing.listed) { // e.g. a folder we may enter but not read: exact names only
        std::error_code ec;
        return fs::exists(fs::u8path(folder) / fs::u8path(name), ec) ? name : "";
    }
    const Entry *entry = Find(listing, name);
    return entry ? entry->name : "";
}

bool DirectoryCache::IsRegularFile(const std::string &folder, const std::string &entry) {
    const Folder &listing = List(folder);
    const Entry *found = listing.listed ? Find(listing, entry) : nullptr;
    std::error_code ec;
    return found ? found->regularFile : fs::is_regular_file(fs::u8path(folder) / fs::u8path(entry), ec);
}

std::vector<std::string> SplitPathList(const std::string &list, bool keepEmpty) {
    std::vector<std::string> entries;
    if (list.empty()) {
        return entries; // no entry (keepEmpty keeps no trailing empty one)
    }
    size_t start = 0;
    while (start <= list.size()) {
        size_t end = list.find_first_of(";|", start);
        if (end == std::string::npos) {
            end = list.size();
        }
        std::string entry = list.substr(start, end - start);
        const size_t first = entry.find_first_not_of(" \t");
        const size_t last = entry.find_last_not_of(" \t");
        entry = first == std::string::npos ? std::string() : entry.substr(first, last - first + 1);
        if (!entry.empty() || keepEmpty) {
            entries.push_back(entry);
        }
        start = end + 1;
    }
    while (keepEmpty && !entries.empty() && entries.back().empty()) {
        entries.pop_back();
    }
    return entries;
}

std::string FindFileNoCase(Assimp::IOSystem *io, const std::string &path) {
    DirectoryCache dirs;
    return FindFileNoCase(io, path, dirs);
}

std::string FindFileNoCase(Assimp::IOSystem *io, const std::string &path, DirectoryCache &dirs) {
    // A path of blanks and line ends only names no file, and Assimp's
    // FileSystemFilter (the IOSystem an importer is given) must never see
    // one: its Cleanup() skips them through the terminating NUL and then
    // erases a negative length (found by fuzz_ltb with a child model named
    // so, in a model read from memory or from the current folder).
    if (path.find_first_not_of(std::string(" \t\r\n\f\0", 6)) == std::string::npos) {
        return "";
    }
    const std::string slashed = ForwardSlashes(path);
#if defined(_WIN32)
    // Windows' file system ignores case, and Assimp's Exists() there is true
    // for a folder too: a file on disk is looked up as on Linux, so that the
    // answer (a regular file, spelled as on disk) is the same on both.
    std::error_code ec;
    if (fs::exists(fs::u8path(slashed), ec)) {
        return FindOnDiskNoCase(slashed, dirs);
    }
#endif
    if (io && io->Exists(path.c_str())) {
        return path;
    }
    if (io && slashed != path && io->Exists(slashed.c_str())) {
        return slashed;
    }
    return FindOnDiskNoCase(slashed, dirs);
}

} // namespace assimp_retro
