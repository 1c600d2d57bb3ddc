# Export to the games: Blender's glTF exporter writes the scene as a GLB, the
# add-on adds to that GLB what the glTF exporter cannot say (see MAPPING in
# docs/blender.md), and the tool's own exporters (abc6, abc12, p3d) write the
# game file from it: the same exporters and the same bytes as
# `assimp-retro export scene.glb out.abc -f abc12` on the command line.
#
# The side channel is the GLB's node "extras", which Assimp's glTF importer
# turns into node metadata, read by the exporters under the keys of
# code/AssetLib/LithTech/AbcMetadataKeys.h and
# code/AssetLib/Poseidon/P3dMetadataKeys.h:
# - an empty whose parent is a bone gets abc:socket = true (an ABC socket);
# - an animation is named after its action, without the "_<armature>" suffix
#   that the add-on's import gives actions.
import json
import os
import shutil
import struct
import tempfile

import bpy

from . import tool

# Keys of AbcMetadataKeys.h the add-on writes.
ABC_SOCKET = "abc:socket"

# Export formats: (tool format, label).
FORMATS = {"abc6": "LithTech ABC v6", "abc12": "LithTech ABC v12", "p3d": "Operation Flashpoint P3D (MLOD)"}


def export_gltf(path, selection_only, animations):
    """Blender's glTF exporter, set up so that nothing the games need is
    sampled away: every bone (not only deforming ones), every action of the
    armature with its own key times, custom properties as extras."""
    if "gltf" not in dir(bpy.ops.export_scene):
        raise tool.ToolError("Blender's glTF exporter (the add-on 'Import-Export: glTF 2.0 format') is not enabled")
    result = bpy.ops.export_scene.gltf(
        filepath=path, export_format="GLB", use_selection=selection_only, export_extras=True,
        export_yup=True, export_apply=False, export_skins=True, export_def_bones=False,
        export_animations=animations, export_anim_single_armature=True, export_force_sampling=False,
        export_frame_range=False, export_nla_strips=True, export_all_influences=True,
        export_lights=False, export_cameras=False)
    if "FINISHED" not in result:
        raise tool.ToolError("Blender's glTF exporter could not write the scene")


def read_glb(path):
    """(JSON document, binary chunk) of a GLB."""
    with open(path, "rb") as f:
        data = f.read()
    if len(data) < 20 or data[:4] != b"glTF":
        raise tool.ToolError("Blender's glTF exporter wrote no GLB")
    length = struct.unpack_from("<I", data, 12)[0]
    document = json.loads(data[20:20 + length].decode("utf-8"))
    rest = data[20 + length:]
    binary = rest[8:8 + struct.unpack_from("<I", rest, 0)[0]] if len(rest) >= 8 else b""
    return document, binary


def write_glb(path, document, binary):
    text = json.dumps(document, separators=(",", ":")).encode("utf-8")
    text += b" " * (-len(text) % 4)
    binary += b"\0" * (-len(binary) % 4)
    chunks = struct.pack("<I4s", len(text), b"JSON") + text
    if binary:
        chunks += struct.pack("<I4s", len(binary), b"BIN\0") + binary
    with open(path, "wb") as f:
        f.write(struct.pack("<4sII", b"glTF", 2, 12 + len(chunks)) + chunks)


def socket_names(objects):
    """Empties parented to a bone: the ABC sockets."""
    return {o.name for o in objects if o.type == "EMPTY" and o.parent is not None and o.parent_type == "BONE"}


def armature_names(objects):
    return [o.name for o in objects if o.type == "ARMATURE"]


def add_side_channel(document, sockets, armatures):
    """What the glTF exporter drops, as node extras and names (see the top)."""
    for node in document.get("nodes", []):
        if node.get("name") in sockets:
            node.setdefault("extras", {})[ABC_SOCKET] = True
    for animation in document.get("animations", []):
        name = animation.get("name", "")
        for armature in armatures:
            if name.endswith("_" + armature) and len(name) > len(armature) + 1:
                animation["name"] = name[:-len(armature) - 1]
                break


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
        glb = os.path.join(work, "scene.glb")
        export_gltf(glb, selection_only, animations)
        document, binary = read_glb(glb)
        add_side_channel(document, socket_names(objects), armature_names(objects))
        write_glb(glb, document, binary)
        try:
            return tool.export_game(tool_path, glb, target, fmt, settings)
        except tool.ToolError:
            if not existed and os.path.exists(target):
                os.remove(target)
            raise
    finally:
        shutil.rmtree(work, ignore_errors=True)
