#include "Preview/SceneThumbnail.h"

#include "Preview/Raster.h"

#include "Common/ImportError.h"
#include "Common/Texture/MaterialImage.h"

#include <assimp/DefaultIOSystem.h>
#include <assimp/anim.h>
#include <assimp/material.h>
#include <assimp/scene.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace assimp_retro {
namespace thumbnail {

namespace {

constexpr uint32_t kSupersample = 2; // samples per pixel side
constexpr float kMargin = 0.06f; // of the picture side, on each edge
constexpr size_t kMaxPaths = 64;
constexpr unsigned kMaxPathSamples = 256;

// The camera's axes: 30 degrees about +Y towards +X, then 20 degrees up (sin
// and cos written out: no libm trigonometry, the same bits everywhere).
constexpr float kSinYaw = 0.5f, kCosYaw = 0.8660254037844386f;
constexpr float kSinPitch = 0.3420201433256687f, kCosPitch = 0.9396926207859084f;
const aiVector3D kRight(kCosYaw, 0.0f, -kSinYaw);
const aiVector3D kUp(-kSinYaw * kSinPitch, kCosPitch, -kCosYaw * kSinPitch);
const aiVector3D kToCamera(kSinYaw * kCosPitch, kSinPitch, kCosYaw * kCosPitch);
// The key light in the camera's axes (right, up, towards the camera): from
// the upper left, in front; unit length.
constexpr float kLightRight = -0.4082483f, kLightUp = 0.4082483f, kLightToward = 0.8164966f;

float Dot(const aiVector3D &a, const aiVector3D &b) {
    return a.x * b.x + a.y * b.y + a.z * b.z;
}

bool IsFinite(const aiVector3D &v) {
    return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z);
}

/// A mesh where the scene places it: its node's global transform.
struct Instance {
    const aiMesh *mesh = nullptr;
    aiMatrix4x4 transform;
    std::vector<aiVector3D> world; ///< positions, transformed
};

/// What the picture shows, in world space.
struct Drawing {
    std::vector<Instance> meshes;
    std::vector<std::vector<aiVector3D>> paths;
    std::vector<std::pair<aiVector3D, aiVector3D>> bones;
    std::vector<aiVector3D> joints;

