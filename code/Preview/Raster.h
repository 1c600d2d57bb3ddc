// assimp-retro: the software rasteriser the thumbnails draw with: triangles
// with a depth buffer, a texture (nearest texel, alpha tested) and a light
// value per corner, into a supersampled RGBA buffer that Resolve averages
// down to the picture.
//
// Deterministic: the same bytes on every machine and compiler the project
// builds with. Edges are integer arithmetic (fixed point, 8 fractional bits);
// the rest is IEEE float with no libm call whose result may differ between C
// libraries, compiled without contraction into FMA (-ffp-contract=off, the
// CMake lists), so glibc and mingw builds round alike.
#pragma once

#include <assimp_retro/texture.h> // RgbaImage

#include <cstdint>
#include <vector>

namespace assimp_retro {
namespace thumbnail {

/// A triangle corner on the raster: x, y in raster pixels (y down), `invDepth`
/// 1 / distance from the camera (larger is nearer; interpolated linearly on
/// screen, and used to interpolate `u`, `v` with perspective), the texture
/// coordinate (v up, as Assimp's) and the light (1 = full colour).
struct Corner {
    float x = 0.0f;
    float y = 0.0f;
    float invDepth = 0.0f;
    float u = 0.0f;
    float v = 0.0f;
    float light = 1.0f;
};

/// 8-bit colour with alpha.
struct Colour {
    uint8_t r = 0, g = 0, b = 0, a = 255;
};

/// How a triangle is filled.
struct Fill {
    const RgbaImage *texture = nullptr; ///< none: the tint alone
    float tint[3] = {1.0f, 1.0f, 1.0f}; ///< multiplies the texel (0..1 each)
    bool depthTest = true; ///< false: drawn over everything (paths, skeletons)
};

class Raster {
public:
    /// A raster of `width` x `height` samples, all background (transparent).
    Raster(uint32_t width, uint32_t height);

    uint32_t Width() const { return width_; }
    uint32_t Height() const { return height_; }

    /// Fills the triangle, either winding. The corners carry the light of the
    /// side the camera sees (the caller picks it with FacesCamera).
    void FillTriangle(const Corner &a, const Corner &b, const Corner &c, const Fill &fill);

    /// True when a, b, c appear counter-clockwise to a viewer (raster y points down).
    static bool FacesCamera(const Corner &a, const Corner &b, const Corner &c);

    /// A line `width` raster pixels wide in one colour, over everything.
    void DrawLine(float x0, float y0, float x1, float y1, float width, const Colour &colour);

    /// A filled square of side `side` centred on (x, y), over everything.
    void DrawDot(float x, float y, float side, const Colour &colour);

    /// The picture: each `factor` x `factor` block of samples averaged into
    /// one pixel (colour over the covered samples, alpha = coverage).
    RgbaImage Resolve(uint32_t factor) const;

private:
    void Shade(size_t index, float l0, float l1, float l2, const Corner &a, const Corner &b, const Corner &c,
            const Fill &fill);

    uint32_t width_;
    uint32_t height_;
    std::vector<uint8_t> rgba_; ///< per sample; alpha 0 = background
    std::vector<float> depth_; ///< per sample: the invDepth drawn there (0 = nothing)
};

} // namespace thumbnail
} // namespace assimp_retro
