#include "UniqueNames.h"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <utility>

#include <assimp/types.h>

namespace assimp_retro {

namespace {
// aiString holds sizeof(aiString::data) - 1 characters; leave room for ".NNNN".
constexpr size_t kMaxBaseLength = sizeof(aiString::data) - 1 - 12;
} // namespace

bool UniqueNames::Contains(const std::string &name) const {
    if (mUsed.empty()) {
        return InFew(name);
    }
    return mUsed.count(name) != 0;
}

std::string_view UniqueNames::NextFew(size_t &at) const {
    uint32_t length;
    std::memcpy(&length, mFew.data() + at, sizeof(length));
    const std::string_view name(mFew.data() + at + sizeof(length), length);
    at += sizeof(length) + length;
    return name;
}

bool UniqueNames::InFew(const std::string &name) const {
    for (size_t at = 0; at < mFew.size();) {
        if (NextFew(at) == name) {
            return true;
        }
    }
    return false;
}

bool UniqueNames::Insert(const std::string &name) {
    if (!mUsed.empty()) {
        return mUsed.insert(name).second;
    }
    if (InFew(name)) {
        return false;
    }
    if (mFewCount < kFewNames) {
        if (mFew.empty()) {
            mFew.reserve(256);
        }
        const uint32_t length = static_cast<uint32_t>(name.size());
        mFew.append(reinterpret_cast<const char *>(&length), sizeof(length)).append(name);
        ++mFewCount;
        return true;
    }
    // Too many for a list: every name moves to the hash set.
    mUsed.reserve(std::max(2 * kFewNames, mExpected));
    for (size_t at = 0; at < mFew.size();) {
        mUsed.emplace(NextFew(at));
    }
    mFew.clear();
    mFew.shrink_to_fit();
    return mUsed.insert(name).second;
}

std::string UniqueNames::Make(std::string wanted, const std::string &fallback) {
    std::string base = wanted.empty() ? std::string(fallback) : std::move(wanted);
    if (base.size() > kMaxBaseLength) {
        base.resize(kMaxBaseLength);
    }
    if (Insert(base)) {
        return base;
    }
    unsigned long &next = mNextSuffix[base];
    for (;;) {
        std::string candidate = base + "." + std::to_string(++next);
        if (Insert(candidate)) {
            return candidate;
        }
    }
}

} // namespace assimp_retro