    bool Empty() const { return meshes.empty() && paths.empty() && joints.empty(); }
};

void CollectMeshes(const aiScene &scene, const aiNode &node, const aiMatrix4x4 &parent,
        const std::set<const aiNode *> &hidden, std::vector<Instance> &out) {
    if (hidden.count(&node)) {
        return;
    }
    const aiMatrix4x4 global = parent * node.mTransformation;
    for (unsigned i = 0; i < node.mNumMeshes; ++i) {
        if (node.mMeshes[i] >= scene.mNumMeshes) {
            continue;
        }
        const aiMesh *mesh = scene.mMeshes[node.mMeshes[i]];
        if (!mesh || !mesh->mVertices || !(mesh->mPrimitiveTypes & (aiPrimitiveType_TRIANGLE | aiPrimitiveType_POLYGON))) {
            continue;
        }
        Instance instance;
        instance.mesh = mesh;
        instance.transform = global;
        instance.world.resize(mesh->mNumVertices);
        for (unsigned v = 0; v < mesh->mNumVertices; ++v) {
            instance.world[v] = global * mesh->mVertices[v];
        }
        out.push_back(std::move(instance));
    }
    for (unsigned i = 0; i < node.mNumChildren; ++i) {
        if (node.mChildren[i]) {
            CollectMeshes(scene, *node.mChildren[i], global, hidden, out);
        }
    }
}

// ---- animated paths (scenes without triangles) -----------------------------------

template <class Key>
size_t KeyBefore(const Key *keys, unsigned count, double time) {
    size_t i = 0;
    while (i + 1 < count && keys[i + 1].mTime <= time) {
        ++i;
    }
    return i;
}

template <class Key>
float Fraction(const Key *keys, unsigned count, size_t i, double time) {
    if (i + 1 >= count || !(keys[i + 1].mTime > keys[i].mTime)) {
        return 0.0f;
    }
    const double f = (time - keys[i].mTime) / (keys[i + 1].mTime - keys[i].mTime);
    return f <= 0.0 ? 0.0f : (f >= 1.0 ? 1.0f : float(f));
}

aiVector3D Lerp(const aiVectorKey *keys, unsigned count, double time, const aiVector3D &fallback) {
    if (!keys || !count) {
        return fallback;
    }
    const size_t i = KeyBefore(keys, count, time);
    const float f = Fraction(keys, count, i, time);
    return f == 0.0f ? keys[i].mValue : keys[i].mValue + (keys[i + 1].mValue - keys[i].mValue) * f;
}

/// Normalised linear interpolation (no trigonometry, unlike slerp).
aiQuaternion Nlerp(const aiQuatKey *keys, unsigned count, double time, const aiQuaternion &fallback) {
    if (!keys || !count) {
        return fallback;
    }
    const size_t i = KeyBefore(keys, count, time);
    const float f = Fraction(keys, count, i, time);
    if (f == 0.0f) {
        return keys[i].mValue;
    }
    const aiQuaternion &a = keys[i].mValue;
    aiQuaternion b = keys[i + 1].mValue;
    if (a.w * b.w + a.x * b.x + a.y * b.y + a.z * b.z < 0.0f) {
        b = aiQuaternion(-b.w, -b.x, -b.y, -b.z);
    }
    aiQuaternion q(a.w + (b.w - a.w) * f, a.x + (b.x - a.x) * f, a.y + (b.y - a.y) * f, a.z + (b.z - a.z) * f);
    const float length = std::sqrt(q.w * q.w + q.x * q.x + q.y * q.y + q.z * q.z);
    return length > 0.0f ? aiQuaternion(q.w / length, q.x / length, q.y / length, q.z / length) : a;
}

aiMatrix4x4 ChannelTransform(const aiNodeAnim &channel, const aiNode &node, double time) {
    aiVector3D scaling, position;
    aiQuaternion rotation;
    node.mTransformation.DecomposeNoScaling(rotation, position);
    scaling = aiVector3D(1.0f, 1.0f, 1.0f);
    return aiMatrix4x4(Lerp(channel.mScalingKeys, channel.mNumScalingKeys, time, scaling),
            Nlerp(channel.mRotationKeys, channel.mNumRotationKeys, time, rotation),
            Lerp(channel.mPositionKeys, channel.mNumPositionKeys, time, position));
}

/// Whether any ancestor of `node` is animated: then the animation moves a
/// skeleton, drawn as one, not as paths.
bool HasAnimatedAncestor(const aiNode *node, const std::map<const aiNode *, const aiNodeAnim *> &animated) {
    for (node = node->mParent; node; node = node->mParent) {
        if (animated.count(node)) {
            return true;
        }
    }
    return false;
}

/// The world position of `node`'s origin with `animated` applied at `time`.
aiVector3D AnimatedOrigin(const aiNode *node, const std::map<const aiNode *, const aiNodeAnim *> &animated,
        double time) {
    aiMatrix4x4 global;
    for (; node; node = node->mParent) {
        const auto channel = animated.find(node);
        global = (channel == animated.end() ? node->mTransformation : ChannelTransform(*channel->second, *node, time)) *
                global;
    }
    return aiVector3D(global.a4, global.b4, global.c4);
}

double AnimationEnd(const aiAnimation &animation) {
    double end = animation.mDuration > 0.0 ? animation.mDuration : 0.0;
    for (unsigned c = 0; c < animation.mNumChannels; ++c) {
        const aiNodeAnim *channel = animation.mChannels[c];
        if (channel && channel->mNumPositionKeys) {
            end = std::max(end, channel->mPositionKeys[channel->mNumPositionKeys - 1].mTime);
        }
    }
    return std::isfinite(end) ? end : 0.0;
}

/// Each animated node's path over its animation, unless the animations move
/// a skeleton (then false: the caller draws the skeleton).
bool CollectPaths(const aiScene &scene, std::vector<std::vector<aiVector3D>> &paths) {
    for (unsigned a = 0; a < scene.mNumAnimations && paths.size() < kMaxPaths; ++a) {
        const aiAnimation *animation = scene.mAnimations[a];
        if (!animation) {
            continue;
        }
        std::map<const aiNode *, const aiNodeAnim *> animated;
        for (unsigned c = 0; c < animation->mNumChannels; ++c) {
            const aiNodeAnim *channel = animation->mChannels[c];
            const aiNode *node = channel ? scene.mRootNode->FindNode(channel->mNodeName) : nullptr;
            if (node) {
                animated.emplace(node, channel);
            }
        }
        const double end = AnimationEnd(*animation);
        for (const auto &entry : animated) {
            if (HasAnimatedAncestor(entry.first, animated)) {
                paths.clear();
                return false;
            }
            if (paths.size() >= kMaxPaths) {
                break;
            }
            // One key (or no time at all): one point.
            const unsigned samples =
                    end > 0.0 ? std::min(kMaxPathSamples, std::max(2u, entry.second->mNumPositionKeys)) : 1u;
            std::vector<aiVector3D> path;
            for (unsigned s = 0; s < samples; ++s) {
                const double time = samples > 1 ? end * s / (samples - 1) : 0.0;
                const aiVector3D p = AnimatedOrigin(entry.first, animated, time);
                if (IsFinite(p)) {
                    path.push_back(p);
                }
            }
            if (!path.empty()) {
                paths.push_back(std::move(path));
            }
        }
    }
    return true;
}

/// The node tree as lines from each node to its children (the scene's root
/// left out), and each node's origin as a joint.
void CollectSkeleton(const aiNode &node, const aiMatrix4x4 &global, Drawing &drawing) {
    const aiVector3D origin(global.a4, global.b4, global.c4);
    if (node.mParent && IsFinite(origin)) {
        drawing.joints.push_back(origin);
    }
    for (unsigned i = 0; i < node.mNumChildren; ++i) {
        const aiNode *child = node.mChildren[i];
        if (!child) {
            continue;
        }
        const aiMatrix4x4 childGlobal = global * child->mTransformation;
        const aiVector3D childOrigin(childGlobal.a4, childGlobal.b4, childGlobal.c4);
        if (node.mParent && IsFinite(origin) && IsFinite(childOrigin)) {
            drawing.bones.emplace_back(origin, childOrigin);
        }
        CollectSkeleton(*child, childGlobal, drawing);
    }
}

Drawing CollectDrawing(const aiScene &scene, const SceneSettings &settings) {
    Drawing drawing;
    if (!scene.mRootNode) {
        return drawing;
    }
    CollectMeshes(scene, *scene.mRootNode, aiMatrix4x4(), settings.hidden, drawing.meshes);
    if (!drawing.meshes.empty()) {
        return drawing;
    }
    if (CollectPaths(scene, drawing.paths) && !drawing.paths.empty()) {
        return drawing;
    }
    CollectSkeleton(*scene.mRootNode, scene.mRootNode->mTransformation, drawing);
    return drawing;
}

template <class Visit>
void ForEachPoint(const Drawing &drawing, Visit &&visit) {
    for (const Instance &instance : drawing.meshes) {
        for (const aiVector3D &p : instance.world) {
            visit(p);
        }
    }
    for (const std::vector<aiVector3D> &path : drawing.paths) {
        for (const aiVector3D &p : path) {
            visit(p);
        }
    }
    for (const aiVector3D &p : drawing.joints) {
        visit(p);
    }
}

/// The camera (SceneThumbnail.h) placed so that the drawing fills the raster.
class View {
public:
    View(const Drawing &drawing, float rasterSide) {
        aiVector3D low(0.0f, 0.0f, 0.0f), high(0.0f, 0.0f, 0.0f);
        bool any = false;
        ForEachPoint(drawing, [&](const aiVector3D &p) {
            if (!IsFinite(p)) {
                return;
            }
            low = any ? aiVector3D(std::min(low.x, p.x), std::min(low.y, p.y), std::min(low.z, p.z)) : p;
            high = any ? aiVector3D(std::max(high.x, p.x), std::max(high.y, p.y), std::max(high.z, p.z)) : p;
            any = true;
        });
        centre_ = (low + high) * 0.5f;
        const aiVector3D diagonal = high - low;
        float radius = std::sqrt(Dot(diagonal, diagonal)) * 0.5f;
        if (!(radius > 0.0f) || !std::isfinite(radius)) {
            radius = 1.0f;
        }
        distance_ = radius * 3.0f; // a mild perspective
        Frame(drawing, rasterSide);
    }

