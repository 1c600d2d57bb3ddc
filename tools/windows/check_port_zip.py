#!/usr/bin/env python3
"""The patched Assimp's Windows zip works on its own (docs/windows.md, issue 21's acceptance).

Unpacks assimp-retro-<version>-port-assimp-win64.zip into <work>/unpacked, makes a
clean wine prefix in <work>/wine-prefix, and runs the zip's own assimp.exe (the
stock tool with the importers compiled in and the exporter patches applied):

    assimp.exe export <corpus>\\abc\\DECOS__FLAG.ABC flag.glb

The GLB must hold the flag's morph-weight animation (a channel whose target path
is "weights", written by the port's patch; Assimp 5.2.5 itself drops it), and
the Khronos glTF validator (tools/gltf-validator, on the Linux side) must report
0 errors and 0 warnings.
Usage: tools/windows/check_port_zip.py <port zip> <work folder> [corpus]
"""
import json
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))
from check_windows_outputs import glb_parts, windows_path  # noqa: E402


def main() -> int:
    if len(sys.argv) not in (3, 4):
        print(__doc__, file=sys.stderr)
        return 2
    archive, work = Path(sys.argv[1]).resolve(), Path(sys.argv[2]).resolve()
    corpus = Path(sys.argv[3] if len(sys.argv) == 4 else ROOT.parent / "shared" / "corpus").resolve()
    flag = corpus / "abc" / "DECOS__FLAG.ABC"
    if not flag.is_file():
        print(f"{flag} is missing: the real sample files are needed", file=sys.stderr)
        return 1
    shutil.rmtree(work, ignore_errors=True)
    (work / "unpacked").mkdir(parents=True)
    with zipfile.ZipFile(archive) as zipped:
        zipped.extractall(work / "unpacked")
    exe = next((work / "unpacked").glob("*/assimp.exe"))
    env = dict(os.environ, WINEPREFIX=str(work / "wine-prefix"), WINEARCH="win64", WINEDEBUG="-all")
    output = work / "flag.glb"
    result = subprocess.run(["/usr/lib/wine/wine64", str(exe), "export", windows_path(flag), windows_path(output)],
                            capture_output=True, text=True, env=env)
    if result.returncode != 0 or not output.is_file():
        print(f"assimp.exe export failed (exit {result.returncode}):\n{result.stdout[-2000:]}\n{result.stderr[-2000:]}",
              file=sys.stderr)
        return 1
    parts = glb_parts(output.read_bytes())
    if parts is None:
        print(f"{output} is not a GLB", file=sys.stderr)
        return 1
    document = parts[0]
    weights = sum(1 for animation in document.get("animations", []) for channel in animation.get("channels", [])
                  if channel.get("target", {}).get("path") == "weights")
    report = subprocess.run(["node", str(ROOT / "tools" / "gltf-validator" / "validate.mjs"), str(output)],
                            capture_output=True, text=True)
    try:
        issues = json.loads(report.stdout)["issues"]
    except (ValueError, KeyError):
        print(f"the glTF validator did not run:\n{report.stdout[-2000:]}\n{report.stderr[-2000:]}", file=sys.stderr)
        return 1
    print(f"port zip: assimp.exe export {flag.name} flag.glb under wine: {weights} weights channel(s), "
          f"validator {issues['numErrors']} error(s), {issues['numWarnings']} warning(s)")
    if weights < 1 or issues["numErrors"] != 0 or issues["numWarnings"] != 0:
        print(json.dumps(issues.get("messages", [])[:20], indent=1), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
