#include "ViewPaths.h"

#include "Tool.h"

namespace fs = std::filesystem;

namespace retro_tool {

namespace {

int HexValue(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

/// Percent-decoding; false for a malformed escape or a NUL.
bool Decode(const std::string &text, std::string &decoded) {
    for (size_t i = 0; i < text.size(); ++i) {
        char c = text[i];
        if (c == '%') {
            if (i + 2 >= text.size() || HexValue(text[i + 1]) < 0 || HexValue(text[i + 2]) < 0) {
                return false;
            }
            c = char(HexValue(text[i + 1]) * 16 + HexValue(text[i + 2]));
            i += 2;
        }
        if (c == '\0') {
            return false;
        }
        decoded += c;
    }
    return true;
}

} // namespace

bool IsInsideFolder(const fs::path &path, const fs::path &folder) {
    auto p = path.begin();
    for (auto f = folder.begin(); f != folder.end(); ++f, ++p) {
        if (p == path.end() || *p != *f) {
            return false;
        }
    }
    return true;
}

fs::path ResolveServedPath(const fs::path &root, const std::string &target) {
    std::string path = target.substr(0, target.find_first_of("?#"));
    std::string decoded;
    if (path.empty() || path[0] != '/' || !Decode(path.substr(1), decoded)) {
        return {};
    }
    if (decoded.empty()) {
        decoded = "index.html";
    }
    // Only plain segments: no "", ".", "..", no backslash, no drive ("C:").
    size_t start = 0;
    while (true) {
        const size_t end = decoded.find('/', start);
        const std::string segment = decoded.substr(start, end == std::string::npos ? std::string::npos : end - start);
        if (segment.empty() || segment == "." || segment == ".." || segment.find_first_of("\\:") != std::string::npos) {
            return {};
        }
        if (end == std::string::npos) {
            break;
        }
        start = end + 1;
    }
    const fs::path relative = fs::u8path(decoded);
    if (relative.is_absolute() || relative.has_root_name() || relative.has_root_directory()) {
        return {};
    }
    std::error_code ec;
    const fs::path file = fs::canonical(root / relative, ec); // symbolic links resolved
    if (ec || !IsInsideFolder(file, root) || !fs::is_regular_file(file, ec)) {
        return {};
    }
    return file;
}

const char *ContentTypeFor(const fs::path &file) {
    const std::string extension = ToLower(file.extension().u8string());
    if (extension == ".html") return "text/html; charset=utf-8";
    if (extension == ".js" || extension == ".mjs") return "text/javascript; charset=utf-8";
    if (extension == ".css") return "text/css; charset=utf-8";
    if (extension == ".json" || extension == ".gltf") return "application/json";
    if (extension == ".png") return "image/png";
    if (extension == ".glb") return "model/gltf-binary";
    return "application/octet-stream";
}

} // namespace retro_tool
