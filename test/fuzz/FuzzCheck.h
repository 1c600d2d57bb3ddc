// What every importer fuzz target demands of one import: a scene that passes
// Assimp's validator (run on the finished scene, so an invalid one is a
// finding, not a quiet import failure), or a failure with an error message.
#pragma once

#include <assimp_retro/scene_export.h>

#include <assimp/Importer.hpp>

#include <cstdio>
#include <cstdlib>
#include <string>

inline void CheckImportResult(const Assimp::Importer &importer, const aiScene *scene) {
    if (!scene) {
        if (importer.GetErrorString()[0] == '\0') {
            std::fprintf(stderr, "import failed without an error message\n");
            std::abort();
        }
        return;
    }
    std::string error;
    if (!assimp_retro::CheckSceneForExport(*scene, &error)) {
        std::fprintf(stderr, "imported scene is invalid: %s\n", error.c_str());
        std::abort();
    }
}
