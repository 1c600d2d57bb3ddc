# Model and texture import: the tool converts, Blender's glTF importer reads
# the result, then the names, collections and timeline are put right.
import collections
import contextlib
import math
import os
import re
import shutil
import tempfile

import bpy

from . import glb, options, p3d_selections, tool

# Blender 3.4's glTF importer still uses numpy.bool, which NumPy 1.24 removed
# (NumPy 2 has it again): put the alias back only where it is missing. Looked
# up in __dict__: NumPy 1.2x warns on numpy.bool itself.
try:
    import numpy

    if "bool" not in numpy.__dict__:
        numpy.bool = bool
except ImportError:  # Blender always ships NumPy; nothing to fix without it
    pass

# The scene's frame rate is the one of FRAME_RATES on which most animation
# keys fall, the first in this order when several tie: LithTech's millisecond
# keys mostly lie on a 30 fps grid, Oni's 60 Hz ticks on 60 fps, often on 30.
# KEY_TOLERANCE is in frames: ABC key times are whole milliseconds, so a
# 1/30 s key is off by up to 0.5 ms. The glTF importer turns seconds into
# frames at this rate, so the animations keep their speed whichever it is.
FRAME_RATES = (30, 60, 24, 25, 50)
KEY_TOLERANCE = 0.035
# Warning reports per file; the rest go to the system console only.
WARNINGS_SHOWN = 5

# The data-blocks an import can add; all of them are removed again when the
# import fails half-way.
_ID_COLLECTIONS = ("objects", "meshes", "materials", "images", "textures", "node_groups", "actions",
                   "armatures", "cameras", "lights", "curves", "collections")


class Reports:
    """What an operator run has to say: errors and warnings, per file."""

    def __init__(self):
        self.errors = []
        self.warnings = []


def _glb_key_times(path):
    """How many channels of a GLB key each time (seconds), from their sampler
    inputs: each shared input accessor is decoded once."""
    try:
        document, binary = glb.read_shared(path)
    except glb.GlbError:
        return collections.Counter()
    inputs = collections.Counter(animation["samplers"][channel["sampler"]]["input"]
                                 for animation in document.get("animations", [])
                                 for channel in animation.get("channels", []))
    times = collections.Counter()
    for accessor, channels in inputs.items():
        for (t,) in glb.floats(document, binary, accessor):
            times[t] += channels
    return times


def frame_rate(glb_paths):
    """The rate of FRAME_RATES on which most keys of the GLBs fall, or None
    when they have no animation."""
    times = collections.Counter()
    for path in glb_paths:
        times.update(_glb_key_times(path))
    if not times:
        return None

    def on_frames(rate):
        return sum(n for t, n in times.items() if abs(t * rate - round(t * rate)) <= KEY_TOLERANCE)

    return max(FRAME_RATES, key=lambda rate: (on_frames(rate), -FRAME_RATES.index(rate)))


def keep_double_sided(path):
    """The GLB with the backs of double-sided faces on vertices of their own
    (glb.separate_shared_faces): Blender would otherwise drop them, and an
    export would write a one-sided model."""
    document, binary = glb.read(path)
    binary, separated = glb.separate_shared_faces(document, binary)
    if separated:
        glb.write(path, document, binary)


def _id_snapshot():
    return {name: {block.as_pointer() for block in getattr(bpy.data, name)} for name in _ID_COLLECTIONS}


def _new_ids(snapshot, name):
    return [block for block in getattr(bpy.data, name) if block.as_pointer() not in snapshot[name]]


def _remove_new(snapshot):
    blocks = [block for name in _ID_COLLECTIONS for block in _new_ids(snapshot, name)]
    if blocks:
        bpy.data.batch_remove(blocks)


class SceneState:
    """The scene settings an import may change, to be put back on failure."""

    def __init__(self, scene):
        self.scene = scene
        self.values = (scene.render.engine, scene.render.fps, scene.render.fps_base, scene.frame_start,
                       scene.frame_end)

    def restore_engine(self):
        # Blender's glTF importer switches Workbench scenes to Eevee.
        self.scene.render.engine = self.values[0]

    def restore(self):
        render = self.scene.render
        render.engine, render.fps, render.fps_base, self.scene.frame_start, self.scene.frame_end = self.values


# How many decoded accessors _accessors_decoded_once keeps: the channels of
# one animation share their key times, and a motion library's GLB has tens of
# thousands of accessors, too many to keep all as Python lists.
DECODED_ACCESSORS = 2048


