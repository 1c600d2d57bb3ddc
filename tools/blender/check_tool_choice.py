# The add-on's choice of the bundled tool, without Blender: tool.py needs no
# bpy, so plain Python checks it on the unpacked add-on zip, with the
# platform of a Windows Blender simulated (sys.platform "win32",
# platform.machine() "AMD64", as CPython reports them there). Run by
# tools/check_blender_addon.sh:
#   python3 tools/blender/check_tool_choice.py UNPACKED/assimp_retro_blender
# Prints "CHOICE ..." per platform and "FAIL ..." per failed check; exits 1
# when any failed.
import importlib.util
import os
import platform
import sys

addon = os.path.realpath(sys.argv[1])
spec = importlib.util.spec_from_file_location("assimp_retro_tool", os.path.join(addon, "tool.py"))
tool = importlib.util.module_from_spec(spec)
spec.loader.exec_module(tool)
failures = 0


def choice(system, machine):
    saved = sys.platform, platform.machine
    sys.platform, platform.machine = system, (lambda: machine)
    try:
        return tool.platform_dir(), tool.executable_name(), tool.find("")
    finally:
        sys.platform, platform.machine = saved


for system, machine, folder, name in (("win32", "AMD64", "windows-x86_64", "assimp-retro.exe"),
                                      ("linux", "x86_64", "linux-x86_64", "assimp-retro")):
    found_dir, found_name, (found, looked) = choice(system, machine)
    expected = os.path.join(addon, "bin", folder, name)
    ok = (found_dir, found_name, found) == (folder, name, expected)
    failures += not ok
    print("%s %s/%s: %s %s" % ("CHOICE" if ok else "FAIL", system, machine, found, looked or ""), flush=True)

# Without its .exe a Windows add-on says where it looked, and never takes the Linux tool.
exe = os.path.join(addon, "bin", "windows-x86_64", "assimp-retro.exe")
hidden = exe + ".hidden"
os.rename(exe, hidden)
try:
    saved_path = os.environ.get("PATH", "")
    os.environ["PATH"] = ""
    _, _, (found, looked) = choice("win32", "AMD64")
finally:
    os.environ["PATH"] = saved_path
    os.rename(hidden, exe)
ok = found is None and looked and exe in looked
failures += not ok
print("%s win32 without its .exe: %s" % ("CHOICE" if ok else "FAIL", looked or found), flush=True)
sys.exit(1 if failures else 0)
