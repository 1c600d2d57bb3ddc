#!/usr/bin/python3
"""Proof that a program nobody here wrote reads the formats through the
patched system Assimp: Debian's python3-pyassimp (ctypes over
libassimp.so.5, no RegisterLoader anywhere) loads a real ABC, P3D and OBAN
file; node, mesh and animation counts are checked.

  /usr/bin/python3 port/pyassimp_check.py                      # after installing the patched packages
  LD_LIBRARY_PATH=DIR /usr/bin/python3 port/pyassimp_check.py  # DIR: libassimp.so.5 extracted from the .deb
  /usr/bin/python3 port/pyassimp_check.py --all                # also every other model file in the corpus

The counts are read from pyassimp's ctypes structs on the scene pyassimp's
loader returns (pyassimp.core._assimp_lib.load = aiImportFile, as
pyassimp.load calls it). pyassimp.load's own conversion of that scene into
Python objects is broken in Debian 12 for many scenes, with Debian's own
libassimp too: any scene with bones fails with "ValueError: NULL pointer
access" (its Bone struct lacks aiBone::mArmature and mNode), and a glTF of a
P3D or OBAN model (assimp-retro's output, read by Debian's libassimp)
crashes it with a segmentation fault.

Exit status 0 when every file loads with the expected counts (with --all:
and every other .abc, .ltb, .p3d, .oni and .dat file under ../shared/corpus loads
with a root node).
"""
import os
import pathlib
import sys

import pyassimp

CORPUS = pathlib.Path(os.environ.get("ASSIMP_RETRO_CORPUS_DIR") or
                      pathlib.Path(__file__).resolve().parent.parent.parent / "shared" / "corpus")
MODEL_SUFFIXES = {".abc", ".ltb", ".p3d", ".oni", ".dat"}

# file: (nodes, meshes, animations). Animation counts are the corpus
# STATS.tsv values; node and mesh counts are what the importers build (the
# same numbers `assimp-retro info` prints for these files).
EXPECTED = {
    "abc/CREATURES__TIBERIUS.ABC": (42, 1, 12),    # skeleton of 40 nodes, 12 animations
    "abc/DECOS__FLAG.ABC": (4, 1, 1),              # vertex-animated: morph targets
    "p3d/tzk212_TZK_Target_New0.p3d": (2, 1, 0),   # ODOL v7
    "oban/OBANshpadoinkle.oni": (3, 0, 1),         # one animated node
}


def count_raw_nodes(node):
    return 1 + sum(count_raw_nodes(node.mChildren[i].contents) for i in range(node.mNumChildren))


def load_counts(path):
    """(nodes, meshes, animations) of the scene pyassimp's loader returns."""
    lib = pyassimp.core._assimp_lib
    raw = lib.load(str(path).encode(), pyassimp.postprocess.aiProcess_Triangulate)
    if not raw:
        raise pyassimp.errors.AssimpError("Could not import file!")
    try:
        scene = raw.contents
        return (count_raw_nodes(scene.mRootNode.contents), scene.mNumMeshes, scene.mNumAnimations), "aiImportFile"
    finally:
        lib.release(raw)


def main():
    if not CORPUS.is_dir():
        sys.exit(f"pyassimp_check.py: {CORPUS} is missing: the real sample files are needed")
    pyassimp.helper.search_library()
    maps = pathlib.Path("/proc/self/maps").read_text().splitlines()
    loaded = sorted({line.split()[-1] for line in maps if "libassimp.so" in line})
    print(f"pyassimp uses {', '.join(loaded)}")
    failures = 0
    for relative, expected in EXPECTED.items():
        path = CORPUS / relative
        try:
            got, how = load_counts(path)
        except pyassimp.errors.AssimpError as error:
            print(f"FAIL {relative}: {error}")
            failures += 1
            continue
        ok = expected is None or got == expected
        failures += not ok
        print(f"{'ok  ' if ok else 'FAIL'} {relative}: nodes {got[0]}, meshes {got[1]}, animations {got[2]}"
              + ("" if ok else f" (expected {expected})") + f" [{how}]")
    if "--all" in sys.argv[1:]:
        failures += check_every_model()
    return 1 if failures else 0


def check_every_model():
    """Loads every model file of the corpus; the failures."""
    failures = 0
    models = sorted(p for p in CORPUS.rglob("*") if p.suffix.lower() in MODEL_SUFFIXES and p.is_file())
    for path in models:
        relative = path.relative_to(CORPUS)
        try:
            got, _ = load_counts(path)
            print(f"ok   {relative}: nodes {got[0]}, meshes {got[1]}, animations {got[2]}")
        except pyassimp.errors.AssimpError as error:
            print(f"FAIL {relative}: {error}")
            failures += 1
    print(f"{len(models) - failures} of {len(models)} corpus models loaded")
    return failures


if __name__ == "__main__":
    sys.exit(main())
