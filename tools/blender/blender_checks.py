# The bookkeeping shared by the add-on's checks in Blender (check_addon.py,
# check_export.py): counted checks that print "FAIL ..." when they fail, the
# final "RESULT N check(s), M failure(s)" line, and the script's arguments
# after Blender's "--" (--name value pairs, and the given flags alone).
import sys

failures = []
_count = [0]


def check(condition, message):
    _count[0] += 1
    if not condition:
        failures.append(message)
        print("FAIL " + message, flush=True)
    return condition


def report():
    """Prints the RESULT line; the script's exit code."""
    print("RESULT %d check(s), %d failure(s)" % (_count[0], len(failures)), flush=True)
    return 1 if failures else 0


def arguments(flags=()):
    """{"name_with_underscores": value}, each flag True or False."""
    argv = sys.argv[sys.argv.index("--") + 1:]
    values = {flag: False for flag in flags}
    i = 0
    while i < len(argv):
        name = argv[i][2:].replace("-", "_")
        if name in flags:
            values[name] = True
            i += 1
        else:
            values[name] = argv[i + 1]
            i += 2
    return values
