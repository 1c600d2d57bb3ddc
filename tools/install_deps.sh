#!/usr/bin/env bash
# Installs what assimp-retro needs on Debian 12, from Debian's packages and npm:
# the compiler and CMake, Assimp 5.2.5 (library, headers, the stock tool),
# GoogleTest, zlib, nlohmann-json, stb (stb_dxt.h), rapidjson, pkg-config, Node.js and the Khronos glTF
# validator (npm package gltf-validator, into tools/gltf-validator/node_modules).
# Safe to run again: it installs only what is missing.
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(cmake ninja-build g++ pkg-config libassimp-dev assimp-utils libgtest-dev libgmock-dev
          nlohmann-json3-dev zlib1g-dev liblzma-dev libstb-dev rapidjson-dev)
# Python 3 runs the documentation check (tools/check_docs.py, a ctest test) and port/*.py.
packages+=(python3)
# Real clients as judges of the outputs (tools/check_outputs.sh; Blender's glTF importer needs
# numpy, which blender only recommends; f3d and xvfb for screenshots).
packages+=(blender python3-numpy f3d xvfb xauth)
# patchelf: the run path of the tool bundled in the Blender add-on (tools/package_blender_addon.sh).
packages+=(patchelf)
command -v node >/dev/null 2>&1 || packages+=(nodejs)
command -v npm >/dev/null 2>&1 || packages+=(npm)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  as_root=()
  [ "$(id -u)" -eq 0 ] || as_root=(sudo)
  echo "Installing Debian packages: ${missing[*]}"
  "${as_root[@]}" apt-get update -qq
  # env after sudo: sudo resets the environment.
  "${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

if [ ! -d tools/gltf-validator/node_modules/gltf-validator ]; then
  echo "Installing the Khronos glTF validator (npm gltf-validator)"
  npm ci --prefix tools/gltf-validator --no-audit --no-fund --loglevel=error
fi
