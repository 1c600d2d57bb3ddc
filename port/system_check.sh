#!/usr/bin/env bash
# After `port/debian_package.sh --install`: programs nobody here wrote read
# the formats through the system's patched libassimp.so.5.
#   port/system_check.sh [OUT_DIR]
# Without installing, on the packages extracted with dpkg -x into DIR
# (libassimp5 and assimp-utils):
#   PATH=DIR/usr/bin:$PATH LD_LIBRARY_PATH=DIR/usr/lib/x86_64-linux-gnu port/system_check.sh
# 1. Debian's python3-pyassimp loads every model file (.abc, .ltb, .p3d, .oni,
#    .dat) in ../shared/corpus, or the folder ASSIMP_RETRO_CORPUS_DIR names
#    (as port/pyassimp_check.py reads it; four with exact node, mesh and animation
#    counts: port/pyassimp_check.py).
# 2. The stock `assimp info` reads every one of them.
# 3. The stock `assimp export` turns the vertex-animated FLAG.ABC into a GLB
#    with a morph `weights` channel that the Khronos validator accepts.
# Exit status 0 when all of it holds.
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-/tmp/assimp-retro-system-check}
corpus=${ASSIMP_RETRO_CORPUS_DIR:-../shared/corpus}
mkdir -p "$out"
failures=0
echo "libassimp5 $(dpkg-query -W -f='${Version}' libassimp5), assimp-utils $(dpkg-query -W -f='${Version}' assimp-utils) installed"
echo "assimp: $(command -v assimp), with $(ldd "$(command -v assimp)" | awk '/libassimp/ {print $3}')"

/usr/bin/python3 port/pyassimp_check.py --all || failures=$((failures + 1))

read_ok=0
read_failed=0
while IFS= read -r -d '' model; do
  if assimp info "$model" >"$out/info.log" 2>&1; then
    read_ok=$((read_ok + 1))
  else
    read_failed=$((read_failed + 1))
    echo "FAIL assimp info $model: $(grep -m1 -i error "$out/info.log" || tail -n 1 "$out/info.log")"
  fi
done < <(find "$corpus" -type f \( -iname '*.abc' -o -iname '*.ltb' -o -iname '*.p3d' -o -iname '*.oni' -o -iname '*.dat' \) -print0 | sort -z)
echo "stock assimp info: $read_ok read, $read_failed failed"
[ "$read_failed" -eq 0 ] || failures=$((failures + 1))

glb="$out/flag.glb"
assimp export "$corpus/abc/DECOS__FLAG.ABC" "$glb" >"$out/export.log" 2>&1 || { echo "FAIL assimp export"; cat "$out/export.log"; exit 1; }
weights=$(python3 - "$glb" <<'PY'
import json, struct, sys
data = open(sys.argv[1], "rb").read()
length = struct.unpack_from("<I", data, 12)[0]
doc = json.loads(data[20:20 + length])
print(sum(1 for a in doc.get("animations", []) for c in a["channels"] if c["target"]["path"] == "weights"))
PY
)
validator=0
node tools/gltf-validator/validate.mjs "$glb" >"$out/flag.validator.json" 2>&1 || validator=$?
issues=$(python3 -c 'import json,sys; i=json.load(open(sys.argv[1]))["issues"]; print(i["numErrors"], "errors,", i["numWarnings"], "warnings")' \
  "$out/flag.validator.json" 2>/dev/null || echo "no report")
echo "stock assimp export FLAG.ABC -> GLB: $weights weights channel(s); validator: $issues"
[ "$weights" -ge 1 ] || failures=$((failures + 1))
[ "$validator" -eq 0 ] || failures=$((failures + 1))
[ "$failures" -eq 0 ] && echo "system check: ok" || echo "system check: $failures failure(s)"
exit $((failures > 0))
