// Scene and node metadata as FBX user properties (see FbxMetadata.h).
#include "Export/FbxMetadata.h"

#include "Export/MetadataLeaves.h"

#include <assimp_retro/fbx_export.h>

#include <assimp/scene.h>

#include <cstdint>
#include <limits>
#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace assimp_retro {
namespace {

using fbx::PropertyList;
using fbx::Record;

/// One user property, or a record with no properties if `value` has no FBX
/// form (an array other than three numbers).
Record UserProperty(const std::string &key, const MetadataLeaf &value) {
    using Kind = MetadataLeaf::Kind;
    const int64_t int32Min = std::numeric_limits<int32_t>::min();
    const int64_t int32Max = std::numeric_limits<int32_t>::max();
    PropertyList list;
    list.String(key);
    if (value.kind == Kind::Bool) {
        list.String("bool").String("").String("U").Int32(value.boolean ? 1 : 0);
    } else if (value.kind == Kind::Unsigned && value.unsignedValue <= static_cast<uint64_t>(int32Max)) {
        list.String("int").String("Integer").String("U").Int32(static_cast<int32_t>(value.unsignedValue));
    } else if (value.kind == Kind::Signed && value.signedValue >= int32Min && value.signedValue <= int32Max) {
        list.String("int").String("Integer").String("U").Int32(static_cast<int32_t>(value.signedValue));
    } else if (value.IsInteger()) {
        list.String("KString").String("").String("U").String(value.IntegerText()); // exact, beyond int32 and double
    } else if (value.kind == Kind::Real) {
        list.String("double").String("Number").String("U").Double(value.real);
    } else if (value.kind == Kind::String) {
        list.String("KString").String("").String("U").String(value.text);
    } else if (value.kind == Kind::Vector) {
        list.String("Vector3D").String("Vector").String("U");
        for (const double component : value.vector) {
            list.Double(component);
        }
    } else {
        return Record();
    }
    return fbx::MakeRecord("P", list);
}

class MetadataWriter {
public:
    MetadataWriter(const fbx::RecordReader &reader, std::vector<Record> &top, FbxCompletionReport &report) :
            reader_(reader), report_(report) {
        if (Record *objects = fbx::TopRecord(top, "Objects")) {
            for (Record &record : objects->children) {
                const fbx::ObjectHeader header =
                        record.name == "Model" ? fbx::ReadObjectHeader(reader_, record) : fbx::ObjectHeader();
                if (header.valid && !models_.count(header.name)) {
                    models_[header.name] = &record;
                }
            }
        }
        if (Record *documents = fbx::TopRecord(top, "Documents")) {
            document_ = fbx::TopRecord(documents->children, "Document");
        }
    }

    void AddScene(const aiScene &scene) {
        if (scene.mMetaData && scene.mMetaData->mNumProperties > 0) {
            Add(document_, *scene.mMetaData, "the scene", "the FBX Document");
        }
        if (scene.mRootNode) {
            AddNode(*scene.mRootNode, true, 0);
        }
    }

private:
    static constexpr unsigned kMaxDepth = 1024;

    void AddNode(const aiNode &node, bool isRoot, unsigned depth) {
        const std::string name = node.mName.C_Str();
        if (node.mMetaData && node.mMetaData->mNumProperties > 0) {
            const auto model = models_.find(name);
            if (model != models_.end()) {
                Add(model->second, *node.mMetaData, "node \"" + name + "\"", "its Model");
            } else if (isRoot) {
                Add(document_, *node.mMetaData, "root node \"" + name + "\"", "the FBX Document");
            } else {
                report_.notes.push_back("metadata of node \"" + name + "\": no FBX Model of that name, left out");
            }
        }
        for (unsigned i = 0; i < node.mNumChildren && node.mChildren && depth < kMaxDepth; ++i) {
            if (node.mChildren[i]) {
                AddNode(*node.mChildren[i], false, depth + 1);
            }
        }
    }

    /// The names the entries of a Properties70 list use.
    std::set<std::string> EntryNames(const Record &properties) const {
        std::set<std::string> names;
        for (const Record &entry : properties.children) {
            if (entry.owned || entry.name != "P" || entry.numProperties == 0) {
                continue;
            }
            const std::vector<fbx::PropertyAt> values = reader_.Properties(entry);
            if (values[0].type == 'S') {
                names.insert(reader_.String(values[0]));
            }
        }
        return names;
    }

    void Add(Record *object, const aiMetadata &metadata, const std::string &what, const std::string &target) {
        if (!object) {
            report_.notes.push_back("metadata of " + what + ": the file has no " + target + ", left out");
            return;
        }
        Record *properties = fbx::TopRecord(object->children, "Properties70");
        // The Document can receive two sets (scene, root node): remember what each object holds.
        auto known = names_.find(object);
        if (known == names_.end()) {
            known = names_.emplace(object, properties ? EntryNames(*properties) : std::set<std::string>()).first;
        }
        std::set<std::string> &names = known->second;
        std::vector<Record> entries;
        for (const auto &leaf : MetadataLeaves(metadata, what, report_.notes)) {
            Record entry = UserProperty(leaf.first, leaf.second);
            if (entry.name.empty()) {
                report_.notes.push_back(what + " key \"" + leaf.first + "\": no FBX property type, left out");
            } else if (!names.insert(leaf.first).second) {
                report_.notes.push_back(what + " key \"" + leaf.first + "\": " + target + " has it already, left out");
            } else {
                entries.push_back(std::move(entry));
            }
        }
        if (entries.empty()) {
            return;
        }
        if (!properties) {
            object->children.push_back(fbx::MakeRecord("Properties70", PropertyList()));
            properties = &object->children.back();
        }
        report_.metadataPropertiesWritten += static_cast<unsigned>(entries.size());
        report_.objectsWithMetadata += written_.insert(object).second ? 1 : 0;
        for (Record &entry : entries) {
            properties->children.push_back(std::move(entry));
        }
    }

    const fbx::RecordReader &reader_;
    FbxCompletionReport &report_;
    std::map<std::string, Record *> models_;
    Record *document_ = nullptr;
    std::map<const Record *, std::set<std::string>> names_; ///< property names per object, with those added
    std::set<const Record *> written_; ///< objects given at least one property
};

} // namespace

void AddFbxMetadata(const aiScene &scene, const fbx::RecordReader &reader, std::vector<Record> &top,
        FbxCompletionReport &report) {
    MetadataWriter(reader, top, report).AddScene(scene);
}

} // namespace assimp_retro
