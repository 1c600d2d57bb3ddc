# Developer tool: imports glTF/GLB files with Blender's own glTF importer and
# prints what Blender made of them: cameras (lens, clip planes, parent,
# animation), custom properties of objects (from node `extras`), shape keys
# (from morph targets) and whether their values are animated.
#
#   blender -b --python tools/blender/inspect_gltf.py -- out.glb [more.gltf ...]
#
# Written for Debian 12's Blender 3.4 (io_scene_gltf2 3.4), whose importer
# still uses numpy.bool (removed in NumPy 1.24): the alias is put back first.
import math
import sys

import numpy

if not hasattr(numpy, "bool"):
    numpy.bool = bool

import bpy  # noqa: E402  (after the numpy fix)
import mathutils  # noqa: E402


def plain(value):
    """IDProperty groups/arrays as plain Python values."""
    if hasattr(value, "to_dict"):
        return {k: plain(v) for k, v in value.to_dict().items()}
    if hasattr(value, "to_list"):
        return [plain(v) for v in value.to_list()]
    if isinstance(value, dict):
        return {k: plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    if isinstance(value, float):
        return round(value, 7)
    return value


def custom_properties(idblock):
    return {k: plain(idblock[k]) for k in idblock.keys() if not k.startswith("_") and k != "cycles"}


def fcurve_summary(action, fps):
    lines = []
    for fcurve in action.fcurves:
        keys = [(round(p.co[0] / fps, 4), round(p.co[1], 4)) for p in fcurve.keyframe_points]
        lines.append(f"{fcurve.data_path}[{fcurve.array_index}]: {len(keys)} keys (s, value) {keys}")
    return lines


def actions_of(idblock):
    """The active action and the actions in NLA strips of an ID's animation data."""
    data = getattr(idblock, "animation_data", None)
    if data is None:
        return []
    found = []
    if data.action is not None:
        found.append(("active", data.action))
    for track in data.nla_tracks:
        for strip in track.strips:
            if strip.action is not None and all(strip.action != a for _, a in found):
                found.append((f"NLA track {track.name!r}", strip.action))
    return found


def report(path):
    bpy.ops.wm.read_factory_settings(use_empty=True)
    result = bpy.ops.import_scene.gltf(filepath=path)
    print(f"=== {path}: import {set(result)}")
    scene = bpy.context.scene
    fps = scene.render.fps / scene.render.fps_base
    render = scene.render
    render_aspect = (render.resolution_x * render.pixel_aspect_x) / (render.resolution_y * render.pixel_aspect_y)
    print(f"scene fps {fps:g}, render {render.resolution_x}x{render.resolution_y}, {len(bpy.data.objects)} objects, "
          f"{len(bpy.data.actions)} actions {[a.name for a in bpy.data.actions]}")

    print("--- objects")
    for obj in sorted(bpy.data.objects, key=lambda o: o.name):
        parent = obj.parent.name if obj.parent else None
        print(f"{obj.name}: type {obj.type}, parent {parent}")
        props = custom_properties(obj)
        if props:
            print(f"    custom properties: {props}")
        for where, action in actions_of(obj):
            print(f"    animation ({where}) action {action.name!r}:")
            for line in fcurve_summary(action, fps):
                print(f"        {line}")

    print("--- cameras")
    cameras = [o for o in bpy.data.objects if o.type == "CAMERA"]
    if not cameras:
        print("(none)")
    for obj in cameras:
        cam = obj.data
        chain = []
        node = obj.parent
        while node is not None:
            chain.append(node.name + (" (animated)" if actions_of(node) else ""))
            node = node.parent
        print(f"{obj.name}: data {cam.name!r}, {cam.type}, sensor_fit {cam.sensor_fit}, "
              f"angle_x {math.degrees(cam.angle_x):.4f} deg, angle_y {math.degrees(cam.angle_y):.4f} deg, "
              f"clip {cam.clip_start:g}..{cam.clip_end:g}, ortho_scale {cam.ortho_scale:g}")
        if cam.type == "PERSP" and cam.sensor_fit == "VERTICAL":
            # What a render at the scene's resolution shows horizontally.
            horizontal = 2 * math.atan(math.tan(cam.angle_y / 2) * render_aspect)
            print(f"    horizontal view angle at the render aspect {render_aspect:.4f}: "
                  f"{math.degrees(horizontal):.4f} deg = {horizontal:.6f} rad")
        print(f"    parents: {chain or '(none)'}; own animation: {bool(actions_of(obj))}")
        world = obj.matrix_world
        view = world.to_3x3() @ mathutils.Vector((0, 0, -1))
        print(f"    world position {tuple(round(c, 4) for c in world.translation)}, "
              f"view direction {tuple(round(c, 4) for c in view)} (Blender Z up)")
        props = custom_properties(cam)
        if props:
            print(f"    camera data custom properties: {props}")

    print("--- shape keys")
    meshes = [o for o in bpy.data.objects if o.type == "MESH"]
    any_keys = False
    for obj in meshes:
        keys = obj.data.shape_keys
        if keys is None:
            continue
        any_keys = True
        blocks = [(b.name, round(b.value, 4)) for b in keys.key_blocks]
        print(f"{obj.name} (mesh {obj.data.name!r}): key blocks {blocks}")
        actions = actions_of(keys)
        if not actions:
            print("    shape key values: NOT animated")
        for where, action in actions:
            animated = [f for f in action.fcurves if f.data_path.startswith("key_blocks")]
            print(f"    shape key animation ({where}) action {action.name!r}: {len(animated)} fcurves on key_blocks values")
            for line in fcurve_summary(action, fps):
                print(f"        {line}")
    if not any_keys:
        print("(none)")


def main():
    files = sys.argv[sys.argv.index("--") + 1:] if "--" in sys.argv else []
    if not files:
        print("usage: blender -b --python tools/blender/inspect_gltf.py -- FILE.glb [FILE.gltf ...]")
        sys.exit(2)
    for path in files:
        report(path)


main()
