// assimp-retro: the small XML toolkit of the COLLADA passes (metadata,
// animations), which edit the text Assimp's COLLADA exporter wrote: tags are
// scanned in place, so everything the passes do not touch stays byte for byte.
#pragma once

#include <functional>
#include <string>

namespace assimp_retro {
namespace collada_xml {

/// The COLLADA passes walk the node tree no deeper than this.
constexpr unsigned kMaxNodeDepth = 1024;

/// The five XML special characters escaped, as Assimp's XMLEscape writes
/// node names.
std::string EscapeSpecials(const std::string &text);

/// Text as XML 1.0 character data: specials escaped, and bytes XML cannot
/// hold (control characters, invalid UTF-8) replaced by U+FFFD.
std::string XmlText(const std::string &text);

/// A number with 17 significant digits (a double read back exactly).
std::string Number(double value);

/// The start or end tag at `at` (text[at] == '<'): its element name, whether
/// it ends an element, whether it closes itself, where it ends (after '>')
/// and the raw values of its name and id attributes.
struct Tag {
    std::string name;
    bool end = false;
    bool selfClosing = false;
    size_t close = std::string::npos;
    std::string nameAttribute; ///< raw value of name="..." ("" if none)
    std::string idAttribute; ///< raw value of id="..." ("" if none)
};

/// Reads the tag at `at`; throws std::runtime_error if it is unterminated.
Tag ReadTag(const std::string &text, size_t at);

/// Where the markup construct at `at` ends if it is a comment, processing
/// instruction, CDATA section or declaration; npos if it is a tag. Throws
/// std::runtime_error if it is unterminated.
size_t SkipSpecial(const std::string &text, size_t at);

/// Calls `visit` with the offset and the tag of every start and end tag of
/// `text` in order (comments, CDATA, processing instructions and
/// declarations skipped). Throws std::runtime_error on unterminated markup.
void ForEachTag(const std::string &text, const std::function<void(size_t at, const Tag &tag)> &visit);

/// Reads the file at `path`, hands its text to `edit` and, unless that
/// returns "" (nothing to change), writes what it returns in its place.
/// Returns false and sets `error` if the file cannot be read or written, or
/// if `edit` throws a std::exception (std::runtime_error for malformed text):
/// "<what>: <message> in '<path>'".
bool EditTextFile(const std::string &path, const char *what,
        const std::function<std::string(const std::string &text)> &edit, std::string *error);

} // namespace collada_xml
} // namespace assimp_retro
