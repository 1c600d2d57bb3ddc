#include "AbcSkins.h"

#include "AbcExportInput.h"
#include "AbcSkinLookup.h" // SplitAtModelsFolder
#include "Common/ImportError.h"
#include "Common/Texture/MaterialImage.h"

#include <assimp/Exporter.hpp>
#include <assimp/IOStream.hpp>
#include <assimp/IOSystem.hpp>
#include <assimp/scene.h>
#include <assimp_retro/config.h>

#include <cctype>
#include <filesystem>
#include <map>
#include <memory>

namespace fs = std::filesystem;

namespace assimp_retro {
namespace abc {

namespace {

bool IsLithTech2Format(DtxFormat format) {
    return format == DtxFormat::Lt2Bgra32 || format == DtxFormat::Lt2Dxt1 || format == DtxFormat::Lt2Dxt3 ||
            format == DtxFormat::Lt2Dxt5;
}

bool AllUpper(const std::string &text) {
    bool letters = false;
    for (unsigned char c : text) {
        if (std::islower(c)) return false;
        letters = letters || std::isupper(c);
    }
    return letters;
}

/// "SKINS" spelled as the game tree spells MODELS, unless a skins folder is already there.
std::string SkinsFolderName(const std::string &gameRoot, const std::string &modelsName) {
    DirectoryCache dirs;
    const std::string existing = dirs.EntryNoCase(gameRoot, "SKINS");
    if (!existing.empty()) return existing;
    if (AllUpper(modelsName)) return "SKINS";
    if (!modelsName.empty() && std::isupper(static_cast<unsigned char>(modelsName[0]))) return "Skins";
    return "skins";
}

/// The folder the skins of the model at `modelPath` go to.
fs::path SkinFolder(const std::string &modelPath, const SkinSettings &settings) {
    if (!settings.folder.empty()) {
        return fs::u8path(settings.folder);
    }
    std::string gameRoot, modelsName, belowModels;
    if (SplitAtModelsFolder(modelPath, gameRoot, modelsName, belowModels)) {
        return fs::u8path(gameRoot) / fs::u8path(SkinsFolderName(gameRoot, modelsName)) /
                fs::u8path(belowModels).parent_path();
    }
    return fs::u8path(modelPath).parent_path();
}

/// Material index `slot`'s skin file name, the extension in the model's case.
std::string SkinFileName(const std::string &modelPath, unsigned slot) {
    const fs::path model = fs::u8path(modelPath);
    const std::string extension = AllUpper(model.extension().u8string()) ? ".DTX" : ".dtx";
    const std::string stem = model.stem().u8string();
    if (slot == 0) return stem + extension;
    if (slot == 1) return stem + "_head" + extension;
    return stem + "_" + std::to_string(slot) + extension;
}

std::string MaterialName(const aiScene &scene, unsigned index) {
    return std::string(scene.mMaterials[index]->GetName().C_Str());
}

/// The piece material index (v12) each mesh of the scene is written with,
/// and its material; a second material on a slot is a clash (a warning).
void CollectSlots(const aiScene &scene, const aiNode &node, std::map<unsigned, unsigned> &materialOfSlot,
        std::vector<std::string> &clashes) {
    for (unsigned i = 0; i < node.mNumMeshes; ++i) {
        if (node.mMeshes[i] >= scene.mNumMeshes ||
                scene.mMeshes[node.mMeshes[i]]->mMaterialIndex >= scene.mNumMaterials) {
            continue; // the exporter itself refuses such a scene first
        }
        const aiMesh &mesh = *scene.mMeshes[node.mMeshes[i]];
        int32_t slot = static_cast<int32_t>(mesh.mMaterialIndex);
        if (node.mMetaData) node.mMetaData->Get(keys::kMaterialIndex.name, slot); // as the v12 exporter writes it
        const auto it = materialOfSlot.find(unsigned(slot));
        if (it == materialOfSlot.end()) {
            materialOfSlot[unsigned(slot)] = mesh.mMaterialIndex;
        } else if (it->second != mesh.mMaterialIndex) {
            clashes.push_back("mesh '" + std::string(mesh.mName.C_Str()) + "' (material '" +
                    MaterialName(scene, mesh.mMaterialIndex) + "') has material index " + std::to_string(slot) +
                    ", whose skin is material '" + MaterialName(scene, it->second) +
                    "''s texture; its own is not written");
        }
    }
    for (unsigned c = 0; c < node.mNumChildren; ++c) {
        CollectSlots(scene, *node.mChildren[c], materialOfSlot, clashes);
    }
}

/// v6 has no material index: the first textured mesh's material gives the one skin.
void CollectV6Skin(const aiScene &scene, std::map<unsigned, unsigned> &materialOfSlot,
        std::vector<std::string> &clashes) {
    for (unsigned m = 0; m < scene.mNumMeshes; ++m) {
        const unsigned materialIndex = scene.mMeshes[m]->mMaterialIndex;
        aiString path;
        if (materialIndex >= scene.mNumMaterials ||
                (scene.mMaterials[materialIndex]->GetTexture(aiTextureType_DIFFUSE, 0, &path) != AI_SUCCESS &&
                        scene.mMaterials[materialIndex]->GetTexture(aiTextureType_BASE_COLOR, 0, &path) !=
                                AI_SUCCESS)) {
            continue;
        }
        if (materialOfSlot.empty()) {
            materialOfSlot[0] = materialIndex;
        } else if (materialOfSlot[0] != materialIndex) {
            clashes.push_back("mesh '" + std::string(scene.mMeshes[m]->mName.C_Str()) + "' (material '" +
                    MaterialName(scene, materialIndex) +
                    "'): its texture is not written (an ABC v6 model has one "
                    "skin: material '" +
                    MaterialName(scene, materialOfSlot[0]) + "''s)");
        }
    }
}

/// Writes the finished bytes; nothing is opened before they are complete.
void WriteWholeFile(const std::string &path, Assimp::IOSystem *io, const std::vector<uint8_t> &bytes,
        const std::string &format) {
    if (!io) {
        FailExport(format, "no IOSystem to write '" + path + "' with");
    }
    std::unique_ptr<Assimp::IOStream> out(io->Open(path.c_str(), "wb"));
    if (!out) {
        FailExport(format, "cannot open '" + path + "' for writing");
    }
    if (out->Write(bytes.data(), 1, bytes.size()) != bytes.size()) {
        out.reset();
        io->DeleteFile(path);
        FailExport(format, "could not write all " + std::to_string(bytes.size()) + " bytes of '" + path + "'");
    }
}

/// Makes `folder` and the folders above it that `io` does not know.
void MakeFolders(Assimp::IOSystem &io, const fs::path &folder) {
    fs::path prefix;
    for (const fs::path &part : folder) {
        prefix /= part;
        const std::string name = prefix.u8string();
        if (part != prefix.root_name() && part != prefix.root_directory() && !io.Exists(name.c_str())) {
            io.CreateDirectory(name);
        }
    }
}

} // namespace

SkinSettings ReadSkinSettings(const Assimp::ExportProperties *properties, SkinGeneration generation,
        const std::string &format) {
    SkinSettings settings;
    settings.format = generation == SkinGeneration::LithTech1 ? DtxFormat::Lt1Palette : DtxFormat::Lt2Bgra32;
    if (!properties) {
        return settings;
    }
    settings.folder = properties->GetPropertyString(AI_CONFIG_EXPORT_ABC_SKIN_DIR, "");
    settings.write = properties->GetPropertyBool(AI_CONFIG_EXPORT_ABC_SKINS, false) || !settings.folder.empty();
    const std::string name = properties->GetPropertyString(AI_CONFIG_EXPORT_ABC_SKIN_FORMAT, "");
    if (!name.empty()) {
        if (!ParseDtxFormat(name, settings.format)) {
            FailExport(format,
                    std::string(AI_CONFIG_EXPORT_ABC_SKIN_FORMAT) + " is '" + name +
                            "'; expected lt1-palette, lt10-palette, lt2-32, lt2-dxt1, lt2-dxt3 or lt2-dxt5");
        }
        const bool lithTech2 = IsLithTech2Format(settings.format);
        if (lithTech2 != (generation == SkinGeneration::LithTech2)) {
            FailExport(format,
                    std::string(AI_CONFIG_EXPORT_ABC_SKIN_FORMAT) + " is '" + name + "', a " +
                            (lithTech2 ? "LithTech 2 (v-5)" : "LithTech 1 (v-2/v-3)") + " DTX; " +
                            (lithTech2 ? "LithTech 1 games read v-2 and v-3 only: use lt1-palette or lt10-palette"
                                       : "this exporter's LithTech 2 games get v-5: use lt2-32, lt2-dxt1, lt2-dxt3 or "
                                         "lt2-dxt5"));
        }
    }
    return settings;
}

std::vector<SkinFile> BuildSkins(const aiScene &scene, const std::string &modelPath, bool perMaterialIndex,
        const SkinSettings &settings, Assimp::IOSystem *io, const std::string &format,
        std::vector<std::string> *warnings) {
    std::vector<SkinFile> skins;
    if (!settings.write || !scene.mRootNode) {
        return skins;
    }
    std::map<unsigned, unsigned> materialOfSlot; // piece material index -> scene material
    std::vector<std::string> clashes;
    if (perMaterialIndex) {
        CollectSlots(scene, *scene.mRootNode, materialOfSlot, clashes);
    } else {
        CollectV6Skin(scene, materialOfSlot, clashes);
    }
    if (warnings) {
        for (const std::string &clash : clashes) {
            warnings->push_back("skins: " + clash);
        }
    }
    const fs::path folder = SkinFolder(modelPath, settings);
    for (const auto &[slot, materialIndex] : materialOfSlot) {
        const aiMaterial &material = *scene.mMaterials[materialIndex];
        SkinFile skin;
        skin.slot = slot;
        skin.path = (folder / fs::u8path(SkinFileName(modelPath, slot))).u8string();
        const std::string what = "skin of material index " + std::to_string(slot) + " (" + skin.path + ")";
        MaterialImage image;
        try {
            image = ReadMaterialImage(scene, material, io);
        } catch (const ImportError &e) {
            FailExport(format, what + ": " + e.what());
        }
        if (!image.found) continue;
        skin.source = image.source;
        try {
            skin.bytes = EncodeDtx(image.image, settings.format);
        } catch (const ImportError &e) {
            FailExport(format,
                    what + ": material '" + material.GetName().C_Str() + "', " + image.source + ": " + e.what());
        }
        if (slot > 1 && warnings) {
            warnings->push_back("skins: " + skin.path + " (material index " + std::to_string(slot) +
                    ") is not found by LithTech's naming convention, which knows <model>.dtx and <model>_head.dtx; "
                    "name it in the game's attribute files");
        }
        skins.push_back(std::move(skin));
    }
    return skins;
}

void WriteModelAndSkins(const std::string &modelPath, Assimp::IOSystem *io, const std::vector<uint8_t> &model,
        const std::vector<SkinFile> &skins, const std::string &format) {
    WriteWholeFile(modelPath, io, model, format);
    std::vector<std::string> written = {modelPath};
    try {
        for (const SkinFile &skin : skins) {
            MakeFolders(*io, fs::u8path(skin.path).parent_path());
            WriteWholeFile(skin.path, io, skin.bytes, format);
            written.push_back(skin.path);
        }
    } catch (...) {
        for (const std::string &path : written) {
            io->DeleteFile(path);
        }
        throw;
    }
}

} // namespace abc
} // namespace assimp_retro
