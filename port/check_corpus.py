#!/usr/bin/env python3
"""Checks that the glTF the patched stock `assimp` tool writes carries what
the assimp-retro tool's completed glTF carries, for every real model in
../shared/corpus: as many `weights` channels, cameras and nodes with
`extras`, and zero Khronos validator errors and zero warnings.

  port/check_corpus.py STOCK_ASSIMP ASSIMP_RETRO OUT_DIR [--camera-exporter PROGRAM] [--no-extras]

--camera-exporter: a program `PROGRAM IN OUT` that imports with
IMPORT_OBAN_CAMERA set through the C++ API and exports glTF with the patched
library (port/tests/export_oban_camera.cpp); OBAN files are then also
compared with `assimp-retro --set IMPORT_OBAN_CAMERA=1`.
--no-extras: do not compare extras (Debian 5.2.5 without the extras backport).

Every LTB file is also exported to GLB with both tools: where both run on the
same Assimp version (the GLB's asset.generator; Debian's 5.2.5 port), the GLBs
must be the same, binary chunk byte for byte and JSON equal, except the
scene's `extras`, where only assimp-retro's glTF completion writes the file's
metadata. Another Assimp (upstream main) writes its own GLB: not compared.

Then the way back into the games: every ABC, LTB and P3D file is exported with the
patched stock `assimp export IN OUT -f<id>` (abc6, abc12, ltb, p3d) and with
`assimp-retro export IN OUT -f <id>`; the two files must be byte-identical
(both with the import defaults: the stock tool cannot set properties).
Exit status 1 when any file falls short.
"""
import json
import os
import pathlib
import struct
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
CORPUS = pathlib.Path(os.environ.get("ASSIMP_RETRO_CORPUS_DIR") or ROOT.parent / "shared" / "corpus")
MODEL_SUFFIXES = {".abc", ".ltb", ".p3d", ".oni", ".dat"}


def summary(path):
    doc = json.loads(pathlib.Path(path).read_text())
    weights = sum(1 for a in doc.get("animations", []) for c in a.get("channels", [])
                  if c.get("target", {}).get("path") == "weights")
    return {
        "weights": weights,
        "cameras": len(doc.get("cameras", [])),
        "extras": sum(1 for n in doc.get("nodes", []) if n.get("extras")),
    }


def validate(path):
    result = subprocess.run(["node", str(ROOT / "tools" / "gltf-validator" / "validate.mjs"), str(path)],
                            capture_output=True, text=True)
    try:
        issues = json.loads(result.stdout)["issues"]
        clean = issues["numErrors"] == 0 and issues["numWarnings"] == 0
        return clean, f"{issues['numErrors']} errors, {issues['numWarnings']} warnings"
    except (ValueError, KeyError):
        return False, (result.stdout + result.stderr).strip()[-200:]


def run(command):
    result = subprocess.run(command, capture_output=True, text=True)
    if result.returncode != 0:
        raise RuntimeError(f"{' '.join(map(str, command))}: exit {result.returncode}: {result.stderr.strip()[-300:]}")


def game_exporter(path):
    """The exporter back to `path`'s game format, or None."""
    suffix = path.suffix.lower()
    if suffix in (".p3d", ".ltb"):
        return suffix[1:]
    if suffix != ".abc":
        return None
    head = path.read_bytes()[:16]
    is_v9 = len(head) == 16 and head[:8] == bytes([6, 0]) + b"Header"
    version = int.from_bytes(head[12:16], "little") if is_v9 else 6
    return "abc12" if 9 <= version <= 13 else "abc6" if version == 6 or not is_v9 else None


def check_game_exports(stock, retro, out, files):
    """Stock `assimp export -f<id>` and the tool write the same bytes. Returns the failures."""
    (out / "game").mkdir(parents=True, exist_ok=True)
    failures = 0
    checked = 0
    for n, source in enumerate(files):
        exporter = game_exporter(source)
        if exporter is None:
            continue
        checked += 1
        ext = "." + exporter if exporter in ("p3d", "ltb") else ".abc"
        mine, theirs = out / "game" / f"{n:02d}_{source.stem}.stock{ext}", out / "game" / f"{n:02d}_{source.stem}.retro{ext}"
        try:
            run([stock, "export", str(source), str(mine), f"-f{exporter}"])
            run([retro, "export", str(source), str(theirs), "-f", exporter])
        except RuntimeError as error:
            print(f"FAIL {source.name} -> {exporter}: {error}")
            failures += 1
            continue
        same = mine.read_bytes() == theirs.read_bytes()
        failures += not same
        print(f"{'ok  ' if same else 'FAIL'} {source.relative_to(CORPUS)} -> {exporter}: "
              f"{'the same bytes' if same else 'stock and assimp-retro differ'}")
    print(f"{checked - failures} of {checked} game-format exports are byte-identical")
    return failures


