// LODs that share a resolution, as in a real C-130 ODOL (three LODs at
// 40.263): the tool's p3d export writes every one of them, in their order,
// each with its resolution bit for bit. The fixture is the project's ODOL
// writer's sample with its LOD 2.000 given an unround resolution and doubled.
#include "support/ExportSupport.h"
#include "support/P3dLodValues.h"
#include "support/TestSupport.h"
#include "writers/Poseidon/P3dWriter.h"

#include <assimp_retro/config.h>

#include <assimp/Importer.hpp>
#include <assimp/scene.h>

#include <gtest/gtest.h>

namespace {

namespace wp = retro_test::p3d;

const aiScene *ImportEveryLod(Assimp::Importer &importer, const std::string &path) {
    importer.SetPropertyInteger(AI_CONFIG_IMPORT_P3D_LODS, 2);
    return retro_test::Import(importer, path);
}

TEST(P3dSharedResolutionTool, EveryLodIsWrittenWithItsResolution) {
    wp::Model model = wp::SampleModel();
    ASSERT_GE(model.lods.size(), 2u);
    model.lods[1].resolution = 40.263f;
    model.lods.insert(model.lods.begin() + 2, model.lods[1]);
    model.lods.insert(model.lods.begin() + 2, model.lods[1]);
    const std::string odol = retro_test::OutputPath("P3dSharedResolutionTool/c130like_odol.p3d");
    retro_test::WriteFile(odol, wp::WriteOdol(model));
    const std::string mlod = retro_test::OutputPath("P3dSharedResolutionTool/c130like_mlod.p3d");
    std::string output;
    ASSERT_EQ(retro_test::RunToolExport(odol, mlod, "-f p3d --set IMPORT_P3D_LODS=2", &output), 0) << output;

    Assimp::Importer first, second;
    const aiScene *original = ImportEveryLod(first, odol);
    ASSERT_NE(original, nullptr) << first.GetErrorString();
    ASSERT_EQ(original->mRootNode->mNumChildren, model.lods.size());
    const aiScene *again = ImportEveryLod(second, mlod);
    ASSERT_NE(again, nullptr) << second.GetErrorString();
    retro_test::ExpectSameP3dLods(*original, *again);
}

} // namespace
