#!/usr/bin/env python3
"""The Windows tool's outputs are the Linux tool's (docs/windows.md "What was tested").

Converts the whole corpus (../shared/corpus) with both tools in batch mode, to GLB,
FBX and OBJ, and decodes every texture to PNG; the Windows tool runs under wine and
gets its folders as Windows paths (drive letter, backslashes). Every output must be
byte-identical, except for two known, stated differences:
  - OBJ and MTL (text): Assimp writes CRLF line ends on Windows; compared with
    CRLF turned into LF, and every line end must be CRLF;
  - GLB: Assimp 5.2.5's glTF 2 exporter leaves the padding bytes of some
    buffers uninitialised (skinned models), so they differ from run to run on
    any platform; compared as the same JSON chunk and, for every buffer view,
    the same bytes (the padding between views is not compared). Issue 26
    removes the padding bytes; then this becomes a byte comparison.
Usage: tools/check_windows_outputs.py <linux assimp-retro> <windows bin folder> <work folder> [corpus]
"""
import json
import os
import shutil
import struct
import subprocess
import sys
from pathlib import Path


def windows_path(path: Path) -> str:
    return "Z:" + str(path.resolve()).replace("/", "\\")


def run(command, env=None):
    result = subprocess.run(command, capture_output=True, text=True, env=env)
    if result.returncode not in (0, 6):  # 6: some file of the batch failed; compared below
        raise SystemExit(f"{command[0]} failed ({result.returncode}):\n{result.stdout}\n{result.stderr}")
    return result.stdout


def glb_parts(data: bytes):
    magic, _, length = struct.unpack_from("<III", data, 0)
    if magic != 0x46546C67 or length != len(data):
        return None
    json_len, _ = struct.unpack_from("<II", data, 12)
    document = json.loads(data[20:20 + json_len])
    binary = b""
    if 20 + json_len < len(data):
        bin_len, _ = struct.unpack_from("<II", data, 20 + json_len)
        binary = data[28 + json_len:28 + json_len + bin_len]
    views = [binary[v.get("byteOffset", 0):v.get("byteOffset", 0) + v["byteLength"]]
             for v in document.get("bufferViews", [])]
    return document, views


def compare(linux: Path, windows: Path, relative: str) -> str:
    a = linux.read_bytes()
    b = windows.read_bytes()
    if a == b:
        return ""
    suffix = linux.suffix.lower()
    if suffix in (".obj", ".mtl"):
        if b.count(b"\n") != b.count(b"\r\n"):
            return f"{relative}: not every line of the Windows file ends in CRLF"
        return "" if b.replace(b"\r\n", b"\n") == a else f"{relative}: differs (after CRLF -> LF)"
    if suffix == ".glb":
        pa, pb = glb_parts(a), glb_parts(b)
        if pa and pb and pa == pb:
            return ""
        return f"{relative}: GLB differs in its JSON or in a buffer view"
    return f"{relative}: differs ({len(a)} and {len(b)} bytes)"


def main() -> int:
    if len(sys.argv) not in (4, 5):
        print(__doc__, file=sys.stderr)
        return 2
    linux_tool = Path(sys.argv[1]).resolve()
    windows_bin = Path(sys.argv[2]).resolve()
    work = Path(sys.argv[3]).resolve()
    corpus = Path(sys.argv[4] if len(sys.argv) == 5 else
                  Path(__file__).resolve().parent.parent.parent / "shared" / "corpus").resolve()
    if not corpus.is_dir():
        print(f"the corpus folder {corpus} is missing", file=sys.stderr)
        return 1
    env = dict(os.environ, WINEARCH="win64", WINEDEBUG="-all")
    env.setdefault("WINEPREFIX", str(work / "wine-prefix"))
    wine = ["/usr/lib/wine/wine64", str(windows_bin / "assimp-retro.exe")]
    shutil.rmtree(work / "linux", ignore_errors=True)
    shutil.rmtree(work / "windows", ignore_errors=True)
    for fmt in ("glb", "fbx", "obj"):
        run([str(linux_tool), "export", "--recursive", str(corpus), str(work / "linux" / fmt), "-f", fmt, "-j", "2"])
        run(wine + ["export", "--recursive", windows_path(corpus), windows_path(work / "windows" / fmt),
                    "-f", fmt, "-j", "2"], env)
    run([str(linux_tool), "texture", "--recursive", str(corpus), str(work / "linux" / "png")])
    run(wine + ["texture", "--recursive", windows_path(corpus), windows_path(work / "windows" / "png")], env)

    linux_files = sorted(p.relative_to(work / "linux") for p in (work / "linux").rglob("*") if p.is_file())
    windows_files = sorted(p.relative_to(work / "windows") for p in (work / "windows").rglob("*") if p.is_file())
    problems = []
    if linux_files != windows_files:
        only_linux = sorted(set(linux_files) - set(windows_files))
        only_windows = sorted(set(windows_files) - set(linux_files))
        problems.append(f"different files: only on Linux {only_linux}, only on Windows {only_windows}")
    counts = {}
    for relative in linux_files:
        if relative in windows_files:
            counts[relative.parts[0]] = counts.get(relative.parts[0], 0) + 1
            problem = compare(work / "linux" / relative, work / "windows" / relative, str(relative))
            if problem:
                problems.append(problem)
    for problem in problems:
        print(problem, file=sys.stderr)
    print("compared: " + ", ".join(f"{n} {kind}" for kind, n in sorted(counts.items())) +
          f"; {len(problems)} difference(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
