// assimp-retro import properties, set with Assimp::Importer::SetProperty*()
// before ReadFile. Names follow Assimp's AI_CONFIG_IMPORT_<FORMAT>_<WHAT>
// pattern; each is documented in README.md (one line) and docs/properties.md
// (in full); tools/check_docs.py (ctest docs_links_and_properties) checks it.
#pragma once

// ---- every format -----------------------------------------------------------

/// Bool, default true. Convert the scene to metres (positions, translations,
/// keys and bind matrices scaled by the file's unit in metres: LithTech ABC
/// v6 x0.022, ABC v9-v13 x0.017, Oni OBAN x0.1, P3D unchanged; see
/// AI_CONFIG_IMPORT_RETRO_METRES_PER_UNIT), so glTF, FBX, COLLADA and OBJ
/// consumers see real-world sizes. Either way the scene metadata records the
/// unit in centimetres per unit, as Assimp's FBX importer does:
/// "OriginalUnitScaleFactor" (the file's unit: ABC v6 2.2, ABC v9-v13 1.7,
/// OBAN 10, P3D 100; the factor that applies even when nothing is converted)
/// and "UnitScaleFactor" (the scene's: 100 when converted, else the file's).
#define AI_CONFIG_IMPORT_RETRO_UNITS_TO_METRES "IMPORT_RETRO_UNITS_TO_METRES"

/// Float, default 0 (the format's default). The length of one file unit in
/// metres, for LithTech ABC and Oni OBAN (P3D is in metres). 0 takes the
/// format's default: ABC v6 (LithTech 1.x) 0.022, ABC v9-v13 (LithTech 2.x)
/// 0.017, OBAN 0.1; docs/formats/ABC.md lists each game's measured value. Any
/// other value must lie in [1e-6, 1000] (else the import fails). It sets what
/// "OriginalUnitScaleFactor" records (x100, centimetres per unit) and, with
/// AI_CONFIG_IMPORT_RETRO_UNITS_TO_METRES, the scale of the conversion.
#define AI_CONFIG_IMPORT_RETRO_METRES_PER_UNIT "IMPORT_RETRO_METRES_PER_UNIT"

/// Bool, default true. An input file of 1 MiB or more that Assimp's default
/// IO system opens is memory-mapped instead of copied to the heap (its pages
/// are read when touched and belong to the page cache). False: always read
/// into a heap buffer. A mapped file that another process truncates while it
/// is imported stops the program with SIGBUS when the missing pages are
/// touched: switch mapping off when inputs may change while they are read
/// (files still being written, some network shares).
#define AI_CONFIG_IMPORT_RETRO_MAP_FILES "IMPORT_RETRO_MAP_FILES"

/// Bool, default false. Keep every key the file gives each node channel.
/// By default a key whose value is bitwise equal to both its neighbours' is
/// left out (no other key is): a node that does not move keeps the first and
/// last key of the animation, and every pose is the same at every time for a
/// player that interpolates between two equal keys to that value (lerp as
/// a + (b - a) * t, slerp). LithTech keyframes (with their command strings)
/// stay in the metadata either way (abc:anim<i>.keyframes).
#define AI_CONFIG_IMPORT_RETRO_KEEP_ALL_KEYS "IMPORT_RETRO_KEEP_ALL_KEYS"

/// String, default "" (every animation). Keep only the animations whose names
/// match one of a list of names or wildcard patterns, separated by commas
/// ("M-wait*, M-run?"): `*` is any run of characters, `?` one character,
/// ASCII case is ignored (as LithTech does), spaces around a pattern are left
/// out. There is no escape: write `?` for a comma, `*` or `?` in a name. A
/// list without any pattern keeps every animation. Names are matched as the
/// file stores them (LithTech's animation names, the OBAN instance name
/// "OBANdoor", P3D's one animation "morph"), before the scene makes
/// duplicates unique. Every format: LithTech ABC v6, v9-v13, LTB (with the
/// animations of child models), Oni OBAN, P3D. The filter changes nothing
/// but which animations the scene holds: meshes, nodes, the bind pose (ABC
/// v6: still from the file's animation 0) and the kept animations' names
/// stay as without it; the morph targets that only a left-out animation
/// plays (ABC v6, LTB vertex animation) are not made; metadata keyed by
/// animation index (abc:anim<i>.*) follows the kept animations' indices.
/// A filter that keeps none of a file's animations fails the import, naming
/// them (the first 20 and how many more); a file without animations is no
/// error (nothing to keep).
#define AI_CONFIG_IMPORT_RETRO_ANIMATIONS "IMPORT_RETRO_ANIMATIONS"

