#!/usr/bin/env bash
# Build time of the library and the tool, per object: a clean, uncached
# (CCACHE_DISABLE=1) RelWithDebInfo build of the targets assimp_retro and
# assimp-retro at -j 2 into BUILD_DIR (deleted first), then one line per object:
#   <ninja-log wall s> <CPU s: user + system of the compiler> <object>
# sorted by wall time, and the sums. The wall figures are what .ninja_log
# records; on a machine shared with other work they grow with its load, the
# CPU figures much less (docs/benchmarks.md "Build time").
# --setup: the build tools/setup.sh makes (cmake/UserBuild.cmake: -O2 without
# debug information) instead of RelWithDebInfo.
# The precompiled headers' compiles (.gch, .pch) count as objects: they are
# part of the build's cost.
# Usage: bench/build_times.sh [--setup] BUILD_DIR [SOURCE_DIR]
set -euo pipefail
configuration=(-DCMAKE_BUILD_TYPE=RelWithDebInfo -DASSIMP_RETRO_BUILD_TESTS=OFF)
if [ "${1:-}" = --setup ]; then
  shift
  configuration=(-C "$(cd "$(dirname "$0")/.." && pwd)/cmake/UserBuild.cmake")
fi
build=${1:?usage: bench/build_times.sh [--setup] BUILD_DIR [SOURCE_DIR]}
source=${2:-$(cd "$(dirname "$0")/.." && pwd)}
rm -rf "$build"
mkdir -p "$build"
build=$(cd "$build" && pwd)
cpu_log=$build/compile-cpu.txt
launcher=$build/time-compile.sh
# The launcher appends "<user s> <system s> <object>" for each compile.
cat >"$launcher" <<EOF
#!/bin/sh
object=
previous=
for argument in "\$@"; do [ "\$previous" = -o ] && object=\$argument; previous=\$argument; done
exec /usr/bin/time -a -o "$cpu_log" -f "%U %S \$object" "\$@"
EOF
chmod +x "$launcher"
CCACHE_DISABLE=1 cmake "${configuration[@]}" -S "$source" -B "$build" -G Ninja \
  -DCMAKE_CXX_COMPILER_LAUNCHER="$launcher" >/dev/null
rm -f "$cpu_log"
start=$SECONDS
CCACHE_DISABLE=1 cmake --build "$build" -j 2 --target assimp_retro assimp-retro >/dev/null
echo "wall: $((SECONDS - start)) s for the build"
# .ninja_log: start ms, end ms, mtime, output, hash (one line per output built).
python3 - "$build/.ninja_log" "$cpu_log" <<'EOF'
import sys
wall = {}
for line in open(sys.argv[1]):
    if line.startswith("#"):
        continue
    start, end, _, output, _ = line.rstrip("\n").split("\t")
    if output.endswith((".o", ".gch", ".pch")):
        wall[output] = (int(end) - int(start)) / 1000
cpu = {}
for line in open(sys.argv[2]):
    fields = line.split()
    if len(fields) == 3 and fields[2].endswith((".o", ".gch", ".pch")):
        cpu[fields[2]] = float(fields[0]) + float(fields[1])
for output, seconds in sorted(wall.items(), key=lambda item: -item[1]):
    print(f"{seconds:6.1f} {cpu.get(output, float('nan')):6.1f} {output}")
print(f"sum over {len(wall)} objects: {sum(wall.values()):.1f} s wall, {sum(cpu.get(o, 0) for o in wall):.1f} s CPU")
EOF
