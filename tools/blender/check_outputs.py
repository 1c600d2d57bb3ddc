# Loads model files (.fbx, .dae, .obj, .glb/.gltf) with Blender's own
# importers, one file per empty scene, and prints one JSON line per file with
# what Blender made of it:
#   {"file": ..., "ok": true, "triangles": N, "meshes": N, "bones": N,
#    "actions": N, "size": [x, y, z], "min": [...], "max": [...]}
# triangles: of the evaluated meshes (polygons triangulated: n-2 each);
# bones: of all armatures; actions: bpy.data.actions after the import;
# size/min/max: world-space bounding box of all mesh objects in the rest pose
# (armature modifiers off), in metres as Blender shows them.
#
#   blender -b --factory-startup --python tools/blender/check_outputs.py -- a.fbx b.dae ...
#
# tools/check_outputs.sh compares these numbers between the outputs of one
# model. Written for Debian 12's Blender 3.4 (its glTF importer still uses
# numpy.bool, removed in NumPy 1.24: the alias is put back first).
import json
import os
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


def stats(path):
    clear()
    import_file(path)
    for obj in bpy.data.objects:
        for modifier in obj.modifiers:
            if modifier.type == "ARMATURE":
                modifier.show_viewport = False
    bpy.context.view_layer.update()
    depsgraph = bpy.context.evaluated_depsgraph_get()
    triangles = 0
    meshes = 0
    lo = [float("inf")] * 3
    hi = [float("-inf")] * 3
    for obj in bpy.data.objects:
        if obj.type != "MESH":
            continue
        meshes += 1
        evaluated = obj.evaluated_get(depsgraph)
        mesh = evaluated.to_mesh()
        triangles += sum(len(p.vertices) - 2 for p in mesh.polygons)
        for v in mesh.vertices:
            world = evaluated.matrix_world @ v.co
            for i in range(3):
                lo[i] = min(lo[i], world[i])
                hi[i] = max(hi[i], world[i])
        evaluated.to_mesh_clear()
    bones = sum(len(a.bones) for a in bpy.data.armatures)
    if meshes == 0:
        lo = hi = [0.0, 0.0, 0.0]
    return {
        "file": path,
        "ok": True,
        "triangles": triangles,
        "meshes": meshes,
        "bones": bones,
        "actions": len(bpy.data.actions),
        "min": [round(x, 6) for x in lo],
        "max": [round(x, 6) for x in hi],
        "size": [round(hi[i] - lo[i], 6) for i in range(3)],
    }


def main():
    argv = sys.argv[sys.argv.index("--") + 1:] if "--" in sys.argv else []
    for path in argv:
        try:
            result = stats(path)
        except Exception as error:  # report and go on with the next file
            result = {"file": path, "ok": False, "error": str(error)}
        print("CHECK " + json.dumps(result), flush=True)


main()
