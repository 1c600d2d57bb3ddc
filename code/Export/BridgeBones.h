// Bones without weights for the nodes that join a scene's skeletons, for
// Blender's FBX and COLLADA importers (see BridgeBones.cpp).
#pragma once

#include <string>
#include <vector>

struct aiBone;
struct aiMesh;
struct aiScene;

namespace assimp_retro {

/// Blender 3.4's FBX importer makes an armature of every node that is no
/// bone but has a bone child. When two skeletons below one node are joined
/// through such nodes (an LTB first-person model: arms and weapon below
/// "Scene Root"), it nests armatures and fails (KeyError in link_hierarchy)
/// or splits the bones and actions. While this object lives, every node that
/// is no bone, lies strictly below the lowest common ancestor of all bones
/// and above a bone is a bone without weights of the first skinned mesh (its
/// offset matrix from the node's and the mesh holder's global transforms), so
/// Assimp writes it as a LimbNode; Blender makes one armature, with the bones
/// its glTF importer makes. The scene is put back as it was on destruction.
///
/// From::TopNode (COLLADA) starts higher: when the bones' lowest common
/// ancestor is no bone and not the root node, every node that is no bone, lies
/// below the root node and above a bone gets one, the root's child holding the
/// skeletons included (ColladaRoots.cpp says why); else nothing is added.
class BridgeBones {
public:
    enum class From {
        CommonAncestor, ///< strictly below the bones' lowest common ancestor
        TopNode, ///< from the root's child holding all bones, when the ancestor is no bone
    };
    explicit BridgeBones(const aiScene &scene, From from = From::CommonAncestor);
    ~BridgeBones();
    BridgeBones(const BridgeBones &) = delete;
    BridgeBones &operator=(const BridgeBones &) = delete;

    /// Leaves the added bones in the scene, owned by their mesh.
    void Keep();

    unsigned count = 0; ///< bones added
    std::vector<std::string> names; ///< their nodes' names, in the order added

private:
    aiMesh *mesh_ = nullptr;
    aiBone **savedBones_ = nullptr;
    unsigned savedCount_ = 0;
};

} // namespace assimp_retro
