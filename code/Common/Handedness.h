// assimp-retro: converting the games' left-handed data to Assimp's
// right-handed, Y-up convention.
//
// A left-handed Y-up system becomes right-handed by mirroring one axis:
// LithTech mirrors X (models face +Z), OFP mirrors Z (its models face -Z and
// the mirror turns them to +Z). Mirroring changes the handedness, so triangle
// winding must be reversed as well; these helpers do the per-element part.
//
// For a mirror S = diag(s) (s = -1 on the mirrored axis, +1 elsewhere):
//   point / vector:   v' = S v
//   matrix:           M' = S M S
//   quaternion:       q' = (w, -x, -y, -z) with the mirrored axis' component kept
//                     (a rotation about the mirrored axis keeps its axis, the
//                     others flip: the rotation sense reverses in a mirror)
#pragma once

#include <assimp/types.h> // vectors, matrices, quaternions with their inline code

namespace assimp_retro {

enum class MirrorAxis { X, Y, Z };

inline aiVector3D Mirror(const aiVector3D &v, MirrorAxis axis) {
    switch (axis) {
    case MirrorAxis::X:
        return aiVector3D(-v.x, v.y, v.z);
    case MirrorAxis::Y:
        return aiVector3D(v.x, -v.y, v.z);
    default:
        return aiVector3D(v.x, v.y, -v.z);
    }
}

inline aiQuaternion Mirror(const aiQuaternion &q, MirrorAxis axis) {
    switch (axis) {
    case MirrorAxis::X:
        return aiQuaternion(q.w, q.x, -q.y, -q.z);
    case MirrorAxis::Y:
        return aiQuaternion(q.w, -q.x, q.y, -q.z);
    default:
        return aiQuaternion(q.w, -q.x, -q.y, q.z);
    }
}

inline aiMatrix4x4 Mirror(const aiMatrix4x4 &m, MirrorAxis axis) {
    // S M S: negate row and column `axis` (the diagonal element keeps its sign).
    aiMatrix4x4 r = m;
    const unsigned k = axis == MirrorAxis::X ? 0u : axis == MirrorAxis::Y ? 1u : 2u;
    for (unsigned i = 0; i < 4; ++i) {
        if (i != k) {
            r[k][i] = -r[k][i];
            r[i][k] = -r[i][k];
        }
    }
    return r;
}

/// Keeps consecutive quaternion keys in one hemisphere, as nlerp/slerp
/// playback expects: returns `q` or `-q`, whichever is closer to `previous`.
inline aiQuaternion SameHemisphere(const aiQuaternion &previous, const aiQuaternion &q) {
    const float dot = previous.w * q.w + previous.x * q.x + previous.y * q.y + previous.z * q.z;
    return dot < 0.f ? aiQuaternion(-q.w, -q.x, -q.y, -q.z) : q;
}

} // namespace assimp_retro
