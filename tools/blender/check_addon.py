# The Blender add-on (integrations/blender/, docs/blender.md) in Blender 3.4,
# run by tools/check_blender_addon.sh in a fresh user configuration:
#
#   BLENDER_USER_CONFIG=DIR BLENDER_USER_SCRIPTS=DIR blender -b --factory-startup \
#     --python tools/blender/check_addon.py -- --zip ZIP --tool build/tools/assimp-retro \
#     --corpus ../shared/corpus --config-h include/assimp_retro/config.h --out DIR [--render]
#
# Installs the zip, enables the add-on and checks:
# - it runs its own copy of the tool (bin/linux-x86_64), made executable again
#   after Blender's installer unpacked it without file modes; on a simulated
#   Windows (sys.platform patched) it picks bin/windows-x86_64/assimp-retro.exe;
# - every option's default is the library's (the comments of config.h), and
#   every import property of config.h is an option or deliberately left out;
# - every model of the corpus through the operators against the plain path
#   (`assimp-retro export` to GLB, Blender's glTF importer at the same frame
#   rate): objects (less the empties the add-on joins into the mesh objects of
#   vertex-animated skinned pieces), triangles (all of the GLB's: the add-on keeps the backs of
#   double-sided faces, which the plain import drops), bones, actions and their frame ranges, shape
#   keys, size, materials and images; the names put right; the scene's frame
#   range; KPC skins and the OFP texture found and decoded to the expected
#   pixels; a model whose texture is missing gives a warning report;
# - a corrupt file, an unknown file, a missing tool and a failing glTF import
#   give the expected error report and leave the scene as it was;
# - several files and a whole folder give one collection per model;
# - the texture import against tex/expected/: exact for palettised, 16- and
#   32-bit formats, within 2 per channel for DXT, in the same colour space.
# With --render, Workbench renders of the imported Tiberius and Tomahawk go to
# OUT/*.png (to be looked at).
# Prints "FAIL ..." per failed check and "RESULT N check(s), M failure(s)";
# exits 1 when any failed.
import contextlib
import io
import math
import os
import re
import subprocess
import sys
import tempfile

import bpy
import numpy

ADDON = "assimp_retro_blender"
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from blender_checks import arguments as _arguments, check, report  # noqa: E402


def arguments():
    return _arguments(flags=("render",))


# ---- scene helpers --------------------------------------------------------------

def reset():
    # read_homefile keeps the preferences (and so the add-on); --factory-startup
    # makes it the factory scene, emptied.
    bpy.ops.wm.read_homefile(use_empty=True)


def snapshot():
    """What an import must leave alone when it fails."""
    scene = bpy.context.scene
    state = {name: sorted(b.name for b in getattr(bpy.data, name))
             for name in ("objects", "meshes", "materials", "images", "actions", "collections", "armatures")}
    state["scene"] = (scene.render.fps, scene.render.fps_base, scene.frame_start, scene.frame_end,
                      scene.render.engine)
    return state


def run_operator(operator, **kwargs):
    """(result or None, error text, warning lines): the operator's reports as
    Blender gives them to Python (errors raise RuntimeError, the others are
    written to stdout)."""
    out = io.StringIO()
    error = ""
    result = None
    with contextlib.redirect_stdout(out):
        try:
            result = operator(**kwargs)
        except RuntimeError as e:
            error = str(e)
    text = out.getvalue()
    sys.stdout.write(text)
    warnings = [line[len("Warning: "):] for line in text.splitlines() if line.startswith("Warning: ")]
    return result, error, warnings


def image_of(material):
    if not material or not material.use_nodes:
        return None
    for node in material.node_tree.nodes:
        if node.type == "TEX_IMAGE" and node.image is not None:
            return node.image
    return None


