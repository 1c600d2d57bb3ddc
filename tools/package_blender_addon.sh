#!/usr/bin/env bash
# Builds the Blender add-on zip (docs/blender.md):
#   tools/package_blender_addon.sh [--build DIR] [--out DIR] [--windows DIR]
# writes OUT/assimp_retro_blender-<version>.zip (default OUT: BUILD/blender-addon,
# BUILD: build), which installs with Blender's Edit > Preferences > Add-ons >
# Install. It holds integrations/blender/assimp_retro_blender/ with bl_info's
# version set from CMakeLists.txt, and the tools:
# - bin/linux-x86_64/assimp-retro, self-contained: lib/ beside it holds
#   libassimp_retro, Debian's libassimp.so.5 and the other libraries they load
#   (draco, minizip, zlib), with the run path $ORIGIN/lib (the tool) and
#   $ORIGIN (the libraries), set with patchelf. Left to the system: glibc
#   (libc, libm, the dynamic loader must match each other) and the C++ runtime
#   (libstdc++, libgcc_s): the binaries need GLIBCXX_3.4.29 (GCC 11's), which
#   every distribution with glibc 2.34 has, while Debian 12's libstdc++ itself
#   would need glibc 2.36 (arc4random) and shut out Ubuntu 22.04 and RHEL 9.
#   The minimum glibc and libstdc++ versions are printed and written to
#   bin/linux-x86_64/REQUIRES. Debian's copyright file of each bundled
#   library's package is in bin/linux-x86_64/licenses/.
# - bin/windows-x86_64/: with --windows DIR, the assimp-retro.exe and the DLLs
#   of DIR (the Windows build, issue 21).
# Needs patchelf, objdump and strip (binutils), python3; builds the tool
# (cmake --build BUILD --target assimp-retro) first.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=$root/build
out=
windows=
while [ $# -gt 0 ]; do
  case $1 in
    --build) build=$(cd "$2" && pwd); shift 2 ;;
    --out) mkdir -p "$2"; out=$(cd "$2" && pwd); shift 2 ;;
    --windows) windows=$(cd "$2" && pwd); shift 2 ;;
    *) echo "usage: $0 [--build DIR] [--out DIR] [--windows DIR]" >&2; exit 1 ;;
  esac
done
out=${out:-$build/blender-addon}
for program in patchelf objdump strip python3; do
  command -v "$program" >/dev/null || { echo "package_blender_addon: $program is missing (tools/install_deps.sh)" >&2; exit 1; }
done

version=$(sed -nE 's/^project\(assimp_retro VERSION ([0-9]+\.[0-9]+\.[0-9]+).*/\1/p' "$root/CMakeLists.txt")
[ -n "$version" ] || { echo "package_blender_addon: no version in CMakeLists.txt" >&2; exit 1; }

if [ ! -f "$build/CMakeCache.txt" ]; then
  cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo
fi
cmake --build "$build" --target assimp-retro >/dev/null

name=assimp_retro_blender
stage=$out/stage
rm -rf "$stage"
mkdir -p "$stage/$name"
cp "$root"/integrations/blender/$name/*.py "$stage/$name/"
# bl_info's version from the project's.
tuple=$(echo "$version" | sed 's/\./, /g')
sed -i -E "s/^    \"version\": \([0-9, ]+\),/    \"version\": ($tuple),/" "$stage/$name/__init__.py"
grep -q "\"version\": ($tuple)," "$stage/$name/__init__.py" ||
  { echo "package_blender_addon: could not set bl_info's version" >&2; exit 1; }

# ---- the Linux tool and the libraries it loads ----------------------------------
linux=$stage/$name/bin/linux-x86_64
mkdir -p "$linux/lib" "$linux/licenses"
cp "$root/LICENSE" "$stage/$name/LICENSE.txt" # the add-on's and the tool's own licence
cp "$build/tools/assimp-retro" "$linux/"
# glibc and the C++ runtime stay the system's (see above).
system='^(linux-vdso|ld-linux|libc|libm|libpthread|libdl|librt|libutil|libresolv|libmvec|libstdc\+\+|libgcc_s)[.-]'
ldd "$build/tools/assimp-retro" | awk '$2 == "=>" && $3 ~ /^\// { print $1, $3 }' |
  while read -r soname path; do
    if [[ $soname =~ $system ]]; then
      continue
    fi
    cp -L "$path" "$linux/lib/$soname"
    # Debian's copyright file of the library's package (the build's own library has none).
    package=$( (dpkg -S "$path" || dpkg -S "$(readlink -f "$path")") 2>/dev/null | head -n 1 | cut -d: -f1 || true)
    if [ -n "$package" ] && [ -f "/usr/share/doc/$package/copyright" ]; then
      cp "/usr/share/doc/$package/copyright" "$linux/licenses/$package.copyright"
    fi
  done
[ -f "$linux/lib/libassimp.so.5" ] || { echo "package_blender_addon: libassimp.so.5 not found by ldd" >&2; exit 1; }
chmod 644 "$linux"/lib/*
strip --strip-debug "$linux/assimp-retro" "$linux"/lib/*
patchelf --set-rpath '$ORIGIN/lib' "$linux/assimp-retro"
for library in "$linux"/lib/*; do
  patchelf --set-rpath '$ORIGIN' "$library"
done
needs() { # the highest version of a symbol set (GLIBC, GLIBCXX) the binaries ask for
  objdump -T "$linux/assimp-retro" "$linux"/lib/* | grep -oE "\($1_[0-9]+\.[0-9]+(\.[0-9]+)?\)" |
    tr -d '()' | sed "s/^$1_//" | sort -V | tail -n 1
}
glibc=$(needs GLIBC)
glibcxx=$(needs GLIBCXX)
printf 'glibc %s\nlibstdc++ GLIBCXX_%s\n' "$glibc" "$glibcxx" > "$linux/REQUIRES"

# ---- the Windows tool, when there is one ------------------------------------
if [ -n "$windows" ]; then
  [ -f "$windows/assimp-retro.exe" ] || { echo "package_blender_addon: no assimp-retro.exe in $windows" >&2; exit 1; }
  mkdir -p "$stage/$name/bin/windows-x86_64"
  cp "$windows/assimp-retro.exe" "$stage/$name/bin/windows-x86_64/"
  find "$windows" -maxdepth 1 -iname '*.dll' -exec cp {} "$stage/$name/bin/windows-x86_64/" \;
fi

zip=$out/$name-$version.zip
rm -f "$zip"
python3 - "$stage" "$name" "$zip" <<'EOF'
import os, sys, zipfile
stage, name, target = sys.argv[1:]
with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as archive:
    for folder, dirs, files in os.walk(os.path.join(stage, name)):
        dirs.sort()
        for file in sorted(files):
            path = os.path.join(folder, file)
            archive.write(path, os.path.relpath(path, stage))
EOF
rm -rf "$stage"
echo "wrote $zip ($(du -k "$zip" | cut -f1) KiB; the Linux tool needs glibc $glibc and libstdc++ with GLIBCXX_$glibcxx)"
