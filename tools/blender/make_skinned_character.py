# Makes the small skinned, animated character that the ABC exporters' test
# converts to abc6 and abc12 at test time (test/unit/LithTech/
# AbcExportFromBlenderTest.cpp): what a modder makes in Blender and exports
# as glTF, built from nothing so that no file is committed.
#
#   blender -b --factory-startup --python tools/blender/make_skinned_character.py -- OUT.glb
#
# The character (Blender's axes: Z up, facing -Y; glTF's: Y up, facing +Z;
# glTF (x, y, z) = Blender (x, z, -y)):
#   armature "Rig", bones torso (root) -> head, arm_l, arm_r:
#     torso (0, 0, 0.9) -> (0, 0, 1.5), head (0, 0, 1.5) -> (0, 0, 1.8),
#     arm_l (0.25, 0, 1.4) -> (0.75, 0, 1.4), arm_r (-0.25, 0, 1.4) -> (-0.75, 0, 1.4);
#   mesh "Body": four boxes, each weighted entirely to one bone (48 triangles),
#     textured with a 16x16 two-colour checker (material "Skin", PNG in the GLB):
#     torso x +-0.2, y +-0.1, z 0.85..1.45; head x, y +-0.125, z 1.525..1.775;
#     arm_l x 0.25..0.75, y +-0.06, z 1.34..1.46; arm_r its mirror in X;
#   25 frames per second, two actions (each becomes a glTF animation):
#     "wave": frames 0, 10, 20 (0, 0.4, 0.8 s): arm_r turned about Blender's
#       +Y by 0, 90, 0 degrees around its head (raised to point up at 0.4 s),
#       head turned about +Z by 0, 45, 0 degrees; torso keyed at rest;
#     "nod": frames 0, 5 (0, 0.2 s): head turned about +X by 0, 20 degrees,
#       torso and arms keyed at rest.
# Keys are written as they are (no sampling), so the glTF holds exactly these times.
#
# Debian 12's Blender 3.4 glTF add-on still uses numpy.bool (removed in
# NumPy 1.24) in places: the alias is put back first.
import math
import os
import sys

import numpy

if not hasattr(numpy, "bool"):
    numpy.bool = bool

import bpy  # noqa: E402
from mathutils import Quaternion, Vector  # noqa: E402

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from checker_material import checker_material  # noqa: E402

target = sys.argv[sys.argv.index("--") + 1]
bpy.ops.wm.read_factory_settings(use_empty=True)
scene = bpy.context.scene
scene.render.fps = 25
scene.frame_start = 0
scene.frame_end = 20

# The armature, in edit mode: heads and tails as documented above.
bones = {
    "torso": ((0, 0, 0.9), (0, 0, 1.5), None),
    "head": ((0, 0, 1.5), (0, 0, 1.8), "torso"),
    "arm_l": ((0.25, 0, 1.4), (0.75, 0, 1.4), "torso"),
    "arm_r": ((-0.25, 0, 1.4), (-0.75, 0, 1.4), "torso"),
}
armature_data = bpy.data.armatures.new("Rig")
rig = bpy.data.objects.new("Rig", armature_data)
scene.collection.objects.link(rig)
bpy.context.view_layer.objects.active = rig
bpy.ops.object.mode_set(mode="EDIT")
for name, (head, tail, parent) in bones.items():
    bone = armature_data.edit_bones.new(name)
    bone.head, bone.tail, bone.roll = head, tail, 0.0
    if parent:
        bone.parent = armature_data.edit_bones[parent]
bpy.ops.object.mode_set(mode="OBJECT")

# The mesh: one box per bone.
boxes = {
    "torso": ((-0.2, -0.1, 0.85), (0.2, 0.1, 1.45)),
    "head": ((-0.125, -0.125, 1.525), (0.125, 0.125, 1.775)),
    "arm_l": ((0.25, -0.06, 1.34), (0.75, 0.06, 1.46)),
    "arm_r": ((-0.75, -0.06, 1.34), (-0.25, 0.06, 1.46)),
}
vertices, faces, owner = [], [], []
for name, (lo, hi) in boxes.items():
    base = len(vertices)
    for i in range(8):
        vertices.append((hi[0] if i & 1 else lo[0], hi[1] if i & 2 else lo[1], hi[2] if i & 4 else lo[2]))
        owner.append(name)
    # Outward quads (counter-clockwise seen from outside).
    for quad in ((0, 2, 3, 1), (4, 5, 7, 6), (0, 1, 5, 4), (2, 6, 7, 3), (0, 4, 6, 2), (1, 3, 7, 5)):
        faces.append(tuple(base + q for q in quad))
mesh = bpy.data.meshes.new("Body")
mesh.from_pydata(vertices, [], faces)
mesh.update()
# Each quad shows the whole texture: a 16x16 two-colour checker packed into
# the file (the glTF embeds it as PNG), on the one material "Skin".
uv_layer = mesh.uv_layers.new(name="UVMap")
for polygon in mesh.polygons:
    for corner, loop in zip(((0, 0), (1, 0), (1, 1), (0, 1)), polygon.loop_indices):
        uv_layer.data[loop].uv = corner
material = checker_material("Skin", "character_skin", (0.1, 0.3, 0.7, 1.0), (0.8, 0.2, 0.1, 1.0))
mesh.materials.append(material)
body = bpy.data.objects.new("Body", mesh)
scene.collection.objects.link(body)
body.parent = rig
for name in bones:
    group = body.vertex_groups.new(name=name)
    group.add([i for i, o in enumerate(owner) if o == name], 1.0, "REPLACE")
body.modifiers.new("Rig", "ARMATURE").object = rig


def local_rotation(bone_name, axis, degrees):
    """A pose rotation given about an armature-space axis, in the bone's own frame."""
    rest = rig.data.bones[bone_name].matrix_local.to_quaternion()
    world = Quaternion(Vector(axis), math.radians(degrees))
    return rest.inverted() @ world @ rest


def make_action(name, keys):
    """keys: {frame: {bone: (axis, degrees)}}; every bone is keyed at every frame."""
    action = bpy.data.actions.new(name)
    rig.animation_data_create()
    rig.animation_data.action = action
    for frame, turns in keys.items():
        for bone_name in bones:
            pose_bone = rig.pose.bones[bone_name]
            pose_bone.rotation_mode = "QUATERNION"
            axis, degrees = turns.get(bone_name, ((0, 0, 1), 0.0))
            pose_bone.rotation_quaternion = local_rotation(bone_name, axis, degrees)
            pose_bone.keyframe_insert("rotation_quaternion", frame=frame, group=bone_name)
            pose_bone.keyframe_insert("location", frame=frame, group=bone_name)
    for curve in action.fcurves:
        for point in curve.keyframe_points:
            point.interpolation = "LINEAR"
    # An NLA track per action: Blender's glTF exporter writes each as an animation.
    track = rig.animation_data.nla_tracks.new()
    track.name = name
    track.strips.new(name, int(min(keys)), action)
    rig.animation_data.action = None
    return action


make_action("wave", {
    0: {},
    10: {"arm_r": ((0, 1, 0), 90.0), "head": ((0, 0, 1), 45.0)},
    20: {},
})
make_action("nod", {
    0: {},
    5: {"head": ((1, 0, 0), 20.0)},
})
for pose_bone in rig.pose.bones:
    pose_bone.rotation_quaternion = (1, 0, 0, 0)

bpy.ops.export_scene.gltf(filepath=target, export_format="GLB", export_animations=True,
                          export_force_sampling=False, export_nla_strips=True, export_skins=True,
                          export_def_bones=False, export_apply=False)
print("CHARACTER written", target)
