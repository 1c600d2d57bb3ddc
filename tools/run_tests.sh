#!/usr/bin/env bash
# The whole test suite: installs what is missing, then builds and runs every
# test (unit, corpus, tool, package consumer, fuzz replays) twice: in a normal
# build, and in a build with AddressSanitizer and UndefinedBehaviorSanitizer.
# The real sample files are read from ../shared/corpus; tests fail loudly if
# that folder is missing.
set -euo pipefail
cd "$(dirname "$0")/.."
tools/install_deps.sh
jobs=$(nproc)

cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo
cmake --build build -j "$jobs"
(cd build && ctest --output-on-failure -j "$jobs")

# Sanitizers: hostile-input paths (fuzz replays, error tests) under ASan/UBSan.
cmake -S . -B build-asan -G Ninja -DCMAKE_BUILD_TYPE=Debug -DASSIMP_RETRO_SANITIZE=address,undefined
cmake --build build-asan -j "$jobs"
(cd build-asan && ASAN_OPTIONS=detect_leaks=1 ctest --output-on-failure -j "$jobs")

# The in-tree port: Debian's Assimp source with the importers compiled in; the
# stock assimp tool must convert every bundled sample to valid glTF.
if [ "${ASSIMP_RETRO_SKIP_PORT:-0}" != 1 ]; then
  port/port.sh
  for gltf in port/work/out/*.gltf; do
    node tools/gltf-validator/validate.mjs "$gltf" >/dev/null || { echo "invalid glTF from the port: $gltf" >&2; exit 1; }
  done
  echo "port: the stock assimp tool with the importers compiled in converts every sample to valid glTF"
fi
