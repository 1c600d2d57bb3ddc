// Fuzz target: the PAA/PAC decoder, each input read both as .paa (untagged:
// ARGB4444) and as .pac (untagged: P8). A decoded image must have exactly
// width * height * 4 bytes within the format's limits; small ones are also
// PNG-encoded. Anything but ImportError escaping is a bug.
#include "Common/ImportError.h"
#include "Common/Texture/Texture.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>

static void DecodeAs(const uint8_t *data, size_t size, const char *name) {
    try {
        const assimp_retro::DecodedTexture t = assimp_retro::DecodeTexture(data, size, name);
        if (t.image.width < 2 || t.image.width > 4096 || t.image.height < 2 || t.image.height > 4096 ||
                t.image.pixels.size() != size_t(t.image.width) * t.image.height * 4) {
            std::fprintf(stderr, "inconsistent image %ux%u\n", t.image.width, t.image.height);
            std::abort();
        }
        if (t.image.pixels.size() <= 65536) assimp_retro::EncodePng(t.image);
    } catch (const assimp_retro::ImportError &) {
    }
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    DecodeAs(data, size, "fuzz.paa");
    DecodeAs(data, size, "fuzz.pac");
    return 0;
}
