#include <assimp_retro/texture_cache.h>

#include <future>
#include <map>
#include <mutex>

namespace assimp_retro {

struct TextureCache::State {
    mutable std::mutex mutex;
    std::map<std::string, std::shared_future<std::shared_ptr<const CachedTexture>>> entries;
    size_t made = 0;
    size_t reused = 0;
};

TextureCache::TextureCache() : mState(new State) {}
TextureCache::~TextureCache() = default;

std::shared_ptr<const CachedTexture> TextureCache::GetOrMake(const std::string &key,
        const std::function<CachedTexture()> &make) {
    std::promise<std::shared_ptr<const CachedTexture>> promise;
    std::shared_future<std::shared_ptr<const CachedTexture>> existing;
    {
        std::lock_guard<std::mutex> lock(mState->mutex);
        const auto found = mState->entries.find(key);
        if (found != mState->entries.end()) {
            ++mState->reused;
            existing = found->second;
        } else {
            mState->entries.emplace(key, promise.get_future().share());
            ++mState->made;
        }
    }
    if (existing.valid()) {
        return existing.get(); // waits while another thread makes it
    }
    std::shared_ptr<const CachedTexture> entry;
    try {
        entry = std::make_shared<const CachedTexture>(make());
    } catch (const std::exception &e) {
        CachedTexture failed;
        failed.error = e.what();
        entry = std::make_shared<const CachedTexture>(std::move(failed));
    }
    promise.set_value(entry);
    return entry;
}

size_t TextureCache::Size() const {
    std::lock_guard<std::mutex> lock(mState->mutex);
    return mState->entries.size();
}

size_t TextureCache::Made() const {
    std::lock_guard<std::mutex> lock(mState->mutex);
    return mState->made;
}

size_t TextureCache::Reused() const {
    std::lock_guard<std::mutex> lock(mState->mutex);
    return mState->reused;
}

} // namespace assimp_retro