// ---- Oni OBAN ------------------------------------------------------------

/// Bool, default false. Attach an aiCamera (looking down -Z, +Y up, 45 deg
/// horizontal field of view as OniSplit uses) to every animated OBAN node.
/// Oni drives camera OBANs from BSL scripts only, so the data cannot tell.
#define AI_CONFIG_IMPORT_OBAN_CAMERA "IMPORT_OBAN_CAMERA"

/// String, default "" (none). A list of OBAN names (with or without the
/// "OBAN" prefix), separated by spaces, commas or semicolons, that get a camera
/// even when AI_CONFIG_IMPORT_OBAN_CAMERA is false.
#define AI_CONFIG_IMPORT_OBAN_CAMERA_NAMES "IMPORT_OBAN_CAMERA_NAMES"

/// Bool, default false. Write one key per frame, computed with the engine's
/// own interpolation (translation lerp, rotation nlerp), instead of the stored
/// keys. glTF players interpolate rotations with slerp, which differs from the
/// game by up to a few thousandths of a radian between sparse keys; resampled
/// keys make every frame exact.
#define AI_CONFIG_IMPORT_OBAN_RESAMPLE "IMPORT_OBAN_RESAMPLE"

// ---- LithTech ABC ----------------------------------------------------------

/// Bool, default true. ABC v6 "deformation" nodes (per-frame compressed vertex
/// positions) become morph targets (aiAnimMesh, one per keyframe of every
/// animation) driven by a morph animation (aiMeshMorphAnim) in each
/// animation. False: the mesh keeps animation 0, frame 0 only.
#define AI_CONFIG_IMPORT_ABC_VERTEX_ANIMATION "IMPORT_ABC_VERTEX_ANIMATION"

/// Integer, default 0 (none). ABC v6: how many lower-detail meshes to build
/// from the progressive-mesh collapse data, each on its own node
/// ("<mesh>_LOD1" ...). Level i of n applies round(i * steps / n) of the
/// file's collapse steps, so the last level is the coarsest the file defines.
/// Capped at the number of collapse steps, and at 32.
#define AI_CONFIG_IMPORT_ABC_LOD_LEVELS "IMPORT_ABC_LOD_LEVELS"

/// Bool, default false. ABC v9-v13: import every LOD of every piece, not
/// only LOD 0.
#define AI_CONFIG_IMPORT_ABC_ALL_LODS "IMPORT_ABC_ALL_LODS"

/// Int, default -1 (by the file name). LTB: whether to turn the scene half a
/// turn about +Y (below the root node, whose transform stays the identity).
/// CrossFire's models face -Z in LithTech's space, where ABC models face +Z;
/// the turn makes them face +Z like every other import (docs/formats/LTB.md
/// 7, 8). First-person (player-view) models are drawn in the camera's space,
/// whose forward is +Z already, and nothing in the file marks them, so by
/// default a file whose name starts with "PV-" or "PV_" (any case) is not
/// turned and every other file is. 1 (or a bool's true): turn every file;
/// 0 (false): turn none, keeping ABC's orientation (for LTB files compiled
/// from models facing +Z; NOLF2 and Tron 2.0 files are unchecked).
#define AI_CONFIG_IMPORT_LTB_FACE_FRONT "IMPORT_LTB_FACE_FRONT"

/// Bool, default true. ABC v9-v13 and LTB: load the child models (animation
/// sources in other .abc, for LTB .ltb, files next to the model).
#define AI_CONFIG_IMPORT_ABC_CHILD_MODELS "IMPORT_ABC_CHILD_MODELS"

// ---- Operation Flashpoint P3D (ODOL v7, MLOD) ---------------------------------

/// Int, default 0. Which LODs of a .p3d become nodes of the scene:
///   0 = the first (most detailed) visual LOD only,
///   1 = every visual LOD (resolution LODs and the View-Gunner/Pilot/Cargo interiors),
///   2 = every LOD, including Geometry, Memory, Fire Geometry, Land Contact, ...
#define AI_CONFIG_IMPORT_P3D_LODS "IMPORT_P3D_LODS"

// ---- Textures (P3D and ABC) -------------------------------------------------
// See docs/textures.md: how each format finds its texture files, and how they
// are embedded.

