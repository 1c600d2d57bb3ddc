// assimp-retro tool: which file a request of `assimp-retro view` may read
// (View.cpp). Apart from the sockets so that it is tested on its own.
#pragma once

#include <filesystem>
#include <string>

namespace retro_tool {

/// The file under `root` (an absolute, canonical folder) that the URL path
/// `target` names ("/a/b.glb?x" -> root/a/b.glb; "/" -> root/index.html), or
/// an empty path when it must be refused: anything but a plain relative path
/// after percent-decoding (a "." or ".." segment, a backslash, a drive or
/// root name, a NUL, malformed escapes), or a file that, with symbolic links
/// resolved, lies outside `root`.
std::filesystem::path ResolveServedPath(const std::filesystem::path &root, const std::string &target);

/// The Content-Type for a file name's extension.
const char *ContentTypeFor(const std::filesystem::path &file);

} // namespace retro_tool
