# The add-on's LOD holders in Blender 3.4, run by the test
# LtbBlenderLodHoldersTest (test/unit/LithTech) with an LTB the project's
# writer made: a vertex-animated piece with a LOD 1, and a rigid one.
#
#   blender -b --factory-startup --python tools/blender/check_lod_holders.py -- \
#     --addon integrations/blender --ltb MODEL.ltb --abc OUT.abc
#
# Enables the add-on from the source tree (the tool: the first assimp-retro
# on the PATH) and imports the model with All LODs through its operator.
# Blender's glTF importer splits a node with a skinned mesh that an animation
# targets (the vertex-animated piece and its own LOD holder `<piece>_LOD<n>`)
# into an empty holding the node's custom properties and a mesh object under
# the armature; the add-on joins them again. Checks that each piece and each
# LOD holder is one mesh object under the armature, in the model's collection,
# with its node's name and custom properties (abc:piece, abc:lod,
# abc:lodDistance), and that no empty is left with them; that the node `arm`,
# which no vertex weighs but an animation moves, is a bone of the armature
# (the skin holds every animated node) with its socket `gunfire` an empty
# under it. Then exports to OUT.abc (abc12) through the export operator, for
# the test to read back, and checks that the socket is where it was.
# Prints "FAIL ..." per failed check and "RESULT N check(s), M failure(s)";
# exits 1 when any failed.
import os
import sys

import bpy

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from blender_checks import arguments, check, report  # noqa: E402

# What the LTB writer's MultiLodVertexAnimationModel gives (LtbVertexAnimationTest).
MODEL = "va_lods"
PIECES = {"body": 0, "base": 1}
LOD_HOLDERS = ("body_LOD1", "LOD1_dist_50")
LOD_DISTANCE = 50.0


def main():
    args = arguments()
    bpy.ops.wm.read_homefile(use_empty=True)
    sys.path.insert(0, os.path.abspath(args["addon"]))
    import assimp_retro_blender
    assimp_retro_blender.register()

    result = bpy.ops.import_scene.assimp_retro_ltb(filepath=os.path.abspath(args["ltb"]), abc_all_lods=True)
    if not check(result == {"FINISHED"}, "the import did not finish: %s" % result):
        return report()
    objects = {o.name: o for o in bpy.data.objects}
    print("OBJECTS " + ", ".join("%s (%s)" % (name, o.type) for name, o in sorted(objects.items())), flush=True)
    armature = objects.get(MODEL)
    check(armature is not None and armature.type == "ARMATURE", "no armature %s" % MODEL)
    collection = bpy.data.collections.get(MODEL)
    for name in list(PIECES) + list(LOD_HOLDERS):
        obj = objects.get(name)
        if not check(obj is not None, "no object %s" % name):
            continue
        check(obj.type == "MESH", "%s is a %s, not a mesh" % (name, obj.type))
        check(obj.parent == armature, "%s hangs from %s, not the armature" % (name, obj.parent and obj.parent.name))
        check(collection is not None and name in collection.objects, "%s is not in the collection %s" % (name, MODEL))
        check(not obj.hide_get() and not obj.hide_render, "%s is hidden" % name)
        if name in PIECES:
            check(obj.get("abc:piece") == PIECES[name], "%s: abc:piece %s" % (name, obj.get("abc:piece")))
        else:
            check(obj.get("abc:lod") == 1 and obj.get("abc:lodDistance") == LOD_DISTANCE,
                  "%s: abc:lod %s, abc:lodDistance %s" % (name, obj.get("abc:lod"), obj.get("abc:lodDistance")))
    # The vertex-animated piece keeps its shape keys on each LOD.
    for name in ("body", "body_LOD1"):
        obj = objects.get(name)
        keys = obj.data.shape_keys if obj is not None and obj.type == "MESH" else None
        check(keys is not None and len(keys.key_blocks) == 6, "%s: no 5 shape keys" % name)
    strays = [o.name for o in objects.values() if o.type == "EMPTY" and ("abc:lod" in o or "abc:piece" in o)]
    check(not strays, "empties left with a piece's or LOD's properties: %s" % strays)

    # `arm`, which no vertex weighs but an animation moves, is a bone of the
    # armature, with no object of its own; its socket `gunfire` an empty
    # under that bone, which the export must leave as it was.
    socket = objects.get("gunfire")
    check("arm" not in objects and armature is not None and "arm" in armature.data.bones
          and armature.data.bones["arm"].parent is not None and armature.data.bones["arm"].parent.name == "spine",
          "arm is no bone under the bone spine")
    check(socket is not None and socket.type == "EMPTY" and socket.parent == armature
          and socket.parent_type == "BONE" and socket.parent_bone == "arm", "gunfire is no empty under the bone arm")
    before = socket.matrix_world.copy() if socket is not None else None

    result = bpy.ops.export_scene.assimp_retro_abc(filepath=os.path.abspath(args["abc"]), version="abc12")
    check(result == {"FINISHED"}, "the export did not finish: %s" % result)
    if socket is not None:
        check(socket.parent == armature and socket.parent_type == "BONE" and socket.parent_bone == "arm"
              and (socket.matrix_world.translation - before.translation).length < 1e-6,
              "the export left gunfire under %s (%s %s) at %s" % (
                  socket.parent and socket.parent.name, socket.parent_type, socket.parent_bone,
                  tuple(socket.matrix_world.translation)))
    return report()


sys.exit(main())
