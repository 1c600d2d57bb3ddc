// Scene and node metadata written into a binary FBX as user properties
// (Properties70 "P" entries with the flag "U"), which Assimp's FBX exporter
// does not write.
//
//   aiScene::mMetaData, and the root node's  -> Documents/Document/Properties70
//     (FBX's scene object; Assimp writes no Model for the root node)
//   any other node's aiNode::mMetaData       -> the Properties70 of the Model of
//     the same name (Blender: the object's custom properties; Assimp's FBX
//     importer: the node's metadata)
//
// Values, as MetadataLeaves reads them (nested keys "a.b"):
//   bool -> "bool" (I 0/1); integers in int32 range -> "int" "Integer" (I);
//   other integers -> "KString" (decimal text, exact); numbers -> "double"
//   "Number" (D); strings -> "KString" (S); aiVector3D -> "Vector3D" "Vector"
//   (D D D).
#pragma once

#include "Export/FbxRecords.h"

#include <vector>

struct aiScene;

namespace assimp_retro {

struct FbxCompletionReport;

/// Adds the metadata of `scene` to `top`, the top-level records of an FBX
/// Assimp wrote from `scene` (or from a view of it with the same node names).
/// A key the Properties70 already holds, and a node without a Model, are
/// skipped and noted in `report`. Throws fbx::FormatError when a record it
/// reads is malformed.
void AddFbxMetadata(const aiScene &scene, const fbx::RecordReader &reader, std::vector<fbx::Record> &top,
        FbxCompletionReport &report);

} // namespace assimp_retro
