// Placeholder until the v9-v13 reader lands.
#include "AbcV9Import.h"

#include "Common/ImportError.h"

namespace assimp_retro {
namespace abc {

void ImportV9(const uint8_t *, size_t, const std::string &fileName, Assimp::IOSystem *, const V9ImportSettings &, aiScene *) {
    throw ImportError("ABC: " + fileName + ": LithTech ABC v9-v13 is not supported yet");
}

} // namespace abc
} // namespace assimp_retro
