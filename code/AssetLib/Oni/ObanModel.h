// assimp-retro: an Oni OBAN object animation as stored, in Oni's own terms.
// (docs/formats/OBAN.md §2a). No Assimp types here.
#pragma once

#include "Common/LittleEndian.h"

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace assimp_retro {
namespace oni {

/// OBcAnimFlags_*.
enum ObanFlags : uint32_t {
    kObanLoop = 0x01, ///< NormalLoop
    kObanPingpong = 0x02, ///< BackToBackLoop
    kObanRandomStart = 0x04, ///< RandomStartFrame
    kObanAutostart = 0x08, ///< Autostart
    kObanLocal = 0x10, ///< ZAxisUp: keys are relative to the object, not the world
};

/// OniSplit's XML names of the flags, space separated ("" for none);
/// unknown bits are written as "0x..".
std::string ObanFlagNames(uint32_t flags);

/// A 4x3 matrix as Oni stores it: images of the X, Y, Z axes, then the
/// translation (m[column][row] of the column-vector matrix).
using Matrix4x3 = std::array<std::array<float, 3>, 4>;

struct ObanKey {
    std::array<float, 4> rotation{}; ///< stored x, y, z, w (the engine uses its conjugate)
    std::array<float, 3> translation{};
    int32_t frame = 0;
};

/// Bytes per stored key: rotation x, y, z, w, translation x, y, z (f32), frame (i32).
constexpr size_t kObanKeySize = 0x20;

/// An OBAN's keys as stored: a view of the key block in the file's bytes,
/// which the reader has checked (finite values, non-zero rotations, frames
/// increasing). Each key is decoded where it is used, so the builder converts
/// the bytes straight into the scene's key arrays: no decoded copy of a long
/// animation in between. Valid as long as the file's bytes are.
class ObanKeys {
public:
    ObanKeys() = default;
    ObanKeys(const uint8_t *bytes, size_t count) : mBytes(bytes), mCount(count) {}

    size_t size() const { return mCount; }
    ObanKey operator[](size_t i) const {
        const uint8_t *p = mBytes + i * kObanKeySize;
        ObanKey key;
        key.rotation = {LoadF32LE(p), LoadF32LE(p + 4), LoadF32LE(p + 8), LoadF32LE(p + 12)};
        key.translation = {LoadF32LE(p + 16), LoadF32LE(p + 20), LoadF32LE(p + 24)};
        key.frame = static_cast<int32_t>(LoadU32LE(p + 0x1c));
        return key;
    }
    ObanKey front() const { return (*this)[0]; }
    ObanKey back() const { return (*this)[mCount - 1]; }

private:
    const uint8_t *mBytes = nullptr;
    size_t mCount = 0;
};

struct ObanAnimation {
    std::string instanceName; ///< tag-prefixed, e.g. "OBANdoor_open", or "OBAN#12" when unnamed
    unsigned descriptorIndex = 0;
    uint32_t flags = 0;
    Matrix4x3 initialTransform{}; ///< frame-0 matrix from 3ds Max; the engine never reads it
    Matrix4x3 baseTransform{}; ///< applied to the object before the keys ("stretch")
    uint16_t ticksPerFrame = 0; ///< 3ds Max ticks per frame (80); ignored by the engine
    uint16_t frameCount = 0;
    uint16_t halfStopFrame = 0; ///< doors: open 0..H, close H..end; 0 = unused
    ObanKeys keys; ///< at least one; frames strictly increasing
};

} // namespace oni
} // namespace assimp_retro