    /// Where `p` lands on the raster (x, y, invDepth set).
    Corner Project(const aiVector3D &p) const {
        const aiVector3D q = p - centre_;
        const float invDepth = 1.0f / (distance_ - Dot(q, kToCamera));
        Corner corner;
        corner.x = offsetX_ + Dot(q, kRight) * invDepth * scale_;
        corner.y = offsetY_ - Dot(q, kUp) * invDepth * scale_;
        corner.invDepth = invDepth;
        return corner;
    }

private:
    // Scale and offsets that centre the projected drawing with kMargin around it.
    void Frame(const Drawing &drawing, float rasterSide) {
        float lowX = 0.0f, highX = 0.0f, lowY = 0.0f, highY = 0.0f;
        bool any = false;
        ForEachPoint(drawing, [&](const aiVector3D &p) {
            if (!IsFinite(p)) {
                return;
            }
            const aiVector3D q = p - centre_;
            const float invDepth = 1.0f / (distance_ - Dot(q, kToCamera));
            const float x = Dot(q, kRight) * invDepth, y = Dot(q, kUp) * invDepth;
            lowX = any ? std::min(lowX, x) : x, highX = any ? std::max(highX, x) : x;
            lowY = any ? std::min(lowY, y) : y, highY = any ? std::max(highY, y) : y;
            any = true;
        });
        const float available = rasterSide * (1.0f - 2.0f * kMargin);
        const float span = std::max(highX - lowX, highY - lowY);
        scale_ = span > 0.0f && std::isfinite(span) ? available / span : 1.0f;
        offsetX_ = rasterSide * 0.5f - (lowX + highX) * 0.5f * scale_;
        offsetY_ = rasterSide * 0.5f + (lowY + highY) * 0.5f * scale_;
    }

