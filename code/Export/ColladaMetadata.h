// Scene and node metadata in a COLLADA file, which Assimp's COLLADA exporter
// does not write (it takes a few named scene keys such as "Author" only).
//
// COLLADA 1.4.1 has one place for application data: <extra>, the last child
// of <node> and of <visual_scene>. The pass adds, before their end tags,
//   <extra><technique profile="assimp-retro">
//     <property name="KEY" type="TYPE">VALUE</property> ...
//   </technique></extra>
// with the leaves MetadataLeaves reads (nested keys "a.b") and TYPE one of bool
// (true/false), int, float (17 significant digits), float3 ("x y z") and
// string. Scene metadata, and the root node's when Assimp did not write the
// root as a <node>, go to the <visual_scene>; each node's to the <node> with
// its name. Readers that do not know the profile skip it (Blender 3.4 and
// Assimp's COLLADA importer open the file as before).
#pragma once

#include <string>
#include <vector>

struct aiScene;

namespace assimp_retro {

struct ColladaMetadataReport {
    unsigned entriesWritten = 0; ///< <property> elements added
    unsigned elementsWithMetadata = 0; ///< <node> and <visual_scene> elements given an <extra>
    std::vector<std::string> notes; ///< what was left out, and why
};

/// Adds the metadata of `scene` to `path`, a COLLADA file Assimp's exporter
/// wrote from it (node names are matched as Assimp writes them). The file is
/// rewritten only if something is added. Returns false and sets `error` if
/// the file cannot be read or written, or is not one COLLADA document with a
/// <visual_scene>.
bool AddColladaMetadata(const aiScene &scene, const std::string &path, std::string *error = nullptr,
        ColladaMetadataReport *report = nullptr);

} // namespace assimp_retro