/// Bool, default true. Find, decode and embed the textures the model uses
/// (P3D: the paths it names; ABC: its skins). False: no texture work at all;
/// P3D materials keep the game paths in their diffuse slot, ABC materials get
/// none.
#define AI_CONFIG_IMPORT_RETRO_TEXTURES "IMPORT_RETRO_TEXTURES"

/// Bool, default true. Decoded textures become embedded PNG aiTextures,
/// referenced as "*0", "*1", ... from the diffuse slot. False: no decoding;
/// the diffuse slot names the texture file that was found (a .paa/.pac/.dtx
/// path on disk) instead.
#define AI_CONFIG_IMPORT_RETRO_EMBED_TEXTURES "IMPORT_RETRO_EMBED_TEXTURES"

/// Pointer (Importer::SetPropertyPointer) to an assimp_retro::TextureCache
/// (<assimp_retro/texture_cache.h>), default none. Textures decoded once are
/// taken from it by every import that shares it (thread-safe): a batch decodes
/// a texture used by many models once. The cache must outlive the imports.
#define AI_CONFIG_IMPORT_RETRO_TEXTURE_CACHE "IMPORT_RETRO_TEXTURE_CACHE"

/// String, default "" (none). P3D: the game's data roots, the folders P3D
/// texture paths ("tzk_objects\tomahawk.paa") are relative to, separated by
/// ';' (or '|'). Searched before the folders above the model.
#define AI_CONFIG_IMPORT_P3D_TEXTURE_ROOTS "IMPORT_P3D_TEXTURE_ROOTS"

/// String, default "" (none). ABC: the skin of each material index, in order,
/// separated by ';' (or '|'): "chars/skins/Cate_Jump.dtx;chars/skins/Cate_Jump_head.dtx".
/// Relative paths are taken from the model's folder, then from
/// AI_CONFIG_IMPORT_ABC_SKIN_DIR. An empty entry leaves that index untextured.
/// When set, no skin is guessed.
#define AI_CONFIG_IMPORT_ABC_SKINS "IMPORT_ABC_SKINS"

/// String, default "" (none). ABC: a folder holding the model's skins
/// ("<folder>/<model name>.dtx", "<model name>_head.dtx" for material index 1),
/// searched before LithTech's MODELS -> SKINS convention.
#define AI_CONFIG_IMPORT_ABC_SKIN_DIR "IMPORT_ABC_SKIN_DIR"

/// Export property, string, default "" (the source's layout, else NOLF1's).
/// ABC v12 exporter ("abc12"): the piece header of the target game. "yes":
/// a float LOD weight after the specular scale (NOLF1's v12 files); "no":
/// without it. With "" a scene imported from a v12 file keeps that file's
/// layout (abc:layout.pieceLodWeight), any other scene gets NOLF1's.
#define AI_CONFIG_EXPORT_ABC_V12_PIECE_LOD_WEIGHT "EXPORT_ABC_V12_PIECE_LOD_WEIGHT"

/// Export property, bool, default false. ABC v12 exporter ("abc12"): a scene
/// whose animations partly came from child models (the importer's
/// abc:animN.source) is written as the original was: its own animations and
/// its child-model references, the game then finding the child models'
/// animations in their files. True bakes them in: every animation is
/// written, and no child model is named (a standalone file).
#define AI_CONFIG_EXPORT_ABC_V12_BAKE_CHILD_MODELS "EXPORT_ABC_V12_BAKE_CHILD_MODELS"

/// Export property, bool, default false. ABC exporters ("abc6", "abc12"):
/// also write each texture the model's materials show (embedded, or a file)
/// as a DTX skin where LithTech looks for it: the model's path with its
/// MODELS folder replaced by SKINS (MODELS/CREATURES/X.abc ->
/// SKINS/CREATURES/X.dtx; material index 1: X_head.dtx), beside the model
/// when no folder above it is named MODELS.
#define AI_CONFIG_EXPORT_ABC_SKINS "EXPORT_ABC_SKINS"

/// Export property, string, default "" (LithTech's MODELS -> SKINS
/// convention). ABC exporters: the folder the skins are written to; setting
/// it writes skins even without AI_CONFIG_EXPORT_ABC_SKINS.
#define AI_CONFIG_EXPORT_ABC_SKIN_DIR "EXPORT_ABC_SKIN_DIR"

