// The run-time probes of test/support/LinkedAssimp.h tell the two libraries
// apart: Debian's Assimp 5.2.5 has every defect, the patched one (port/: the
// importers compiled in, and the exporter patches) none.
#include "support/LinkedAssimp.h"

#include <gtest/gtest.h>

TEST(LinkedAssimp, ProbesMatchTheLibrary) {
    const retro_test::AssimpDefects &defects = retro_test::LinkedAssimp();
    const bool patched = retro_test::LinkedAssimpHasOurImporters();
    if (retro_test::ExpectBuiltInImporters()) {
        ASSERT_TRUE(patched) << "ASSIMP_RETRO_EXPECT_BUILTIN=1 but libassimp has no importers of ours";
    }
    EXPECT_EQ(defects.fbxLacksNullRecords, !patched);
    EXPECT_EQ(defects.gltfDropsCameras, !patched);
    EXPECT_EQ(defects.gltfDropsMorphWeights, !patched);
    EXPECT_EQ(defects.gltfDropsNodeExtras, !patched);
    EXPECT_EQ(defects.gltfWritesNonImageUris, !patched);
    EXPECT_EQ(defects.gltfLeavesJointGaps, !patched);
    EXPECT_EQ(defects.gltfSkinsMeshesBelowRoot, !patched);
    EXPECT_EQ(defects.gltfJointsAreBonesOnly, !patched);
}
