// Scene and node metadata as COLLADA <extra> elements (see ColladaMetadata.h).
#include "Export/ColladaMetadata.h"

#include "Export/MetadataJson.h"

#include <assimp/scene.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <set>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace assimp_retro {
namespace {

using Json = nlohmann::ordered_json;
using Leaves = std::vector<std::pair<std::string, Json>>;

constexpr unsigned kMaxNodeDepth = 1024;

/// The five XML special characters escaped, as Assimp's XMLEscape writes
/// node names.
std::string EscapeSpecials(const std::string &text) {
    std::string out;
    for (char c : text) {
        switch (c) {
        case '&': out += "&amp;"; break;
        case '"': out += "&quot;"; break;
        case '\'': out += "&apos;"; break;
        case '<': out += "&lt;"; break;
        case '>': out += "&gt;"; break;
        default: out += c; break;
        }
    }
    return out;
}

/// Length of the valid UTF-8 sequence at `at`, or 0.
size_t Utf8SequenceLength(const std::string &text, size_t at) {
    const auto byte = [&](size_t i) { return static_cast<unsigned char>(text[i]); };
    const unsigned char lead = byte(at);
    const size_t length = lead < 0x80 ? 1 : (lead >= 0xC2 && lead <= 0xDF) ? 2 : (lead >= 0xE0 && lead <= 0xEF) ? 3
                        : (lead >= 0xF0 && lead <= 0xF4) ? 4 : 0;
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

/// One <property>, or "" if `value` has no form here (an array other than
/// three numbers).
std::string PropertyElement(const std::string &key, const Json &value, const std::string &indent) {
    std::string type;
    std::string text;
    if (value.is_boolean()) {
        type = "bool";
        text = value.get<bool>() ? "true" : "false";
    } else if (value.is_number_integer()) {
        type = "int";
        text = value.dump();
    } else if (value.is_number()) {
        type = "float";
        text = Number(value.get<double>());
    } else if (value.is_string()) {
        type = "string";
        text = XmlText(value.get<std::string>());
    } else if (value.is_array() && value.size() == 3 && value[0].is_number() && value[1].is_number() &&
               value[2].is_number()) {
        type = "float3";
        text = Number(value[0].get<double>()) + " " + Number(value[1].get<double>()) + " " +
               Number(value[2].get<double>());
    } else {
        return "";
    }
    return indent + "<property name=\"" + XmlText(key) + "\" type=\"" + type + "\">" + text + "</property>\n";
}

/// The start or end tag at `at` (text[at] == '<'): its element name, whether
/// it ends an element, whether it closes itself, and where it ends (after '>').
struct Tag {
    std::string name;
    bool end = false;
    bool selfClosing = false;
    size_t close = std::string::npos;
    std::string nameAttribute; ///< raw value of name="..." ("" if none)
};

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
    const size_t nameAt = attributes.find(" name=\"");
    if (nameAt != std::string::npos) {
        const size_t valueAt = nameAt + 7;
        const size_t valueEnd = attributes.find('"', valueAt);
        tag.nameAttribute = attributes.substr(valueAt, valueEnd - valueAt);
    }
    return tag;
}

/// Where the markup construct at `at` ends if it is a comment, processing
/// instruction, CDATA section or declaration; npos if it is a tag.
size_t SkipSpecial(const std::string &text, size_t at) {
    static const std::pair<const char *, const char *> kinds[] = {
            {"<!--", "-->"}, {"<![CDATA[", "]]>"}, {"<?", "?>"}, {"<!", ">"}};
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

class ColladaMetadataWriter {
public:
    ColladaMetadataWriter(const aiScene &scene, ColladaMetadataReport &report) : report_(report) {
        if (scene.mMetaData) {
            AppendLeaves(sceneLeaves_, *scene.mMetaData, "the scene");
        }
        if (scene.mRootNode) {
            CollectNodes(*scene.mRootNode, 0);
            rootName_ = EscapeSpecials(scene.mRootNode->mName.C_Str());
        }
    }

    /// `text` with the <extra> elements; throws std::runtime_error if it is
    /// not well-formed enough to place them.
    std::string Apply(const std::string &text) {
        std::string out;
        std::vector<std::string> openNodes; // name attributes of the open <node> elements
        bool sawVisualScene = false;
        size_t copied = 0;
        for (size_t at = text.find('<'); at != std::string::npos; at = text.find('<', at)) {
            const size_t special = SkipSpecial(text, at);
            if (special != std::string::npos) {
                at = special;
                continue;
            }
            const Tag tag = ReadTag(text, at);
            if (tag.name == "node" && !tag.end && !tag.selfClosing) {
                openNodes.push_back(tag.nameAttribute);
                rootWritten_ = rootWritten_ || tag.nameAttribute == rootName_;
            } else if (tag.name == "node" && tag.end) {
                if (openNodes.empty()) {
                    throw std::runtime_error("</node> without <node> at byte offset " + std::to_string(at));
                }
                out.append(text, copied, at - copied);
                copied = at;
                out += ExtraFor(openNodes.back(), Indent(text, at));
                openNodes.pop_back();
            } else if (tag.name == "visual_scene" && tag.end) {
                sawVisualScene = true;
                out.append(text, copied, at - copied);
                copied = at;
                out += SceneExtra(Indent(text, at));
            }
            at = tag.close;
        }
        if (!sawVisualScene) {
            throw std::runtime_error("no </visual_scene>");
        }
        out.append(text, copied, std::string::npos);
        return out;
    }

private:
    /// Adds `from` to `into`, leaving out (with a note) keys `into` holds.
    void MergeLeaves(Leaves &into, Leaves from, const std::string &what) {
        std::set<std::string> keys;
        for (const auto &leaf : into) {
            keys.insert(leaf.first);
        }
        for (auto &leaf : from) {
            if (keys.insert(leaf.first).second) {
                into.push_back(std::move(leaf));
            } else {
                report_.notes.push_back(what + " key \"" + leaf.first + "\": already there, left out");
            }
        }
    }

    void AppendLeaves(Leaves &leaves, const aiMetadata &metadata, const std::string &what) {
        MergeLeaves(leaves, FlattenMetadata(MetadataToJson(metadata, what, report_.notes)), what);
    }

    void CollectNodes(const aiNode &node, unsigned depth) {
        if (node.mMetaData && node.mMetaData->mNumProperties > 0) {
            const std::string name = node.mName.C_Str();
            AppendLeaves(nodeLeaves_[EscapeSpecials(name)], *node.mMetaData, "node \"" + name + "\"");
        }
        for (unsigned i = 0; i < node.mNumChildren && node.mChildren && depth < kMaxNodeDepth; ++i) {
            if (node.mChildren[i]) {
                CollectNodes(*node.mChildren[i], depth + 1);
            }
        }
    }

    /// The whitespace before the end tag at `at` on its line.
    static std::string Indent(const std::string &text, size_t at) {
        size_t begin = at;
        while (begin > 0 && (text[begin - 1] == ' ' || text[begin - 1] == '\t')) {
            --begin;
        }
        return text.substr(begin, at - begin);
    }

    std::string Extra(const Leaves &leaves, const std::string &indent) {
        std::string properties;
        for (const auto &leaf : leaves) {
            const std::string element = PropertyElement(leaf.first, leaf.second, indent + "      ");
            if (element.empty()) {
                report_.notes.push_back("metadata key \"" + leaf.first + "\": no COLLADA property type, left out");
                continue;
            }
            properties += element;
            ++report_.entriesWritten;
        }
        if (properties.empty()) {
            return "";
        }
        ++report_.elementsWithMetadata;
        return "  <extra>\n" + indent + "    <technique profile=\"assimp-retro\">\n" + properties + indent +
               "    </technique>\n" + indent + "  </extra>\n" + indent;
    }

    std::string ExtraFor(const std::string &nodeName, const std::string &indent) {
        const auto found = nodeLeaves_.find(nodeName);
        if (found == nodeLeaves_.end() || written_.count(nodeName)) {
            return "";
        }
        written_.insert(nodeName);
        return Extra(found->second, indent);
    }

    std::string SceneExtra(const std::string &indent) {
        Leaves leaves = sceneLeaves_;
        const auto root = nodeLeaves_.find(rootName_);
        if (!rootWritten_ && root != nodeLeaves_.end()) {
            MergeLeaves(leaves, root->second, "root node");
            written_.insert(rootName_);
        }
        return Extra(leaves, indent);
    }

    ColladaMetadataReport &report_;
    Leaves sceneLeaves_;
    std::map<std::string, Leaves> nodeLeaves_; ///< by the escaped node name
    std::string rootName_;
    bool rootWritten_ = false;
    std::set<std::string> written_;
};

bool Fail(std::string *error, const std::string &message) {
    if (error) {
        *error = message;
    }
    return false;
}

} // namespace

bool AddColladaMetadata(const aiScene &scene, const std::string &path, std::string *error,
        ColladaMetadataReport *report) {
    ColladaMetadataReport local;
    ColladaMetadataReport &result = report ? *report : local;
    result = ColladaMetadataReport();
    std::string text;
    {
        std::ifstream file(std::filesystem::u8path(path), std::ios::binary);
        if (!file) {
            return Fail(error, "cannot open '" + path + "'");
        }
        text.assign(std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>());
    }
    std::string output;
    try {
        output = ColladaMetadataWriter(scene, result).Apply(text);
    } catch (const std::exception &e) {
        return Fail(error, "COLLADA metadata: " + std::string(e.what()) + " in '" + path + "'");
    }
    if (result.entriesWritten == 0) {
        return true;
    }
    std::ofstream file(std::filesystem::u8path(path), std::ios::binary | std::ios::trunc);
    file.write(output.data(), static_cast<std::streamsize>(output.size()));
    if (!file) {
        return Fail(error, "cannot write '" + path + "'");
    }
    return true;
}

} // namespace assimp_retro
