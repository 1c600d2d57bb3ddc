// Scene and node metadata as FBX user properties (see FbxMetadata.h).
#include "Export/FbxMetadata.h"

#include "Export/MetadataJson.h"

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
using Json = nlohmann::ordered_json;

/// One user property, or a record with no properties if `value` has no FBX
/// form (an array other than three numbers).
Record UserProperty(const std::string &key, const Json &value) {
    const int64_t int32Min = std::numeric_limits<int32_t>::min();
    const int64_t int32Max = std::numeric_limits<int32_t>::max();
    PropertyList list;
    list.String(key);
    if (value.is_boolean()) {
        list.String("bool").String("").String("U").Int32(value.get<bool>() ? 1 : 0);
    } else if (value.is_number_unsigned() && value.get<uint64_t>() <= static_cast<uint64_t>(int32Max)) {
        list.String("int").String("Integer").String("U").Int32(static_cast<int32_t>(value.get<uint64_t>()));
    } else if (value.is_number_integer() && !value.is_number_unsigned() && value.get<int64_t>() >= int32Min &&
               value.get<int64_t>() <= int32Max) {
        list.String("int").String("Integer").String("U").Int32(static_cast<int32_t>(value.get<int64_t>()));
    } else if (value.is_number_integer()) {
        list.String("KString").String("").String("U").String(value.dump()); // exact, beyond int32 and double
    } else if (value.is_number()) {
        list.String("double").String("Number").String("U").Double(value.get<double>());
    } else if (value.is_string()) {
        list.String("KString").String("").String("U").String(value.get<std::string>());
    } else if (value.is_array() && value.size() == 3 && value[0].is_number() && value[1].is_number() &&
               value[2].is_number()) {
        list.String("Vector3D").String("Vector").String("U");
        for (const Json &component : value) {
            list.Double(component.get<double>());
        }
    } else {
        return Record();
    }
    return fbx::MakeRecord("P", list);
}

class MetadataWriter {
public:
    MetadataWriter(const fbx::RecordReader &reader, std::vector<Record> &top, FbxCompletionReport &report)
        : reader_(reader), report_(report) {
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
        for (const auto &leaf : FlattenMetadata(MetadataToJson(metadata, what, report_.notes))) {
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
    std::set<const Record *> written_;                      ///< objects given at least one property
};

} // namespace

void AddFbxMetadata(const aiScene &scene, const fbx::RecordReader &reader, std::vector<Record> &top,
        FbxCompletionReport &report) {
    MetadataWriter(reader, top, report).AddScene(scene);
}

} // namespace assimp_retro