def stats(objects):
    lo = [math.inf] * 3
    hi = [-math.inf] * 3
    triangles = 0
    materials = set()
    for obj in objects:
        if obj.type != "MESH":
            continue
        triangles += sum(len(p.vertices) - 2 for p in obj.data.polygons)
        materials.update(m for m in obj.data.materials if m)
        for v in obj.data.vertices:
            world = obj.matrix_world @ v.co
            for i in range(3):
                lo[i], hi[i] = min(lo[i], world[i]), max(hi[i], world[i])
    armatures = {o.data for o in objects if o.type == "ARMATURE"}
    keys = {o.data.shape_keys for o in objects if o.type == "MESH" and o.data.shape_keys}
    actions = set()
    for obj in objects:
        for owner in (obj, obj.data.shape_keys if obj.type == "MESH" and obj.data.shape_keys else None):
            data = getattr(owner, "animation_data", None) if owner else None
            if data:
                actions.update(s.action for t in data.nla_tracks for s in t.strips if s.action)
                if data.action:
                    actions.add(data.action)
    images = [image_of(m) for m in materials]
    return {
        "objects": sorted(o.name for o in objects),
        "types": sorted(o.type for o in objects),
        "triangles": triangles,
        "bones": sum(len(a.bones) for a in armatures),
        "shape_keys": sum(len(k.key_blocks) - 1 for k in keys),
        "actions": sorted((round(a.frame_range[0], 3), round(a.frame_range[1], 3)) for a in actions),
        "size": [hi[i] - lo[i] for i in range(3)] if triangles else [0, 0, 0],
        "materials": len(materials),
        "images": sorted((i.size[0], i.size[1]) for i in images if i is not None and i.size[0] > 0),
        "packed": all(i.packed_file is not None for i in images if i is not None),
    }


def pixels(image):
    values = numpy.empty(image.size[0] * image.size[1] * image.channels, dtype=numpy.float32)
    image.pixels.foreach_get(values)
    return numpy.round(values * 255.0).astype(numpy.int16)


def compare_pixels(where, image, expected_png, tolerance):
    expected = bpy.data.images.load(expected_png, check_existing=False)
    try:
        if not check(tuple(image.size) == tuple(expected.size), "%s: size %s, expected %s"
                     % (where, tuple(image.size), tuple(expected.size))):
            return
        check(image.colorspace_settings.name == expected.colorspace_settings.name,
              "%s: colour space %s, the expected PNG's %s"
              % (where, image.colorspace_settings.name, expected.colorspace_settings.name))
        a, b = pixels(image), pixels(expected)
        if image.channels != expected.channels:
            check(False, "%s: %d channels, expected %d" % (where, image.channels, expected.channels))
            return
        worst = int(numpy.abs(a - b).max())
        check(worst <= tolerance, "%s: pixels differ by up to %d, allowed %d" % (where, worst, tolerance))
        print("TEXTURE %s: %dx%d, largest difference %d (allowed %d)"
              % (where, image.size[0], image.size[1], worst, tolerance), flush=True)
    finally:
        bpy.data.images.remove(expected)


# ---- the checks ---------------------------------------------------------------

def check_install(args):
    result = bpy.ops.preferences.addon_install(filepath=args["zip"], overwrite=True)
    check(result == {"FINISHED"}, "installing %s: %s" % (args["zip"], result))
    bpy.ops.preferences.addon_enable(module=ADDON)
    module = sys.modules.get(ADDON)
    if not check(module is not None, "the add-on did not load"):
        raise SystemExit(1)
    scripts = os.environ.get("BLENDER_USER_SCRIPTS", "")
    check(scripts and module.__file__.startswith(os.path.realpath(scripts)) or
          module.__file__.startswith(scripts), "the add-on loaded from %s, not from BLENDER_USER_SCRIPTS (%s)"
          % (module.__file__, scripts))
    # dir(), not hasattr: bpy.ops makes up a wrapper for any name.
    for name in ("assimp_retro_abc", "assimp_retro_p3d", "assimp_retro_oban"):
        check(name in dir(bpy.ops.import_scene), "no operator import_scene." + name)
    check("assimp_retro_texture" in dir(bpy.ops.image), "no operator image.assimp_retro_texture")
    menu = bpy.types.TOPBAR_MT_file_import.draw._draw_funcs
    check(module.menu_import in menu, "File > Import has no assimp-retro entries")
    check(module.menu_image in bpy.types.IMAGE_MT_image.draw._draw_funcs, "Image > has no game texture entry")
    return module


