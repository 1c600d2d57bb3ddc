# Developer tool: renders a model file (GLB/glTF, OBJ, DAE, or a game model
# through the Blender add-on: .abc, .p3d, .oni, .dat) with Blender's Workbench
# engine in texture colour mode, seen from the model's front (+Z in glTF,
# which Blender's importers turn into -Y) a little from the right and above,
# so an untextured, mirrored or lying model is obvious at a glance.
#
#   blender -b --python tools/blender/render_textured.py -- model.glb out.png [size]
#   BLENDER_USER_SCRIPTS=DIR blender -b --python tools/blender/render_textured.py -- model.abc out.png
#     (game models: the add-on installed under DIR, see docs/blender.md)
#
# tools/blender/check_addon.py imports it for its renders. Debian 12's Blender
# 3.4 glTF importer still uses numpy.bool (removed in NumPy 1.24): the alias is
# put back first.
import math
import sys

import numpy

if "bool" not in numpy.__dict__:
    numpy.bool = bool

import bpy  # noqa: E402
import mathutils  # noqa: E402

ADDON = "assimp_retro_blender"
ADDON_OPERATORS = {".abc": "assimp_retro_abc", ".p3d": "assimp_retro_p3d", ".oni": "assimp_retro_oban",
                   ".dat": "assimp_retro_oban"}


def load(source):
    """Imports `source` into the current scene."""
    lower = source.lower()
    extension = lower[lower.rfind("."):]
    if lower.endswith((".glb", ".gltf")):
        bpy.ops.import_scene.gltf(filepath=source)
    elif lower.endswith(".obj"):
        bpy.ops.import_scene.obj(filepath=source)  # Y-up, -Z forward, as Assimp writes it
    elif lower.endswith(".dae"):
        bpy.ops.wm.collada_import(filepath=source)
    elif extension in ADDON_OPERATORS:
        if ADDON not in bpy.context.preferences.addons:
            bpy.ops.preferences.addon_enable(module=ADDON)
        getattr(bpy.ops.import_scene, ADDON_OPERATORS[extension])(filepath=source)
    else:
        raise SystemExit("unsupported file: " + source)


def render(target, size=512, objects=None):
    """Renders the meshes of `objects` (default: the scene's) to the PNG `target`."""
    scene = bpy.context.scene
    meshes = [o for o in (objects or scene.objects) if o.type == "MESH"]
    if not meshes:
        raise SystemExit("nothing to render: no mesh")
    corners = [o.matrix_world @ mathutils.Vector(c) for o in meshes for c in o.bound_box]
    low = mathutils.Vector([min(c[i] for c in corners) for i in range(3)])
    high = mathutils.Vector([max(c[i] for c in corners) for i in range(3)])
    centre = (low + high) / 2
    radius = max((high - low).length / 2, 1e-3)

    camera = bpy.data.objects.new("Camera", bpy.data.cameras.new("Camera"))
    scene.collection.objects.link(camera)
    # Front is -Y in Blender: look from -Y, 25 degrees to the right (+X), 20 degrees up.
    direction = mathutils.Vector((math.sin(math.radians(25)), -math.cos(math.radians(25)),
                                  math.tan(math.radians(20))))
    camera.location = centre + direction.normalized() * radius * 3.2
    camera.rotation_euler = (centre - camera.location).to_track_quat("-Z", "Y").to_euler()
    camera.data.clip_end = radius * 20
    scene.camera = camera

    scene.render.engine = "BLENDER_WORKBENCH"
    scene.display.shading.light = "STUDIO"
    scene.display.shading.color_type = "TEXTURE"
    scene.display.shading.show_backface_culling = False
    scene.render.resolution_x = scene.render.resolution_y = size
    scene.render.filepath = target
    bpy.ops.render.render(write_still=True)


def main():
    args = sys.argv[sys.argv.index("--") + 1:]
    source, target = args[0], args[1]
    size = int(args[2]) if len(args) > 2 else 512
    # read_homefile, not read_factory_settings: the latter would switch add-ons off.
    bpy.ops.wm.read_homefile(use_empty=True)
    load(source)
    render(target, size)
    print("rendered", source, "->", target)


if __name__ == "__main__":
    main()
