// assimp-retro: an Oni OBAN object animation as stored, in Oni's own terms.
// (docs/formats/OBAN.md §2a). No Assimp types here.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace assimp_retro {
namespace oni {

/// OBcAnimFlags_*.
enum ObanFlags : uint32_t {
    kObanLoop = 0x01,        ///< NormalLoop
    kObanPingpong = 0x02,    ///< BackToBackLoop
    kObanRandomStart = 0x04, ///< RandomStartFrame
    kObanAutostart = 0x08,   ///< Autostart
    kObanLocal = 0x10,       ///< ZAxisUp: keys are relative to the object, not the world
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

struct ObanAnimation {
    std::string instanceName; ///< tag-prefixed, e.g. "OBANdoor_open", or "OBAN#12" when unnamed
    unsigned descriptorIndex = 0;
    uint32_t flags = 0;
    Matrix4x3 initialTransform{}; ///< frame-0 matrix from 3ds Max; the engine never reads it
    Matrix4x3 baseTransform{};    ///< applied to the object before the keys ("stretch")
    uint16_t ticksPerFrame = 0;   ///< 3ds Max ticks per frame (80); ignored by the engine
    uint16_t frameCount = 0;
    uint16_t halfStopFrame = 0;   ///< doors: open 0..H, close H..end; 0 = unused
    std::vector<ObanKey> keys;    ///< frames strictly increasing
};

} // namespace oni
} // namespace assimp_retro
