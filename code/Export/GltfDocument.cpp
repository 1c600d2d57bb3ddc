#include "Export/GltfDocument.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <limits>

#include "Common/LittleEndian.h"
#include "Common/LittleEndianWriter.h"
#include "Export/GltfFile.h"

namespace fs = std::filesystem;

namespace assimp_retro {
namespace {

using namespace gltf_file;

bool ReadWholeFile(const std::string &path, std::vector<uint8_t> &bytes, std::string &error) {
    std::ifstream in(fs::u8path(path), std::ios::binary);
    if (!in) {
        error = "cannot open " + path;
        return false;
    }
    in.seekg(0, std::ios::end);
    const std::streamoff size = in.tellg();
    in.seekg(0, std::ios::beg);
    if (size < 0) {
        error = "cannot read " + path;
        return false;
    }
    bytes.resize(static_cast<size_t>(size));
    in.read(reinterpret_cast<char *>(bytes.data()), static_cast<std::streamsize>(size));
    if (in.gcount() != size || in.bad()) {
        error = "cannot read " + path;
        return false;
    }
    return true;
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

// ---- a JSON text scanner: value boundaries only, for the members kept as text ----

constexpr size_t kBad = std::string::npos;

bool IsJsonSpace(char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

size_t SkipSpace(const std::string &text, size_t i) {
    while (i < text.size() && IsJsonSpace(text[i])) {
        ++i;
    }
    return i;
}

/// One past the string starting at the quote at `i`, or kBad.
size_t StringEnd(const std::string &text, size_t i) {
    for (++i; i < text.size(); ++i) {
        if (text[i] == '\\') {
            ++i;
        } else if (text[i] == '"') {
            return i + 1;
        }
    }
    return kBad;
}

/// One past the JSON value starting at `i`, or kBad when the brackets or
/// strings do not close (scalars are taken as they are: the text is Assimp's).
size_t ValueEnd(const std::string &text, size_t i) {
    if (i >= text.size()) {
        return kBad;
    }
    if (text[i] == '"') {
        return StringEnd(text, i);
    }
    if (text[i] != '{' && text[i] != '[') {
        while (i < text.size() && !IsJsonSpace(text[i]) && text[i] != ',' && text[i] != '}' && text[i] != ']') {
            ++i;
        }
        return i;
    }
    std::vector<char> open;
    for (; i < text.size(); ++i) {
        const char c = text[i];
        if (c == '"') {
            i = StringEnd(text, i);
            if (i == kBad) {
                return kBad;
            }
            --i;
        } else if (c == '{' || c == '[') {
            open.push_back(c);
        } else if (c == '}' || c == ']') {
            if (open.empty() || open.back() != (c == '}' ? '{' : '[')) {
                return kBad;
            }
            open.pop_back();
            if (open.empty()) {
                return i + 1;
            }
        }
    }
    return kBad;
}

/// Calls `visit(begin, end)` for each element of the array at [begin, end).
/// False when the text is not an array of well-formed values.
template <typename Visit>
bool ForEachElement(const std::string &text, size_t begin, size_t end, Visit visit) {
    size_t i = SkipSpace(text, begin);
    if (i >= end || text[i] != '[') {
        return false;
    }
    i = SkipSpace(text, i + 1);
    if (i < end && text[i] == ']') {
        return true;
    }
    while (i < end) {
        const size_t valueEnd = ValueEnd(text, i);
        if (valueEnd == kBad || valueEnd > end) {
            return false;
        }
        visit(i, valueEnd);
        i = SkipSpace(text, valueEnd);
        if (i < end && text[i] == ']') {
            return true;
        }
        if (i >= end || text[i] != ',') {
            return false;
        }
        i = SkipSpace(text, i + 1);
    }
    return false;
}

/// Calls `visit(begin, end)` for element `index` of the array `text`; false when there is none.
template <typename Visit>
bool AtElement(const std::string &text, size_t index, Visit visit) {
    size_t at = 0;
    bool seen = false;
    ForEachElement(text, 0, text.size(), [&](size_t begin, size_t end) {
        if (at++ == index) {
            visit(begin, end);
            seen = true;
        }
    });
    return seen;
}

/// Calls `visit(key, valueBegin, valueEnd)` for each member of the object at
/// [begin, end). False when the text is not an object of well-formed members.
template <typename Visit>
bool ForEachMember(const std::string &text, size_t begin, size_t end, Visit visit) {
    size_t i = SkipSpace(text, begin);
    if (i >= end || text[i] != '{') {
        return false;
    }
    i = SkipSpace(text, i + 1);
    if (i < end && text[i] == '}') {
        return true;
    }
    while (i < end) {
        const size_t keyEnd = text[i] == '"' ? StringEnd(text, i) : kBad;
        if (keyEnd == kBad || keyEnd > end) {
            return false;
        }
        std::string key = text.substr(i + 1, keyEnd - i - 2);
        if (key.find('\\') != std::string::npos) {
            key = GltfDocument::Json::parse(text.substr(i, keyEnd - i)).get<std::string>();
        }
        i = SkipSpace(text, keyEnd);
        if (i >= end || text[i] != ':') {
            return false;
        }
        i = SkipSpace(text, i + 1);
        const size_t valueEnd = ValueEnd(text, i);
        if (valueEnd == kBad || valueEnd > end) {
            return false;
        }
        visit(key, i, valueEnd);
        i = SkipSpace(text, valueEnd);
        if (i < end && text[i] == '}') {
            return true;
        }
        if (i >= end || text[i] != ',') {
            return false;
        }
        i = SkipSpace(text, i + 1);
    }
    return false;
}

/// A bufferView of buffer 0, and where its byteOffset number is in the text
/// of bufferViews while that is text.
struct BufferZeroView {
    int64_t offset = 0, length = 0;
    size_t index = 0; ///< in bufferViews
    size_t numberBegin = kBad, numberEnd = kBad; ///< byteOffset's value in the text (kBad: none)
};

/// The bufferViews of buffer 0 (of `bufferSize` bytes), the first step of
/// GltfDocument::RemoveUnreferencedBytes.
struct BufferZeroViews {
    std::vector<BufferZeroView> views;
    bool movable = true; // false: a view we cannot read or place; then only zero the gaps
    int64_t bufferSize = 0;

    void Add(const BufferZeroView &view, int64_t buffer) {
        if (buffer != 0) {
            return;
        }
        const int64_t size = bufferSize;
        if (view.offset < 0 || view.length < 0 || view.offset > size || view.length > size - view.offset) {
            movable = false; // what it references of the buffer stays referenced
            if (view.offset >= 0 && view.offset < size && view.length > 0) {
                BufferZeroView inside = view;
                inside.length = size - view.offset;
                views.push_back(inside);
            }
            return;
        }
        views.push_back(view);
    }

    void AddJson(const GltfDocument::Json &json, size_t index) {
        auto integer = [](const GltfDocument::Json &object, const char *key, int64_t fallback) {
            return object.contains(key) && object[key].is_number_integer() ? object[key].get<int64_t>() : fallback;
        };
        BufferZeroView view;
        view.index = index;
        view.offset = integer(json, "byteOffset", 0);
        view.length = integer(json, "byteLength", -1);
        Add(view, json.is_object() ? integer(json, "buffer", -1) : -1);
    }

    /// The views in `text`, the bufferViews array as text; `index` counts
    /// them. False when the text cannot be scanned or a number read.
    bool AddText(const std::string &text, size_t &index) {
        bool numbers = true;
        const bool scanned = ForEachElement(text, 0, text.size(), [&](size_t begin, size_t end) {
            BufferZeroView view;
            view.index = index++;
            view.length = -1;
            int64_t buffer = -1;
            ForEachMember(text, begin, end, [&](const std::string &name, size_t valueBegin, size_t valueEnd) {
                int64_t *target = name == "buffer" ? &buffer
                        : name == "byteOffset"     ? &view.offset
                        : name == "byteLength"     ? &view.length
                                                   : nullptr;
                if (target) {
                    const auto result = std::from_chars(text.data() + valueBegin, text.data() + valueEnd, *target);
                    numbers = numbers && result.ec == std::errc() && result.ptr == text.data() + valueEnd;
                }
                if (target == &view.offset) {
                    view.numberBegin = valueBegin;
                    view.numberEnd = valueEnd;
                }
            });
            Add(view, buffer);
        });
        return scanned && numbers;
    }
};

/// Buffer 0 with its unreferenced bytes removed, and each view's new offset.
struct PackedBuffer {
    std::vector<uint8_t> bytes;
    std::vector<int64_t> newOffset; ///< per view of BufferZeroViews
    long long nonZero = 0; ///< unreferenced bytes that were not zero
};

/// Views in buffer order; a run is a stretch of overlapping or adjacent
/// views. Packed, each run moves down as a whole to the first place after
/// the previous run with the same remainder modulo 4 (glTF aligns data to
/// its component size, at most 4 bytes), so every alignment holds and the
/// gaps left are alignment padding (< 4 bytes, zero). Not movable: the runs
/// stay in place and only the gaps are zeroed.
PackedBuffer PackViews(const std::vector<uint8_t> &buffer, const BufferZeroViews &found) {
    const std::vector<BufferZeroView> &views = found.views;
    std::vector<size_t> order(views.size());
    for (size_t i = 0; i < order.size(); ++i) {
        order[i] = i;
    }
    std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return views[a].offset < views[b].offset; });
    PackedBuffer out;
    std::vector<uint8_t> &packed = out.bytes;
    packed.reserve(buffer.size());
    out.newOffset.resize(views.size());
    size_t previousEnd = 0;
    for (size_t first = 0; first < order.size();) {
        const size_t runBegin = static_cast<size_t>(views[order[first]].offset);
        size_t runEnd = runBegin + static_cast<size_t>(views[order[first]].length);
        size_t last = first + 1;
        while (last < order.size() && static_cast<size_t>(views[order[last]].offset) <= runEnd) {
            runEnd = std::max(runEnd, static_cast<size_t>(views[order[last]].offset + views[order[last]].length));
            ++last;
        }
        for (size_t i = previousEnd; i < runBegin; ++i) {
            out.nonZero += buffer[i] != 0;
        }
        size_t target = runBegin; // in place when a view cannot be read or placed
        if (found.movable) {
            for (target = packed.size(); target % 4 != runBegin % 4; ++target) {
            }
        }
        packed.resize(target, 0);
        packed.insert(packed.end(), buffer.begin() + static_cast<std::ptrdiff_t>(runBegin),
                buffer.begin() + static_cast<std::ptrdiff_t>(runEnd));
        for (size_t k = first; k < last; ++k) {
            out.newOffset[order[k]] =
                    views[order[k]].offset - static_cast<int64_t>(runBegin) + static_cast<int64_t>(target);
        }
        previousEnd = runEnd;
        first = last;
    }
    for (size_t i = previousEnd; i < buffer.size(); ++i) {
        out.nonZero += buffer[i] != 0;
    }
    // Trailing padding to a multiple of 4 that was there stays (zero).
    packed.resize(packed.size() + std::min(buffer.size() - previousEnd, (4 - packed.size() % 4) % 4), 0);
    if (!found.movable) {
        packed.resize(buffer.size(), 0);
    }
    return out;
}

/// Rewrites the byteOffset numbers of `views` in the text of bufferViews;
/// views appended as JSON after it get theirs there.
template <typename TextMember>
void RewriteTextOffsets(TextMember &member, const std::vector<BufferZeroView> &views,
        const std::vector<int64_t> &newOffset) {
    std::string text;
    text.reserve(member.text.size());
    size_t copied = 0;
    for (size_t v = 0; v < views.size(); ++v) {
        if (views[v].numberBegin != kBad) {
            text.append(member.text, copied, views[v].numberBegin - copied);
            text += std::to_string(newOffset[v]);
            copied = views[v].numberEnd;
        } else if (!member.appended.empty() && views[v].index >= static_cast<size_t>(member.count)) {
            member.appended[views[v].index - static_cast<size_t>(member.count)]["byteOffset"] = newOffset[v];
        }
    }
    text.append(member.text, copied, std::string::npos);
    member.text = std::move(text);
}

/// The top-level arrays kept as text (see GltfDocument.h).
bool IsTextMember(const std::string &key) {
    return key == "accessors" || key == "bufferViews" || key == "animations";
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
    if (bytes.size() >= 4 && LoadU32LE(bytes.data()) == kGlbMagic) {
        mBinary = true;
        if (bytes.size() < 12) {
            error = path + ": GLB header truncated";
            return false;
        }
        const uint32_t version = LoadU32LE(bytes.data() + 4);
        const uint32_t length = LoadU32LE(bytes.data() + 8);
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
            const uint32_t chunkLength = LoadU32LE(bytes.data() + offset);
            const uint32_t chunkType = LoadU32LE(bytes.data() + offset + 4);
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
        // Assimp writes a .gltf in text mode: CRLF on Windows. The completion
        // edits with LF and gives the file back its CRLF in Save, so that
        // the lines it adds end as Assimp's do. (JSON strings hold no raw
        // line breaks, so every CR LF is a line end.)
        mCrlf = text.find("\r\n") != std::string::npos;
        if (mCrlf) {
            text = ReplaceAll(text, "\r\n", "\n");
        }
    }
    // The JSON chunk is padded with spaces; some writers pad with NULs.
    while (!text.empty() && (text.back() == ' ' || text.back() == '\0')) {
        text.pop_back();
    }
    try {
        if (!SplitMembers(text)) {
            // Not an object the scanner can split (or a key twice): parse it
            // all, which also gives the error message.
            mOrder.clear();
            mText.clear();
            mJson = Json::parse(text);
        }
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

bool GltfDocument::SplitMembers(const std::string &text) {
    mJson = Json::object();
    bool unique = true;
    const bool split = ForEachMember(text, 0, text.size(), [&](const std::string &key, size_t begin, size_t end) {
        if (mJson.contains(key) || mText.count(key)) {
            unique = false;
            return;
        }
        mOrder.push_back(key);
        if (IsTextMember(key) && text[begin] == '[') {
            mText[key].text = text.substr(begin, end - begin);
        } else {
            mJson[key] = Json::parse(text.begin() + static_cast<std::ptrdiff_t>(begin),
                    text.begin() + static_cast<std::ptrdiff_t>(end));
        }
    });
    return split && unique && SkipSpace(text, ValueEnd(text, SkipSpace(text, 0))) == text.size();
}

void GltfDocument::Parse(const std::string &key) {
    const auto found = mText.find(key);
    if (found == mText.end() || found->second.parsed) {
        return;
    }
    TextMember &member = found->second;
    Json array = Json::parse(member.text);
    for (Json &element : member.appended) {
        array.push_back(std::move(element));
    }
    mJson[key] = std::move(array);
    member = TextMember();
    member.parsed = true;
}

bool GltfDocument::HasMember(const std::string &key) const {
    const auto found = mText.find(key);
    return mJson.contains(key) || (found != mText.end() && !found->second.parsed);
}

bool GltfDocument::SomeElementLacks(const std::string &key, const char *member) {
    const auto found = mText.find(key);
    if (found == mText.end() || found->second.parsed) {
        if (!mJson.contains(key) || !mJson[key].is_array()) {
            return false;
        }
        for (const Json &element : mJson[key]) {
            if (element.is_object() &&
                    (!element.contains(member) || (element[member].is_array() && element[member].empty()))) {
                return true;
            }
        }
        return false;
    }
    const std::string &text = found->second.text;
    bool lacks = false;
    const bool scanned = ForEachElement(text, 0, text.size(), [&](size_t begin, size_t end) {
        if (text[begin] != '{') {
            return;
        }
        bool has = false;
        ForEachMember(text, begin, end, [&](const std::string &name, size_t valueBegin, size_t) {
            if (name == member) {
                has = !(text[valueBegin] == '[' && text[SkipSpace(text, valueBegin + 1)] == ']');
            }
        });
        lacks = lacks || !has;
    });
    if (!scanned) {
        Parse(key); // let the parser judge (and report) the text
        return SomeElementLacks(key, member);
    }
    return lacks || std::any_of(found->second.appended.begin(), found->second.appended.end(), [&](const Json &e) {
        return e.is_object() && (!e.contains(member) || (e[member].is_array() && e[member].empty()));
    });
}

long long GltfDocument::CountElements(TextMember &member) {
    if (member.count < 0) {
        long long count = 0;
        if (!ForEachElement(member.text, 0, member.text.size(), [&](size_t, size_t) { ++count; })) {
            return -1;
        }
        member.count = count;
    }
    return member.count;
}

void GltfDocument::InsertInAssimpOrder(const std::string &key) {
    // The order of AssetWriter's top-level members (glTF2AssetWriter.inl,
    // 5.2.5 and main): metadata, then its dictionaries in declaration order.
    static const char *const kOrder[] = {"asset", "extensionsUsed", "extensionsRequired", "accessors", "animations",
            "buffers", "bufferViews", "cameras", "images", "materials", "meshes", "nodes", "samplers", "scenes",
            "skins", "textures", "scene"};
    auto rank = [](const std::string &name) {
        const auto found = std::find(std::begin(kOrder), std::end(kOrder), name);
        return found == std::end(kOrder) ? -1 : static_cast<int>(found - std::begin(kOrder));
    };
    const int own = rank(key);
    auto at = mOrder.end();
    if (own >= 0) {
        at = std::find_if(mOrder.begin(), mOrder.end(), [&](const std::string &other) { return rank(other) > own; });
    }
    mOrder.insert(at, key);
}

std::map<std::string, GltfDocument::TextMember>::iterator GltfDocument::FindOrAddTextMember(const char *key) {
    auto found = mText.find(key);
    if (found == mText.end() && !mJson.contains(key) && !mOrder.empty()) {
        found = mText.emplace(key, TextMember()).first; // a new array, kept as text like Assimp's
        found->second.text = "[]";
        found->second.count = 0;
        InsertInAssimpOrder(key);
    }
    return found;
}

void GltfDocument::ReserveRawElements(const char *key, size_t bytes) {
    const auto found = FindOrAddTextMember(key);
    if (found != mText.end() && !found->second.parsed) {
        found->second.text.reserve(found->second.text.size() + bytes);
    }
}

long long GltfDocument::AppendRawElement(const char *key, const std::string &element) {
    const auto found = FindOrAddTextMember(key);
    if (found == mText.end() || found->second.parsed || !found->second.appended.empty() ||
            CountElements(found->second) < 0) {
        return AppendElement(key, Json::parse(element)); // as parsed JSON, after what is there
    }
    TextMember &member = found->second;
    std::string &text = member.text;
    const size_t close = text.rfind(']');
    if (!PrettyText()) {
        text.insert(close, (member.count > 0 ? "," : "") + element);
    } else {
        // The closing bracket on its own line at 4 spaces.
        const std::string indented = (member.count > 0 ? ",\n        " : "\n        ") + IndentElement(element);
        const size_t end = member.count > 0 ? text.find_last_not_of(" \t\r\n", close - 1) + 1 : close;
        text.replace(end, close - end, indented + "\n    ");
    }
    return member.count++;
}

std::string GltfDocument::IndentElement(const std::string &element) const {
    if (!PrettyText()) {
        return element;
    }
    // PrettyWriter's layout at the element's depth (2): each line of the
    // element 8 spaces further in.
    std::string indented;
    indented.reserve(element.size());
    for (const char c : element) {
        indented += c;
        if (c == '\n') {
            indented += "        ";
        }
    }
    return indented;
}

long long GltfDocument::ElementCount(const std::string &key) {
    const auto found = mText.find(key);
    if (found != mText.end() && !found->second.parsed) {
        const long long count = CountElements(found->second);
        return count < 0 ? -1 : count + static_cast<long long>(found->second.appended.size());
    }
    return mJson.contains(key) && mJson[key].is_array() ? static_cast<long long>(mJson[key].size()) : 0;
}

std::string GltfDocument::ElementText(const std::string &key, size_t index) {
    const auto found = mText.find(key);
    if (found != mText.end() && !found->second.parsed) {
        TextMember &member = found->second;
        const long long count = CountElements(member);
        if (count >= 0 && index >= static_cast<size_t>(count)) {
            const size_t appended = index - static_cast<size_t>(count);
            return appended < member.appended.size() ? member.appended[appended].dump() : std::string();
        }
        std::string text;
        AtElement(member.text, index, [&](size_t begin, size_t end) { text = member.text.substr(begin, end - begin); });
        return text;
    }
    if (!mJson.contains(key) || !mJson[key].is_array() || index >= mJson[key].size()) {
        return std::string();
    }
    return mJson[key][index].dump();
}

bool GltfDocument::ReplaceRawElement(const char *key, size_t index, const std::string &text) {
    const auto found = mText.find(key);
    if (found != mText.end() && !found->second.parsed) {
        TextMember &member = found->second;
        const long long count = CountElements(member);
        if (count >= 0 && index >= static_cast<size_t>(count)) {
            const size_t appended = index - static_cast<size_t>(count);
            if (appended >= member.appended.size()) {
                return false;
            }
            member.appended[appended] = Json::parse(text);
            return true;
        }
        return AtElement(member.text, index,
                [&](size_t begin, size_t end) { member.text.replace(begin, end - begin, IndentElement(text)); });
    }
    if (!mJson.contains(key) || !mJson[key].is_array() || index >= mJson[key].size()) {
        return false;
    }
    mJson[key][index] = Json::parse(text);
    return true;
}

const std::vector<uint8_t> *GltfDocument::Buffer(std::string &error) {
    return LoadBuffer(error) ? &mBuffer : nullptr;
}

long long GltfDocument::AppendElement(const char *key, Json element) {
    const auto found = mText.find(key);
    if (found != mText.end() && !found->second.parsed) {
        TextMember &member = found->second;
        if (CountElements(member) < 0) {
            Parse(key);
            return AppendElement(key, std::move(element));
        }
        member.appended.push_back(std::move(element));
        return member.count + static_cast<long long>(member.appended.size()) - 1;
    }
    if (!mJson.contains(key) || !mJson[key].is_array()) {
        mJson[key] = Json::array();
    }
    mJson[key].push_back(std::move(element));
    return static_cast<long long>(mJson[key].size() - 1);
}

long long GltfDocument::RemoveUnreferencedBytes(std::string &error, long long *nonZeroBytes) {
    if (!mJson.contains("buffers") || !mJson["buffers"].is_array() || mJson["buffers"].empty()) {
        return 0;
    }
    if (!LoadBuffer(error)) {
        return -1;
    }
    // The bufferViews of buffer 0, and where each one's byteOffset number is
    // (in the text of bufferViews while that is text, else in the JSON).
    BufferZeroViews found;
    found.bufferSize = static_cast<int64_t>(mBuffer.size());
    const auto text = mText.find("bufferViews");
    const bool asText = text != mText.end() && !text->second.parsed;
    if (asText) {
        size_t index = 0;
        if (!found.AddText(text->second.text, index)) {
            Parse("bufferViews");
            return RemoveUnreferencedBytes(error, nonZeroBytes);
        }
        for (const Json &json : text->second.appended) {
            found.AddJson(json, index++);
        }
    } else if (mJson.contains("bufferViews") && mJson["bufferViews"].is_array()) {
        for (size_t i = 0; i < mJson["bufferViews"].size(); ++i) {
            found.AddJson(mJson["bufferViews"][i], i);
        }
    }

    PackedBuffer packed = PackViews(mBuffer, found);
    if (nonZeroBytes) {
        *nonZeroBytes = packed.nonZero;
    }
    const long long removed = static_cast<long long>(mBuffer.size() - packed.bytes.size());
    if (removed == 0 && packed.nonZero == 0) {
        return 0; // nothing unreferenced but zero padding
    }
    mBuffer = std::move(packed.bytes);
    mBufferChanged = true;
    mJson["buffers"][0]["byteLength"] = mBuffer.size();
    if (asText) {
        RewriteTextOffsets(text->second, found.views, packed.newOffset);
    } else {
        for (size_t v = 0; v < found.views.size(); ++v) {
            if (found.views[v].offset != packed.newOffset[v]) {
                mJson["bufferViews"][found.views[v].index]["byteOffset"] = packed.newOffset[v];
            }
        }
    }
    return removed;
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

long long GltfDocument::AppendBufferData(const void *data, size_t size, std::string &error) {
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
    return static_cast<long long>(offset);
}

long long GltfDocument::AppendBufferView(const void *data, size_t size, std::string &error) {
    const long long offset = AppendBufferData(data, size, error);
    if (offset < 0) {
        return -1;
    }
    Json view = Json::object();
    view["buffer"] = 0;
    view["byteOffset"] = offset;
    view["byteLength"] = size;
    return AppendElement("bufferViews", std::move(view));
}

long long GltfDocument::AppendFloatAccessor(const std::vector<float> &values, const char *type, unsigned components,
        bool withBounds, std::string &error) {
    if (components == 0 || values.empty() || values.size() % components != 0) {
        error = "internal error: accessor values do not fill whole elements";
        return -1;
    }
    LittleEndianWriter bytes;
    bytes.bytes.reserve(values.size() * 4);
    for (float value : values) {
        bytes.F32(value);
    }
    const long long view = AppendBufferView(bytes.bytes.data(), bytes.bytes.size(), error);
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
    return AppendElement("accessors", std::move(accessor));
}

} // namespace assimp_retro
