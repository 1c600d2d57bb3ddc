// assimp-retro: what GltfDocument's loading (GltfDocument.cpp) and saving
// (GltfDocumentSave.cpp) share. Two files, so that the JSON library's
// serializer and parser are each compiled in one object of the build
// (docs/benchmarks.md, "Build time").
#pragma once

#include <cstdint>
#include <string>

namespace assimp_retro {
namespace gltf_file {

constexpr uint32_t kGlbMagic = 0x46546C67; // "glTF"
constexpr uint32_t kChunkJson = 0x4E4F534A; // "JSON"
constexpr uint32_t kChunkBin = 0x004E4942; // "BIN\0"

/// The base64 alphabet of data URIs.
constexpr char kBase64[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/// `text` with every `from` replaced by `to`.
inline std::string ReplaceAll(const std::string &text, const std::string &from, const std::string &to) {
    std::string out;
    out.reserve(text.size());
    size_t start = 0;
    for (size_t at = text.find(from); at != std::string::npos; at = text.find(from, start)) {
        out.append(text, start, at - start);
        out += to;
        start = at + from.size();
    }
    out.append(text, start, std::string::npos);
    return out;
}

} // namespace gltf_file
} // namespace assimp_retro
