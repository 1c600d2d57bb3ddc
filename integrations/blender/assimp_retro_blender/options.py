# The import properties of include/assimp_retro/config.h as operator options.
#
# One row of OPTIONS per property: its string name (what the tool's
# `--set NAME=VALUE` takes), its type and the library's default, the label and
# tooltip of the file dialog, and the formats whose import dialog shows it. The
# operator attribute is derived from the name (IMPORT_ABC_LOD_LEVELS ->
# abc_lod_levels), so adding a property is adding one row, e.g.
#   Option("IMPORT_RETRO_METRES_PER_UNIT", "float", 0.0, "Metres per Unit",
#          "The length of one file unit in metres; 0: the format's own", (ABC, OBAN)),
# Kinds: bool, int, float, string, dir (a folder), enum (with items). Only values that
# differ from the default are passed to the tool, so an add-on with a newer
# table still drives an older tool as long as the new options keep their
# defaults. tools/blender/check_addon.py checks every default against the
# comments of config.h.
#
# Not offered: IMPORT_RETRO_EMBED_TEXTURES (the add-on needs the textures
# embedded in the GLB it imports: it always passes 1) and
# IMPORT_RETRO_TEXTURE_CACHE (a C++ pointer).
from collections import namedtuple

ABC, P3D, OBAN, LTB = "ABC", "P3D", "OBAN", "LTB"
ALL = (ABC, P3D, OBAN, LTB)

# items: only for kind "enum".
Option = namedtuple("Option", "name kind default label description formats items", defaults=(None,))

P3D_LOD_ITEMS = (
    ("0", "First visual LOD", "The most detailed visual LOD only"),
    ("1", "Visual LODs", "Every resolution LOD and the View Gunner/Pilot/Cargo interiors"),
    ("2", "All LODs", "Every LOD, also Geometry, Memory, Fire Geometry, Land Contact, ..."),
)

LTB_FACE_FRONT_ITEMS = (
    ("-1", "By Name", "Turn every model but a first-person one (file name PV-* or PV_*), "
     "which the game draws facing the camera's front already"),
    ("1", "Turn", "Turn every model"),
    ("0", "Keep", "Turn none: for LTB files compiled from models that already face front"),
)

