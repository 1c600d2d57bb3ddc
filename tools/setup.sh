#!/usr/bin/env bash
# One command from a fresh Debian 12 machine to a converted model: installs
# what building and running the tool needs (tools/install_deps.sh --build),
# builds only the library and the assimp-retro tool, then converts the
# bundled samples (test/models) to glTF in out/. The tests, and the judges
# they use, are tools/run_tests.sh's.
set -euo pipefail
cd "$(dirname "$0")/.."
tools/install_deps.sh --build
# Without the tests: GoogleTest is not installed here (tools/run_tests.sh turns them on).
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DASSIMP_RETRO_BUILD_TESTS=OFF
cmake --build build -j "$(nproc)" --target assimp_retro assimp-retro
mkdir -p out
for sample in test/models/*/*; do
  name=$(basename "${sample%.*}")
  build/tools/assimp-retro export "$sample" "out/$name.gltf" -vds
  echo "converted $sample -> out/$name.gltf"
done
