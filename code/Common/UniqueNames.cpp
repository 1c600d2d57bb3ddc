#include "UniqueNames.h"

#include <assimp/types.h>

namespace assimp_retro {

namespace {
// aiString holds sizeof(aiString::data) - 1 characters; leave room for ".NNNN".
constexpr size_t kMaxBaseLength = sizeof(aiString::data) - 1 - 12;
} // namespace

std::string UniqueNames::Make(const std::string &wanted, const std::string &fallback) {
    std::string base = wanted.empty() ? fallback : wanted;
    if (base.size() > kMaxBaseLength) {
        base.resize(kMaxBaseLength);
    }
    if (mUsed.insert(base).second) {
        return base;
    }
    unsigned long &next = mNextSuffix[base];
    for (;;) {
        std::string candidate = base + "." + std::to_string(++next);
        if (mUsed.insert(candidate).second) {
            return candidate;
        }
    }
}

} // namespace assimp_retro
