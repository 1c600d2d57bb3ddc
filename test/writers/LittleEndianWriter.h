// assimp-retro tests: the fixture writers' byte writer is the library's
// (code/Common/LittleEndianWriter.h), so tests and exporters write bytes alike.
#pragma once

#include "Common/LittleEndianWriter.h"

namespace retro_test {

using assimp_retro::LittleEndianWriter;

} // namespace retro_test