def glb_parts(path):
    """The JSON chunk (parsed) and the rest (the binary chunk) of a GLB."""
    data = pathlib.Path(path).read_bytes()
    length = struct.unpack_from("<I", data, 12)[0]
    return json.loads(data[20:20 + length]), data[20 + length:]


def check_ltb_glb(stock, retro, out, files):
    """Stock `assimp export x.ltb x.glb` writes the tool's GLB but for the scene's extras. Returns the failures."""
    (out / "glb").mkdir(parents=True, exist_ok=True)
    failures = 0
    compared = 0
    ltb = [f for f in files if f.suffix.lower() == ".ltb"]
    for n, source in enumerate(ltb):
        mine, theirs = out / "glb" / f"{n:02d}_{source.stem}.stock.glb", out / "glb" / f"{n:02d}_{source.stem}.retro.glb"
        try:
            run([stock, "export", str(source), str(mine)])
            run([retro, "export", str(source), str(theirs)])
        except RuntimeError as error:
            print(f"FAIL {source.name} -> glb: {error}")
            failures += 1
            compared += 1
            continue
        (stock_json, stock_bin), (retro_json, retro_bin) = glb_parts(mine), glb_parts(theirs)
        generators = [j.get("asset", {}).get("generator") for j in (stock_json, retro_json)]
        if generators[0] != generators[1]:
            print(f"not compared {source.relative_to(CORPUS)} -> glb: the stock tool is {generators[0]!r}, "
                  f"assimp-retro runs on {generators[1]!r}")
            continue
        compared += 1
        for scene in retro_json.get("scenes", []):
            scene.pop("extras", None)
        differ = sorted(k for k in set(stock_json) | set(retro_json) if stock_json.get(k) != retro_json.get(k))
        if stock_bin != retro_bin:
            differ.append("binary chunk")
        failures += bool(differ)
        print(f"{'FAIL' if differ else 'ok  '} {source.relative_to(CORPUS)} -> glb: "
              + (f"stock and assimp-retro differ in {differ}" if differ else "the same GLB but the scene's extras"))
    print(f"{compared - failures} of {compared} LTB GLBs compared are the tool's ({len(ltb) - compared} not compared)")
    return failures


def main():
    args = sys.argv[1:]
    camera_exporter = None
    compare_extras = True
    if "--camera-exporter" in args:
        i = args.index("--camera-exporter")
        camera_exporter = args[i + 1]
        del args[i:i + 2]
    if "--no-extras" in args:
        args.remove("--no-extras")
        compare_extras = False
    if len(args) != 3:
        sys.exit(__doc__)
    stock, retro, out = args
    if not CORPUS.is_dir():
        sys.exit(f"check_corpus.py: {CORPUS} is missing: the real sample files are needed")
    out = pathlib.Path(out)
    (out / "stock").mkdir(parents=True, exist_ok=True)
    (out / "retro").mkdir(parents=True, exist_ok=True)
    keys = ["weights", "cameras"] + (["extras"] if compare_extras else [])
    files = sorted(p for p in CORPUS.rglob("*") if p.suffix.lower() in MODEL_SUFFIXES)
    jobs = [(f, [stock, "export", str(f)], []) for f in files]
    if camera_exporter:
        jobs += [(f, [camera_exporter, str(f)], ["--set", "IMPORT_OBAN_CAMERA=1"])
                 for f in files if f.suffix.lower() in (".oni", ".dat")]
    failures = 0
    for n, (source, command, retro_options) in enumerate(jobs):
        name = f"{n:02d}_{source.stem}"
        mine, theirs = out / "stock" / f"{name}.gltf", out / "retro" / f"{name}.gltf"
        try:
            run(command + [str(mine)])
            run([retro, "export", str(source), str(theirs)] + retro_options)
        except RuntimeError as error:
            print(f"FAIL {source.name}: {error}")
            failures += 1
            continue
        got, want = summary(mine), summary(theirs)
        valid, report = validate(mine)
        short = [k for k in keys if got[k] < want[k]]
        status = "ok  " if valid and not short else "FAIL"
        failures += status == "FAIL"
        what = " camera API" if retro_options else ""
        print(f"{status} {source.relative_to(CORPUS)}{what}: stock {got}, assimp-retro {want}, "
              f"validator {report}" + (f", short of {short}" if short else ""))
    print(f"{len(jobs) - failures} of {len(jobs)} conversions carry what assimp-retro's do")
    failures += check_ltb_glb(stock, retro, out, files)
    failures += check_game_exports(stock, retro, out, files)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