@contextlib.contextmanager
def _accessors_decoded_once():
    """Blender 3.4's glTF importer decodes a sampler's input and output for
    every channel; the tool's GLBs share one accessor between the channels
    that have the same key times or values, so the last DECODED_ACCESSORS
    decoded are kept while it runs. Its animation code makes new lists of
    what it gets (it never changes them), so sharing them changes nothing.
    Without that importer's BinaryData (another Blender) nothing is changed."""
    try:
        from io_scene_gltf2.io.imp.gltf2_io_binary import BinaryData
    except ImportError:
        yield
        return
    original = BinaryData.__dict__.get("get_data_from_accessor")
    if not isinstance(original, staticmethod):
        yield
        return
    decode = original.__func__
    kept = {}

    def get_data_from_accessor(gltf, accessor_idx, cache=False):
        key = (id(gltf), accessor_idx)
        if key not in kept:
            if len(kept) >= DECODED_ACCESSORS:
                kept.clear()
            kept[key] = decode(gltf, accessor_idx, cache)
        return kept[key]

    BinaryData.get_data_from_accessor = staticmethod(get_data_from_accessor)
    try:
        yield
    finally:
        BinaryData.get_data_from_accessor = original


def import_gltf(path):
    """Blender's glTF importer. Separate so that the tests can make it fail."""
    if "gltf" not in dir(bpy.ops.import_scene):  # hasattr is always true on bpy.ops
        raise RuntimeError("Blender's glTF importer (the add-on 'Import-Export: glTF 2.0 format') is not enabled")
    with _accessors_decoded_once():
        result = bpy.ops.import_scene.gltf(filepath=path)
    if "FINISHED" not in result:
        raise RuntimeError("Blender's glTF importer could not read the converted file")


def add_warnings(reports, source, found):
    """The tool's warnings: all on the console, the first few as reports."""
    name = os.path.basename(source)
    for warning in found:
        print("assimp-retro: %s: warning: %s" % (name, warning))
    shown = found if len(found) <= WARNINGS_SHOWN else found[:WARNINGS_SHOWN - 1]
    reports.warnings += ["%s: %s" % (name, w) for w in shown]
    if len(shown) < len(found):
        reports.warnings.append("%s: %d more warnings, see the system console" % (name, len(found) - len(shown)))


def _model_name(source):
    return os.path.splitext(os.path.basename(source))[0]


def _is_synthetic(name, source):
    """A node name the model did not choose: the importer's "<ABC_Root>", or
    the file name with its extension (OBAN, levels)."""
    return bool(re.fullmatch(r"<.*>", name)) or name == os.path.basename(source)


# The custom property that keeps a renamed object's node name in the game
# file, for the export (exporter.py) to write it back.
GAME_NAME = "assimp_retro:name"


def _rename(objects, actions, source, node_names):
    """The armature after the model, the importer-made top node too; the
    actions ("<animation>_<object>") follow their object's new name. An
    object that was a node of the file (in `node_names`) keeps that name in
    GAME_NAME."""
    model = _model_name(source)
    renamed = {}
    armatures = [o for o in objects if o.type == "ARMATURE"]
    for index, armature in enumerate(armatures):
        new = model if index == 0 else "%s_%s" % (model, armature.name)
        renamed[armature.name] = new
        if armature.name in node_names:
            armature[GAME_NAME] = armature.name
        armature.name = new
        armature.data.name = new
    names = {o.name for o in objects}
    for obj in objects:
        if obj.parent in objects or obj.type == "ARMATURE" or not _is_synthetic(obj.name, source):
            continue
        new = model if model not in names else model + "_root"
        renamed[obj.name] = new
        obj[GAME_NAME] = obj.name
        obj.name = new
    for action in actions:
        for old, new in renamed.items():
            if action.name.endswith("_" + old):
                action.name = action.name[:-len(old)] + new
                break


# The custom properties that keep, on each action, its animation's place
# among the file's animations and the file's own name of it, for the export
# (exporter.py) to write them in that order and with that name: Blender lists
# actions by name, and LithTech games address animations by index and by
# name, which Blender changes (the "_<object>" suffix of action names, at most
# 63 bytes, ".001" on a name already taken).
ANIMATION_INDEX = "assimp_retro:index"
ANIMATION_NAME = "assimp_retro:animation"
# Blender's longest name in UTF-8 bytes (its glTF importer cuts track names to it).
NAME_BYTES = 63


def track_names(names):
    """The NLA track name Blender 3.4's glTF importer gives each animation of
    `names` (in order): the animation's name ("Anim_<i>" when it has none)
    cut to NAME_BYTES, with ".001", ".002", ... on a name taken before, so that
    no two are alike."""
    taken = set()
    tracks = []
    for i, name in enumerate(names):
        stem, suffix, count = name or "Anim_%d" % i, "", 0
        while True:
            track = stem + suffix
            if len(track.encode("utf-8")) > NAME_BYTES:
                stem = stem[:-1]
            elif track in taken:
                count += 1
                suffix = ".%03d" % count
            else:
                break
        taken.add(track)
        tracks.append(track)
    return tracks


