// assimp-retro: aiScene -> MLOD format model (docs/formats/P3D.md §9).
//
// The inverse of P3dSceneBuilder: scene coordinates are right-handed, Y up,
// facing +Z, in metres; MLOD's are left-handed, facing -Z:
//   p = (x, y, -z)          positions, frames, memory points, proxy positions
//   n = (-nx, -ny, nz)      stored normals point away from the visible side
//   M = S M' S              proxy matrices, S = diag(1, 1, -1)
//   v = 1 - v'              texture coordinates
// and a counter-clockwise scene polygon keeps its cyclic order as MLOD
// corners (the mirror and MLOD's reversed order cancel): the triangle
// (a, b, c) is written (c, a, b), the importer's quad halves (A, B, C),
// (A, D, B) are written (C, A, D, B).
#include "P3dExportScene.h"

#include "P3dExportLods.h"
#include "P3dMetadataKeys.h"
#include "P3dResolutions.h"
#include "P3dModel.h"

#include "Common/ExportError.h"
#include "Common/MetadataLists.h"
#include "Common/SceneHelpers.h"

#include <assimp_retro/config.h>

#include <assimp/material.h>
#include <assimp/scene.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <map>
#include <set>
#include <unordered_map>

namespace assimp_retro {
namespace p3d {

namespace {

/// A face of the scene over the LOD's scene vertex ids.
struct SceneFace {
    std::vector<uint32_t> v;
    unsigned material = 0;
};

struct SelectionData {
    std::string name;
    std::vector<std::pair<uint32_t, uint8_t>> vertices; ///< scene vertex id, weight
    std::set<uint32_t> faces; ///< scene face ids
};

class LodWriter {
public:
    LodWriter(const aiScene &scene, const LodSource &source, const ExportOptions &options, double scale,
            std::vector<std::string> &warnings, std::vector<TextureUse> *textures) :
            mScene(scene),
            mSource(source), mOptions(options), mScale(static_cast<float>(scale)), mWarnings(warnings),
            mTextures(textures) {}

    MlodLod Build();

private:
    std::string Where() const { return "P3D export: LOD '" + std::string(mSource.node->mName.C_Str()) + "': "; }
    Vec3 Position(const aiMatrix4x4 &world, const aiVector3D &p) const {
        const aiVector3D w = world * p;
        return {w.x * mScale, w.y * mScale, 0.f - w.z * mScale}; // 0 - z: no negative zeros
    }
    void CollectMeshes(const aiNode *node, bool top);
    void AddMesh(const aiMesh &mesh, const aiNode *node, const aiMatrix4x4 &world);
    void AddP3dData();
    void AddZeroAreaFaces(const aiMetadata *meta);
    void AddSelectionLists(const aiMetadata *meta, uint32_t vertexBase, uint32_t vertexCount, uint32_t faceBase,
            uint32_t faceCount);
    void AddFrames();
    void AddLoosePoint(const Vec3 &p);
    void Weld(MlodLod &lod);
    void WriteFaces(MlodLod &lod);
    void WriteSelections(MlodLod &lod);
    void WriteProxies(MlodLod &lod);
    void AddProxyToSelections(MlodLod &lod, const aiNode *node, uint32_t p0);
    void WriteMass(MlodLod &lod);
    uint32_t NormalIndex(MlodLod &lod, const Vec3 &n);

    const aiScene &mScene;
    const LodSource &mSource;
    const ExportOptions &mOptions;
    float mScale;
    std::vector<std::string> &mWarnings;
    std::vector<TextureUse> *mTextures; ///< where each texture path came from; may be null

