# Real clients as judges: converts models with assimp-retro to GLB, FBX, DAE
# and OBJ, loads each output with Blender's own importers (one file per empty
# scene) and compares what Blender made of them with the aiScene
# (`assimp-retro info`) and with each other. Prints one JSON line per output:
#   {"file": ..., "ok": true, "triangles": N, "meshes": N, "bones": N,
#    "actions": N, "shape_keys": N, "frames": F, "size": [x, y, z], "min": [...], "max": [...],
#    "ranges": {action: [first frame, last frame]},
#    "objects": [names], "props": {object: {custom property: value}}}
# triangles: of the stored meshes (polygons triangulated: n-2 each);
# bones: of all armatures; actions: bpy.data.actions after the import;
# size/min/max: world-space bounding box of the stored meshes (basis shape,
# no armature deformation), in metres as Blender shows them.
#
#   blender -b --factory-startup --python tools/blender/check_outputs.py -- \
#       --tool build/tools/assimp-retro --out OUTDIR [--set NAME=VALUE]... MODEL...
#   blender -b --factory-startup --python tools/blender/check_outputs.py -- --files a.fbx b.dae
#
# Checks per model (exit status 1 if any fails, "FAIL ..." lines say which):
# - every output opens; its triangles equal the aiScene's faces, or lie
#   between them and the GLB's distinct faces (Blender merges faces with the
#   same corner positions and drops degenerate ones: reported as KNOWN);
# - FBX has bones when the GLB has, no more than the GLB (whose skin also
#   holds every animated node), DAE at least the FBX's (Blender's COLLADA
#   importer makes a bone of every node above the joints too); FBX, DAE and
#   GLB have animations (actions) when the aiScene has any, FBX actions of
#   the GLB's animations, each as long (its longest action), the same shape
#   keys and an equally long longest action;
# - the DAE has an action covering the frames of the GLB's first animation
#   (Blender 3.4 makes one action of a COLLADA file's animations; assimp-retro
#   puts the first animation first on the file's timeline): a CLIP line each;
# - every output's bounding box has the GLB's size (relative 1e-3);
# - every object of the FBX that has a namesake with custom properties in the
#   GLB (node metadata as glTF extras) has the same ones (FBX user
#   properties); a "PROPS" line counts the objects compared.
# tools/check_outputs.sh runs it on the corpus. Written for Debian 12's Blender 3.4 (its glTF importer still uses
# numpy.bool, removed in NumPy 1.24: the alias is put back first).
import json
import os
import re
import struct
import subprocess
import sys

import numpy

if not hasattr(numpy, "bool"):
    numpy.bool = bool

import bpy  # noqa: E402
import mathutils  # noqa: E402


def clear():
    bpy.ops.wm.read_factory_settings(use_empty=True)


def import_file(path):
    ext = os.path.splitext(path)[1].lower()
    if ext == ".fbx":
        bpy.ops.import_scene.fbx(filepath=path)
    elif ext == ".dae":
        bpy.ops.wm.collada_import(filepath=path)
    elif ext == ".obj":
        if hasattr(bpy.ops.wm, "obj_import"):
            bpy.ops.wm.obj_import(filepath=path, forward_axis="NEGATIVE_Z", up_axis="Y")
        else:
            bpy.ops.import_scene.obj(filepath=path, axis_forward="-Z", axis_up="Y")
    elif ext in (".glb", ".gltf"):
        bpy.ops.import_scene.gltf(filepath=path)
    else:
        raise RuntimeError("unknown extension " + ext)


def plain(value):
    """A custom property as JSON: arrays as lists, floats to 6 significant digits."""
    if hasattr(value, "to_list"):
        value = value.to_list()
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    if isinstance(value, float):
        return float("%.6g" % value)
    return value


