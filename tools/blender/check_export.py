# The add-on's File > Export (docs/blender.md, "Export") in Blender 3.4, run by
# tools/check_blender_addon.sh after check_addon.py, in the same fresh user
# configuration (the add-on is installed from the zip again):
#
#   BLENDER_USER_CONFIG=DIR BLENDER_USER_SCRIPTS=DIR blender -b --factory-startup \
#     --python tools/blender/check_export.py -- --zip ZIP --tool build/tools/assimp-retro \
#     --corpus ../shared/corpus --out DIR
#
# A character made from scratch (an armature with 4 bones, 2 actions, an empty
# under a bone, a textured mesh skinned to the bones through vertex groups)
# goes through the export operators to abc6, abc12, ltb and p3d. Each file is read
# back with the tool (`assimp-retro export FILE x.glb`, whose node extras are
# the importer's metadata): bones, animations with their key counts, the
# socket, the P3D selections and the skin. Refusals (more bones than ABC v6
# allows: 256 nodes; a mesh over v12's vertices per piece) give the tool's message as a Blender error and write no file.
# Prints "FAIL ..." per failed check and "RESULT N check(s), M failure(s)".
import json
import os
import shutil
import struct
import subprocess
import sys
import tempfile

import bpy

ADDON = "assimp_retro_blender"
BONES = ("root", "spine", "head", "arm")
ACTIONS = {"walk": (0, 10, 20), "idle": (0, 30)}  # action -> key frames (frame 0 is 0 ms)
FPS = 30
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from blender_checks import arguments, check, report  # noqa: E402
from checker_material import checker_material  # noqa: E402


def run_operator(operator, **kwargs):
    """(result, error text): errors reported by an operator raise RuntimeError."""
    try:
        return operator(**kwargs), ""
    except RuntimeError as error:
        return None, str(error)


# ---- the character ----------------------------------------------------------------

def make_armature(bone_count):
    data = bpy.data.armatures.new("Hero")
    armature = bpy.data.objects.new("Hero", data)
    bpy.context.scene.collection.objects.link(armature)
    bpy.context.view_layer.objects.active = armature
    bpy.ops.object.mode_set(mode="EDIT")
    names = list(BONES) + ["extra%d" % i for i in range(bone_count - len(BONES))]
    parent = None
    for index, name in enumerate(names):
        bone = data.edit_bones.new(name)
        bone.head = (0.0, 0.0, 0.5 * index)
        bone.tail = (0.0, 0.0, 0.5 * index + 0.5)
        if name == "arm":
            bone.head, bone.tail = (0.0, 0.0, 1.0), (0.5, 0.0, 1.0)
            bone.parent = data.edit_bones["spine"]
        elif parent is not None:
            bone.parent = parent
        if name != "arm":
            parent = bone
    bpy.ops.object.mode_set(mode="OBJECT")
    return armature


def make_actions(armature):
    armature.animation_data_create()
    for name, frames in ACTIONS.items():
        action = bpy.data.actions.new(name)
        action.use_fake_user = True
        armature.animation_data.action = action
        for k, frame in enumerate(frames):
            for bone in ("spine", "arm"):
                pose = armature.pose.bones[bone]
                pose.rotation_mode = "QUATERNION"
                pose.rotation_quaternion = (1.0, 0.1 * k, 0.0, 0.0) if name == "walk" else (1.0, 0.0, 0.05 * k, 0.0)
                pose.rotation_quaternion.normalize()
                pose.keyframe_insert("rotation_quaternion", frame=frame)
    armature.animation_data.action = bpy.data.actions["walk"]


def make_body(armature):
    bpy.ops.mesh.primitive_cube_add(size=0.5, location=(0.0, 0.0, 0.75))
    body = bpy.context.active_object
    body.name = "body"
    bpy.ops.object.mode_set(mode="EDIT")
    bpy.ops.mesh.subdivide(number_cuts=2)
    bpy.ops.uv.smart_project()
    bpy.ops.object.mode_set(mode="OBJECT")
    body.data.materials.append(checker_material("hero_skin", "hero_skin", (0.0, 0.25, 1.0, 1.0), (1.0, 0.5, 0.0, 1.0)))
    groups = {name: body.vertex_groups.new(name=name) for name in ("spine", "arm")}
    for vertex in body.data.vertices:
        groups["arm" if vertex.co.x > 0.1 else "spine"].add([vertex.index], 1.0, "REPLACE")
    # A group that is no bone's: a P3D selection only (half weight).
    decal = body.vertex_groups.new(name="decal")
    decal.add([v.index for v in body.data.vertices if v.co.z > 0.2], 0.5, "REPLACE")
    body.parent = armature
    body.modifiers.new("Armature", "ARMATURE").object = armature
    return body


