// The COLLADA passes' XML toolkit (see ColladaXml.h).
#include "Export/ColladaXml.h"

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <stdexcept>
#include <utility>

namespace assimp_retro {
namespace collada_xml {
namespace {

/// The raw value of the attribute that `key` (' name="') starts in
/// `attributes`, or "".
std::string AttributeValue(const std::string &attributes, const char *key) {
    const size_t keyAt = attributes.find(key);
    if (keyAt == std::string::npos) {
        return "";
    }
    const size_t valueAt = keyAt + std::char_traits<char>::length(key);
    const size_t valueEnd = attributes.find('"', valueAt);
    return valueEnd == std::string::npos ? "" : attributes.substr(valueAt, valueEnd - valueAt);
}

/// Length of the valid UTF-8 sequence at `at`, or 0.
size_t Utf8SequenceLength(const std::string &text, size_t at) {
    const auto byte = [&](size_t i) { return static_cast<unsigned char>(text[i]); };
    const unsigned char lead = byte(at);
    const size_t length = lead < 0x80        ? 1
            : (lead >= 0xC2 && lead <= 0xDF) ? 2
            : (lead >= 0xE0 && lead <= 0xEF) ? 3
            : (lead >= 0xF0 && lead <= 0xF4) ? 4
                                             : 0;
    if (length == 0 || at + length > text.size()) {
        return 0;
    }
    for (size_t i = 1; i < length; ++i) {
        if ((byte(at + i) & 0xC0) != 0x80) {
            return 0;
        }
    }
    const bool overlong = (lead == 0xE0 && byte(at + 1) < 0xA0) || (lead == 0xF0 && byte(at + 1) < 0x90);
    const bool beyond = (lead == 0xED && byte(at + 1) >= 0xA0) || (lead == 0xF4 && byte(at + 1) >= 0x90);
    return (overlong || beyond) ? 0 : length;
}

} // namespace

/// The five XML special characters escaped, as Assimp's XMLEscape writes
/// node names.
std::string EscapeSpecials(const std::string &text) {
    std::string out;
    for (char c : text) {
        switch (c) {
        case '&':
            out += "&amp;";
            break;
        case '"':
            out += "&quot;";
            break;
        case '\'':
            out += "&apos;";
            break;
        case '<':
            out += "&lt;";
            break;
        case '>':
            out += "&gt;";
            break;
        default:
            out += c;
            break;
        }
    }
    return out;
}

/// Text as XML 1.0 character data: specials escaped, and bytes XML cannot
/// hold (control characters, invalid UTF-8) replaced by U+FFFD.
std::string XmlText(const std::string &text) {
    std::string out;
    for (size_t at = 0; at < text.size();) {
        const unsigned char c = static_cast<unsigned char>(text[at]);
        const size_t length = Utf8SequenceLength(text, at);
        if (length == 0 || (c < 0x20 && c != '\t' && c != '\n' && c != '\r')) {
            out += "\xEF\xBF\xBD";
            ++at;
        } else if (length == 1) {
            out += EscapeSpecials(std::string(1, text[at]));
            ++at;
        } else {
            out.append(text, at, length);
            at += length;
        }
    }
    return out;
}

std::string Number(double value) {
    char buffer[32];
    std::snprintf(buffer, sizeof(buffer), "%.17g", value);
    return buffer;
}

/// The start or end tag at `at` (text[at] == '<'): its element name, whether
/// it ends an element, whether it closes itself, and where it ends (after '>').

Tag ReadTag(const std::string &text, size_t at) {
    Tag tag;
    size_t i = at + 1;
    tag.end = i < text.size() && text[i] == '/';
    i += tag.end ? 1 : 0;
    const size_t nameBegin = i;
    while (i < text.size() && text[i] != '>' && text[i] != '/' && text[i] != ' ' && text[i] != '\t' &&
            text[i] != '\n' && text[i] != '\r') {
        ++i;
    }
    tag.name = text.substr(nameBegin, i - nameBegin);
    char quote = 0;
    size_t attributeStart = i;
    for (; i < text.size(); ++i) {
        const char c = text[i];
        if (quote) {
            quote = c == quote ? 0 : quote;
        } else if (c == '"' || c == '\'') {
            quote = c;
        } else if (c == '>') {
            tag.selfClosing = i > at && text[i - 1] == '/';
            tag.close = i + 1;
            break;
        }
    }
    if (tag.close == std::string::npos) {
        throw std::runtime_error("unterminated tag at byte offset " + std::to_string(at));
    }
    const std::string attributes = text.substr(attributeStart, tag.close - attributeStart);
    tag.nameAttribute = AttributeValue(attributes, " name=\"");
    tag.idAttribute = AttributeValue(attributes, " id=\"");
    return tag;
}

/// Where the markup construct at `at` ends if it is a comment, processing
/// instruction, CDATA section or declaration; npos if it is a tag.
size_t SkipSpecial(const std::string &text, size_t at) {
    static const std::pair<const char *, const char *> kinds[] = {{"<!--", "-->"}, {"<![CDATA[", "]]>"}, {"<?", "?>"},
            {"<!", ">"}};
    for (const auto &kind : kinds) {
        if (text.compare(at, std::char_traits<char>::length(kind.first), kind.first) == 0) {
            const size_t end = text.find(kind.second, at);
            if (end == std::string::npos) {
                throw std::runtime_error("unterminated markup at byte offset " + std::to_string(at));
            }
            return end + std::char_traits<char>::length(kind.second);
        }
    }
    return std::string::npos;
}

void ForEachTag(const std::string &text, const std::function<void(size_t at, const Tag &tag)> &visit) {
    for (size_t at = text.find('<'); at != std::string::npos; at = text.find('<', at)) {
        const size_t special = SkipSpecial(text, at);
        if (special != std::string::npos) {
            at = special;
            continue;
        }
        const Tag tag = ReadTag(text, at);
        visit(at, tag);
        at = tag.close;
    }
}

bool EditTextFile(const std::string &path, const char *what,
        const std::function<std::string(const std::string &text)> &edit, std::string *error) {
    const auto fail = [error](const std::string &message) {
        if (error) {
            *error = message;
        }
        return false;
    };
    std::string text;
    {
        std::ifstream file(std::filesystem::u8path(path), std::ios::binary);
        if (!file) {
            return fail("cannot open '" + path + "'");
        }
        text.assign(std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>());
    }
    std::string output;
    try {
        output = edit(text);
    } catch (const std::exception &e) { // std::runtime_error for malformed text, std::bad_alloc
        return fail(std::string(what) + ": " + e.what() + " in '" + path + "'");
    }
    if (output.empty()) {
        return true;
    }
    std::ofstream file(std::filesystem::u8path(path), std::ios::binary | std::ios::trunc);
    file.write(output.data(), static_cast<std::streamsize>(output.size()));
    return file ? true : fail("cannot write '" + path + "'");
}

} // namespace collada_xml
} // namespace assimp_retro
