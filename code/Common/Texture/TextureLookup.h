// assimp-retro: finding the texture files a model uses, the way the games do.
//
// Paths are matched case-insensitively with '\' or '/' as separator. A
// candidate is tried first exactly as written through the importer's
// IOSystem (so a custom or in-memory IOSystem that knows the name works), then
// component by component on the filesystem, ignoring case: IOSystem cannot
// list folders, and game data (FAT-era names, "TZK_Objects" vs
// "tzk_objects") needs case-insensitive matching. The returned name is then
// opened through the same IOSystem.
//
// A DirectoryCache lists each folder once per lookup session (one import):
// every candidate path of every texture is resolved against those listings.
#pragma once

#include <filesystem>
#include <map>
#include <string>
#include <vector>

namespace Assimp {
class IOSystem;
}

namespace assimp_retro {

/// Folder listings for case-insensitive lookups, each folder listed at most
/// once. Not thread-safe: one per import (lookup session). Folders that change
/// during the session are not seen to change.
class DirectoryCache {
public:
    /// The real name of the entry of `folder` named `name` ignoring case
    /// ("" if none); the exact spelling wins when several entries match.
    std::string EntryNoCase(const std::string &folder, const std::string &name);
    /// Whether that entry (as returned by EntryNoCase) is a regular file.
    bool IsRegularFile(const std::string &folder, const std::string &entry);
    /// How many folders have been listed (for tests and benchmarks).
    size_t Listings() const { return listings_; }

private:
    struct Entry {
        std::string name;
        bool regularFile = false;
    };
    struct Folder {
        bool listed = false; // false: could not be listed; fall back to exact names
        std::map<std::string, std::vector<Entry>> byLowerName;
    };
    const Folder &List(const std::string &folder);
    const Entry *Find(const Folder &folder, const std::string &name) const;

    std::map<std::string, Folder> folders_;
    size_t listings_ = 0;
};

/// Splits a property list at ';' and '|' (entries trimmed, empty ones kept
/// when `keepEmpty`, e.g. to skip a material index in a skin list).
std::vector<std::string> SplitPathList(const std::string &list, bool keepEmpty = false);

/// The existing file `path` names, matched case-insensitively with either
/// separator; "" if there is none. `io` is asked first for the exact name (a
/// custom IOSystem may know files the disk does not); null: the disk only.
std::string FindFileNoCase(Assimp::IOSystem *io, const std::string &path);
std::string FindFileNoCase(Assimp::IOSystem *io, const std::string &path, DirectoryCache &dirs);

/// Whether `a` and `b` are the same name ignoring ASCII case.
bool SameNoCase(const std::string &a, const std::string &b);

/// `path` with every backslash turned into '/'.
std::string ForwardSlashes(std::string path);

/// The model's folder and every folder above it, nearest first (absolute).
std::vector<std::filesystem::path> FoldersAbove(const std::string &modelFile);

/// The file `fileName` in the model's folder: where a texture copied next to
/// its model is, whatever folders the model's own path names. "" if none.
std::string FindBesideModel(Assimp::IOSystem *io, const std::string &modelFile, const std::string &fileName,
        DirectoryCache &dirs);

} // namespace assimp_retro
