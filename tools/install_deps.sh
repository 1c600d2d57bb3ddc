#!/usr/bin/env bash
# Installs what assimp-retro needs on Debian 12, from Debian's packages (and
# the Khronos glTF validator from npm), in three sets:
#   --build   building and running the library and the tool: the compiler,
#             CMake, Ninja, pkg-config, Assimp 5.2.5, zlib, liblzma,
#             nlohmann-json, stb, rapidjson (tools/setup.sh);
#   --tests   that, plus what the test suite builds and runs on: GoogleTest,
#             Python 3, Assimp's stock tool (tools/run_tests.sh --quick);
#   --judges  (also the default, with no option) that, plus the real clients
#             the full test run uses as judges of the outputs: Blender (with
#             numpy), f3d, xvfb, patchelf, Node.js, the Khronos glTF
#             validator (npm gltf-validator, into tools/gltf-validator/node_modules),
#             Debian's chromium, and three.js with playwright-core (npm, into
#             tools/viewer/node_modules: `assimp-retro view` serves three.js,
#             the browser tests drive chromium) (tools/run_tests.sh).
# Safe to run again: it installs only what is missing.
set -euo pipefail
cd "$(dirname "$0")/.."

level=${1:---judges}
case "$level" in
  --build | --tests | --judges) ;;
  *)
    echo "usage: tools/install_deps.sh [--build | --tests | --judges]" >&2
    exit 2
    ;;
esac

packages=(cmake ninja-build g++ pkg-config libassimp-dev zlib1g-dev liblzma-dev
          nlohmann-json3-dev libstb-dev rapidjson-dev)
if [ "$level" != --build ]; then
  # Python 3 runs the documentation check (tools/check_docs.py, a ctest test) and port/*.py.
  packages+=(libgtest-dev libgmock-dev python3 assimp-utils)
fi
if [ "$level" = --judges ]; then
  # Real clients as judges of the outputs (tools/check_outputs.sh; Blender's glTF importer needs
  # numpy, which blender only recommends; f3d and xvfb for screenshots).
  packages+=(blender python3-numpy f3d xvfb xauth)
  # patchelf: the run path of the tool bundled in the Blender add-on (tools/package_blender_addon.sh).
  packages+=(patchelf)
  # The gallery and viewer tests run in a real browser (test/browser).
  packages+=(chromium)
  command -v node >/dev/null 2>&1 || packages+=(nodejs)
  command -v npm >/dev/null 2>&1 || packages+=(npm)
fi

# A download that fails stops here, saying what and how to fix it (tools/debian_fetch.sh).
. tools/debian_fetch.sh
debian_install_missing "${packages[@]}"

if [ "$level" = --judges ] && [ ! -d tools/gltf-validator/node_modules/gltf-validator ]; then
  echo "Installing the Khronos glTF validator (npm gltf-validator)"
  if ! npm ci --prefix tools/gltf-validator --no-audit --no-fund --loglevel=error; then
    rm -rf tools/gltf-validator/node_modules
    echo "error: could not fetch the npm package gltf-validator (npm ci --prefix tools/gltf-validator, above)" >&2
    echo "  fix: check that the npm registry is reachable (npm ping), then this command again" >&2
    exit 1
  fi
fi
if [ "$level" = --judges ] && [ ! -d tools/viewer/node_modules/three ]; then
  echo "Installing three.js and playwright-core (npm, tools/viewer)"
  npm ci --prefix tools/viewer --no-audit --no-fund --loglevel=error
fi
