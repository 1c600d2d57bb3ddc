// assimp-retro: the writers' side of AbcPrimitives.h: LTString, Vec3, Quat
// and ByteNormal as the v6 and v9+ writers store them (docs/formats/ABC.md 2.1).
#pragma once

#include "AbcPrimitives.h"
#include "Common/LittleEndianWriter.h"

#include <string>

namespace assimp_retro {
namespace abc {

class AbcByteWriter : public LittleEndianWriter {
public:
    /// u16 length, then the bytes (no terminator).
    void String(const std::string &s) {
        U16(static_cast<uint16_t>(s.size()));
        Text(s);
    }
    void Vector(const Vec3 &v) {
        F32(v.x);
        F32(v.y);
        F32(v.z);
    }
    /// x, y, z, w.
    void Rotation(const Quat &q) {
        F32(q.x);
        F32(q.y);
        F32(q.z);
        F32(q.w);
    }
};

} // namespace abc
} // namespace assimp_retro
