// assimp-retro tests: the small writer-made textures committed as fuzz seeds
// (test/fuzz/corpus/fuzz_paa, fuzz_dtx) and used by the tool tests.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace retro_test::tex {

/// Path relative to the project root -> file bytes, one per format.
std::map<std::string, std::vector<uint8_t>> TextureSeedFiles();

} // namespace retro_test::tex
