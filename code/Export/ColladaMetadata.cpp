// Scene and node metadata as COLLADA <extra> elements (see ColladaMetadata.h).
#include "Export/ColladaMetadata.h"

#include "Export/ColladaXml.h"
#include "Export/MetadataLeaves.h"

#include <assimp/scene.h>

#include <map>
#include <set>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace assimp_retro {
namespace {

using namespace collada_xml;
using Leaves = std::vector<std::pair<std::string, MetadataLeaf>>;

/// One <property>, or "" if `value` has no form here (an array other than
/// three numbers).
std::string PropertyElement(const std::string &key, const MetadataLeaf &value, const std::string &indent) {
    using Kind = MetadataLeaf::Kind;
    std::string type;
    std::string text;
    if (value.kind == Kind::Bool) {
        type = "bool";
        text = value.boolean ? "true" : "false";
    } else if (value.IsInteger()) {
        type = "int";
        text = value.IntegerText();
    } else if (value.kind == Kind::Real) {
        type = "float";
        text = Number(value.real);
    } else if (value.kind == Kind::String) {
        type = "string";
        text = XmlText(value.text);
    } else if (value.kind == Kind::Vector) {
        type = "float3";
        text = Number(value.vector[0]) + " " + Number(value.vector[1]) + " " + Number(value.vector[2]);
    } else {
        return "";
    }
    return indent + "<property name=\"" + XmlText(key) + "\" type=\"" + type + "\">" + text + "</property>\n";
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
        ForEachTag(text, [&](size_t at, const Tag &tag) {
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
        });
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
        MergeLeaves(leaves, MetadataLeaves(metadata, what, report_.notes), what);
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

} // namespace

bool AddColladaMetadata(const aiScene &scene, const std::string &path, std::string *error,
        ColladaMetadataReport *report) {
    ColladaMetadataReport local;
    ColladaMetadataReport &result = report ? *report : local;
    result = ColladaMetadataReport();
    return EditTextFile(
            path, "COLLADA metadata",
            [&](const std::string &text) {
                std::string output = ColladaMetadataWriter(scene, result).Apply(text);
                return result.entriesWritten == 0 ? std::string() : output;
            },
            error);
}

} // namespace assimp_retro
