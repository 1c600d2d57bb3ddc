# Export to the games: Blender's glTF exporter writes the scene as a GLB, the
# add-on adds to that GLB what the glTF exporter cannot say (docs/blender.md,
# "Export"), and the tool's own exporters (abc6, abc12, p3d) write the
# game file from it: the same exporters and the same bytes as
# `assimp-retro export scene.glb out.abc -f abc12` on the command line.
#
# The side channel is the GLB's node "extras", which Assimp's glTF importer
# turns into node metadata, read by the exporters under the keys of
# code/AssetLib/LithTech/AbcMetadataKeys.h and
# code/AssetLib/Poseidon/P3dMetadataKeys.h:
# - a socket (socket_names) gets abc:socket = true, every other node loses
#   the key;
# - an animation whose actions were imported keeps the file's name and place
#   among the file's animations (importer.ANIMATION_NAME, ANIMATION_INDEX):
#   Blender lists actions by name and changes their names, LithTech games
#   address animations by name and by index; another animation is named
#   after its action (or NLA track), without an "_<armature>" suffix, and
#   follows them;
# - an object the import renamed (the armature, the file's top node) gets its
#   node name in the game file back (importer.GAME_NAME);
# - an armature object that was no node of the game file (Blender's glTF
#   importer makes one; one made in Blender) and does not move is left out of
#   the node tree, its bones taking its place: LithTech has no armature
#   object, only nodes;
# - abc: the scene's custom properties (where Blender's glTF importer puts
#   the model's metadata: abc:version, the command string, the animations'
#   settings, the units) go on the node "<ABC_Root>", made when missing:
#   Assimp's glTF importer does not read the glTF scene's extras, and the ABC
#   exporters read the scene's metadata from that node then;
# - an animated object that is no bone (the nodes above a character's bones)
#   has no rest transform in Blender, and Blender's glTF exporter takes the
#   armature's current, animated place for the bind pose (inverse bind
#   matrices, skinned vertices) and the node's transform: while it runs, each
#   object with the transform its import kept (importer.REST) is put there,
#   its active action off (every action is still written from its NLA track);
# - Blender 3.4's glTF exporter drops the children of an object parented to a
#   bone (glTF-Blender-IO issue 1867): a node that no vertex is weighted to
#   and no animation moves is such an object after the import, an empty
#   under its bone, and its sockets its children (an animated node is a bone:
#   the tool's skin holds every animated node). While it runs, each of them hangs from that bone
#   itself, in the same place; the GLB then gets them back under their own
#   parent (nest_under_parents);
# - an image keeps its file extension in its name (Blender's glTF exporter
#   drops it), which is the game path of a P3D texture;
# - p3d: the vertex groups of a P3D LOD's mesh are its named selections
#   (p3d_selections.py).
import os
import shutil
import tempfile

import bpy

from . import glb, importer, p3d_selections, tool

# Keys and names of AbcMetadataKeys.h the add-on writes.
ABC_SOCKET = "abc:socket"
ABC_ROOT = "<ABC_Root>"
ABC_NODE_INDEX = "abc:index"


def export_gltf(path, selection_only, animations, loose_points=False):
    """Blender's glTF exporter, set up so that nothing the games need is
    sampled away: every bone (not only deforming ones), every action of the
    armature with its own key times, custom properties as extras; with
    `loose_points` (P3D), vertices of no face as points: a LOD's points of no
    face, and the vertex groups made of them (ABC has no such vertices)."""
    if "gltf" not in dir(bpy.ops.export_scene):
        raise tool.ToolError("Blender's glTF exporter (the add-on 'Import-Export: glTF 2.0 format') is not enabled")
    result = bpy.ops.export_scene.gltf(
        filepath=path, export_format="GLB", use_selection=selection_only, export_extras=True,
        use_mesh_vertices=loose_points, use_mesh_edges=False,
        export_yup=True, export_apply=False, export_skins=True, export_def_bones=False,
        export_animations=animations, export_anim_single_armature=True, export_force_sampling=False,
        export_frame_range=False, export_nla_strips=True, export_all_influences=True,
        export_lights=False, export_cameras=False)
    if "FINISHED" not in result:
        raise tool.ToolError("Blender's glTF exporter could not write the scene")


