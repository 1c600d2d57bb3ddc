#!/usr/bin/env python3
"""The Windows tool's outputs are the Linux tool's (docs/windows.md "What was tested").

Converts the whole corpus (../shared/corpus) with both tools in batch mode, to GLB,
FBX and OBJ, and decodes every texture to PNG; the Windows tool runs under wine and
gets its folders as Windows paths (drive letter, backslashes). Every output must be
byte-identical (GLB too: since issue 26 the tool's GLBs hold no uninitialised
padding bytes of Assimp 5.2.5's glTF 2 exporter), except for two known, stated
differences:
  - OBJ and MTL (text): Assimp writes CRLF line ends on Windows; compared with
    CRLF turned into LF, and every line end must be CRLF;
  - FBX: Assimp writes the clock time of the export (CreationTimeStamp), which
    differs between any two runs, and decomposes rotations into Euler angles
    with the C runtime's trigonometry, which rounds differently on Windows
    (a few units in the last place of a float); compared record by record, the
    time left out, numbers within 1e-6 (relative; absolute below 1).
When the Linux tool runs on the patched libassimp of port/ (its `version` says
"libassimp's own copy: set aside"), the GLBs of the models with
morph targets differ from the zip's (plain Assimp 5.2.5) as docs/two-routes.md
states: the same content in another layout (tools/compare_routes.py decides).
That is the only difference allowed for that route; it is counted and printed.
The GLBs are of the whole corpus, the CrossFire body with its motion library
beside it included (25 MB each); the FBX and OBJ of a copy without the motion
library, each model without its child models: the library's 2,282 animations
make two FBX files of over 200 MB per side (440 MB when Assimp's writer wrote
the animations: over ten minutes under wine before their comparison), and FBX
adds no code path for them that the other
animated models do not take.
The way back into the games: every corpus LTB file under 8 MB (all five of the
shared corpus, the 3 MB packed motion library with its 2,282 animations too)
exported to LTB by both tools (`-f ltb`, LZMA-packed by default) gives the
same bytes.
Two more checks of the Windows tool:
  - every GLB of the game folders kpc-tree and ofp-tree (export --recursive, with
    the textures found beside the models) embeds its textures, the same images
    as on Linux (the GLBs are compared byte for byte above);
  - paths with spaces, non-ASCII characters and backslashes: a copy of kpc-tree
    in "dir ü space/Ordner ß 旗/kpc tree" through export --recursive, and a copy of
    DECOS__FLAG.ABC named "flägge 旗.abc" through export to "aus gabe 旗.glb", give
    the GLBs of the original paths on Linux.
Usage: tools/check_windows_outputs.py <linux assimp-retro> <windows bin folder or zip> <work folder> [corpus]
A zip is unpacked into <work>/unpacked and run in a clean wine prefix, <work>/wine-prefix
(or in WINEPREFIX, when set, which is left as it is).
"""
import json
import os
import shutil
import struct
import subprocess
import sys
import zipfile
import zlib
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import compare_routes  # noqa: E402  (docs/two-routes.md: what differs between the two libassimp)

# GLBs that differed only as the two routes differ (see the docstring).
TWO_ROUTES = []


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


def fbx_values(data: bytes):
    """The values of a binary FBX, node by node, with the clock time of its export
    (CreationTimeStamp) left out; None when the file is not binary FBX."""
    if not data.startswith(b"Kaydara FBX Binary  \0"):
        return None
    version = struct.unpack_from("<I", data, 23)[0]
    wide = version >= 7500
    head = struct.Struct("<QQQB" if wide else "<IIIB")
    values = []

    def node(at: int, path: str) -> int:
        end, count, _, name_len = head.unpack_from(data, at)
        if end == 0:
            return 0
        name = data[at + head.size:at + head.size + name_len].decode("latin-1")
        pos = at + head.size + name_len
        here = path + "/" + name
        for _ in range(count):
            kind = chr(data[pos])
            pos += 1
            if kind in "YCIFDL":
                size, code = {"Y": (2, "<h"), "C": (1, "<B"), "I": (4, "<i"), "F": (4, "<f"),
                              "D": (8, "<d"), "L": (8, "<q")}[kind]
                value = struct.unpack_from(code, data, pos)[0]
                pos += size
            elif kind in "fdlib":
                length, encoding, size = struct.unpack_from("<III", data, pos)
                raw = data[pos + 12:pos + 12 + size]
                if encoding == 1:
                    raw = zlib.decompress(raw)
                code = {"f": "f", "d": "d", "l": "q", "i": "i", "b": "B"}[kind]
                value = struct.unpack("<%d%s" % (length, code), raw)
                pos += 12 + size
            else:  # S, R
                size = struct.unpack_from("<I", data, pos)[0]
                value = data[pos + 4:pos + 4 + size]
                pos += 4 + size
            if "CreationTimeStamp" not in here:
                values.append((here, kind, value))
        while pos < end:
            child = node(pos, here)
            if child == 0:
                break
            pos = child
        return end

    at = 27
    while at < len(data):
        following = node(at, "")
        if following == 0:
            break
        at = following
    return values


