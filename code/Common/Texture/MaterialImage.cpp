#include "MaterialImage.h"

#include "Common/ImportError.h"

#include <assimp/IOStream.hpp>
#include <assimp/IOSystem.hpp>
#include <assimp/material.h>
#include <assimp/scene.h>
#include <assimp/texture.h>

#include <memory>
#include <vector>

namespace assimp_retro {

namespace {

RgbaImage TexelsToRgba(const aiTexture &texture) {
    RgbaImage image;
    image.width = texture.mWidth;
    image.height = texture.mHeight;
    image.pixels.resize(size_t(texture.mWidth) * texture.mHeight * 4);
    for (size_t i = 0; i < size_t(texture.mWidth) * texture.mHeight; ++i) {
        const aiTexel &t = texture.pcData[i];
        image.pixels[i * 4 + 0] = t.r;
        image.pixels[i * 4 + 1] = t.g;
        image.pixels[i * 4 + 2] = t.b;
        image.pixels[i * 4 + 3] = t.a;
    }
    return image;
}

/// Decodes an embedded texture. DecodeImage tells game textures by the
/// extension: a compressed texture's format hint ("png", "dtx") gives it,
/// else its file name.
RgbaImage EmbeddedImage(const aiTexture &texture, const std::string &source) {
    if (texture.mHeight > 0) {
        return TexelsToRgba(texture);
    }
    const std::string hint = texture.achFormatHint;
    const std::string name = !hint.empty() ? source + "." + hint
                             : texture.mFilename.length ? std::string(texture.mFilename.C_Str()) : source;
    return DecodeImage(reinterpret_cast<const uint8_t *>(texture.pcData), texture.mWidth, name);
}

std::vector<uint8_t> ReadWholeFile(Assimp::IOSystem *io, const std::string &path) {
    std::unique_ptr<Assimp::IOStream> in(io ? io->Open(path.c_str(), "rb") : nullptr);
    if (!in) {
        return {};
    }
    std::vector<uint8_t> bytes(in->FileSize());
    if (!bytes.empty() && in->Read(bytes.data(), 1, bytes.size()) != bytes.size()) {
        return {};
    }
    return bytes;
}

} // namespace

MaterialImage ReadMaterialImage(const aiScene &scene, const aiMaterial &material, Assimp::IOSystem *io) {
    MaterialImage result;
    aiString path;
    if (material.GetTexture(aiTextureType_DIFFUSE, 0, &path) != AI_SUCCESS &&
            material.GetTexture(aiTextureType_BASE_COLOR, 0, &path) != AI_SUCCESS) {
        return result;
    }
    if (path.length == 0) {
        return result;
    }
    result.found = true;
    const std::string where = "material '" + std::string(material.GetName().C_Str()) + "': texture '" + path.C_Str() + "'";
    try {
        if (const aiTexture *embedded = scene.GetEmbeddedTexture(path.C_Str())) {
            const std::string file = embedded->mFilename.length ? embedded->mFilename.C_Str() : "";
            result.source = "embedded texture " + std::string(path.C_Str()) + (file.empty() ? "" : " (" + file + ")");
            result.image = EmbeddedImage(*embedded, result.source);
            return result;
        }
        if (path.C_Str()[0] == '*') {
            throw ImportError(where + " names an embedded texture the scene does not hold");
        }
        const std::vector<uint8_t> bytes = ReadWholeFile(io, path.C_Str());
        if (bytes.empty()) {
            throw ImportError(where + ": no such file (a relative path is read from the current folder; "
                                      "embed the textures on import, the tool's -embtex, to take them from the model's)");
        }
        result.source = path.C_Str();
        result.image = DecodeImage(bytes.data(), bytes.size(), path.C_Str());
    } catch (const ImportError &e) {
        const std::string message = e.what();
        throw ImportError(message.compare(0, where.size(), where) == 0 ? message : where + ": " + message);
    }
    return result;
}

} // namespace assimp_retro
