// assimp-retro: adding children to an aiNode without Assimp's exception hazard.
#pragma once

#include <assimp/scene.h>

#include <algorithm>
#include <memory>

namespace assimp_retro {

/// Appends `count` children to `parent` and sets their mParent. Either all are
/// adopted or, when the allocation throws, nothing changes (the caller still
/// owns the children). Assimp 5.2.5's aiNode::addChildren frees the old
/// children array before allocating the new one, so a failure there leaves a
/// dangling array the node's destructor frees again (found by test/alloc).
inline void AppendChildren(aiNode &parent, aiNode *const *children, unsigned count) {
    if (count == 0) {
        return;
    }
    std::unique_ptr<aiNode *[]> grown(new aiNode *[parent.mNumChildren + count]);
    if (parent.mNumChildren > 0) {
        std::copy(parent.mChildren, parent.mChildren + parent.mNumChildren, grown.get());
    }
    std::copy(children, children + count, grown.get() + parent.mNumChildren);
    for (unsigned i = 0; i < count; ++i) {
        children[i]->mParent = &parent;
    }
    delete[] parent.mChildren;
    parent.mChildren = grown.release();
    parent.mNumChildren += count;
}

} // namespace assimp_retro
