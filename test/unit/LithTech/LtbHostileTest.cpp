// Hostile LTB input: the sample fixture cut at every byte, plain and packed,
// and its counts overwritten, never crashes, hangs or allocates beyond what
// the file justifies; every cut before the optional animation bindings fails
// with a message naming the byte.
#include "LtbTestHelpers.h"

#include <gtest/gtest.h>

#include <algorithm>

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

TEST(LtbHostile, AnAnimationsTracksMustBeInTheFileBeforeItsKeysAreMade) {
    // The reader makes an animation's keys (one per node and keyframe) in one
    // array before reading its tracks: a file cut where the tracks begin is
    // refused there, naming the tracks, before any key is made.
    const std::vector<uint8_t> bytes = WriteLtb(SampleModel(kSkeletalMesh, kCompressRelevant));
    // The last keyframe: time 1000, no command; the first track follows.
    const std::vector<uint8_t> lastKeyframe = {0xE8, 0x03, 0, 0, 0, 0};
    const auto found = std::search(bytes.begin(), bytes.end(), lastKeyframe.begin(), lastKeyframe.end());
    ASSERT_NE(found, bytes.end());
    const size_t tracksAt = static_cast<size_t>(found - bytes.begin()) + lastKeyframe.size();
    for (const size_t cut : {tracksAt, tracksAt + 8, tracksAt + 20}) { // 3 tracks need at least 24 bytes
        Assimp::Importer importer;
        EXPECT_EQ(ltb_test::ImportLtb(importer, std::vector<uint8_t>(bytes.begin(), bytes.begin() + cut)), nullptr);
        const std::string error = importer.GetErrorString();
        EXPECT_NE(error.find("animation tracks"), std::string::npos) << cut << ": " << error;
        EXPECT_NE(error.find("at byte 0x"), std::string::npos) << cut << ": " << error;
    }
}
