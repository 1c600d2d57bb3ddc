#pragma once
/// Bool, default false. Named in the fixture's README.
#define AI_CONFIG_IMPORT_FIXTURE_DOCUMENTED "IMPORT_FIXTURE_DOCUMENTED"
/// Bool, default false. Named nowhere: the README names only a longer macro that begins with it.
#define AI_CONFIG_IMPORT_FIXTURE_UNDOCUMENTED "IMPORT_FIXTURE_UNDOCUMENTED"
