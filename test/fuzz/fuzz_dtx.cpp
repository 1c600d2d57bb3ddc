// Fuzz target: the LithTech DTX decoder. A decoded image must have exactly
// width * height * 4 bytes within the format's limits; small ones are also
// PNG-encoded. Anything but ImportError escaping is a bug.
#include "Common/ImportError.h"
#include "Common/Texture/Texture.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    try {
        const assimp_retro::DecodedTexture t = assimp_retro::DecodeTexture(data, size, "fuzz.dtx");
        if (t.image.width < 1 || t.image.width > 4096 || t.image.height < 1 || t.image.height > 4096 ||
                t.image.pixels.size() != size_t(t.image.width) * t.image.height * 4) {
            std::fprintf(stderr, "inconsistent image %ux%u\n", t.image.width, t.image.height);
            std::abort();
        }
        if (t.image.pixels.size() <= 65536) assimp_retro::EncodePng(t.image);
    } catch (const assimp_retro::ImportError &) {
    }
    return 0;
}
