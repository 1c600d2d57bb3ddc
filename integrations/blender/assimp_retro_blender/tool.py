# Finding and running the assimp-retro tool. No bpy here: the functions take
# what they need as arguments.
#
# Where the tool comes from, first found wins:
#   1. the copy bundled in the add-on for the running platform:
#      bin/<platform>/assimp-retro (bin/windows-x86_64/assimp-retro.exe on Windows);
#   2. the path set in the add-on preferences (the program, or a folder holding it);
#   3. the PATH.
import os
import platform
import re
import shutil
import stat
import subprocess
import sys

ADDON_DIR = os.path.dirname(os.path.abspath(__file__))
TOOL_NAME = "assimp-retro"


class ToolError(Exception):
    """A message for the user: shown as an operator error report."""


def is_windows():
    return sys.platform.startswith("win")


def platform_dir():
    """bin/ sub-folder of the running platform: linux-x86_64, windows-x86_64, ..."""
    machine = platform.machine().lower()
    machine = {"amd64": "x86_64", "x64": "x86_64", "arm64": "aarch64"}.get(machine, machine)
    if is_windows():
        system = "windows"
    elif sys.platform.startswith("linux"):
        system = "linux"
    elif sys.platform == "darwin":
        system = "macos"
    else:
        system = sys.platform
    return "%s-%s" % (system, machine)


def executable_name():
    return TOOL_NAME + (".exe" if is_windows() else "")


def bundled_path():
    return os.path.join(ADDON_DIR, "bin", platform_dir(), executable_name())


def _usable(path):
    """True when `path` is a file that can be run. Blender's add-on installer
    unpacks the zip without file modes, so a bundled tool gets its execute
    bit back here."""
    if not os.path.isfile(path):
        return False
    if is_windows() or os.access(path, os.X_OK):
        return True
    try:
        mode = os.stat(path).st_mode
        os.chmod(path, mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)
    except OSError:
        return False
    return os.access(path, os.X_OK)


def find(preference_path=""):
    """(path of the tool, None) or (None, the places looked at, as a sentence)."""
    looked = []
    bundled = bundled_path()
    if _usable(bundled):
        return bundled, None
    looked.append("the add-on's own copy (%s)" % bundled)
    if preference_path:
        candidate = preference_path
        if os.path.isdir(candidate):
            candidate = os.path.join(candidate, executable_name())
        if _usable(candidate):
            return candidate, None
        looked.append("the path in the add-on preferences (%s)" % candidate)
    else:
        looked.append("the path in the add-on preferences (not set)")
    on_path = shutil.which(executable_name())
    if on_path:
        return on_path, None
    looked.append("PATH (%s)" % (os.environ.get("PATH", "") or "empty"))
    return None, "assimp-retro tool not found. Looked in: " + "; ".join(looked)


def run(tool, arguments):
    """Runs the tool; returns (exit code, stdout, stderr)."""
    flags = getattr(subprocess, "CREATE_NO_WINDOW", 0) if is_windows() else 0
    try:
        done = subprocess.run([tool] + list(arguments), capture_output=True, text=True, errors="replace",
                              stdin=subprocess.DEVNULL, creationflags=flags)
    except OSError as error:
        raise ToolError("cannot run %s: %s" % (tool, error))
    return done.returncode, done.stdout, done.stderr


# Assimp's log lines ("Warn,  T0: message") that `-l` prints; the tool's own
# notes start with "assimp-retro".
_WARNING = re.compile(r"^(?:Warn|Warning),\s+T\d+:\s*(.*)$")


def warnings(output):
    """The distinct warnings of a tool run, in order."""
    seen = []
    for line in output.splitlines():
        match = _WARNING.match(line.strip())
        if match and match.group(1) and match.group(1) not in seen:
            seen.append(match.group(1))
    return seen


def error_message(stderr, code):
    """The tool's error, without its program prefix."""
    lines = [line.strip() for line in stderr.splitlines() if line.strip()]
    lines = [line for line in lines if not _WARNING.match(line)]
    if not lines:
        return "assimp-retro failed with exit code %d" % code
    message = lines[-1]
    for prefix in ("assimp-retro export: ", "assimp-retro texture: ", "assimp-retro: "):
        if message.startswith(prefix):
            message = message[len(prefix):]
    return message


def _short_paths(message, source):
    """The message without the input's full path, which the report names."""
    for prefix in ("failed to load file %s: " % source, "%s: " % source):
        message = message.replace(prefix, "")
    return message.replace(source, os.path.basename(source))


def export_glb(tool, source, target, settings):
    """Converts `source` to the GLB `target`; returns the warnings. Raises
    ToolError with the tool's message when it fails."""
    arguments = ["export", source, target, "-fglb2", "-l"]
    for name, value in settings:
        arguments += ["--set", "%s=%s" % (name, value)]
    code, out, err = run(tool, arguments)
    if code != 0 or not os.path.isfile(target):
        raise ToolError(_short_paths(error_message(err, code), source))
    return [_short_paths(w, source) for w in warnings(out + "\n" + err)]


def decode_texture(tool, source, target):
    """Decodes a game texture to the PNG `target`; returns what the tool says
    of it ("PAA DXT1, 256x32, alpha mask")."""
    code, out, err = run(tool, ["texture", source, target])
    if code != 0 or not os.path.isfile(target):
        raise ToolError(_short_paths(error_message(err, code), source))
    lines = [line.strip() for line in out.splitlines() if line.strip()]
    # "<source>: <format>, <size>, alpha <class> -> <target>"
    summary = lines[-1] if lines else ""
    if summary.startswith(source + ": "):
        summary = summary[len(source) + 2:]
    return summary.rsplit(" -> ", 1)[0]


def export_game(tool, source, target, fmt, settings):
    """Writes the scene `source` (the add-on's GLB) to the game file `target`
    with the tool's exporter `fmt` (abc6, abc12, ltb, p3d); returns the warnings.
    Raises ToolError with the tool's message when it refuses."""
    arguments = ["export", source, target, "-f", fmt, "-l"]
    for name, value in settings:
        arguments += ["--set", "%s=%s" % (name, value)]
    code, out, err = run(tool, arguments)
    if code != 0 or not os.path.isfile(target):
        message = error_message(err, code).replace(target + ": ", "").replace(target, os.path.basename(target))
        raise ToolError(message.replace(source, "the scene"))
    return [w.replace(source, "the scene") for w in warnings(out + "\n" + err)]
