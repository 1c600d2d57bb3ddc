// assimp-retro: a glTF 2.0 file (.gltf + its buffer, or .glb) as JSON plus
// the one buffer new binary data is appended to. Used by the glTF completion.
#pragma once

#include <nlohmann/json.hpp>

#include <cstdint>
#include <string>
#include <vector>

namespace assimp_retro {

class GltfDocument {
public:
    using Json = nlohmann::ordered_json; ///< keeps the exporter's key order

    /// Reads `path`; GLB is recognised by its magic, anything else is parsed
    /// as .gltf JSON. Returns false and sets `error` on failure.
    bool Load(const std::string &path, std::string &error);

    /// Writes the JSON (and the appended buffer data) back to the loaded path
    /// (and the external .bin), each through a temporary file and a rename.
    bool Save(std::string &error);

    Json &Root() { return mJson; }
    bool IsBinary() const { return mBinary; }

    /// Appends `size` bytes to buffer 0 (created if the file has none), after
    /// zero padding to a multiple of 4, and adds a bufferView for them.
    /// Returns the bufferView index, or -1 and sets `error`.
    long long AppendBufferView(const void *data, size_t size, std::string &error);

    /// Appends a float accessor (componentType 5126, `type` "SCALAR", ...)
    /// holding `values` in a new bufferView. With `withBounds`, writes
    /// min/max (per component). Returns the accessor index or -1.
    long long AppendFloatAccessor(const std::vector<float> &values, const char *type, unsigned components,
            bool withBounds, std::string &error);

    /// The shortest decimal that reads back as `value` when converted to
    /// float, as a double (0.1f is written 0.1, not 0.10000000149011612).
    static double FloatToJson(float value);

private:
    enum class BufferKind { None, GlbChunk, External, DataUri };

    bool LoadBuffer(std::string &error);

    std::string mPath;
    bool mBinary = false;
    Json mJson;
    // GLB chunks other than JSON and BIN, kept verbatim (type, payload).
    std::vector<std::pair<uint32_t, std::vector<uint8_t>>> mOtherChunks;
    bool mHasBinChunk = false;
    std::vector<uint8_t> mBinChunk; // GLB BIN chunk payload as read

    // Buffer 0, loaded on the first append.
    bool mBufferLoaded = false;
    bool mBufferChanged = false;
    BufferKind mBufferKind = BufferKind::None;
    std::string mBufferFile; // External: absolute path of the .bin
    std::string mDataUriPrefix; // DataUri: "data:...;base64,"
    std::vector<uint8_t> mBuffer;
};

} // namespace assimp_retro
