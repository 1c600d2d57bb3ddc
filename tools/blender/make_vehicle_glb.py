# Developer tool: makes test/models/p3d/vehicle_lods.glb, the small vehicle
# the p3d exporter's tests convert to MLOD (a Blender-made glTF as modders
# make them): root objects named as OFP names LODs, "LOD 1.000" (a textured
# hull with a turret and four wheels, each its own object: selections),
# "LOD 2.000" (the hull alone), "Geometry" (a box), "Memory" (empties as
# named points). Facing -Y in Blender, which glTF makes +Z.
#
#   blender -b --python tools/blender/make_vehicle_glb.py -- test/models/p3d/vehicle_lods.glb
#
# Debian 12's Blender 3.4 glTF exporter still uses numpy.bool (removed in
# NumPy 1.24): the alias is put back first.
import os
import sys

import numpy

if not hasattr(numpy, "bool"):
    numpy.bool = bool

import bpy  # noqa: E402

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from checker_material import checker_material  # noqa: E402

target = sys.argv[sys.argv.index("--") + 1]
bpy.ops.wm.read_factory_settings(use_empty=True)

# A 16x16 checker image, packed into the file, on one material.
material = checker_material("hull", "hull", (0.2, 0.4, 0.2, 1.0), (0.8, 0.4, 0.2, 1.0))


def box(name, size, location, parent=None, textured=True):
    bpy.ops.mesh.primitive_cube_add(size=1, location=location)
    obj = bpy.context.active_object
    obj.name = name
    obj.scale = size
    bpy.ops.object.transform_apply(location=False, rotation=False, scale=True)
    if textured:
        obj.data.materials.append(material)
    if parent:
        obj.parent = parent
    return obj


def empty(name, location, parent=None):
    obj = bpy.data.objects.new(name, None)
    obj.location = location
    bpy.context.scene.collection.objects.link(obj)
    if parent:
        obj.parent = parent
    return obj


lod1 = empty("LOD 1.000", (0, 0, 0))
box("hull", (2.0, 4.0, 1.0), (0, 0, 0.5), lod1)
box("otocvez", (1.2, 1.5, 0.6), (0, 0.3, 1.3), lod1)
for i, (x, y) in enumerate([(-1.1, -1.3), (1.1, -1.3), (-1.1, 1.3), (1.1, 1.3)]):
    bpy.ops.mesh.primitive_cylinder_add(vertices=8, radius=0.4, depth=0.3, location=(x, y, 0.4),
                                        rotation=(0, 1.5707963, 0))
    wheel = bpy.context.active_object
    wheel.name = "kolo%d" % (i + 1)
    wheel.data.materials.append(material)
    wheel.parent = lod1
lod2 = empty("LOD 2.000", (0, 0, 0))
box("hull2", (2.0, 4.0, 1.2), (0, 0, 0.6), lod2)
geometry = empty("Geometry", (0, 0, 0))
box("geometry box", (2.2, 4.2, 1.6), (0, 0, 0.8), geometry, textured=False)
memory = empty("Memory", (0, 0, 0))
empty("usti hlavne", (0, -2.5, 1.4), memory)  # the gun muzzle, in front (-Y in Blender)
empty("pos driver", (-0.6, -1.0, 0.8), memory)

bpy.ops.export_scene.gltf(filepath=target, export_format="GLB", export_apply=True, export_extras=True)
