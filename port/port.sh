#!/usr/bin/env bash
# Builds Assimp itself with the assimp-retro importers compiled in, so the
# stock `assimp` tool reads .oni/.dat, .abc, .ltb and .p3d:
#   port/port.sh                      # Debian's source (apt-get source assimp=<libassimp-dev's version>), into port/work/
#   port/port.sh --source DIR         # any Assimp source tree (e.g. an upstream checkout)
#   port/port.sh --no-build           # only copy the importers in and apply the patches
#   port/port.sh --tests              # also build and run our tests in Assimp's style (port/tests/CMakeLists.txt)
# Exporter patches: port/patches/both/*.patch (every tree) and, on a 5.2 tree,
# port/patches/5.2.5-only/*.patch; a patch already applied is skipped.
# Result: port/work/build/bin/assimp, checked by converting test/models/* to glTF.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
work="$root/port/work"
source_dir=""
build=1
tests=0
while [ $# -gt 0 ]; do
  case "$1" in
    --source) source_dir=$(cd "$2" && pwd); shift 2 ;;
    --no-build) build=0; shift ;;
    --tests) tests=1; shift ;;
    *) echo "usage: port/port.sh [--source DIR] [--no-build] [--tests]" >&2; exit 2 ;;
  esac
done
# Downloads (Debian's packages and source) stop here at once when they fail,
# saying what and how to fix it (tools/debian_fetch.sh).
. tools/debian_fetch.sh
# Build dependencies of Debian's source package (the upstream tarball bundles
# these), and libassimp-dev, whose version names the source to fetch.
debian_install_missing cmake ninja-build g++ python3 dpkg-dev libstb-dev libutfcpp-dev libminizip-dev zlib1g-dev \
  libdraco-dev liblzma-dev libassimp-dev

if [ -z "$source_dir" ]; then
  # Debian's Assimp at the version of the installed libassimp-dev, kept in
  # port/work/ and checked on every run.
  fetch_deb_source assimp "$work" source_dir
fi

# Debian's tree builds into port/work/build (out/), another tree into build-<its folder name> (out-...).
build_dir="$work/build"
out_dir="$work/out"
case "$source_dir" in
  "$work"/assimp-5.2.5*) ;;
  *) build_dir="$work/build-$(basename "$source_dir")"; out_dir="$work/out-$(basename "$source_dir")" ;;
esac
python3 port/apply_to_assimp.py "$source_dir"
port/apply_patches.sh "$source_dir"
[ "$build" -eq 1 ] || exit 0

