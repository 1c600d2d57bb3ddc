# Developer tool: renders a model file (GLB/glTF, OBJ, DAE) with Blender's
# Workbench engine in texture colour mode, seen from the model's front (+Z in
# glTF, which Blender's importers turn into -Y) a little from the right and
# above, so an untextured, mirrored or lying model is obvious at a glance.
#
#   blender -b --python tools/blender/render_textured.py -- model.glb out.png [size]
#
# Debian 12's Blender 3.4 glTF importer still uses numpy.bool (removed in
# NumPy 1.24): the alias is put back first.
import math
import sys

import numpy

if not hasattr(numpy, "bool"):
    numpy.bool = bool

import bpy  # noqa: E402
import mathutils  # noqa: E402

args = sys.argv[sys.argv.index("--") + 1:]
source, target = args[0], args[1]
size = int(args[2]) if len(args) > 2 else 512

bpy.ops.wm.read_factory_settings(use_empty=True)
lower = source.lower()
if lower.endswith((".glb", ".gltf")):
    bpy.ops.import_scene.gltf(filepath=source)
elif lower.endswith(".obj"):
    bpy.ops.import_scene.obj(filepath=source)  # Y-up, -Z forward, as Assimp writes it
elif lower.endswith(".dae"):
    bpy.ops.wm.collada_import(filepath=source)
else:
    raise SystemExit("unsupported file: " + source)

meshes = [o for o in bpy.context.scene.objects if o.type == "MESH"]
if not meshes:
    raise SystemExit("no mesh in " + source)
corners = [o.matrix_world @ mathutils.Vector(c) for o in meshes for c in o.bound_box]
low = mathutils.Vector([min(c[i] for c in corners) for i in range(3)])
high = mathutils.Vector([max(c[i] for c in corners) for i in range(3)])
centre = (low + high) / 2
radius = max((high - low).length / 2, 1e-3)

camera = bpy.data.objects.new("Camera", bpy.data.cameras.new("Camera"))
bpy.context.scene.collection.objects.link(camera)
# Front is -Y in Blender: look from -Y, 25 degrees to the right (+X), 20 degrees up.
direction = mathutils.Vector((math.sin(math.radians(25)), -math.cos(math.radians(25)), math.tan(math.radians(20))))
camera.location = centre + direction.normalized() * radius * 3.2
camera.rotation_euler = (centre - camera.location).to_track_quat("-Z", "Y").to_euler()
camera.data.clip_end = radius * 20
bpy.context.scene.camera = camera

scene = bpy.context.scene
scene.render.engine = "BLENDER_WORKBENCH"
scene.display.shading.light = "STUDIO"
scene.display.shading.color_type = "TEXTURE"
scene.display.shading.show_backface_culling = False
scene.render.resolution_x = scene.render.resolution_y = size
scene.render.filepath = target
bpy.ops.render.render(write_still=True)
print("rendered", source, "->", target)
