#!/usr/bin/env bash
# Builds Debian packages of Assimp 5.2.5 with the assimp-retro importers and
# the exporter patches, the Debian way: Debian's source (apt-get source
# assimp), the changes as a quilt series in debian/patches, a version suffix
# with a debian/changelog entry (dch), dpkg-buildpackage with Debian's own
# configuration (every format of Debian's libassimp5 stays in).
#   port/debian_package.sh            # -> port/work/deb/*.deb
#   port/debian_package.sh --install  # the same, then installs them (apt-get)
# Install (replaces Debian's libassimp5 and assimp-utils system-wide):
#   sudo apt-get install ./port/work/deb/libassimp5_*.deb ./port/work/deb/assimp-utils_*.deb
# Back to Debian's packages:
#   sudo apt-get install --allow-downgrades libassimp5=5.2.5~ds0-1+b1 assimp-utils=5.2.5~ds0-1+b1 libassimp-dev=5.2.5~ds0-1+b1
# Only the architecture-dependent packages are built (libassimp5,
# libassimp-dev, assimp-utils: dpkg-buildpackage -B); python3-pyassimp and the
# docs are architecture-independent, unchanged, and use the new libassimp.so.5.
set -euo pipefail
cd "$(dirname "$0")/.."
install=0
case "${1:-}" in
  --install) install=1 ;;
  "") ;;
  *) echo "usage: port/debian_package.sh [--install]" >&2; exit 2 ;;
esac
root=$(pwd)
work="$root/port/work/deb"
version_suffix="+retro1"
# Downloads (Debian's packages and source) stop here at once when they fail,
# saying what and how to fix it (tools/debian_fetch.sh).
. tools/debian_fetch.sh
# python3-pyassimp: Debian's Python binding, the program nobody here wrote
# that the package's checks load the corpus with (port/pyassimp_check.py,
# port/system_check.sh).
debian_install_missing devscripts quilt dpkg-dev fakeroot ccache python3 liblzma-dev libassimp-dev python3-pyassimp
debian_ensure_deb_src
debian_apt "the build dependencies of Debian's assimp" build-dep -y assimp

rm -rf "$work"
# Debian's Assimp at the version of the installed libassimp-dev, the one this
# package replaces.
fetch_deb_source assimp "$work" src
case "$(basename "$src")" in
  assimp-5.2.5*) ;;
  *) echo "error: $src is not Assimp 5.2.5, which this package is written for" >&2; exit 1 ;;
esac
cd "$work"
export QUILT_PATCHES=debian/patches QUILT_REFRESH_ARGS="-p ab --no-timestamps --no-index"

# 1. The importers: apply_to_assimp.py on a copy, the difference as one patch.
base=$(basename "$src")
cp -a "$src" "$work/a"
rm -rf "$work/a/.pc"
cp -a "$work/a" "$work/b"
python3 "$root/port/apply_to_assimp.py" "$work/b" >/dev/null
rm -f "$work/b/code/Common/.assimp-retro-files"
(cd "$work" && diff -urN --exclude=debian --exclude=assimp-retro a b > "$work/assimp-retro-importers.patch") || true
rm -rf "$work/a" "$work/b"
{
  echo "Description: LithTech ABC and LTB, Oni OBAN and Operation Flashpoint P3D importers (assimp-retro)"
  echo "Author: assimp-retro"
  echo "Forwarded: no"
  echo "---"
  cat "$work/assimp-retro-importers.patch"
} > "$work/importers.patch"

cd "$src"
quilt push -a -q >/dev/null 2>&1 || true   # dpkg-source applied Debian's series already
quilt import -P assimp-retro-importers.patch "$work/importers.patch" >/dev/null
quilt push -q >/dev/null
for patch in "$root"/port/patches/both/*.patch "$root"/port/patches/5.2.5-only/*.patch; do
  [ -e "$patch" ] || continue
  quilt import "$patch" >/dev/null && quilt push -q >/dev/null
done
quilt series
# The test fixtures (made by test/writers/) are binary, so no quilt patch can
# carry them: they go into the tree and debian/source/include-binaries, the
# way a 3.0 (quilt) source package holds binary files. Debian's rules build no
# tests (-DASSIMP_BUILD_TESTS=OFF, dh_auto_test skipped); with tests turned on,
# test/unit/utRetroImporters.cpp finds them in test/models/assimp-retro/.
mkdir -p test/models/assimp-retro
for fixture in "$root"/test/models/*/*; do
  cp "$fixture" test/models/assimp-retro/
  echo "test/models/assimp-retro/$(basename "$fixture")" >> debian/source/include-binaries
done

# The LTB importer links liblzma (apply_to_assimp.py): a build dependency, and
# a dependency of libassimp-dev, whose CMake package names liblzma.so.
sed -i -e 's/^ libdraco-dev,$/ libdraco-dev,\n liblzma-dev,/' debian/control
[ "$(grep -c '^ liblzma-dev,$' debian/control)" -eq 2 ] ||
  { echo "debian/control: liblzma-dev not added to Build-Depends and libassimp-dev's Depends" >&2; exit 1; }

# 2. The version: Debian's binary package is 5.2.5~ds0-1+b1; +retro1 sorts after it.
DEBEMAIL="assimp-retro <assimp-retro@localhost>" dch -v "5.2.5~ds0-1${version_suffix}" -D bookworm --force-distribution \
  "Add the assimp-retro importers (LithTech ABC and LTB, Oni OBAN, OFP P3D) and glTF2 exporter patches (cameras, morph weight animation, node extras, no image URIs for non-image texture files) and the binary FBX null-record fix."

# 3. Build (ccache when present; DEB_BUILD_OPTIONS from the caller win).
export DEB_BUILD_OPTIONS="${DEB_BUILD_OPTIONS:-parallel=$(nproc) nocheck}"
# The cache ccache uses now, named before the package build starts: debhelper
# gives the build a HOME of its own, where ccache would start an empty cache.
# Never $HOME/.ccache made up here: once that folder exists, ccache takes it
# (and its configuration) for every build on the machine, in place of the
# cache and settings the user has.
if command -v ccache >/dev/null 2>&1; then
  export CCACHE_DIR="${CCACHE_DIR:-$(ccache --get-config cache_dir)}"
fi
export PATH="/usr/lib/ccache:$PATH"
# Assimp's CMake asks git for the commit of its source tree and puts it into
# aiGetVersionRevision() and every exported file's generator string. The tree
# lies inside this project's clone, so git would answer with our commit:
# Debian builds from a tarball, where the answer is none (revision 0), and so
# must this package, or its outputs differ from Debian's in that string.
export GIT_CEILING_DIRECTORIES="$work"
start=$(date +%s)
dpkg-buildpackage -B -uc -us
echo "dpkg-buildpackage took $(( $(date +%s) - start )) s"
ls -1 "$work"/*.deb

# 4. Install: libassimp5 and assimp-utils, and libassimp-dev when Debian's is
# installed (it depends on libassimp5 of exactly its own version, so apt would
# otherwise remove it).
if [ "$install" -eq 1 ]; then
  debs=("$work"/libassimp5_*.deb "$work"/assimp-utils_*.deb)
  dpkg -s libassimp-dev >/dev/null 2>&1 && debs+=("$work"/libassimp-dev_*.deb)
  debian_apt "the packages ${debs[*]}" install -y --allow-downgrades "${debs[@]}"
  dpkg-query -W libassimp5 assimp-utils
fi