# ccache (when installed) keeps rebuilds short: CI reuses its cache between runs.
launcher=()
if command -v ccache >/dev/null; then
  launcher=(-DCMAKE_C_COMPILER_LAUNCHER=ccache -DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
fi

# A small build: our importers, OBJ and glTF in and out, FBX and COLLADA in
# and out (the exporter patches' tests read their output back), the dump
# formats the tool needs (ASSBIN, ASSXML; ASSBIN read back too: the plugin's
# tests run on this library read the tool's .assbin outputs), and the assimp tool.
cmake -S "$source_dir" -B "$build_dir" -G Ninja -DCMAKE_BUILD_TYPE=Release "${launcher[@]}" \
  -DASSIMP_BUILD_ALL_IMPORTERS_BY_DEFAULT=OFF -DASSIMP_BUILD_ALL_EXPORTERS_BY_DEFAULT=OFF \
  -DASSIMP_BUILD_OBAN_IMPORTER=ON -DASSIMP_BUILD_ABC_IMPORTER=ON -DASSIMP_BUILD_LTB_IMPORTER=ON \
  -DASSIMP_BUILD_P3D_IMPORTER=ON -DASSIMP_BUILD_OBJ_IMPORTER=ON -DASSIMP_BUILD_GLTF_IMPORTER=ON \
  -DASSIMP_BUILD_OBJ_EXPORTER=ON -DASSIMP_BUILD_GLTF_EXPORTER=ON \
  -DASSIMP_BUILD_ASSBIN_EXPORTER=ON -DASSIMP_BUILD_ASSBIN_IMPORTER=ON -DASSIMP_BUILD_ASSXML_EXPORTER=ON \
  -DASSIMP_BUILD_ASSIMP_TOOLS=ON -DASSIMP_BUILD_TESTS=OFF -DASSIMP_BUILD_FBX_EXPORTER=ON -DASSIMP_BUILD_FBX_IMPORTER=ON \
  -DASSIMP_BUILD_COLLADA_IMPORTER=ON -DASSIMP_BUILD_COLLADA_EXPORTER=ON -DASSIMP_BUILD_SAMPLES=OFF \
  -DASSIMP_BUILD_DOCS=OFF -DASSIMP_BUILD_ZLIB=OFF -DASSIMP_INSTALL=OFF \
  -DASSIMP_WARNINGS_AS_ERRORS=OFF -DASSIMP_IGNORE_GIT_HASH=ON >/dev/null
cmake --build "$build_dir" --target assimp_cmd -j "$(nproc)"
if [ "$tests" -eq 1 ]; then
  # Our tests in Assimp's style, built against this libassimp with Assimp's
  # test main (port/tests/CMakeLists.txt) rather than Assimp's whole `unit`
  # program, which would add hundreds of files to CI's build.
  cmake -S port/tests -B "$build_dir/retro-tests" -G Ninja -DCMAKE_BUILD_TYPE=Release "${launcher[@]}" \
    -DASSIMP_SOURCE="$source_dir" -DASSIMP_BUILD="$build_dir" >/dev/null
  cmake --build "$build_dir/retro-tests" -j "$(nproc)"
  (cd "$build_dir/retro-tests" && ./retro_unit)
fi

# Tiny programs for what the stock tool cannot do (set import properties):
# one sets IMPORT_OBAN_CAMERA and exports glTF with this library, one lists
# the LODs of a P3D read with every LOD.
lib=$(find "$build_dir" -name 'libassimp.so' | head -n 1)
c++ -std=c++17 -O1 port/tests/export_oban_camera.cpp -o "$build_dir/bin/export_oban_camera" \
  -I"$source_dir/include" -I"$build_dir/include" -L"$(dirname "$lib")" -lassimp -Wl,-rpath,"$(dirname "$lib")"
c++ -std=c++17 -O1 port/tests/lod_summary.cpp -o "$build_dir/bin/lod_summary" \
  -I"$source_dir/include" -I"$build_dir/include" -L"$(dirname "$lib")" -lassimp -Wl,-rpath,"$(dirname "$lib")"
tool="$build_dir/bin/assimp"
"$tool" listext
mkdir -p "$out_dir"
for sample in test/models/*/*; do
  name=$(basename "${sample%.*}")
  "$tool" export "$sample" "$out_dir/$name.gltf" -vds
done
# The exporters back to the games (apply_to_assimp.py EXPORTERS): listed, and
# a round trip game -> glTF -> game, the output format chosen by the extension
# (.abc: abc6, the first registered) and by id.
"$tool" listexport | grep -qx abc6
"$tool" listexport | grep -qx abc12
"$tool" export "$out_dir/skinned_v6.gltf" "$out_dir/skinned_v6_back.abc"
"$tool" info "$out_dir/skinned_v6_back.abc" >/dev/null
"$tool" export "$out_dir/skinned_v6.gltf" "$out_dir/skinned_v12_back.abc" -fabc12
"$tool" info "$out_dir/skinned_v12_back.abc" >/dev/null
# The p3d exporter compiled into Assimp: the stock tool turns the Blender-made
# vehicle into an MLOD with its texture as a PAA beside it, and the importer,
# reading every LOD, finds the same LODs, triangles and texture as in the GLB.
"$tool" listexport | grep -qx p3d
rm -f "$out_dir/vehicle_lods.p3d" "$out_dir/hull.paa"
"$tool" export test/models/p3d/vehicle_lods.glb "$out_dir/vehicle_lods.p3d" >/dev/null
test -f "$out_dir/hull.paa" || { echo "port.sh: the p3d export wrote no $out_dir/hull.paa" >&2; exit 1; }
"$build_dir/bin/lod_summary" test/models/p3d/vehicle_lods.glb >"$out_dir/vehicle_lods.glb.lods"
"$build_dir/bin/lod_summary" "$out_dir/vehicle_lods.p3d" >"$out_dir/vehicle_lods.p3d.lods"
diff "$out_dir/vehicle_lods.glb.lods" "$out_dir/vehicle_lods.p3d.lods" ||
  { echo "port.sh: the MLOD of vehicle_lods.glb reads back differently (above)" >&2; exit 1; }
[ "$(grep -c triangles "$out_dir/vehicle_lods.p3d.lods")" -eq 4 ] ||
  { echo "port.sh: expected 4 LODs in $out_dir/vehicle_lods.p3d.lods" >&2; exit 1; }
echo "stock assimp tool with the assimp-retro importers: $tool"
