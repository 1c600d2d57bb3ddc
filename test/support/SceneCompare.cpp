#include "support/SceneCompare.h"

#include "support/AnimationSampling.h"

#include <assimp/scene.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <map>
#include <sstream>
#include <vector>

namespace retro_test {

namespace {

std::string Str(const aiString &s) {
    return std::string(s.data, s.length);
}

/// Limits the failures of one kind to a few messages and a count.
class Reporter {
public:
    explicit Reporter(const std::string &what) : mWhat(what) {}
    ~Reporter() {
        if (mCount > kShown) {
            ADD_FAILURE() << mWhat << ": " << mCount << " differences in all";
        }
    }
    void Fail(const std::string &message) {
        if (++mCount <= kShown) {
            ADD_FAILURE() << mWhat << ": " << message;
        }
    }

private:
    static constexpr int kShown = 5;
    std::string mWhat;
    int mCount = 0;
};

std::string Text(const aiVector3D &v) {
    std::ostringstream out;
    out << "(" << v.x << ", " << v.y << ", " << v.z << ")";
    return out.str();
}

bool Near(const aiVector3D &a, const aiVector3D &b, float tolerance) {
    return std::fabs(a.x - b.x) <= tolerance && std::fabs(a.y - b.y) <= tolerance && std::fabs(a.z - b.z) <= tolerance;
}

struct Corner {
    unsigned vertex;
    aiVector3D position, uv, normal;
};
using Triangle = std::array<Corner, 3>;

std::vector<Triangle> Triangles(const aiMesh &mesh) {
    std::vector<Triangle> result;
    for (unsigned f = 0; f < mesh.mNumFaces; ++f) {
        const aiFace &face = mesh.mFaces[f];
        if (face.mNumIndices != 3) {
            continue;
        }
        Triangle t;
        for (int c = 0; c < 3; ++c) {
            const unsigned v = face.mIndices[c];
            t[c].vertex = v;
            t[c].position = mesh.mVertices[v];
            t[c].uv = mesh.mTextureCoords[0] ? mesh.mTextureCoords[0][v] : aiVector3D();
            t[c].normal = mesh.mNormals ? mesh.mNormals[v] : aiVector3D();
        }
        result.push_back(t);
    }
    return result;
}

/// A sort key on a grid of `cell`: corners rotated (winding kept) so the
/// smallest comes first.
using TriangleKey = std::array<long long, 15>;
TriangleKey KeyOf(Triangle &t, float cell, float uvCell) {
    auto cornerKey = [&](const Corner &c) {
        return std::array<long long, 5>{std::llround(c.position.x / cell), std::llround(c.position.y / cell),
                std::llround(c.position.z / cell), std::llround(c.uv.x / uvCell), std::llround(c.uv.y / uvCell)};
    };
    int first = 0;
    for (int c = 1; c < 3; ++c) {
        if (cornerKey(t[c]) < cornerKey(t[first])) {
            first = c;
        }
    }
    std::rotate(t.begin(), t.begin() + first, t.end());
    TriangleKey key{};
    for (int c = 0; c < 3; ++c) {
        const auto k = cornerKey(t[c]);
        std::copy(k.begin(), k.end(), key.begin() + 5 * c);
    }
    return key;
}

bool SameTriangle(const Triangle &a, const Triangle &b, const SceneCompareOptions &o) {
    for (int c = 0; c < 3; ++c) {
        if (!Near(a[c].position, b[c].position, o.positionTolerance) || !Near(a[c].uv, b[c].uv, o.uvTolerance) ||
                !Near(a[c].normal, b[c].normal, o.normalTolerance)) {
            return false;
        }
    }
    return true;
}

/// Each vertex's weights by bone name.
std::vector<std::map<std::string, float>> WeightsByVertex(const aiMesh &mesh) {
    std::vector<std::map<std::string, float>> weights(mesh.mNumVertices);
    for (unsigned b = 0; b < mesh.mNumBones; ++b) {
        const aiBone &bone = *mesh.mBones[b];
        for (unsigned w = 0; w < bone.mNumWeights; ++w) {
            if (bone.mWeights[w].mVertexId < mesh.mNumVertices) {
                weights[bone.mWeights[w].mVertexId][Str(bone.mName)] += bone.mWeights[w].mWeight;
            }
        }
    }
    return weights;
}

bool NearMatrix(const aiMatrix4x4 &a, const aiMatrix4x4 &b, float translation, float rest) {
    for (unsigned r = 0; r < 4; ++r) {
        for (unsigned c = 0; c < 4; ++c) {
            if (std::fabs(a[r][c] - b[r][c]) > (c == 3 && r < 3 ? translation : rest)) {
                return false;
            }
        }
    }
    return true;
}

void CompareWeights(const aiMesh &expected, const aiMesh &actual, const std::map<unsigned, unsigned> &vertexMap,
        const SceneCompareOptions &o, Reporter &report) {
    const std::string name = Str(expected.mName);
    const auto a = WeightsByVertex(expected), b = WeightsByVertex(actual);
    for (const auto &m : vertexMap) {
        std::map<std::string, float> all = a[m.first];
        for (const auto &w : b[m.second]) all.emplace(w.first, 0.f);
        for (const auto &w : all) {
            const auto ea = a[m.first].find(w.first), eb = b[m.second].find(w.first);
            const float wa = ea == a[m.first].end() ? 0.f : ea->second, wb = eb == b[m.second].end() ? 0.f : eb->second;
            if (std::fabs(wa - wb) > o.weightTolerance) {
                report.Fail("mesh '" + name + "': vertex at " + Text(expected.mVertices[m.first]) + ": bone '" + w.first +
                        "' weighs " + std::to_string(wb) + ", expected " + std::to_string(wa));
            }
        }
    }
    std::map<std::string, const aiBone *> bones;
    for (unsigned i = 0; i < actual.mNumBones; ++i) bones[Str(actual.mBones[i]->mName)] = actual.mBones[i];
    for (unsigned i = 0; i < expected.mNumBones; ++i) {
        const aiBone &bone = *expected.mBones[i];
        const auto found = bones.find(Str(bone.mName));
        if (found != bones.end() &&
                !NearMatrix(bone.mOffsetMatrix, found->second->mOffsetMatrix, o.positionTolerance, o.rotationTolerance)) {
            report.Fail("mesh '" + name + "': bone '" + Str(bone.mName) + "' has another offset matrix");
        }
    }
}

void CompareMesh(const aiMesh &expected, const aiMesh &actual, const SceneCompareOptions &options, Reporter &report) {
    const std::string name = Str(expected.mName);
    // A vertex-animated mesh's own positions are a frame of its animation.
    SceneCompareOptions o = options;
    if (expected.mNumAnimMeshes > 0) {
        o.positionTolerance = std::max(o.positionTolerance, o.morphTolerance);
    }
    if (expected.mNumFaces != actual.mNumFaces) {
        report.Fail("mesh '" + name + "': " + std::to_string(expected.mNumFaces) + " faces, got " + std::to_string(actual.mNumFaces));
        return;
    }
    std::vector<Triangle> a = Triangles(expected), b = Triangles(actual);
    const float cell = std::max(o.positionTolerance * 20, 1e-6f), uvCell = std::max(o.uvTolerance * 20, 1e-6f);
    std::vector<std::pair<TriangleKey, size_t>> ka, kb;
    for (size_t i = 0; i < a.size(); ++i) ka.emplace_back(KeyOf(a[i], cell, uvCell), i);
    for (size_t i = 0; i < b.size(); ++i) kb.emplace_back(KeyOf(b[i], cell, uvCell), i);
    std::sort(ka.begin(), ka.end());
    std::sort(kb.begin(), kb.end());
    std::vector<bool> used(b.size(), false);
    std::map<unsigned, unsigned> vertexMap; // expected mesh vertex -> actual
    auto match = [&](size_t ia, size_t ib) {
        used[ib] = true;
        for (int c = 0; c < 3; ++c) vertexMap[a[ia][c].vertex] = b[ib][c].vertex;
    };
    std::vector<size_t> unmatched;
    for (size_t i = 0; i < ka.size(); ++i) {
        if (i < kb.size() && !used[kb[i].second] && SameTriangle(a[ka[i].second], b[kb[i].second], o)) {
            match(ka[i].second, kb[i].second);
        } else {
            unmatched.push_back(ka[i].second);
        }
    }
    for (size_t ia : unmatched) { // near a grid line: search them all
        bool found = false;
        for (size_t ib = 0; ib < b.size() && !found; ++ib) {
            if (!used[ib] && SameTriangle(a[ia], b[ib], o)) {
                match(ia, ib);
                found = true;
            }
        }
        if (!found) {
            const Corner &c = a[ia][0];
            report.Fail("mesh '" + name + "': no triangle matches the one at " + Text(c.position) + " uv " + Text(c.uv) +
                    " normal " + Text(c.normal));
        }
    }
    if (o.compareWeights) {
        CompareWeights(expected, actual, vertexMap, o, report);
    }
    if (!o.compareMorphTargets) {
        return;
    }
    if (expected.mNumAnimMeshes != actual.mNumAnimMeshes) {
        report.Fail("mesh '" + name + "': " + std::to_string(expected.mNumAnimMeshes) + " morph targets, got " +
                std::to_string(actual.mNumAnimMeshes));
        return;
    }
    for (unsigned t = 0; t < expected.mNumAnimMeshes; ++t) {
        const aiAnimMesh &ta = *expected.mAnimMeshes[t], &tb = *actual.mAnimMeshes[t];
        if (Str(ta.mName) != Str(tb.mName)) {
            report.Fail("mesh '" + name + "': morph target '" + Str(ta.mName) + "' is '" + Str(tb.mName) + "'");
        }
        for (const auto &m : vertexMap) {
            if (ta.mVertices && tb.mVertices && !Near(ta.mVertices[m.first], tb.mVertices[m.second], o.morphTolerance)) {
                report.Fail("mesh '" + name + "', target '" + Str(ta.mName) + "': vertex at " + Text(ta.mVertices[m.first]) +
                        " is at " + Text(tb.mVertices[m.second]));
            }
        }
    }
}

float QuatDistance(const aiQuaternion &a, const aiQuaternion &b) {
    const float same = std::max({std::fabs(a.w - b.w), std::fabs(a.x - b.x), std::fabs(a.y - b.y), std::fabs(a.z - b.z)});
    const float opposite = std::max({std::fabs(a.w + b.w), std::fabs(a.x + b.x), std::fabs(a.y + b.y), std::fabs(a.z + b.z)});
    return std::min(same, opposite);
}

void CompareAnimation(const aiAnimation &expected, const aiAnimation &actual, const SceneCompareOptions &o, Reporter &report) {
    const std::string name = Str(expected.mName);
    if (name != Str(actual.mName)) {
        report.Fail("animation '" + name + "' is '" + Str(actual.mName) + "'");
        return;
    }
    std::map<std::string, const aiNodeAnim *> channels;
    for (unsigned c = 0; c < actual.mNumChannels; ++c) {
        channels[Str(actual.mChannels[c]->mNodeName)] = actual.mChannels[c];
    }
    for (unsigned c = 0; c < expected.mNumChannels; ++c) {
        const aiNodeAnim &ea = *expected.mChannels[c];
        const auto found = channels.find(Str(ea.mNodeName));
        if (found == channels.end()) {
            report.Fail("animation '" + name + "': no channel for node '" + Str(ea.mNodeName) + "'");
            continue;
        }
        const aiNodeAnim &eb = *found->second;
        const std::string where = "animation '" + name + "', node '" + Str(ea.mNodeName) + "'";
        // Sampled at every key time of either channel: an importer leaves out
        // keys that add nothing (NodeAnimBuilder), which the values an
        // exporter recomputes need not repeat to the bit.
        std::vector<double> times;
        for (const aiNodeAnim *channel : {&ea, &eb}) {
            for (unsigned k = 0; k < channel->mNumPositionKeys; ++k) {
                times.push_back(channel->mPositionKeys[k].mTime);
            }
            for (unsigned k = 0; k < channel->mNumRotationKeys; ++k) {
                times.push_back(channel->mRotationKeys[k].mTime);
            }
        }
        std::sort(times.begin(), times.end());
        times.erase(std::unique(times.begin(), times.end()), times.end());
        for (const double time : times) {
            const aiVector3D pa = SampleTrack(ea.mPositionKeys, ea.mNumPositionKeys, time);
            const aiVector3D pb = SampleTrack(eb.mPositionKeys, eb.mNumPositionKeys, time);
            if (!Near(pa, pb, o.positionTolerance)) {
                report.Fail(where + ": position " + Text(pa) + " at " + std::to_string(time) + " is " + Text(pb));
            }
            const aiQuaternion qa = SampleTrack(ea.mRotationKeys, ea.mNumRotationKeys, time);
            const aiQuaternion qb = SampleTrack(eb.mRotationKeys, eb.mNumRotationKeys, time);
            if (QuatDistance(qa, qb) > o.rotationTolerance) {
                report.Fail(where + ": rotation at " + std::to_string(time) + " differs");
            }
        }
        if (ea.mNumPositionKeys && eb.mNumPositionKeys &&
                (ea.mPositionKeys[0].mTime != eb.mPositionKeys[0].mTime ||
                        ea.mPositionKeys[ea.mNumPositionKeys - 1].mTime != eb.mPositionKeys[eb.mNumPositionKeys - 1].mTime)) {
            report.Fail(where + ": the keys span another time");
        }
    }
    if (expected.mNumChannels != actual.mNumChannels && !(o.extraChannelsAllowed && actual.mNumChannels > expected.mNumChannels)) {
        report.Fail("animation '" + name + "': " + std::to_string(expected.mNumChannels) + " channels, got " +
                std::to_string(actual.mNumChannels));
    }
    if (o.compareMorphTargets && expected.mNumMorphMeshChannels != actual.mNumMorphMeshChannels) {
        report.Fail("animation '" + name + "': " + std::to_string(expected.mNumMorphMeshChannels) + " morph channels, got " +
                std::to_string(actual.mNumMorphMeshChannels));
    }
}

std::string MetaValue(const aiMetadataEntry &e) {
    std::ostringstream out;
    switch (e.mType) {
    case AI_BOOL: out << *static_cast<bool *>(e.mData); break;
    case AI_INT32: out << *static_cast<int32_t *>(e.mData); break;
    case AI_UINT64: out << *static_cast<uint64_t *>(e.mData); break;
    case AI_FLOAT: out << *static_cast<float *>(e.mData); break;
    case AI_DOUBLE: out << *static_cast<double *>(e.mData); break;
    case AI_AISTRING: out << "'" << Str(*static_cast<aiString *>(e.mData)) << "'"; break;
    case AI_AIVECTOR3D: out << Text(*static_cast<aiVector3D *>(e.mData)); break;
    default: out << "(type " << int(e.mType) << ")"; break;
    }
    return out.str();
}

bool SameMeta(const aiMetadataEntry &a, const aiMetadataEntry &b) {
    if (a.mType != b.mType) {
        return false;
    }
    switch (a.mType) {
    case AI_FLOAT: return std::fabs(*static_cast<float *>(a.mData) - *static_cast<float *>(b.mData)) <= 1e-5f * (1 + std::fabs(*static_cast<float *>(a.mData)));
    case AI_DOUBLE: return std::fabs(*static_cast<double *>(a.mData) - *static_cast<double *>(b.mData)) <= 1e-9;
    case AI_AIVECTOR3D: return Near(*static_cast<aiVector3D *>(a.mData), *static_cast<aiVector3D *>(b.mData), 1e-4f);
    default: return MetaValue(a) == MetaValue(b);
    }
}

void CompareMetadata(const aiMetadata *expected, const aiMetadata *actual, const SceneCompareOptions &o, Reporter &report,
        const std::string &where = std::string()) {
    std::map<std::string, const aiMetadataEntry *> a, b;
    for (unsigned i = 0; expected && i < expected->mNumProperties; ++i) a[Str(expected->mKeys[i])] = &expected->mValues[i];
    for (unsigned i = 0; actual && i < actual->mNumProperties; ++i) b[Str(actual->mKeys[i])] = &actual->mValues[i];
    for (const auto &e : a) {
        if (o.lostMetadata.count(e.first)) continue;
        const auto found = b.find(e.first);
        if (found == b.end()) {
            report.Fail(where + "metadata '" + e.first + "' (" + MetaValue(*e.second) + ") is missing");
        } else if (!SameMeta(*e.second, *found->second)) {
            report.Fail(where + "metadata '" + e.first + "' is " + MetaValue(*found->second) + ", expected " + MetaValue(*e.second));
        }
    }
    for (const auto &e : b) {
        if (!o.lostMetadata.count(e.first) && !a.count(e.first)) {
            report.Fail(where + "metadata '" + e.first + "' (" + MetaValue(*e.second) + ") is new");
        }
    }
}

void CompareNodes(const aiNode &expected, const aiNode &actual, const std::string &path, const SceneCompareOptions &o,
        Reporter &report) {
    if (Str(expected.mName) != Str(actual.mName)) {
        report.Fail(path + ": node '" + Str(expected.mName) + "' is '" + Str(actual.mName) + "'");
        return;
    }
    if (o.compareNodeMetadata) {
        CompareMetadata(expected.mMetaData, actual.mMetaData, SceneCompareOptions(), report,
                path + "/" + Str(expected.mName) + ": ");
    }
    if (o.compareTransforms &&
            !NearMatrix(expected.mTransformation, actual.mTransformation, o.positionTolerance, o.rotationTolerance)) {
        report.Fail(path + "/" + Str(expected.mName) + ": the transform differs");
    }
    if (expected.mNumChildren != actual.mNumChildren) {
        report.Fail(path + "/" + Str(expected.mName) + ": " + std::to_string(expected.mNumChildren) + " children, got " +
                std::to_string(actual.mNumChildren));
        return;
    }
    for (unsigned c = 0; c < expected.mNumChildren; ++c) {
        CompareNodes(*expected.mChildren[c], *actual.mChildren[c], path + "/" + Str(expected.mName), o, report);
    }
}

} // namespace

void ExpectEqualScenes(const aiScene &expected, const aiScene &actual, const SceneCompareOptions &options) {
    {
        Reporter report("nodes");
        if (options.compareNodes && expected.mRootNode && actual.mRootNode) {
            CompareNodes(*expected.mRootNode, *actual.mRootNode, "", options, report);
        }
    }
    if (options.compareTriangles) {
        Reporter report("meshes");
        if (expected.mNumMeshes != actual.mNumMeshes) {
            report.Fail(std::to_string(expected.mNumMeshes) + " meshes, got " + std::to_string(actual.mNumMeshes));
        } else {
            for (unsigned m = 0; m < expected.mNumMeshes; ++m) {
                CompareMesh(*expected.mMeshes[m], *actual.mMeshes[m], options, report);
            }
        }
    }
    if (options.compareAnimations) {
        Reporter report("animations");
        if (expected.mNumAnimations != actual.mNumAnimations) {
            report.Fail(std::to_string(expected.mNumAnimations) + " animations, got " + std::to_string(actual.mNumAnimations));
        } else {
            for (unsigned a = 0; a < expected.mNumAnimations; ++a) {
                CompareAnimation(*expected.mAnimations[a], *actual.mAnimations[a], options, report);
            }
        }
    }
    {
        Reporter report("metadata");
        CompareMetadata(expected.mMetaData, actual.mMetaData, options, report);
    }
}

} // namespace retro_test
