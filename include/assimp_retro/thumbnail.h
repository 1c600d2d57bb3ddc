// assimp-retro public API: a small picture of a model or a game texture,
// drawn on the CPU with no GPU (the tool's `thumbnail` verb and gallery,
// docs/gallery.md). The same bytes on every machine: Linux and Windows builds
// draw identical pictures.
//
//   Assimp::Importer importer;
//   assimp_retro::RegisterAll(importer);
//   assimp_retro::SetThumbnailImportProperties(importer, path);
//   const aiScene *scene = importer.ReadFile(path, 0);
//   assimp_retro::RgbaImage picture;
//   std::string error;
//   if (!scene || !assimp_retro::RenderThumbnail(*scene, {}, picture, &error)) { ... }
//
// The view: the front three-quarter view of a model facing +Z, standing on
// +Y, framed to fill the picture on a transparent background; meshes with
// their diffuse textures as the scene holds them (the bind pose), LODs other
// than the first left out. A scene without triangles shows each animated
// node's path over its animation (Oni OBAN), else its node tree.
#pragma once

#include <assimp_retro/texture.h> // RgbaImage

#include <cstdint>
#include <string>

struct aiScene;
namespace Assimp {
class Importer;
class IOSystem;
} // namespace Assimp

namespace assimp_retro {

constexpr uint32_t kThumbnailMinSize = 16;
constexpr uint32_t kThumbnailMaxSize = 1024;

struct ThumbnailOptions {
    uint32_t size = 256; ///< the picture's side in pixels, kThumbnailMinSize..kThumbnailMaxSize
    /// Reads the texture files that materials name by path (embedded
    /// textures need none); nullptr: the disk.
    Assimp::IOSystem *io = nullptr;
};

/// Sets the import properties that make `importer` load only what a
/// thumbnail of `fileName` draws: no child models (the animation libraries
/// beside a model); the first LOD; ABC v6 without its vertex animation
/// (frame 0 of the first animation, its bind pose, stays); textures found but
/// not embedded (decoded once, for the picture only). A model's own
/// animations are imported (no property leaves them out) but not drawn; an
/// Oni OBAN's are its picture.
void SetThumbnailImportProperties(Assimp::Importer &importer, const std::string &fileName);

/// The picture of `scene`. False with the reason in `*error` for a size out
/// of range or a scene with nothing to draw.
bool RenderThumbnail(const aiScene &scene, const ThumbnailOptions &options, RgbaImage &picture,
        std::string *error = nullptr);

/// `image` (a decoded texture) fitted into a `size` x `size` picture, aspect
/// kept, on a transparent background. False with the reason for an empty
/// image or a size out of range.
bool RenderImageThumbnail(const RgbaImage &image, uint32_t size, RgbaImage &picture, std::string *error = nullptr);

} // namespace assimp_retro
