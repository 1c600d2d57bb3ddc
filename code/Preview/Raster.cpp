#include "Preview/Raster.h"

#include <algorithm>
#include <cmath>

namespace assimp_retro {
namespace thumbnail {

namespace {

constexpr int kFractionBits = 8;
constexpr float kOne = float(1 << kFractionBits);
// Corners far outside the raster are clamped before conversion, so that the
// edge products (differences of up to 2^22 squared) stay within int64.
constexpr float kCoordinateLimit = 16384.0f;

int64_t ToFixed(float value) {
    if (!(value > -kCoordinateLimit)) { // NaN too
        value = -kCoordinateLimit;
    } else if (value > kCoordinateLimit) {
        value = kCoordinateLimit;
    }
    const float scaled = value * kOne;
    return static_cast<int64_t>(scaled >= 0.0f ? scaled + 0.5f : scaled - 0.5f);
}

struct FixedPoint {
    int64_t x, y;
};

/// Twice the signed area of (a, b, p), raster y down: positive when p lies to
/// the right of a -> b as seen on screen.
int64_t Edge(const FixedPoint &a, const FixedPoint &b, const FixedPoint &p) {
    return (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x);
}

uint8_t ToByte(float value) {
    if (!(value > 0.0f)) {
        return 0;
    }
    if (value >= 255.0f) {
        return 255;
    }
    return static_cast<uint8_t>(value + 0.5f);
}

/// The texel at (u, v), wrapping (v up, rows top first).
const uint8_t *Texel(const RgbaImage &image, float u, float v) {
    const float fu = u - std::floor(u);
    const float fv = v - std::floor(v);
    uint32_t x = static_cast<uint32_t>(fu * float(image.width));
    uint32_t y = static_cast<uint32_t>((1.0f - fv) * float(image.height));
    x = std::min(x, image.width - 1);
    y = std::min(y, image.height - 1);
    return &image.pixels[(size_t(y) * image.width + x) * 4];
}

} // namespace

Raster::Raster(uint32_t width, uint32_t height) :
        width_(width), height_(height), rgba_(size_t(width) * height * 4, 0), depth_(size_t(width) * height, 0.0f) {}

bool Raster::FacesCamera(const Corner &a, const Corner &b, const Corner &c) {
    const FixedPoint pa{ToFixed(a.x), ToFixed(a.y)};
    const FixedPoint pb{ToFixed(b.x), ToFixed(b.y)};
    const FixedPoint pc{ToFixed(c.x), ToFixed(c.y)};
    // Counter-clockwise on a y-down screen: c to the left of a -> b.
    return Edge(pa, pb, pc) < 0;
}

void Raster::Shade(size_t index, float l0, float l1, float l2, const Corner &a, const Corner &b, const Corner &c,
        const Fill &fill) {
    const float invDepth = l0 * a.invDepth + l1 * b.invDepth + l2 * c.invDepth;
    if (fill.depthTest && !(invDepth > depth_[index])) {
        return;
    }
    float rgb[3] = {255.0f, 255.0f, 255.0f};
    if (fill.texture && !fill.texture->pixels.empty() && invDepth > 0.0f) {
        const float u = (l0 * a.u * a.invDepth + l1 * b.u * b.invDepth + l2 * c.u * c.invDepth) / invDepth;
        const float v = (l0 * a.v * a.invDepth + l1 * b.v * b.invDepth + l2 * c.v * c.invDepth) / invDepth;
        const uint8_t *texel = Texel(*fill.texture, std::isfinite(u) ? u : 0.0f, std::isfinite(v) ? v : 0.0f);
        if (texel[3] < 128) {
            return; // alpha test: cut-out leaves and fences stay see-through
        }
        rgb[0] = float(texel[0]);
        rgb[1] = float(texel[1]);
        rgb[2] = float(texel[2]);
    }
    const float light = l0 * a.light + l1 * b.light + l2 * c.light;
    uint8_t *out = &rgba_[index * 4];
    for (int i = 0; i < 3; ++i) {
        out[i] = ToByte(rgb[i] * fill.tint[i] * light);
    }
    out[3] = 255;
    if (fill.depthTest) {
        depth_[index] = invDepth;
    }
}

void Raster::FillTriangle(const Corner &a, const Corner &b0, const Corner &c0, const Fill &fill) {
    FixedPoint pa{ToFixed(a.x), ToFixed(a.y)};
    FixedPoint pb{ToFixed(b0.x), ToFixed(b0.y)};
    FixedPoint pc{ToFixed(c0.x), ToFixed(c0.y)};
    const Corner *b = &b0;
    const Corner *c = &c0;
    int64_t area = Edge(pa, pb, pc);
    if (area == 0) {
        return;
    }
    if (area < 0) { // one orientation for the inside test below
        std::swap(pb, pc);
        std::swap(b, c);
        area = -area;
    }
    const int64_t minX = std::max<int64_t>(0, std::min({pa.x, pb.x, pc.x}) >> kFractionBits);
    const int64_t minY = std::max<int64_t>(0, std::min({pa.y, pb.y, pc.y}) >> kFractionBits);
    const int64_t maxX = std::min<int64_t>(int64_t(width_) - 1, std::max({pa.x, pb.x, pc.x}) >> kFractionBits);
    const int64_t maxY = std::min<int64_t>(int64_t(height_) - 1, std::max({pa.y, pb.y, pc.y}) >> kFractionBits);
    if (minX > maxX || minY > maxY) {
        return;
    }
    const float invArea = 1.0f / float(area);
    const int64_t half = int64_t(1) << (kFractionBits - 1);
    // Edge(a, b, p) changes by -(b.y - a.y) per step right and (b.x - a.x) per step down.
    const int64_t unit = int64_t(1) << kFractionBits; // one sample step
    const int64_t stepX0 = -(pc.y - pb.y) * unit, stepY0 = (pc.x - pb.x) * unit;
    const int64_t stepX1 = -(pa.y - pc.y) * unit, stepY1 = (pa.x - pc.x) * unit;
    const int64_t stepX2 = -(pb.y - pa.y) * unit, stepY2 = (pb.x - pa.x) * unit;
    const FixedPoint start{minX * unit + half, minY * unit + half};
    int64_t row0 = Edge(pb, pc, start), row1 = Edge(pc, pa, start), row2 = Edge(pa, pb, start);
    for (int64_t y = minY; y <= maxY; ++y) {
        int64_t w0 = row0, w1 = row1, w2 = row2;
        for (int64_t x = minX; x <= maxX; ++x) {
            if ((w0 | w1 | w2) >= 0) { // inside or on an edge: all three non-negative
                const size_t index = size_t(y) * width_ + size_t(x);
                Shade(index, float(w0) * invArea, float(w1) * invArea, float(w2) * invArea, a, *b, *c, fill);
            }
            w0 += stepX0;
            w1 += stepX1;
            w2 += stepX2;
        }
        row0 += stepY0;
        row1 += stepY1;
        row2 += stepY2;
    }
}

void Raster::DrawLine(float x0, float y0, float x1, float y1, float width, const Colour &colour) {
    const float dx = x1 - x0, dy = y1 - y0;
    const float length = std::sqrt(dx * dx + dy * dy); // correctly rounded (IEEE), the same everywhere
    if (!(length > 0.0f)) {
        DrawDot(x0, y0, width, colour);
        return;
    }
    const float nx = -dy / length * (width * 0.5f), ny = dx / length * (width * 0.5f);
    Fill fill;
    fill.tint[0] = float(colour.r) / 255.0f;
    fill.tint[1] = float(colour.g) / 255.0f;
    fill.tint[2] = float(colour.b) / 255.0f;
    fill.depthTest = false;
    Corner p[4];
    p[0].x = x0 + nx, p[0].y = y0 + ny;
    p[1].x = x1 + nx, p[1].y = y1 + ny;
    p[2].x = x1 - nx, p[2].y = y1 - ny;
    p[3].x = x0 - nx, p[3].y = y0 - ny;
    FillTriangle(p[0], p[1], p[2], fill);
    FillTriangle(p[0], p[2], p[3], fill);
}

void Raster::DrawDot(float x, float y, float side, const Colour &colour) {
    const float h = side * 0.5f;
    DrawLine(x - h, y, x + h, y, side, colour);
}

RgbaImage Raster::Resolve(uint32_t factor) const {
    RgbaImage image;
    factor = std::max(1u, factor);
    image.width = width_ / factor;
    image.height = height_ / factor;
    image.pixels.assign(size_t(image.width) * image.height * 4, 0);
    const uint32_t samples = factor * factor;
    for (uint32_t y = 0; y < image.height; ++y) {
        for (uint32_t x = 0; x < image.width; ++x) {
            uint32_t sum[3] = {0, 0, 0};
            uint32_t covered = 0;
            for (uint32_t sy = 0; sy < factor; ++sy) {
                const uint8_t *row = &rgba_[((size_t(y) * factor + sy) * width_ + size_t(x) * factor) * 4];
                for (uint32_t sx = 0; sx < factor; ++sx) {
                    const uint8_t *s = row + sx * 4;
                    if (s[3]) {
                        sum[0] += s[0], sum[1] += s[1], sum[2] += s[2];
                        ++covered;
                    }
                }
            }
            if (!covered) {
                continue;
            }
            uint8_t *out = &image.pixels[(size_t(y) * image.width + x) * 4];
            for (int i = 0; i < 3; ++i) {
                out[i] = static_cast<uint8_t>((sum[i] + covered / 2) / covered);
            }
            out[3] = static_cast<uint8_t>((covered * 255 + samples / 2) / samples);
        }
    }
    return image;
}

} // namespace thumbnail
} // namespace assimp_retro