    aiVector3D centre_;
    float distance_ = 1.0f;
    float scale_ = 1.0f;
    float offsetX_ = 0.0f;
    float offsetY_ = 0.0f;
};

/// The light on a surface with unit normal `n` (world space): a key light, a
/// little from the camera, and an ambient floor.
float LightFor(const aiVector3D &n) {
    const float right = Dot(n, kRight), up = Dot(n, kUp), toward = Dot(n, kToCamera);
    const float key = right * kLightRight + up * kLightUp + toward * kLightToward;
    return 0.35f + 0.5f * std::max(0.0f, key) + 0.25f * std::max(0.0f, toward);
}

aiVector3D Normalised(const aiVector3D &v) {
    const float length = std::sqrt(Dot(v, v));
    return length > 0.0f && std::isfinite(length) ? v / length : aiVector3D(0.0f, 0.0f, 0.0f);
}

/// A material's fill: its diffuse texture (decoded once per material, none
/// when missing or unreadable: the thumbnail is a preview, not a check) and
/// its diffuse colour.
class Materials {
public:
    Materials(const aiScene &scene, Assimp::IOSystem *io) : scene_(scene), io_(io) {
        if (!io_) {
            disk_ = std::make_unique<Assimp::DefaultIOSystem>();
            io_ = disk_.get();
        }
    }

    Fill For(unsigned index) {
        Fill fill;
        if (index >= scene_.mNumMaterials || !scene_.mMaterials[index]) {
            fill.tint[0] = fill.tint[1] = fill.tint[2] = 0.8f;
            return fill;
        }
        const aiMaterial &material = *scene_.mMaterials[index];
        auto known = textures_.find(index);
        if (known == textures_.end()) {
            known = textures_.emplace(index, Decode(material)).first;
        }
        fill.texture = known->second.pixels.empty() ? nullptr : &known->second;
        aiColor4D colour(0.8f, 0.8f, 0.8f, 1.0f);
        if (material.Get(AI_MATKEY_COLOR_DIFFUSE, colour) != AI_SUCCESS && fill.texture) {
            colour = aiColor4D(1.0f, 1.0f, 1.0f, 1.0f);
        }
        const float channels[3] = {colour.r, colour.g, colour.b};
        for (int i = 0; i < 3; ++i) {
            fill.tint[i] = std::isfinite(channels[i]) ? std::min(1.0f, std::max(0.0f, channels[i])) : 0.8f;
        }
        return fill;
    }

private:
    RgbaImage Decode(const aiMaterial &material) {
        try {
            MaterialImage image = ReadMaterialImage(scene_, material, io_);
            if (image.found && image.image.width && image.image.height) {
                return std::move(image.image);
            }
        } catch (const std::exception &) {
            // untextured: the material's colour alone
        }
        return RgbaImage();
    }