def check_tool_choice(module):
    addon_dir = os.path.dirname(module.__file__)
    found, looked = module.tool.find("")
    bundled = os.path.join(addon_dir, "bin", "linux-x86_64", "assimp-retro")
    check(found == bundled, "the tool used is %s (%s), not the bundled %s" % (found, looked, bundled))
    check(os.access(bundled, os.X_OK), "the bundled tool is not executable")
    saved = sys.platform
    sys.platform = "win32"
    try:
        found, looked = module.tool.find("")
    finally:
        sys.platform = saved
    windows = os.path.join(addon_dir, "bin", "windows-x86_64", "assimp-retro.exe")
    check(found == windows, "on a simulated Windows the tool is %s (%s), not %s" % (found, looked, windows))


def config_defaults(config_h):
    """{property string: default text} from the comments of config.h."""
    text = open(config_h, encoding="utf-8").read()
    defaults = {}
    comment = []
    for line in text.splitlines():
        stripped = line.strip()
        if stripped.startswith("//"):
            comment.append(stripped.lstrip("/ "))
            continue
        match = re.match(r'#define\s+(AI_CONFIG_IMPORT_\w+)\s+"(\w+)"', stripped)
        if match:
            found = re.search(r"default\s+(true|false|-?\d+(?:\.\d+)?|\"\")", " ".join(comment), re.IGNORECASE)
            defaults[match.group(2)] = found.group(1).lower() if found else None
        comment = []
    return defaults


def check_options(module, config_h):
    defaults = config_defaults(config_h)
    offered = {o.name for o in module.options.OPTIONS}
    left_out = {"IMPORT_RETRO_EMBED_TEXTURES", "IMPORT_RETRO_TEXTURE_CACHE"}
    for name in sorted(set(defaults) - offered - left_out):
        check(False, "config.h defines %s, which the add-on offers as no option (a row in options.py)" % name)
    operators = {"ABC": bpy.ops.import_scene.assimp_retro_abc, "P3D": bpy.ops.import_scene.assimp_retro_p3d,
                 "OBAN": bpy.ops.import_scene.assimp_retro_oban, "LTB": bpy.ops.import_scene.assimp_retro_ltb}
    for option in module.options.OPTIONS:
        library = defaults.get(option.name)
        if not check(library is not None, "%s: no default found in config.h" % option.name):
            continue
        if option.kind == "bool":
            ours = "true" if option.default else "false"
        elif option.kind in ("string", "dir"):
            ours = '""' if option.default == "" else option.default
        else:
            ours = str(option.default)
        if option.kind == "float":
            library, ours = float(library), float(ours)
        check(ours == library, "%s: the add-on's default %s, the library's %s" % (option.name, ours, library))
        for fmt in option.formats:
            rna = operators[fmt].get_rna_type().properties.get(module.options.attribute(option))
            if check(rna is not None, "%s: no property %s" % (fmt, module.options.attribute(option))):
                check(rna.default == option.default, "%s %s: operator default %r, the table's %r"
                      % (fmt, rna.identifier, rna.default, option.default))
    # What reaches the tool: the fixed settings and what differs from the defaults.
    pairs = module.options.settings("ABC", {"abc_lod_levels": 3, "retro_units_to_metres": True})
    check(pairs == [("IMPORT_RETRO_EMBED_TEXTURES", "1"), ("IMPORT_ABC_LOD_LEVELS", "3")],
          "ABC settings for LOD levels 3: %s" % pairs)


def models(corpus):
    found = []
    for folder, pattern in (("abc", ".abc"), ("abc-v12", ".abc"), ("humans", ".abc"),
                            ("kpc-tree/MODELS/CREATURES", ".abc"), ("kpc-tree/MODELS/DECOS", ".abc"),
                            ("ltb", ".ltb"), ("p3d", ".p3d"), ("ofp-tree/TZK_Objects/Model", ".p3d"), ("oban", ".oni"),
                            ("oban/level_pc", ".dat")):
        path = os.path.join(corpus, folder)
        found += [os.path.join(path, n) for n in sorted(os.listdir(path)) if n.lower().endswith(pattern)]
    return found


