// Prints what a model read with this libassimp holds under each top-level
// node, sorted by name: the LODs of a P3D (read with IMPORT_P3D_LODS = 2,
// every LOD) or the root objects of a glTF, each with its triangle count,
// then how many textures are embedded. port.sh compares a GLB with the MLOD
// the stock `assimp export` made of it (the texture the exporter wrote as
// PAA beside it is found and embedded again). Usage: lod_summary FILE
#include <assimp/Importer.hpp>
#include <assimp/scene.h>

#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

namespace {

unsigned Triangles(const aiScene &scene, const aiNode &node) {
    unsigned count = 0;
    for (unsigned i = 0; i < node.mNumMeshes; ++i) {
        const aiMesh &mesh = *scene.mMeshes[node.mMeshes[i]];
        for (unsigned f = 0; f < mesh.mNumFaces; ++f) {
            count += mesh.mFaces[f].mNumIndices >= 3 ? mesh.mFaces[f].mNumIndices - 2 : 0;
        }
    }
    for (unsigned c = 0; c < node.mNumChildren; ++c) {
        count += Triangles(scene, *node.mChildren[c]);
    }
    return count;
}

} // namespace

int main(int argc, char **argv) {
    if (argc != 2) {
        std::fprintf(stderr, "usage: lod_summary FILE\n");
        return 1;
    }
    Assimp::Importer importer;
    importer.SetPropertyInteger("IMPORT_P3D_LODS", 2);
    const aiScene *scene = importer.ReadFile(argv[1], 0);
    if (scene == nullptr) {
        std::fprintf(stderr, "%s: %s\n", argv[1], importer.GetErrorString());
        return 3;
    }
    std::vector<std::string> lines;
    for (unsigned c = 0; c < scene->mRootNode->mNumChildren; ++c) {
        const aiNode &node = *scene->mRootNode->mChildren[c];
        lines.push_back(std::string(node.mName.C_Str()) + ": " + std::to_string(Triangles(*scene, node)) + " triangles");
    }
    std::sort(lines.begin(), lines.end());
    for (const std::string &line : lines) {
        std::printf("%s\n", line.c_str());
    }
    std::printf("embedded textures: %u\n", scene->mNumTextures);
    return 0;
}
