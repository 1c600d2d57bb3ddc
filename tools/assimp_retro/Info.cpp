// assimp-retro tool: `info <file> [-r] [-v] [-s] [common parameters]`.
//
// Prints the same summary as the stock `assimp info` (same labels, same
// order, same tree characters) plus the importer's scene metadata, and with
// -v each node's metadata.
#include "Tool.h"

#include <assimp_retro/assimp_retro.h>

#include <assimp/Importer.hpp>
#include <assimp/material.h>
#include <assimp/postprocess.h>
#include <assimp/scene.h>

#include <algorithm>
#include <chrono>
#include <cinttypes>
#include <cstdio>
#include <string>

namespace retro_tool {

const char *const kInfoHelp =
        "assimp-retro info <file> [-r] [-v] [-s] [common parameters]\n"
        "\tPrint basic structure of a 3D model, as 'assimp info', plus the importer's metadata\n"
        "\t-r,--raw: No postprocessing, do a raw import\n"
        "\t-v,--verbose: Print verbose info such as node transform data and node metadata\n"
        "\t-s, --silent: Print only minimal info\n"
        "\tWithout -r and without post-processing parameters, aiProcessPreset_TargetRealtime_MaxQuality is used.\n";

namespace {

// Tree drawing, as assimp info on non-Windows systems (UTF-8 box characters).
const char *const kTreeBranch = "\xe2\x94\x9c\xe2\x95\xb4"; // "├╴"
const char *const kTreeStop = "\xe2\x94\x94\xe2\x95\xb4"; // "└╴"
const char *const kTreeContinue = "\xe2\x94\x82 "; // "│ "

struct SceneCounts {
    unsigned nodes = 0;
    unsigned depth = 0;
    unsigned vertices = 0;
    unsigned faces = 0;
    unsigned bones = 0;
    unsigned channels = 0;
};

void CountNodes(const aiNode *node, unsigned level, SceneCounts &counts) {
    ++counts.nodes;
    counts.depth = std::max(counts.depth, level);
    for (unsigned i = 0; i < node->mNumChildren; ++i) {
        CountNodes(node->mChildren[i], level + 1, counts);
    }
}

SceneCounts Count(const aiScene &scene) {
    SceneCounts counts;
    if (scene.mRootNode) {
        CountNodes(scene.mRootNode, 1, counts);
    }
    for (unsigned i = 0; i < scene.mNumMeshes; ++i) {
        counts.vertices += scene.mMeshes[i]->mNumVertices;
        counts.faces += scene.mMeshes[i]->mNumFaces;
        counts.bones += scene.mMeshes[i]->mNumBones;
    }
    for (unsigned i = 0; i < scene.mNumAnimations; ++i) {
        counts.channels += scene.mAnimations[i]->mNumChannels;
    }
    return counts;
}

// Bounding box of all meshes in world space (node transforms applied).
void Extend(const aiScene &scene, const aiNode *node, const aiMatrix4x4 &parent, aiVector3D &low, aiVector3D &high) {
    const aiMatrix4x4 transform = node->mTransformation * parent; // same composition order as assimp info
    for (unsigned i = 0; i < node->mNumMeshes; ++i) {
        const aiMesh *mesh = scene.mMeshes[node->mMeshes[i]];
        for (unsigned v = 0; v < mesh->mNumVertices; ++v) {
            const aiVector3D p = transform * mesh->mVertices[v];
            low.x = std::min(low.x, p.x);
            low.y = std::min(low.y, p.y);
            low.z = std::min(low.z, p.z);
            high.x = std::max(high.x, p.x);
            high.y = std::max(high.y, p.y);
            high.z = std::max(high.z, p.z);
        }
    }
    for (unsigned i = 0; i < node->mNumChildren; ++i) {
        Extend(scene, node->mChildren[i], transform, low, high);
    }
}

std::string PrimitiveTypes(const aiScene &scene) {
    unsigned all = 0;
    for (unsigned i = 0; i < scene.mNumMeshes; ++i) {
        all |= scene.mMeshes[i]->mPrimitiveTypes;
    }
    std::string text;
    if (all & aiPrimitiveType_POINT) text += "points";
    if (all & aiPrimitiveType_LINE) text += "lines";
    if (all & aiPrimitiveType_TRIANGLE) text += "triangles";
    if (all & aiPrimitiveType_POLYGON) text += "n-polygons";
    return text;
}

std::string MetadataValue(const aiMetadataEntry &entry) {
    if (!entry.mData) {
        return "(no data)";
    }
    char buffer[128];
    switch (entry.mType) {
    case AI_BOOL:
        return *static_cast<const bool *>(entry.mData) ? "true" : "false";
    case AI_INT32:
        return std::to_string(*static_cast<const int32_t *>(entry.mData));
    case AI_UINT64:
        return std::to_string(*static_cast<const uint64_t *>(entry.mData));
    case AI_FLOAT:
        std::snprintf(buffer, sizeof(buffer), "%g", *static_cast<const float *>(entry.mData));
        return buffer;
    case AI_DOUBLE:
        std::snprintf(buffer, sizeof(buffer), "%g", *static_cast<const double *>(entry.mData));
        return buffer;
    case AI_AISTRING:
        return "'" + std::string(static_cast<const aiString *>(entry.mData)->C_Str()) + "'";
    case AI_AIVECTOR3D: {
        const aiVector3D &v = *static_cast<const aiVector3D *>(entry.mData);
        std::snprintf(buffer, sizeof(buffer), "(%f %f %f)", v.x, v.y, v.z);
        return buffer;
    }
    case AI_AIMETADATA:
        return "(" + std::to_string(static_cast<const aiMetadata *>(entry.mData)->mNumProperties) + " entries)";
    default:
        return "(unknown type)";
    }
}

void PrintMetadata(const aiMetadata &metadata, const std::string &indent) {
    for (unsigned i = 0; i < metadata.mNumProperties; ++i) {
        std::printf("%s%s = %s\n", indent.c_str(), metadata.mKeys[i].C_Str(),
                MetadataValue(metadata.mValues[i]).c_str());
        if (metadata.mValues[i].mType == AI_AIMETADATA && metadata.mValues[i].mData) {
            PrintMetadata(*static_cast<const aiMetadata *>(metadata.mValues[i].mData), indent + "    ");
        }
    }
}

void PrintHierarchy(const aiNode *node, const std::string &indent, bool verbose, bool last, bool first) {
    const char *branch = first ? "" : (last ? kTreeStop : kTreeBranch);
    std::printf("%s%s%s", indent.c_str(), branch, node->mName.C_Str());
    if (node->mNumMeshes) {
        std::printf(" (mesh ");
        for (unsigned i = 0; i < node->mNumMeshes; ++i) {
            std::printf("%s%u", i ? ", " : "", node->mMeshes[i]);
        }
        std::printf(")");
    }
    std::printf("\n");

    if (verbose) {
        std::string detailIndent = indent + (last ? "  " : kTreeContinue);
        detailIndent += node->mNumChildren == 0 ? "  " : kTreeContinue;
        aiVector3D scaling, rotation, translation;
        node->mTransformation.Decompose(scaling, rotation, translation);
        if (scaling.x != 1.0f || scaling.y != 1.0f || scaling.z != 1.0f) {
            std::printf("%s  S:[%f %f %f]\n", detailIndent.c_str(), scaling.x, scaling.y, scaling.z);
        }
        if (rotation.x != 0.0f || rotation.y != 0.0f || rotation.z != 0.0f) {
            std::printf("%s  R:[%f %f %f]\n", detailIndent.c_str(), rotation.x, rotation.y, rotation.z);
        }
        if (translation.x != 0.0f || translation.y != 0.0f || translation.z != 0.0f) {
            std::printf("%s  T:[%f %f %f]\n", detailIndent.c_str(), translation.x, translation.y, translation.z);
        }
        if (node->mMetaData) {
            for (unsigned i = 0; i < node->mMetaData->mNumProperties; ++i) {
                std::printf("%s  M:%s = %s\n", detailIndent.c_str(), node->mMetaData->mKeys[i].C_Str(),
                        MetadataValue(node->mMetaData->mValues[i]).c_str());
            }
        }
    }

    const std::string childIndent = first ? indent : indent + (last ? "  " : kTreeContinue);
    for (unsigned i = 0; i < node->mNumChildren; ++i) {
        PrintHierarchy(node->mChildren[i], childIndent, verbose, i + 1 == node->mNumChildren, false);
    }
}

void PrintMaterials(const aiScene &scene) {
    if (scene.mNumMaterials) {
        std::printf("\nNamed Materials:");
    }
    for (unsigned i = 0; i < scene.mNumMaterials; ++i) {
        const aiMaterial *material = scene.mMaterials[i];
        std::printf("\n    '%s'", material->GetName().C_Str());
        if (material->mNumProperties) {
            std::printf(" (prop) [index / bytes | texture semantic]");
        }
        for (unsigned p = 0; p < material->mNumProperties; ++p) {
            const aiMaterialProperty *property = material->mProperties[p];
            std::printf("\n        %u (%s): [%u / %u | %s]", p, property->mKey.C_Str(), property->mIndex,
                    property->mDataLength, aiTextureTypeToString(static_cast<aiTextureType>(property->mSemantic)));
        }
    }
    if (scene.mNumMaterials) {
        std::printf("\n");
    }

    unsigned total = 0;
    for (unsigned i = 0; i < scene.mNumMaterials; ++i) {
        for (int type = aiTextureType_NONE; type <= AI_TEXTURE_TYPE_MAX; ++type) {
            aiString path;
            for (unsigned index = 0; scene.mMaterials[i]->Get(AI_MATKEY_TEXTURE(type, index), path) == AI_SUCCESS;
                    ++index) {
                std::printf("%s\n    '%s'", total++ ? "" : "\nTexture Refs:", path.C_Str());
            }
        }
    }
    if (total) {
        std::printf("\n");
    }
}

/// The counts, memory and bounding box block that `info` always prints.
void PrintSceneSummary(const Assimp::Importer &importer, const aiScene &scene) {
    aiMemoryInfo memory;
    importer.GetMemoryRequirements(memory);
    const SceneCounts counts = Count(scene);
    aiVector3D low(1e10f, 1e10f, 1e10f), high(-1e10f, -1e10f, -1e10f);
    if (scene.mRootNode) {
        Extend(scene, scene.mRootNode, aiMatrix4x4(), low, high);
    }
    const aiVector3D center = (low + high) * 0.5f;

    std::printf("Memory consumption: %u B\n", memory.total);
    std::printf("Nodes:              %u\n", counts.nodes);
    std::printf("Maximum depth       %u\n", counts.depth);
    std::printf("Meshes:             %u\n", scene.mNumMeshes);
    std::printf("Animations:         %u\n", scene.mNumAnimations);
    std::printf("Textures (embed.):  %u\n", scene.mNumTextures);
    std::printf("Materials:          %u\n", scene.mNumMaterials);
    std::printf("Cameras:            %u\n", scene.mNumCameras);
    std::printf("Lights:             %u\n", scene.mNumLights);
    std::printf("Vertices:           %u\n", counts.vertices);
    std::printf("Faces:              %u\n", counts.faces);
    std::printf("Bones:              %u\n", counts.bones);
    std::printf("Animation Channels: %u\n", counts.channels);
    std::printf("Primitive Types:    %s\n", PrimitiveTypes(scene).c_str());
    std::printf("Average faces/mesh  %u\n", scene.mNumMeshes ? counts.faces / scene.mNumMeshes : 0);
    std::printf("Average verts/mesh  %u\n", scene.mNumMeshes ? counts.vertices / scene.mNumMeshes : 0);
    std::printf("Minimum point      (%f %f %f)\n", low.x, low.y, low.z);
    std::printf("Maximum point      (%f %f %f)\n", high.x, high.y, high.z);
    std::printf("Center point       (%f %f %f)\n", center.x, center.y, center.z);
}

/// The per-mesh, material, animation, metadata and node lists (not with -s).
void PrintSceneDetails(const aiScene &scene, bool verbose) {
    if (scene.mNumMeshes) {
        std::printf("\nMeshes:  (name) [vertices / bones / faces | primitive_types]\n");
    }
    for (unsigned i = 0; i < scene.mNumMeshes; ++i) {
        const aiMesh *mesh = scene.mMeshes[i];
        std::printf("    %u (%s): [%u / %u / %u |", i, mesh->mName.C_Str(), mesh->mNumVertices, mesh->mNumBones,
                mesh->mNumFaces);
        if (mesh->mPrimitiveTypes & aiPrimitiveType_POINT) std::printf(" point");
        if (mesh->mPrimitiveTypes & aiPrimitiveType_LINE) std::printf(" line");
        if (mesh->mPrimitiveTypes & aiPrimitiveType_TRIANGLE) std::printf(" triangle");
        if (mesh->mPrimitiveTypes & aiPrimitiveType_POLYGON) std::printf(" polygon");
        std::printf("]\n");
    }

    PrintMaterials(scene);

    unsigned named = 0;
    for (unsigned i = 0; i < scene.mNumAnimations; ++i) {
        if (scene.mAnimations[i]->mName.length) {
            std::printf("%s\n     '%s'", named++ ? "" : "\nNamed Animations:", scene.mAnimations[i]->mName.C_Str());
        }
    }
    if (named) {
        std::printf("\n");
    }

    // assimp-retro addition: what the importer recorded about the file.
    if (scene.mMetaData && scene.mMetaData->mNumProperties) {
        std::printf("\nImporter metadata:\n");
        PrintMetadata(*scene.mMetaData, "    ");
    }

    std::printf("\nNode hierarchy:\n");
    if (scene.mRootNode) {
        PrintHierarchy(scene.mRootNode, "", verbose, false, true);
    }
}

} // namespace

int RunInfo(const std::vector<std::string> &args) {
    if (args.empty()) {
        std::fprintf(stderr, "assimp-retro info: invalid number of arguments. See 'assimp-retro info --help'\n");
        return kExitUsage;
    }
    if (args[0] == "-h" || args[0] == "--help" || args[0] == "-?") {
        std::printf("%s\n%s", kInfoHelp, CommonParametersHelp());
        return kExitSuccess;
    }

    const std::string input = args[0];
    bool raw = false, verbose = false, silent = false;
    std::vector<std::string> rest;
    for (size_t i = 1; i < args.size(); ++i) {
        if (args[i] == "-r" || args[i] == "--raw") {
            raw = true;
        } else if (args[i] == "-s" || args[i] == "--silent") {
            silent = true;
        } else {
            if (args[i] == "-v" || args[i] == "--verbose") {
                verbose = true;
            }
            rest.push_back(args[i]);
        }
    }
    if (verbose && silent) {
        std::fprintf(stderr,
                "assimp-retro info: invalid arguments, verbose and silent at the same time are forbidden\n");
        return kExitUsage;
    }

    ImportOptions options;
    if (!ParseVerbParameters("info", rest, options)) {
        return kExitUsage;
    }
    unsigned flags = 0;
    if (!raw) {
        flags = options.ppFlags ? options.ppFlags : static_cast<unsigned>(aiProcessPreset_TargetRealtime_MaxQuality);
    }
    // -v means "more detail" for info; Assimp's log only with -l / -lo as in assimp.
    ImportOptions logOptions = options;
    logOptions.verbose = options.verbose && (options.showLog || !options.logFile.empty());

    Assimp::Importer importer;
    importer.SetPropertyBool("GLOB_MEASURE_TIME", true);
    assimp_retro::RegisterAll(importer);
    ApplyImportProperties(importer, options);

    std::printf("Launching asset import ...           OK\n");
    if (!importer.ValidateFlags(flags)) {
        std::fprintf(stderr, "assimp-retro info: unsupported post-processing flags\n");
        return kExitUsage;
    }
    std::printf("Validating postprocessing flags ...  OK\n");
    StartLog(logOptions);
    const auto start = std::chrono::steady_clock::now();
    const aiScene *scene = importer.ReadFile(input, flags);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    StopLog(logOptions);
    if (!scene) {
        std::fflush(stdout);
        std::fprintf(stderr, "assimp-retro info: unable to load input file %s: %s\n", input.c_str(),
                importer.GetErrorString());
        return kExitImportFailed;
    }
    std::printf("Importing file ...                   OK \n   import took approx. %.5f seconds\n\n", seconds);

    PrintSceneSummary(importer, *scene);
    if (silent) {
        std::printf("\n");
        return kExitSuccess;
    }
    PrintSceneDetails(*scene, verbose);
    std::printf("\n");
    return kExitSuccess;
}

} // namespace retro_tool
