// assimp-retro: the "p3d" exporter: a thin layer over SceneToMlod and the
// MLOD writer, as P3dImporter is over the reader and the scene builder;
// the scene's images become PAA/PAC files at their game paths (P3dTextureFiles).
#include "P3dExporter.h"

#include "MlodModel.h"
#include "P3dExportScene.h"
#include "P3dTextureFiles.h"

#include "Common/ExportError.h"
#include "Common/SceneHelpers.h"

#include <assimp_retro/config.h>

#include <assimp/DefaultIOSystem.h>
#include <assimp/IOStream.hpp>
#include <assimp/IOSystem.hpp>
#include <assimp/scene.h>

#include <filesystem>
#include <functional>
#include <memory>
#include <typeinfo>

namespace assimp_retro {

namespace {

/// Writes `bytes` to `path`; false when the file cannot be opened or not all is written.
bool WriteWhole(Assimp::IOSystem *io, const std::string &path, const std::vector<uint8_t> &bytes, size_t &written) {
    std::unique_ptr<Assimp::IOStream, std::function<void(Assimp::IOStream *)>> out(io->Open(path.c_str(), "wb"),
            [io](Assimp::IOStream *stream) { io->Close(stream); });
    written = 0;
    if (!out) {
        return false;
    }
    written = out->Write(bytes.data(), 1, bytes.size());
    return written == bytes.size();
}

} // namespace

void ExportP3d(const char *path, Assimp::IOSystem *io, const aiScene *scene,
        const Assimp::ExportProperties *properties) {
    if (!scene || !io || !path) {
        ThrowExportError("P3D export: no scene or no output");
    }
    p3d::ExportOptions options;
    bool writeTextures = true;
    std::string gameRoot;
    if (properties) {
        options.textureRoot = properties->GetPropertyString(AI_CONFIG_EXPORT_P3D_TEXTURE_ROOT, "");
        // A float; an integer too (the tool's --set and other callers may give 1500).
        if (properties->HasPropertyFloat(AI_CONFIG_EXPORT_P3D_MASS)) {
            options.mass = properties->GetPropertyFloat(AI_CONFIG_EXPORT_P3D_MASS, -1.f);
        } else if (properties->HasPropertyInteger(AI_CONFIG_EXPORT_P3D_MASS)) {
            options.mass = static_cast<float>(properties->GetPropertyInteger(AI_CONFIG_EXPORT_P3D_MASS, -1));
        }
        writeTextures = properties->GetPropertyInteger(AI_CONFIG_EXPORT_P3D_TEXTURES, 1) != 0; // SetPropertyBool too
        gameRoot = properties->GetPropertyString(AI_CONFIG_EXPORT_P3D_GAME_ROOT, "");
    }
    // Assimp's IOSystem makes no folders (its CreateDirectory makes one level
    // on the disk whatever the IOSystem is): on the disk the folders of the
    // game paths are made here, and the add-on folder is looked for in the
    // whole absolute path; another IOSystem gets the paths as they are.
    const bool disk = typeid(*io) == typeid(Assimp::DefaultIOSystem);
    std::string output = path;
    if (disk) {
        std::error_code ec;
        const std::filesystem::path absolute = std::filesystem::absolute(std::filesystem::u8path(output), ec);
        if (!ec) {
            output = absolute.u8string();
        }
    }

    // Everything is built (and refused) in memory before the first file is opened.
    std::vector<std::string> warnings;
    std::vector<p3d::TextureUse> uses;
    const p3d::MlodFile file = p3d::SceneToMlod(*scene, options, warnings, writeTextures ? &uses : nullptr);
    const std::vector<uint8_t> bytes = p3d::WriteMlodBytes(file);
    std::vector<p3d::TextureFile> textures;
    if (writeTextures) {
        // A texture file already there may be the game's own one the model
        // was read with: a re-encoded copy would only lose detail.
        for (p3d::TextureFile &texture : p3d::EncodeTextureFiles(*scene, uses, output, gameRoot, warnings)) {
            if (io->Exists(texture.file.c_str())) {
                warnings.push_back("P3D export: texture file '" + texture.file + "' (" + texture.gamePath +
                        ") exists and was left as it is; remove it to have it written");
            } else {
                textures.push_back(std::move(texture));
            }
        }
    }
    for (const std::string &warning : warnings) {
        LogWarning(warning);
    }

    std::vector<std::string> written; // removed again when a later write fails
    auto fail = [&](const std::string &why) {
        for (const std::string &done : written) {
            io->DeleteFile(done.c_str());
        }
        ThrowExportError("P3D export: " + why +
                (written.size() > 1               ? " (the files written were removed)"
                                : written.empty() ? ""
                                                  : " (the file was removed)"));
    };
    size_t count = 0;
    for (size_t i = 0; i <= textures.size(); ++i) {
        const std::string target = i == 0 ? std::string(path) : textures[i - 1].file;
        const std::vector<uint8_t> &data = i == 0 ? bytes : textures[i - 1].bytes;
        if (i > 0 && disk) {
            std::error_code ec;
            std::filesystem::create_directories(std::filesystem::u8path(target).parent_path(), ec);
        }
        const bool ok = WriteWhole(io, target, data, count);
        if (ok || count > 0 || io->Exists(target.c_str())) {
            written.push_back(target);
        }
        if (!ok) {
            const std::string what = i == 0 ? "'" + target + "'" : "the texture file '" + target + "'";
            fail(count > 0 ? "writing " + what + " failed after " + std::to_string(count) + " of " +
                                    std::to_string(data.size()) + " bytes"
                           : "cannot open " + what + " for writing");
        }
    }
}

Assimp::Exporter::ExportFormatEntry P3dExportFormat() {
    return Assimp::Exporter::ExportFormatEntry("p3d", "Operation Flashpoint editable P3D (MLOD, SP3X LODs)", "p3d",
            &ExportP3d, 0u);
}

} // namespace assimp_retro
