// assimp-retro: P3D format model -> aiScene.
//
// Coordinates (docs/formats/P3D.md §3): the file is left-handed, Y up, models face -Z and
// ODOL positions have ModelInfo.boundingCenter subtracted. We add the centre
// back (so ODOL and MLOD of one model line up) and mirror Z, which makes the
// scene right-handed and turns the model to face +Z:
//   p' = (x, y, -z)        positions, frames, memory points, proxy positions
//   n' = (-nx, -ny, nz)    stored normals point away from the visible side
//   M' = S M S             proxy matrices, S = diag(1, 1, -1)
// Polygons are in ODOL order (the MLOD reader converted them), whose visible
// side after the mirror is counter-clockwise as (i0, i2, i1) (+ (i0, i3, i2)).
// Texture v is flipped for Assimp (v' = 1 - v).
#include "P3dSceneBuilder.h"

#include "P3dMetadataKeys.h"
#include "P3dResolutions.h"

#include "Common/AnimationChannels.h"
#include "Common/AnimationFilter.h"
#include "Common/Handedness.h"
#include "Common/ImportError.h"
#include "Common/MaterialProperty.h"
#include "Common/MetadataLists.h"
#include "Common/SceneHelpers.h"
#include "Common/UniqueNames.h"

#include <assimp/GltfMaterial.h>
#include <assimp/material.h>
#include <assimp/scene.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <memory>
#include <set>
#include <vector>

namespace assimp_retro {
namespace p3d {

namespace {

float ZeroIfNotFinite(float value) {
    return std::isfinite(value) ? value : 0.f;
}

aiVector3D ToScene(const Vec3 &p, const Vec3 &centre) {
    return Mirror(aiVector3D(ZeroIfNotFinite(p.x + centre.x), ZeroIfNotFinite(p.y + centre.y),
                          ZeroIfNotFinite(p.z + centre.z)),
            MirrorAxis::Z);
}

/// A texture coordinate as Assimp wants it (v flipped); NaN UVs occur in real
/// files, and the engine zeroes |uv| > 1e5.
aiVector3D SceneUv(const Uv &uv) {
    const float u = std::isfinite(uv.u) && std::fabs(uv.u) <= 1e5f ? uv.u : 0.f;
    const float v = std::isfinite(uv.v) && std::fabs(uv.v) <= 1e5f ? uv.v : 0.f;
    return aiVector3D(u, 1.f - v, 0.f);
}

/// Face flags that change how the material looks.
constexpr uint32_t kMaterialFlags = kIsAlpha | kIsTransparent | kNoClamp | kClampU | kClampV;
/// The one animation a P3D scene can have: the LODs' morph frames.
constexpr const char *kMorphAnimationName = "morph";

/// A material stands for one texture and one set of face flags, all of them
/// (ODOL special and MLOD face flags), so that every face's flags survive in
/// its material (docs/formats/P3D.md §3.6).
struct MaterialKey {
    std::string texture;
    uint32_t special;
    uint32_t mlodFlags;
    bool operator<(const MaterialKey &o) const {
        if (texture != o.texture) {
            return texture < o.texture;
        }
        return special != o.special ? special < o.special : mlodFlags < o.mlodFlags;
    }
};

/// Where a LOD's vertices and faces ended up in the scene: the node's meshes
/// one after the other ("scene vertices" and "scene triangles" of the LOD).
struct LodLayout {
    std::vector<std::vector<uint32_t>> meshVertices; ///< per mesh: mesh vertex -> LOD vertex
    std::vector<uint32_t> triangleFace; ///< scene triangle -> LOD face
    std::vector<size_t> meshTriangles; ///< per mesh: its triangle count
    std::vector<unsigned> faceMaterial; ///< LOD face -> its material (~0u: hidden)
};

/// A proxy's node name: "proxy:<path>.<nn>", as its selection is named.
std::string ProxyNodeName(const Proxy &proxy) {
    char id[16];
    std::snprintf(id, sizeof(id), ".%02d", static_cast<int>(proxy.id));
    return "proxy:" + proxy.name + id;
}

class Builder {
public:
    Builder(const Model &model, const SceneOptions &options, aiScene *scene) :
            mModel(model), mOptions(options), mScene(scene) {}

    void Build();

private:
    unsigned MaterialFor(const std::string &texture, const Polygon &poly);
    std::unique_ptr<aiNode> BuildLod(size_t index, const std::string &name);
    std::unique_ptr<aiNode> BuildProxy(const Lod &lod, const Proxy &proxy);
    std::unique_ptr<aiNode> BuildMemoryPoint(const Lod &lod, const NamedSelection &selection);
    void BuildMeshes(const Lod &lod, aiNode *node, const std::string &lodName, LodLayout &layout);
    std::unique_ptr<aiMesh> BuildGroupMesh(const Lod &lod, const std::vector<aiVector3D> &positions, unsigned material,
            const std::vector<uint32_t> &faces, std::vector<int32_t> &remap, std::vector<uint32_t> &used,
            std::vector<uint32_t> &triangleFace, const std::string &lodName) const;
    void AddFrames(aiMesh *mesh, const Lod &lod, const std::vector<uint32_t> &used) const;
    void AddMorphChannel(const Lod &lod, const std::string &nodeName);
    aiMetadata *LodMetadata(size_t index, const LodLayout &layout) const;
    void AddMembership(const Lod &lod, const LodLayout &layout, MetaBuilder &meta) const;
    void AddSelectionLists(const Lod &lod, const std::vector<std::vector<uint32_t>> &sceneIds,
            const std::vector<std::vector<uint32_t>> &trianglesOfFace, MetaBuilder &meta) const;
    aiMetadata *RootMetadata() const;
    std::unique_ptr<aiAnimation> BuildMorphAnimation();
    std::vector<size_t> ChosenLods() const;

