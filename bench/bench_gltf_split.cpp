// Where the time of one glTF conversion goes, stage by stage, as the tool
// runs it (`assimp-retro export MODEL out.glb`, textures embedded):
//
//   bench_gltf_split [--rounds N] [--out DIR] FILE...
//
// Stages, each timed on its own in every round (best of N rounds, this
// thread's CPU time, so that other processes on a shared machine disturb it
// less), with the same heap settings as the tool (Main.cpp's mallopt):
// - import: Importer::ReadFile with -lbw, as the tool imports for glTF;
//   "textures": how much of it the embedded textures take (decoding, PNG
//   encoding): less the same import with IMPORT_RETRO_EMBED_TEXTURES=0;
// - prepare: MoveNonGltfTextures, CheckSceneForExport (a deep copy through
//   Assimp's validator) and the exporter's view of the scene (ExportGltf);
// - assimp: Assimp::Exporter::Export to glb2 of the scene without its
//   animations, as ExportGltf hands it over (the scene copy, the enforced
//   JoinIdenticalVertices/Triangulate/SortByPType, the glTF2 exporter, its
//   file written);
// - completion: CompleteGltfWithAnimations on that file (read, the node
//   animations written in Assimp's place, the rest of the completion, write);
// - assbin: the same scene's assbin export, as the tool makes it
//   (CheckSceneForExport, the view, Exporter::Export), and its import
//   (ReadFile without post-processing).
// For comparison, what Assimp's exporter costs with the animations (how the
// tool exported before, "assimp+anim"), and estimates inside it, from the
// file it wrote:
// - grow: the bufferViews' appends replayed with 5.2.5's Buffer::Grow
//   (an array of exactly the new size, the whole buffer copied), in the
//   order Assimp made them; "w/o images": the same without the images'
//   views (had the images been appended last);
// - pp: the enforced post-processing, as an import's (ReadFile with -lbw and
//   those three steps, less ReadFile with -lbw).
#include "BenchTiming.h"

#include "Export/ExportSceneView.h"
#include "Export/GltfAnimations.h"
#include <assimp_retro/scene_export.h>

#include <assimp_retro/assimp_retro.h>
#include <assimp_retro/config.h>
#include <assimp_retro/gltf_completion.h>
#include <assimp_retro/gltf_texture_refs.h>

#include <assimp/Exporter.hpp>
#include <assimp/Importer.hpp>
#include <assimp/postprocess.h>
#include <assimp/scene.h>

#include <nlohmann/json.hpp>

#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <limits>
#include <malloc.h>
#include <memory>
#include <set>
#include <string>
#include <vector>

