// assimp-retro: a point or direction as stored in the files (three floats, in
// the file's own coordinates), and its bounds-checked readers.
#pragma once

#include "Common/BinaryReader.h"

namespace assimp_retro {

struct Vec3 {
    float x = 0.f, y = 0.f, z = 0.f;
};

/// Three finite floats (fails on NaN or infinity).
inline Vec3 ReadVec3(BinaryReader &r, const char *field) {
    Vec3 v;
    v.x = r.FiniteF32(field);
    v.y = r.FiniteF32(field);
    v.z = r.FiniteF32(field);
    return v;
}

/// Three floats as stored, NaN and infinity included (for formats whose real
/// files hold them; the scene builder repairs them).
inline Vec3 ReadVec3AnyFloat(BinaryReader &r, const char *field) {
    Vec3 v;
    v.x = r.F32(field);
    v.y = r.F32(field);
    v.z = r.F32(field);
    return v;
}

} // namespace assimp_retro