def make_socket(armature):
    socket = bpy.data.objects.new("muzzle", None)
    bpy.context.scene.collection.objects.link(socket)
    socket.parent = armature
    socket.parent_type = "BONE"
    socket.parent_bone = "arm"
    return socket


def make_character(bone_count=len(BONES)):
    bpy.ops.wm.read_homefile(use_empty=True)
    bpy.context.scene.render.fps = FPS
    armature = make_armature(bone_count)
    make_actions(armature)
    make_body(armature)
    make_socket(armature)
    bpy.ops.object.select_all(action="DESELECT")
    return armature


# ---- reading back -----------------------------------------------------------------

def read_back(tool, path, work, arguments=()):
    """The GLB document the tool makes of a game file, or None."""
    glb = os.path.join(work, os.path.basename(path) + ".glb")
    done = subprocess.run([tool, "export", path, glb] + list(arguments), capture_output=True, text=True)
    if not check(done.returncode == 0, "%s does not read back: %s" % (path, done.stderr.strip())):
        return None
    with open(glb, "rb") as f:
        data = f.read()
    return json.loads(data[20:20 + struct.unpack_from("<I", data, 12)[0]].decode("utf-8"))


def node_names(document):
    return {node.get("name") for node in document.get("nodes", [])}


def key_counts(document):
    """animation name -> (the most keys of any of its samplers, the last key
    time in whole milliseconds)."""
    counts = {}
    for animation in document.get("animations", []):
        inputs = [document["accessors"][s["input"]] for s in animation.get("samplers", [])]
        counts[animation.get("name")] = (max(i["count"] for i in inputs) if inputs else 0,
                                         round(max(i["max"][0] for i in inputs) * 1000) if inputs else 0)
    return counts


def extras_with(document, key):
    return {node.get("name") for node in document.get("nodes", []) if key in node.get("extras", {})}


def check_abc(tool, out, version):
    make_character()
    target = os.path.join(out, "MODELS", "hero%s.abc" % version[3:])
    os.makedirs(os.path.dirname(target), exist_ok=True)
    result, error = run_operator(bpy.ops.export_scene.assimp_retro_abc, filepath=target, version=version,
                                 skins="SKINS")
    if not check(result == {"FINISHED"} and not error, "%s: export %s %s" % (version, result, error)):
        return
    again = os.path.join(out, "again", os.path.basename(target))
    os.makedirs(os.path.dirname(again), exist_ok=True)
    run_operator(bpy.ops.export_scene.assimp_retro_abc, filepath=again, version=version)
    with open(target, "rb") as a, open(again, "rb") as b:
        check(a.read() == b.read(), "%s: two exports of one scene differ" % version)
    document = read_back(tool, target, out)
    if document is None:
        return
    names = node_names(document)
    check(set(BONES) <= names, "%s: bones %s, expected %s among the nodes" % (version, sorted(names), BONES))
    # v6 has no sockets: LithTech 1 games attach to nodes (docs/formats/ABC.md 4.2).
    sockets = extras_with(document, "abc:socket")
    check(sockets == ({"muzzle"} if version == "abc12" else set()),
          "%s: socket nodes %s" % (version, sorted(sockets)))
    parents = {document["nodes"][c].get("name"): n.get("name") for n in document["nodes"] for c in n.get("children", [])}
    check(parents.get("muzzle") == "arm", "%s: the socket's node is %s, not arm" % (version, parents.get("muzzle")))
    counts = key_counts(document)
    expected = {name: (len(frames), round(frames[-1] * 1000 / FPS)) for name, frames in ACTIONS.items()}
    check(counts == expected, "%s: animations and key counts %s, expected %s" % (version, counts, expected))
    skin = os.path.join(out, "SKINS", "hero%s.dtx" % version[3:])
    check(os.path.isfile(skin), "%s: no skin %s" % (version, skin))
    print("EXPORT %s: %d nodes, animations %s, skin %s" % (version, len(names), counts, os.path.isfile(skin)),
          flush=True)


