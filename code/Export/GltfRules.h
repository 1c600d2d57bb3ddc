// assimp-retro: the rules that map aiCamera, aiMeshMorphAnim and texture paths to glTF 2.0,
// and where a skinned mesh's node goes,
// in one header-only file with no dependency beyond Assimp's public headers.
// Two users compile it, so they cannot drift:
// - the glTF completion (code/Export/GltfCompletion.cpp) and the texture
//   path check (code/Export/GltfTextureRefs.cpp);
// - the glTF2 exporter patches for Assimp itself (port/patches/), into whose
//   tree port/apply_to_assimp.py copies this file as
//   code/AssetLib/glTF2/glTF2RetroRules.h.
// Conventions: see include/assimp_retro/gltf_completion.h.
#pragma once

#include <assimp/anim.h>
#include <assimp/camera.h>
#include <assimp/quaternion.h>
#include <assimp/vector3.h>

#include <algorithm>
#include <cmath>
#include <cctype>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <utility>
#include <vector>

namespace assimp_retro {
namespace gltf_rules {

/// True when `path` ends with `suffix` (lower case), ignoring the path's case.
inline bool PathEndsWithNoCase(const std::string &path, const char *suffix) {
    const size_t n = std::strlen(suffix);
    if (path.size() < n) {
        return false;
    }
    for (size_t i = 0; i < n; ++i) {
        if (std::tolower(static_cast<unsigned char>(path[path.size() - n + i])) != suffix[i]) {
            return false;
        }
    }
    return true;
}

/// True when an image URI names a file type glTF 2.0 core holds: PNG or JPEG
/// (.png, .jpg, .jpeg, any case).
inline bool IsCoreImageUri(const std::string &path) {
    return PathEndsWithNoCase(path, ".png") || PathEndsWithNoCase(path, ".jpg") || PathEndsWithNoCase(path, ".jpeg");
}

/// True when an image URI names a KTX2 file (.ktx2) or one of the older
/// Basis Universal containers (.ktx, .basis) that Assimp's glTF2 exporter
/// writes with KHR_texture_basisu.
inline bool IsBasisuImageUri(const std::string &path) {
    return PathEndsWithNoCase(path, ".ktx2") || PathEndsWithNoCase(path, ".ktx") || PathEndsWithNoCase(path, ".basis");
}

/// Ticks per second used when aiAnimation::mTicksPerSecond is 0 or invalid.
constexpr double kDefaultTicksPerSecond = 25.0;

/// The ticks per second to time morph keys with.
inline double MorphTicksPerSecond(double ticksPerSecond) {
    return (ticksPerSecond > 0.0 && std::isfinite(ticksPerSecond)) ? ticksPerSecond : kDefaultTicksPerSecond;
}

/// True when the camera has a usable aspect ratio (glTF aspectRatio).
inline bool CameraHasAspect(const aiCamera &camera) {
    return std::isfinite(camera.mAspect) && camera.mAspect > 0.0f;
}

/// True when the camera is orthographic (mOrthographicWidth > 0).
inline bool CameraIsOrthographic(const aiCamera &camera) {
    return std::isfinite(camera.mOrthographicWidth) && camera.mOrthographicWidth > 0.0f;
}

/// glTF yfov from the full horizontal angle mHorizontalFOV:
/// 2 atan(tan(hfov/2) / aspect) with an aspect, else hfov itself.
inline float CameraYFov(const aiCamera &camera) {
    const double hfov = camera.mHorizontalFOV;
    return CameraHasAspect(camera) ? static_cast<float>(2.0 * std::atan(std::tan(hfov / 2.0) / camera.mAspect))
                                   : camera.mHorizontalFOV;
}

/// glTF orthographic ymag: mOrthographicWidth / mAspect (xmag without an aspect).
inline float CameraYMag(const aiCamera &camera) {
    const float xmag = camera.mOrthographicWidth;
    return CameraHasAspect(camera) ? static_cast<float>(xmag / camera.mAspect) : xmag;
}

/// The transform that turns glTF's camera frame (origin, look -Z, up +Y)
/// into the aiCamera's (mPosition, mLookAt, mUp).
struct CameraFrame {
    bool needed = false; ///< false: the frames are the same (within float noise)
    bool lookAtReplaced = false; ///< mLookAt was zero: -Z used
    bool upReplaced = false; ///< mUp was zero or parallel to mLookAt: an up vector was chosen
    aiVector3D translation; ///< mPosition (-0 turned into 0)
    aiQuaternion rotation; ///< unit, w >= 0
};

inline CameraFrame ComputeCameraFrame(const aiCamera &camera) {
    CameraFrame frame;
    aiVector3D look = camera.mLookAt;
    if (!(look.Length() > 1e-12f)) {
        frame.lookAtReplaced = true;
        look = aiVector3D(0, 0, -1);
    }
    look.Normalize();
    aiVector3D up = camera.mUp - look * (camera.mUp * look);
    if (!(up.Length() > 1e-6f * std::max(1.0f, static_cast<float>(camera.mUp.Length())))) {
        frame.upReplaced = true;
        up = std::fabs(look.y) < 0.9f ? aiVector3D(0, 1, 0) : aiVector3D(0, 0, 1);
        up = up - look * (up * look);
    }
    up.Normalize();
    const aiVector3D position = camera.mPosition;
    frame.needed = !(position.Length() <= 1e-6f && (look - aiVector3D(0, 0, -1)).Length() <= 1e-5f &&
            (up - aiVector3D(0, 1, 0)).Length() <= 1e-5f);
    if (!frame.needed) {
        return frame;
    }
    const aiVector3D right = look ^ up; // right-handed: right = look x up
    // Columns: glTF camera X -> right, Y -> up, Z -> -look.
    const aiMatrix3x3 basis(right.x, up.x, -look.x, right.y, up.y, -look.y, right.z, up.z, -look.z);
    aiQuaternion q(basis);
    q.Normalize();
    if (q.w < 0) {
        q = aiQuaternion(-q.w, -q.x, -q.y, -q.z);
    }
    // "+ 0.0f" turns -0 into 0.
    frame.translation = aiVector3D(position.x + 0.0f, position.y + 0.0f, position.z + 0.0f);
    frame.rotation = aiQuaternion(q.w + 0.0f, q.x + 0.0f, q.y + 0.0f, q.z + 0.0f);
    return frame;
}

/// What MorphWeightTable dropped or changed.
struct MorphKeyCounts {
    unsigned unusableTimes = 0; ///< negative or non-finite time: key dropped
    unsigned repeatedTimes = 0; ///< time not after the previous key's (as float): key dropped
    unsigned outOfRange = 0; ///< weight naming a target >= the target count: ignored
    unsigned badWeights = 0; ///< non-finite weight: written as 0
    size_t keysOverLimit = 0; ///< usable keys, when keys x targets exceeds kMaxMorphWeightValues (nothing written)
};

/// Largest dense weights table (keys x targets) written for one channel: 16M
/// floats, 64 MB, far beyond any real animation. A hostile file with many
/// targets and many keys would otherwise make the table grow quadratically.
constexpr uint64_t kMaxMorphWeightValues = uint64_t(1) << 24;

/// A glTF `weights` sampler for one morph channel: `times` in seconds
/// (mTime / ticksPerSecond, strictly increasing), `weights` with `targets`
/// values per key (0 for targets a key does not name). False: no usable key.
inline bool MorphWeightTable(const aiMeshMorphAnim &channel, double ticksPerSecond, size_t targets,
        std::vector<float> &times, std::vector<float> &weights, MorphKeyCounts &counts) {
    std::vector<std::pair<double, unsigned>> order;
    for (unsigned k = 0; k < channel.mNumKeys; ++k) {
        const double seconds = channel.mKeys[k].mTime / ticksPerSecond;
        if (!std::isfinite(seconds) || seconds < 0.0) {
            ++counts.unusableTimes;
            continue;
        }
        order.emplace_back(seconds, k);
    }
    if (uint64_t(order.size()) * targets > kMaxMorphWeightValues) {
        counts.keysOverLimit = order.size();
        return false;
    }
    std::stable_sort(order.begin(), order.end(),
            [](const std::pair<double, unsigned> &a, const std::pair<double, unsigned> &b) {
                return a.first < b.first;
            });
    times.clear();
    weights.clear();
    for (const auto &entry : order) {
        const float seconds = static_cast<float>(entry.first);
        if (!times.empty() && !(seconds > times.back())) {
            ++counts.repeatedTimes; // glTF needs strictly increasing times (as floats)
            continue;
        }
        times.push_back(seconds);
        const size_t row = weights.size();
        weights.resize(row + targets, 0.0f);
        const aiMeshMorphKey &key = channel.mKeys[entry.second];
        if (!key.mValues || !key.mWeights) {
            continue;
        }
        for (unsigned j = 0; j < key.mNumValuesAndWeights; ++j) {
            const unsigned target = key.mValues[j];
            const double weight = key.mWeights[j];
            if (target >= targets) {
                ++counts.outOfRange;
            } else if (!std::isfinite(weight)) {
                ++counts.badWeights;
            } else {
                weights[row + target] = static_cast<float>(weight);
            }
        }
    }
    return !times.empty();
}

/// What becomes of a glTF node holding a skinned mesh. glTF ignores the
/// transform of such a node and of its parents (the joints place the
/// vertices), and the Khronos validator warns when the node is not a root of
/// its scene (NODE_SKINNED_MESH_NON_ROOT); moving it changes nothing a viewer
/// draws.
enum class SkinnedMeshMove {
    None, ///< no mesh with a skin, a root already, or in no scene
    NodeToRoot, ///< no children: the node itself becomes a scene root
    MeshToNewRoot, ///< children: they and the transform stay; mesh, skin and
    ///< morph weights (and weights channels) move to a new
    ///< root node named SkinnedMeshNodeName(node)
};

inline SkinnedMeshMove SkinnedMeshRootMove(bool hasMeshAndSkin, bool hasParent, bool inScene, bool hasChildren) {
    if (!hasMeshAndSkin || !hasParent || !inScene) {
        return SkinnedMeshMove::None;
    }
    return hasChildren ? SkinnedMeshMove::MeshToNewRoot : SkinnedMeshMove::NodeToRoot;
}

/// Name of the root node a skinned mesh moves to from a node with children.
inline std::string SkinnedMeshNodeName(const std::string &nodeName) {
    return nodeName + ".SkinnedMesh";
}

} // namespace gltf_rules
} // namespace assimp_retro
