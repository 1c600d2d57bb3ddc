#include "LtbExportModel.h"

#include "AbcExportInput.h"
#include "AbcMetadataKeys.h"
#include "AbcSettings.h"
#include "LtbExportLod.h"
#include "Common/FiniteValues.h"
#include "Common/SceneHelpers.h"

#include <assimp/anim.h>
#include <assimp/scene.h>
#include <assimp_retro/config.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

namespace assimp_retro {
namespace ltb {

namespace {

using abc::ExportInput;
using abc::ExportMesh;
namespace keys = abc::keys;

constexpr uint32_t kModelVersion = 25; // CrossFire's (the engine's MODEL_FILE_VERSION)
constexpr size_t kMaxPieces = 64; // the engine's MAX_PIECES_PER_MODEL (load error 3)
constexpr size_t kMaxChildModels = 32; // MAX_CHILD_MODELS, the model itself included (load error 12)
constexpr size_t kMaxNodes = 65535; // ModelNode::m_NodeIndex is a u16
/// The engine reads strings into 4096-byte buffers and animation binding
/// names into 256 (Model::LoadString, Model::LoadAnimBindings), cutting
/// longer ones short.
constexpr size_t kMaxString = 4095;
constexpr size_t kMaxAnimationName = 255;
/// "Relevant 16" positions: i16 sixteenths of a unit.
constexpr double kPosition16Limit = 32767.0 / 16.0;

Quat ToQuat(const aiQuaternion &q) {
    return Quat{q.x, q.y, q.z, q.w};
}

template <typename T>
bool NodeMeta(const aiNode &node, const std::string &key, T &value) {
    return node.mMetaData && node.mMetaData->Get(key, value);
}

/// A child model's name as the engine loads it: a .ltb file (Model::Load takes
/// no other). Like the packer (convert_modelchild_filename), .lta and .abc
/// become .ltb and a name without an extension gets one.
std::string ChildModelFileName(const std::string &name) {
    const std::string lower = ToLower(name);
    const size_t dot = lower.find_last_of('.');
    const size_t slash = lower.find_last_of("/\\");
    const bool extension = dot != std::string::npos && (slash == std::string::npos || dot > slash);
    if (extension && lower.compare(dot, std::string::npos, ".ltb") == 0) {
        return name;
    }
    if (extension && (lower.compare(dot, std::string::npos, ".lta") == 0 ||
                             lower.compare(dot, std::string::npos, ".abc") == 0)) {
        return name.substr(0, dot) + ".ltb";
    }
    return name + ".ltb";
}

/// A vertex-animated LOD: where it is, and what its frames come from.
struct VertexAnimatedLod {
    size_t piece = 0, lod = 0;
    ExportMesh mesh;
    std::vector<unsigned> meshVertex;
    uint32_t node = 0;
};

class LtbBuilder {
public:
    LtbBuilder(const aiScene &scene, const LtbExportSettings &settings) :
            mScene(scene, kLtbExportFormat, false, abc::kLtbCentimetresPerUnit), mSettings(settings) {}
    Model Build();
    const std::vector<std::string> &Warnings() const { return mScene.warnings; }

private:
    void BuildNodes();
    void BuildPieces();
    Piece BuildPiece(const ExportMesh &em, const std::map<int, std::map<std::string, const aiMesh *>> &lodMeshes);
    void AddLod(Piece &piece, const ExportMesh &em, int level);
    bool PlaysMorphTargets(const ExportMesh &em) const;
    void BuildSockets();
    void BuildAnimations();
    void BuildAnimation(const aiAnimation &animation, unsigned sceneIndex, Animation &out);
    uint32_t CompressionOf(unsigned sceneIndex) const;
    void StoreChannels(Animation &anim) const;
    void AddVertexFrames(const aiAnimation &animation, const std::vector<uint32_t> &times, Animation &out) const;
    void BuildChildModelsAndBindings();
    void TurnHalfAboutY();
    void CheckStrings() const;
    [[noreturn]] void Fail(const std::string &message) const { mScene.Fail(message); }