def check_ltb(tool, out):
    """The character through File > Export > LithTech LTB: bones, the socket,
    the actions with their keys, read back by the tool; two exports alike."""
    make_character()
    target = os.path.join(out, "hero.ltb")
    os.makedirs(out, exist_ok=True)
    result, error = run_operator(bpy.ops.export_scene.assimp_retro_ltb, filepath=target)
    if not check(result == {"FINISHED"} and not error, "ltb: export %s %s" % (result, error)):
        return
    again = os.path.join(out, "again", "hero.ltb")
    os.makedirs(os.path.dirname(again), exist_ok=True)
    run_operator(bpy.ops.export_scene.assimp_retro_ltb, filepath=again)
    with open(target, "rb") as a, open(again, "rb") as b:
        check(a.read() == b.read(), "ltb: two exports of one scene differ")
    document = read_back(tool, target, out)
    if document is None:
        return
    names = node_names(document)
    check(set(BONES) <= names, "ltb: bones %s, expected %s among the nodes" % (sorted(names), BONES))
    check(extras_with(document, "abc:socket") == {"muzzle"}, "ltb: socket nodes %s" % extras_with(document, "abc:socket"))
    counts = key_counts(document)
    expected = {name: (len(frames), round(frames[-1] * 1000 / FPS)) for name, frames in ACTIONS.items()}
    check(counts == expected, "ltb: animations and key counts %s, expected %s" % (counts, expected))
    print("EXPORT ltb: %d nodes, animations %s" % (len(names), counts), flush=True)


def check_p3d(tool, out):
    make_character()
    target = os.path.join(out, "hero.p3d")
    os.makedirs(out, exist_ok=True)
    result, error = run_operator(bpy.ops.export_scene.assimp_retro_p3d, filepath=target,
                                 texture_root="hero\\data", game_root=out)
    if not check(result == {"FINISHED"} and not error, "p3d: export %s %s" % (result, error)):
        return
    document = read_back(tool, target, out)
    if document is None:
        return
    keys = set()
    for node in document.get("nodes", []):
        keys |= set(node.get("extras", {}))
    selections = sorted(k[len("p3d:selection:"):-len(":vertices")] for k in keys
                        if k.startswith("p3d:selection:") and k.endswith(":vertices"))
    check({"spine", "arm", "decal"} <= set(selections), "p3d: selections %s, expected spine, arm, decal" % selections)
    # The decal group's members: the body's top face, 16 points (a cube cut twice), weight 128 of 255.
    import assimp_retro_blender as addon
    binary = addon.glb.read(os.path.join(out, "hero.p3d.glb"))[1]
    decal = set()
    weights = set()
    for node in document.get("nodes", []):
        extras = node.get("extras") or {}
        members = addon.p3d_selections._members(extras, "decal")
        positions = addon.glb.mesh_positions(document, binary, node)
        decal |= {addon.p3d_selections._key(*positions[i]) for i, _ in members if i < len(positions)}
        weights |= {w for _, w in members}
    check(len(decal) == 16 and weights == {128}, "p3d: selection decal on %d points, weights %s; expected 16, {128}"
          % (len(decal), sorted(weights)))
    paa = os.path.join(out, "hero", "data", "hero_skin.paa")
    check(os.path.isfile(paa), "p3d: no texture %s" % paa)
    print("EXPORT p3d: selections %s (decal on %d points), texture %s" % (selections, len(decal), os.path.isfile(paa)),
          flush=True)


def check_refusal(out):
    make_character(bone_count=300)
    target = os.path.join(out, "too_many_bones.abc")
    result, error = run_operator(bpy.ops.export_scene.assimp_retro_abc, filepath=target, version="abc6")
    check(result is None and ("bone" in error.lower() or "node" in error.lower()),
          "abc6 with 300 bones: %s, error %r" % (result, error))
    check(not os.path.exists(target), "a refused export wrote %s" % target)
    print("REFUSAL abc6 300 bones: %s" % error.strip().replace("\n", " "), flush=True)


def check_mesh_refusal(out):
    """A mesh over ABC v12's 65,535 vertices per piece."""
    bpy.ops.wm.read_homefile(use_empty=True)
    bpy.ops.mesh.primitive_grid_add(x_subdivisions=260, y_subdivisions=260, size=2.0)
    target = os.path.join(out, "too_many_vertices.abc")
    result, error = run_operator(bpy.ops.export_scene.assimp_retro_abc, filepath=target, version="abc12")
    check(result is None and "65" in error and "vertices" in error,
          "abc12 with a 68,121-vertex mesh: %s, error %r" % (result, error))
    check(not os.path.exists(target), "a refused export wrote %s" % target)
    print("REFUSAL abc12 68,121 vertices: %s" % error.strip().replace("\n", " "), flush=True)