    const aiScene &scene_;
    Assimp::IOSystem *io_;
    std::unique_ptr<Assimp::IOSystem> disk_;
    std::map<unsigned, RgbaImage> textures_;
};

void DrawTriangle(Raster &raster, const Instance &instance, const std::vector<Corner> &corners,
        const std::vector<float> &frontLight, const std::vector<float> &backLight, const unsigned (&index)[3],
        const Fill &fill) {
    Corner c[3] = {corners[index[0]], corners[index[1]], corners[index[2]]};
    if (frontLight.empty()) { // no normals: the face's own, turned to the camera
        const aiVector3D *w = instance.world.data();
        const aiVector3D n = Normalised((w[index[1]] - w[index[0]]) ^ (w[index[2]] - w[index[0]]));
        const float light = LightFor(Dot(n, kToCamera) < 0.0f ? -n : n);
        c[0].light = c[1].light = c[2].light = light;
    } else {
        const bool front = Raster::FacesCamera(c[0], c[1], c[2]);
        for (int i = 0; i < 3; ++i) {
            c[i].light = front ? frontLight[index[i]] : backLight[index[i]];
        }
    }
    raster.FillTriangle(c[0], c[1], c[2], fill);
}

void DrawMesh(Raster &raster, const View &view, const Instance &instance, Materials &materials) {
    const aiMesh &mesh = *instance.mesh;
    std::vector<Corner> corners(mesh.mNumVertices);
    std::vector<bool> usable(mesh.mNumVertices);
    for (unsigned v = 0; v < mesh.mNumVertices; ++v) {
        usable[v] = IsFinite(instance.world[v]);
        corners[v] = usable[v] ? view.Project(instance.world[v]) : Corner();
        if (mesh.mTextureCoords[0]) {
            corners[v].u = mesh.mTextureCoords[0][v].x;
            corners[v].v = mesh.mTextureCoords[0][v].y;
        }
    }
    std::vector<float> frontLight, backLight;
    if (mesh.mNormals) {
        const aiMatrix3x3 rotation(instance.transform);
        frontLight.resize(mesh.mNumVertices);
        backLight.resize(mesh.mNumVertices);
        for (unsigned v = 0; v < mesh.mNumVertices; ++v) {
            const aiVector3D n = Normalised(rotation * mesh.mNormals[v]);
            frontLight[v] = LightFor(n);
            backLight[v] = LightFor(-n);
        }
    }
    const Fill fill = materials.For(mesh.mMaterialIndex);
    for (unsigned f = 0; f < mesh.mNumFaces; ++f) {
        const aiFace &face = mesh.mFaces[f];
        if (face.mNumIndices < 3 || !face.mIndices) {
            continue;
        }
        for (unsigned k = 2; k < face.mNumIndices; ++k) { // a fan over polygons
            const unsigned index[3] = {face.mIndices[0], face.mIndices[k - 1], face.mIndices[k]};
            if (index[0] < mesh.mNumVertices && index[1] < mesh.mNumVertices && index[2] < mesh.mNumVertices &&
                    usable[index[0]] && usable[index[1]] && usable[index[2]]) {
                DrawTriangle(raster, instance, corners, frontLight, backLight, index, fill);
            }
        }
    }
}

// Distinct, readable on light and dark backgrounds.
const Colour kPathColours[] = {
        {230, 120, 30, 255}, {40, 150, 230, 255}, {200, 60, 160, 255}, {60, 180, 90, 255}, {220, 190, 40, 255}};

void DrawLines(Raster &raster, const View &view, const Drawing &drawing, float unit) {
    for (size_t i = 0; i < drawing.paths.size(); ++i) {
        const std::vector<aiVector3D> &path = drawing.paths[i];
        const Colour &colour = kPathColours[i % (sizeof(kPathColours) / sizeof(kPathColours[0]))];
        for (size_t p = 1; p < path.size(); ++p) {
            const Corner a = view.Project(path[p - 1]), b = view.Project(path[p]);
            raster.DrawLine(a.x, a.y, b.x, b.y, 1.5f * unit, colour);
        }
        const Corner start = view.Project(path.front()), end = view.Project(path.back());
        if (path.size() == 1) { // a node that stays put: a cross where it is
            const float arm = 12.0f * unit;
            raster.DrawLine(start.x - arm, start.y, start.x + arm, start.y, 2.0f * unit, colour);
            raster.DrawLine(start.x, start.y - arm, start.x, start.y + arm, 2.0f * unit, colour);
            continue;
        }
        raster.DrawDot(start.x, start.y, 3.0f * unit, Colour{255, 255, 255, 255});
        raster.DrawDot(end.x, end.y, 4.0f * unit, colour);
    }
    const Colour bone{150, 170, 200, 255}, joint{90, 110, 150, 255};
    for (const auto &segment : drawing.bones) {
        const Corner a = view.Project(segment.first), b = view.Project(segment.second);
        raster.DrawLine(a.x, a.y, b.x, b.y, 1.5f * unit, bone);
    }
    for (const aiVector3D &p : drawing.joints) {
        const Corner c = view.Project(p);
        raster.DrawDot(c.x, c.y, 3.0f * unit, joint);
    }
}

void CheckSide(uint32_t size) {
    if (size < kMinSide || size > kMaxSide) {
        throw ImportError("thumbnail: size " + std::to_string(size) + " is out of range (" +
                std::to_string(kMinSide) + ".." + std::to_string(kMaxSide) + ")");
    }
}

} // namespace

