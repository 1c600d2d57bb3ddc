#pragma once
/// Bool, default false. Named in the fixture's README.
#define AI_CONFIG_IMPORT_FIXTURE_DOCUMENTED "IMPORT_FIXTURE_DOCUMENTED"