class RestTransforms:
    """Objects with importer.REST at that transform, their active action off,
    for as long as the `with` lasts (see the top). An object whose active
    action is in none of its NLA tracks keeps it: the exporter would lose it."""

    def __init__(self, objects):
        self.objects = objects
        self.held = []

    def __enter__(self):
        from mathutils import Matrix, Quaternion, Vector
        for obj in self.objects:
            rest = obj.get(importer.REST)
            data = obj.animation_data
            if rest is None or len(rest) != 10 or data is None:
                continue
            stashed = {strip.action for track in data.nla_tracks for strip in track.strips}
            if data.action is not None and data.action not in stashed:
                continue
            self.held.append((obj, data.action, obj.matrix_basis.copy()))
            data.action = None
            obj.matrix_basis = Matrix.LocRotScale(Vector(rest[0:3]), Quaternion(rest[3:7]), Vector(rest[7:10]))
        bpy.context.view_layer.update()
        return self

    def __exit__(self, *error):
        for obj, action, basis in self.held:
            obj.animation_data.action = action
            obj.matrix_basis = basis
        bpy.context.view_layer.update()
        return False


def is_socket(obj):
    """An ABC socket: an empty that the import marked as one (its custom
    property abc:socket, which also says "no" when 0), or, unmarked, an empty
    parented to a bone that holds nothing and was no node of the game file.
    Blender's glTF importer makes a node that no vertex is weighted to and
    no animation moves an empty, under its parent bone, with the node's
    properties (abc:index) and its sockets as children: that empty is a
    node, its children the sockets."""
    if obj.type != "EMPTY":
        return False
    if ABC_SOCKET in obj:
        return bool(obj[ABC_SOCKET])
    return obj.parent is not None and obj.parent_type == "BONE" and not obj.children and ABC_NODE_INDEX not in obj


class ChildrenOnTheBone:
    """Each object below an object parented to a bone, for as long as the
    `with` lasts, parented to that bone itself at its place (see the top).
    `parents` maps each one's name to its own parent's name and its
    transform relative to that parent, in glTF's axes."""

    def __init__(self, objects):
        self.moved = [o for o in objects if _below_bone_child(o)]
        self.held = []
        self.parents = {o.name: (o.parent.name, _gltf_axes(o.matrix_parent_inverse @ o.matrix_basis))
                        for o in self.moved}

    def __enter__(self):
        for obj in self.moved:
            holder = obj.parent
            while holder.parent_type != "BONE":
                holder = holder.parent
            world = obj.matrix_world.copy()
            self.held.append((obj, obj.parent, obj.parent_bone, obj.matrix_parent_inverse.copy(),
                              obj.matrix_basis.copy()))
            obj.parent = holder.parent
            obj.parent_type = "BONE"
            obj.parent_bone = holder.parent_bone
            bpy.context.view_layer.update()
            obj.matrix_world = world
        bpy.context.view_layer.update()
        return self

    def __exit__(self, *error):
        for obj, parent, bone, parent_inverse, basis in reversed(self.held):
            obj.parent = parent
            obj.parent_type = "OBJECT"
            obj.parent_bone = bone
            obj.matrix_parent_inverse = parent_inverse
            obj.matrix_basis = basis
        bpy.context.view_layer.update()
        return False


def _below_bone_child(obj):
    """Whether an ancestor of `obj`, not its bone, is parented to a bone."""
    parent = obj.parent
    if parent is None or obj.parent_type != "OBJECT":
        return False
    while parent is not None:
        if parent.parent is not None and parent.parent_type == "BONE":
            return True
        parent = parent.parent if parent.parent_type == "OBJECT" else None
    return False


def _gltf_axes(matrix):
    """A Blender (Z up) transform in glTF's axes (Y up), as Blender's glTF
    exporter writes one: (x, y, z) becomes (x, z, -y)."""
    from mathutils import Matrix
    axes = Matrix(((1.0, 0.0, 0.0, 0.0), (0.0, 0.0, 1.0, 0.0), (0.0, -1.0, 0.0, 0.0), (0.0, 0.0, 0.0, 1.0)))
    return axes @ matrix @ axes.inverted()