# ---- round trips of real models -----------------------------------------------------

# (corpus path, export format, import options, export options)
ROUND_TRIPS = (
    ("kpc-tree/MODELS/CREATURES/TIBERIUS.ABC", "abc6", {}, {"skins": "BESIDE"}),
    ("humans/NOLF1__INTHERO_ACTION.ABC", "abc12", {}, {}),
    ("ofp-tree/TZK_Objects/Model/Tomahawk_gdtcti_xj200.p3d", "p3d", {"p3d_lods": "2"}, {}),
    # Every CrossFire file but the motion library (2,282 actions: minutes in
    # Blender; the tool's round trip covers it, LtbExportCorpusLibrary). The
    # waist part's one animation, "Esports_Yun_WAIST_GR", ends in the name of
    # its armature, "Yun_WAIST_GR": it must come back whole, not "Esports".
    ("ltb/PV-M4A1.LTB", "ltb", {}, {}),
    ("ltb/FoxHowl_Teacher_BODY_GR.LTB", "ltb", {}, {}),
    ("ltb/PV-KACChainSAW_RedBandag_Gn_decompress.LTB", "ltb", {}, {}),
    ("ltb/Yun_WAIST_GR.LTB", "ltb", {}, {}),
)
P3D_ALL_LODS = ["--set", "IMPORT_P3D_LODS=2"]


def summary(tool, path, work, arguments):
    """What a game file holds, as the tool reads it: nodes, sockets,
    animations (name -> key count; their names in the file's order: games
    address them by name and by index), triangles, size, P3D LODs (resolution ->
    triangles, selections: name -> distinct member positions)."""
    document = read_back(tool, path, work, arguments)
    if document is None:
        return None
    import assimp_retro_blender as addon
    glb = addon.glb
    binary = glb.read(os.path.join(work, os.path.basename(path) + ".glb"))[1]
    scene_extras = (document.get("scenes") or [{}])[0].get("extras", {})
    result = {"nodes": node_names(document) - {"ROOT"}, "sockets": extras_with(document, "abc:socket"),
              "command": scene_extras.get("abc:commandString"),
              "animations": {name: count for name, (count, _) in key_counts(document).items()},
              "animation order": [animation.get("name") for animation in document.get("animations", [])],
              "triangles": 0, "lods": {}}
    for node in document.get("nodes", []):
        extras = node.get("extras") or {}
        triangles = glb.triangles(document, binary, node)
        result["triangles"] += len(triangles)
        if "p3d:resolution" in extras:
            positions = glb.mesh_positions(document, binary, node)
            loose = [float(v) for v in (glb.long_text(extras, "p3d:loosePoints") or "").split()]
            positions += [tuple(loose[i:i + 3]) for i in range(0, len(loose), 3)]
            sel = addon.p3d_selections
            selections = {name: len({sel._key(*positions[i]) for i, _ in sel._members(extras, name) if i < len(positions)})
                          for name in sel.selection_names(extras)}
            result["lods"][float(extras["p3d:resolution"])] = (len(triangles), selections)
    result["size"] = info_size(tool, path, arguments)
    result["bind"] = bind_positions(document, binary)
    return result


def bind_positions(document, binary):
    """Joint name -> where the bind pose puts it: the translation of its
    inverse bind matrix's inverse (the tool writes skinned meshes on scene
    roots, whose transform glTF ignores)."""
    import mathutils
    positions = {}
    for skin in document.get("skins", []):
        if "inverseBindMatrices" not in skin:
            continue
        accessor = document["accessors"][skin["inverseBindMatrices"]]
        view = document["bufferViews"][accessor["bufferView"]]
        offset = view.get("byteOffset", 0) + accessor.get("byteOffset", 0)
        for k, joint in enumerate(skin["joints"]):
            m = struct.unpack_from("<16f", binary, offset + 64 * k)  # column-major
            matrix = mathutils.Matrix([m[r::4] for r in range(4)]).inverted_safe()
            positions[document["nodes"][joint].get("name")] = tuple(matrix.translation)
    return positions


