// assimp-retro tests: a small PNG reader (zlib) for the expected images of
// the texture tests and for PNG round trips. Handles non-interlaced 8-bit
// greyscale, RGB, palette, grey+alpha and RGBA, which covers every file in
// ../shared/corpus/tex/expected and everything EncodePng writes.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace retro_test {

struct PngImage {
    uint32_t width = 0;
    uint32_t height = 0;
    std::vector<uint8_t> rgba; ///< width * height * 4, rows top first
};

/// Decodes `bytes`; on failure returns false and says why in `error`
/// (bad signature, CRC, unsupported colour type/bit depth, zlib error, ...).
bool DecodePng(const std::vector<uint8_t> &bytes, PngImage &image, std::string &error);

/// Reads and decodes a PNG file; an unreadable file is an error too.
bool ReadPngFile(const std::string &path, PngImage &image, std::string &error);

} // namespace retro_test
