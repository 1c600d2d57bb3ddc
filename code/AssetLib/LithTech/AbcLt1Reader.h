// assimp-retro: reads a LithTech ABC v6 file into an abc::Lt1Model.
#pragma once

#include "AbcLt1Model.h"

#include <cstddef>
#include <cstdint>
#include <string>

namespace assimp_retro {
namespace abc {

/// "MonolithExport Model File v6", the Header section's file token.
extern const char *const kV6FileToken;

/// True if `data` starts like an ABC v6 file (Header section, v6 token).
bool IsLt1(const uint8_t *data, size_t size);

/// Parses a whole v6 file. Follows the section chain, checks every count
/// against the bytes left, every index against what it indexes, and that
/// each known section ends exactly at the next section's offset. Throws
/// ImportError ("ABC: <file>: <section>, field '<f>' at byte 0x..: ...").
/// The model's node keys and vertex frames point into `data`, which must
/// outlive the model.
Lt1Model ReadLt1(const uint8_t *data, size_t size, const std::string &fileName);

} // namespace abc
} // namespace assimp_retro
