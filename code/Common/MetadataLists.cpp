// assimp-retro: lists of indices and small values kept in aiMetadata strings.
#include "MetadataLists.h"

#include "SceneHelpers.h"

#include <assimp/metadata.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace assimp_retro {

namespace {

/// Room for one part: an aiString holds sizeof(data) - 1 bytes (MAXLEN, AI_MAXLEN in later Assimp).
constexpr size_t kPartBytes = sizeof(aiString::data) - 1;

/// Reads an unsigned decimal at `pos` (no sign, no spaces); false if none or too large.
bool ReadUnsigned(const std::string &text, size_t &pos, uint64_t max, uint64_t &value) {
    const size_t start = pos;
    value = 0;
    while (pos < text.size() && text[pos] >= '0' && text[pos] <= '9') {
        value = value * 10 + uint64_t(text[pos] - '0');
        if (value > max) {
            return false;
        }
        ++pos;
    }
    return pos > start;
}

/// Calls `item(begin, end)` for each space-separated item; false when `item` does.
template <class F>
bool EachItem(const std::string &text, F &&item) {
    size_t pos = 0;
    while (pos < text.size()) {
        const size_t end = std::min(text.find(' ', pos), text.size());
        if (end == pos || !item(pos, end)) {
            return false;
        }
        pos = end + 1;
        if (end + 1 == text.size()) {
            return false; // a trailing space
        }
    }
    return true;
}

} // namespace

std::string FormatIndexRanges(const std::vector<uint32_t> &sorted) {
    std::string text;
    for (size_t i = 0; i < sorted.size();) {
        size_t j = i;
        while (j + 1 < sorted.size() && sorted[j + 1] == sorted[j] + 1) {
            ++j;
        }
        if (!text.empty()) {
            text += ' ';
        }
        text += std::to_string(sorted[i]);
        if (j > i) {
            text += '-' + std::to_string(sorted[j]);
        }
        i = j + 1;
    }
    return text;
}

bool ParseIndexRanges(const std::string &text, uint32_t limit, std::vector<uint32_t> &out, size_t maxCount) {
    out.clear();
    return EachItem(text, [&](size_t pos, size_t end) {
        uint64_t first = 0, last = 0;
        if (!ReadUnsigned(text, pos, limit, first)) {
            return false;
        }
        last = first;
        if (pos < end && text[pos] == '-') {
            ++pos;
            if (!ReadUnsigned(text, pos, limit, last) || last <= first) {
                return false;
            }
        }
        if (pos != end || last >= limit || (!out.empty() && first <= out.back()) ||
                last - first >= maxCount - std::min(maxCount, out.size())) {
            return false;
        }
        for (uint64_t i = first; i <= last; ++i) {
            out.push_back(static_cast<uint32_t>(i));
        }
        return true;
    });
}

std::string FormatByteRuns(const std::vector<uint8_t> &values) {
    std::string text;
    for (size_t i = 0; i < values.size();) {
        size_t j = i;
        while (j + 1 < values.size() && values[j + 1] == values[i]) {
            ++j;
        }
        if (!text.empty()) {
            text += ' ';
        }
        text += std::to_string(values[i]);
        if (j > i) {
            text += '*' + std::to_string(j - i + 1);
        }
        i = j + 1;
    }
    return text;
}

bool ParseByteRuns(const std::string &text, size_t maxCount, std::vector<uint8_t> &out) {
    out.clear();
    return EachItem(text, [&](size_t pos, size_t end) {
        uint64_t value = 0, count = 1;
        if (!ReadUnsigned(text, pos, 255, value)) {
            return false;
        }
        if (pos < end && text[pos] == '*') {
            ++pos;
            if (!ReadUnsigned(text, pos, maxCount, count) || count == 0) {
                return false;
            }
        }
        if (pos != end || count > maxCount - out.size()) {
            return false;
        }
        out.insert(out.end(), static_cast<size_t>(count), static_cast<uint8_t>(value));
        return true;
    });
}

std::string FormatFloats(const std::vector<float> &values) {
    std::string text;
    char buffer[32];
    for (float value : values) {
        std::snprintf(buffer, sizeof(buffer), "%.9g", static_cast<double>(value));
        if (!text.empty()) {
            text += ' ';
        }
        text += buffer;
    }
    return text;
}

bool ParseFloats(const std::string &text, size_t maxCount, std::vector<float> &out) {
    out.clear();
    return EachItem(text, [&](size_t pos, size_t end) {
        if (out.size() >= maxCount || end - pos > 31) {
            return false;
        }
        const std::string item = text.substr(pos, end - pos);
        char *stop = nullptr;
        errno = 0;
        const float value = std::strtof(item.c_str(), &stop);
        if (stop != item.c_str() + item.size() || !std::isfinite(value)) {
            return false;
        }
        out.push_back(value);
        return true;
    });
}

void AddLongString(MetaBuilder &meta, const std::string &key, const std::string &text) {
    size_t pos = 0;
    unsigned part = 1;
    do {
        size_t length = std::min(kPartBytes, text.size() - pos);
        if (pos + length < text.size()) {
            // End the part at a space, which the next part then skips: items stay whole.
            const size_t space = text.rfind(' ', pos + length);
            if (space != std::string::npos && space > pos) {
                length = space - pos;
            }
        }
        meta.AddString(part == 1 ? key : key + "#" + std::to_string(part), std::string_view(text).substr(pos, length));
        pos += length;
        if (pos < text.size() && text[pos] == ' ') {
            ++pos;
        }
        ++part;
    } while (pos < text.size());
}

bool GetLongString(const aiMetadata *meta, const std::string &key, std::string &text) {
    text.clear();
    aiString part;
    if (!meta || !meta->Get(key, part)) {
        return false;
    }
    text.assign(part.data, part.length);
    for (unsigned n = 2; meta->Get(key + "#" + std::to_string(n), part); ++n) {
        text += ' ';
        text.append(part.data, part.length);
    }
    return true;
}

} // namespace assimp_retro
