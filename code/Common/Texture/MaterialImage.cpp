#include "MaterialImage.h"

#include "Common/ImportError.h"
#include "Common/Texture/ImageDecode.h"

#include <assimp/IOStream.hpp>
#include <assimp/IOSystem.hpp>
#include <assimp/material.h>
#include <assimp/scene.h>
#include <assimp/texture.h>

#include <memory>
#include <vector>

namespace assimp_retro {

namespace {

/// The file's bytes, or none when it cannot be opened or read (the caller
/// names the texture in its message).
std::vector<uint8_t> ReadFileOrNothing(Assimp::IOSystem *io, const std::string &path) {
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
    const std::string where =
            "material '" + std::string(material.GetName().C_Str()) + "': texture '" + path.C_Str() + "'";
    try {
        if (const aiTexture *embedded = scene.GetEmbeddedTexture(path.C_Str())) {
            const std::string file = embedded->mFilename.length ? embedded->mFilename.C_Str() : "";
            result.source = "embedded texture " + std::string(path.C_Str()) + (file.empty() ? "" : " (" + file + ")");
            result.image = DecodeEmbeddedTexture(*embedded);
            return result;
        }
        if (path.C_Str()[0] == '*') {
            throw ImportError(where + " names an embedded texture the scene does not hold");
        }
        const std::vector<uint8_t> bytes = ReadFileOrNothing(io, path.C_Str());
        if (bytes.empty()) {
            throw ImportError(where +
                    ": no such file (a relative path is read from the current folder; "
                    "embed the textures on import, the tool's -embtex, to take them from the model's)");
        }
        result.source = path.C_Str();
        result.image = DecodeImageFile(bytes.data(), bytes.size(), path.C_Str());
    } catch (const ImportError &e) {
        const std::string message = e.what();
        throw ImportError(message.compare(0, where.size(), where) == 0 ? message : where + ": " + message);
    }
    return result;
}

} // namespace assimp_retro