def stats(path):
    clear()
    import_file(path)
    bpy.context.view_layer.update()
    triangles = 0
    meshes = 0
    lo = [float("inf")] * 3
    hi = [float("-inf")] * 3
    for obj in bpy.data.objects:
        if obj.type != "MESH":
            continue
        meshes += 1
        # The mesh as stored (basis shape, no armature deformation): the
        # outputs differ in the frame a viewer would show first.
        mesh = obj.data
        triangles += sum(len(p.vertices) - 2 for p in mesh.polygons)
        for v in mesh.vertices:
            world = obj.matrix_world @ v.co
            for i in range(3):
                lo[i] = min(lo[i], world[i])
                hi[i] = max(hi[i], world[i])
    # Node metadata: the objects' custom properties (glTF extras, FBX user properties).
    props = {}
    for obj in bpy.data.objects:
        values = {key: plain(obj[key]) for key in obj.keys() if not key.startswith("_")}
        if values:
            props[obj.name] = values
    bones = sum(len(a.bones) for a in bpy.data.armatures)
    shape_keys = sum(len(k.key_blocks) - 1 for k in bpy.data.shape_keys)
    # Longest action, in frames: the outputs must agree on animation speed.
    frames = max((a.frame_range[1] - a.frame_range[0] for a in bpy.data.actions), default=0.0)
    # Every action's frame range: the DAE's must cover the first animation's.
    ranges = {a.name: [round(a.frame_range[0], 3), round(a.frame_range[1], 3)] for a in bpy.data.actions}
    if meshes == 0:
        lo = hi = [0.0, 0.0, 0.0]
    return {
        "file": path,
        "ok": True,
        "triangles": triangles,
        "meshes": meshes,
        "bones": bones,
        "actions": len(bpy.data.actions),
        "shape_keys": shape_keys,
        "frames": round(frames, 3),
        "ranges": ranges,
        "min": [round(x, 6) for x in lo],
        "max": [round(x, 6) for x in hi],
        "size": [round(hi[i] - lo[i], 6) for i in range(3)],
        "objects": sorted(obj.name for obj in bpy.data.objects),
        "props": props,
    }


def checked_stats(path):
    try:
        result = stats(path)
    except Exception as error:  # report and go on with the next file
        result = {"file": path, "ok": False, "error": str(error)}
    print("CHECK " + json.dumps(result), flush=True)
    return result


def scene_info(tool, model, settings):
    """Faces, bones and animations of the aiScene, from `assimp-retro info`."""
    text = subprocess.run([tool, "info", model] + settings, capture_output=True, text=True, check=True).stdout
    numbers = {}
    for key in ("Faces", "Bones", "Animations"):
        match = re.search(r"^" + key + r":\s+(\d+)", text, re.MULTILINE)
        numbers[key.lower()] = int(match.group(1)) if match else 0
    return numbers


def close(a, b):
    return all(abs(x - y) <= 1e-3 * max(1.0, abs(x), abs(y)) for x, y in zip(a, b))


def glb_accessor(document, binary, index):
    accessor = document["accessors"][index]
    view = document["bufferViews"][accessor["bufferView"]]
    offset = view.get("byteOffset", 0) + accessor.get("byteOffset", 0)
    components = {"SCALAR": 1, "VEC2": 2, "VEC3": 3, "VEC4": 4}[accessor["type"]]
    kind = {5126: "f", 5125: "I", 5123: "H", 5121: "B"}[accessor["componentType"]]
    stride = view.get("byteStride", struct.calcsize(kind) * components)
    return [struct.unpack_from("<" + kind * components, binary, offset + k * stride)
            for k in range(accessor["count"])]


def distinct_faces(glb_path):
    """Triangles of a GLB's meshes that a Blender mesh can hold: Blender keeps
    one face per set of vertex positions and drops faces whose corners share
    a position. Some real models have such faces (a P3D with 240 duplicated
    triangles, an ABC with 2 degenerate ones)."""
    data = open(glb_path, "rb").read()
    json_length = struct.unpack_from("<I", data, 12)[0]
    document = json.loads(data[20:20 + json_length])
    binary = data[20 + json_length + 8:]
    count = 0
    for mesh in document.get("meshes", []):
        for primitive in mesh["primitives"]:
            if primitive.get("mode", 4) != 4 or "indices" not in primitive:
                continue
            positions = glb_accessor(document, binary, primitive["attributes"]["POSITION"])
            indices = [i[0] for i in glb_accessor(document, binary, primitive["indices"])]
            seen = set()
            for k in range(0, len(indices), 3):
                corners = tuple(sorted(tuple(round(c, 5) for c in positions[i]) for i in indices[k:k + 3]))
                if len(set(corners)) == 3 and corners not in seen:
                    seen.add(corners)
            count += len(seen)
    return count


