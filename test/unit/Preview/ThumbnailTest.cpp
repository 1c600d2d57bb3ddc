// The thumbnail renderer (code/Preview, <assimp_retro/thumbnail.h>): what it
// shows (a model facing +Z shows its front, a texture its colours, LODs but
// the first left out, OBAN paths, skeletons), hostile scenes, and the same
// bytes on every build (the golden CRCs, which the Windows build checks under
// wine as well).
#include "PreviewScenes.h"

#include "support/TestSupport.h"

#include <assimp_retro/assimp_retro.h>
#include <assimp_retro/thumbnail.h>

#include <assimp/Importer.hpp>
#include <assimp/scene.h>

#include <gtest/gtest.h>
#include <zlib.h>

#include <cmath>
#include <limits>

using namespace preview_test;

namespace {

struct Counts {
    size_t drawn = 0, red = 0, green = 0, blue = 0;
};

/// Drawn pixels (alpha > 0) and those clearly of one hue.
Counts CountHues(const assimp_retro::RgbaImage &image) {
    Counts counts;
    for (size_t i = 0; i + 3 < image.pixels.size(); i += 4) {
        const int r = image.pixels[i], g = image.pixels[i + 1], b = image.pixels[i + 2], a = image.pixels[i + 3];
        if (a == 0) {
            continue;
        }
        ++counts.drawn;
        counts.red += r > 2 * g + 20 && r > 2 * b + 20;
        counts.green += g > 2 * r + 20 && g > 2 * b + 20;
        counts.blue += b > 2 * r + 20 && b > 2 * g + 20;
    }
    return counts;
}

assimp_retro::RgbaImage Render(const aiScene &scene, uint32_t size = 64) {
    assimp_retro::ThumbnailOptions options;
    options.size = size;
    assimp_retro::RgbaImage picture;
    std::string error;
    EXPECT_TRUE(assimp_retro::RenderThumbnail(scene, options, picture, &error)) << error;
    return picture;
}

TEST(Thumbnail, ModelFacingPlusZShowsItsFront) {
    const auto picture = Render(*ColouredBox());
    ASSERT_EQ(picture.width, 64u);
    ASSERT_EQ(picture.height, 64u);
    const Counts counts = CountHues(picture);
    EXPECT_GT(counts.red, counts.drawn / 5) << "the front (+Z, red) must face the viewer";
    EXPECT_EQ(counts.blue, 0u) << "the back (-Z, blue) must be hidden";
    // Framed: drawn pixels reach within the margin of each edge but never touch it.
    size_t top = 64, bottom = 0;
    for (uint32_t y = 0; y < 64; ++y) {
        for (uint32_t x = 0; x < 64; ++x) {
            if (picture.pixels[(y * 64 + x) * 4 + 3]) {
                top = std::min<size_t>(top, y), bottom = std::max<size_t>(bottom, y);
            }
        }
    }
    EXPECT_LE(top, 6u);
    EXPECT_GE(bottom, 57u);
    EXPECT_GT(top, 0u);
    EXPECT_LT(bottom, 63u);
}

TEST(Thumbnail, TexturedModelShowsItsTexturesColours) {
    const Counts counts = CountHues(Render(*TexturedSquare()));
    EXPECT_GT(counts.red, counts.drawn / 5);
    EXPECT_GT(counts.green, counts.drawn / 5);
    EXPECT_EQ(counts.blue, 0u);
}

TEST(Thumbnail, LeavesOutLodsButTheFirst) {
    auto scene = ColouredBox();
    // A second "LOD" far to the side, all blue: drawn, it would shrink the box.
    aiNode *lod = new aiNode("LOD1");
    lod->mTransformation.a4 = 50.0f;
    lod->mNumMeshes = 1;
    lod->mMeshes = new unsigned[1]{1};
    lod->mMetaData = aiMetadata::Alloc(1);
    lod->mMetaData->Set(0, "abc:lod", int32_t(1));
    scene->mRootNode->addChildren(1, &lod);
    const Counts withLod = CountHues(Render(*scene));
    const Counts alone = CountHues(Render(*ColouredBox()));
    EXPECT_EQ(withLod.drawn, alone.drawn);
    EXPECT_EQ(withLod.blue, 0u);
}

TEST(Thumbnail, SameBytesForTheSameScene) {
    const auto a = Render(*ColouredBox(), 96), b = Render(*ColouredBox(), 96);
    EXPECT_EQ(a.pixels, b.pixels);
}

TEST(Thumbnail, HostileScenesGiveAnErrorOrAPicture) {
    assimp_retro::RgbaImage picture;
    std::string error;
    aiScene empty;
    empty.mRootNode = new aiNode("root");
    EXPECT_FALSE(assimp_retro::RenderThumbnail(empty, {}, picture, &error));
    EXPECT_NE(error.find("nothing to draw"), std::string::npos) << error;

    auto box = ColouredBox();
    assimp_retro::ThumbnailOptions tooBig;
    tooBig.size = 4096;
    EXPECT_FALSE(assimp_retro::RenderThumbnail(*box, tooBig, picture, &error));
    EXPECT_NE(error.find("out of range"), std::string::npos) << error;

    // NaN and huge positions, an index past the vertices, a material past the list.
    const float nan = std::numeric_limits<float>::quiet_NaN();
    box->mMeshes[0]->mVertices[0] = aiVector3D(nan, 0, 0);
    box->mMeshes[1]->mVertices[1] = aiVector3D(3e38f, -3e38f, 3e38f);
    box->mMeshes[2]->mFaces[0].mIndices[2] = 1000;
    box->mMeshes[3]->mMaterialIndex = 99;
    box->mMeshes[4]->mNormals[0] = aiVector3D(nan, nan, nan);
    EXPECT_TRUE(assimp_retro::RenderThumbnail(*box, {}, picture, &error)) << error;
    EXPECT_EQ(picture.width, 256u);
}

TEST(Thumbnail, ImageFitsTheSquareKeepingItsAspect) {
    assimp_retro::RgbaImage wide{8, 2, std::vector<uint8_t>(8 * 2 * 4, 255)};
    assimp_retro::RgbaImage picture;
    std::string error;
    ASSERT_TRUE(assimp_retro::RenderImageThumbnail(wide, 16, picture, &error)) << error;
    ASSERT_EQ(picture.width, 16u);
    // 16 x 4 opaque rows in the middle (rows 6..9), transparent above and below.
    EXPECT_EQ(picture.pixels[(5 * 16 + 8) * 4 + 3], 0);
    EXPECT_EQ(picture.pixels[(6 * 16 + 0) * 4 + 3], 255);
    EXPECT_EQ(picture.pixels[(9 * 16 + 15) * 4 + 3], 255);
    EXPECT_EQ(picture.pixels[(10 * 16 + 8) * 4 + 3], 0);
    EXPECT_FALSE(assimp_retro::RenderImageThumbnail(assimp_retro::RgbaImage(), 16, picture, &error));
}

// ---- the same bytes on every build --------------------------------------------

/// CRC-32 of the PNG the tool writes for `relative` (a committed fixture).
uint32_t ThumbnailCrc(const std::string &relative, uint32_t size) {
    const std::string path = std::string(ASSIMP_RETRO_SOURCE_DIR) + "/" + relative;
    Assimp::Importer importer;
    assimp_retro::RegisterAll(importer);
    assimp_retro::SetThumbnailImportProperties(importer, path);
    const aiScene *scene = importer.ReadFile(path, 0);
    EXPECT_NE(scene, nullptr) << importer.GetErrorString();
    if (!scene) {
        return 0;
    }
    assimp_retro::ThumbnailOptions options;
    options.size = size;
    assimp_retro::RgbaImage picture;
    std::vector<uint8_t> png;
    std::string error;
    EXPECT_TRUE(assimp_retro::RenderThumbnail(*scene, options, picture, &error) &&
            assimp_retro::EncodeAsPng(picture, png, &error))
            << error;
    return uint32_t(crc32(0, png.data(), uInt(png.size())));
}

// The CRCs were taken from the Linux build; the Windows build (mingw, run
// under wine by tools/run_tests.sh) must give the same bytes. A change of the
// renderer that changes pictures on purpose updates them (the failure prints
// the new value).
TEST(ThumbnailBytes, SameOnEveryBuild) {
    EXPECT_EQ(ThumbnailCrc("test/models/abc/skinned_v6.abc", 128), 0xe7249d2bu);
    EXPECT_EQ(ThumbnailCrc("test/models/p3d/sample_odol.p3d", 128), 0x1dbb732au);
    EXPECT_EQ(ThumbnailCrc("test/models/p3d/sample_mlod.p3d", 128), 0x731dd11eu);
    EXPECT_EQ(ThumbnailCrc("test/models/oban/OBANcamera_dolly.oni", 128), 0x7640c118u);
    auto box = ColouredBox();
    std::vector<uint8_t> png;
    std::string error;
    ASSERT_TRUE(assimp_retro::EncodeAsPng(Render(*box, 128), png, &error)) << error;
    EXPECT_EQ(uint32_t(crc32(0, png.data(), uInt(png.size()))), 0xd0386e0eu);
}

} // namespace
