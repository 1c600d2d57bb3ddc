// Fuzz target: the p3d exporter's other input, a scene's embedded image. The
// first byte picks what the image claims to be (a PNG, or a game texture
// .paa/.pac), the rest is its bytes: the exporter decodes it
// (DecodeEmbeddedTexture: stb_image or the game decoders), picks a type and
// writes the PAA/PAC (into memory, ExportToBlob). The export either succeeds
// with the texture as a second blob that decodes again, or fails with a
// message; anything else (a crash, an exception escaping Assimp's Exporter,
// a failure without a message) is a bug.
#include "Common/ImportError.h"
#include "Common/Texture/Texture.h"
#include "unit/Poseidon/P3dTestScenes.h"

#include <assimp_retro/assimp_retro.h>
#include <assimp_retro/config.h>

#include <assimp/Exporter.hpp>
#include <assimp/scene.h>
#include <assimp/texture.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size < 2) {
        return 0;
    }
    static const char *const kKinds[][2] = {{"png", "data\\fuzz.paa"}, {"paa", "data\\fuzz.paa"}, {"pac", "data\\fuzz.pac"}};
    const auto &kind = kKinds[data[0] % 3];
    auto scene = p3d_test::TriangleScene({"LOD 1.000"}, "*0");
    aiTexture *texture = new aiTexture();
    texture->mWidth = static_cast<unsigned>(size - 1);
    texture->mHeight = 0;
    std::strncpy(texture->achFormatHint, kind[0], HINTMAXTEXTURELEN - 1);
    texture->pcData = reinterpret_cast<aiTexel *>(new uint8_t[size - 1]);
    std::memcpy(texture->pcData, data + 1, size - 1);
    scene->mNumTextures = 1;
    scene->mTextures = new aiTexture *[1]{texture};
    const aiString path(kind[1]);
    scene->mMaterials[0]->AddProperty(&path, AI_MATKEY_RETRO_SOURCE_TEXTURE, aiTextureType_DIFFUSE, 0);

    Assimp::Exporter exporter;
    assimp_retro::RegisterExporters(exporter);
    const aiExportDataBlob *blob = exporter.ExportToBlob(scene.get(), "p3d");
    if (!blob) {
        if (exporter.GetErrorString()[0] == '\0') {
            std::fprintf(stderr, "export failed without an error message\n");
            std::abort();
        }
        return 0;
    }
    if (!blob->next) {
        std::fprintf(stderr, "export succeeded without the texture file\n");
        std::abort();
    }
    try {
        assimp_retro::DecodeTexture(static_cast<const uint8_t *>(blob->next->data), blob->next->size, kind[1]);
    } catch (const assimp_retro::ImportError &e) {
        std::fprintf(stderr, "the written texture does not decode: %s\n", e.what());
        std::abort();
    }
    return 0;
}