OPTIONS = (
    Option("IMPORT_RETRO_UNITS_TO_METRES", "bool", True, "Units to Metres",
           "Scale the model to metres, from the format's unit (P3D is in metres already)", ALL),
    Option("IMPORT_RETRO_METRES_PER_UNIT", "float", 0.0, "Metres per Unit",
           "The length of one file unit in metres; 0: the format's own", (ABC, OBAN, LTB)),
    Option("IMPORT_RETRO_TEXTURES", "bool", True, "Textures",
           "Find and decode the textures the model uses (P3D: the paths it names; ABC, LTB: its skins)",
           (ABC, P3D, LTB)),
    Option("IMPORT_RETRO_KEEP_ALL_KEYS", "bool", False, "Keep Every Key",
           "Keep every animation key of the file; by default a key equal to both its neighbours is left out, "
           "which changes no pose", ALL),
    Option("IMPORT_RETRO_ANIMATIONS", "string", "", "Animations",
           "Import only the animations whose names match (commas between names or patterns; * any run, "
           "? one character, case ignored; a comma, * or ? in a name as ?). Empty: every animation", ALL),
    Option("IMPORT_RETRO_MAP_FILES", "bool", True, "Memory-Map Large Files",
           "Read files of 1 MiB or more by mapping them; switch off for files that may change while read", ALL),
    Option("IMPORT_ABC_VERTEX_ANIMATION", "bool", True, "Vertex Animation",
           "ABC v6: vertex-animated pieces become shape keys driven by each animation", (ABC,)),
    Option("IMPORT_ABC_LOD_LEVELS", "int", 0, "LOD Levels",
           "ABC v6: how many lower-detail meshes to build from the progressive-mesh data (0-32)", (ABC,)),
    Option("IMPORT_ABC_ALL_LODS", "bool", False, "All LODs",
           "ABC v9-v13, LTB: every LOD of every piece, not only LOD 0", (ABC, LTB)),
    Option("IMPORT_ABC_CHILD_MODELS", "bool", True, "Child Models",
           "ABC v9-v13: add the animations of the child models (.abc files next to the model)", (ABC,)),
    Option("IMPORT_ABC_SKINS", "string", "", "Skins",
           "The skin of each material index, ';'-separated; relative to the model's folder, then the skin "
           "folder. When set, no skin is guessed", (ABC, LTB)),
    Option("IMPORT_ABC_SKIN_DIR", "dir", "", "Skin Folder",
           "A folder with the model's skins (<model>.dtx, <model>_head.dtx), searched first", (ABC, LTB)),
    Option("IMPORT_LTB_FACE_FRONT", "enum", "-1", "Face Front",
           "Turn the model half a turn about the up axis, so that CrossFire's models face front (+Z) "
           "like every other import", (LTB,), LTB_FACE_FRONT_ITEMS),
    Option("IMPORT_P3D_LODS", "enum", "0", "LODs", "Which LODs become objects", (P3D,), P3D_LOD_ITEMS),
    Option("IMPORT_P3D_TEXTURE_ROOTS", "string", "", "Texture Roots",
           "The game's data folders (';'-separated) that texture paths such as tzk_objects\\tomahawk.paa "
           "are relative to; searched before the folders above the model", (P3D,)),
    Option("IMPORT_OBAN_CAMERA", "bool", False, "Cameras",
           "Attach a camera to every animated OBAN node (the data cannot tell which are cameras)", (OBAN,)),
    Option("IMPORT_OBAN_CAMERA_NAMES", "string", "", "Camera Names",
           "OBAN names (spaces, commas or semicolons between) that get a camera", (OBAN,)),
    Option("IMPORT_OBAN_RESAMPLE", "bool", False, "Resample",
           "One key per frame with the game's interpolation instead of the stored keys", (OBAN,)),
)

# Always passed: the GLB the add-on imports must carry its textures.
FIXED_SETTINGS = (("IMPORT_RETRO_EMBED_TEXTURES", "1"),)


def attribute(option):
    """The operator attribute of an option: IMPORT_ABC_LOD_LEVELS -> abc_lod_levels."""
    return option.name[len("IMPORT_"):].lower()


def for_format(fmt):
    return [o for o in OPTIONS if fmt in o.formats]


def annotations(fmt):
    """bpy properties for the options of one format, keyed by attribute."""
    import bpy.props as props

    result = {}
    for o in for_format(fmt):
        common = {"name": o.label, "description": o.description, "default": o.default}
        if o.kind == "bool":
            prop = props.BoolProperty(**common)
        elif o.kind == "int":
            prop = props.IntProperty(min=0, soft_max=32, **common)
        elif o.kind == "float":
            prop = props.FloatProperty(min=0.0, **common)
        elif o.kind == "enum":
            prop = props.EnumProperty(items=o.items, **common)
        elif o.kind == "dir":
            prop = props.StringProperty(subtype="DIR_PATH", **common)
        else:
            prop = props.StringProperty(**common)
        result[attribute(o)] = prop
    return result


def text(option, value):
    """A value as the tool's --set takes it."""
    if option.kind == "bool":
        return "1" if value else "0"
    if option.kind == "float":
        # Blender keeps floats in single precision: 7 digits say what was typed.
        return "%.7g" % value
    return str(value)


def settings(fmt, values):
    """(name, value) pairs for the tool: the fixed ones, then every option of
    the format whose value (looked up by attribute in `values`, a mapping or
    an object) differs from the library's default."""
    get = values.get if isinstance(values, dict) else (lambda key, default: getattr(values, key, default))
    pairs = list(FIXED_SETTINGS)
    for o in for_format(fmt):
        value = get(attribute(o), o.default)
        if o.kind == "dir" and value:
            value = value.rstrip("/\\") or value
        if value != o.default:
            pairs.append((o.name, text(o, value)))
    return pairs