def info_size(tool, path, arguments):
    """The size of the model's box, as `assimp-retro info` gives it."""
    done = subprocess.run([tool, "info", path] + list(arguments), capture_output=True, text=True)
    points = {}
    for line in done.stdout.splitlines():
        for label in ("Minimum point", "Maximum point"):
            if line.startswith(label):
                points[label] = [float(v) for v in line[line.index("(") + 1:line.index(")")].split()]
    if not check(len(points) == 2, "%s: no box in `assimp-retro info`" % path):
        return [0.0, 0.0, 0.0]
    return [b - a for a, b in zip(points["Minimum point"], points["Maximum point"])]


def compare(where, original, exported):
    for key in ("nodes", "sockets", "command", "animations", "animation order", "triangles", "lods"):
        if key == "nodes" and original["sockets"] and not exported["sockets"]:
            continue
        check(original[key] == exported[key], "%s: %s %s, the original %s" % (where, key, exported[key], original[key]))
    # Axis by axis: the extents of the raw meshes, which for a v12 model are
    # its bind pose, and where that pose puts every bone of the original
    # (a pose turned on its side fails both).
    check(all(abs(a - b) <= 0.01 * max(abs(a), 1e-6) for a, b in zip(original["size"], exported["size"])),
          "%s: size %s, the original %s" % (where, exported["size"], original["size"]))
    shared = sorted(set(original["bind"]) & set(exported["bind"]))
    moved = [(name, [round(c, 4) for c in exported["bind"][name]], [round(c, 4) for c in original["bind"][name]])
             for name in shared
             if any(abs(a - b) > 1e-3 * max(1.0, abs(b)) for a, b in zip(exported["bind"][name], original["bind"][name]))]
    check(len(shared) == len(original["bind"]) and not moved,
          "%s: bind pose of %d bones, %d shared, moved (name, now, the original): %s"
          % (where, len(original["bind"]), len(shared), moved[:3]))


def lod_positions(tool, path, work, resolution):
    """The distinct positions of a P3D LOD, as the tool reads the file."""
    document = read_back(tool, path, work, P3D_ALL_LODS)
    import assimp_retro_blender as addon
    binary = addon.glb.read(os.path.join(work, os.path.basename(path) + ".glb"))[1]
    for node in document.get("nodes", []) if document else []:
        if float((node.get("extras") or {}).get("p3d:resolution", -1)) == resolution:
            return {tuple(round(c, 5) for c in p) for p in addon.glb.mesh_positions(document, binary, node)}
    return set()


def check_moved_vertex(tool, out, exported):
    """One vertex of the imported LOD 1.000 moved in Blender: exactly that
    position changes in the game file."""
    obj = bpy.data.objects["LOD 1.000"]
    # One whose position no other vertex shares: the back of a double-sided
    # face has vertices of its own at the front's positions (docs/blender.md).
    counts = {}
    for v in obj.data.vertices:
        counts[v.co.to_tuple(5)] = counts.get(v.co.to_tuple(5), 0) + 1
    vertex = next(v for v in obj.data.vertices if counts[v.co.to_tuple(5)] == 1)
    old = obj.matrix_world @ vertex.co
    vertex.co.x += 0.25
    new = obj.matrix_world @ vertex.co
    target = os.path.join(out, "moved", "moved.p3d")
    os.makedirs(os.path.dirname(target), exist_ok=True)
    result, error = run_operator(bpy.ops.export_scene.assimp_retro_p3d, filepath=target, write_textures=False)
    if not check(result == {"FINISHED"}, "moved vertex: export %s %s" % (result, error)):
        return
    before = lod_positions(tool, exported, os.path.dirname(target), 1.0)
    after = lod_positions(tool, target, os.path.dirname(target), 1.0)
    # Blender (x, y, z) is the glTF the tool reads back (x, z, -y), P3D's axes turned as the importer turns them.
    gone, came = before - after, after - before
    to_gltf = lambda v: (round(v.x, 5), round(v.z, 5), round(-v.y, 5))
    check(len(gone) == 1 and len(came) == 1, "moved vertex: positions gone %s, new %s" % (gone, came))
    check(gone == {to_gltf(old)} and came == {to_gltf(new)} if len(gone) == 1 == len(came) else True,
          "moved vertex: %s -> %s in the file, %s -> %s in Blender" % (gone, came, to_gltf(old), to_gltf(new)))
    print("MOVED one vertex of LOD 1.000: %s -> %s" % (sorted(gone), sorted(came)), flush=True)