def _set_node_matrix(node, matrix):
    translation, rotation, scale = matrix.decompose()
    node.pop("matrix", None)
    node["translation"] = list(translation)
    node["rotation"] = [rotation.x, rotation.y, rotation.z, rotation.w]
    node["scale"] = list(scale)


def nest_under_parents(document, parents):
    """Each node named in `parents` (ChildrenOnTheBone) moved under the node
    of its own parent, with its transform relative to it. The deepest move
    first: a parent is then still beside its child under the bone node."""
    nodes = document.get("nodes", [])
    index = {node.get("name"): i for i, node in enumerate(nodes)}

    def depth(name):
        return 1 + depth(parents[name][0]) if name in parents else 0

    for name in sorted(parents, key=depth, reverse=True):
        parent_name, local = parents[name]
        child, parent = index.get(name), index.get(parent_name)
        if child is None or parent is None:
            continue
        owner = next((n for n in nodes if child in n.get("children", [])), None)
        if owner is None or parent not in owner.get("children", []):
            continue  # not where the exporter puts an object parented to a bone
        _set_node_matrix(nodes[child], local)
        owner["children"].remove(child)
        if not owner["children"]:
            del owner["children"]
        nodes[parent].setdefault("children", []).append(child)


def socket_names(objects):
    return {o.name for o in objects if is_socket(o)}


def armature_names(objects):
    return [o.name for o in objects if o.type == "ARMATURE"]


def _is_still(document, index):
    node = document["nodes"][index]
    moved = node.get("translation", [0, 0, 0]) != [0, 0, 0] or node.get("rotation", [0, 0, 0, 1]) != [0, 0, 0, 1] \
        or node.get("scale", [1, 1, 1]) != [1, 1, 1] or "matrix" in node
    animated = any(channel.get("target", {}).get("node") == index
                   for animation in document.get("animations", []) for channel in animation.get("channels", []))
    return not moved and not animated and "mesh" not in node


def _lift(document, index):
    """Node `index` out of the tree, its children in its place."""
    children = document["nodes"][index].get("children", [])
    owners = [n["children"] for n in document["nodes"] if index in n.get("children", [])]
    owners += [scene["nodes"] for scene in document.get("scenes", []) if index in scene.get("nodes", [])]
    for owner in owners:
        at = owner.index(index)
        owner[at:at + 1] = children
    for skin in document.get("skins", []):
        if skin.get("skeleton") == index:
            del skin["skeleton"]
    document["nodes"][index]["children"] = []


def _image_names(document, images):
    lower = {name.lower(): name for name in images}
    for image in document.get("images", []):
        name = image.get("name", "")
        for extension in (".paa", ".pac"):
            if (name + extension).lower() in lower:
                image["name"] = lower[(name + extension).lower()]


def scene_metadata_on_root(document):
    """The glTF scene's extras on its "<ABC_Root>" node (see the top)."""
    scenes = document.get("scenes", [])
    scene = scenes[document.get("scene", 0)] if scenes else None
    extras = scene.pop("extras", None) if scene else None
    if not extras:
        return
    nodes = document["nodes"]
    root = next((i for i in scene.get("nodes", []) if nodes[i].get("name") == ABC_ROOT), None)
    if root is None:
        nodes.append({"name": ABC_ROOT, "children": list(scene.get("nodes", []))})
        root = len(nodes) - 1
        scene["nodes"] = [root]
    own = nodes[root].get("extras", {})
    nodes[root]["extras"] = dict(extras, **own)


def _recorded_animations(objects):
    """The imported actions behind the GLB's animation names: Blender's glTF
    exporter names an animation after the NLA track that holds its action
    (joining the tracks of one name on several objects into one animation),
    or after the action when it is in no track. Tracks first: the file's
    "Run" and "Run_<model>" are the tracks "Run" and "Run_<model>" holding
    the actions "Run_<model>" and "Run_<model>_<model>", and the GLB's
    "Run_<model>" is the second. The armatures' tracks before the other
    objects', every action by its name last."""
    found = {}
    for obj in sorted(objects, key=lambda o: o.type != "ARMATURE"):
        for data in importer.animation_data(obj):
            for track in data.nla_tracks:
                for strip in track.strips:
                    if strip.action is not None and _is_recorded(strip.action):
                        found.setdefault(track.name, strip.action)
    for action in bpy.data.actions:
        if _is_recorded(action):
            found.setdefault(action.name, action)
    return found


