// OBAN cameras: clip planes (in Oni units and after the default conversion to
// metres) and the IMPORT_OBAN_CAMERA_NAMES list syntax, on the bundled dolly.
#include "support/TestSupport.h"

#include <assimp_retro/config.h>

#include <assimp/Importer.hpp>
#include <assimp/scene.h>

#include <gtest/gtest.h>

#include <string>

namespace {

const std::string kDolly = std::string(ASSIMP_RETRO_SOURCE_DIR) + "/test/models/oban/OBANcamera_dolly.oni";

} // namespace

// 1 and 10000 Oni units; 1 Oni unit is 1 dm, so the default conversion to
// metres scales them with the rest of the scene: 0.1 m and 1000 m.
TEST(ObanCamera, ClipPlanesInOniUnitsAndInMetres) {
    Assimp::Importer oniUnits;
    oniUnits.SetPropertyBool(AI_CONFIG_IMPORT_OBAN_CAMERA, true);
    oniUnits.SetPropertyBool(AI_CONFIG_IMPORT_RETRO_UNITS_TO_METRES, false);
    const aiScene *raw = retro_test::Import(oniUnits, kDolly);
    ASSERT_NE(raw, nullptr) << oniUnits.GetErrorString();
    ASSERT_EQ(raw->mNumCameras, 1u);
    EXPECT_FLOAT_EQ(raw->mCameras[0]->mClipPlaneNear, 1.f);
    EXPECT_FLOAT_EQ(raw->mCameras[0]->mClipPlaneFar, 10000.f);

    Assimp::Importer metres;
    metres.SetPropertyBool(AI_CONFIG_IMPORT_OBAN_CAMERA, true);
    metres.SetPropertyBool(AI_CONFIG_IMPORT_RETRO_UNITS_TO_METRES, true);
    const aiScene *scaled = retro_test::Import(metres, kDolly);
    ASSERT_NE(scaled, nullptr) << metres.GetErrorString();
    ASSERT_EQ(scaled->mNumCameras, 1u);
    EXPECT_FLOAT_EQ(scaled->mCameras[0]->mClipPlaneNear, 0.1f);
    EXPECT_FLOAT_EQ(scaled->mCameras[0]->mClipPlaneFar, 1000.f);
}

// The names list: semicolons, commas and spaces separate; the "OBAN" prefix is optional.
TEST(ObanCamera, NameListSeparatorsAndPrefix) {
    struct Case {
        const char *names;
        unsigned cameras;
    };
    const Case cases[] = {
            {"camera_dolly", 1},
            {"OBANcamera_dolly", 1},
            {"door;camera_dolly", 1},
            {"door,OBANcamera_dolly", 1},
            {"door  camera_dolly lift", 1},
            {" ;camera_dolly; ", 1},
            {"camera", 0},          // whole names only
            {"camera_dolly2", 0},
            {"OBAN", 0},
            {"", 0},
    };
    for (const Case &c : cases) {
        Assimp::Importer importer;
        importer.SetPropertyString(AI_CONFIG_IMPORT_OBAN_CAMERA_NAMES, c.names);
        const aiScene *scene = retro_test::Import(importer, kDolly);
        ASSERT_NE(scene, nullptr) << importer.GetErrorString();
        EXPECT_EQ(scene->mNumCameras, c.cameras) << "names \"" << c.names << "\"";
    }
}

// IMPORT_RETRO_METRES_PER_UNIT replaces Oni's decimetre: recorded in
// "OriginalUnitScaleFactor" and used by the conversion (clip planes scale
// with the scene); out of range, the import fails with a clear message.
TEST(ObanUnits, MetresPerUnitOverridesTheDecimetre) {
    Assimp::Importer importer;
    importer.SetPropertyBool(AI_CONFIG_IMPORT_OBAN_CAMERA, true);
    importer.SetPropertyBool(AI_CONFIG_IMPORT_RETRO_UNITS_TO_METRES, true);
    importer.SetPropertyFloat(AI_CONFIG_IMPORT_RETRO_METRES_PER_UNIT, 0.05f);
    const aiScene *scene = retro_test::Import(importer, kDolly);
    ASSERT_NE(scene, nullptr) << importer.GetErrorString();
    double original = 0, unit = 0;
    ASSERT_TRUE(scene->mMetaData->Get("OriginalUnitScaleFactor", original));
    ASSERT_TRUE(scene->mMetaData->Get("UnitScaleFactor", unit));
    EXPECT_DOUBLE_EQ(original, 5.0);
    EXPECT_DOUBLE_EQ(unit, 100.0);
    ASSERT_EQ(scene->mNumCameras, 1u);
    EXPECT_FLOAT_EQ(scene->mCameras[0]->mClipPlaneNear, 0.05f);
    EXPECT_FLOAT_EQ(scene->mCameras[0]->mClipPlaneFar, 500.f);

    Assimp::Importer defaults;
    defaults.SetPropertyBool(AI_CONFIG_IMPORT_RETRO_UNITS_TO_METRES, false);
    const aiScene *raw = retro_test::Import(defaults, kDolly);
    ASSERT_NE(raw, nullptr) << defaults.GetErrorString();
    ASSERT_TRUE(raw->mMetaData->Get("OriginalUnitScaleFactor", original));
    EXPECT_DOUBLE_EQ(original, 10.0);

    Assimp::Importer wrong;
    wrong.SetPropertyFloat(AI_CONFIG_IMPORT_RETRO_METRES_PER_UNIT, -1.0f);
    EXPECT_EQ(retro_test::Import(wrong, kDolly), nullptr);
    EXPECT_NE(std::string(wrong.GetErrorString()).find("OBAN: IMPORT_RETRO_METRES_PER_UNIT is -1: expected 0"),
            std::string::npos)
            << wrong.GetErrorString();
}