def operator_for(path):
    ext = os.path.splitext(path)[1].lower()
    return {".abc": bpy.ops.import_scene.assimp_retro_abc, ".ltb": bpy.ops.import_scene.assimp_retro_ltb,
            ".p3d": bpy.ops.import_scene.assimp_retro_p3d,
            ".oni": bpy.ops.import_scene.assimp_retro_oban, ".dat": bpy.ops.import_scene.assimp_retro_oban}[ext]


def close(a, b):
    return all(abs(x - y) <= 1e-4 * max(1.0, abs(x), abs(y)) for x, y in zip(a, b))


# Frame rates: LithTech keys are whole milliseconds, most on a 30 fps grid
# (ARACHNICLOWN has 5 of 49 off it); the OBAN keys are at 0, 50 and 100 ticks
# of 60 Hz, on 30 fps frames as well; Bohemia's morph fixture keys at 0, 0.5
# and 1 s. No animation: the scene's rate stays.
EXPECTED_RATE = {"TIBERIUS.ABC": 30, "CREATURES__TIBERIUS.ABC": 30, "CREATURES__ARACHNICLOWN.ABC": 30,
                 "CREATURES__TIBERIUS_v12.abc": 30, "OBANsyn_scaled_loop.oni": 30, "cwr_animated_morph_odol.p3d": 30,
                 "tzk210_mcar_hmmwv_xj200.p3d": 24}
# Textures of models that must be found and decoded (the game's conventions).
MODEL_TEXTURES = {"TIBERIUS.ABC": ("TIBERIUS.DTX.png", 0), "BATWING.ABC": ("BATWING.DTX.png", 0),
                  "ARACHNICLOWN.ABC": ("ARACHNICLOWN.DTX.png", 0), "FLAG.ABC": ("FLAG.DTX.png", 0),
                  "Tomahawk_gdtcti_xj200.p3d": ("tomahawk.paa.png", 2)}


