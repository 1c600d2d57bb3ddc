// assimp-retro: a scene drawn as a small picture on the CPU (the thumbnails
// of the tool and of <assimp_retro/thumbnail.h>), and an image fitted into one.
//
// The view is fixed: the front three-quarter view of a model facing +Z and
// standing on +Y (the importers' convention), the camera 30 degrees to the
// model's +X side and 20 degrees above, with a mild perspective; the drawing
// is framed to fill the picture. Meshes are drawn as the scene holds them
// (nodes' own transforms: the bind pose, no animation applied), with their
// materials' diffuse textures and colours and a fixed light. A scene without
// triangles shows its animated nodes' paths over their animations (Oni OBAN),
// else its node tree as a skeleton. Deterministic (Raster.h): no libm call
// but sqrt and floor, which IEEE fixes, in anything that reaches a pixel.
#pragma once

#include <assimp_retro/thumbnail.h> // RgbaImage, the size limits

#include <cstdint>
#include <set>

struct aiScene;
struct aiNode;
namespace Assimp {
class IOSystem;
}

namespace assimp_retro {
namespace thumbnail {

/// The picture's side limits (the raster is twice the side, supersampled).
constexpr uint32_t kMaxSide = kThumbnailMaxSize;
constexpr uint32_t kMinSide = kThumbnailMinSize;

struct SceneSettings {
    uint32_t size = 256; ///< picture side in pixels, kMinSide..kMaxSide
    std::set<const aiNode *> hidden; ///< subtrees left out (LODs but the first)
    /// Reads texture files the materials name (embedded ones need none);
    /// none: the disk.
    Assimp::IOSystem *io = nullptr;
};

/// The picture of `scene`. Throws ImportError when the size is out of range
/// or the scene holds nothing to draw (no triangle, animated node or node
/// below the root).
RgbaImage RenderScene(const aiScene &scene, const SceneSettings &settings);

/// `image` fitted into a `size` x `size` picture, aspect kept, centred on a
/// transparent background: each pixel the average of the texels it covers
/// (smaller images are enlarged, each texel a block). Throws ImportError for
/// a size out of range or an empty image.
RgbaImage FitImage(const RgbaImage &image, uint32_t size);

} // namespace thumbnail
} // namespace assimp_retro