def check_p3d_import(where):
    """The Tomahawk in Blender: its 3 LODs each in a collection of its own, the
    Geometry LOD's selection a vertex group on its 12 points."""
    lods = [o for o in bpy.data.objects if "p3d:resolution" in o.keys()]
    collections = {o.name: [c.name for c in o.users_collection] for o in lods}
    check(len(lods) == 3 and all(names == [name] for name, names in collections.items()),
          "%s: LODs and their collections %s" % (where, collections))
    geometry = bpy.data.objects.get("Geometry")
    group = geometry.vertex_groups.get("component01") if geometry else None
    members = set()
    if group is not None:
        members = {v.co.to_tuple(5) for v in geometry.data.vertices if any(g.group == group.index for g in v.groups)}
    check(len(members) == 12, "%s: vertex group component01 of Geometry on %d points, expected 12" % (where, len(members)))
    print("IMPORT %s: LOD collections %s, vertex group component01 on %d points" % (where, sorted(collections), len(members)),
          flush=True)


def check_round_trip(tool, corpus, out, relative, fmt, import_options, export_options):
    where = "round trip " + relative
    source = os.path.join(corpus, relative)
    if not os.path.isfile(source):
        print("SKIP %s: %s is missing" % (where, source), flush=True)
        return
    if fmt == "ltb":
        # Alone: the body's child model, the motion library beside it, would bring its 2,282 actions.
        alone = os.path.join(out, "alone", os.path.basename(source))
        os.makedirs(os.path.dirname(alone), exist_ok=True)
        shutil.copyfile(source, alone)
        source = alone
    bpy.ops.wm.read_homefile(use_empty=True)
    importer = {"p3d": bpy.ops.import_scene.assimp_retro_p3d,
                "ltb": bpy.ops.import_scene.assimp_retro_ltb}.get(fmt, bpy.ops.import_scene.assimp_retro_abc)
    result, error = run_operator(importer, filepath=source, **import_options)
    if not check(result == {"FINISHED"}, "%s: import %s %s" % (where, result, error)):
        return
    if fmt == "p3d":
        check_p3d_import(where)
    os.makedirs(out, exist_ok=True)
    target = os.path.join(out, os.path.basename(source))
    if fmt == "p3d":
        result, error = run_operator(bpy.ops.export_scene.assimp_retro_p3d, filepath=target, game_root=out,
                                     **export_options)
    elif fmt == "ltb":
        result, error = run_operator(bpy.ops.export_scene.assimp_retro_ltb, filepath=target, **export_options)
    else:
        result, error = run_operator(bpy.ops.export_scene.assimp_retro_abc, filepath=target, version=fmt,
                                     **export_options)
    if not check(result == {"FINISHED"}, "%s: export %s %s" % (where, result, error)):
        return
    arguments = P3D_ALL_LODS if fmt == "p3d" else []
    original = summary(tool, source, out, arguments)
    exported = summary(tool, target, out, arguments)
    if original is None or exported is None:
        return
    compare(where, original, exported)
    textures = sorted(os.path.relpath(os.path.join(r, n), out) for r, _, names in os.walk(out) for n in names
                      if n.lower().endswith((".dtx", ".paa", ".pac")))
    # The textures the import found: TIBERIUS's skin; the Tomahawk's
    # tzk_objects\tomahawk.paa (its gdtcti texture is not in the corpus).
    expected = {"abc6": ["TIBERIUS.DTX"], "abc12": [], "ltb": [],
                "p3d": [os.path.join("tzk_objects", "tomahawk.paa")]}[fmt]
    check(textures == expected, "%s: textures written %s, expected %s" % (where, textures, expected))
    if fmt == "p3d":
        check_moved_vertex(tool, out, target)
    print("ROUNDTRIP %s: %d nodes, %d sockets, %d animations, %d triangles, LODs %s, textures %s" % (
        relative, len(exported["nodes"]), len(exported["sockets"]), len(exported["animations"]),
        exported["triangles"], {r: (t, len(s)) for r, (t, s) in exported["lods"].items()}, textures), flush=True)


# ---- round trips of the project's fixtures (issue 43) ---------------------------

# (file under test/models/roundtrip, export format): what the Blender route
# must keep: every vertex-group member, loose points too (the import's, and a
# vertex of no face added in Blender, alone in its group); the LOD order; the
# animation order and names (awkward_animation_names.abc: names that Blender
# changes, docs/blender.md "Animation names"). The face patterns stay on the
# tool route (ctest P3dRoundTripTool): Blender's glTF importer drops faces
# with repeated corners.
FIXTURES = (
    ("loose_point_selection.p3d", "p3d"),
    ("unsorted_lods_mlod.p3d", "p3d"),
    ("unsorted_animations.abc", "abc12"),
    ("awkward_animation_names.abc", "abc12"),
)


