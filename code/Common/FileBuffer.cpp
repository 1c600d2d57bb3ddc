#include "FileBuffer.h"

#include "ImportError.h"
#include "SceneHelpers.h"

#include <assimp/DefaultIOStream.h>
#include <assimp/IOStream.hpp>
#include <assimp/IOSystem.hpp>

#include <functional>
#include <memory>
#include <utility>

#if defined(__unix__) || defined(__APPLE__)
#define ASSIMP_RETRO_HAS_MMAP 1
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#elif defined(_WIN32)
#define ASSIMP_RETRO_HAS_MMAP 1
#include "Common/WindowsApi.h"

#include <filesystem>
#else
#define ASSIMP_RETRO_HAS_MMAP 0
#endif

namespace assimp_retro {

namespace {

/// Smaller files are read: mapping costs a few system calls and page faults
/// that a copy of under 1 MiB does not, and such a copy holds little memory.
constexpr size_t kMinMappedBytes = size_t(1) << 20;

using StreamPtr = std::unique_ptr<Assimp::IOStream, std::function<void(Assimp::IOStream *)>>;

/// The file opened through `io`, its size checked (not empty, at most maxBytes).
/// Errors start with MessagePrefix(format, path), built only for an error.
StreamPtr OpenChecked(Assimp::IOSystem *io, const std::string &path, const char *format, uint64_t maxBytes,
        size_t &size) {
    const auto prefix = [&] { return MessagePrefix(format, path); };
    if (!io) {
        throw ImportError(prefix() + "no IO system");
    }
    StreamPtr stream(io->Open(path, "rb"), [io](Assimp::IOStream *s) {
        if (s) io->Close(s);
    });
    if (!stream) {
        throw ImportError(prefix() + "cannot open file");
    }
    size = stream->FileSize();
    if (size == 0) {
        throw ImportError(prefix() + "file is empty");
    }
    if (size > maxBytes) {
        throw ImportError(prefix() + "file of " + std::to_string(size) + " bytes exceeds the limit of " +
                std::to_string(maxBytes));
    }
    return stream;
}

/// A read-only private mapping of `path` if it is a regular file of exactly
/// `size` bytes (the one the default IO system opened under that name), else nullptr.
void *MapFile(const std::string &path, size_t size) {
#if ASSIMP_RETRO_HAS_MMAP && defined(_WIN32)
    // Assimp's default IO system opens the UTF-8 name through the wide API
    // (_wfopen): the same file here, through CreateFileW.
    const HANDLE file = ::CreateFileW(std::filesystem::u8path(path).c_str(), GENERIC_READ,
            FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE, nullptr, OPEN_EXISTING, FILE_ATTRIBUTE_NORMAL,
            nullptr);
    if (file == INVALID_HANDLE_VALUE) {
        return nullptr;
    }
    void *mapping = nullptr;
    LARGE_INTEGER fileSize;
    if (::GetFileType(file) == FILE_TYPE_DISK && ::GetFileSizeEx(file, &fileSize) &&
            uint64_t(fileSize.QuadPart) == size) {
        const HANDLE section = ::CreateFileMappingW(file, nullptr, PAGE_READONLY, 0, 0, nullptr);
        if (section) {
            mapping = ::MapViewOfFile(section, FILE_MAP_READ, 0, 0, size);
            ::CloseHandle(section); // the view keeps the section alive
        }
    }
    ::CloseHandle(file);
    return mapping;
#elif ASSIMP_RETRO_HAS_MMAP
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        return nullptr;
    }
    struct stat info;
    void *mapping = nullptr;
    if (::fstat(fd, &info) == 0 && S_ISREG(info.st_mode) && uint64_t(info.st_size) == size) {
        mapping = ::mmap(nullptr, size, PROT_READ, MAP_PRIVATE, fd, 0);
        if (mapping == MAP_FAILED) {
            mapping = nullptr;
        }
    }
    ::close(fd); // the mapping stays valid
    return mapping;
#else
    (void)path;
    (void)size;
    return nullptr;
#endif
}

} // namespace

std::vector<uint8_t> ReadWholeFile(Assimp::IOSystem *io, const std::string &path, const char *format,
        uint64_t maxBytes) {
    size_t size = 0;
    const StreamPtr stream = OpenChecked(io, path, format, maxBytes, size);
    std::vector<uint8_t> data(size);
    if (stream->Read(data.data(), 1, size) != size) {
        throw ImportError(MessagePrefix(format, path) + "short read");
    }
    return data;
}

FileBytes::FileBytes(FileBytes &&other) noexcept {
    *this = std::move(other);
}

FileBytes &FileBytes::operator=(FileBytes &&other) noexcept {
    if (this != &other) {
        Release();
        mBuffer = std::move(other.mBuffer);
        std::swap(mMapping, other.mMapping);
        std::swap(mData, other.mData);
        std::swap(mSize, other.mSize);
    }
    return *this;
}

FileBytes::~FileBytes() {
    Release();
}

void FileBytes::Release() {
#if ASSIMP_RETRO_HAS_MMAP
    if (mMapping) {
#if defined(_WIN32)
        ::UnmapViewOfFile(mMapping);
#else
        ::munmap(mMapping, mSize);
#endif
    }
#endif
    mMapping = nullptr;
    mBuffer.reset();
    mData = nullptr;
    mSize = 0;
}

FileBytes ReadOrMapWholeFile(Assimp::IOSystem *io, const std::string &path, const char *format, uint64_t maxBytes,
        bool allowMapping) {
    size_t size = 0;
    const StreamPtr stream = OpenChecked(io, path, format, maxBytes, size);
    FileBytes bytes;
    if (allowMapping && size >= kMinMappedBytes && dynamic_cast<Assimp::DefaultIOStream *>(stream.get())) {
        bytes.mMapping = MapFile(path, size);
    }
    if (bytes.mMapping) {
        bytes.mData = static_cast<const uint8_t *>(bytes.mMapping);
    } else {
        bytes.mBuffer.reset(new uint8_t[size]);
        if (stream->Read(bytes.mBuffer.get(), 1, size) != size) {
            throw ImportError(MessagePrefix(format, path) + "short read");
        }
        bytes.mData = bytes.mBuffer.get();
    }
    bytes.mSize = size;
    return bytes;
}

std::string FileStem(const std::string &path) {
    const size_t slash = path.find_last_of("/\\");
    std::string name = slash == std::string::npos ? path : path.substr(slash + 1);
    const size_t dot = name.find_last_of('.');
    if (dot != std::string::npos && dot > 0) {
        name.resize(dot);
    }
    return name;
}

std::vector<uint8_t> ReadFileHead(Assimp::IOSystem *io, const std::string &path, size_t count) {
    std::vector<uint8_t> head;
    if (!io) {
        return head;
    }
    Assimp::IOStream *stream = io->Open(path, "rb");
    if (!stream) {
        return head;
    }
    const size_t size = stream->FileSize();
    head.resize(size < count ? size : count);
    const size_t got = head.empty() ? 0 : stream->Read(head.data(), 1, head.size());
    head.resize(got);
    io->Close(stream);
    return head;
}

} // namespace assimp_retro
