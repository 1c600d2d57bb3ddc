// assimp-retro: reading a whole file through Assimp's IOSystem.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace Assimp {
class IOSystem;
}

namespace assimp_retro {

/// The largest input file the importers read (2 GiB).
constexpr uint64_t kMaxInputFileBytes = uint64_t(1) << 31;

/// Reads the whole file. Throws ImportError ("<format>: <file>: ...") if it
/// cannot be opened, is empty, is larger than `maxBytes`, or reads short.
std::vector<uint8_t> ReadWholeFile(Assimp::IOSystem *io, const std::string &path, const char *format,
        uint64_t maxBytes = kMaxInputFileBytes);

/// A whole file's bytes, read-only. A plain file of 1 MiB or more that
/// Assimp's default IO system opened (a DefaultIOStream) is memory-mapped
/// where the platform allows: its pages belong to the page cache, are read when first touched
/// and are not copied to the heap. Anything else (a memory import, a custom
/// IO system, a platform without mmap) is read into a heap buffer.
/// (A mapped file that another process truncates during the import would
/// fault when the missing pages are touched; the heap path cannot. The
/// importers map only while AI_CONFIG_IMPORT_RETRO_MAP_FILES is true.)
class FileBytes {
public:
    FileBytes() = default;
    FileBytes(FileBytes &&other) noexcept;
    FileBytes &operator=(FileBytes &&other) noexcept;
    FileBytes(const FileBytes &) = delete;
    FileBytes &operator=(const FileBytes &) = delete;
    ~FileBytes();

    const uint8_t *data() const { return mData; }
    size_t size() const { return mSize; }
    bool mapped() const { return mMapping != nullptr; }
    /// Gives the bytes back now (the object is then empty).
    void Release();

private:
    friend FileBytes ReadOrMapWholeFile(Assimp::IOSystem *, const std::string &, const char *, uint64_t, bool);
    std::unique_ptr<uint8_t[]> mBuffer; ///< the heap copy, when not mapped (not zero-filled before the read)
    void *mMapping = nullptr; ///< the mapping, when mapped
    const uint8_t *mData = nullptr;
    size_t mSize = 0;
};

/// As ReadWholeFile (the same checks and messages), mapping the file where
/// FileBytes says unless `allowMapping` is false (AI_CONFIG_IMPORT_RETRO_MAP_FILES).
/// For readers that hold the bytes during the whole read.
FileBytes ReadOrMapWholeFile(Assimp::IOSystem *io, const std::string &path, const char *format,
        uint64_t maxBytes = kMaxInputFileBytes, bool allowMapping = true);

/// The file name without folders (either separator) and without its last
/// extension: "data/OBANdoor.oni" -> "OBANdoor". Root nodes are named after it.
std::string FileStem(const std::string &path);

/// Reads up to `count` bytes from the start of the file (for CanRead);
/// returns fewer (or none) if the file is shorter or cannot be opened.
std::vector<uint8_t> ReadFileHead(Assimp::IOSystem *io, const std::string &path, size_t count);

} // namespace assimp_retro
