#!/bin/sh
# Digests of every output the tool writes for the shared corpus: each model
# to GLB, FBX, DAE, OBJ and, where the format has one, back to its game
# (ABC v6 and v12, P3D), plus each game texture to PNG. Each line is
#   <input> <format> <exit code> <digest of every file written, by name>
# so two builds that write the same bytes print the same lines. A change
# that must not change behaviour is checked by comparing the lists:
#   tools/output_digests.sh build-before > before.txt
#   tools/output_digests.sh build-after  > after.txt
#   diff before.txt after.txt
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build}
corpus=${ASSIMP_RETRO_CORPUS_DIR:-$root/../shared/corpus}
tool=$build/tools/assimp-retro
[ -x "$tool" ] || { echo "output_digests: no tool at $tool" >&2; exit 1; }
[ -d "$corpus" ] || { echo "output_digests: no corpus at $corpus" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Assimp's FBX and COLLADA exporters write the wall-clock time: FBX in the
# CreationTimeStamp record (int fields Year .. Millisecond), COLLADA in
# <created>/<modified>. Those files are digested with the times zeroed, so
# a run a second later gives the same list.
masked_digest() {
    python3 "$root/tools/output_digest_masked.py" "$1"
}

digest_dir() {
    (cd "$1" && find . -type f | LC_ALL=C sort | while read -r f; do
        case "$f" in
        *.fbx | *.dae) printf '%s:%s ' "$f" "$(masked_digest "$f")" ;;
        *) printf '%s:%s ' "$f" "$(sha256sum "$f" | cut -c1-16)" ;;
        esac
    done)
}

convert() { # input exporter-id extension
    out=$work/out
    rm -rf "$out" && mkdir -p "$out"
    code=0
    "$tool" export "$1" "$out/model.$3" -f "$2" >/dev/null 2>&1 || code=$?
    echo "${1#"$corpus"/} $2 $code $(digest_dir "$out")"
}

find "$corpus" -type f | LC_ALL=C sort | while read -r file; do
    lower=$(printf '%s' "$file" | tr 'A-Z' 'a-z')
    case "$lower" in
    *.abc) games="abc6:abc abc12:abc" ;;
    *.p3d) games="p3d:p3d" ;;
    *.ltb | *.oni | *.dat) games="" ;;
    *.paa | *.pac | *.dtx)
        rm -rf "$work/tex" && mkdir -p "$work/tex"
        code=0
        "$tool" texture "$file" "$work/tex/t.png" >/dev/null 2>&1 || code=$?
        echo "${file#"$corpus"/} png $code $(digest_dir "$work/tex")"
        continue ;;
    *) continue ;;
    esac
    for pair in glb2:glb fbx:fbx collada:dae obj:obj $games; do
        convert "$file" "${pair%%:*}" "${pair#*:}"
    done
done