def check_model(tool, corpus, out, path):
    name = os.path.basename(path)
    model = os.path.splitext(name)[0]
    where = os.path.relpath(path, corpus)
    reset()
    result, error, warnings = run_operator(operator_for(path), filepath=path)
    if not check(result == {"FINISHED"} and not error, "%s: the import failed: %s" % (where, error)):
        return
    scene = bpy.context.scene
    rate, frames = scene.render.fps, (scene.frame_start, scene.frame_end)
    collection = bpy.data.collections.get(model)
    check(collection is not None and len(bpy.context.scene.collection.children) == 1,
          "%s: no collection %s" % (where, model))
    ours = stats(list(bpy.data.objects))
    check(ours["packed"], "%s: an image is not packed (the temporary GLB is gone)" % where)
    check(not any(re.fullmatch(r"<.*>", n) or n == name for n in ours["objects"]),
          "%s: importer-made names left: %s" % (where, ours["objects"]))
    armatures = [o for o in bpy.data.objects if o.type == "ARMATURE"]
    if armatures:
        check(armatures[0].name == model and armatures[0].data.name == model,
              "%s: the armature is %s (data %s), not %s" % (where, armatures[0].name, armatures[0].data.name, model))
    if name in EXPECTED_RATE:
        check(rate == EXPECTED_RATE[name], "%s: %d fps, expected %d" % (where, rate, EXPECTED_RATE[name]))
    if name in MODEL_TEXTURES:
        expected, tolerance = MODEL_TEXTURES[name]
        images = [image_of(m) for m in bpy.data.materials if image_of(m)]
        if check(len(images) == 1, "%s: %d images, expected its texture" % (where, len(images))):
            compare_pixels(where, images[0], os.path.join(corpus, "tex", "expected", expected), tolerance)
        check(not warnings, "%s: warnings %s" % (where, warnings))
    elif "/abc" in "/" + where or where.startswith("humans"):
        # ABC models outside the game's folders: their skins cannot be found.
        check(any("not found" in w for w in warnings), "%s: no warning about the missing skin: %s" % (where, warnings))
    elif name.startswith("tzk210_Tomahawk"):
        check(any("tomahawk.paa' not found" in w for w in warnings), "%s: no missing-texture warning: %s"
              % (where, warnings))
    elif name.startswith("tzk210_mcar_hmmwv"):
        # 31 missing textures: 4 reports, then one that counts the rest.
        check(len(warnings) == 5 and warnings[-1].endswith("27 more warnings, see the system console"),
              "%s: warning reports %s" % (where, warnings))

    # The plain path at the same frame rate.
    reset()
    scene = bpy.context.scene
    scene.render.fps = rate
    glb_path = os.path.join(out, model + ".glb")
    done = subprocess.run([tool, "export", path, glb_path], capture_output=True, text=True)
    if not check(done.returncode == 0, "%s: plain export failed: %s" % (where, done.stderr[-300:])):
        return
    bpy.ops.import_scene.gltf(filepath=glb_path)
    plain = stats(list(bpy.data.objects))
    plain_armatures = {o.name for o in bpy.data.objects if o.type == "ARMATURE"}
    glb = sys.modules[ADDON].glb
    document, binary = glb.read(glb_path)
    # A vertex-animated skinned piece: the plain import splits its node into
    # an empty and a mesh object, which the add-on joins (one empty fewer).
    split = [node for node, _ in sys.modules[ADDON].importer.split_skinned_nodes(document)]
    joined = list(plain["types"])
    for _ in split:
        joined.remove("EMPTY")

    for key in ("types", "bones", "shape_keys", "actions", "materials", "images"):
        expected = joined if key == "types" else plain[key]
        check(ours[key] == expected, "%s: %s %s, the plain GLB import %s" % (where, key, ours[key], plain[key]))
    # Every triangle of the GLB: the backs of double-sided faces too, which
    # Blender's glTF importer alone drops (they share the front's vertices).
    expected = sum(len(glb.triangles(document, binary, n)) for n in document.get("nodes", []) if "mesh" in n)
    check(ours["triangles"] == expected and plain["triangles"] <= expected,
          "%s: %d triangles, the GLB %d, its plain import %d" % (where, ours["triangles"], expected, plain["triangles"]))
    check(close(ours["size"], plain["size"]), "%s: size %s, the plain GLB import %s"
          % (where, ours["size"], plain["size"]))
    renamed_from = set(plain["objects"]) - set(ours["objects"])
    renamed_to = set(ours["objects"]) - set(plain["objects"])
    check(all(n in plain_armatures or re.fullmatch(r"<.*>", n) or n == name
              or any(re.fullmatch(re.escape(s) + r"\.\d{3,}", n) for s in split) for n in renamed_from)
          and renamed_to <= {model, model + "_root"},
          "%s: names %s became %s" % (where, sorted(renamed_from), sorted(renamed_to)))
    if plain["actions"]:
        first = math.floor(min(a[0] for a in plain["actions"]) + 0.035)
        last = math.ceil(max(a[1] for a in plain["actions"]) - 0.035)
        check(frames == (first, last), "%s: frame range %s, the animations span %s" % (where, frames, (first, last)))
    else:
        check(frames == (1, 250), "%s: frame range %s changed without animations" % (where, frames))
    print("MODEL %s: %d objects, %d triangles, %d bones, %d actions, %d shape keys, %d images, %d fps, "
          "frames %d-%d, %d warning(s)" % (where, len(ours["objects"]), ours["triangles"], ours["bones"],
                                            len(ours["actions"]), ours["shape_keys"], len(ours["images"]),
                                            rate, frames[0], frames[1], len(warnings)), flush=True)


