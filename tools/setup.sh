#!/usr/bin/env bash
# One command from a fresh Debian 12 machine to a converted model:
# installs the dependencies, builds the library and the assimp-retro tool,
# then converts the bundled samples (test/models) to glTF in out/.
set -euo pipefail
cd "$(dirname "$0")/.."
tools/install_deps.sh
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo
cmake --build build
mkdir -p out
for sample in test/models/*/*; do
  name=$(basename "${sample%.*}")
  build/tools/assimp-retro export "$sample" "out/$name.gltf" -vds
  echo "converted $sample -> out/$name.gltf"
done
