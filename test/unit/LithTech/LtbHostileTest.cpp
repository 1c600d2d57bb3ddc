// Hostile LTB input: the sample fixture cut at every byte, plain and packed,
// and its counts overwritten, never crashes, hangs or allocates beyond what
// the file justifies; every cut before the optional animation bindings fails
// with a message naming the byte.
#include "LtbTestHelpers.h"

#include <gtest/gtest.h>

#include <string>

namespace {

using namespace assimp_retro::ltb;
using retro_test::ltb_writer::PackLzmaAlone;
using retro_test::ltb_writer::SampleModel;
using retro_test::ltb_writer::VertexAnimationModel;
using retro_test::ltb_writer::WriteLtb;

/// Bytes of the sample's binding lists: one list (u32 count), one binding
/// ("wave": u16 length + 4, dims, translation).
constexpr size_t kBindingBytes = 4 + 2 + 4 + 12 + 12;

} // namespace

TEST(LtbHostile, EveryTruncationOfAPlainFileFailsCleanly) {
    // Each mesh type, the vertex animation fixture and every stream attribute.
    const std::vector<std::pair<std::string, Model>> models = {{"rigid", SampleModel(kRigidMesh, kCompressNone)},
            {"skeletal", SampleModel(kSkeletalMesh, kCompressNone)},
            {"vertex-animated", SampleModel(kVertexAnimatedMesh, kCompressNone)},
            {"vertex animation", VertexAnimationModel()},
            {"colour, 3 UV sets, basis vectors", SampleModel(kRigidMesh, kCompressNone, 0x3 | 0x4 | 0x40 | 0x100)}};
    for (const auto &named : models) {
        const std::vector<uint8_t> bytes = WriteLtb(named.second);
        for (size_t at = 0; at < bytes.size(); ++at) {
            Assimp::Importer importer;
            const aiScene *scene = ltb_test::ImportLtb(importer, std::vector<uint8_t>(bytes.begin(), bytes.begin() + at));
            if (at < bytes.size() - kBindingBytes) {
                ASSERT_EQ(scene, nullptr) << named.first << " cut at " << at;
                const std::string error = importer.GetErrorString();
                // Cuts inside the first bytes leave no LTB header to recognise.
                if (at >= 24) {
                    EXPECT_NE(error.find("LTB: "), std::string::npos) << at << ": " << error;
                    EXPECT_NE(error.find("at byte 0x"), std::string::npos) << at << ": " << error;
                }
            }
        }
    }
}

TEST(LtbHostile, EveryTruncationOfAPackedFileFailsCleanly) {
    const std::vector<uint8_t> packed = PackLzmaAlone(WriteLtb(SampleModel(kSkeletalMesh, kCompressRelevant16)));
    for (size_t at = 0; at + 1 < packed.size(); ++at) {
        Assimp::Importer importer;
        EXPECT_EQ(ltb_test::ImportLtb(importer, std::vector<uint8_t>(packed.begin(), packed.begin() + at)), nullptr) << at;
    }
}

TEST(LtbHostile, HugeCountsAreRefusedBeforeAllocating) {
    const std::vector<uint8_t> bytes = WriteLtb(SampleModel(kSkeletalMesh, kCompressNone));
    size_t refused = 0;
    for (size_t at = 0; at + 4 <= bytes.size(); ++at) {
        for (uint32_t value : {0x7FFFFFFFu, 0xFFFFFFFFu, 0x10000u}) {
            std::vector<uint8_t> bad = bytes;
            for (int i = 0; i < 4; ++i) {
                bad[at + i] = static_cast<uint8_t>(value >> (8 * i));
            }
            Assimp::Importer importer;
            const aiScene *scene = ltb_test::ImportLtb(importer, bad);
            refused += scene == nullptr;
        }
    }
    EXPECT_GT(refused, bytes.size()); // most overwrites are refused; none crashed or ran out of memory
}
