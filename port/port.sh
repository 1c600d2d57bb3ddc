#!/usr/bin/env bash
# Builds Assimp itself with the assimp-retro importers compiled in, so the
# stock `assimp` tool reads .oni/.dat, .abc and .p3d:
#   port/port.sh                      # Debian's source (apt-get source assimp), into port/work/
#   port/port.sh --source DIR         # any Assimp source tree (e.g. an upstream checkout)
#   port/port.sh --no-build           # only copy and register the importers
# Result: port/work/build/bin/assimp, checked by converting test/models/* to glTF.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
work="$root/port/work"
source_dir=""
build=1
while [ $# -gt 0 ]; do
  case "$1" in
    --source) source_dir=$(cd "$2" && pwd); shift 2 ;;
    --no-build) build=0; shift ;;
    *) echo "usage: port/port.sh [--source DIR] [--no-build]" >&2; exit 2 ;;
  esac
done
as_root=()
[ "$(id -u)" -eq 0 ] || as_root=(sudo)

# Build dependencies of Debian's source package (the upstream tarball bundles these).
"${as_root[@]}" apt-get update -qq
"${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
  cmake ninja-build g++ python3 dpkg-dev libstb-dev libutfcpp-dev libminizip-dev zlib1g-dev libdraco-dev >/dev/null

if [ -z "$source_dir" ]; then
  mkdir -p "$work"
  source_dir=$(find "$work" -maxdepth 1 -type d -name 'assimp-*' | head -n 1)
  if [ -z "$source_dir" ]; then
    # apt-get source needs a deb-src entry for Debian's archive: copy the
    # system's Debian entries (this adds a file to /etc/apt/sources.list.d).
    if ! apt-get source --print-uris -qq assimp >/dev/null 2>&1; then
      src_list=/etc/apt/sources.list.d/assimp-retro-deb-src.sources
      if [ -f /etc/apt/sources.list.d/debian.sources ]; then
        sed 's/^Types:.*/Types: deb-src/' /etc/apt/sources.list.d/debian.sources | "${as_root[@]}" tee "$src_list" >/dev/null
      else
        grep '^deb ' /etc/apt/sources.list | sed 's/^deb /deb-src /' | "${as_root[@]}" tee /etc/apt/sources.list.d/assimp-retro-deb-src.list >/dev/null
      fi
    fi
    "${as_root[@]}" apt-get update -qq
    (cd "$work" && apt-get source -qq assimp)
    source_dir=$(find "$work" -maxdepth 1 -type d -name 'assimp-*' | head -n 1)
  fi
fi

python3 port/apply_to_assimp.py "$source_dir"
[ "$build" -eq 1 ] || exit 0

# A small build: our importers, OBJ and glTF in and out, the dump formats the
# tool needs (ASSBIN, ASSXML), and the assimp tool.
cmake -S "$source_dir" -B "$work/build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DASSIMP_BUILD_ALL_IMPORTERS_BY_DEFAULT=OFF -DASSIMP_BUILD_ALL_EXPORTERS_BY_DEFAULT=OFF \
  -DASSIMP_BUILD_OBAN_IMPORTER=ON -DASSIMP_BUILD_ABC_IMPORTER=ON -DASSIMP_BUILD_P3D_IMPORTER=ON \
  -DASSIMP_BUILD_OBJ_IMPORTER=ON -DASSIMP_BUILD_GLTF_IMPORTER=ON \
  -DASSIMP_BUILD_OBJ_EXPORTER=ON -DASSIMP_BUILD_GLTF_EXPORTER=ON \
  -DASSIMP_BUILD_ASSBIN_EXPORTER=ON -DASSIMP_BUILD_ASSXML_EXPORTER=ON \
  -DASSIMP_BUILD_ASSIMP_TOOLS=ON -DASSIMP_BUILD_TESTS=OFF -DASSIMP_BUILD_SAMPLES=OFF \
  -DASSIMP_BUILD_DOCS=OFF -DASSIMP_BUILD_ZLIB=OFF -DASSIMP_INSTALL=OFF \
  -DASSIMP_WARNINGS_AS_ERRORS=OFF -DASSIMP_IGNORE_GIT_HASH=ON >/dev/null
cmake --build "$work/build" --target assimp_cmd -j "$(nproc)"

tool="$work/build/bin/assimp"
"$tool" listext
mkdir -p "$work/out"
for sample in test/models/*/*; do
  name=$(basename "${sample%.*}")
  "$tool" export "$sample" "$work/out/$name.gltf" -vds
done
echo "stock assimp tool with the assimp-retro importers: $tool"