def _is_recorded(action):
    return importer.ANIMATION_INDEX in action or importer.ANIMATION_NAME in action


def _without_armature_suffix(name, armatures):
    """An action's name without the "_<armature>" suffix that the import
    gives action names: the rule for an animation whose action has no
    recorded name (made in Blender, or imported by an add-on before it
    recorded them)."""
    for armature in armatures:
        if name.endswith("_" + armature) and len(name) > len(armature) + 1:
            return name[:-len(armature) - 1]
    return name


def name_and_order_animations(document, objects, armatures):
    """The GLB's animations named and ordered as in the file their actions
    were imported from (importer.ANIMATION_NAME and ANIMATION_INDEX):
    LithTech games address animations by name and by index, and Blender
    lists actions by name and changes their names. The animations of other
    actions follow, in the order written, named by their action or track
    without an "_<armature>" suffix."""
    recorded = _recorded_animations(objects)
    animations = document.get("animations", [])
    keyed = []
    for i, animation in enumerate(animations):
        written = animation.get("name", "")
        action = recorded.get(written, {})
        index, name = action.get(importer.ANIMATION_INDEX), action.get(importer.ANIMATION_NAME)
        # Custom properties a user may have edited into other types.
        keyed.append(((0, index) if isinstance(index, int) else (1, i), i))
        animation["name"] = name if isinstance(name, str) else _without_armature_suffix(written, armatures)
    if animations:
        document["animations"] = [animations[i] for _, i in sorted(keyed)]


def add_side_channel(document, sockets, armatures, images):
    """What the glTF exporter drops, as node extras and names (see the top)."""
    for index, node in enumerate(document.get("nodes", [])):
        extras = node.get("extras", {})
        extras.pop(importer.REST, None)
        name = node.get("name")
        if name in sockets:
            node.setdefault("extras", {})[ABC_SOCKET] = True
        else:
            extras.pop(ABC_SOCKET, None)
        if importer.GAME_NAME in extras:
            node["name"] = extras.pop(importer.GAME_NAME)
        elif name in armatures and _is_still(document, index):
            _lift(document, index)
    _image_names(document, images)


def export_game(context, target, fmt, settings, selection_only, animations, tool_path):
    """Writes `target` in `fmt`; returns the tool's warnings. Raises
    tool.ToolError with the message of whatever refused the export; no file
    is then left at `target` that was not there before."""
    objects = list(context.selected_objects if selection_only else context.scene.objects)
    if not objects:
        raise tool.ToolError("nothing to export: " + ("no object is selected" if selection_only else "the scene is empty"))
    work = tempfile.mkdtemp(prefix="assimp_retro_")
    existed = os.path.exists(target)
    try:
        scene = os.path.join(work, "scene.glb")
        with RestTransforms(objects), ChildrenOnTheBone(objects) as lifted:
            export_gltf(scene, selection_only, animations, loose_points=fmt == "p3d")
        try:
            document, binary = glb.read(scene)
        except glb.GlbError:
            raise tool.ToolError("Blender's glTF exporter wrote no GLB")
        nest_under_parents(document, lifted.parents)
        # First: it finds the animations by their action and track names.
        name_and_order_animations(document, objects, armature_names(objects))
        if fmt == "p3d":  # first: it finds the objects by their Blender names
            p3d_selections.from_vertex_groups(document, binary, objects)
        add_side_channel(document, socket_names(objects), armature_names(objects),
                         [image.name for image in bpy.data.images])
        if fmt != "p3d":
            scene_metadata_on_root(document)
        glb.write(scene, document, binary)
        try:
            return tool.export_game(tool_path, scene, target, fmt, settings)
        except tool.ToolError:
            if not existed and os.path.exists(target):
                os.remove(target)
            raise
    finally:
        shutil.rmtree(work, ignore_errors=True)
