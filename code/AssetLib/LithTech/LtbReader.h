// assimp-retro: LithTech LTB reader (bytes -> LtbModel). PC D3D files, model
// versions 23-25, plain or packed as an LZMA-alone stream (CrossFire).
#pragma once

#include "LtbModel.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace assimp_retro {
namespace ltb {

/// Bytes CanRead needs: an LZMA-alone header and the start of its stream (the
/// decoded LTB header), or a plain LTB header.
constexpr size_t kDetectBytes = 4096;

/// True if `data` (a file's first bytes) is an LTB model file of any platform
/// and model version (so that ReadModel can refuse the ones it does not read
/// with a clear message), plain or LZMA-packed.
bool LooksLikeLtb(const uint8_t *data, size_t size);

/// The model, unpacking an LZMA-alone file first. Throws ImportError naming
/// the section, field and byte offset (in the unpacked bytes for a packed file).
Model ReadModel(const uint8_t *data, size_t size, const std::string &fileName);

/// Parses unpacked LTB bytes.
Model ParseModel(const uint8_t *data, size_t size, const std::string &fileName);

} // namespace ltb
} // namespace assimp_retro
