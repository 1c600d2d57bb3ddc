#include "Export/GltfDocument.h"

#include <charconv>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <limits>

#if defined(_WIN32)
#include "Common/WindowsApi.h"
#else
#include <unistd.h>
#endif

namespace fs = std::filesystem;

namespace assimp_retro {
namespace {

constexpr uint32_t kGlbMagic = 0x46546C67; // "glTF"
constexpr uint32_t kChunkJson = 0x4E4F534A; // "JSON"
constexpr uint32_t kChunkBin = 0x004E4942;  // "BIN\0"

uint32_t ReadU32(const uint8_t *p) {
    return uint32_t(p[0]) | (uint32_t(p[1]) << 8) | (uint32_t(p[2]) << 16) | (uint32_t(p[3]) << 24);
}

void AppendU32(std::vector<uint8_t> &out, uint32_t value) {
    for (int i = 0; i < 4; ++i) {
        out.push_back(static_cast<uint8_t>(value >> (8 * i)));
    }
}

// This process's id, which makes the temporary file's name unique.
unsigned long ProcessId() {
#if defined(_WIN32)
    return ::GetCurrentProcessId();
#else
    return static_cast<unsigned long>(::getpid());
#endif
}

// Moves `from` over `to`, replacing it in one step. On Windows std::filesystem
// does not promise to replace an existing file; MoveFileEx does.
void ReplaceFile(const fs::path &from, const fs::path &to, std::error_code &ec) {
#if defined(_WIN32)
    if (!::MoveFileExW(from.c_str(), to.c_str(), MOVEFILE_REPLACE_EXISTING | MOVEFILE_WRITE_THROUGH)) {
        ec.assign(static_cast<int>(::GetLastError()), std::system_category());
    } else {
        ec.clear();
    }
#else
    fs::rename(from, to, ec);
#endif
}

bool ReadWholeFile(const std::string &path, std::vector<uint8_t> &bytes, std::string &error) {
    std::ifstream in(fs::u8path(path), std::ios::binary);
    if (!in) {
        error = "cannot open " + path;
        return false;
    }
    bytes.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
    if (in.bad()) {
        error = "cannot read " + path;
        return false;
    }
    return true;
}

bool WriteFileReplacing(const std::string &path, const void *data, size_t size, std::string &error) {
    const std::string temp = path + ".tmp-" + std::to_string(ProcessId());
    {
        std::ofstream out(fs::u8path(temp), std::ios::binary | std::ios::trunc);
        if (!out) {
            error = "cannot create " + temp;
            return false;
        }
        out.write(static_cast<const char *>(data), static_cast<std::streamsize>(size));
        out.flush();
        if (!out) {
            error = "cannot write " + temp;
            out.close();
            std::error_code ignored;
            fs::remove(fs::u8path(temp), ignored);
            return false;
        }
    }
    std::error_code ec;
    ReplaceFile(fs::u8path(temp), fs::u8path(path), ec);
    if (ec) {
        error = "cannot replace " + path + ": " + ec.message();
        fs::remove(fs::u8path(temp), ec);
        return false;
    }
    return true;
}

const char kBase64[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

std::string Base64Encode(const std::vector<uint8_t> &data) {
    std::string out;
    out.reserve((data.size() + 2) / 3 * 4);
    size_t i = 0;
    for (; i + 2 < data.size(); i += 3) {
        const uint32_t v = (uint32_t(data[i]) << 16) | (uint32_t(data[i + 1]) << 8) | data[i + 2];
        out += kBase64[(v >> 18) & 63];
        out += kBase64[(v >> 12) & 63];
        out += kBase64[(v >> 6) & 63];
        out += kBase64[v & 63];
    }
    if (i + 1 == data.size()) {
        const uint32_t v = uint32_t(data[i]) << 16;
        out += kBase64[(v >> 18) & 63];
        out += kBase64[(v >> 12) & 63];
        out += "==";
    } else if (i + 2 == data.size()) {
        const uint32_t v = (uint32_t(data[i]) << 16) | (uint32_t(data[i + 1]) << 8);
        out += kBase64[(v >> 18) & 63];
        out += kBase64[(v >> 12) & 63];
        out += kBase64[(v >> 6) & 63];
        out += '=';
    }
    return out;
}

bool Base64Decode(const std::string &text, size_t start, std::vector<uint8_t> &out) {
    out.clear();
    uint32_t bits = 0;
    int count = 0;
    for (size_t i = start; i < text.size(); ++i) {
        const char c = text[i];
        if (c == '=') {
            break;
        }
        const char *pos = std::strchr(kBase64, c);
        if (c == '\0' || pos == nullptr) {
            return false;
        }
        bits = (bits << 6) | static_cast<uint32_t>(pos - kBase64);
        if (++count == 4) {
            out.push_back(static_cast<uint8_t>(bits >> 16));
            out.push_back(static_cast<uint8_t>(bits >> 8));
            out.push_back(static_cast<uint8_t>(bits));
            bits = 0;
            count = 0;
        }
    }
    if (count == 1) {
        return false;
    }
    if (count == 2) {
        out.push_back(static_cast<uint8_t>(bits >> 4));
    } else if (count == 3) {
        out.push_back(static_cast<uint8_t>(bits >> 10));
        out.push_back(static_cast<uint8_t>(bits >> 2));
    }
    return true;
}

int HexValue(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

std::string PercentDecode(const std::string &uri) {
    std::string out;
    for (size_t i = 0; i < uri.size(); ++i) {
        if (uri[i] == '%' && i + 2 < uri.size() && HexValue(uri[i + 1]) >= 0 && HexValue(uri[i + 2]) >= 0) {
            out += static_cast<char>(HexValue(uri[i + 1]) * 16 + HexValue(uri[i + 2]));
            i += 2;
        } else {
            out += uri[i];
        }
    }
    return out;
}

std::string DumpJson(const GltfDocument::Json &json, int indent) {
    // Invalid UTF-8 in a name or string metadata becomes U+FFFD rather than an exception.
    return json.dump(indent, ' ', false, nlohmann::detail::error_handler_t::replace);
}

} // namespace

double GltfDocument::FloatToJson(float value) {
    if (!std::isfinite(value)) {
        return static_cast<double>(value);
    }
    char text[64];
    const auto result = std::to_chars(text, text + sizeof(text) - 1, value);
    if (result.ec != std::errc()) {
        return static_cast<double>(value);
    }
    *result.ptr = '\0';
    return std::strtod(text, nullptr);
}

bool GltfDocument::Load(const std::string &path, std::string &error) {
    mPath = path;
    std::vector<uint8_t> bytes;
    if (!ReadWholeFile(path, bytes, error)) {
        return false;
    }
    std::string text;
    if (bytes.size() >= 4 && ReadU32(bytes.data()) == kGlbMagic) {
        mBinary = true;
        if (bytes.size() < 12) {
            error = path + ": GLB header truncated";
            return false;
        }
        const uint32_t version = ReadU32(bytes.data() + 4);
        const uint32_t length = ReadU32(bytes.data() + 8);
        if (version != 2) {
            error = path + ": GLB version " + std::to_string(version) + " is not 2";
            return false;
        }
        if (length > bytes.size() || length < 12) {
            error = path + ": GLB length field " + std::to_string(length) + " does not match the file size " +
                    std::to_string(bytes.size());
            return false;
        }
        size_t offset = 12;
        bool first = true;
        while (offset + 8 <= length) {
            const uint32_t chunkLength = ReadU32(bytes.data() + offset);
            const uint32_t chunkType = ReadU32(bytes.data() + offset + 4);
            if (chunkLength > length - offset - 8) {
                error = path + ": GLB chunk at byte " + std::to_string(offset) + " runs past the end of the file";
                return false;
            }
            const uint8_t *payload = bytes.data() + offset + 8;
            if (first) {
                if (chunkType != kChunkJson) {
                    error = path + ": the first GLB chunk is not JSON";
                    return false;
                }
                text.assign(reinterpret_cast<const char *>(payload), chunkLength);
                first = false;
            } else if (chunkType == kChunkBin && !mHasBinChunk) {
                mHasBinChunk = true;
                mBinChunk.assign(payload, payload + chunkLength);
            } else {
                mOtherChunks.emplace_back(chunkType, std::vector<uint8_t>(payload, payload + chunkLength));
            }
            offset += 8 + size_t(chunkLength);
        }
        if (first) {
            error = path + ": GLB has no JSON chunk";
            return false;
        }
    } else {
        mBinary = false;
        text.assign(bytes.begin(), bytes.end());
    }
    // The JSON chunk is padded with spaces; some writers pad with NULs.
    while (!text.empty() && (text.back() == ' ' || text.back() == '\0')) {
        text.pop_back();
    }
    try {
        mJson = Json::parse(text);
    } catch (const std::exception &e) {
        error = path + ": invalid JSON: " + e.what();
        return false;
    }
    if (!mJson.is_object()) {
        error = path + ": the glTF JSON is not an object";
        return false;
    }
    return true;
}

bool GltfDocument::LoadBuffer(std::string &error) {
    if (mBufferLoaded) {
        return true;
    }
    if (!mJson.contains("buffers") || !mJson["buffers"].is_array() || mJson["buffers"].empty()) {
        // No buffer at all: a GLB gets a BIN chunk, a .gltf a data: URI.
        Json buffer = Json::object();
        buffer["byteLength"] = 0;
        if (mBinary) {
            mBufferKind = BufferKind::GlbChunk;
            if (mHasBinChunk && !mBinChunk.empty()) {
                error = mPath + ": GLB has a BIN chunk but no buffers";
                return false;
            }
            mHasBinChunk = true;
            mBinChunk.clear();
        } else {
            mBufferKind = BufferKind::DataUri;
            mDataUriPrefix = "data:application/octet-stream;base64,";
            buffer["uri"] = mDataUriPrefix;
        }
        mJson["buffers"] = Json::array({buffer});
        mBuffer.clear();
        mBufferLoaded = true;
        return true;
    }
    Json &buffer = mJson["buffers"][0];
    if (!buffer.is_object()) {
        error = mPath + ": buffers[0] is not an object";
        return false;
    }
    uint64_t byteLength = 0;
    if (buffer.contains("byteLength")) {
        if (!buffer["byteLength"].is_number_unsigned() && !buffer["byteLength"].is_number_integer()) {
            error = mPath + ": buffers[0].byteLength is not an integer";
            return false;
        }
        const int64_t value = buffer["byteLength"].get<int64_t>();
        if (value < 0) {
            error = mPath + ": buffers[0].byteLength is negative";
            return false;
        }
        byteLength = static_cast<uint64_t>(value);
    }
    std::vector<uint8_t> data;
    if (!buffer.contains("uri")) {
        if (!mBinary) {
            error = mPath + ": buffers[0] has no uri (only a GLB buffer may leave it out)";
            return false;
        }
        if (!mHasBinChunk) {
            if (byteLength != 0) {
                error = mPath + ": buffers[0] has no uri and the GLB has no BIN chunk";
                return false;
            }
            mHasBinChunk = true;
        }
        mBufferKind = BufferKind::GlbChunk;
        data = mBinChunk;
    } else {
        if (!buffer["uri"].is_string()) {
            error = mPath + ": buffers[0].uri is not a string";
            return false;
        }
        const std::string uri = buffer["uri"].get<std::string>();
        if (uri.rfind("data:", 0) == 0) {
            const size_t marker = uri.find(";base64,");
            if (marker == std::string::npos) {
                error = mPath + ": buffers[0] is a data: URI without base64 encoding";
                return false;
            }
            mBufferKind = BufferKind::DataUri;
            mDataUriPrefix = uri.substr(0, marker + 8);
            if (!Base64Decode(uri, marker + 8, data)) {
                error = mPath + ": buffers[0] data: URI is not valid base64";
                return false;
            }
        } else {
            if (uri.find("://") != std::string::npos) {
                error = mPath + ": buffers[0] is not a local file (" + uri + ")";
                return false;
            }
            mBufferKind = BufferKind::External;
            mBufferFile = (fs::u8path(mPath).parent_path() / fs::u8path(PercentDecode(uri))).u8string();
            if (!ReadWholeFile(mBufferFile, data, error)) {
                error = mPath + ": buffers[0]: " + error;
                return false;
            }
        }
    }
    if (data.size() < byteLength) {
        error = mPath + ": buffers[0] holds " + std::to_string(data.size()) + " bytes, fewer than its byteLength " +
                std::to_string(byteLength);
        return false;
    }
    data.resize(static_cast<size_t>(byteLength)); // drops GLB chunk padding
    mBuffer = std::move(data);
    mBufferLoaded = true;
    return true;
}

long long GltfDocument::AppendBufferView(const void *data, size_t size, std::string &error) {
    if (!LoadBuffer(error)) {
        return -1;
    }
    while (mBuffer.size() % 4 != 0) {
        mBuffer.push_back(0);
    }
    const size_t offset = mBuffer.size();
    const uint8_t *bytes = static_cast<const uint8_t *>(data);
    mBuffer.insert(mBuffer.end(), bytes, bytes + size);
    mBufferChanged = true;
    mJson["buffers"][0]["byteLength"] = mBuffer.size();

    if (!mJson.contains("bufferViews") || !mJson["bufferViews"].is_array()) {
        mJson["bufferViews"] = Json::array();
    }
    Json view = Json::object();
    view["buffer"] = 0;
    view["byteOffset"] = offset;
    view["byteLength"] = size;
    mJson["bufferViews"].push_back(view);
    return static_cast<long long>(mJson["bufferViews"].size() - 1);
}

long long GltfDocument::AppendFloatAccessor(const std::vector<float> &values, const char *type, unsigned components,
        bool withBounds, std::string &error) {
    if (components == 0 || values.empty() || values.size() % components != 0) {
        error = "internal error: accessor values do not fill whole elements";
        return -1;
    }
    std::vector<uint8_t> bytes;
    bytes.reserve(values.size() * 4);
    for (float value : values) {
        uint32_t bits;
        std::memcpy(&bits, &value, 4);
        AppendU32(bytes, bits);
    }
    const long long view = AppendBufferView(bytes.data(), bytes.size(), error);
    if (view < 0) {
        return -1;
    }
    Json accessor = Json::object();
    accessor["bufferView"] = view;
    accessor["byteOffset"] = 0;
    accessor["componentType"] = 5126; // FLOAT
    accessor["count"] = values.size() / components;
    accessor["type"] = type;
    if (withBounds) {
        Json min = Json::array();
        Json max = Json::array();
        for (unsigned c = 0; c < components; ++c) {
            float lo = std::numeric_limits<float>::infinity();
            float hi = -lo;
            for (size_t i = c; i < values.size(); i += components) {
                lo = std::min(lo, values[i]);
                hi = std::max(hi, values[i]);
            }
            min.push_back(FloatToJson(lo));
            max.push_back(FloatToJson(hi));
        }
        accessor["min"] = min;
        accessor["max"] = max;
    }
    if (!mJson.contains("accessors") || !mJson["accessors"].is_array()) {
        mJson["accessors"] = Json::array();
    }
    mJson["accessors"].push_back(accessor);
    return static_cast<long long>(mJson["accessors"].size() - 1);
}

bool GltfDocument::Save(std::string &error) {
    if (mBufferChanged && mBufferKind == BufferKind::External) {
        if (!WriteFileReplacing(mBufferFile, mBuffer.data(), mBuffer.size(), error)) {
            return false;
        }
    }
    if (mBufferChanged && mBufferKind == BufferKind::DataUri) {
        mJson["buffers"][0]["uri"] = mDataUriPrefix + Base64Encode(mBuffer);
    }
    if (!mBinary) {
        const std::string text = DumpJson(mJson, 4);
        return WriteFileReplacing(mPath, text.data(), text.size(), error);
    }

    std::string text = DumpJson(mJson, -1);
    while (text.size() % 4 != 0) {
        text += ' '; // JSON chunk: padded with spaces
    }
    std::vector<uint8_t> bin = (mBufferKind == BufferKind::GlbChunk && mBufferLoaded) ? mBuffer : mBinChunk;
    while (bin.size() % 4 != 0) {
        bin.push_back(0); // BIN chunk: padded with zeros
    }
    uint64_t total = 12 + 8 + text.size();
    if (mHasBinChunk) {
        total += 8 + bin.size();
    }
    for (const auto &chunk : mOtherChunks) {
        total += 8 + chunk.second.size();
    }
    if (total > std::numeric_limits<uint32_t>::max()) {
        error = mPath + ": the completed GLB would exceed 4 GiB";
        return false;
    }
    std::vector<uint8_t> out;
    out.reserve(static_cast<size_t>(total));
    AppendU32(out, kGlbMagic);
    AppendU32(out, 2);
    AppendU32(out, static_cast<uint32_t>(total));
    AppendU32(out, static_cast<uint32_t>(text.size()));
    AppendU32(out, kChunkJson);
    out.insert(out.end(), text.begin(), text.end());
    if (mHasBinChunk) {
        AppendU32(out, static_cast<uint32_t>(bin.size()));
        AppendU32(out, kChunkBin);
        out.insert(out.end(), bin.begin(), bin.end());
    }
    for (const auto &chunk : mOtherChunks) {
        AppendU32(out, static_cast<uint32_t>(chunk.second.size()));
        AppendU32(out, chunk.first);
        out.insert(out.end(), chunk.second.begin(), chunk.second.end());
    }
    return WriteFileReplacing(mPath, out.data(), out.size(), error);
}

} // namespace assimp_retro
