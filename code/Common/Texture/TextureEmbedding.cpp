#include "Common/Texture/TextureEmbedding.h"

#include "Common/FileBuffer.h"
#include "Common/MaterialProperty.h"
#include "Common/SceneHelpers.h"
#include "Common/Texture/Texture.h"
#include "Common/Texture/TextureLookup.h"

#include <assimp_retro/config.h>
#include <assimp_retro/texture_cache.h>

#include <assimp/DefaultIOSystem.h>
#include <assimp/GltfMaterial.h>
#include <assimp/Importer.hpp>
#include <assimp/material.h>
#include <assimp/scene.h>
#include <assimp/texture.h>

#include <cstring>
#include <map>
#include <memory>
#include <typeinfo>

namespace assimp_retro {

namespace {

// No game texture comes near this (a 4096x4096 ARGB8888 level is 64 MiB).
constexpr uint64_t kMaxTextureFileBytes = uint64_t(96) << 20;

CachedTexture DecodeFile(Assimp::IOSystem *io, const std::string &file) {
    CachedTexture entry;
    try {
        const std::vector<uint8_t> bytes = ReadWholeFile(io, file, "texture", kMaxTextureFileBytes);
        const DecodedTexture decoded = DecodeTexture(bytes.data(), bytes.size(), file);
        entry.png = EncodePng(decoded.image);
        entry.width = decoded.image.width;
        entry.height = decoded.image.height;
        entry.alpha = static_cast<int>(decoded.alpha);
    } catch (const std::exception &e) {
        entry.png.clear();
        entry.error = e.what();
    }
    return entry;
}

aiTexture *MakeEmbeddedPng(const CachedTexture &entry, const std::string &source) {
    auto *texture = new aiTexture();
    texture->mWidth = static_cast<unsigned>(entry.png.size()); // compressed: mWidth is the byte count
    texture->mHeight = 0;
    std::strncpy(texture->achFormatHint, "png", HINTMAXTEXTURELEN - 1);
    texture->mFilename = MakeAiString(source);
    texture->pcData = new aiTexel[(entry.png.size() + sizeof(aiTexel) - 1) / sizeof(aiTexel)];
    std::memcpy(texture->pcData, entry.png.data(), entry.png.size());
    return texture;
}

void SetAlphaMode(aiMaterial &material, int alpha) {
    aiString existing;
    if (material.Get(AI_MATKEY_GLTF_ALPHAMODE, existing) == AI_SUCCESS) {
        return; // set by the scene builder (P3D face flags): those win
    }
    if (alpha == static_cast<int>(TextureAlpha::Mask)) {
        const aiString mode("MASK");
        AddMaterialProperty(material, &mode, AI_MATKEY_GLTF_ALPHAMODE);
        const float cutoff = 0.5f;
        AddMaterialProperty(material, &cutoff, 1, AI_MATKEY_GLTF_ALPHACUTOFF);
    } else if (alpha == static_cast<int>(TextureAlpha::Blend)) {
        const aiString mode("BLEND");
        AddMaterialProperty(material, &mode, AI_MATKEY_GLTF_ALPHAMODE);
    }
}

// Embedded textures of one scene, one per texture file.
class Embedder {
public:
    /// `firstIndex`: how many textures the scene embeds already.
    Embedder(Assimp::IOSystem *io, TextureCache *cache, unsigned firstIndex) :
            mIo(io), mCache(cache), mFirstIndex(firstIndex) {}

    std::shared_ptr<const CachedTexture> Decoded(const std::string &file) {
        if (mCache) {
            return mCache->GetOrMake(file, [&] { return DecodeFile(mIo, file); });
        }
        auto &entry = mLocal[file];
        if (!entry) {
            entry = std::make_shared<const CachedTexture>(DecodeFile(mIo, file));
        }
        return entry;
    }

    /// "*N" for `file`, embedding it on first use.
    std::string Reference(const std::string &file, const CachedTexture &entry, const std::string &source) {
        auto found = mIndex.find(file);
        if (found == mIndex.end()) {
            found = mIndex.emplace(file, static_cast<unsigned>(mTextures.size())).first;
            mTextures.emplace_back(MakeEmbeddedPng(entry, source));
        }
        return "*" + std::to_string(mFirstIndex + found->second);
    }

