// assimp-retro: the LithTech ABC primitives every version shares (ABC.md 2.1)
// and their bounds-checked readers, used by the v6 and the v9+ readers.
#pragma once

#include "Common/BinaryReader.h"

namespace assimp_retro {
namespace abc {

struct Vec3 {
    float x = 0.f, y = 0.f, z = 0.f;
};

/// Stored x, y, z, w (w last); may be non-unit (LithTech normalises).
struct Quat {
    float x = 0.f, y = 0.f, z = 0.f, w = 1.f;
};

/// Three finite floats.
inline Vec3 ReadVec3(BinaryReader &r, const char *field) {
    Vec3 v;
    v.x = r.FiniteF32(field);
    v.y = r.FiniteF32(field);
    v.z = r.FiniteF32(field);
    return v;
}

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
