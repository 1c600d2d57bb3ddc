#include "support/GltfFileReader.h"

#include "support/TestSupport.h"

#include <gtest/gtest.h>

#include <cstring>
#include <filesystem>

namespace gltf_test {
namespace {

uint32_t U32(const std::vector<uint8_t> &bytes, size_t offset) {
    uint32_t value = 0;
    for (int i = 3; i >= 0; --i) {
        value = (value << 8) | bytes[offset + i];
    }
    return value;
}

std::vector<uint8_t> DecodeBase64(const std::string &text) {
    static const std::string alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    std::vector<uint8_t> out;
    uint32_t bits = 0;
    int count = 0;
    for (char c : text) {
        const size_t value = alphabet.find(c);
        if (value == std::string::npos) {
            break;
        }
        bits = (bits << 6) | static_cast<uint32_t>(value);
        count += 6;
        if (count >= 8) {
            count -= 8;
            out.push_back(static_cast<uint8_t>(bits >> count));
        }
    }
    return out;
}

} // namespace

bool ReadGltfFile(const std::string &path, GltfFile &out) {
    const std::vector<uint8_t> bytes = retro_test::ReadFile(path);
    out = GltfFile();
    out.fileSize = bytes.size();
    if (bytes.size() >= 12 && std::memcmp(bytes.data(), "glTF", 4) == 0) {
        out.glb = true;
        out.glbLength = U32(bytes, 8);
        if (bytes.size() < 20) {
            ADD_FAILURE() << path << ": GLB too short";
            return false;
        }
        out.jsonChunkLength = U32(bytes, 12);
        EXPECT_EQ(U32(bytes, 16), 0x4E4F534Au) << "first chunk must be JSON";
        if (20 + size_t(out.jsonChunkLength) > bytes.size()) {
            ADD_FAILURE() << path << ": JSON chunk runs past the end";
            return false;
        }
        out.jsonChunk.assign(bytes.begin() + 20, bytes.begin() + 20 + out.jsonChunkLength);
        const size_t bin = 20 + size_t(out.jsonChunkLength);
        if (bin + 8 <= bytes.size()) {
            out.binChunkLength = U32(bytes, bin);
            EXPECT_EQ(U32(bytes, bin + 4), 0x004E4942u) << "second chunk must be BIN";
            if (bin + 8 + out.binChunkLength > bytes.size()) {
                ADD_FAILURE() << path << ": BIN chunk runs past the end";
                return false;
            }
            out.binChunk.assign(bytes.begin() + bin + 8, bytes.begin() + bin + 8 + out.binChunkLength);
        }
        try {
            out.json = nlohmann::json::parse(out.jsonChunk.begin(), out.jsonChunk.end());
        } catch (const std::exception &e) {
            ADD_FAILURE() << path << ": " << e.what();
            return false;
        }
    } else {
        try {
            out.json = nlohmann::json::parse(bytes.begin(), bytes.end());
        } catch (const std::exception &e) {
            ADD_FAILURE() << path << ": " << e.what();
            return false;
        }
    }
    if (!out.json.contains("buffers") || out.json["buffers"].empty()) {
        return true;
    }
    const nlohmann::json &buffer = out.json["buffers"][0];
    if (!buffer.contains("uri")) {
        out.buffer0 = out.binChunk;
    } else {
        const std::string uri = buffer["uri"].get<std::string>();
        if (uri.rfind("data:", 0) == 0) {
            out.buffer0 = DecodeBase64(uri.substr(uri.find(',') + 1));
        } else {
            out.buffer0 = retro_test::ReadFile((std::filesystem::path(path).parent_path() / uri).string());
        }
    }
    return true;
}

std::vector<float> AccessorFloats(const GltfFile &file, size_t index) {
    const nlohmann::json &accessor = file.json.at("accessors").at(index);
    EXPECT_EQ(accessor.at("componentType").get<int>(), 5126);
    const nlohmann::json &view = file.json.at("bufferViews").at(accessor.at("bufferView").get<size_t>());
    EXPECT_EQ(view.value("buffer", 0), 0);
    const std::string type = accessor.at("type").get<std::string>();
    const size_t components = type == "SCALAR" ? 1
            : type == "VEC2"                   ? 2
            : type == "VEC3"                   ? 3
            : type == "MAT2" || type == "VEC4" ? 4
            : type == "MAT3"                   ? 9
            : type == "MAT4"                   ? 16
                                               : 4;
    const size_t count = accessor.at("count").get<size_t>() * components;
    const size_t offset = view.value("byteOffset", size_t(0)) + accessor.value("byteOffset", size_t(0));
    EXPECT_EQ(offset % 4, 0u) << "accessor " << index << " is not 4-byte aligned";
    EXPECT_LE(accessor.value("byteOffset", size_t(0)) + count * 4, view.at("byteLength").get<size_t>());
    std::vector<float> values(count);
    if (offset + count * 4 > file.buffer0.size()) {
        ADD_FAILURE() << "accessor " << index << " runs past buffer 0";
        return {};
    }
    std::memcpy(values.data(), file.buffer0.data() + offset, count * 4);
    return values;
}

long long NodeIndex(const nlohmann::json &json, const std::string &name) {
    const nlohmann::json &nodes = json.at("nodes");
    for (size_t i = 0; i < nodes.size(); ++i) {
        if (nodes[i].value("name", std::string()) == name) {
            return static_cast<long long>(i);
        }
    }
    return -1;
}

} // namespace gltf_test