namespace {

using bench_timing::ThreadSeconds;

struct Append {
    size_t length; ///< padded to 4, as Buffer::AppendData pads
    bool image;
};

std::unique_ptr<aiScene> Import(const std::string &file, unsigned flags, bool embedTextures = true) {
    Assimp::Importer importer;
    assimp_retro::RegisterAll(importer);
    importer.SetPropertyBool(AI_CONFIG_IMPORT_RETRO_EMBED_TEXTURES, embedTextures);
    if (!importer.ReadFile(file, flags)) {
        std::fprintf(stderr, "bench_gltf_split: %s: %s\n", file.c_str(), importer.GetErrorString());
        return nullptr;
    }
    std::unique_ptr<aiScene> scene(importer.GetOrphanedScene());
    scene->mFlags &= ~AI_SCENE_FLAGS_NON_VERBOSE_FORMAT; // as Convert.cpp does
    return scene;
}

/// The bufferViews of a GLB's JSON in index order (the order Assimp appended
/// them), with the images' views marked.
std::vector<Append> ReadAppends(const std::string &glb) {
    std::ifstream in(glb, std::ios::binary);
    std::vector<char> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    std::vector<Append> appends;
    if (bytes.size() < 20) {
        return appends;
    }
    uint32_t jsonLength = 0;
    std::memcpy(&jsonLength, bytes.data() + 12, 4);
    const nlohmann::json json = nlohmann::json::parse(bytes.begin() + 20, bytes.begin() + 20 + jsonLength);
    std::set<size_t> imageViews;
    for (const auto &image : json.value("images", nlohmann::json::array())) {
        if (image.contains("bufferView")) {
            imageViews.insert(image["bufferView"].get<size_t>());
        }
    }
    const auto views = json.value("bufferViews", nlohmann::json::array());
    for (size_t i = 0; i < views.size(); ++i) {
        appends.push_back({(views[i]["byteLength"].get<size_t>() + 3) & ~size_t(3), imageViews.count(i) > 0});
    }
    return appends;
}

/// 5.2.5's Buffer::Grow for every append: a new array of exactly the new
/// size, the old contents copied, the old array freed.
void ReplayGrow(const std::vector<Append> &appends, bool withImages) {
    uint8_t *data = nullptr;
    size_t size = 0;
    for (const Append &append : appends) {
        if (append.image && !withImages) {
            continue;
        }
        uint8_t *grown = new uint8_t[size + append.length];
        if (data) {
            std::memcpy(grown, data, size);
        }
        std::memset(grown + size, 0x5a, append.length);
        delete[] data;
        data = grown;
        size += append.length;
        asm volatile("" : : "r"(data) : "memory");
    }
    delete[] data;
}

struct Best {
    double value = std::numeric_limits<double>::infinity();
    void Take(double seconds) { value = std::min(value, seconds); }
};

template <typename Action>
double Timed(Action action) {
    const double start = ThreadSeconds();
    action();
    return ThreadSeconds() - start;
}

int Run(const std::string &file, unsigned rounds, const std::string &out) {
    const std::string glb = out + "/split.glb";
    const std::string withAnimations = out + "/split-assimp-animations.glb";
    const std::string assbin = out + "/split.assbin";
    Best import, importNoTextures, prepare, assimp, completion, assimpAll, assbinImport, assbinExport, grow, growNoImages, pp;
    std::vector<Append> appends;
    for (unsigned round = 0; round < rounds; ++round) {
        std::unique_ptr<aiScene> scene;
        import.Take(Timed([&] { scene = Import(file, aiProcess_LimitBoneWeights); }));
        if (!scene) {
            return 1;
        }
        std::unique_ptr<assimp_retro::ExportSceneView> view;
        prepare.Take(Timed([&] {
            assimp_retro::MoveNonGltfTextures(scene.get());
            std::string error;
            if (!assimp_retro::CheckSceneForExport(*scene, &error)) {
                std::fprintf(stderr, "bench_gltf_split: %s: %s\n", file.c_str(), error.c_str());
            }
            view = std::make_unique<assimp_retro::ExportSceneView>(*scene, false);
        }));
        assimp.Take(Timed([&] {
            Assimp::ExportProperties properties;
            if (scene->mNumAnimations > 0) {
                properties.SetPropertyBool("GLTF2_NODE_IN_TRS", true); // as ExportGltf
            }
            Assimp::Exporter exporter;
            if (exporter.Export(view->scene, "glb2", glb.c_str(), 0u, &properties) != AI_SUCCESS) {
                std::fprintf(stderr, "bench_gltf_split: %s: %s\n", file.c_str(), exporter.GetErrorString());
            }
        }));
        view.reset();
        completion.Take(Timed([&] {
            std::string error;
            if (!assimp_retro::CompleteGltfWithAnimations(*scene, glb, &error, nullptr)) {
                std::fprintf(stderr, "bench_gltf_split: %s: completion: %s\n", file.c_str(), error.c_str());
            }
        }));
        assimpAll.Take(Timed([&] {
            assimp_retro::ExportSceneView all(*scene);
            Assimp::Exporter exporter;
            exporter.Export(all.scene, "glb2", withAnimations.c_str());
        }));
        if (appends.empty()) {
            appends = ReadAppends(withAnimations);
        }
        grow.Take(Timed([&] { ReplayGrow(appends, true); }));
        growNoImages.Take(Timed([&] { ReplayGrow(appends, false); }));
        std::unique_ptr<aiScene> plain;
        assbinImport.Take(Timed([&] { plain = Import(file, 0); }));
        assbinExport.Take(Timed([&] {
            std::string error;
            assimp_retro::CheckSceneForExport(*plain, &error);
            assimp_retro::ExportSceneView plainView(*plain);
            Assimp::Exporter exporter;
            exporter.Export(plainView.scene, "assbin", assbin.c_str());
        }));
        importNoTextures.Take(Timed([&] { Import(file, aiProcess_LimitBoneWeights, false); }));
        const double withPp = Timed([&] {
            Import(file, aiProcess_LimitBoneWeights | aiProcess_JoinIdenticalVertices | aiProcess_Triangulate |
                                 aiProcess_SortByPType);
        });
        const double withoutPp = Timed([&] { Import(file, aiProcess_LimitBoneWeights); });
        pp.Take(std::max(0.0, withPp - withoutPp));
    }
    auto ms = [](const Best &b) { return 1000.0 * b.value; };
    const double glbTotal = ms(import) + ms(prepare) + ms(assimp) + ms(completion);
    const double assbinTotal = ms(assbinImport) + ms(assbinExport);
    std::printf("| %s | %.1f (textures %.1f) | %.1f | %.1f | %.1f | %.1f | %.1f + %.1f = %.1f | %.1f | %.1f (grow "
                "%.1f, w/o images %.1f; pp %.1f) |\n",
            std::filesystem::path(file).filename().string().c_str(), ms(import), std::max(0.0, ms(import) - ms(importNoTextures)), ms(prepare), ms(assimp),
            ms(completion), glbTotal, ms(assbinImport), ms(assbinExport), assbinTotal, glbTotal / assbinTotal,
            ms(assimpAll), ms(grow), ms(growNoImages), ms(pp));
    return 0;
}

} // namespace

int main(int argc, char **argv) {
    mallopt(M_MMAP_THRESHOLD, 32 << 20); // as the tool (tools/assimp_retro/Main.cpp)
    mallopt(M_TRIM_THRESHOLD, 64 << 20);
    unsigned rounds = 5;
    std::string out = "/tmp";
    std::vector<std::string> files;
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        if (arg == "--rounds" && i + 1 < argc) {
            rounds = static_cast<unsigned>(std::stoul(argv[++i]));
        } else if (arg == "--out" && i + 1 < argc) {
            out = argv[++i];
        } else {
            files.push_back(arg);
        }
    }
    if (files.empty()) {
        std::fprintf(stderr, "usage: bench_gltf_split [--rounds N] [--out DIR] FILE...\n");
        return 2;
    }
    std::printf("best of %u rounds, thread CPU ms\n", rounds);
    std::printf("| model | import | prepare | assimp | completion | GLB total | assbin import + export | ratio "
                "| assimp+anim |\n|---|---:|---:|---:|---:|---:|---:|---:|---:|\n");
    int status = 0;
    for (const std::string &file : files) {
        status |= Run(file, rounds, out);
    }
    return status;
}