    /// Appends the embedded textures to the scene's.
    void MoveInto(aiScene &scene) {
        if (mTextures.empty()) {
            return;
        }
        const unsigned total = scene.mNumTextures + static_cast<unsigned>(mTextures.size());
        auto **textures = new aiTexture *[total];
        for (unsigned i = 0; i < scene.mNumTextures; ++i) {
            textures[i] = scene.mTextures[i];
        }
        for (size_t i = 0; i < mTextures.size(); ++i) {
            textures[scene.mNumTextures + i] = mTextures[i].release();
        }
        delete[] scene.mTextures;
        scene.mTextures = textures;
        scene.mNumTextures = total;
        mTextures.clear();
    }

private:
    Assimp::IOSystem *mIo;
    TextureCache *mCache;
    unsigned mFirstIndex;
    std::map<std::string, std::shared_ptr<const CachedTexture>> mLocal;
    std::map<std::string, unsigned> mIndex;
    std::vector<std::unique_ptr<aiTexture>> mTextures;
};

void SetDiffuse(aiMaterial &material, const std::string &path) {
    material.RemoveProperty(_AI_MATKEY_TEXTURE_BASE, aiTextureType_DIFFUSE, 0);
    if (!path.empty()) {
        const aiString value = MakeAiString(path);
        AddMaterialProperty(material, &value, AI_MATKEY_TEXTURE_DIFFUSE(0));
    }
}

void KeepSource(aiMaterial &material, const std::string &source) {
    const aiString value = MakeAiString(source);
    AddMaterialProperty(material, &value, AI_MATKEY_RETRO_SOURCE_TEXTURE, aiTextureType_DIFFUSE, 0);
}

} // namespace

TextureOptions ReadTextureOptions(const Assimp::Importer *importer) {
    TextureOptions options;
    options.enabled = importer->GetPropertyBool(AI_CONFIG_IMPORT_RETRO_TEXTURES, true);
    options.embed = importer->GetPropertyBool(AI_CONFIG_IMPORT_RETRO_EMBED_TEXTURES, true);
    options.cache = static_cast<TextureCache *>(importer->GetPropertyPointer(AI_CONFIG_IMPORT_RETRO_TEXTURE_CACHE));
    options.p3dRoots = SplitPathList(importer->GetPropertyString(AI_CONFIG_IMPORT_P3D_TEXTURE_ROOTS, ""));
    options.abcSkins = SplitPathList(importer->GetPropertyString(AI_CONFIG_IMPORT_ABC_SKINS, ""), true);
    options.abcSkinDir = importer->GetPropertyString(AI_CONFIG_IMPORT_ABC_SKIN_DIR, "");
    const Assimp::IOSystem *io = importer->GetIOHandler();
    options.diskIo = io && typeid(*io) == typeid(Assimp::DefaultIOSystem); // not a subclass: it may serve more
    return options;
}

// Why the disk goes without IOSystem: TextureEmbedding.h.
Assimp::IOSystem *LookupIo(Assimp::IOSystem *io, const TextureOptions &options) {
    return options.diskIo ? nullptr : io;
}

std::vector<MaterialTexture> LocateDiffuseTextures(const aiScene &scene, Assimp::IOSystem *io,
        const TextureOptions &options, const DiffuseTextureFinder &find, const std::string &searched) {
    std::vector<MaterialTexture> textures(scene.mNumMaterials);
    std::map<std::string, std::string> found; // path -> file (materials share paths)
    DirectoryCache dirs; // each folder listed once for all textures of the model
    for (unsigned i = 0; i < scene.mNumMaterials; ++i) {
        aiString path;
        // Only names a decoder exists for: a model never makes us read other files.
        if (scene.mMaterials[i]->Get(AI_MATKEY_TEXTURE_DIFFUSE(0), path) != AI_SUCCESS || path.length == 0 ||
                !IsDecodableTextureName(path.C_Str())) {
            continue;
        }
        MaterialTexture &texture = textures[i];
        texture.source = path.C_Str();
        auto known = found.find(texture.source);
        if (known == found.end()) {
            known = found.emplace(texture.source, find(LookupIo(io, options), texture.source, dirs)).first;
        }
        texture.file = known->second;
        texture.searched = searched;
    }
    return textures;
}

unsigned ApplyMaterialTextures(aiScene &scene, const std::vector<MaterialTexture> &textures, Assimp::IOSystem *io,
        const TextureOptions &options, const std::string &format) {
    Embedder embedder(io, options.cache, scene.mNumTextures);
    unsigned textured = 0;
    for (unsigned i = 0; i < scene.mNumMaterials && i < textures.size(); ++i) {
        const MaterialTexture &texture = textures[i];
        aiMaterial &material = *scene.mMaterials[i];
        if (texture.source.empty()) {
            continue;
        }
        if (texture.file.empty()) {
            LogWarning(format + ": texture '" + texture.source + "' not found (searched " + texture.searched +
                    "); the material keeps its path");
            continue;
        }
        KeepSource(material, texture.source);
        if (!options.embed) {
            SetDiffuse(material, texture.file);
            ++textured;
            continue;
        }
        const std::shared_ptr<const CachedTexture> entry = embedder.Decoded(texture.file);
        if (!entry->error.empty() || entry->png.empty()) {
            LogWarning(format + ": texture '" + texture.source +
                    "' cannot be used, the material stays untextured: " + entry->error);
            SetDiffuse(material, "");
            continue;
        }
        SetDiffuse(material, embedder.Reference(texture.file, *entry, texture.source));
        SetAlphaMode(material, entry->alpha);
        ++textured;
    }
    embedder.MoveInto(scene);
    return textured;
}

} // namespace assimp_retro