RgbaImage RenderScene(const aiScene &scene, const SceneSettings &settings) {
    CheckSide(settings.size);
    const Drawing drawing = CollectDrawing(scene, settings);
    if (drawing.Empty()) {
        throw ImportError("thumbnail: nothing to draw (no triangles, no animated node, no node below the root)");
    }
    const uint32_t side = settings.size * kSupersample;
    Raster raster(side, side);
    const View view(drawing, float(side));
    Materials materials(scene, settings.io);
    for (const Instance &instance : drawing.meshes) {
        DrawMesh(raster, view, instance, materials);
    }
    DrawLines(raster, view, drawing, float(kSupersample) * float(settings.size) / 128.0f);
    return raster.Resolve(kSupersample);
}

RgbaImage FitImage(const RgbaImage &image, uint32_t size) {
    CheckSide(size);
    if (!image.width || !image.height || image.pixels.size() != size_t(image.width) * image.height * 4) {
        throw ImportError("thumbnail: the image is empty");
    }
    // The fitted rectangle: the longer side fills the picture.
    const uint64_t longer = std::max(image.width, image.height);
    const uint32_t fitW = uint32_t(std::max<uint64_t>(1, uint64_t(image.width) * size / longer));
    const uint32_t fitH = uint32_t(std::max<uint64_t>(1, uint64_t(image.height) * size / longer));
    const uint32_t left = (size - fitW) / 2, top = (size - fitH) / 2;
    RgbaImage out;
    out.width = out.height = size;
    out.pixels.assign(size_t(size) * size * 4, 0);
    for (uint32_t y = 0; y < fitH; ++y) {
        const uint32_t y0 = uint32_t(uint64_t(y) * image.height / fitH);
        const uint32_t y1 = std::max(y0 + 1, uint32_t(uint64_t(y + 1) * image.height / fitH));
        for (uint32_t x = 0; x < fitW; ++x) {
            const uint32_t x0 = uint32_t(uint64_t(x) * image.width / fitW);
            const uint32_t x1 = std::max(x0 + 1, uint32_t(uint64_t(x + 1) * image.width / fitW));
            uint64_t sum[4] = {0, 0, 0, 0};
            for (uint32_t sy = y0; sy < y1; ++sy) {
                const uint8_t *row = &image.pixels[(size_t(sy) * image.width) * 4];
                for (uint32_t sx = x0; sx < x1; ++sx) {
                    for (int i = 0; i < 4; ++i) {
                        sum[i] += row[sx * 4 + i];
                    }
                }
            }
            const uint64_t count = uint64_t(y1 - y0) * (x1 - x0);
            uint8_t *pixel = &out.pixels[(size_t(top + y) * size + left + x) * 4];
            for (int i = 0; i < 4; ++i) {
                pixel[i] = uint8_t((sum[i] + count / 2) / count);
            }
        }
    }
    return out;
}

} // namespace thumbnail
} // namespace assimp_retro