def check_option_effects(corpus):
    """Options the dialog changes reach the tool (as --set) and change the import."""
    tiberius = os.path.join(corpus, "abc", "CREATURES__TIBERIUS.ABC")
    skin = os.path.join(corpus, "kpc-tree", "SKINS", "CREATURES", "TIBERIUS.DTX")
    reset()
    run_operator(bpy.ops.import_scene.assimp_retro_abc, filepath=tiberius)
    default_size = stats(list(bpy.data.objects))["size"]
    # The file's unit in centimetres, from the scene metadata (glTF scene extras).
    unit = bpy.context.scene.get("OriginalUnitScaleFactor")
    reset()
    _, error, warnings = run_operator(bpy.ops.import_scene.assimp_retro_abc, filepath=tiberius,
                                      retro_units_to_metres=False, abc_skins=skin)
    ours = stats(list(bpy.data.objects))
    check(not error and unit and close([x * unit / 100.0 for x in ours["size"]], default_size),
          "Units to Metres off: size %s, %s in metres expected (unit %s cm; %s)"
          % (ours["size"], default_size, unit, error))
    check(ours["images"] == [(256, 256)] and not warnings,
          "Skins %s: images %s, warnings %s" % (skin, ours["images"], warnings))
    tomahawk = os.path.join(corpus, "ofp-tree", "TZK_Objects", "Model", "Tomahawk_gdtcti_xj200.p3d")
    counts = []
    for lods in ("0", "2"):
        reset()
        run_operator(bpy.ops.import_scene.assimp_retro_p3d, filepath=tomahawk, p3d_lods=lods)
        counts.append(len([o for o in bpy.data.objects if o.type == "MESH"]))
    check(counts[0] == 1 and counts[1] == 3, "P3D LODs 0 and 2: %s mesh objects, expected 1 and 3 (3 LODs)"
          % counts)
    print("OPTIONS units off: size x%g; skins: %s; P3D LODs 0/2: %s meshes" % (100.0 / unit, ours["images"], counts), flush=True)


def check_animation_filter():
    """The Animations field (IMPORT_RETRO_ANIMATIONS) reaches the tool: the
    committed unsorted_animations.abc (walk, idle, death, attack) filtered to
    "ATTACK, w*" gives the actions of walk and attack only, at their new
    places 0 and 1; a filter that keeps nothing fails naming the animations,
    and leaves the scene as it was."""
    fixture = os.path.join(HERE, "..", "..", "test", "models", "roundtrip", "unsorted_animations.abc")
    reset()
    _, error, _ = run_operator(bpy.ops.import_scene.assimp_retro_abc, filepath=fixture,
                               retro_animations="ATTACK, w*")
    recorded = sorted({(a.get("assimp_retro:animation"), a.get("assimp_retro:index")) for a in bpy.data.actions},
                      key=str)
    check(not error and recorded == [("attack", 1), ("walk", 0)],
          "Animations 'ATTACK, w*': actions of %s, expected walk (0) and attack (1) (%s)" % (recorded, error))
    before = snapshot()
    _, error, _ = run_operator(bpy.ops.import_scene.assimp_retro_abc, filepath=fixture, retro_animations="run")
    check("no animation matches" in error and "'death'" in error and snapshot() == before,
          "Animations 'run': error %r, scene kept %s" % (error, snapshot() == before))
    print("OPTIONS animations 'ATTACK, w*': actions of %s" % recorded, flush=True)


