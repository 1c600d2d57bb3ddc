// What the libassimp a test runs with does, probed at run time: Debian's
// Assimp 5.2.5 has exporter defects that assimp-retro repairs after export
// (FBX null records, glTF cameras, morph weights, node extras, texture URIs,
// a skin of the bones only);
// a patched Assimp (port/) has them fixed. A test of a repair asserts the
// final file in either case and the repair's own counts only where the
// defect is there:
//
//   EXPECT_EQ(report.camerasAdded, retro_test::LinkedAssimp().gltfDropsCameras ? 2u : 0u);
#pragma once

namespace retro_test {

struct AssimpDefects {
    bool fbxLacksNullRecords = false;    ///< binary FBX node lists end without the 13-byte null record
    bool gltfDropsCameras = false;       ///< the glTF2 exporter writes no `cameras`
    bool gltfDropsMorphWeights = false;  ///< ... no `weights` animation channels
    bool gltfDropsNodeExtras = false;    ///< ... no node `extras` from aiNode::mMetaData
    bool gltfWritesNonImageUris = false; ///< ... an image for a texture file glTF cannot hold (".paa")
    bool gltfLeavesJointGaps = false;    ///< ... binary-chunk bytes no buffer view covers after JOINTS_0
    bool gltfSkinsMeshesBelowRoot = false; ///< ... a skinned mesh node under another node (validator warning)
    bool gltfJointsAreBonesOnly = false; ///< ... a skin of the meshes' bones only, not every animated node
};

/// Probed once per process by exporting small scenes with Assimp::Exporter
/// (test/support/GltfTestScenes.h) and reading the files back.
const AssimpDefects &LinkedAssimp();

/// libassimp has assimp-retro's importers compiled in (a patched Assimp):
/// a fresh Importer serves one of our extensions with a built-in copy.
bool LinkedAssimpHasOurImporters();

/// True when the environment says libassimp has assimp-retro's importers
/// compiled in (ASSIMP_RETRO_EXPECT_BUILTIN=1, set by tools/test_with_assimp.sh
/// for tools/run_tests.sh's patched-library stages), so a test can insist that
/// it really runs there. Unset, a test accepts either library.
bool ExpectBuiltInImporters();

} // namespace retro_test