    // Scene vertices (the meshes' one after the other, then loose points), in file terms.
    std::vector<Vec3> mPositions, mNormals;
    std::vector<std::pair<float, float>> mUvs;
    std::vector<std::pair<const aiMesh *, uint32_t>> mOrigin; ///< mesh and its vertex; null for loose points
    std::vector<aiMatrix4x4> mMeshWorld;
    std::vector<const aiMesh *> mMeshes;
    std::vector<SceneFace> mFaces;
    std::set<uint32_t> mQuads;
    std::set<uint32_t> mCovered; ///< drawn triangles written as part of a zero-area face
    std::vector<SelectionData> mSelections;
    std::map<std::string, size_t> mSelectionIndex;
    std::vector<const aiNode *> mProxies;
    std::vector<MlodFrame> mFrames; ///< per scene vertex here; per point after Weld
    std::vector<uint32_t> mPointOf;
    std::unordered_map<std::string, uint32_t> mNormalIndex; ///< a normal's 12 bytes -> its index
    size_t mSkippedFaces = 0;
};

SelectionData &SelectionNamed(std::vector<SelectionData> &list, std::map<std::string, size_t> &index,
        const std::string &name) {
    auto found = index.find(name);
    if (found == index.end()) {
        found = index.emplace(name, list.size()).first;
        list.push_back(SelectionData());
        list.back().name = name;
    }
    return list[found->second];
}

void LodWriter::AddMesh(const aiMesh &mesh, const aiNode *node, const aiMatrix4x4 &world) {
    const uint32_t base = static_cast<uint32_t>(mPositions.size());
    if (uint64_t(base) + mesh.mNumVertices > (uint64_t(1) << 24)) {
        ThrowExportError(Where() + "more than 16M vertices");
    }
    aiMatrix3x3 normalMatrix(world);
    normalMatrix.Inverse().Transpose();
    // Without stored normals: area-weighted face normals.
    std::vector<aiVector3D> computed;
    if (!mesh.mNormals) {
        computed.assign(mesh.mNumVertices, aiVector3D(0.f, 0.f, 0.f));
        for (unsigned f = 0; f < mesh.mNumFaces; ++f) {
            const aiFace &face = mesh.mFaces[f];
            for (unsigned k = 2; k < face.mNumIndices; ++k) {
                const aiVector3D &a = mesh.mVertices[face.mIndices[0]];
                const aiVector3D n =
                        (mesh.mVertices[face.mIndices[k - 1]] - a) ^ (mesh.mVertices[face.mIndices[k]] - a);
                for (unsigned i : {face.mIndices[0], face.mIndices[k - 1], face.mIndices[k]}) {
                    computed[i] += n;
                }
            }
        }
    }
    for (unsigned v = 0; v < mesh.mNumVertices; ++v) {
        mPositions.push_back(Position(world, mesh.mVertices[v]));
        aiVector3D n = normalMatrix * (mesh.mNormals ? mesh.mNormals[v] : computed[v]);
        const float length = n.Length();
        n = length > 0.f && std::isfinite(length) ? n / length : aiVector3D(0.f, 1.f, 0.f);
        mNormals.push_back({-n.x, -n.y, n.z});
        if (mesh.mTextureCoords[0]) {
            mUvs.emplace_back(mesh.mTextureCoords[0][v].x, 1.f - mesh.mTextureCoords[0][v].y);
        } else {
            mUvs.emplace_back(0.f, 0.f);
        }
        mOrigin.emplace_back(&mesh, v);
    }
    for (unsigned f = 0; f < mesh.mNumFaces; ++f) {
        const aiFace &face = mesh.mFaces[f];
        SceneFace sceneFace;
        sceneFace.material = mesh.mMaterialIndex;
        for (unsigned k = 0; k < face.mNumIndices; ++k) {
            sceneFace.v.push_back(base + face.mIndices[k]);
        }
        mFaces.push_back(std::move(sceneFace)); // points and lines are counted, then skipped when written
    }
    mMeshes.push_back(&mesh);
    mMeshWorld.push_back(world);
    // Other formats: bones become weighted selections, mesh nodes plain ones.
    for (unsigned b = 0; b < mesh.mNumBones; ++b) {
        const aiBone *bone = mesh.mBones[b];
        SelectionData &sel = SelectionNamed(mSelections, mSelectionIndex, bone->mName.C_Str());
        for (unsigned w = 0; w < bone->mNumWeights; ++w) {
            const float weight = bone->mWeights[w].mWeight;
            if (bone->mWeights[w].mVertexId < mesh.mNumVertices && weight > 0.f) {
                const long byte = std::lround(std::min(weight, 1.f) * 255.f);
                sel.vertices.emplace_back(base + bone->mWeights[w].mVertexId, static_cast<uint8_t>(std::max(1L, byte)));
            }
        }
    }
    if (!mSource.fromP3d && node != mSource.node) {
        SelectionData &sel = SelectionNamed(mSelections, mSelectionIndex, node->mName.C_Str());
        for (unsigned v = 0; v < mesh.mNumVertices; ++v) {
            sel.vertices.emplace_back(base + v, uint8_t(255));
        }
        for (size_t f = mFaces.size() - mesh.mNumFaces; f < mFaces.size(); ++f) {
            sel.faces.insert(static_cast<uint32_t>(f));
        }
    }
}

void LodWriter::CollectMeshes(const aiNode *node, bool top) {
    if (!top && IsProxyNode(node)) {
        mProxies.push_back(node);
        return;
    }
    if (!top && mSource.fromP3d) {
        return; // the importer's memory point nodes: its loose points and selections stand for them
    }
    const aiMatrix4x4 world = GlobalTransform(node);
    const uint32_t vertexBase = static_cast<uint32_t>(mPositions.size());
    const uint32_t faceBase = static_cast<uint32_t>(mFaces.size());
    for (unsigned i = 0; i < node->mNumMeshes; ++i) {
        if (node->mMeshes[i] < mScene.mNumMeshes) {
            AddMesh(*mScene.mMeshes[node->mMeshes[i]], node, world);
        }
    }
    if (!mSource.fromP3d && node->mNumMeshes > 0) {
        AddSelectionLists(node->mMetaData, vertexBase, static_cast<uint32_t>(mPositions.size()) - vertexBase, faceBase,
                static_cast<uint32_t>(mFaces.size()) - faceBase);
    }
    if (!top && node->mNumMeshes == 0 && node->mNumChildren == 0) {
        // Another format's empty node: a named point (memory points, positions).
        AddLoosePoint(Position(world, aiVector3D(0.f, 0.f, 0.f)));
        SelectionNamed(mSelections, mSelectionIndex, node->mName.C_Str())
                .vertices.emplace_back(static_cast<uint32_t>(mPositions.size() - 1), uint8_t(255));
    }
    for (unsigned i = 0; i < node->mNumChildren; ++i) {
        CollectMeshes(node->mChildren[i], false);
    }
}

void LodWriter::AddLoosePoint(const Vec3 &p) {
    mPositions.push_back(p);
    mNormals.push_back({0.f, 1.f, 0.f});
    mUvs.emplace_back(0.f, 0.f);
    mOrigin.emplace_back(nullptr, 0u);
}

/// The importer's metadata (docs/formats/P3D.md §3.6): loose points, quads, selections.
void LodWriter::AddP3dData() {
    const aiMetadata *meta = mSource.node->mMetaData;
    std::string text;
    if (GetLongString(meta, keys::kLoosePoints.name, text)) {
        std::vector<float> loose;
        if (!ParseFloats(text, size_t(3) << 24, loose) || loose.size() % 3 != 0) {
            ThrowExportError(Where() + keys::kLoosePoints.name + " is not a list of x y z positions");
        }
        const aiMatrix4x4 world = GlobalTransform(mSource.node);
        for (size_t i = 0; i < loose.size(); i += 3) {
            AddLoosePoint(Position(world, aiVector3D(loose[i], loose[i + 1], loose[i + 2])));
        }
    }
    // The ids hold only for the meshes the importer made: same counts, same order.
    std::vector<float> sizes, actual;
    for (const aiMesh *mesh : mMeshes) {
        actual.push_back(static_cast<float>(mesh->mNumVertices));
        actual.push_back(static_cast<float>(mesh->mNumFaces));
    }
    if (GetLongString(meta, keys::kMeshSizes.name, text) &&
            (!ParseFloats(text, actual.size(), sizes) || sizes != actual)) {
        mWarnings.push_back(Where() +
                "its meshes changed since the P3D import (glTF joins close vertices, "
                "post-processing reorders them): its selections and quads are left out");
        return;
    }
    const uint32_t vertexCount = static_cast<uint32_t>(mPositions.size());
    const uint32_t faceCount = static_cast<uint32_t>(mFaces.size());
    std::vector<uint32_t> ids;
    if (GetLongString(meta, keys::kQuads.name, text)) {
        if (!ParseIndexRanges(text, faceCount, ids)) {
            ThrowExportError(
                    Where() + keys::kQuads.name + " is not a list of triangle ids below " + std::to_string(faceCount));
        }
        mQuads.insert(ids.begin(), ids.end());
    }
    AddZeroAreaFaces(meta);
    AddSelectionLists(meta, 0, vertexCount, 0, static_cast<uint32_t>(mFaces.size()));
}

/// The faces the importer's scene does not draw whole (p3d:zeroAreaFaces,
/// docs/formats/P3D.md §3.6): each "k material drawn", then k corners
/// "vertex u v" in scene order. They become faces after the drawn ones (the
/// triangle ids the selections give them); a drawn half is written as part
/// of its face, not on its own; a loose point takes the corner's UV.
void LodWriter::AddZeroAreaFaces(const aiMetadata *meta) {
    std::string text;
    std::vector<float> list;
    if (!GetLongString(meta, keys::kZeroAreaFaces.name, text)) {
        return;
    }
    const uint32_t vertexCount = static_cast<uint32_t>(mPositions.size());
    const uint32_t drawnCount = static_cast<uint32_t>(mFaces.size());
    auto isIndex = [](float value, uint32_t limit) {
        return value >= 0.f && value < float(limit) && value == std::floor(value);
    };
    if (!ParseFloats(text, size_t(15) << 20, list)) {
        ThrowExportError(Where() + keys::kZeroAreaFaces.name + " is not a list of numbers");
    }
    for (size_t i = 0; i < list.size();) {
        const float k = list[i];
        const bool ok = (k == 3.f || k == 4.f) && i + 3 + 3 * size_t(k) <= list.size() &&
                isIndex(list[i + 1], mScene.mNumMaterials) && (list[i + 2] == -1.f || isIndex(list[i + 2], drawnCount));
        if (!ok) {
            ThrowExportError(Where() + keys::kZeroAreaFaces.name + " entry at item " + std::to_string(i) +
                    " is not 'k material drawn' (k 3 or 4, a material index, a triangle id or -1) and k corners");
        }
        SceneFace face;
        face.material = static_cast<unsigned>(list[i + 1]);
        if (list[i + 2] >= 0.f) {
            mCovered.insert(static_cast<uint32_t>(list[i + 2]));
        }
        for (size_t c = i + 3; c < i + 3 + 3 * size_t(k); c += 3) {
            if (!isIndex(list[c], vertexCount)) {
                ThrowExportError(Where() + keys::kZeroAreaFaces.name + " corner " + std::to_string(list[c]) +
                        " is not a vertex id below " + std::to_string(vertexCount));
            }
            const uint32_t v = static_cast<uint32_t>(list[c]);
            face.v.push_back(v);
            if (!mOrigin[v].first) {
                mUvs[v] = {list[c + 1], 1.f - list[c + 2]};
            }
        }
        mFaces.push_back(std::move(face));
        i += 3 + 3 * size_t(k);
    }
}

/// The selection lists in `meta` (P3dMetadataKeys.h: "p3d:selection:<name>:vertices",
/// ":weights", ":triangles"), their ids counted from `vertexBase` and
/// `faceBase`: a LOD's own (the importer's), or a mesh node's in another
/// format's scene (the Blender add-on writes a mesh's vertex groups so).
void LodWriter::AddSelectionLists(const aiMetadata *meta, uint32_t vertexBase, uint32_t vertexCount, uint32_t faceBase,
        uint32_t faceCount) {
    std::string text;
    std::vector<uint32_t> ids;
    const std::string prefix = keys::kSelectionPrefix, suffix = keys::kSelectionVerticesSuffix;
    for (unsigned i = 0; meta && i < meta->mNumProperties; ++i) {
        const std::string key = meta->mKeys[i].C_Str();
        if (key.size() <= prefix.size() + suffix.size() || key.compare(0, prefix.size(), prefix) != 0 ||
                key.compare(key.size() - suffix.size(), suffix.size(), suffix) != 0) {
            continue;
        }
        const std::string name = key.substr(prefix.size(), key.size() - prefix.size() - suffix.size());
        const keys::SelectionKeys selection = keys::Selection(name);
        SelectionData &sel = SelectionNamed(mSelections, mSelectionIndex, name);
        if (!GetLongString(meta, key, text) || !ParseIndexRanges(text, vertexCount, ids)) {
            ThrowExportError(Where() + key + " is not a list of vertex ids below " + std::to_string(vertexCount));
        }
        std::vector<uint8_t> weights(ids.size(), 255);
        if (GetLongString(meta, selection.weights.name, text) &&
                (!ParseByteRuns(text, ids.size(), weights) || weights.size() != ids.size())) {
            ThrowExportError(Where() + selection.weights.name + " does not give one weight per vertex");
        }
        for (size_t k = 0; k < ids.size(); ++k) {
            if (weights[k] > 0) {
                sel.vertices.emplace_back(vertexBase + ids[k], weights[k]);
            }
        }
        if (GetLongString(meta, selection.triangles.name, text)) {
            if (!ParseIndexRanges(text, faceCount, ids)) {
                ThrowExportError(Where() + selection.triangles.name + " is not a list of triangle ids below " +
                        std::to_string(faceCount));
            }
            for (uint32_t id : ids) {
                sel.faces.insert(faceBase + id);
            }
        }
    }
}

/// Morph frames: every mesh's anim meshes (absolute positions), timed by the
/// morph channel key that gives each target weight 1.
void LodWriter::AddFrames() {
    size_t count = 0;
    for (const aiMesh *mesh : mMeshes) {
        count = std::max<size_t>(count, mesh->mNumAnimMeshes);
    }
    if (count == 0) {
        return;
    }
    if (count * mPositions.size() > (size_t(1) << 24)) {
        ThrowExportError(Where() + std::to_string(count) + " morph frames of " + std::to_string(mPositions.size()) +
                " vertices exceed 16M frame positions");
    }
    std::vector<float> times(count, -1.f);
    std::vector<bool> timed(count, false);
    std::set<std::string> names = {mSource.node->mName.C_Str()};
    for (const aiMesh *mesh : mMeshes) {
        names.insert(mesh->mName.C_Str());
    }
    for (unsigned a = 0; a < mScene.mNumAnimations; ++a) {
        const aiAnimation *anim = mScene.mAnimations[a];
        const double ticks = anim->mTicksPerSecond > 0.0 ? anim->mTicksPerSecond : 1.0;
        for (unsigned c = 0; c < anim->mNumMorphMeshChannels; ++c) {
            const aiMeshMorphAnim *channel = anim->mMorphMeshChannels[c];
            if (!names.count(channel->mName.C_Str())) {
                continue;
            }
            for (unsigned k = 0; k < channel->mNumKeys; ++k) {
                const aiMeshMorphKey &key = channel->mKeys[k];
                for (unsigned i = 0; i < key.mNumValuesAndWeights; ++i) {
                    const unsigned target = key.mValues[i];
                    if (target < count && key.mWeights[i] >= 0.999 && !timed[target]) {
                        times[target] = static_cast<float>(key.mTime / ticks);
                        timed[target] = true;
                    }
                }
            }
        }
    }
    mFrames.resize(count);
    for (size_t i = 0; i < count; ++i) {
        mFrames[i].time = times[i];
        mFrames[i].points = mPositions; // loose points and meshes without this target stay at rest
    }
    size_t m = 0;
    for (uint32_t v = 0; v < mOrigin.size(); ++v) {
        const aiMesh *mesh = mOrigin[v].first;
        if (!mesh) {
            continue;
        }
        while (mMeshes[m] != mesh) { // vertices come mesh by mesh, in mMeshes' order
            ++m;
        }
        for (unsigned i = 0; i < mesh->mNumAnimMeshes; ++i) {
            const aiAnimMesh *target = mesh->mAnimMeshes[i];
            if (target && target->mVertices && mOrigin[v].second < target->mNumVertices) {
                mFrames[i].points[v] = Position(mMeshWorld[m], target->mVertices[mOrigin[v].second]);
            }
        }
    }
}

/// Scene vertices become points: the same position, the same frame positions
/// and the same selections (with weights) make one point, so seams of UV or
/// normal splits weld again and no selection changes meaning.
void LodWriter::Weld(MlodLod &lod) {
    std::vector<std::vector<std::pair<uint32_t, uint8_t>>> memberships(mPositions.size());
    for (uint32_t s = 0; s < mSelections.size(); ++s) {
        for (const auto &member : mSelections[s].vertices) {
            memberships[member.first].emplace_back(s, member.second);
        }
    }
    std::unordered_map<std::string, uint32_t> pointOfKey;
    mPointOf.resize(mPositions.size());
    std::string key;
    for (uint32_t v = 0; v < mPositions.size(); ++v) {
        key.assign(reinterpret_cast<const char *>(&mPositions[v]), sizeof(Vec3));
        for (const MlodFrame &frame : mFrames) {
            key.append(reinterpret_cast<const char *>(&frame.points[v]), sizeof(Vec3));
        }
        std::sort(memberships[v].begin(), memberships[v].end());
        for (const auto &member : memberships[v]) {
            key.append(reinterpret_cast<const char *>(&member.first), 4);
            key.push_back(static_cast<char>(member.second));
        }
        if (!mOrigin[v].first) {
            // A loose point is a point of its own: nothing split it.
            mPointOf[v] = static_cast<uint32_t>(lod.points.size());
            lod.points.push_back(mPositions[v]);
            continue;
        }
        const auto inserted = pointOfKey.emplace(key, static_cast<uint32_t>(lod.points.size()));
        if (inserted.second) {
            lod.points.push_back(mPositions[v]);
        }
        mPointOf[v] = inserted.first->second;
    }
    lod.pointFlags.assign(lod.points.size(), 0);
    for (const MlodFrame &frame : mFrames) {
        MlodFrame out;
        out.time = frame.time;
        out.points.resize(lod.points.size());
        for (uint32_t v = 0; v < mPositions.size(); ++v) {
            out.points[mPointOf[v]] = frame.points[v];
        }
        lod.frames.push_back(std::move(out));
    }
    for (const SelectionData &sel : mSelections) {
        MlodSelection out;
        out.name = sel.name;
        out.pointWeights.assign(lod.points.size(), 0);
        for (const auto &member : sel.vertices) {
            out.pointWeights[mPointOf[member.first]] = member.second;
        }
        lod.selections.push_back(std::move(out));
    }
}

uint32_t LodWriter::NormalIndex(MlodLod &lod, const Vec3 &n) {
    const auto inserted = mNormalIndex.emplace(std::string(reinterpret_cast<const char *>(&n), sizeof(Vec3)),
            static_cast<uint32_t>(lod.normals.size()));
    if (inserted.second) {
        lod.normals.push_back(n);
    }
    return inserted.first->second;
}

void LodWriter::WriteFaces(MlodLod &lod) {
    std::map<unsigned, std::pair<std::string, uint32_t>> materials; // index -> texture, face flags
    auto materialOf = [&](unsigned index) -> const std::pair<std::string, uint32_t> & {
        auto found = materials.find(index);
        if (found == materials.end()) {
            std::pair<std::string, uint32_t> value;
            if (index < mScene.mNumMaterials) {
                const aiMaterial &material = *mScene.mMaterials[index];
                value.first = TexturePath(mScene, material, mOptions, mSource.fromP3d);
                if (mTextures && !value.first.empty()) {
                    mTextures->push_back({value.first, index});
                }
                int flags = 0;
                if (material.Get("$mat.p3d.faceFlags", 0, 0, flags) == AI_SUCCESS) {
                    value.second = static_cast<uint32_t>(flags);
                }
            }
            found = materials.emplace(index, value).first;
        }
        return found->second;
    };
    std::vector<std::vector<uint32_t>> faceSelections(mFaces.size()); // scene face -> selections
    for (uint32_t s = 0; s < mSelections.size(); ++s) {
        for (uint32_t f : mSelections[s].faces) {
            faceSelections[f].push_back(s);
        }
    }
    auto emit = [&](const std::vector<uint32_t> &corners, uint32_t sceneFace, unsigned material) {
        MlodFace face;
        const auto &m = materialOf(material);
        face.texture = m.first;
        face.flags = m.second;
        face.count = static_cast<uint8_t>(corners.size());
        for (size_t k = 0; k < corners.size(); ++k) {
            const uint32_t v = corners[k];
            face.corners[k].point = mPointOf[v];
            face.corners[k].normal = NormalIndex(lod, mNormals[v]);
            face.corners[k].u = mUvs[v].first;
            face.corners[k].v = mUvs[v].second;
        }
        for (uint32_t s : faceSelections[sceneFace]) {
            lod.selections[s].faces.resize(lod.faces.size() + 1, 0);
            lod.selections[s].faces[lod.faces.size()] = 1;
        }
        lod.faces.push_back(face);
    };
    for (uint32_t f = 0; f < mFaces.size(); ++f) {
        const SceneFace &face = mFaces[f];
        const std::vector<uint32_t> &v = face.v;
        if (v.size() < 3) {
            mSkippedFaces += v.size() == 2; // a point face's vertex is a point already (a loose point)
            continue;
        }
        if (mCovered.count(f)) {
            continue;
        }
        if (v.size() == 3 && mQuads.count(f) && f + 1 < mFaces.size()) {
            const SceneFace &next = mFaces[f + 1];
            if (next.v.size() == 3 && next.material == face.material && next.v[0] == v[0] && next.v[2] == v[1]) {
                emit({v[2], v[0], next.v[1], v[1]}, f, face.material); // (C, A, D, B)
                ++f;
                continue;
            }
        }
        if (v.size() == 3) {
            emit({v[2], v[0], v[1]}, f, face.material);
        } else if (v.size() == 4) {
            emit({v[3], v[0], v[1], v[2]}, f, face.material);
        } else {
            for (size_t k = 2; k < v.size(); ++k) { // a fan
                emit({v[k], v[0], v[k - 1]}, f, face.material);
            }
        }
    }
    for (MlodSelection &sel : lod.selections) {
        sel.faces.resize(lod.faces.size(), 0);
    }
    if (mSkippedFaces > 0) {
        mWarnings.push_back(Where() + std::to_string(mSkippedFaces) + " line faces left out (their vertices are points)");
    }
}

/// A proxy: its placeholder triangle as Bohemia's tools place it (the right
/// angle at the origin, the up leg 1 m, the direction leg 2 m) and its selection.
void LodWriter::WriteProxies(MlodLod &lod) {
    for (const aiNode *node : mProxies) {
        bool found = false;
        std::string name = MetaText(node->mMetaData, keys::kProxy.name, &found);
        int32_t id = 1;
        float idValue = 0.f;
        if (found) {
            if (MetaFloat(node->mMetaData, keys::kProxyId.name, idValue) && idValue >= 0.f && idValue < 1e6f) {
                id = static_cast<int32_t>(idValue);
            }
        } else {
            name = node->mName.C_Str() + 6; // "proxy:<path>.<nn>"
            const size_t dot = name.rfind('.');
            if (dot != std::string::npos && dot + 1 < name.size() &&
                    name.find_first_not_of("0123456789", dot + 1) == std::string::npos && name.size() - dot <= 9) {
                id = std::atoi(name.c_str() + dot + 1);
                name.resize(dot);
            }
        }
        char suffix[16];
        std::snprintf(suffix, sizeof(suffix), ".%02d", static_cast<int>(id));
        aiMatrix4x4 m = GlobalTransform(node);
        // M = S M' S: rows and columns 2 change sign, translation scaled.
        const aiVector3D origin(m.a4 * mScale, m.b4 * mScale, -m.c4 * mScale);
        aiVector3D up(m.a2, m.b2, -m.c2), dir(-m.a3, -m.b3, m.c3);
        up.NormalizeSafe();
        dir.NormalizeSafe();
        if (up.SquareLength() == 0.f || dir.SquareLength() == 0.f || std::fabs(up * dir) > 1e-3f) {
            ThrowExportError(Where() + "proxy '" + node->mName.C_Str() +
                    "' has no orthogonal up and direction axes (a proxy's transform is a rotation and a position)");
        }
        const uint32_t p0 = static_cast<uint32_t>(lod.points.size());
        const aiVector3D corners[3] = {origin, origin + up, origin + dir * 2.f};
        for (const aiVector3D &c : corners) {
            lod.points.push_back({c.x, c.y, c.z});
            lod.pointFlags.push_back(0);
            for (MlodFrame &frame : lod.frames) {
                frame.points.push_back({c.x, c.y, c.z});
            }
        }
        MlodFace face;
        face.count = 3;
        const aiVector3D n = ((corners[1] - corners[0]) ^ (corners[2] - corners[0])).NormalizeSafe();
        const uint32_t normal = NormalIndex(lod, {n.x, n.y, n.z});
        for (unsigned k = 0; k < 3; ++k) {
            face.corners[k].point = p0 + k;
            face.corners[k].normal = normal;
        }
        lod.faces.push_back(face);
        for (MlodSelection &sel : lod.selections) {
            sel.pointWeights.resize(lod.points.size(), 0);
            sel.faces.resize(lod.faces.size(), 0);
        }
        AddProxyToSelections(lod, node, p0);
        MlodSelection sel;
        sel.name = "proxy:" + name + suffix;
        sel.pointWeights.assign(lod.points.size(), 0);
        std::fill(sel.pointWeights.begin() + p0, sel.pointWeights.end(), uint8_t(255));
        sel.faces.assign(lod.faces.size(), 0);
        sel.faces.back() = 1;
        lod.selections.push_back(std::move(sel));
    }
    for (MlodSelection &sel : lod.selections) {
        sel.pointWeights.resize(lod.points.size(), 0);
        sel.faces.resize(lod.faces.size(), 0);
    }
}

/// The proxy's triangle (points from `p0`, the last face) in the other
/// selections the importer found its placeholder in ("p3d:proxyIn:<name>").
void LodWriter::AddProxyToSelections(MlodLod &lod, const aiNode *node, uint32_t p0) {
    const aiMetadata *meta = node->mMetaData;
    const std::string prefix = keys::kProxyInPrefix;
    for (unsigned i = 0; meta && i < meta->mNumProperties; ++i) {
        const std::string key = meta->mKeys[i].C_Str();
        float weight = 0.f;
        if (key.compare(0, prefix.size(), prefix) != 0 || key.size() == prefix.size() || !MetaFloat(meta, key, weight)) {
            continue;
        }
        if (!(weight >= 1.f && weight <= 255.f)) {
            ThrowExportError(Where() + "proxy '" + node->mName.C_Str() + "': " + key + " is not a weight 1..255");
        }
        const std::string name = key.substr(prefix.size());
        auto sel = std::find_if(lod.selections.begin(), lod.selections.end(),
                [&](const MlodSelection &s) { return s.name == name; });
        if (sel == lod.selections.end()) {
            lod.selections.push_back(MlodSelection());
            sel = lod.selections.end() - 1;
            sel->name = name;
        }
        sel->pointWeights.resize(lod.points.size(), 0);
        sel->faces.resize(lod.faces.size(), 0);
        std::fill(sel->pointWeights.begin() + p0, sel->pointWeights.begin() + p0 + 3, static_cast<uint8_t>(weight));
        sel->faces.back() = 1;
    }
}

void LodWriter::WriteMass(MlodLod &lod) {
    // A LOD's own #Mass# sum (from an MLOD); the Geometry LOD's from the
    // property, else the scene's total (ODOL's ModelInfo mass).
    float total = -1.f;
    const bool geometry = NearResolution(mSource.resolution, kResolutionGeometry);
    if (geometry && mOptions.mass >= 0.f) {
        total = mOptions.mass;
    } else if (!MetaFloat(mSource.node->mMetaData, keys::kMass.name, total) &&
            !(geometry && MetaFloat(mScene.mRootNode->mMetaData, keys::kMass.name, total))) {
        return;
    }
    if (lod.points.empty()) {
        return;
    }
    if (!std::isfinite(total) || total < 0.f) {
        ThrowExportError(Where() + "mass " + std::to_string(total) + " is negative or not finite");
    }
    if (total > 0.f) {
        lod.mass.assign(lod.points.size(), total / static_cast<float>(lod.points.size()));
    }
}

MlodLod LodWriter::Build() {
    MlodLod lod;
    lod.resolution = mSource.resolution;
    CollectMeshes(mSource.node, true);
    if (mSource.fromP3d) {
        AddP3dData();
    }
    for (SelectionData &sel : mSelections) {
        std::sort(sel.vertices.begin(), sel.vertices.end());
    }
    AddFrames();
    Weld(lod);
    WriteFaces(lod);
    WriteProxies(lod);
    WriteMass(lod);
    // Named properties: "property:<name>" metadata, as the importer writes them.
    const aiMetadata *meta = mSource.node->mMetaData;
    for (unsigned i = 0; meta && i < meta->mNumProperties; ++i) {
        const std::string key = meta->mKeys[i].C_Str();
        aiString value;
        const size_t prefix = std::strlen(keys::kPropertyPrefix);
        if (key.compare(0, prefix, keys::kPropertyPrefix) == 0 && key.size() > prefix && meta->Get(key, value)) {
            lod.properties.emplace_back(key.substr(prefix), value.C_Str());
        }
    }
    return lod;
}

} // namespace

MlodFile SceneToMlod(const aiScene &scene, const ExportOptions &options, std::vector<std::string> &warnings,
        std::vector<TextureUse> *textures) {
    if (!scene.mRootNode) {
        ThrowExportError("P3D export: the scene has no root node");
    }
    // Metres: a scene that says it is in other units (UnitScaleFactor, centimetres per unit) is scaled.
    double scale = 1.0;
    if (scene.mMetaData) {
        double unit = 0.0;
        float unitFloat = 0.f;
        if (scene.mMetaData->Get("UnitScaleFactor", unit) && std::isfinite(unit) && unit > 0.0) {
            scale = unit / 100.0;
        } else if (MetaFloat(scene.mMetaData, "UnitScaleFactor", unitFloat) && unitFloat > 0.f) {
            scale = unitFloat / 100.0;
        }
    }
    MlodFile file;
    for (const LodSource &source : FindLods(scene)) {
        file.lods.push_back(LodWriter(scene, source, options, scale, warnings, textures).Build());
    }
    CheckMlod(file);
    return file;
}

} // namespace p3d
} // namespace assimp_retro
