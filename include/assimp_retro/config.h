// assimp-retro import properties, set with Assimp::Importer::SetProperty*()
// before ReadFile. Names follow Assimp's AI_CONFIG_IMPORT_<FORMAT>_<WHAT>
// pattern; each is documented in README.md.
#pragma once

// ---- Oni OBAN ------------------------------------------------------------

/// Bool, default false. Attach an aiCamera (looking down -Z, +Y up, 45 deg
/// horizontal field of view as OniSplit uses) to every animated OBAN node.
/// Oni drives camera OBANs from BSL scripts only, so the data cannot tell.
#define AI_CONFIG_IMPORT_OBAN_CAMERA "IMPORT_OBAN_CAMERA"

/// String, default "" (none). A list of OBAN names (with or without the
/// "OBAN" prefix), separated by spaces, commas or semicolons, that get a camera
/// even when AI_CONFIG_IMPORT_OBAN_CAMERA is false.
#define AI_CONFIG_IMPORT_OBAN_CAMERA_NAMES "IMPORT_OBAN_CAMERA_NAMES"
