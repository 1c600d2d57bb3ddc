// assimp-retro tool: the file names of `export --split-animations`.
#include "Tool.h"

#include <cstring>
#include <set>

namespace retro_tool {

namespace {

/// Longest name part in bytes: with the output's stem and extension the file
/// name stays well below the 255 that Windows and Linux allow.
constexpr size_t kMaxNameBytes = 100;

/// Windows' device names, reserved with any extension ("con.glb").
bool IsReservedOnWindows(const std::string &name) {
    static const char *const kDevices[] = {"con", "prn", "aux", "nul", "com1", "com2", "com3", "com4", "com5",
            "com6", "com7", "com8", "com9", "lpt1", "lpt2", "lpt3", "lpt4", "lpt5", "lpt6", "lpt7", "lpt8", "lpt9"};
    const std::string base = ToLower(name.substr(0, name.find('.')));
    for (const char *device : kDevices) {
        if (base == device) {
            return true;
        }
    }
    return false;
}

/// `text` cut to at most `bytes` bytes, not inside a UTF-8 sequence.
std::string CutUtf8(const std::string &text, size_t bytes) {
    if (text.size() <= bytes) {
        return text;
    }
    size_t end = bytes;
    while (end > 0 && (static_cast<unsigned char>(text[end]) & 0xC0) == 0x80) {
        --end;
    }
    return text.substr(0, end);
}

} // namespace

std::string SafeFileNamePart(const std::string &name) {
    std::string safe;
    for (const char c : name) {
        const unsigned char byte = static_cast<unsigned char>(c);
        const bool forbidden = byte < 0x20 || byte == 0x7F || std::strchr("<>:\"/\\|?*", c) != nullptr;
        safe += forbidden ? '_' : c;
    }
    safe = CutUtf8(safe, kMaxNameBytes);
    if (safe.empty()) {
        safe = "animation";
    }
    if (safe.back() == '.' || safe.back() == ' ') {
        safe.back() = '_'; // Windows drops a trailing dot or space
    }
    if (IsReservedOnWindows(safe)) {
        safe.insert(safe.begin(), '_');
    }
    return safe;
}

std::vector<std::string> SplitAnimationPaths(const std::string &output, const std::vector<std::string> &names) {
    const size_t slash = output.find_last_of("/\\");
    const size_t dot = output.find_last_of('.');
    const bool hasExtension = dot != std::string::npos && (slash == std::string::npos || dot > slash);
    const std::string stem = hasExtension ? output.substr(0, dot) : output;
    const std::string extension = hasExtension ? output.substr(dot) : std::string();
    // Unique ignoring case, as Windows and macOS compare file names.
    std::set<std::string> taken;
    std::vector<std::string> paths;
    for (const std::string &name : names) {
        const std::string safe = SafeFileNamePart(name);
        std::string part = safe;
        for (unsigned n = 2; !taken.insert(ToLower(part)).second; ++n) {
            part = safe + "~" + std::to_string(n);
        }
        paths.push_back(stem + "." + part + extension);
    }
    return paths;
}

} // namespace retro_tool
