// assimp-retro tests: P3D files counted by the reader (see P3dFileCounts.h).
#include "support/P3dFileCounts.h"

#include "support/TestSupport.h"

#include "AssetLib/Poseidon/P3dReader.h"
#include "Common/ImportError.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <iterator>
#include <cstdio>

namespace retro_test {
namespace {

using namespace assimp_retro::p3d;

std::string Num(float value, float scale) {
    char text[32];
    // Values the scene builder zeroes (NaN UVs of real files) compare as 0.
    const float finite = std::isfinite(value) && std::fabs(value) <= 1e5f ? value : 0.f;
    const float rounded = std::round(finite * scale) / scale;
    std::snprintf(text, sizeof(text), "%g", rounded == 0.f ? 0.f : rounded);
    return text;
}

std::string Position(const Vec3 &p, const Vec3 &centre) {
    return Num(p.x + centre.x, 1e4f) + "," + Num(p.y + centre.y, 1e4f) + "," + Num(p.z + centre.z, 1e4f);
}

std::string ProxyName(const Proxy &proxy) {
    char id[16];
    std::snprintf(id, sizeof(id), ".%02d", static_cast<int>(proxy.id));
    return "proxy:" + proxy.name + id;
}

P3dFileLod CountLod(const Model &model, const Lod &lod, const std::set<std::string> *placeholderSelections) {
    P3dFileLod out;
    out.resolution = lod.resolution;
    for (const Proxy &proxy : lod.proxies) {
        out.proxies.insert(ProxyName(proxy));
    }
    const std::set<std::string> &placeholders = placeholderSelections ? *placeholderSelections : out.proxies;
    const Vec3 centre = model.kind == Model::Kind::Odol ? model.boundingCenter : Vec3{};
    std::vector<bool> placeholder(lod.faces.size(), false);
    for (const NamedSelection &sel : lod.selections) {
        for (uint32_t f : sel.faces) {
            placeholder[f] = placeholder[f] || placeholders.count(sel.name) > 0;
        }
    }
    std::vector<std::string> text(lod.faces.size());
    for (size_t f = 0; f < lod.faces.size(); ++f) {
        const Polygon &poly = lod.faces[f];
        placeholder[f] = placeholder[f] || (model.kind == Model::Kind::Odol && (poly.special & kIsHiddenProxy));
        if (poly.special & kIsHidden) {
            ++out.hidden;
            continue;
        }
        if (placeholder[f]) {
            ++out.placeholders;
            continue;
        }
        std::string &face = text[f];
        face = poly.texIndex >= 0 ? lod.textures[poly.texIndex] : std::string();
        for (unsigned k = 0; k < poly.count; ++k) {
            const uint16_t v = poly.index[k];
            // v as the way through the scene leaves it: 1 - (1 - v) (Assimp's
            // v points up) loses a few bits of a v near 0; a second time nothing.
            const float v1 = 1.f - lod.uvs[v].v;
            face += "|" + Position(lod.positions[v], centre) + " " + Num(lod.uvs[v].u, 1e5f) + "," + Num(1.f - v1, 1e5f);
        }
        (poly.count == 4 ? out.quads : out.triangles) += 1;
        out.faces.insert(face);
    }
    // A placeholder's points: the exporter writes each proxy's triangle anew
    // (docs/formats/P3D.md §9.1), so a selection holding one is counted by
    // how many it holds.
    std::vector<int> placeholderOf(lod.positions.size(), -1);
    for (size_t f = 0; f < lod.faces.size(); ++f) {
        for (unsigned k = 0; placeholder[f] && k < lod.faces[f].count; ++k) {
            placeholderOf[lod.faces[f].index[k]] = static_cast<int>(f);
        }
    }
    for (const NamedSelection &sel : lod.selections) {
        if (placeholders.count(sel.name)) {
            continue;
        }
        std::set<std::string> &points = out.selectionPoints[sel.name];
        std::set<int> held;
        for (size_t i = 0; i < sel.vertices.size(); ++i) {
            const int weight = sel.vertexWeights.empty() ? 255 : sel.vertexWeights[i];
            if (placeholderOf[sel.vertices[i]] >= 0) {
                held.insert(placeholderOf[sel.vertices[i]]);
                continue;
            }
            points.insert(Position(lod.positions[sel.vertices[i]], centre) + "|" + std::to_string(weight));
        }
        out.selectionProxies[sel.name] = held.size();
        std::multiset<std::string> &faces = out.selectionFaces[sel.name];
        for (uint32_t f : sel.faces) {
            if (!text[f].empty()) {
                faces.insert(text[f]);
            }
        }
    }
    return out;
}

} // namespace

size_t P3dFileLod::SelectionPoints() const {
    size_t n = 0;
    for (const auto &sel : selectionPoints) n += sel.second.size();
    return n;
}

size_t P3dFileLod::SelectionFaces() const {
    size_t n = 0;
    for (const auto &sel : selectionFaces) n += sel.second.size();
    return n;
}

std::vector<P3dFileLod> ReadP3dFileLods(const std::vector<uint8_t> &bytes, const std::string &name,
        const std::vector<std::set<std::string>> &placeholderSelections) {
    std::vector<P3dFileLod> lods;
    try {
        const Model model = ReadP3d(bytes.data(), bytes.size(), name);
        for (size_t l = 0; l < model.lods.size(); ++l) {
            lods.push_back(CountLod(model, model.lods[l], l < placeholderSelections.size() ? &placeholderSelections[l] : nullptr));
        }
    } catch (const assimp_retro::ImportError &e) {
        ADD_FAILURE() << name << ": " << e.what();
    }
    return lods;
}

std::vector<P3dFileLod> ReadP3dFileLodsLike(const std::string &path, const std::vector<P3dFileLod> &original) {
    std::vector<std::set<std::string>> placeholders;
    for (const P3dFileLod &lod : original) {
        placeholders.push_back(lod.proxies);
    }
    return ReadP3dFileLods(ReadFile(path), path, placeholders);
}

void ExpectSameFileLods(const std::vector<P3dFileLod> &expected, const std::vector<P3dFileLod> &actual) {
    ASSERT_EQ(actual.size(), expected.size()) << "LOD count";
    for (size_t l = 0; l < expected.size(); ++l) {
        const P3dFileLod &a = actual[l], &e = expected[l];
        SCOPED_TRACE("LOD " + std::to_string(l) + " (resolution " + std::to_string(e.resolution) + ")");
        EXPECT_EQ(a.resolution, e.resolution) << "the LOD order";
        EXPECT_EQ(a.quads, e.quads) << "quads";
        EXPECT_EQ(a.triangles, e.triangles) << "triangles";
        EXPECT_EQ(a.placeholders, e.placeholders) << "proxy placeholders";
        if (a.faces != e.faces) {
            std::vector<std::string> gone, came;
            std::set_difference(e.faces.begin(), e.faces.end(), a.faces.begin(), a.faces.end(), std::back_inserter(gone));
            std::set_difference(a.faces.begin(), a.faces.end(), e.faces.begin(), e.faces.end(), std::back_inserter(came));
            ADD_FAILURE() << gone.size() << " faces differ (corners in order from the first, positions, UVs), such as\n  "
                          << (gone.empty() ? "" : gone[0]) << "\nnow\n  " << (came.empty() ? "" : came[0]);
        }
        // The MLOD reader takes every "proxy:" selection with a face as a
        // proxy (docs/formats/P3D.md §5): one the ODOL's table left out is one
        // there, its selection compared with the others below.
        for (const std::string &proxy : e.proxies) {
            EXPECT_TRUE(a.proxies.count(proxy)) << "proxy '" << proxy << "' is gone";
        }
        for (const auto &sel : e.selectionPoints) {
            const auto found = a.selectionPoints.find(sel.first);
            if (found == a.selectionPoints.end()) {
                ADD_FAILURE() << "selection '" << sel.first << "' is gone";
                continue;
            }
            EXPECT_EQ(found->second, sel.second) << "the points of '" << sel.first << "'";
            EXPECT_TRUE(a.selectionFaces.at(sel.first) == e.selectionFaces.at(sel.first))
                    << "the faces of '" << sel.first << "'";
            EXPECT_EQ(a.selectionProxies.at(sel.first), e.selectionProxies.at(sel.first))
                    << "the proxies in '" << sel.first << "'";
        }
        EXPECT_EQ(a.selectionPoints.size(), e.selectionPoints.size()) << "selections";
    }
}

} // namespace retro_test
