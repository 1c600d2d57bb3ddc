// assimp-retro: the LithTech ABC primitives every version shares (docs/formats/ABC.md 2.1)
// and their bounds-checked readers, used by the v6 and the v9+ readers
// (Vec3 and ReadVec3 are every format's: Common/Vec3.h).
#pragma once

#include "Common/BinaryReader.h"
#include "Common/Vec3.h"

namespace assimp_retro {
namespace abc {

using assimp_retro::Vec3;

/// An LTString's length is a u16.
constexpr size_t kMaxLtStringLength = 65535;

/// The readers refuse deeper node trees (real skeletons are a few dozen levels deep).
constexpr size_t kMaxNodeDepth = 1024;

/// Stored x, y, z, w (w last); may be non-unit (LithTech normalises).
struct Quat {
    float x = 0.f, y = 0.f, z = 0.f, w = 1.f;
};

/// Four finite floats, x, y, z, w.
inline Quat ReadQuat(BinaryReader &r, const char *field) {
    Quat q;
    q.x = r.FiniteF32(field);
    q.y = r.FiniteF32(field);
    q.z = r.FiniteF32(field);
    q.w = r.FiniteF32(field);
    return q;
}

} // namespace abc
} // namespace assimp_retro