    const Model &mModel;
    const SceneOptions &mOptions;
    aiScene *mScene;
    Vec3 mCentre;
    UniqueNames mNodeNames;
    UniqueNames mMaterialNames;
    std::map<MaterialKey, unsigned> mMaterialIndex;
    // Owned here until handed to the scene.
    std::vector<std::unique_ptr<aiMaterial>> mMaterials;
    std::vector<std::unique_ptr<aiMesh>> mMeshes;
    std::vector<std::unique_ptr<aiMeshMorphAnim>> mMorphChannels;
};

unsigned Builder::MaterialFor(const std::string &texture, const Polygon &poly) {
    const MaterialKey key{texture, poly.special & ~kSkipMask, poly.mlodFlags};
    const uint32_t flags = key.special & kMaterialFlags;
    const auto found = mMaterialIndex.find(key);
    if (found != mMaterialIndex.end()) {
        return found->second;
    }
    std::unique_ptr<aiMaterial> material(new aiMaterial());
    // One material per texture path; the path is also its name, so it stays
    // visible where the texture itself cannot be used (a .paa in glTF).
    const aiString name = MakeAiString(mMaterialNames.Make(texture.empty() ? std::string("untextured") : texture));
    AddMaterialProperty(*material, &name, AI_MATKEY_NAME);
    const aiColor4D white(1.f, 1.f, 1.f, 1.f);
    AddMaterialProperty(*material, &white, 1, AI_MATKEY_COLOR_DIFFUSE);
    if (!texture.empty()) {
        // Verbatim (backslashes and all): what engines using the library expect.
        const aiString path = MakeAiString(texture);
        AddMaterialProperty(*material, &path, AI_MATKEY_TEXTURE_DIFFUSE(0));
        int mapU = aiTextureMapMode_Wrap;
        int mapV = aiTextureMapMode_Wrap;
        if (!(flags & kNoClamp)) {
            if (flags & kClampU) {
                mapU = aiTextureMapMode_Clamp;
            }
            if (flags & kClampV) {
                mapV = aiTextureMapMode_Clamp;
            }
        }
        AddMaterialProperty(*material, &mapU, 1, AI_MATKEY_MAPPINGMODE_U_DIFFUSE(0));
        AddMaterialProperty(*material, &mapV, 1, AI_MATKEY_MAPPINGMODE_V_DIFFUSE(0));
    }
    if (flags & kIsAlpha) {
        const int blend = aiBlendMode_Default;
        AddMaterialProperty(*material, &blend, 1, AI_MATKEY_BLEND_FUNC);
        const aiString mode("BLEND");
        AddMaterialProperty(*material, &mode, AI_MATKEY_GLTF_ALPHAMODE);
    } else if (flags & kIsTransparent) {
        const aiString mode("MASK");
        AddMaterialProperty(*material, &mode, AI_MATKEY_GLTF_ALPHAMODE);
        const float cutoff = 0.5f;
        AddMaterialProperty(*material, &cutoff, 1, AI_MATKEY_GLTF_ALPHACUTOFF);
    }
    // The flags the material stands for, the same for every face that shares
    // it: ODOL's special (all bits but the two that hide a face) and, from
    // an MLOD, its face flags.
    const int special = static_cast<int>(key.special);
    AddMaterialProperty(*material, &special, 1, "$mat.p3d.special", 0, 0);
    if (mModel.kind == Model::Kind::Mlod) {
        const int faceFlags = static_cast<int>(key.mlodFlags);
        AddMaterialProperty(*material, &faceFlags, 1, "$mat.p3d.faceFlags", 0, 0);
    }
    const unsigned index = static_cast<unsigned>(mMaterials.size());
    mMaterials.push_back(std::move(material));
    mMaterialIndex.emplace(key, index);
    return index;
}

std::vector<size_t> Builder::ChosenLods() const {
    return ChooseLods(mModel, mOptions.lods);
}

} // namespace

std::vector<size_t> ChooseLods(const Model &model, LodSelection selection) {
    std::vector<size_t> chosen;
    const auto &lods = model.lods;
    switch (selection) {
    case LodSelection::All:
        for (size_t i = 0; i < lods.size(); ++i) {
            chosen.push_back(i);
        }
        break;
    case LodSelection::AllVisual:
        for (size_t i = 0; i < lods.size(); ++i) {
            if (IsVisualLod(lods[i].resolution)) {
                chosen.push_back(i);
            }
        }
        break;
    case LodSelection::FirstVisual:
        // LODs are stored in ascending resolution: the first is the most detailed.
        for (size_t i = 0; i < lods.size() && chosen.empty(); ++i) {
            if (IsResolutionLod(lods[i].resolution)) {
                chosen.push_back(i);
            }
        }
        for (size_t i = 0; i < lods.size() && chosen.empty(); ++i) {
            if (IsVisualLod(lods[i].resolution)) {
                chosen.push_back(i);
            }
        }
        break;
    }
    if (chosen.empty() && !lods.empty()) {
        chosen.push_back(0); // no visual LOD at all: show something
    }
    return chosen;
}

namespace {

aiMetadata *Builder::LodMetadata(size_t index, const LodLayout &layout) const {
    const Lod &lod = mModel.lods[index];
    MetaBuilder meta;
    Put(meta, keys::kResolution, lod.resolution);
    Put(meta, keys::kLodIndex, static_cast<int32_t>(index)); // the P3D export keeps the file's order
    Put(meta, keys::kVertices, static_cast<int32_t>(lod.positions.size()));
    Put(meta, keys::kFaces, static_cast<int32_t>(lod.faces.size()));
    Put(meta, keys::kFrames, static_cast<int32_t>(lod.frames.size()));
    // Keys must be unique: later duplicates are dropped.
    std::set<std::string> used;
    auto add = [&](const std::string &key, const std::string &value) {
        if (used.insert(key).second) {
            meta.AddString(key, value);
        }
    };
    for (const auto &property : lod.properties) {
        add(keys::Property(property.first).name, property.second);
    }
    for (const NamedSelection &sel : lod.selections) {
        add(keys::SelectionSummary(sel.name).name,
                std::to_string(sel.vertices.size()) + " vertices, " + std::to_string(sel.faces.size()) + " faces");
    }
    for (size_t t = 0; t < lod.textures.size(); ++t) {
        if (!lod.textures[t].empty()) {
            add(keys::Texture(t).name, lod.textures[t]);
        }
    }
    if (lod.hasMass) {
        Put(meta, keys::kMass, lod.mass);
    }
    AddMembership(lod, layout, meta);
    return meta.Build();
}

/// The LOD faces the scene does not draw whole (docs/formats/P3D.md §3.5: a
/// zero-area triangle or quad half is dropped), hidden faces aside, in LOD
/// order; each with the scene triangle of its drawn half, -1 when none is drawn.
std::vector<std::pair<uint32_t, int64_t>> ZeroAreaFaces(const Lod &lod, const LodLayout &layout) {
    std::vector<uint8_t> drawn(lod.faces.size(), 0);
    std::vector<int64_t> drawnTriangle(lod.faces.size(), -1);
    for (uint32_t t = 0; t < layout.triangleFace.size(); ++t) {
        ++drawn[layout.triangleFace[t]];
        drawnTriangle[layout.triangleFace[t]] = t;
    }
    std::vector<std::pair<uint32_t, int64_t>> faces;
    for (uint32_t f = 0; f < lod.faces.size(); ++f) {
        const Polygon &poly = lod.faces[f];
        if (!(poly.special & kSkipMask) && drawn[f] < (poly.count == 4 ? 2 : 1)) {
            faces.emplace_back(f, drawnTriangle[f]);
        }
    }
    return faces;
}

/// Each LOD vertex's scene vertex ids: the node's meshes' vertices one after
/// the other, then the loose points (LOD vertices in no mesh and in no
/// hidden face, or in a face of `zeroArea`: memory points, points of no
/// drawn face). `loose` gets the loose points' LOD vertices.
std::vector<std::vector<uint32_t>> SceneVertexIds(const Lod &lod, const LodLayout &layout,
        const std::vector<std::pair<uint32_t, int64_t>> &zeroArea, std::vector<uint32_t> &loose) {
    const size_t nVerts = lod.positions.size();
    std::vector<std::vector<uint32_t>> sceneIds(nVerts);
    uint32_t next = 0;
    for (const auto &used : layout.meshVertices) {
        for (uint32_t v : used) {
            sceneIds[v].push_back(next++);
        }
    }
    std::vector<bool> hidden(nVerts, false);
    for (const Polygon &poly : lod.faces) {
        if (poly.special & kSkipMask) {
            for (unsigned k = 0; k < poly.count; ++k) {
                hidden[poly.index[k]] = true;
            }
        }
    }
    for (const auto &face : zeroArea) {
        const Polygon &poly = lod.faces[face.first];
        for (unsigned k = 0; k < poly.count; ++k) {
            hidden[poly.index[k]] = false; // a corner of a kept face is kept
        }
    }
    for (uint32_t v = 0; v < nVerts; ++v) {
        if (sceneIds[v].empty() && !hidden[v]) {
            sceneIds[v].push_back(next++);
            loose.push_back(v);
        }
    }
    return sceneIds;
}

void Builder::AddMembership(const Lod &lod, const LodLayout &layout, MetaBuilder &meta) const {
    const std::vector<std::pair<uint32_t, int64_t>> zeroArea = ZeroAreaFaces(lod, layout);
    std::vector<uint32_t> looseVertices;
    const std::vector<std::vector<uint32_t>> sceneIds = SceneVertexIds(lod, layout, zeroArea, looseVertices);
    std::vector<float> loose;
    for (uint32_t v : looseVertices) {
        const aiVector3D p = ToScene(lod.positions[v], mCentre);
        loose.insert(loose.end(), {p.x, p.y, p.z});
    }
    if (!loose.empty()) {
        AddLongString(meta, keys::kLoosePoints.name, FormatFloats(loose));
    }
    // Each mesh's vertex and triangle counts: the ids below hold only while
    // these do (glTF's export joins close vertices, post-processing changes them).
    std::vector<float> sizes;
    for (size_t m = 0; m < layout.meshVertices.size(); ++m) {
        sizes.push_back(static_cast<float>(layout.meshVertices[m].size()));
        sizes.push_back(static_cast<float>(layout.meshTriangles[m]));
    }
    if (!sizes.empty()) {
        AddLongString(meta, keys::kMeshSizes.name, FormatFloats(sizes));
    }
    // Quads: scene triangles t, t + 1 made from one face.
    std::vector<uint32_t> quads;
    std::vector<std::vector<uint32_t>> trianglesOfFace(lod.faces.size());
    const uint32_t nTriangles = static_cast<uint32_t>(layout.triangleFace.size());
    for (uint32_t t = 0; t < nTriangles; ++t) {
        trianglesOfFace[layout.triangleFace[t]].push_back(t);
        if (t + 1 < nTriangles && layout.triangleFace[t + 1] == layout.triangleFace[t]) {
            quads.push_back(t);
        }
    }
    if (!quads.empty()) {
        AddLongString(meta, keys::kQuads.name, FormatIndexRanges(quads));
    }
    // The faces not drawn whole, for the P3D export to write back: triangle
    // ids after the drawn ones; corners from the first, in scene order.
    std::vector<float> zeroAreaList;
    for (uint32_t e = 0; e < zeroArea.size(); ++e) {
        const Polygon &poly = lod.faces[zeroArea[e].first];
        zeroAreaList.insert(zeroAreaList.end(), {float(poly.count), float(layout.faceMaterial[zeroArea[e].first]),
                                                        float(zeroArea[e].second)});
        for (unsigned k = 0; k < poly.count; ++k) {
            const uint16_t v = poly.index[k == 0 ? 0 : poly.count - k];
            const aiVector3D uv = SceneUv(lod.uvs[v]);
            zeroAreaList.insert(zeroAreaList.end(), {float(sceneIds[v].front()), uv.x, uv.y});
        }
        trianglesOfFace[zeroArea[e].first].push_back(nTriangles + e);
    }
    if (!zeroAreaList.empty()) {
        AddLongString(meta, keys::kZeroAreaFaces.name, FormatFloats(zeroAreaList));
    }
    AddSelectionLists(lod, sceneIds, trianglesOfFace, meta);
}

/// Selections as scene vertex and triangle ids. A proxy's own selection
/// (the proxy table names it, or it has the proxy's name) is left out: its
/// proxy node stands for it; any other, "proxy:" ones too, is kept.
void Builder::AddSelectionLists(const Lod &lod, const std::vector<std::vector<uint32_t>> &sceneIds,
        const std::vector<std::vector<uint32_t>> &trianglesOfFace, MetaBuilder &meta) const {
    std::set<std::string> done;
    for (const Proxy &proxy : lod.proxies) {
        done.insert(ProxyNodeName(proxy));
        if (proxy.selection >= 0 && size_t(proxy.selection) < lod.selections.size()) {
            done.insert(lod.selections[proxy.selection].name);
        }
    }
    for (const NamedSelection &sel : lod.selections) {
        if (!done.insert(sel.name).second) {
            continue;
        }
        std::vector<std::pair<uint32_t, uint8_t>> members;
        for (size_t i = 0; i < sel.vertices.size(); ++i) {
            const uint8_t weight = sel.vertexWeights.empty() ? 255 : sel.vertexWeights[i];
            for (uint32_t id : sceneIds[sel.vertices[i]]) {
                members.emplace_back(id, weight);
            }
        }
        std::sort(members.begin(), members.end());
        members.erase(std::unique(members.begin(), members.end(),
                              [](const std::pair<uint32_t, uint8_t> &a, const std::pair<uint32_t, uint8_t> &b) {
                                  return a.first == b.first;
                              }),
                members.end());
        std::vector<uint32_t> ids;
        std::vector<uint8_t> weights;
        bool weighted = false;
        for (const auto &member : members) {
            ids.push_back(member.first);
            weights.push_back(member.second);
            weighted |= member.second != 255;
        }
        std::vector<uint32_t> triangles;
        for (uint32_t f : sel.faces) {
            triangles.insert(triangles.end(), trianglesOfFace[f].begin(), trianglesOfFace[f].end());
        }
        std::sort(triangles.begin(), triangles.end());
        triangles.erase(std::unique(triangles.begin(), triangles.end()), triangles.end());
        const keys::SelectionKeys key = keys::Selection(sel.name);
        AddLongString(meta, key.vertices.name, FormatIndexRanges(ids));
        if (weighted) {
            AddLongString(meta, key.weights.name, FormatByteRuns(weights));
        }
        AddLongString(meta, key.triangles.name, FormatIndexRanges(triangles));
    }
}

void Builder::BuildMeshes(const Lod &lod, aiNode *node, const std::string &lodName, LodLayout &layout) {
    const size_t nVerts = lod.positions.size();
    // Group the faces by material, in order of first appearance: each face's
    // material, then each group's faces in one array of its exact size.
    std::vector<unsigned> order;
    std::vector<unsigned> &faceMaterial = layout.faceMaterial;
    faceMaterial.assign(lod.faces.size(), 0);
    std::vector<size_t> groupSize;
    // Faces come in runs of one texture and flags: the material is looked up
    // once per run.
    static const std::string kUntextured;
    constexpr unsigned kSkipped = ~0u;
    unsigned material = kSkipped;
    int32_t runTexture = 0;
    uint32_t runFlags = 0, runMlodFlags = 0;
    for (uint32_t f = 0; f < lod.faces.size(); ++f) {
        const Polygon &poly = lod.faces[f];
        if (poly.special & kSkipMask) {
            faceMaterial[f] = kSkipped; // hidden faces and proxy placeholder triangles
            continue;
        }
        if (material == kSkipped || poly.texIndex != runTexture || poly.special != runFlags ||
                poly.mlodFlags != runMlodFlags) {
            material = MaterialFor(poly.texIndex >= 0 ? lod.textures[poly.texIndex] : kUntextured, poly);
            groupSize.resize(std::max(groupSize.size(), size_t(material) + 1));
            if (groupSize[material] == 0) {
                order.push_back(material);
            }
            runTexture = poly.texIndex;
            runFlags = poly.special;
            runMlodFlags = poly.mlodFlags;
        }
        faceMaterial[f] = material;
        ++groupSize[material];
    }
    std::vector<std::vector<uint32_t>> groups(groupSize.size());
    for (unsigned m : order) {
        groups[m].reserve(groupSize[m]);
    }
    for (uint32_t f = 0; f < lod.faces.size(); ++f) {
        if (faceMaterial[f] != kSkipped) {
            groups[faceMaterial[f]].push_back(f);
        }
    }

    std::vector<aiVector3D> positions(nVerts);
    for (size_t v = 0; v < nVerts; ++v) {
        positions[v] = ToScene(lod.positions[v], mCentre);
    }
    std::vector<int32_t> remap(nVerts, -1);
    // Morph targets repeat every frame for every mesh a vertex ends up in. A
    // real LOD puts each vertex in one or two meshes; a hostile one could put
    // a few vertices into thousands of meshes and multiply the frames' size.
    // An absolute cap too: 16M target vertices (~200 MB of positions) is far
    // beyond any OFP model, and MLOD frames are expanded from points to split
    // vertices, so the relative budget alone can still grow with the input.
    constexpr uint64_t kMaxMorphVertices = uint64_t(1) << 24;
    constexpr uint64_t kAnimMeshCostInVertices = 100;
    const uint64_t morphBudget =
            std::min<uint64_t>(8 * (uint64_t(nVerts) * lod.frames.size()) + (uint64_t(1) << 20), kMaxMorphVertices);
    uint64_t morphUsed = 0;
    std::vector<unsigned> meshIndices;
    for (unsigned material : order) {
        std::vector<uint32_t> used; // mesh vertex -> LOD vertex
        std::unique_ptr<aiMesh> mesh =
                BuildGroupMesh(lod, positions, material, groups[material], remap, used, layout.triangleFace, lodName);
        if (!mesh) {
            continue;
        }
        // Morph frames: full position sets, one target each. Each target also
        // costs an aiAnimMesh (~1.2 KB): charged as 100 vertices, so a tiny
        // LOD with millions of frames cannot allocate gigabytes.
        morphUsed += (uint64_t(mesh->mNumVertices) + kAnimMeshCostInVertices) * lod.frames.size();
        if (morphUsed > morphBudget) {
            throw ImportError(MessagePrefix("P3D", mOptions.fileName) + "LOD '" + lodName + "': morph frames for " +
                    std::to_string(lod.frames.size()) + " frames x " + std::to_string(nVerts) +
                    " vertices spread over too many meshes (corrupt file?)");
        }
        AddFrames(mesh.get(), lod, used);
        layout.meshVertices.push_back(std::move(used));
        layout.meshTriangles.push_back(mesh->mNumFaces);
        meshIndices.push_back(static_cast<unsigned>(mMeshes.size()));
        mMeshes.push_back(std::move(mesh));
    }
    if (!meshIndices.empty()) {
        node->mMeshes = new unsigned[meshIndices.size()];
        node->mNumMeshes = static_cast<unsigned>(meshIndices.size());
        std::copy(meshIndices.begin(), meshIndices.end(), node->mMeshes);
    }
}

std::unique_ptr<aiMesh> Builder::BuildGroupMesh(const Lod &lod, const std::vector<aiVector3D> &positions,
        unsigned material, const std::vector<uint32_t> &faces, std::vector<int32_t> &remap, std::vector<uint32_t> &used,
        std::vector<uint32_t> &triangleFace, const std::string &lodName) const {
    // Triangles, dropping degenerate ones, over the vertices they use.
    const size_t firstTriangle = triangleFace.size();
    uint32_t face = 0;
    std::vector<unsigned> triangles;
    triangles.reserve(6 * faces.size()); // two triangles a face at most
    used.reserve(std::min(positions.size(), 4 * faces.size()));
    auto addTriangle = [&](uint16_t a, uint16_t b, uint16_t c) {
        if (a == b || b == c || a == c) {
            return;
        }
        const aiVector3D cross = (positions[b] - positions[a]) ^ (positions[c] - positions[a]);
        if (!(cross.SquareLength() > 0.f)) {
            return; // zero-area face
        }
        for (uint16_t i : {a, b, c}) {
            if (remap[i] < 0) {
                remap[i] = static_cast<int32_t>(used.size());
                used.push_back(i);
            }
            triangles.push_back(static_cast<unsigned>(remap[i]));
        }
        triangleFace.push_back(face);
    };
    for (uint32_t f : faces) {
        const Polygon &poly = lod.faces[f];
        face = f;
        // ODOL order: (i0, i2, i1) is counter-clockwise after the Z mirror.
        addTriangle(poly.index[0], poly.index[2], poly.index[1]);
        if (poly.count == 4) {
            addTriangle(poly.index[0], poly.index[3], poly.index[2]);
        }
    }
    for (uint32_t v : used) {
        remap[v] = -1;
    }
    if (triangles.empty()) {
        triangleFace.resize(firstTriangle);
        return nullptr;
    }

    std::unique_ptr<aiMesh> mesh(new aiMesh());
    mesh->mName = MakeAiString(lodName + ": " + mMaterials[material]->GetName().C_Str());
    mesh->mMaterialIndex = material;
    mesh->mPrimitiveTypes = aiPrimitiveType_TRIANGLE;
    const unsigned n = static_cast<unsigned>(used.size());
    mesh->mNumVertices = n;
    mesh->mVertices = new aiVector3D[n];
    mesh->mNormals = new aiVector3D[n];
    mesh->mTextureCoords[0] = new aiVector3D[n];
    mesh->mNumUVComponents[0] = 2;
    for (unsigned k = 0; k < n; ++k) {
        const uint32_t v = used[k];
        mesh->mVertices[k] = positions[v];
        const Vec3 &sn = lod.normals[v];
        // Mirror Z, then negate: stored normals point inwards.
        aiVector3D normal(-ZeroIfNotFinite(sn.x), -ZeroIfNotFinite(sn.y), ZeroIfNotFinite(sn.z));
        const float length = normal.Length();
        if (length > 1e-6f && std::isfinite(length)) {
            mesh->mNormals[k] = normal / length;
        } else {
            mesh->mNormals[k] = aiVector3D(0.f, 0.f, 0.f); // repaired by RepairSceneNormals
        }
        mesh->mTextureCoords[0][k] = SceneUv(lod.uvs[v]);
    }
    mesh->mFaces = new aiFace[triangles.size() / 3];
    mesh->mNumFaces = static_cast<unsigned>(triangles.size() / 3);
    for (unsigned f = 0; f < mesh->mNumFaces; ++f) {
        aiFace &face = mesh->mFaces[f];
        face.mIndices = new unsigned[3]{triangles[3 * f], triangles[3 * f + 1], triangles[3 * f + 2]};
        face.mNumIndices = 3;
    }
    // Zero or non-finite normals stay zero here: RepairSceneNormals
    // (P3dImporter) recomputes them from the faces, with a warning.
    return mesh;
}

void Builder::AddFrames(aiMesh *mesh, const Lod &lod, const std::vector<uint32_t> &used) const {
    if (lod.frames.empty()) {
        return;
    }
    const unsigned n = mesh->mNumVertices;
    mesh->mMethod = aiMorphingMethod_MORPH_RELATIVE;
    mesh->mAnimMeshes = new aiAnimMesh *[lod.frames.size()](); // null until filled: the mesh can free it at any point
    mesh->mNumAnimMeshes = static_cast<unsigned>(lod.frames.size());
    for (size_t i = 0; i < lod.frames.size(); ++i) {
        aiAnimMesh *target = mesh->mAnimMeshes[i] = new aiAnimMesh();
        target->mName = MakeAiString("frame " + std::to_string(i));
        target->mVertices = new aiVector3D[n];
        target->mNumVertices = n;
        for (unsigned k = 0; k < n; ++k) {
            target->mVertices[k] = ToScene(lod.frames[i].positions[used[k]], mCentre);
        }
        target->mWeight = 0.f;
    }
}

void Builder::AddMorphChannel(const Lod &lod, const std::string &nodeName) {
    // One key per frame, at the frame's time, with that frame's target at
    // weight 1 and the others at 0. Keys must strictly increase (glTF):
    // frames are sorted by time, duplicates and negative/NaN times dropped.
    std::vector<std::pair<float, unsigned>> keys;
    for (size_t i = 0; i < lod.frames.size(); ++i) {
        const float t = lod.frames[i].time;
        if (std::isfinite(t) && t >= 0.f) {
            keys.emplace_back(t, static_cast<unsigned>(i));
        }
    }
    std::stable_sort(keys.begin(), keys.end(),
            [](const std::pair<float, unsigned> &a, const std::pair<float, unsigned> &b) { return a.first < b.first; });
    keys.erase(std::unique(keys.begin(), keys.end(),
                       [](const std::pair<float, unsigned> &a, const std::pair<float, unsigned> &b) {
                           return a.first == b.first;
                       }),
            keys.end());
    if (keys.empty()) {
        return;
    }
    std::unique_ptr<aiMeshMorphAnim> channel(new aiMeshMorphAnim());
    channel->mName = MakeAiString(nodeName);
    channel->mKeys = new aiMeshMorphKey[keys.size()];
    channel->mNumKeys = static_cast<unsigned>(keys.size());
    // Each key names only its own target with weight 1; the others are 0 by
    // definition (glTF completion writes them).
    for (unsigned k = 0; k < channel->mNumKeys; ++k) {
        aiMeshMorphKey &key = channel->mKeys[k];
        key.mTime = keys[k].first;
        SetSingleTargetKey(key, keys[k].second);
    }
    mMorphChannels.push_back(std::move(channel));
}

/// The other selections a proxy's placeholder is in (its points there), by
/// name, with its points' weight: what "p3d:proxyIn:<name>" keeps.
std::map<std::string, int32_t> SelectionsHoldingProxy(const Lod &lod, const Proxy &proxy) {
    std::map<std::string, int32_t> held;
    if (proxy.selection < 0 || size_t(proxy.selection) >= lod.selections.size()) {
        return held;
    }
    std::set<uint32_t> placeholder(lod.selections[proxy.selection].vertices.begin(),
            lod.selections[proxy.selection].vertices.end());
    std::set<int32_t> proxySelections;
    for (const Proxy &p : lod.proxies) {
        proxySelections.insert(p.selection);
    }
    for (size_t s = 0; s < lod.selections.size() && !placeholder.empty(); ++s) {
        const NamedSelection &sel = lod.selections[s];
        for (size_t i = 0; i < sel.vertices.size() && !proxySelections.count(int32_t(s)); ++i) {
            if (placeholder.count(sel.vertices[i])) {
                held.emplace(sel.name, sel.vertexWeights.empty() ? 255 : sel.vertexWeights[i]);
                break;
            }
        }
    }
    return held;
}

std::unique_ptr<aiNode> Builder::BuildProxy(const Lod &lod, const Proxy &proxy) {
    // A placeholder for another model (crew, weapons...) at a transform.
    std::unique_ptr<aiNode> child(new aiNode(mNodeNames.Make(ProxyNodeName(proxy))));
    const float *m = proxy.matrix; // columns: aside, up, dir, position
    aiMatrix4x4 t(m[0], m[3], m[6], m[9] + mCentre.x, m[1], m[4], m[7], m[10] + mCentre.y, m[2], m[5], m[8],
            m[11] + mCentre.z, 0.f, 0.f, 0.f, 1.f);
    for (unsigned r = 0; r < 3; ++r) {
        for (unsigned c = 0; c < 4; ++c) {
            if (!std::isfinite(t[r][c])) {
                t[r][c] = (r == c) ? 1.f : 0.f;
            }
        }
    }
    child->mTransformation = Mirror(t, MirrorAxis::Z);
    MetaBuilder meta;
    Put(meta, keys::kProxy, proxy.name);
    Put(meta, keys::kProxyId, static_cast<int32_t>(proxy.id));
    for (const auto &held : SelectionsHoldingProxy(lod, proxy)) {
        Put(meta, keys::ProxyIn(held.first), held.second);
    }
    child->mMetaData = meta.Build();
    return child;
}

std::unique_ptr<aiNode> Builder::BuildMemoryPoint(const Lod &lod, const NamedSelection &sel) {
    // A named point of the model: the centre of its selection's vertices.
    aiVector3D sum(0.f, 0.f, 0.f);
    for (uint32_t v : sel.vertices) {
        sum += ToScene(lod.positions[v], mCentre);
    }
    std::unique_ptr<aiNode> child(new aiNode(mNodeNames.Make(sel.name, "point")));
    child->mTransformation = aiMatrix4x4();
    const aiVector3D centre = sum / static_cast<float>(sel.vertices.size());
    child->mTransformation.a4 = centre.x;
    child->mTransformation.b4 = centre.y;
    child->mTransformation.c4 = centre.z;
    MetaBuilder meta;
    Put(meta, keys::kPoints, static_cast<int32_t>(sel.vertices.size()));
    child->mMetaData = meta.Build();
    return child;
}

std::unique_ptr<aiNode> Builder::BuildLod(size_t index, const std::string &name) {
    const Lod &lod = mModel.lods[index];
    std::unique_ptr<aiNode> node(new aiNode(name));
    LodLayout layout;
    BuildMeshes(lod, node.get(), name, layout);
    node->mMetaData = LodMetadata(index, layout);
    if (!lod.frames.empty() && node->mNumMeshes > 0) {
        AddMorphChannel(lod, name);
    }
    std::vector<std::unique_ptr<aiNode>> children;
    for (const Proxy &proxy : lod.proxies) {
        children.push_back(BuildProxy(lod, proxy));
    }
    // Memory LOD: its named selections are the model's named points.
    if (NearResolution(lod.resolution, kResolutionMemory)) {
        for (const NamedSelection &sel : lod.selections) {
            if (!sel.vertices.empty()) {
                children.push_back(BuildMemoryPoint(lod, sel));
            }
        }
    }
    AdoptChildren(node.get(), children);
    return node;
}

aiMetadata *Builder::RootMetadata() const {
    MetaBuilder meta;
    Put(meta, keys::kFormat, mModel.kind == Model::Kind::Odol ? "ODOL v7" : "MLOD");
    Put(meta, keys::kLods, static_cast<int32_t>(mModel.lods.size()));
    if (mModel.kind == Model::Kind::Mlod) {
        for (const Lod &lod : mModel.lods) {
            if (lod.hasMass) {
                Put(meta, keys::kMass, lod.mass); // the Geometry LOD's, as ODOL's ModelInfo keeps it
                break;
            }
        }
    }
    if (mModel.kind == Model::Kind::Odol) {
        Put(meta, keys::kMass, mModel.mass);
        Put(meta, keys::kArmor, mModel.armor);
        Put(meta, keys::kMapType, static_cast<int32_t>(mModel.mapType));
    }
    return meta.Build();
}

std::unique_ptr<aiAnimation> Builder::BuildMorphAnimation() {
    std::unique_ptr<aiAnimation> anim(new aiAnimation());
    anim->mName = aiString(kMorphAnimationName);
    anim->mTicksPerSecond = 1.0; // frame times are animation phase, played as seconds
    double last = 0.0;
    for (const auto &channel : mMorphChannels) {
        last = std::max(last, channel->mKeys[channel->mNumKeys - 1].mTime);
    }
    anim->mDuration = last;
    // Assimp's glTF2 exporter (5.2.5 and master) does not write morph
    // channels: an animation holding only those becomes an animation with
    // empty "channels"/"samplers", which glTF forbids. A constant
    // (identity) channel on each morphing LOD node keeps any exporter's
    // output valid; the glTF completion then adds the "weights" channels.
    // A key per frame, of which NodeAnimBuilder keeps the first and last.
    // Counted at once, the slots empty (aiAnimation frees only what it
    // counts): a Build that throws leaks nothing.
    anim->mChannels = new aiNodeAnim *[mMorphChannels.size()]();
    anim->mNumChannels = static_cast<unsigned>(mMorphChannels.size());
    NodeAnimBuilder still(mOptions.animations.keys);
    for (unsigned c = 0; c < mMorphChannels.size(); ++c) {
        const aiMeshMorphAnim *morph = mMorphChannels[c].get();
        for (unsigned k = 0; k < morph->mNumKeys; ++k) {
            const double t = morph->mKeys[k].mTime;
            still.AddKey(t, aiVector3D(0.f, 0.f, 0.f), aiQuaternion());
            still.AddScaling(t, aiVector3D(1.f, 1.f, 1.f));
        }
        anim->mChannels[c] = still.Build(morph->mName).release();
    }
    const unsigned channelCount = static_cast<unsigned>(mMorphChannels.size());
    anim->mMorphMeshChannels = ReleaseToArray(mMorphChannels);
    anim->mNumMorphMeshChannels = channelCount;
    return anim;
}

void Builder::Build() {
    if (mModel.kind == Model::Kind::Odol) {
        mCentre = mModel.boundingCenter;
    }
    std::unique_ptr<aiNode> root(new aiNode(mNodeNames.Make(mOptions.rootName, "P3D")));
    root->mMetaData = RootMetadata();
    std::vector<std::unique_ptr<aiNode>> lodNodes;
    for (size_t index : ChosenLods()) {
        const Lod &lod = mModel.lods[index];
        lodNodes.push_back(BuildLod(index, mNodeNames.Make(LodName(lod.resolution), "LOD")));
    }
    AdoptChildren(root.get(), lodNodes);
    // The one animation, "morph", plays the LODs' frames; the animation
    // filter may leave it out (the frames stay on the meshes).
    AnimationSelection selection(mOptions.animations.filter);
    std::unique_ptr<aiAnimation> morph =
            mMorphChannels.empty() || !selection.Offer(kMorphAnimationName) ? nullptr : BuildMorphAnimation();
    selection.RequireAnyKept(MessagePrefix("P3D", mOptions.fileName));
    if (mMaterials.empty()) {
        mMaterials.push_back(std::unique_ptr<aiMaterial>(new aiMaterial()));
        const aiString name("untextured");
        AddMaterialProperty(*mMaterials.back(), &name, AI_MATKEY_NAME);
    }

    // Hand everything to the scene (which owns each part as soon as it holds it).
    mScene->mRootNode = root.release();
    const unsigned meshCount = static_cast<unsigned>(mMeshes.size());
    mScene->mMeshes = ReleaseToArray(mMeshes);
    mScene->mNumMeshes = meshCount;
    if (meshCount == 0) {
        mScene->mFlags |= AI_SCENE_FLAGS_INCOMPLETE;
    }
    const unsigned materialCount = static_cast<unsigned>(mMaterials.size());
    mScene->mMaterials = ReleaseToArray(mMaterials);
    mScene->mNumMaterials = materialCount;
    if (morph) {
        std::vector<std::unique_ptr<aiAnimation>> animations;
        animations.push_back(std::move(morph));
        mScene->mAnimations = ReleaseToArray(animations);
        mScene->mNumAnimations = 1;
    }
}

} // namespace

namespace {

struct SpecialLod {
    float value;
    const char *name;
};

const SpecialLod kSpecialLods[] = {
        {1000.f, "View Gunner"},
        {1100.f, "View Pilot"},
        {1200.f, "View Cargo"},
        {1e13f, "Geometry"},
        {2e13f, "Buoyancy"},
        {3e13f, "PhysX Old"},
        {4e13f, "PhysX"},
        {1e15f, "Memory"},
        {2e15f, "Land Contact"},
        {3e15f, "Roadway"},
        {4e15f, "Paths"},
        {5e15f, "Hit-points"},
        {6e15f, "View Geometry"},
        {7e15f, "Fire Geometry"},
        {8e15f, "View Cargo Geometry"},
        {9e15f, "View Cargo Fire Geometry"},
        {1e16f, "View Commander"},
        {1.1e16f, "View Commander Geometry"},
        {1.2e16f, "View Commander Fire Geometry"},
        {1.3e16f, "View Pilot Geometry"},
        {1.4e16f, "View Pilot Fire Geometry"},
        {1.5e16f, "View Gunner Geometry"},
        {1.6e16f, "View Gunner Fire Geometry"},
        {1.7e16f, "Sub Parts"},
        {1.8e16f, "Shadow Volume View Cargo"},
        {1.9e16f, "Shadow Volume View Pilot"},
        {2e16f, "Shadow Volume View Gunner"},
        {2.1e16f, "Wreck"},
};

} // namespace

std::string LodName(float r) {
    char text[64];
    if (IsResolutionLod(r)) {
        std::snprintf(text, sizeof(text), "LOD %.3f", r);
        return text;
    }
    // The first match: the ±1% windows of the table's values do not overlap.
    for (const auto &special : kSpecialLods) {
        if (NearResolution(r, special.value)) {
            return special.name;
        }
    }
    if (r >= kResolutionShadowVolume && r < kResolutionEdit) {
        std::snprintf(text, sizeof(text), "Shadow Volume %.3f", r - kResolutionShadowVolume);
        return text;
    }
    if (r >= kResolutionEdit && r < kResolutionEdit + 1e4f) {
        std::snprintf(text, sizeof(text), "Edit %.3f", r - kResolutionEdit);
        return text;
    }
    std::snprintf(text, sizeof(text), "LOD %g", static_cast<double>(r));
    return text;
}

bool ResolutionFromName(const std::string &name, float &resolution) {
    for (const auto &special : kSpecialLods) {
        if (ToLower(name) == ToLower(special.name)) {
            resolution = special.value;
            return true;
        }
    }
    // "LOD <r>", "Shadow Volume <n>", "Edit <n>"; Blender adds ".001" to repeated names: not a LOD.
    struct Prefix {
        const char *text;
        float base;
    };
    for (const Prefix &prefix : {Prefix{"lod ", 0.f}, Prefix{"shadow volume ", kResolutionShadowVolume},
                 Prefix{"edit ", kResolutionEdit}}) {
        const std::string lower = ToLower(name);
        const size_t n = std::strlen(prefix.text);
        if (lower.compare(0, n, prefix.text) != 0 || lower.size() == n) {
            continue;
        }
        char *end = nullptr;
        const std::string number = name.substr(n);
        const float value = std::strtof(number.c_str(), &end);
        if (end == number.c_str() + number.size() && std::isfinite(value) && value >= 0.f) {
            resolution = prefix.base + value;
            return true;
        }
    }
    return false;
}

bool IsResolutionLod(float r) {
    return r >= 0.f && r < kResolutionViewGunner * 0.99f; // below the first special LOD's ±1% window
}

bool IsVisualLod(float r) {
    return IsResolutionLod(r) || NearResolution(r, kResolutionViewGunner) || NearResolution(r, kResolutionViewPilot) ||
            NearResolution(r, kResolutionViewCargo) || NearResolution(r, kResolutionViewCommander);
}

void BuildScene(const Model &model, const SceneOptions &options, aiScene *scene) {
    Builder(model, options, scene).Build();
}

} // namespace p3d
} // namespace assimp_retro
