#!/usr/bin/env bash
# Runs the project's tests (an existing build folder's ctest) against another
# libassimp, without installing it: the patched Assimp of port/ (its small
# build, or Debian's package extracted with dpkg -x).
#   tools/test_with_assimp.sh LIBDIR [BUILD_DIR] [ctest arguments...]
#   tools/test_with_assimp.sh port/work/build/bin -R 'Registration|LinkedAssimp'
#   tools/test_with_assimp.sh --package            # the whole suite on port/work/deb/libassimp5_*.deb
# LIBDIR holds libassimp.so.5; it goes first in LD_LIBRARY_PATH, and
# ASSIMP_RETRO_EXPECT_BUILTIN=1 tells the tests that libassimp has our
# importers compiled in (Registration.* fails if it has not: a wrong LIBDIR
# cannot pass as the patched library). BUILD_DIR defaults to build.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "${1:-}" = "--package" ]; then
  shift
  deb=$(ls port/work/deb/libassimp5_*.deb 2>/dev/null | head -n 1)
  [ -n "$deb" ] || { echo "no port/work/deb/libassimp5_*.deb: run port/debian_package.sh first" >&2; exit 2; }
  rm -rf port/work/deb-root
  dpkg -x "$deb" port/work/deb-root
  lib_dir="$PWD/port/work/deb-root/usr/lib/$(dpkg-architecture -qDEB_HOST_MULTIARCH)"
else
  [ $# -ge 1 ] || { echo "usage: tools/test_with_assimp.sh LIBDIR|--package [BUILD_DIR] [ctest arguments...]" >&2; exit 2; }
  lib_dir=$(cd "$1" && pwd)
  shift
fi
build_dir=build
if [ $# -ge 1 ] && [ -d "$1" ]; then
  build_dir=$1
  shift
fi
[ -e "$lib_dir/libassimp.so.5" ] || { echo "$lib_dir has no libassimp.so.5" >&2; exit 2; }
echo "tests in $build_dir with $lib_dir/libassimp.so.5"
cd "$build_dir"
LD_LIBRARY_PATH="$lib_dir${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" ASSIMP_RETRO_EXPECT_BUILTIN=1 \
  ctest --output-on-failure --no-tests=error -j "$(nproc)" "$@"
