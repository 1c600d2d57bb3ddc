// assimp-retro: decoded game textures shared by many imports (a batch).
//
//   assimp_retro::TextureCache cache;
//   importer.SetPropertyPointer(AI_CONFIG_IMPORT_RETRO_TEXTURE_CACHE, &cache);
//
// Every Importer given the same cache (any thread) decodes and PNG-encodes a
// texture file once; later imports embed the stored PNG. Entries are keyed by
// the texture file's path as found; a file that failed to decode is
// remembered as failed. The cache must outlive the imports that use it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace assimp_retro {

/// One texture file, decoded and encoded as PNG (or the reason it failed).
struct CachedTexture {
    std::vector<uint8_t> png; ///< empty when decoding failed
    uint32_t width = 0;
    uint32_t height = 0;
    int alpha = 0; ///< 0 opaque, 1 mask, 2 blend
    std::string error; ///< why decoding failed (empty on success)
};

class TextureCache {
public:
    TextureCache();
    ~TextureCache();
    TextureCache(const TextureCache &) = delete;
    TextureCache &operator=(const TextureCache &) = delete;

    /// The entry for `key`, made by `make` on first use. Concurrent callers
    /// with the same key wait for the one that makes it (`make` runs once per
    /// key); different keys are made in parallel.
    std::shared_ptr<const CachedTexture> GetOrMake(const std::string &key, const std::function<CachedTexture()> &make);

    size_t Size() const; ///< how many texture files are stored
    size_t Made() const; ///< how many times `make` ran (decodes)
    size_t Reused() const; ///< how many lookups found a stored entry

private:
    struct State;
    std::unique_ptr<State> mState;
};

} // namespace assimp_retro