def animation_data(obj):
    """The animation data of `obj` and of its shape keys (vertex animation)."""
    keys = getattr(obj.data, "shape_keys", None)
    return [data for data in (obj.animation_data, keys.animation_data if keys else None) if data is not None]


def _record_animations(objects, path):
    """ANIMATION_INDEX and ANIMATION_NAME on each action the glTF importer
    made of the GLB's animation i: it puts every action in an NLA track of
    `objects` named after the animation (track_names)."""
    document, _ = glb.read_shared(path)
    names = [animation.get("name", "") for animation in document.get("animations", [])]
    index = {track: i for i, track in enumerate(track_names(names))}
    for obj in objects:
        for data in animation_data(obj):
            for track in data.nla_tracks:
                i = index.get(track.name)
                for strip in track.strips if i is not None else ():
                    if strip.action is not None:
                        strip.action[ANIMATION_INDEX] = i
                        strip.action[ANIMATION_NAME] = names[i]


# The custom property that keeps an animated object's own transform (its
# node's in the converted file, in Blender's axes: location, rotation as a
# quaternion w x y z, scale), for the export (exporter.py): Blender has no
# rest transform for an object apart from its current, animated one.
REST = "assimp_retro:rest"


def _store_rest(objects, path):
    """REST on each animated object that hangs from no bone: the nodes above
    a character's bones (and its armature, when that is a node of the file),
    whose transform places the bind pose."""
    document, _ = glb.read_shared(path)
    nodes = {node.get("name"): node for node in document.get("nodes", [])}
    for obj in objects:
        node = nodes.get(obj.name)
        data = obj.animation_data
        animated = data is not None and (data.action is not None or len(data.nla_tracks) > 0)
        if node is None or "matrix" in node or not animated or obj.parent_type != "OBJECT":
            continue
        x, y, z = node.get("translation", [0.0, 0.0, 0.0])
        qx, qy, qz, qw = node.get("rotation", [0.0, 0.0, 0.0, 1.0])
        sx, sy, sz = node.get("scale", [1.0, 1.0, 1.0])
        # glTF (Y up) to Blender (Z up) as Blender's glTF importer converts them.
        obj[REST] = [x, -z, y, qw, qx, -qz, qy, sx, sz, sy]


def _node_names(path):
    document, _ = glb.read_shared(path)
    return {node.get("name") for node in document.get("nodes", [])}


def split_skinned_nodes(document):
    """(node name, mesh name) of each node of a glTF document that Blender's
    glTF importer splits in two: a node with a skinned mesh that an animation
    targets (a vertex-animated piece: its `weights` channel names the node).
    The mesh becomes an object of its own under the armature, named after the
    mesh; the node stays behind as an empty with its custom properties."""
    animated = {channel.get("target", {}).get("node") for animation in document.get("animations", [])
                for channel in animation.get("channels", [])}
    nodes, meshes = document.get("nodes", []), document.get("meshes", [])
    return [(node.get("name"), meshes[node["mesh"]].get("name")) for index, node in enumerate(nodes)
            if index in animated and "mesh" in node and "skin" in node and node.get("name")
            and node["mesh"] < len(meshes) and meshes[node["mesh"]].get("name")]


def _named(objects, name, kind):
    """The objects of type `kind` called `name` or, where Blender made the
    name unique, `name` with a numeric suffix (.001)."""
    return [o for o in objects if o.type == kind and re.fullmatch(re.escape(name) + r"(\.\d{3,})?", o.name)]


def _join_split_meshes(objects, path):
    """Puts each node split by the glTF importer (split_skinned_nodes) back
    together: the mesh object takes the node's custom properties (abc:piece,
    abc:lod, ...) and name, and the empty goes. A vertex-animated piece, and
    the LOD holder `<piece>_LOD<n>` of each of its LODs, is then one object
    like every other piece and LOD holder, and an export writes it back as
    one. An empty with children or an animation of its own stays. Returns the
    objects that remain."""
    document, _ = glb.read_shared(path)
    joins = []
    for node_name, mesh_name in split_skinned_nodes(document):
        empties = _named(objects, node_name, "EMPTY")
        meshes = [o for o in _named(objects, mesh_name, "MESH") if o.parent and o.parent.type == "ARMATURE"]
        if len(empties) != 1 or len(meshes) != 1:
            continue
        empty = empties[0]
        if empty.children or (empty.animation_data is not None and empty.animation_data.action is not None):
            continue
        joins.append((node_name, empty, meshes[0]))
    gone = [empty for _, empty, _ in joins]
    remaining = [o for o in objects if o not in gone]
    for node_name, empty, mesh in joins:  # removed objects are not touched again
        for key in empty.keys():
            mesh[key] = empty[key]
        bpy.data.objects.remove(empty)
        mesh.name = node_name
    return remaining


