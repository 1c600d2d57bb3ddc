// Registers the assimp-retro importers with an Assimp::Importer, checks that
// Assimp now claims their extensions, then imports each file given as
//   <file> <meshes> <animations> <nodes>
// and checks the scene has exactly those counts and passes the check every
// export runs; then encodes a texel with the public texture API. Exit 0 on
// success.
#include <assimp_retro/assimp_retro.h>
#include <assimp_retro/scene_export.h>
#include <assimp_retro/texture.h>

#include <assimp/Importer.hpp>
#include <assimp/scene.h>

#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

namespace {

unsigned CountNodes(const aiNode *node) {
    unsigned count = 1;
    for (unsigned i = 0; i < node->mNumChildren; ++i) {
        count += CountNodes(node->mChildren[i]);
    }
    return count;
}

bool CheckFile(const char *path, unsigned meshes, unsigned animations, unsigned nodes) {
    Assimp::Importer importer;
    assimp_retro::RegisterAll(importer);
    const aiScene *scene = importer.ReadFile(path, 0);
    if (!scene || !scene->mRootNode) {
        std::fprintf(stderr, "%s: %s\n", path, importer.GetErrorString());
        return false;
    }
    const unsigned gotNodes = CountNodes(scene->mRootNode);
    std::printf("%s: %u meshes, %u animations, %u nodes\n", path, scene->mNumMeshes, scene->mNumAnimations, gotNodes);
    if (scene->mNumMeshes != meshes || scene->mNumAnimations != animations || gotNodes != nodes) {
        std::fprintf(stderr, "%s: expected %u meshes, %u animations, %u nodes\n", path, meshes, animations, nodes);
        return false;
    }
    std::string error;
    if (!assimp_retro::CheckSceneForExport(*scene, &error)) {
        std::fprintf(stderr, "%s: not ready for export: %s\n", path, error.c_str());
        return false;
    }
    return true;
}

/// One opaque red texel through the public texture API: a PNG, read back.
bool CheckTextureApi() {
    const assimp_retro::RgbaImage red{1, 1, {255, 0, 0, 255}};
    std::vector<uint8_t> png;
    std::string error;
    assimp_retro::RgbaImage back;
    if (!assimp_retro::EncodeAsPng(red, png, &error) ||
            !assimp_retro::DecodeImage(png.data(), png.size(), "red.png", back, &error)) {
        std::fprintf(stderr, "texture API: %s\n", error.c_str());
        return false;
    }
    if (back.width != 1 || back.height != 1 || back.pixels != red.pixels) {
        std::fprintf(stderr, "texture API: the PNG did not read back as the texel written\n");
        return false;
    }
    return true;
}

} // namespace

int main(int argc, char **argv) {
    Assimp::Importer importer;
    const unsigned registered = assimp_retro::RegisterAll(importer);
    std::printf("assimp-retro %s: %u importers registered\n", assimp_retro::Version(), registered);
    // The plugin's importers serve every extension, also where libassimp has
    // its own copies (a patched Assimp).
    bool plugin = registered != 0 && importer.IsExtensionSupported(".oni");
    for (const assimp_retro::FormatServer &server : assimp_retro::Servers(importer)) {
        plugin = plugin && server.copy == assimp_retro::ImporterCopy::Plugin;
    }
    if (!plugin) {
        std::fprintf(stderr, "registration did not take effect\n");
        return 1;
    }
    if ((argc - 1) % 4 != 0) {
        std::fprintf(stderr, "usage: consumer [<file> <meshes> <animations> <nodes>]...\n");
        return 2;
    }
    bool ok = CheckTextureApi();
    for (int i = 1; i + 3 < argc; i += 4) {
        ok = CheckFile(argv[i], unsigned(std::atoi(argv[i + 1])), unsigned(std::atoi(argv[i + 2])),
                     unsigned(std::atoi(argv[i + 3]))) && ok;
    }
    return ok ? 0 : 1;
}