/// Export property, string, default "" (abc6: "lt1-palette", abc12:
/// "lt2-32"). ABC exporters: the DTX variant of the skins, named as the
/// tool's `texture --dtx` names them; a variant the target generation does
/// not read (lt2-* for abc6, lt1-palette or lt10-palette for abc12) is refused.
#define AI_CONFIG_EXPORT_ABC_SKIN_FORMAT "EXPORT_ABC_SKIN_FORMAT"

// ---- export: LithTech LTB ("ltb") --------------------------------------------
// Set with Assimp::ExportProperties (or the tool's --set) for the "ltb" exporter.

/// Export property, bool, default true. LTB exporter ("ltb"): pack the file
/// as an LZMA-alone stream (16 MiB dictionary, the size in the header, no end
/// marker), as most of CrossFire's files are; false writes the LTB bytes
/// plain. The game and the importer read both.
#define AI_CONFIG_EXPORT_LTB_LZMA "EXPORT_LTB_LZMA"

/// Export property, integer, default -1. LTB exporter: the animation
/// compression (docs/formats/LTB.md 5): 0 none, 1 relevant (float keys, one
/// key for a channel that never changes), 2 relevant 16 (positions in 1/16
/// units, rotations in 16 bits), 3 relevant with 16-bit rotations. -1: a
/// scene imported from an LTB keeps each animation's own; any other gets 2,
/// what most CrossFire files use. A model with vertex-animated meshes is
/// always written with 0.
#define AI_CONFIG_EXPORT_LTB_COMPRESSION "EXPORT_LTB_COMPRESSION"

/// Export property, integer, default -1. LTB exporter: the half turn about
/// +Y that the importer applies (AI_CONFIG_IMPORT_LTB_FACE_FRONT), undone
/// on export: -1 turns every model but a first-person one, whose output file
/// name starts with "PV-" or "PV_"; 0 turns none; 1 turns every model.
#define AI_CONFIG_EXPORT_LTB_FACE_FRONT "EXPORT_LTB_FACE_FRONT"

/// Material property (aiString, one per texture type and index): the game's own
/// path of a texture ("data\west_01.paa", a DTX skin file) once the texture
/// slot holds something else (an embedded "*N" reference, a PNG file) or
/// nothing (glTF cannot use it). semantic = the aiTextureType, index = the
/// texture index.
#define AI_MATKEY_RETRO_SOURCE_TEXTURE "$mat.retro.texture"

// ---- export: Operation Flashpoint P3D (MLOD) ---------------------------------
// Set with Assimp::ExportProperties (or the tool's --set) for the "p3d" exporter.

/// String, default "" (none). The game-relative folder ("myaddon\data") of
/// textures that have no OFP path of their own (another format's PNG, an
/// embedded image): the face's texture becomes "<root>\<image name>.paa".
/// Paths the P3D importer kept ($mat.retro.texture) are written as they are.
#define AI_CONFIG_EXPORT_P3D_TEXTURE_ROOT "EXPORT_P3D_TEXTURE_ROOT"

/// Float, default -1 (none). The total mass in kg written on the Geometry LOD
/// (#Mass#, shared equally by its points). Unset, the scene's own p3d:mass is
/// kept (from an imported P3D).
#define AI_CONFIG_EXPORT_P3D_MASS "EXPORT_P3D_MASS"

/// Bool, default true. Writes the scene's images (embedded textures) as
/// PAA/PAC files at the game paths the MLOD names, under the game folder
/// (AI_CONFIG_EXPORT_P3D_GAME_ROOT): "myaddon\data\hull.paa" ->
/// "<game folder>/myaddon/data/hull.paa". The type comes from the image
/// (DXT1 opaque or alpha-tested, ARGB4444 blended, P8 for a .pac that fits a
/// palette). A file already there is left as it is (a warning). An image OFP
/// cannot take (sides not powers of two) refuses the export; false exports
/// the model alone.
#define AI_CONFIG_EXPORT_P3D_TEXTURES "EXPORT_P3D_TEXTURES"

/// String, default "" (found from the output). The folder on disk the game
/// paths are relative to (the game's folder, or where add-on folders are
/// unpacked). Unset: the output's folder, or, when the output lies in a
/// folder named as a path's first component (the add-on, "myaddon"), the
/// folder holding that one.
#define AI_CONFIG_EXPORT_P3D_GAME_ROOT "EXPORT_P3D_GAME_ROOT"
