// Registers the assimp-retro importers with an Assimp::Importer and checks
// that Assimp now claims their extensions. Exit 0 on success.
#include <assimp_retro/assimp_retro.h>

#include <assimp/Importer.hpp>

#include <cstdio>

int main() {
    Assimp::Importer importer;
    const bool hadOni = importer.IsExtensionSupported(".oni");
    const unsigned registered = assimp_retro::RegisterAll(importer);
    std::printf("assimp-retro %s: %u importers registered\n", assimp_retro::Version(), registered);
    if (hadOni || registered == 0 || !importer.IsExtensionSupported(".oni")) {
        std::fprintf(stderr, "registration did not take effect\n");
        return 1;
    }
    return 0;
}