def _into_collection(context, objects, name):
    collection = bpy.data.collections.new(name)
    context.collection.children.link(collection)
    for obj in objects:
        for owner in list(obj.users_collection):
            owner.objects.unlink(obj)
        collection.objects.link(obj)
    return collection


def _lods_into_collections(collection, objects):
    """Each P3D LOD (an object with p3d:resolution) and what hangs under it
    in a collection of its own, named after it, inside the model's: a LOD can
    then be hidden or shown as a whole."""
    for lod in [o for o in objects if p3d_selections.RESOLUTION in o.keys()]:
        child = bpy.data.collections.new(lod.name)
        collection.children.link(child)
        for obj in [lod] + list(lod.children_recursive):
            if obj.name in collection.objects:
                collection.objects.unlink(obj)
            child.objects.link(obj)


def import_models(context, sources, fmt, values, tool_path, reports):
    """Imports each file of `sources` into its own collection. Returns the
    number imported; every failure is in reports.errors and leaves the scene
    as it was."""
    scene = context.scene
    had_actions = len(bpy.data.actions) > 0
    settings = options.settings(fmt, values)
    work = tempfile.mkdtemp(prefix="assimp_retro_")
    try:
        converted = []
        for index, source in enumerate(sources):
            glb_path = os.path.join(work, "%d.glb" % index)
            try:
                found = tool.export_glb(tool_path, source, glb_path, settings)
            except tool.ToolError as error:
                reports.errors.append("%s: %s" % (os.path.basename(source), error))
                continue
            add_warnings(reports, source, found)
            keep_double_sided(glb_path)
            converted.append((source, glb_path))
        if not converted:
            return 0

        state = SceneState(scene)
        # The glTF importer turns key times into frames at the scene's rate, so
        # the rate is set first. A file that has animations already keeps its
        # rate: changing it would change their speed.
        rate = None if had_actions else frame_rate([path for _, path in converted])
        if rate is not None:
            scene.render.fps, scene.render.fps_base = rate, 1.0
        imported_actions = []
        count = 0
        for source, glb_path in converted:
            snapshot = _id_snapshot()
            glb.forget_shared()  # not alive while Blender's importer holds its own copy
            try:
                import_gltf(glb_path)
            except Exception as error:  # anything: the scene must be as it was
                _remove_new(snapshot)
                reports.errors.append("%s: %s" % (os.path.basename(source), str(error).strip()))
                continue
            objects = _join_split_meshes(_new_ids(snapshot, "objects"), glb_path)
            actions = _new_ids(snapshot, "actions")
            if fmt == options.P3D:
                p3d_selections.to_vertex_groups(glb_path, objects)
            _record_animations(objects, glb_path)
            _store_rest(objects, glb_path)  # first: it finds the objects by their node names
            _rename(objects, actions, source, _node_names(glb_path))
            collection = _into_collection(context, objects, _model_name(source))
            if fmt == options.P3D:
                _lods_into_collections(collection, objects)
            imported_actions += actions
            count += 1
        state.restore_engine()
        if count == 0:
            state.restore()
        elif imported_actions:
            _set_frame_range(scene, imported_actions, extend=had_actions)
        return count
    finally:
        glb.forget_shared()
        shutil.rmtree(work, ignore_errors=True)


def _set_frame_range(scene, actions, extend):
    start = min(a.frame_range[0] for a in actions)
    end = max(a.frame_range[1] for a in actions)
    first = math.floor(start + KEY_TOLERANCE)
    last = max(first + 1, math.ceil(end - KEY_TOLERANCE))
    if extend:
        first, last = min(first, scene.frame_start), max(last, scene.frame_end)
    scene.frame_start, scene.frame_end = first, last


def import_textures(context, sources, tool_path, reports):
    """Each game texture as a packed Blender image named after its file.
    Returns the images."""
    images = []
    work = tempfile.mkdtemp(prefix="assimp_retro_")
    try:
        for index, source in enumerate(sources):
            png = os.path.join(work, "%d.png" % index)
            try:
                summary = tool.decode_texture(tool_path, source, png)
            except tool.ToolError as error:
                reports.errors.append("%s: %s" % (os.path.basename(source), error))
                continue
            image = bpy.data.images.load(png)
            image.pack()
            image.name = os.path.basename(source)
            # Where "Unpack" writes it: a PNG next to the game file.
            image.filepath_raw = source + ".png"
            image["assimp_retro"] = summary
            images.append(image)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return images
