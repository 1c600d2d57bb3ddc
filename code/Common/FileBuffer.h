// assimp-retro: reading a whole file through Assimp's IOSystem.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace Assimp {
class IOSystem;
}

namespace assimp_retro {

/// Reads the whole file. Throws ImportError ("<format>: <file>: ...") if it
/// cannot be opened, is empty, is larger than `maxBytes`, or reads short.
std::vector<uint8_t> ReadWholeFile(Assimp::IOSystem *io, const std::string &path, const char *format,
        uint64_t maxBytes = uint64_t(1) << 31);

/// The file name without folders (either separator) and without its last
/// extension: "data/OBANdoor.oni" -> "OBANdoor". Root nodes are named after it.
std::string FileStem(const std::string &path);

/// Reads up to `count` bytes from the start of the file (for CanRead);
/// returns fewer (or none) if the file is shorter or cannot be opened.
std::vector<uint8_t> ReadFileHead(Assimp::IOSystem *io, const std::string &path, size_t count);

} // namespace assimp_retro
