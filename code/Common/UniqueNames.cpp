#include "UniqueNames.h"

#include <algorithm>
#include <utility>

#include <assimp/types.h>

namespace assimp_retro {

namespace {
// aiString holds sizeof(aiString::data) - 1 characters; leave room for ".NNNN".
constexpr size_t kMaxBaseLength = sizeof(aiString::data) - 1 - 12;
} // namespace

bool UniqueNames::Contains(const std::string &name) const {
    if (mUsed.empty()) {
        return std::find(mFew.begin(), mFew.end(), name) != mFew.end();
    }
    return mUsed.count(name) != 0;
}

bool UniqueNames::Insert(const std::string &name) {
    if (!mUsed.empty()) {
        return mUsed.insert(name).second;
    }
    if (std::find(mFew.begin(), mFew.end(), name) != mFew.end()) {
        return false;
    }
    if (mFew.size() < kFewNames) {
        if (mFew.empty()) {
            mFew.reserve(8);
        }
        mFew.push_back(name);
        return true;
    }
    // Too many for a list: every name moves to the hash set.
    mUsed.reserve(std::max(2 * kFewNames, mExpected));
    for (std::string &used : mFew) {
        mUsed.insert(std::move(used));
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
