#include "AbcLt1Model.h"

namespace assimp_retro {
namespace abc {

std::vector<Lt1Triangle> CollapseTriangles(const Lt1Geometry &g, uint32_t steps) {
    if (steps > g.usableLodSteps) {
        steps = g.usableLodSteps;
    }
    // replacedBy[v] = the collapse step that merges v (first one wins), or -1.
    std::vector<int64_t> replacedBy(g.vertices.size(), -1);
    for (uint32_t j = 0; j < steps; ++j) {
        const Lt1Vertex &collapse = g.vertices[size_t(g.normalVerts) + j];
        for (uint16_t v : collapse.replacements) {
            if (replacedBy[v] < 0) {
                replacedBy[v] = j;
            }
        }
    }
    // Collapse vertices only replace earlier vertices, so every chain ends.
    auto follow = [&](uint32_t v) {
        size_t current = v;
        while (replacedBy[current] >= 0) {
            current = size_t(g.normalVerts) + size_t(replacedBy[current]);
        }
        return static_cast<uint32_t>(current);
    };
    std::vector<Lt1Triangle> result;
    result.reserve(g.triangles.size());
    for (const Lt1Triangle &t : g.triangles) {
        Lt1Triangle collapsed = t;
        for (int c = 0; c < 3; ++c) {
            collapsed.vertex[c] = follow(t.vertex[c]);
        }
        if (collapsed.vertex[0] != collapsed.vertex[1] && collapsed.vertex[1] != collapsed.vertex[2] &&
                collapsed.vertex[0] != collapsed.vertex[2]) {
            result.push_back(collapsed);
        }
    }
    return result;
}

} // namespace abc
} // namespace assimp_retro
