#!/usr/bin/python3
"""Proof that a program nobody here wrote reads the formats through the
patched system Assimp: Debian's python3-pyassimp (ctypes over
libassimp.so.5, no RegisterLoader anywhere) loads a real ABC, P3D and OBAN
file; node, mesh and animation counts are checked.

  /usr/bin/python3 port/pyassimp_check.py                      # after installing the patched packages
  LD_LIBRARY_PATH=DIR /usr/bin/python3 port/pyassimp_check.py  # DIR: libassimp.so.5 extracted from the .deb

Exit status 0 when every file loads with the expected counts.
"""
import pathlib
import sys

import pyassimp

CORPUS = pathlib.Path(__file__).resolve().parent.parent.parent / "shared" / "corpus"

# file: (nodes, meshes, animations). Animation counts are the corpus
# STATS.tsv values; node and mesh counts are what the importers build (the
# same numbers `assimp-retro info` prints for these files).
EXPECTED = {
    "abc/CREATURES__TIBERIUS.ABC": (42, 1, 12),    # skeleton of 40 nodes, 12 animations
    "abc/DECOS__FLAG.ABC": (4, 1, 1),              # vertex-animated: morph targets
    "p3d/tzk212_TZK_Target_New0.p3d": (2, 1, 0),   # ODOL v7
    "oban/OBANshpadoinkle.oni": (3, 0, 1),         # one animated node
}


def count_nodes(node):
    return 1 + sum(count_nodes(child) for child in node.children)


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
            with pyassimp.load(str(path)) as scene:
                got = (count_nodes(scene.rootnode), len(scene.meshes), len(scene.animations))
        except pyassimp.errors.AssimpError as error:
            print(f"FAIL {relative}: {error}")
            failures += 1
            continue
        ok = expected is None or got == expected
        failures += not ok
        print(f"{'ok  ' if ok else 'FAIL'} {relative}: nodes {got[0]}, meshes {got[1]}, animations {got[2]}"
              + ("" if ok else f" (expected {expected})"))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
