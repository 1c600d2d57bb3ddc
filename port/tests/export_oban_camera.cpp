// Imports a model with IMPORT_OBAN_CAMERA set through Assimp's C++ API (the
// stock `assimp` tool cannot set import properties) and exports it with the
// same library's glTF2 exporter: proof that the patched libassimp carries
// OBAN cameras into glTF. Usage: export_oban_camera IN OUT.gltf|OUT.glb
#include <assimp/Exporter.hpp>
#include <assimp/Importer.hpp>
#include <assimp/scene.h>

#include <cstdio>
#include <string>

int main(int argc, char **argv) {
    if (argc != 3) {
        std::fprintf(stderr, "usage: export_oban_camera IN OUT.gltf|OUT.glb\n");
        return 1;
    }
    Assimp::Importer importer;
    importer.SetPropertyBool("IMPORT_OBAN_CAMERA", true);
    const aiScene *scene = importer.ReadFile(argv[1], 0);
    if (scene == nullptr) {
        std::fprintf(stderr, "%s: %s\n", argv[1], importer.GetErrorString());
        return 3;
    }
    const std::string out = argv[2];
    const bool binary = out.size() > 4 && out.compare(out.size() - 4, 4, ".glb") == 0;
    Assimp::Exporter exporter;
    if (exporter.Export(scene, binary ? "glb2" : "gltf2", out) != AI_SUCCESS) {
        std::fprintf(stderr, "%s: %s\n", out.c_str(), exporter.GetErrorString());
        return 4;
    }
    std::printf("%s: %u camera(s) exported\n", out.c_str(), scene->mNumCameras);
    return 0;
}
