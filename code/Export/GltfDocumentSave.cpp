// GltfDocument: writing the document back (DumpMembers, Save), apart from
// loading it (GltfDocument.cpp) so that the JSON library's serializer is
// compiled here and its parser there (GltfFile.h).
#include "Export/GltfDocument.h"

#include <algorithm>
#include <deque>
#include <filesystem>
#include <fstream>
#include <initializer_list>
#include <limits>
#include <string_view>

#include "Common/LittleEndianWriter.h"
#include "Common/ProcessId.h"
#include "Export/GltfFile.h"

namespace fs = std::filesystem;

namespace assimp_retro {
namespace {

using namespace gltf_file;

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

/// A run of bytes of a file written in parts.
struct ByteSpan {
    const void *data;
    size_t size;
};

/// Writes `parts` one after the other to a file beside `path`, then moves it
/// over `path`: a reader never sees half a file. The parts are written as
/// they are (a GLB's header, JSON, buffer and padding), never joined in
/// memory first.
bool WriteFileReplacing(const std::string &path, std::initializer_list<ByteSpan> parts, std::string &error) {
    const std::string temp = path + ".tmp-" + std::to_string(CurrentProcessId());
    {
        std::ofstream out(fs::u8path(temp), std::ios::binary | std::ios::trunc);
        if (!out) {
            error = "cannot create " + temp;
            return false;
        }
        for (const ByteSpan &part : parts) {
            out.write(static_cast<const char *>(part.data), static_cast<std::streamsize>(part.size));
        }
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

bool WriteFileReplacing(const std::string &path, const void *data, size_t size, std::string &error) {
    return WriteFileReplacing(path, {ByteSpan{data, size}}, error);
}

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

/// `json` dumped as the value of a top-level member: pretty (indent > 0)
/// text is indented one more level.
std::string IndentMember(std::string dumped, int indent) {
    if (indent <= 0) {
        return dumped;
    }
    const std::string pad(static_cast<size_t>(indent), ' ');
    std::string out;
    out.reserve(dumped.size() + dumped.size() / 8);
    for (char c : dumped) {
        out += c;
        if (c == '\n') {
            out += pad; // JSON strings hold no raw line break
        }
    }
    return out;
}

std::string DumpJson(const GltfDocument::Json &json, int indent) {
    // Invalid UTF-8 in a name or string metadata becomes U+FFFD rather than an exception.
    return json.dump(indent, ' ', false, nlohmann::detail::error_handler_t::replace);
}

} // namespace

std::string GltfDocument::DumpMembers(int indent) {
    if (mOrder.empty() && mText.empty()) {
        return DumpJson(mJson, indent); // loaded by a full parse
    }
    if (indent > 0) {
        // Pretty text: the members kept as text are Assimp's layout, which
        // appended elements would have to match; parse the ones that grew.
        for (auto &entry : mText) {
            if (!entry.second.parsed && !entry.second.appended.empty()) {
                Parse(entry.first);
            }
        }
    }
    std::vector<std::string> keys;
    for (const std::string &key : mOrder) {
        if (HasMember(key)) {
            keys.push_back(key);
        }
    }
    for (auto it = mJson.begin(); it != mJson.end(); ++it) {
        if (std::find(mOrder.begin(), mOrder.end(), it.key()) == mOrder.end()) {
            keys.push_back(it.key()); // added by the completion
        }
    }
    const std::string newline = indent > 0 ? "\n" + std::string(static_cast<size_t>(indent), ' ') : "";
    // The parts are collected first (the members kept as text are borrowed,
    // the rest dumped), then joined into a string of its final size: a motion
    // library's document is 15 MB, which growing by doubling would hold twice.
    std::deque<std::string> dumped; // stable: the parts view into it
    std::vector<std::string_view> parts;
    const auto add = [&](std::string text) {
        dumped.push_back(std::move(text));
        parts.emplace_back(dumped.back());
    };
    add("{");
    for (size_t k = 0; k < keys.size(); ++k) {
        add((k ? "," : "") + newline + DumpJson(Json(keys[k]), -1) + (indent > 0 ? ": " : ":"));
        const auto text = mText.find(keys[k]);
        if (text == mText.end() || text->second.parsed) {
            add(IndentMember(DumpJson(mJson[keys[k]], indent), indent));
            continue;
        }
        const TextMember &member = text->second;
        if (member.appended.empty()) {
            parts.emplace_back(member.text);
            continue;
        }
        parts.emplace_back(member.text.data(), member.text.size() - 1); // without the closing ']'
        bool first = member.count == 0;
        for (const Json &element : member.appended) {
            add((first ? "" : ",") + DumpJson(element, -1));
            first = false;
        }
        add("]");
    }
    add(keys.empty() ? "}" : (indent > 0 ? "\n}" : "}"));
    size_t size = 0;
    for (const std::string_view part : parts) {
        size += part.size();
    }
    std::string out;
    out.reserve(size);
    for (const std::string_view part : parts) {
        out += part;
    }
    return out;
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
        const std::string text = mCrlf ? ReplaceAll(DumpMembers(4), "\n", "\r\n") : DumpMembers(4);
        return WriteFileReplacing(mPath, text.data(), text.size(), error);
    }

    std::string text = DumpMembers(-1);
    while (text.size() % 4 != 0) {
        text += ' '; // JSON chunk: padded with spaces
    }
    const std::vector<uint8_t> &bin = (mBufferKind == BufferKind::GlbChunk && mBufferLoaded) ? mBuffer : mBinChunk;
    const size_t binPadding = (4 - bin.size() % 4) % 4; // BIN chunk: padded with zeros
    uint64_t total = 12 + 8 + text.size();
    if (mHasBinChunk) {
        total += 8 + bin.size() + binPadding;
    }
    for (const auto &chunk : mOtherChunks) {
        total += 8 + chunk.second.size();
    }
    if (total > std::numeric_limits<uint32_t>::max()) {
        error = mPath + ": the completed GLB would exceed 4 GiB";
        return false;
    }
    // The chunks are written from where they are (the JSON text and the
    // buffer are the largest parts of the export's peak memory); only the
    // small headers are made here.
    LittleEndianWriter head, binHead, others;
    head.U32(kGlbMagic);
    head.U32(2);
    head.U32(static_cast<uint32_t>(total));
    head.U32(static_cast<uint32_t>(text.size()));
    head.U32(kChunkJson);
    if (mHasBinChunk) {
        binHead.U32(static_cast<uint32_t>(bin.size() + binPadding));
        binHead.U32(kChunkBin);
    }
    for (const auto &chunk : mOtherChunks) {
        others.U32(static_cast<uint32_t>(chunk.second.size()));
        others.U32(chunk.first);
        others.Raw(chunk.second.data(), chunk.second.size());
    }
    const uint8_t zeros[4] = {0, 0, 0, 0};
    return WriteFileReplacing(mPath,
            {ByteSpan{head.bytes.data(), head.bytes.size()}, ByteSpan{text.data(), text.size()},
                    ByteSpan{binHead.bytes.data(), binHead.bytes.size()},
                    ByteSpan{bin.data(), mHasBinChunk ? bin.size() : 0}, ByteSpan{zeros, mHasBinChunk ? binPadding : 0},
                    ByteSpan{others.bytes.data(), others.bytes.size()}},
            error);
}

} // namespace assimp_retro
