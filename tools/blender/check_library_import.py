# The add-on's File > Import of a CrossFire body with its motion library
# beside it (FoxHowl_Teacher_BODY_GR.LTB names M-motion_blue.ltb: 2,282
# animations), in a Blender process of its own, run by
# tools/check_blender_addon.sh (issue 42):
#
#   BLENDER_USER_CONFIG=DIR BLENDER_USER_SCRIPTS=DIR blender -b --factory-startup \
#     --python tools/blender/check_library_import.py -- --zip ZIP --corpus ../shared/corpus
#
# Installs the zip, enables the add-on, imports the body through the operator
# File > Import uses and checks: the import finishes; one armature holds the
# skeleton and the library's 2,282 animations are exactly 2,282 actions, one
# per animation (the GLB's skin holds every animated node: before, Blender
# made 7 of the 29 animated nodes objects of their own, each with an action
# per animation, 18,256 in all); the process (Blender, or the tool)
# takes at most MAX_PEAK_BYTES of peak resident memory. Its CPU time
# (Blender's and the tool's it runs: on an idle machine the same as its wall
# time, which is printed too) is a figure, compared with the goal of
# GOAL_SECONDS in a GOAL line; the check fails only above
# REGRESSION_SECONDS. The same import measured 17.0, 20.9, 18.2 and 20.6 s of
# CPU in four runs on the same idle machine with 18,256 actions, 14.6 s in one
# run at load 3-5 with the 2,282 actions of one skeleton (22.5 s before, the
# same conditions), so a limit at the goal made the check fail at random; speed is measured in benchmarks
# (docs/benchmarks.md, "Motion libraries"), this guards against a
# regression of several times. Prints "LIBRARY cpu_seconds=...
# wall_seconds=... peak_mb=... actions=...", "GOAL ..." and "RESULT N
# check(s), M failure(s)".
import os
import resource
import sys
import time

import bpy

ADDON = "assimp_retro_blender"
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from blender_checks import arguments, check, report  # noqa: E402

BODY = os.path.join("ltb", "FoxHowl_Teacher_BODY_GR.LTB")
ANIMATIONS = 2282
GOAL_SECONDS = 20.0  # issue 42's goal for this import
REGRESSION_SECONDS = 2 * GOAL_SECONDS
MAX_PEAK_BYTES = 1.5e9


def peak_bytes():
    """The peak resident memory of Blender and of the largest child (ru_maxrss: KiB on Linux)."""
    own = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    child = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    return 1024 * max(own, child)


def cpu_seconds():
    """User and system time of Blender and of its finished children (the tool)."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def main():
    args = arguments()
    result = bpy.ops.preferences.addon_install(filepath=args["zip"], overwrite=True)
    check(result == {"FINISHED"}, "installing %s: %s" % (args["zip"], result))
    bpy.ops.preferences.addon_enable(module=ADDON)
    bpy.ops.wm.read_homefile(use_empty=True)
    body = os.path.join(os.path.realpath(args["corpus"]), BODY)
    start, cpu = time.monotonic(), cpu_seconds()
    result = bpy.ops.import_scene.assimp_retro_ltb(filepath=body)
    seconds, cpu = time.monotonic() - start, cpu_seconds() - cpu
    peak = peak_bytes()
    check(result == {"FINISHED"}, "%s: the import failed: %s" % (BODY, result))
    armatures = [o for o in bpy.data.objects if o.type == "ARMATURE"]
    actions = len(bpy.data.actions)
    print("LIBRARY cpu_seconds=%.1f wall_seconds=%.1f peak_mb=%.0f actions=%d armatures=%d"
          % (cpu, seconds, peak / 1e6, actions, len(armatures)), flush=True)
    check(len(armatures) == 1, "%s: %d armatures, not 1" % (BODY, len(armatures)))
    check(actions == ANIMATIONS, "%s: %d actions, not one per animation of the library (%d)" % (BODY, actions, ANIMATIONS))
    print("GOAL %.1f s of CPU, the goal %.0f s: %s" % (cpu, GOAL_SECONDS, "met" if cpu <= GOAL_SECONDS else "not met"),
          flush=True)
    check(cpu <= REGRESSION_SECONDS, "%s: the import took %.1f s of CPU, more than %.0f s (twice the goal)"
          % (BODY, cpu, REGRESSION_SECONDS))
    check(peak <= MAX_PEAK_BYTES, "%s: peak memory %.0f MB, more than %.0f MB" % (BODY, peak / 1e6,
                                                                                MAX_PEAK_BYTES / 1e6))
    return report()


sys.exit(main())