def close(a, b, kind) -> bool:
    """Within 1e-6 relative (a few units in the last place of a float; Assimp
    computes in float, also what it stores as double): the C runtimes' sin, cos,
    atan2 (Assimp's FBX exporter decomposes rotations) may round differently."""
    return a == b or abs(a - b) <= 1e-6 * max(1.0, abs(a), abs(b))


def fbx_same(a: bytes, b: bytes) -> str:
    va, vb = fbx_values(a), fbx_values(b)
    if va is None or vb is None or len(va) != len(vb):
        return "not the same FBX structure"
    for (path, kind, x), (path2, kind2, y) in zip(va, vb):
        if path != path2 or kind != kind2:
            return f"different records at {path} / {path2}"
        if kind in "FD":
            ok = close(x, y, kind)
        elif kind in "fd":
            ok = len(x) == len(y) and all(close(p, q, kind) for p, q in zip(x, y))
        else:
            ok = x == y
        if not ok:
            return f"{path} ({kind}) differs beyond the stated tolerance"
    return ""


def compare(linux: Path, windows: Path, relative: str, patched_linux: bool = False) -> str:
    a = linux.read_bytes()
    b = windows.read_bytes()
    if a == b:
        return ""
    if patched_linux and linux.suffix.lower() == ".glb":
        why = compare_routes.explain_glb(a, b)
        if why and why.startswith("the same content"):
            TWO_ROUTES.append(relative)
            return ""
    suffix = linux.suffix.lower()
    if suffix in (".obj", ".mtl"):
        if b.count(b"\n") != b.count(b"\r\n"):
            return f"{relative}: not every line of the Windows file ends in CRLF"
        return "" if b.replace(b"\r\n", b"\n") == a else f"{relative}: differs (after CRLF -> LF)"
    if suffix == ".fbx":
        problem = fbx_same(a, b)
        return f"{relative}: {problem}" if problem else ""
    return f"{relative}: differs ({len(a)} and {len(b)} bytes)"


def embedded_textures(work: Path, folders) -> list:
    """Every GLB of the game folders embeds at least one image, on both sides
    (their equality is compare()'s byte comparison of the GLBs)."""
    problems = []
    models = images = 0
    for folder in folders:
        for side in ("linux", "windows"):
            for glb in sorted((work / side / "glb" / folder).rglob("*.glb")):
                parts = glb_parts(glb.read_bytes())
                embedded = [i for i in (parts[0].get("images", []) if parts else []) if "bufferView" in i]
                if not embedded:
                    problems.append(f"{side}: {glb.relative_to(work / side)} embeds no texture")
                if side == "windows":
                    models += 1
                    images += len(embedded)
    if models == 0:
        problems.append(f"no GLB of {', '.join(folders)} was written")
    print(f"{', '.join(folders)} on Windows: {models} GLB embedding {images} texture(s)")
    return problems


def odd_paths(wine, env, corpus: Path, work: Path, patched_linux: bool) -> list:
    """Spaces, non-ASCII characters and backslashes in the Windows tool's paths."""
    odd = work / "windows-paths" / "dir ü space" / "Ordner ß 旗"
    shutil.rmtree(work / "windows-paths", ignore_errors=True)
    shutil.copytree(corpus / "kpc-tree", odd / "kpc tree")
    shutil.copy(corpus / "abc" / "DECOS__FLAG.ABC", odd / "flägge 旗.abc")
    run(wine + ["export", "--recursive", windows_path(odd / "kpc tree"), windows_path(odd / "aus gabe"),
                "-f", "glb", "-j", "2"], env)
    run(wine + ["export", windows_path(odd / "flägge 旗.abc"), windows_path(odd / "aus gabe 旗.glb")], env)
    pairs = [(work / "linux" / "glb" / "abc" / "DECOS__FLAG.glb", odd / "aus gabe 旗.glb")]
    for linux in sorted((work / "linux" / "glb" / "kpc-tree").rglob("*.glb")):
        pairs.append((linux, odd / "aus gabe" / linux.relative_to(work / "linux" / "glb" / "kpc-tree")))
    problems = []
    for linux, windows in pairs:
        if not windows.is_file():
            problems.append(f"{windows}: not written")
        else:
            problem = compare(linux, windows, str(windows.relative_to(work)), patched_linux)
            if problem:
                problems.append(problem)
    print(f"paths with spaces, non-ASCII characters and backslashes: {len(pairs)} GLB, "
          f"{len(pairs) - len(problems)} the same as Linux's")
    return problems