def check_failures(module, corpus, work):
    """Errors as reports, the scene as it was."""
    source = os.path.join(corpus, "kpc-tree", "MODELS", "CREATURES", "TIBERIUS.ABC")
    corrupt = os.path.join(work, "corrupt.abc")
    with open(source, "rb") as f, open(corrupt, "wb") as g:
        g.write(f.read()[:300])
    not_abc = os.path.join(work, "text.abc")
    unknown = os.path.join(work, "unknown.xyz")
    for path in (not_abc, unknown):
        with open(path, "w") as f:
            f.write("not a model\n")

    def expect_error(label, expected, operator=bpy.ops.import_scene.assimp_retro_abc, **kwargs):
        reset()
        # Something in the scene already, with its own settings.
        bpy.ops.mesh.primitive_cube_add()
        bpy.context.scene.frame_end = 77
        before = snapshot()
        result, error, _ = run_operator(operator, **kwargs)
        check(error != "" and all(e in error for e in expected),
              "%s: error report %r, expected it to contain %s" % (label, error, expected))
        check(snapshot() == before, "%s: the scene changed" % label)
        print("ERROR %s: %s" % (label, error.strip()), flush=True)

    expect_error("corrupt file", ["corrupt.abc", "next-section offset", "section 'Geometry'"], filepath=corrupt)
    expect_error("not an ABC file", ["text.abc", "not a LithTech ABC model"], filepath=not_abc)
    expect_error("unknown file", ["unknown.xyz", "No suitable reader found"], filepath=unknown)
    texture = os.path.join(work, "corrupt.paa")
    with open(os.path.join(corpus, "tex", "tzk212_aiOrder1_board_co.paa"), "rb") as f, open(texture, "wb") as g:
        g.write(f.read()[:100])
    expect_error("corrupt texture", ["corrupt.paa", "PAA"], operator=bpy.ops.image.assimp_retro_texture,
                 filepath=texture)

    # The tool missing everywhere: no copy for the platform (macOS), a wrong
    # preference path, an empty PATH.
    preferences = bpy.context.preferences.addons[ADDON].preferences
    saved = sys.platform, os.environ.get("PATH", ""), preferences.tool_path
    sys.platform, os.environ["PATH"] = "darwin", os.path.join(work, "no-bin")
    preferences.tool_path = os.path.join(work, "nowhere", "assimp-retro")
    try:
        expect_error("missing tool", ["assimp-retro tool not found", "bin/macos-", "nowhere/assimp-retro",
                                      "PATH (" + os.path.join(work, "no-bin") + ")"], filepath=source)
        expect_error("missing tool (texture)", ["assimp-retro tool not found"],
                     operator=bpy.ops.image.assimp_retro_texture,
                     filepath=os.path.join(corpus, "tex", "kpc_BLOOD1.DTX"))
    finally:
        sys.platform, os.environ["PATH"], preferences.tool_path = saved
    # The preference path is used when there is no bundled tool.
    sys.platform = "darwin"
    preferences.tool_path = os.path.dirname(module.tool.bundled_path().replace("macos-", "linux-"))
    try:
        found, _ = module.tool.find(preferences.tool_path)
        check(found and found.endswith(os.path.join("linux-x86_64", "assimp-retro")),
              "the tool from the preference folder: %s" % found)
    finally:
        sys.platform, preferences.tool_path = saved[0], saved[2]

    # Blender's glTF add-on switched off.
    bpy.ops.preferences.addon_disable(module="io_scene_gltf2")
    try:
        expect_error("glTF add-on off", ["TIBERIUS.ABC", "glTF importer", "is not enabled"], filepath=source)
    finally:
        bpy.ops.preferences.addon_enable(module="io_scene_gltf2")

    # Blender's glTF importer failing half-way: what it made is removed.
    real = module.importer.import_gltf

    def failing(path):
        real(path)
        raise RuntimeError("simulated glTF failure")

    module.importer.import_gltf = failing
    try:
        expect_error("glTF import failing", ["TIBERIUS.ABC", "simulated glTF failure"], filepath=source)
    finally:
        module.importer.import_gltf = real


def check_batch(corpus):
    folder = os.path.join(corpus, "kpc-tree", "MODELS", "CREATURES")
    single = {}
    for name in ("TIBERIUS", "BATWING", "ARACHNICLOWN", "FLAG"):
        reset()
        sub = "DECOS" if name == "FLAG" else "CREATURES"
        run_operator(bpy.ops.import_scene.assimp_retro_abc,
                     filepath=os.path.join(corpus, "kpc-tree", "MODELS", sub, name + ".ABC"))
        single[name] = len(bpy.data.objects)

    def expect_collections(label, names):
        collections = {c.name: c for c in bpy.context.scene.collection.children}
        check(sorted(collections) == sorted(names), "%s: collections %s, expected %s"
              % (label, sorted(collections), sorted(names)))
        for name in names:
            if name in collections:
                check(len(collections[name].all_objects) == single[name], "%s: collection %s has %d objects, "
                      "its model %d" % (label, name, len(collections[name].all_objects), single[name]))
        check(all(len(o.users_collection) == 1 for o in bpy.data.objects), "%s: an object in two collections"
              % label)

    reset()
    result, error, _ = run_operator(bpy.ops.import_scene.assimp_retro_abc, directory=folder,
                                    files=[{"name": "TIBERIUS.ABC"}, {"name": "BATWING.ABC"},
                                           {"name": "ARACHNICLOWN.ABC"}])
    check(result == {"FINISHED"} and not error, "several files: %s %s" % (result, error))
    expect_collections("several files", ["TIBERIUS", "BATWING", "ARACHNICLOWN"])
    reset()
    result, error, _ = run_operator(bpy.ops.import_scene.assimp_retro_abc, use_folder=True,
                                    directory=os.path.join(corpus, "kpc-tree", "MODELS"))
    check(result == {"FINISHED"} and not error, "a folder: %s %s" % (result, error))
    expect_collections("a folder", ["TIBERIUS", "BATWING", "ARACHNICLOWN", "FLAG"])
    print("BATCH %d collections from kpc-tree/MODELS" % len(bpy.context.scene.collection.children), flush=True)


