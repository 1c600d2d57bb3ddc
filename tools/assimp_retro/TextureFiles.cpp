// assimp-retro tool: embedded textures as image files beside outputs whose
// exporters reference files (OBJ, COLLADA, FBX, ...).
#include "Tool.h"

#include <assimp/material.h>
#include <assimp/scene.h>
#include <assimp/texture.h>

#include <cctype>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <set>

namespace fs = std::filesystem;

namespace retro_tool {

namespace {

// A file name from a texture's source path: its stem ("data\west_01.paa" ->
// "west_01"), characters other than letters, digits, '-', '_' and '.' as '_'.
std::string SafeStem(const std::string &source, unsigned index) {
    std::string stem = source.substr(source.find_last_of("/\\") + 1);
    stem = stem.substr(0, stem.rfind('.'));
    for (char &c : stem) {
        if (!std::isalnum(static_cast<unsigned char>(c)) && c != '-' && c != '_' && c != '.') {
            c = '_';
        }
    }
    return stem.empty() ? "texture" + std::to_string(index) : stem;
}

std::string Extension(const aiTexture &texture) {
    const std::string hint = texture.achFormatHint;
    return hint == "jpg" || hint == "jpeg" ? "jpg" : hint.empty() ? "bin" : hint;
}

// The relative file name of each embedded (compressed) texture, unique in lower case.
std::vector<std::string> TextureFileNames(const aiScene &scene, const std::string &folderName) {
    std::vector<std::string> names;
    std::set<std::string> used;
    for (unsigned i = 0; i < scene.mNumTextures; ++i) {
        const aiTexture &texture = *scene.mTextures[i];
        const std::string stem = SafeStem(texture.mFilename.C_Str(), i);
        std::string name = stem + "." + Extension(texture);
        for (unsigned n = 2; !used.insert(ToLower(name)).second; ++n) {
            name = stem + "_" + std::to_string(n) + "." + Extension(texture);
        }
        names.push_back(folderName + "/" + name);
    }
    return names;
}

// Every texture slot "*N" of every material points at files[N].
void RetargetMaterials(aiScene &scene, const std::vector<std::string> &files) {
    for (unsigned m = 0; m < scene.mNumMaterials; ++m) {
        aiMaterial &material = *scene.mMaterials[m];
        for (unsigned p = 0; p < material.mNumProperties; ++p) {
            aiMaterialProperty &property = *material.mProperties[p];
            aiString path;
            if (std::strcmp(property.mKey.C_Str(), _AI_MATKEY_TEXTURE_BASE) != 0 ||
                    material.Get(_AI_MATKEY_TEXTURE_BASE, property.mSemantic, property.mIndex, path) != AI_SUCCESS ||
                    path.data[0] != '*') {
                continue;
            }
            const unsigned long index = std::strtoul(path.data + 1, nullptr, 10);
            if (index < files.size()) {
                const aiString file(files[index]);
                material.AddProperty(&file, _AI_MATKEY_TEXTURE_BASE, property.mSemantic, property.mIndex);
            }
        }
    }
}

} // namespace

bool WriteTexturesBeside(aiScene &scene, const std::string &output, std::vector<std::string> &notes,
        std::string &error) {
    if (scene.mNumTextures == 0) {
        return true;
    }
    const fs::path outputPath = fs::u8path(output);
    const std::string folderName = outputPath.stem().u8string() + "_textures";
    const std::vector<std::string> files = TextureFileNames(scene, folderName);
    std::error_code ec;
    fs::create_directories(outputPath.parent_path() / fs::u8path(folderName), ec);
    for (unsigned i = 0; i < scene.mNumTextures; ++i) {
        const aiTexture &texture = *scene.mTextures[i];
        if (texture.mHeight != 0) {
            error = "embedded texture " + std::to_string(i) + " is not compressed (no image file format to write)";
            return false;
        }
        const fs::path file = outputPath.parent_path() / fs::u8path(files[i]);
        std::ofstream stream(file, std::ios::binary);
        stream.write(reinterpret_cast<const char *>(texture.pcData), texture.mWidth);
        if (!stream) {
            error = "cannot write " + file.u8string();
            return false;
        }
    }
    RetargetMaterials(scene, files);
    for (unsigned i = 0; i < scene.mNumTextures; ++i) {
        delete scene.mTextures[i];
    }
    delete[] scene.mTextures;
    scene.mTextures = nullptr;
    notes.push_back("wrote " + std::to_string(files.size()) + " texture(s) to " +
            (outputPath.parent_path() / fs::u8path(folderName)).u8string());
    scene.mNumTextures = 0;
    return true;
}

} // namespace retro_tool