def without_motion_libraries(corpus: Path, copy: Path) -> Path:
    """A copy of the corpus (7 MB) without its LTB motion libraries (M-*.LTB: animations only)."""
    shutil.rmtree(copy, ignore_errors=True)
    shutil.copytree(corpus, copy, ignore=lambda folder, names: [n for n in names if n.upper().startswith("M-") and
                                                                n.upper().endswith(".LTB")])
    for path in copy.rglob("*"):  # the shared corpus may be read-only; its copy is not
        path.chmod(path.stat().st_mode | 0o200)
    return copy


def main() -> int:
    if len(sys.argv) not in (4, 5):
        print(__doc__, file=sys.stderr)
        return 2
    linux_tool = Path(sys.argv[1]).resolve()
    windows_bin = Path(sys.argv[2]).resolve()
    work = Path(sys.argv[3]).resolve()
    corpus = Path(sys.argv[4] if len(sys.argv) == 5 else os.environ.get("ASSIMP_RETRO_CORPUS_DIR") or
                  Path(__file__).resolve().parent.parent.parent / "shared" / "corpus").resolve()
    if not corpus.is_dir():
        print(f"the corpus folder {corpus} is missing", file=sys.stderr)
        return 1
    # A UTF-8 locale: wine decodes its command line (the non-ASCII paths) with it.
    env = dict(os.environ, WINEARCH="win64", WINEDEBUG="-all", LC_ALL="C.UTF-8")
    env.setdefault("WINEPREFIX", str(work / "wine-prefix"))
    if windows_bin.suffix.lower() == ".zip":
        # The zip as a user gets it: unpacked alone, run in a clean wine prefix.
        shutil.rmtree(work / "unpacked", ignore_errors=True)
        if "WINEPREFIX" not in os.environ:
            shutil.rmtree(env["WINEPREFIX"], ignore_errors=True)
        with zipfile.ZipFile(windows_bin) as zipped:
            zipped.extractall(work / "unpacked")
        windows_bin = next((work / "unpacked").glob("*/assimp-retro.exe")).parent
    wine = ["/usr/lib/wine/wine64", str(windows_bin / "assimp-retro.exe")]
    patched_linux = "libassimp's own copy: set aside" in run([str(linux_tool), "version"])
    shutil.rmtree(work / "linux", ignore_errors=True)
    shutil.rmtree(work / "windows", ignore_errors=True)
    light = without_motion_libraries(corpus, work / "corpus-without-motion-libraries")
    for fmt, source, settings in (("glb", corpus, []), ("fbx", light, ["--set", "IMPORT_ABC_CHILD_MODELS=0"]),
                                  ("obj", light, ["--set", "IMPORT_ABC_CHILD_MODELS=0"])):
        run([str(linux_tool), "export", "--recursive", str(source), str(work / "linux" / fmt), "-f", fmt, "-j", "2"] +
            settings)
        run(wine + ["export", "--recursive", windows_path(source), windows_path(work / "windows" / fmt),
                    "-f", fmt, "-j", "2"] + settings, env)
    for side in ("linux", "windows"):
        (work / side / "ltb").mkdir(parents=True, exist_ok=True)
    for model in sorted((corpus / "ltb").glob("*.LTB")):
        if model.stat().st_size < (8 << 20):
            out = Path("ltb") / (model.stem + ".ltb")
            run([str(linux_tool), "export", str(model), str(work / "linux" / out), "-f", "ltb"])
            run(wine + ["export", windows_path(model), windows_path(work / "windows" / out), "-f", "ltb"], env)
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
    identical = 0
    for relative in linux_files:
        if relative in windows_files:
            counts[relative.parts[0]] = counts.get(relative.parts[0], 0) + 1
            identical += (work / "linux" / relative).read_bytes() == (work / "windows" / relative).read_bytes()
            problem = compare(work / "linux" / relative, work / "windows" / relative, str(relative), patched_linux)
            if problem:
                problems.append(problem)
    problems += embedded_textures(work, ("kpc-tree", "ofp-tree"))
    problems += odd_paths(wine, env, corpus, work, patched_linux)
    for problem in problems:
        print(problem, file=sys.stderr)
    print("compared: " + ", ".join(f"{n} {kind}" for kind, n in sorted(counts.items())) +
          f"; {identical} byte-identical, the others within the stated differences; {len(problems)} problem(s)")
    if patched_linux:
        print(f"the Linux tool runs on the patched libassimp of port/: {len(TWO_ROUTES)} GLB the same content "
              f"in another layout (docs/two-routes.md): {', '.join(TWO_ROUTES)}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