def mlod_lods(path):
    """An MLOD (SP3X) the exporter wrote, as its bytes hold it, apart from the
    add-on and the tool (docs/formats/P3D.md §5): per LOD in the file's order
    (resolution, triangles once quads are split, {selection: its points})."""
    with open(path, "rb") as f:
        data = f.read()
    if not check(data[:4] == b"MLOD", "%s is not an MLOD" % path):
        return []
    at, lods = 12, []
    for _ in range(struct.unpack_from("<I", data, 8)[0]):
        points, normals, faces = struct.unpack_from("<3i", data, at + 12)
        at += 28 + 16 * points + 12 * normals
        corners = [struct.unpack_from("<i", data, at + 104 * f + 32)[0] for f in range(faces)]
        at += 104 * faces + 4  # and "TAGG"
        selections = {}
        while True:
            name = data[at:at + 64].split(b"\0")[0].decode("latin-1")
            size = struct.unpack_from("<I", data, at + 64)[0]
            body, at = data[at + 68:at + 68 + size], at + 68 + size
            if name == "#EndOfFile#":
                break
            if not name.startswith("#"):
                selections[name] = sum(1 for b in body[:points] if b)
        lods.append((round(struct.unpack_from("<f", data, at)[0], 3), sum(c - 2 for c in corners), selections))
        at += 4
    return lods


LOOSE_GROUP = "pos velitele"


def add_loose_vertex(obj):
    """A vertex of no face added to `obj` in Blender, alone in a vertex group
    LOOSE_GROUP: Blender's glTF exporter drops it unless told to keep loose
    points."""
    if not check(obj is not None and obj.type == "MESH", "no mesh LOD 1.000 to add a vertex to"):
        return False
    obj.data.vertices.add(1)
    obj.data.vertices[-1].co = (0.3, -0.2, 2.8)
    obj.vertex_groups.new(name=LOOSE_GROUP).add([len(obj.data.vertices) - 1], 1.0, "REPLACE")
    obj.data.update()
    return True


def animation_order(tool, path, work):
    document = read_back(tool, path, work)
    return [a.get("name") for a in document.get("animations", [])] if document else None


def check_fixture(tool, models, out, name, fmt):
    """A fixture through the add-on's import and export, against the same file
    through the tool alone (`assimp-retro export FILE OUT -f FORMAT`, which
    ctest checks keeps it whole): the file each writes, read back."""
    where = "fixture " + name
    source = os.path.join(models, name)
    work = os.path.join(out, os.path.splitext(name)[0])
    os.makedirs(work, exist_ok=True)
    bpy.ops.wm.read_homefile(use_empty=True)
    importer = bpy.ops.import_scene.assimp_retro_p3d if fmt == "p3d" else bpy.ops.import_scene.assimp_retro_abc
    result, error = run_operator(importer, filepath=source, **({"p3d_lods": "2"} if fmt == "p3d" else {}))
    if not check(result == {"FINISHED"}, "%s: import %s %s" % (where, result, error)):
        return
    added = name.startswith("loose_point") and add_loose_vertex(bpy.data.objects.get("LOD 1.000"))
    target = os.path.join(work, "blender_" + name)
    if fmt == "p3d":
        result, error = run_operator(bpy.ops.export_scene.assimp_retro_p3d, filepath=target, write_textures=False)
    else:
        result, error = run_operator(bpy.ops.export_scene.assimp_retro_abc, filepath=target, version=fmt)
    if not check(result == {"FINISHED"}, "%s: export %s %s" % (where, result, error)):
        return
    direct = os.path.join(work, "tool_" + name)
    done = subprocess.run([tool, "export", source, direct, "-f", fmt] + (P3D_ALL_LODS if fmt == "p3d" else []),
                          capture_output=True, text=True)
    if not check(done.returncode == 0, "%s: the tool's export: %s" % (where, done.stderr.strip())):
        return
    if fmt == "p3d":
        expected, actual = mlod_lods(direct), mlod_lods(target)
        if added:
            made = actual[0][2].pop(LOOSE_GROUP, 0) if actual else 0
            check(made == 1, "%s: the group %r of a vertex added in Blender has %d points, not 1" % (where, LOOSE_GROUP, made))
        with open(source, "rb") as f:
            original = [lod[0] for lod in mlod_lods(source)] if f.read(4) == b"MLOD" else None
        check(original is None or [lod[0] for lod in actual] == original,
              "%s: LODs %s, the original's %s" % (where, [lod[0] for lod in actual], original))
    else:
        expected, actual = animation_order(tool, direct, work), animation_order(tool, target, work)
        original = animation_order(tool, source, work)
        check(actual == original, "%s: animations %s, the original's %s" % (where, actual, original))
    check(expected == actual and expected, "%s: through Blender %s, through the tool %s" % (where, actual, expected))
    print("FIXTURE %s: %s" % (name, actual), flush=True)


