// assimp-retro: every node an animation moves becomes a joint of the glTF's
// skin (the rule is GltfSkinJoints.h, shared with the port's exporter patch
// 0015), so that importers building an armature from the skin's joints
// (Blender) make one armature of the skeleton and one action per animation.
#pragma once

#include "Export/GltfDocument.h"

#include <string>
#include <vector>

struct aiScene;

namespace assimp_retro {

/// Appends to the joints of the document's skin the nodes
/// gltf_rules::AnimatedNodesToJoin names for `scene`, and their inverse bind
/// matrices. Assimp writes the inverse bind matrices last of all (before any
/// animation the completion writes): that accessor and its bufferView then
/// grow in place, which is what the patched exporter writes. Any other
/// layout gets a new accessor holding every matrix (the old one is left
/// unused). A document without exactly one skin, or whose skin cannot be
/// read, is left as it is with a note. Returns the joints added, or -1 and
/// sets `error`.
long long AddAnimatedNodesToSkin(const aiScene &scene, GltfDocument &document, std::vector<std::string> &notes,
        std::string &error);

} // namespace assimp_retro