# Texture files and how exactly they must decode: palettised, 16- and 32-bit
# formats exactly, DXT within 2 per channel (rounding of the colour blends).
TEXTURES = (("tex/cwr_synthetic_argb4444.paa", 0), ("tex/cwr_synthetic_dark.pac", 2), ("tex/kpc_BLOOD1.DTX", 0),
            ("tex/lt_Terrain.dtx", 0), ("tex/tzk212_aiOrder1_board_co.paa", 2),
            ("kpc-tree/SKINS/CREATURES/TIBERIUS.DTX", 0), ("kpc-tree/SKINS/CREATURES/BATWING.DTX", 0),
            ("kpc-tree/SKINS/CREATURES/ARACHNICLOWN.DTX", 0), ("kpc-tree/SKINS/DECOS/FLAG.DTX", 0),
            ("ofp-tree/TZK_Objects/tomahawk.paa", 2))


def expected_png(corpus, relative):
    return os.path.join(corpus, "tex", "expected", os.path.basename(relative) + ".png")


def check_textures(corpus):
    reset()
    for relative, tolerance in TEXTURES:
        path = os.path.join(corpus, relative)
        before = set(bpy.data.images)
        result, error, _ = run_operator(bpy.ops.image.assimp_retro_texture, filepath=path)
        new = [i for i in bpy.data.images if i not in before]
        if not check(result == {"FINISHED"} and len(new) == 1, "%s: texture import %s %s" % (relative, result, error)):
            continue
        image = new[0]
        check(image.name == os.path.basename(path), "%s: image named %s" % (relative, image.name))
        check(image.packed_file is not None, "%s: image not packed" % relative)
        compare_pixels(relative, image, expected_png(corpus, relative), tolerance)


def render_models(corpus, out):
    sys.path.insert(0, HERE)
    import render_textured

    for relative in ("kpc-tree/MODELS/CREATURES/TIBERIUS.ABC", "ofp-tree/TZK_Objects/Model/Tomahawk_gdtcti_xj200.p3d",
                     "p3d/tzk210_mcar_hmmwv_xj200.p3d"):
        reset()
        render_textured.load(os.path.join(corpus, relative))
        target = os.path.join(out, os.path.splitext(os.path.basename(relative))[0] + "_addon.png")
        render_textured.render(target, 512)
        print("RENDER %s -> %s" % (relative, target), flush=True)


def main():
    args = arguments()
    corpus = os.path.realpath(args["corpus"])
    out = os.path.realpath(args["out"])
    os.makedirs(out, exist_ok=True)
    module = check_install(args)
    check_tool_choice(module)
    check_options(module, args["config_h"])
    for path in models(corpus):
        check_model(args["tool"], corpus, out, path)
    check_option_effects(corpus)
    check_animation_filter()
    with tempfile.TemporaryDirectory() as work:
        check_failures(module, corpus, work)
    check_batch(corpus)
    check_textures(corpus)
    leftovers = [n for n in os.listdir(tempfile.gettempdir()) if n.startswith("assimp_retro_")]
    check(not leftovers, "temporary folders left: %s" % leftovers)
    if args["render"]:
        render_models(corpus, out)
    return report()


sys.exit(main())
