// assimp-retro: reads every OBAN instance of an Oni instance file (.oni or level .dat).
#pragma once

#include "ObanModel.h"

#include "Common/BinaryReader.h"

#include <vector>

namespace assimp_retro {
namespace oni {

/// OBAN's template checksum in level files' template tables.
constexpr uint64_t kObanTemplateChecksum = 0x004E0C24;
/// Fixed part of an OBAN instance, including the 8-byte pre-data; keys follow.
constexpr size_t kObanFixedSize = 0x80;

/// Parses one OBAN instance; `instance` starts at the pre-data. The keys of
/// the result point into the instance's bytes.
ObanAnimation ReadObanInstance(BinaryReader instance);

struct ObanFileContents {
    bool levelFile = false; ///< VR31 level file (else VR32 .oni)
    std::vector<ObanAnimation> animations;
    std::vector<std::string> placeholders; ///< names of OBANs stored in another file (level0)
};

/// Reads every OBAN of the file in descriptor order; their keys point into
/// the file's bytes, which must outlive the contents. Throws ImportError if
/// the file is not a supported Oni instance file, holds no OBAN, or any OBAN
/// is malformed.
ObanFileContents ReadObanFile(const BinaryReader &file);

} // namespace oni
} // namespace assimp_retro