    ExportInput mScene;
    const LtbExportSettings &mSettings;
    Model mModel;
    std::vector<VertexAnimatedLod> mVertexAnimated;
    float mRadius = 0;
    bool mFromLtb = false;
};

void LtbBuilder::BuildNodes() {
    const size_t count = mScene.nodes.size();
    if (count > kMaxNodes) {
        Fail("the scene has " + std::to_string(count) + " nodes; LTB allows at most " + std::to_string(kMaxNodes) +
                " (a node's index is a u16)");
    }
    // Each node's index is its depth-first position, by which the engine files its tracks.
    mModel.nodes = mScene.FileNodes(mScene.BindPoses());
    // The engine refuses a weight set without one weight per node (load error 10): there is one for each.
    mModel.weightSets = mScene.WeightSets();
}

/// A mesh is vertex-animated when an animation's morph channel plays its targets.
bool LtbBuilder::PlaysMorphTargets(const ExportMesh &em) const {
    if (em.mesh->mNumAnimMeshes == 0) {
        return false;
    }
    const aiScene &scene = mScene.scene;
    for (unsigned a = 0; a < scene.mNumAnimations; ++a) {
        const aiAnimation &anim = *scene.mAnimations[a];
        for (unsigned c = 0; c < anim.mNumMorphMeshChannels; ++c) {
            if (em.nodeName == anim.mMorphMeshChannels[c]->mName.C_Str()) {
                return true;
            }
        }
    }
    return false;
}

void LtbBuilder::AddLod(Piece &piece, const ExportMesh &em, int level) {
    const aiMesh &mesh = *em.mesh;
    const std::string name = mesh.mName.C_Str();
    bool vertexAnimated = PlaysMorphTargets(em);
    if (vertexAnimated && level > 0) {
        // The packer gives every LOD the piece's animation node, whose frames
        // are LOD 0's: a lower LOD's own targets cannot be stored.
        mScene.Warn("mesh '" + name + "' (LOD " + std::to_string(level) + "): its vertex animation is left out (a "
                "lower LOD takes LOD 0's frames); written in its stored shape");
        vertexAnimated = false;
    } else if (mesh.mNumAnimMeshes > 0 && !vertexAnimated) {
        mScene.Warn("mesh '" + name + "': morph targets that no animation plays left out");
    }
    if (mesh.GetNumUVChannels() > 1 || mesh.GetNumColorChannels() > 0 || mesh.mTangents) {
        // The engine and the packer read further UV sets differently, the
        // engine sizes no colour, and basis vectors make the vertex format
        // shader-only (docs/formats/LTB.md 3): none is written.
        mScene.Warn("mesh '" + name + "': only UV set 0 is written (further UV sets, vertex colours and tangents "
                "left out)");
    }
    if (!mesh.mTextureCoords[0]) {
        mScene.Warn("mesh '" + name + "' has no texture coordinates; written as (0, 0)");
    }
    ExportLod built = BuildLod(mScene, em, vertexAnimated);
    Lod &lod = built.lod;
    // The material as every CrossFire file has it: one texture, slots 1-3 the
    // LTA defaults, render style 0 (docs/formats/LTB.md 3).
    int32_t material = static_cast<int32_t>(mesh.mMaterialIndex);
    NodeMeta(*em.holder, keys::kMaterialIndex.name, material);
    lod.textureCount = 1;
    lod.textures = {static_cast<uint32_t>(material), 1, 2, 3};
    if (level == 0) {
        for (const Vertex &v : lod.vertices) {
            mRadius = std::max(mRadius, aiVector3D(v.position.x, v.position.y, v.position.z).Length());
        }
    }
    if (lod.meshType == kVertexAnimatedMesh) {
        mVertexAnimated.push_back(
                VertexAnimatedLod{mModel.pieces.size(), piece.lods.size(), em, built.meshVertex, lod.animNode});
    }
    piece.lods.push_back(std::move(lod));
}

Piece LtbBuilder::BuildPiece(const ExportMesh &em,
        const std::map<int, std::map<std::string, const aiMesh *>> &lodMeshes) {
    Piece piece;
    piece.name = em.mesh->mName.length ? em.mesh->mName.C_Str() : em.nodeName;
    AddLod(piece, em, 0);
    piece.lodDistances.push_back(0.f);
    // Its lower LODs (imported with all LODs): "<piece>_LOD<n>" in LOD holder n.
    int last = 0;
    for (const auto &level : lodMeshes) {
        if (level.second.count(piece.name + "_LOD" + std::to_string(level.first))) {
            last = std::max(last, level.first);
        }
    }
    for (int level = 1; level <= last; ++level) {
        const aiMesh *lodMesh = nullptr;
        const auto byLevel = lodMeshes.find(level);
        if (byLevel != lodMeshes.end()) {
            const auto found = byLevel->second.find(piece.name + "_LOD" + std::to_string(level));
            lodMesh = found != byLevel->second.end() ? found->second : nullptr;
        }
        float distance = 0;
        for (const auto &holder : mScene.lodNodes) {
            if (holder.first == level) NodeMeta(*holder.second, keys::kNodeLodDistance.name, distance);
        }
        piece.lodDistances.push_back(distance);
        if (!lodMesh) {
            Lod null; // a null mesh (7), as the packer writes a LOD without vertices, with LOD 0's material
            null.textureCount = piece.lods[0].textureCount;
            null.textures = piece.lods[0].textures;
            piece.lods.push_back(null);
            continue;
        }
        const int owner = mScene.NodeIndex(em.nodeName);
        AddLod(piece, mScene.BindMesh(*lodMesh, *em.holder, owner), level);
    }
    return piece;
}

void LtbBuilder::BuildPieces() {
    std::map<int, std::map<std::string, const aiMesh *>> lodMeshes; // level -> meshes by name
    for (const auto &lod : mScene.lodNodes) {
        for (unsigned i = 0; i < lod.second->mNumMeshes; ++i) {
            const aiMesh *mesh = mScene.scene.mMeshes[lod.second->mMeshes[i]];
            lodMeshes[lod.first][mesh->mName.C_Str()] = mesh;
        }
    }
    for (const ExportMesh &em : mScene.meshes) {
        if (em.mesh->mNumFaces == 0) {
            mScene.Warn("mesh '" + std::string(em.mesh->mName.C_Str()) + "' has no faces; left out");
            continue;
        }
        mModel.pieces.push_back(BuildPiece(em, lodMeshes));
    }
    if (mModel.pieces.size() > kMaxPieces) {
        Fail("the scene has " + std::to_string(mModel.pieces.size()) + " meshes; an LTB model holds at most " +
                std::to_string(kMaxPieces) + " pieces (the engine's MAX_PIECES_PER_MODEL, load error 3)");
    }
    if (mModel.pieces.empty()) {
        mScene.Warn("the scene has no triangles: a model of nodes and animations only is written");
    }
}

void LtbBuilder::BuildSockets() {
    for (const abc::lt2::Socket &s : mScene.Sockets()) {
        // The engine reads a scale too; every CrossFire socket has 1.
        mModel.sockets.push_back(Socket{s.node, s.name, s.rot, s.pos, Vec3{1.f, 1.f, 1.f}});
    }
}

uint32_t LtbBuilder::CompressionOf(unsigned sceneIndex) const {
    if (!mVertexAnimated.empty()) {
        return kCompressNone; // the vertex-animation flag exists only uncompressed (the packer does the same)
    }
    if (mSettings.compression >= 0) {
        return static_cast<uint32_t>(mSettings.compression);
    }
    int32_t source = 0;
    if (mFromLtb && mScene.MetaInt(keys::Anim(sceneIndex).compressionType.name, source) && source >= 0 &&
            source <= int32_t(kCompressRelevantRot16)) {
        return static_cast<uint32_t>(source);
    }
    return kCompressRelevant16; // what CrossFire's files mostly use
}

void LtbBuilder::BuildAnimations() {
    const aiScene &scene = mScene.scene;
    // The child models' animations stay in their files, which the model names:
    // written here too, the engine would find them twice.
    std::vector<unsigned> write;
    for (unsigned a = 0; a < scene.mNumAnimations; ++a) {
        std::string source;
        if (!mScene.MetaString(keys::Anim(a).source.name, source)) {
            write.push_back(a);
        }
    }
    if (write.size() < scene.mNumAnimations) {
        mScene.Warn(std::to_string(scene.mNumAnimations - write.size()) +
                " animation(s) of child models left to the child models' files, which the model names");
    }
    if (!mVertexAnimated.empty() && mSettings.compression > 0) {
        mScene.Warn("the model has vertex-animated meshes: its animations are written uncompressed (compression 0), "
                "as the packer does");
    }
    for (unsigned a : write) {
        const aiAnimation &animation = *scene.mAnimations[a];
        Animation out;
        out.name.assign(animation.mName.data, animation.mName.length);
        if (out.name.empty()) {
            out.name = "anim" + std::to_string(a);
        }
        BuildAnimation(animation, a, out);
        mModel.animations.push_back(std::move(out));
    }
}

void LtbBuilder::BuildAnimation(const aiAnimation &animation, unsigned sceneIndex, Animation &out) {
    const std::vector<uint32_t> times = mScene.KeyTimes(animation, sceneIndex);
    const std::vector<const aiNodeAnim *> channels = mScene.Channels(&animation);
    const keys::AnimKeys meta = keys::Anim(sceneIndex);
    const std::map<uint32_t, std::string> commands = mScene.KeyframeCommands(meta.prefix);
    const size_t nodeCount = mScene.nodes.size();
    out.tracks.assign(nodeCount, Track());
    out.keys.resize(nodeCount * times.size()); // track after track (Animation::TrackKeys)
    aiVector3D lo(1e30f, 1e30f, 1e30f), hi(-1e30f, -1e30f, -1e30f);
    std::vector<aiQuaternion> previous; // the keys' rotations at the keyframe before
    for (size_t k = 0; k < times.size(); ++k) {
        const std::vector<aiMatrix4x4> global = mScene.GlobalPose(mScene.LocalPose(&animation, channels, times[k]));
        const std::vector<ExportInput::FileKey> fileKeys = mScene.FileKeys(global, previous, out.name);
        for (size_t n = 0; n < nodeCount; ++n) {
            abc::lt2::NodeKey &key = out.keys[n * times.size() + k];
            key.pos = abc::ToVec3(fileKeys[n].position);
            key.rot = ToQuat(fileKeys[n].rotation);
            const aiVector3D at = mScene.FilePoint(aiVector3D(global[n].a4, global[n].b4, global[n].c4));
            lo = aiVector3D(std::min(lo.x, at.x), std::min(lo.y, at.y), std::min(lo.z, at.z));
            hi = aiVector3D(std::max(hi.x, at.x), std::max(hi.y, at.y), std::max(hi.z, at.z));
        }
        abc::lt2::Keyframe keyframe;
        keyframe.timeMs = times[k];
        const auto command = commands.find(times[k]);
        if (command != commands.end()) {
            keyframe.command = command->second;
        }
        out.keyframes.push_back(keyframe);
    }
    int32_t value = 0;
    out.interpolationMs = mScene.MetaInt(meta.interpolationMs.name, value) && value >= 0 ? uint32_t(value) : 200;
    out.compression = CompressionOf(sceneIndex);
    aiVector3D dims;
    if (mScene.MetaVector(meta.extents.name, dims) && Finite(dims)) {
        out.extents = abc::ToVec3(dims);
    } else { // the joints' box, at least the model's radius
        out.extents = Vec3{std::max({std::fabs(lo.x), std::fabs(hi.x), mRadius}),
                std::max({std::fabs(lo.y), std::fabs(hi.y), mRadius}), std::max({std::fabs(lo.z), std::fabs(hi.z), mRadius})};
    }
    AddVertexFrames(animation, times, out);
    StoreChannels(out);
}

/// A vertex-animated LOD's frames in an animation whose morph channel plays
/// its targets: at each keyframe every vertex's morphed position, in the
/// track of its animation node (the engine's CD3DVAMesh::UpdateVA).
void LtbBuilder::AddVertexFrames(const aiAnimation &animation, const std::vector<uint32_t> &times,
        Animation &out) const {
    const double tps = animation.mTicksPerSecond > 0 ? animation.mTicksPerSecond : 25.0;
    for (const VertexAnimatedLod &va : mVertexAnimated) {
        const aiMeshMorphAnim *channel = nullptr;
        for (unsigned c = 0; c < animation.mNumMorphMeshChannels; ++c) {
            if (va.mesh.nodeName == animation.mMorphMeshChannels[c]->mName.C_Str()) {
                channel = animation.mMorphMeshChannels[c];
            }
        }
        if (!channel) {
            continue;
        }
        Track &track = out.tracks[va.node];
        if (track.vertexAnimated) {
            Fail("animation '" + out.name + "': two vertex-animated meshes follow node '" + mScene.nodes[va.node].name +
                    "'; a node's track holds the frames of one mesh");
        }
        track.vertexAnimated = true;
        const aiMesh &mesh = *va.mesh.mesh;
        for (uint32_t ms : times) {
            const std::vector<float> weights = abc::MorphWeights(channel, mesh.mNumAnimMeshes, ms * tps / 1000.0);
            std::vector<Vec3> frame;
            frame.reserve(va.meshVertex.size());
            for (unsigned v : va.meshVertex) {
                const aiVector3D &base = mesh.mVertices[v];
                aiVector3D p = base;
                for (unsigned t = 0; t < mesh.mNumAnimMeshes; ++t) {
                    const aiAnimMesh *target = mesh.mAnimMeshes[t];
                    if (weights[t] != 0.f && target->mVertices && target->mNumVertices == mesh.mNumVertices) {
                        p += (target->mVertices[v] - base) * weights[t];
                    }
                }
                const aiVector3D file = mScene.FilePoint(va.mesh.meshToWorld * p);
                if (!Finite(file)) {
                    Fail("mesh '" + std::string(mesh.mName.C_Str()) + "', animation '" + out.name +
                            "': the morph targets give a vertex position that is not finite");
                }
                frame.push_back(abc::ToVec3(file));
            }
            track.vertexFrames.push_back(std::move(frame));
        }
    }
}

/// How many keys each channel stores: all, or with "relevant" compression
/// one when every keyframe holds the same value (the packer's rule: the
/// engine reads a channel of one key for every keyframe, any other count
/// key by key).
void LtbBuilder::StoreChannels(Animation &anim) const {
    const uint32_t n = static_cast<uint32_t>(anim.keyframes.size());
    const bool position16 = anim.compression == kCompressRelevant16;
    const bool rotation16 = anim.compression == kCompressRelevant16 || anim.compression == kCompressRelevantRot16;
    auto step = [](float v, bool sixteen, double scale) { return sixteen ? double(std::lround(v * scale)) : double(v); };
    for (size_t t = 0; t < anim.tracks.size(); ++t) {
        Track &track = anim.tracks[t];
        if (track.vertexAnimated) {
            continue;
        }
        track.positionCount = track.rotationCount = n;
        if (anim.compression == kCompressNone) {
            continue;
        }
        bool samePosition = true, sameRotation = true;
        const abc::lt2::NodeKey *keys = anim.TrackKeys(t);
        for (uint32_t k = 0; k < n; ++k) {
            const abc::lt2::NodeKey &key = keys[k];
            const Vec3 &p = key.pos;
            if (position16 && std::max({std::fabs(p.x), std::fabs(p.y), std::fabs(p.z)}) > kPosition16Limit) {
                Fail("animation '" + anim.name + "', node '" + mModel.nodes[t].name + "': a position " +
                        std::to_string(std::max({std::fabs(p.x), std::fabs(p.y), std::fabs(p.z)})) +
                        " units from its parent is beyond the " + std::to_string(kPosition16Limit) +
                        " that 'relevant 16' compression holds (sixteenths of a unit in 16 bits); set " +
                        AI_CONFIG_EXPORT_LTB_COMPRESSION + " to 1 or 3");
            }
            const Vec3 &p0 = keys[0].pos;
            samePosition &= step(p.x, position16, 16) == step(p0.x, position16, 16) &&
                    step(p.y, position16, 16) == step(p0.y, position16, 16) &&
                    step(p.z, position16, 16) == step(p0.z, position16, 16);
            const Quat &q = key.rot, &q0 = keys[0].rot;
            sameRotation &= step(q.x, rotation16, 32767) == step(q0.x, rotation16, 32767) &&
                    step(q.y, rotation16, 32767) == step(q0.y, rotation16, 32767) &&
                    step(q.z, rotation16, 32767) == step(q0.z, rotation16, 32767) &&
                    step(q.w, rotation16, 32767) == step(q0.w, rotation16, 32767);
        }
        track.positionCount = samePosition ? 1 : n;
        track.rotationCount = sameRotation ? 1 : n;
    }
}

void LtbBuilder::BuildChildModelsAndBindings() {
    for (int c = 1;; ++c) {
        std::string name;
        if (!mScene.MetaString(keys::ChildModelName(c).name, name)) break;
        const std::string file = ChildModelFileName(name);
        if (file != name) {
            mScene.Warn("child model '" + name + "' written as '" + file + "' (the engine loads .ltb files only)");
        }
        mModel.childModels.push_back(file);
    }
    if (mModel.childModels.size() + 1 > kMaxChildModels) {
        Fail("the scene names " + std::to_string(mModel.childModels.size()) + " child models; LTB allows " +
                std::to_string(kMaxChildModels - 1) + " (MAX_CHILD_MODELS with the model itself, load error 12)");
    }
    // The model's own list names its animations in order (the engine binds
    // them by name and position); dims and translation as the importer kept them.
    mModel.animBindings.resize(mModel.childModels.size() + 1);
    std::vector<std::vector<abc::lt2::AnimBinding>> kept(mModel.animBindings.size());
    for (size_t l = 0; l < kept.size(); ++l) {
        for (int j = 0;; ++j) {
            const keys::AnimBindingKeys key = keys::AnimBinding(l, size_t(j));
            abc::lt2::AnimBinding b;
            aiVector3D dims, translation;
            if (!mScene.MetaString(key.name.name, b.animName)) break;
            if (mScene.MetaVector(key.dims.name, dims)) b.dims = abc::ToVec3(dims);
            if (mScene.MetaVector(key.translation.name, translation))
                b.translation = abc::ToVec3(ExportInput::FileDirection(translation));
            kept[l].push_back(b);
        }
    }
    for (const Animation &a : mModel.animations) {
        const auto found = std::find_if(kept[0].begin(), kept[0].end(),
                [&](const abc::lt2::AnimBinding &b) { return b.animName == a.name; });
        mModel.animBindings[0].push_back(
                found != kept[0].end() ? *found : abc::lt2::AnimBinding{a.name, a.extents, Vec3{}});
    }
    for (size_t l = 1; l < kept.size(); ++l) {
        mModel.animBindings[l] = kept[l];
    }
}

/// x and z negated in the file's space, where the importer's half turn about
/// +Y is the same negation (it commutes with the mirror in X): node binds
/// (global), the root's keys, vertices and vertex frames. Sockets, the other
/// nodes' keys and the bindings are relative to nodes and stay.
void LtbBuilder::TurnHalfAboutY() {
    auto turn = [](Vec3 &v) {
        v.x = -v.x;
        v.z = -v.z;
    };
    for (abc::lt2::Node &n : mModel.nodes) {
        for (int c = 0; c < 4; ++c) {
            n.bind[c] = -n.bind[c];
            n.bind[8 + c] = -n.bind[8 + c];
        }
    }
    for (Piece &piece : mModel.pieces) {
        for (Lod &lod : piece.lods) {
            for (Vertex &v : lod.vertices) {
                turn(v.position);
                turn(v.normal);
            }
        }
    }
    for (Animation &anim : mModel.animations) {
        for (size_t t = 0; t < anim.tracks.size(); ++t) {
            Track &track = anim.tracks[t];
            for (std::vector<Vec3> &frame : track.vertexFrames) {
                std::for_each(frame.begin(), frame.end(), turn);
            }
            if (mModel.nodes[t].parent >= 0) {
                continue;
            }
            abc::lt2::NodeKey *keys = anim.TrackKeys(t);
            for (size_t k = 0; k < anim.keyframes.size(); ++k) {
                abc::lt2::NodeKey &key = keys[k];
                turn(key.pos);
                const Quat q = key.rot; // (0, 1, 0, 0) * q, as LtbFaceFront turns keys
                key.rot = Quat{q.z, q.w, -q.x, -q.y};
            }
        }
    }
}

void LtbBuilder::CheckStrings() const {
    auto check = [&](const std::string &s, const std::string &what) {
        if (s.size() > kMaxString) {
            Fail(what + " '" + s.substr(0, 64) + "...' is " + std::to_string(s.size()) + " bytes long; the engine reads "
                    "at most " + std::to_string(kMaxString) + " (Model::LoadString's buffer) and cuts the rest");
        }
    };
    check(mModel.header.commandString, "the command string");
    for (const abc::lt2::Node &n : mModel.nodes) check(n.name, "node");
    for (const Piece &p : mModel.pieces) check(p.name, "piece");
    for (const Socket &s : mModel.sockets) check(s.name, "socket");
    for (const abc::lt2::WeightSet &w : mModel.weightSets) check(w.name, "weight set");
    for (const std::string &c : mModel.childModels) check(c, "child model");
    std::set<std::string> names;
    for (const Animation &a : mModel.animations) {
        if (a.name.size() > kMaxAnimationName) {
            Fail("animation '" + a.name.substr(0, 64) + "...' has a name of " + std::to_string(a.name.size()) +
                    " bytes; the engine binds animations by names of at most " + std::to_string(kMaxAnimationName) +
                    " (Model::LoadAnimBindings)");
        }
        if (!names.insert(a.name).second) {
            Fail("two animations are named '" + a.name + "'; the engine finds animations by name");
        }
        for (const abc::lt2::Keyframe &k : a.keyframes) check(k.command, "animation '" + a.name + "': a keyframe command");
    }
}

Model LtbBuilder::Build() {
    mFromLtb = mScene.fromAbc && mScene.abcVersion >= 23 && mScene.abcVersion <= 25;
    mModel.header.modelVersion = kModelVersion;
    mScene.MetaString(keys::kCommandString.name, mModel.header.commandString);
    BuildNodes();
    BuildPieces();
    BuildSockets();
    BuildAnimations();
    BuildChildModelsAndBindings();
    float radius = 0;
    mModel.header.internalRadius = mScene.MetaFloat(keys::kInternalRadius.name, radius) ? radius : mRadius;
    if (mSettings.turn) {
        TurnHalfAboutY();
    }
    CheckStrings();
    return std::move(mModel);
}

} // namespace

Model BuildLtbModel(const aiScene &scene, const LtbExportSettings &settings, std::vector<std::string> *warnings) {
    LtbBuilder builder(scene, settings);
    Model model = builder.Build();
    if (warnings) {
        warnings->insert(warnings->end(), builder.Warnings().begin(), builder.Warnings().end());
    }
    return model;
}

} // namespace ltb
} // namespace assimp_retro