def check_renamed_animations(tool, models, out):
    """docs/blender.md, "Animation names": unsorted_animations.abc (walk,
    idle, death, attack) imported, then its action walk renamed in Blender
    (the file's name wins), idle's recorded name changed to rest (that
    renames it) and death's recorded name and place removed (an action like
    one made in Blender: named after its NLA track, after the file's
    animations)."""
    where = "renamed animations"
    bpy.ops.wm.read_homefile(use_empty=True)
    result, error = run_operator(bpy.ops.import_scene.assimp_retro_abc,
                                 filepath=os.path.join(models, "unsorted_animations.abc"))
    if not check(result == {"FINISHED"}, "%s: import %s %s" % (where, result, error)):
        return
    actions = {}  # recorded name -> its actions (one per animated object)
    for action in bpy.data.actions:
        actions.setdefault(action.get("assimp_retro:animation"), []).append(action)
    if not check({"walk", "idle", "death", "attack"} <= set(actions),
                 "%s: recorded names %s" % (where, sorted(actions, key=str))):
        return
    for action in actions["walk"]:
        action.name = "sprint"
    for action in actions["idle"]:
        action["assimp_retro:animation"] = "rest"
    for action in actions["death"]:
        del action["assimp_retro:animation"]
        del action["assimp_retro:index"]
    target = os.path.join(out, "renamed.abc")
    os.makedirs(out, exist_ok=True)
    result, error = run_operator(bpy.ops.export_scene.assimp_retro_abc, filepath=target, version="abc12")
    if not check(result == {"FINISHED"}, "%s: export %s %s" % (where, result, error)):
        return
    order = animation_order(tool, target, out)
    check(order == ["walk", "rest", "attack", "death"], "%s: animations %s, expected walk, rest, attack, death"
          % (where, order))
    print("RENAMED %s" % order, flush=True)


def main():
    args = arguments()
    out = os.path.realpath(args["out"])
    os.makedirs(out, exist_ok=True)
    bpy.ops.preferences.addon_install(filepath=args["zip"], overwrite=True)
    bpy.ops.preferences.addon_enable(module=ADDON)
    module = sys.modules.get(ADDON)
    if not check(module is not None, "the add-on did not load"):
        return 1
    for name in ("assimp_retro_abc", "assimp_retro_ltb", "assimp_retro_p3d"):
        check(name in dir(bpy.ops.export_scene), "no operator export_scene." + name)
    check(module.menu_export in bpy.types.TOPBAR_MT_file_export.draw._draw_funcs,
          "File > Export has no assimp-retro entries")
    with tempfile.TemporaryDirectory() as work:
        for version in ("abc6", "abc12"):
            check_abc(args["tool"], os.path.join(work, version), version)
        check_ltb(args["tool"], os.path.join(work, "ltb"))
        check_p3d(args["tool"], os.path.join(work, "p3d"))
        check_refusal(work)
        check_mesh_refusal(work)
        for relative, fmt, import_options, export_options in ROUND_TRIPS:
            check_round_trip(args["tool"], os.path.realpath(args["corpus"]), os.path.join(work, "rt-" + fmt),
                             relative, fmt, import_options, export_options)
        for name, fmt in FIXTURES:
            check_fixture(args["tool"], os.path.realpath(args["models"]), os.path.join(work, "fixtures"), name, fmt)
        check_renamed_animations(args["tool"], os.path.realpath(args["models"]), os.path.join(work, "renamed"))
    leftovers = [n for n in os.listdir(tempfile.gettempdir()) if n.startswith("assimp_retro_")]
    check(not leftovers, "temporary folders left: %s" % leftovers)
    return report()


sys.exit(main())
