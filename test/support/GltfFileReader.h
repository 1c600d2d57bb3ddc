// Test-side reader for .gltf / .glb files, written independently of the
// library's GltfDocument: JSON, GLB layout checks, accessor data as floats.
#pragma once

#include <nlohmann/json.hpp>

#include <cstdint>
#include <string>
#include <vector>

namespace gltf_test {

struct GltfFile {
    nlohmann::json json;
    std::vector<uint8_t> buffer0; ///< bytes of buffers[0] (GLB BIN chunk, .bin file or data: URI)
    bool glb = false;
    uint32_t glbLength = 0;       ///< GLB header length field
    uint32_t jsonChunkLength = 0;
    uint32_t binChunkLength = 0;
    std::vector<uint8_t> jsonChunk; ///< raw JSON chunk (with padding)
    std::vector<uint8_t> binChunk;  ///< raw BIN chunk (with padding)
    uint64_t fileSize = 0;
};

/// Reads the file; records a gtest failure and returns false when it cannot.
bool ReadGltfFile(const std::string &path, GltfFile &out);

/// The floats of accessor `index` (componentType FLOAT, tightly packed; any type, MAT4 too).
std::vector<float> AccessorFloats(const GltfFile &file, size_t index);

/// Index of the node named `name`, or -1.
long long NodeIndex(const nlohmann::json &json, const std::string &name);

} // namespace gltf_test