def fbx_animations(result):
    """The animations Blender made actions of from an FBX: it names an action
    "<object>|<animation>" (and "|<layer>")."""
    return {action.split("|")[1] if "|" in action else action for action in result["ranges"]}


def same_animations(fbx, glb):
    """Every GLB action ("<animation>_<object or mesh>") is of an animation the
    FBX has actions of, every one of those has GLB actions, and each
    animation's longest action is as long in both (0.01 frames)."""
    names = fbx_animations(fbx)
    owners = [[n for n in names if a == n or a.startswith(n + "_")] for a in glb["ranges"]]
    if not all(owners) or names != {n for found in owners for n in found}:
        return False
    glb_longest, fbx_longest = {}, {}
    for action, (first, last) in glb["ranges"].items():
        name = max((n for n in names if action == n or action.startswith(n + "_")), key=len)
        glb_longest[name] = max(glb_longest.get(name, 0.0), last - first)
    for action, (first, last) in fbx["ranges"].items():
        name = action.split("|")[1] if "|" in action else action
        fbx_longest[name] = max(fbx_longest.get(name, 0.0), last - first)
    return all(abs(fbx_longest[name] - glb_longest[name]) <= 0.01 for name in names)


def glb_first_animation(glb_path):
    """The name of a GLB's first animation ("" if it has none)."""
    data = open(glb_path, "rb").read()
    json_length = struct.unpack_from("<I", data, 12)[0]
    animations = json.loads(data[20:20 + json_length]).get("animations", [])
    return animations[0].get("name", "") if animations else ""


def first_animation_range(glb, first):
    """The frames of the GLB's first animation in Blender: its glTF importer
    names an action "<animation>_<object>" (one per animated object)."""
    ranges = [r for name, r in glb["ranges"].items() if name == first or name.startswith(first + "_")]
    if not ranges:
        return None
    return [min(r[0] for r in ranges), max(r[1] for r in ranges)]


def check_dae_clip(where, result, glb, first):
    """Blender 3.4's COLLADA importer makes one action of all <animation>s:
    assimp-retro puts the first animation first on the file's timeline, so
    an action of the DAE must cover the frames the GLB's first action has."""
    wanted = first_animation_range(glb, first)
    if wanted is None:
        return ["%s: the GLB has no action for its first animation %r" % (where, first)]
    covering = [name for name, r in result["ranges"].items()
                if r[0] <= wanted[0] + 0.01 and r[1] >= wanted[1] - 0.01]
    print("CLIP " + json.dumps({"file": result["file"], "first_animation": first, "glb_frames": wanted,
                                "dae_actions": result["ranges"], "covered": bool(covering)}), flush=True)
    if not covering:
        return ["%s: no action covers the first animation's frames %s (actions %s)"
                % (where, wanted, result["ranges"])]
    return []


def compare_props(where, result, glb):
    """Node metadata: every object of the GLB with custom properties that the
    FBX has too (the root node's go to the FBX Document, which Blender does
    not read) has the same ones in the FBX."""
    failures = []
    compared = 0
    for name, values in glb["props"].items():
        if name not in result["objects"]:
            continue
        compared += 1
        if result["props"].get(name) != values:
            failures.append("%s: custom properties of %s %s, the GLB %s"
                            % (where, name, result["props"].get(name), values))
    print("PROPS " + json.dumps({"file": result["file"], "objects_compared": compared}), flush=True)
    return failures


