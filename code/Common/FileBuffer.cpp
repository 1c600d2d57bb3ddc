#include "FileBuffer.h"

#include "ImportError.h"

#include <assimp/IOStream.hpp>
#include <assimp/IOSystem.hpp>

#include <functional>
#include <memory>

namespace assimp_retro {

std::vector<uint8_t> ReadWholeFile(Assimp::IOSystem *io, const std::string &path, const char *format, uint64_t maxBytes) {
    const std::string prefix = std::string(format) + ": " + path + ": ";
    if (!io) {
        throw ImportError(prefix + "no IO system");
    }
    std::unique_ptr<Assimp::IOStream, std::function<void(Assimp::IOStream *)>> stream(
            io->Open(path, "rb"), [io](Assimp::IOStream *s) { if (s) io->Close(s); });
    if (!stream) {
        throw ImportError(prefix + "cannot open file");
    }
    const size_t size = stream->FileSize();
    if (size == 0) {
        throw ImportError(prefix + "file is empty");
    }
    if (size > maxBytes) {
        throw ImportError(prefix + "file of " + std::to_string(size) + " bytes exceeds the limit of " + std::to_string(maxBytes));
    }
    std::vector<uint8_t> data(size);
    if (stream->Read(data.data(), 1, size) != size) {
        throw ImportError(prefix + "short read");
    }
    return data;
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
