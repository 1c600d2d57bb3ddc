// assimp-retro: whether vectors and matrices hold only finite numbers (no NaN,
// no infinity), for the exporters, which refuse what a game cannot read.
#pragma once

#include "Common/Vec3.h"

#include <assimp/matrix4x4.h>
#include <assimp/vector3.h>

#include <cmath>

namespace assimp_retro {

inline bool Finite(const aiVector3D &v) {
    return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z);
}

inline bool Finite(const Vec3 &v) {
    return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z);
}

inline bool Finite(const aiMatrix4x4 &m) {
    for (unsigned r = 0; r < 4; ++r) {
        for (unsigned c = 0; c < 4; ++c) {
            if (!std::isfinite(m[r][c])) {
                return false;
            }
        }
    }
    return true;
}

} // namespace assimp_retro
