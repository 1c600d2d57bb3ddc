// assimp-retro public API: what a person wants to see first of an imported
// scene (the tool's gallery cards, docs/gallery.md): counts, animations,
// LODs, sockets, named selections and textures, read from the scene and the
// metadata the importers write (docs/importers.md).
//
//   const aiScene *scene = importer.ReadFile(path, 0);
//   assimp_retro::SceneSummary summary = assimp_retro::SummariseScene(*scene);
#pragma once

#include <string>
#include <vector>

struct aiScene;

namespace assimp_retro {

/// One texture a material names.
struct TextureUse {
    std::string path; ///< the game's path ("tzk_objects\tomahawk.paa", "SKINS/DECOS/FLAG.DTX"), else the file's
    bool found = false; ///< found (and, by default, decoded and embedded); false: missing
};

struct SceneSummary {
    std::string format; ///< the importer's name (the scene's SourceAsset_Format), "" if unknown
    std::string version; ///< "ABC v6", "ABC v12", "LTB v25", "P3D ODOL v7", "P3D MLOD", "OBAN", ""
    unsigned meshes = 0;
    unsigned triangles = 0; ///< faces of 3 corners or more (a polygon counts once)
    unsigned vertices = 0;
    unsigned nodes = 0;
    unsigned bones = 0; ///< distinct bone names over all meshes
    std::vector<std::string> animations; ///< names, in scene order
    /// LODs: the file's count where it records one (ABC v9+ and LTB
    /// abc:lodCount, P3D p3d:lods), else the levels the scene holds (ABC v6:
    /// 1 + the LOD levels built); 0 for a file without meshes.
    unsigned lods = 0;
    std::vector<std::string> lodNodes; ///< nodes holding a level other than the first, in node order
    std::vector<std::string> sockets; ///< ABC/LTB socket nodes
    std::vector<std::string> memoryPoints; ///< P3D memory-LOD points (imported with IMPORT_P3D_LODS = 2)
    std::vector<std::string> selections; ///< P3D named selections over the LODs imported (each name once)
    std::vector<TextureUse> textures; ///< one per distinct path, in material order
};

/// The summary of `scene` (never throws; a scene without metadata gives the counts).
SceneSummary SummariseScene(const aiScene &scene);

} // namespace assimp_retro
