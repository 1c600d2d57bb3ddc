#!/usr/bin/env bash
# Applies the exporter patches to an Assimp source tree: port/patches/both/*
# to every tree, port/patches/5.2.5-only/* to a 5.2 tree (upstream main has
# those fixes), port/patches/main-only/* to any other tree. Applied patches are listed in SRC/.assimp-retro-patches and
# skipped the next time; a patch that does not apply is an error. --check: only check that they apply (dry run).
#   port/apply_patches.sh [--check] ASSIMP_SOURCE_DIR
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
check=0
[ "${1:-}" = --check ] && { check=1; shift; }
src=${1:?usage: apply_patches.sh [--check] ASSIMP_SOURCE_DIR}
version=$(sed -n 's/^ *[Pp][Rr][Oo][Jj][Ee][Cc][Tt] *( *Assimp  *VERSION  *\([0-9.]*\).*/\1/p' "$src/CMakeLists.txt" | head -n 1)
if [ "$check" -eq 1 ]; then
  # Apply for real to a copy of the files the patches touch (they build on each other).
  copy=$(mktemp -d)
  trap 'rm -rf "$copy"' EXIT
  (cd "$src" && cp -a --parents code/AssetLib/glTF2 code/AssetLib/FBX code/AssetLib/Collada test/CMakeLists.txt test/unit "$copy/")
  src=$copy
fi
patches=("$here"/patches/both/*.patch)
case "$version" in
  5.2.*) patches+=("$here"/patches/5.2.5-only/*.patch) ;;
  *) patches+=("$here"/patches/main-only/*.patch) ;;
esac
for patch in "${patches[@]}"; do
  name=$(basename "$patch")
  if grep -qxF "$name" "$src/.assimp-retro-patches" 2>/dev/null; then
    echo "$name: already applied"
  else
    patch -d "$src" -p1 -s -f --no-backup-if-mismatch < "$patch" || { echo "$name: does not apply to $src (Assimp $version)" >&2; exit 1; }
    echo "$name" >> "$src/.assimp-retro-patches"
    echo "$name: $([ "$check" -eq 1 ] && echo applies || echo applied) (Assimp $version)"
  fi
done