def check_model(tool, out_dir, model, settings):
    """Returns (failures, known): known differences are printed, not failed.
    settings: the tool's --set arguments, for the aiScene and every output."""
    failures = []
    known = []
    info = scene_info(tool, model, settings)
    print("SCENE " + json.dumps({"model": model, **info}), flush=True)
    stem = os.path.join(out_dir, os.path.splitext(os.path.basename(model))[0])
    results = {}
    for ext in ("glb", "fbx", "dae", "obj"):
        path = stem + "." + ext
        run = subprocess.run([tool, "export", model, path] + settings, capture_output=True, text=True)
        if run.returncode != 0:
            failures.append("%s: export failed: %s" % (path, run.stderr.strip()[-300:]))
            continue
        results[ext] = checked_stats(path)
    glb = results.get("glb")
    distinct = distinct_faces(stem + ".glb") if glb and glb.get("ok") else info["faces"]
    for ext, result in results.items():
        where = "%s (%s)" % (model, ext)
        if not result.get("ok"):
            failures.append(where + ": Blender could not open it: " + result.get("error", ""))
            continue
        if result["triangles"] != info["faces"]:
            if distinct <= result["triangles"] < info["faces"]:
                known.append("%s: %d triangles of the aiScene's %d (%d distinct: Blender merges duplicated "
                             "and degenerate faces)" % (where, result["triangles"], info["faces"], distinct))
            else:
                failures.append("%s: %d triangles, the aiScene has %d" % (where, result["triangles"], info["faces"]))
        if not glb or not glb.get("ok"):
            continue
        # The GLB's skin holds the meshes' bones and every node an animation
        # moves (docs/gltf-export.md); the FBX's only the meshes' bones (its
        # deformers): no more than the GLB's, and some when the GLB has any.
        # Blender's COLLADA importer makes a bone of every node of the
        # skeleton's hierarchy, not only of the joints: at least the FBX's.
        if ext == "fbx" and (result["bones"] > glb["bones"] or (glb["bones"] > 0) != (result["bones"] > 0)):
            failures.append("%s: %d bones, the GLB %d" % (where, result["bones"], glb["bones"]))
        fbx = results.get("fbx")
        if ext == "dae" and fbx and fbx.get("ok") and result["bones"] < fbx["bones"]:
            failures.append("%s: %d bones, fewer than the FBX's %d" % (where, result["bones"], fbx["bones"]))
        if ext != "obj" and info["animations"] > 0 and result["actions"] == 0:
            failures.append(where + ": no animation in Blender")
        # Blender makes an FBX action per animated object and animation, and
        # a GLB action per animation of the skin's armature (every animated
        # node is a joint) and per other animated object: the counts differ,
        # the animations and their lengths may not.
        if ext == "fbx" and not same_animations(result, glb):
            failures.append("%s: %d actions of animations %s, the GLB %d (or other lengths): %s" % (
                where, result["actions"], sorted(fbx_animations(result)), glb["actions"], sorted(glb["ranges"])))
        if ext == "fbx" and result["shape_keys"] != glb["shape_keys"]:
            failures.append("%s: %d shape keys, the GLB %d" % (where, result["shape_keys"], glb["shape_keys"]))
        if ext == "fbx" and abs(result["frames"] - glb["frames"]) > 0.01:
            failures.append("%s: longest action %s frames, the GLB %s" % (where, result["frames"], glb["frames"]))
        if ext == "fbx":
            failures += compare_props(where, result, glb)
        if ext == "dae" and info["animations"] > 0:
            failures += check_dae_clip(where, result, glb, glb_first_animation(stem + ".glb"))
        if not close(result["size"], glb["size"]):
            failures.append("%s: size %s, the GLB %s" % (where, result["size"], glb["size"]))
    return failures, known


def main():
    argv = sys.argv[sys.argv.index("--") + 1:] if "--" in sys.argv else []
    if argv[:1] == ["--files"]:
        for path in argv[1:]:
            checked_stats(path)
        return 0
    tool = out_dir = None
    models = []
    settings = []
    i = 0
    while i < len(argv):
        if argv[i] == "--tool":
            tool, i = argv[i + 1], i + 2
        elif argv[i] == "--out":
            out_dir, i = argv[i + 1], i + 2
        elif argv[i] == "--set":
            settings, i = settings + ["--set", argv[i + 1]], i + 2
        else:
            models.append(argv[i])
            i += 1
    if not tool or not out_dir or not models:
        print("usage: ... -- --tool TOOL --out DIR [--set NAME=VALUE]... MODEL... | --files FILE...")
        return 2
    os.makedirs(out_dir, exist_ok=True)
    failures = []
    known = []
    for model in models:
        model_failures, model_known = check_model(tool, out_dir, model, settings)
        failures += model_failures
        known += model_known
    for difference in known:
        print("KNOWN " + difference, flush=True)
    for failure in failures:
        print("FAIL " + failure, flush=True)
    print("RESULT %d model(s), %d failure(s)" % (len(models), len(failures)), flush=True)
    return 1 if failures else 0


sys.exit(main())
