// The fuzz seeds in test/fuzz/corpus/fuzz_ltb and fuzz_lzma are the LTB
// writer's output (every mesh type and compression type, plain and packed,
// vertex animation on two LODs, basis vectors).
// Regenerate them with LTB_WRITE_SEEDS=1 ./test_LithTech --gtest_filter=LtbFuzzSeeds.*
#include "LtbTestHelpers.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>

namespace {

using namespace assimp_retro::ltb;
using retro_test::ltb_writer::MultiLodVertexAnimationModel;
using retro_test::ltb_writer::PackLzmaAlone;
using retro_test::ltb_writer::SampleModel;
using retro_test::ltb_writer::WriteLtb;

std::vector<std::pair<std::string, std::vector<uint8_t>>> LtbSeeds() {
    std::vector<std::pair<std::string, std::vector<uint8_t>>> seeds;
    seeds.emplace_back("rigid_none.ltb", WriteLtb(SampleModel(kRigidMesh, kCompressNone)));
    seeds.emplace_back("skeletal_relevant16.ltb", WriteLtb(SampleModel(kSkeletalMesh, kCompressRelevant16)));
    seeds.emplace_back("palette_rot16.ltb", WriteLtb(SampleModel(kSkeletalMesh, kCompressRelevantRot16, 0x1F3, true, 23)));
    seeds.emplace_back("vertexanim_none.ltb", WriteLtb(SampleModel(kVertexAnimatedMesh, kCompressNone)));
    seeds.emplace_back("vertexanim_lods.ltb", WriteLtb(MultiLodVertexAnimationModel()));
    seeds.emplace_back("rigid_basis.ltb", WriteLtb(SampleModel(kRigidMesh, kCompressNone, 0x113)));
    seeds.emplace_back("null_relevant.ltb", WriteLtb(SampleModel(kNullMesh, kCompressRelevant)));
    seeds.emplace_back("skeletal_packed.ltb", PackLzmaAlone(WriteLtb(SampleModel(kSkeletalMesh, kCompressNone))));
    return seeds;
}

void CheckSeeds(const char *folder, const std::vector<std::pair<std::string, std::vector<uint8_t>>> &seeds) {
    const std::filesystem::path dir = std::filesystem::path(ASSIMP_RETRO_SOURCE_DIR) / "test" / "fuzz" / "corpus" / folder;
    const bool write = std::getenv("LTB_WRITE_SEEDS") != nullptr;
    for (const auto &seed : seeds) {
        const std::string path = (dir / seed.first).string();
        if (write) {
            retro_test::WriteFile(path, seed.second);
        }
        EXPECT_EQ(retro_test::ReadFile(path), seed.second) << path << " differs from the writer's output";
    }
}

} // namespace

TEST(LtbFuzzSeeds, CommittedSeedsAreTheWritersOutput) {
    CheckSeeds("fuzz_ltb", LtbSeeds());
    CheckSeeds("fuzz_lzma", {{"packed_model.lzma", PackLzmaAlone(WriteLtb(SampleModel(kRigidMesh, kCompressRelevant)))}});
}
