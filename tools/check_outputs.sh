#!/bin/sh
# Real clients as judges (issue 10): converts every real model of the corpus
# (ABC v6, ABC v12, ODOL, MLOD: 15; LTB: 4, not the motion library) to GLB, FBX, DAE and OBJ with assimp-retro
# and checks them in Blender 3.4 (tools/blender/check_outputs.py: triangles,
# bones, animations, size and, in the FBX, node metadata as custom properties,
# against the aiScene and the GLB; in the DAE, an action covering the GLB's
# first animation: CLIP lines).
#   tools/check_outputs.sh [BUILD_DIR]        (default: build)
# Needs blender (Debian package); the models come from ../shared/corpus.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build}
corpus=${ASSIMP_RETRO_CORPUS_DIR:-$root/../shared/corpus}
out=$build/test/output/check_outputs
if ! command -v blender >/dev/null 2>&1; then
    echo "check_outputs: blender is not installed (apt-get install blender)" >&2
    exit 1
fi
mkdir -p "$out"
# Each model by itself: no child models, and no motion library. A CrossFire
# body with the library beside it (M-MOTION_BLUE.LTB, 2,282 animations) makes
# a 227 MB FBX (the library's alone: a minute of Blender's CPU and 2.6 GB)
# and a 240 MB DAE that Blender takes tens of minutes over; that pair goes through Blender once, as GLB, in the add-on's library import
# (tools/blender/check_library_import.py, within 20 s and 1.5 GB), and the
# library's poses in every output format are checked by the corpus tests.
set --
for ltb in "$corpus"/ltb/*.LTB; do
    case $(basename "$ltb") in
        M-*) ;; # a motion library: animations only
        *) set -- "$@" "$ltb" ;;
    esac
done
blender -b --factory-startup --python "$root/tools/blender/check_outputs.py" -- \
    --tool "$build/tools/assimp-retro" --out "$out" --set IMPORT_ABC_CHILD_MODELS=0 \
    "$corpus"/abc/*.ABC "$corpus"/abc-v12/*.abc "$corpus"/p3d/*.p3d \
    "$@" 2>&1 |
    grep -E '^(CHECK|SCENE|PROPS|CLIP|KNOWN|FAIL|RESULT) ' | tee "$out/report.txt"
grep -q '^RESULT .* 0 failure(s)$' "$out/report.txt"
